//! Korf's 100 random 15-puzzle instances (`korf100.txt` in the data folder).

use replan::puzzle::{SlidingPuzzle, TileBoard};

/// One line of `korf100.txt`: id, optimal length, tiles (blank-first goal).
pub struct Instance {
    pub id: u32,
    pub optimal: u32,
    pub start: TileBoard,
}

/// The instances, or `None` (after a notice naming `test`) when the data file is absent. A
/// file that exists but cannot be read or parsed fails the test.
pub fn instances(test: &str, puzzle: &SlidingPuzzle) -> Option<Vec<Instance>> {
    let path = super::data_path(test, "korf100.txt")?;
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    let instances: Vec<Instance> = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 18, "bad line in korf100.txt: {line}");
            Instance {
                id: fields[0].parse().expect("instance id"),
                optimal: fields[1].parse().expect("optimal length"),
                start: puzzle
                    .parse(&fields[2..].join(" "))
                    .expect("instance tiles"),
            }
        })
        .collect();
    assert_eq!(
        instances.len(),
        100,
        "korf100.txt should hold 100 instances"
    );
    Some(instances)
}
