//! Sliding-tile puzzles: the whole 8-puzzle state space against OEIS A089473, every planner
//! and heuristic against breadth-first search on random boards, and the errors for
//! unsolvable and malformed input.

use std::collections::HashSet;
use std::sync::OnceLock;

use proptest::prelude::*;
use replan::puzzle::{
    AdditivePdb, DatabaseError, GoalKind, LinearConflict, ManhattanSum, Misplaced, Move,
    PatternDatabase, PuzzleError, SlidingPuzzle, TileBoard,
};
use replan::{
    AStar, Bfs, BidirectionalBfs, Budgeted, Graph, Heuristic, IdaStar, IncrementalHeuristic,
    IndexedGraph, PlanError, Planner,
};

use crate::common;

/// States of the 8-puzzle at each distance 0..=31 from a goal with the blank in a corner
/// (OEIS A089473).
const A089473: [u64; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
    16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

/// The number of states at each distance from `goal`, by a plain layered BFS over
/// [`Graph::successors`]: the oracle, independent of the planners.
fn distance_histogram(puzzle: &SlidingPuzzle, goal: TileBoard) -> Vec<u64> {
    let mut seen = HashSet::from([goal]);
    let mut layer = vec![goal];
    let mut histogram = Vec::new();
    while !layer.is_empty() {
        histogram.push(layer.len() as u64);
        let mut next = Vec::new();
        for &board in &layer {
            puzzle.successors(board, |child, _| {
                if seen.insert(child) {
                    next.push(child);
                }
            });
        }
        layer = next;
    }
    histogram
}

#[test]
fn eight_puzzle_state_space_matches_a089473_for_both_goals() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    for kind in [GoalKind::BlankLast, GoalKind::BlankFirst] {
        let histogram = distance_histogram(&puzzle, puzzle.goal_of(kind));
        assert_eq!(histogram, A089473, "{kind:?}");
        assert_eq!(histogram.iter().sum::<u64>(), 181_440);
    }
}

#[test]
fn eight_puzzle_state_space_matches_the_data_file() {
    let Some(path) = common::data_path(
        "eight_puzzle_state_space_matches_the_data_file",
        "8puzzle_depths.txt",
    ) else {
        return;
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    let counts: Vec<u64> = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(counts, A089473);
}

#[test]
fn bidirectional_bfs_stops_at_the_first_meeting_on_puzzles() {
    // Every slide costs one, so the default search has no meeting edge to choose by cost
    // and must stop where the explicit first-meeting search stops.
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let goal = puzzle.goal();
    for tiles in ["6 4 7 8 5 0 3 2 1", "8 6 7 2 5 4 3 0 1"] {
        let start = puzzle.parse(tiles).unwrap();
        let default = BidirectionalBfs::new().plan(&puzzle, start, goal).unwrap();
        let first = BidirectionalBfs::new()
            .with_first_meeting()
            .plan(&puzzle, start, goal)
            .unwrap();
        assert_eq!(default.len(), 31);
        assert_eq!(default.stats.expanded, first.stats.expanded);
        assert_eq!(default.nodes, first.nodes);
    }
}

#[test]
fn bfs_from_the_goal_reaches_exactly_181440_states() {
    // An unreachable target makes the planner exhaust the goal's half of the space.
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let ranked = puzzle.ranked().unwrap();
    let goal = puzzle.goal();
    let other_half = puzzle.parse("2 1 3 4 5 6 7 8 0").unwrap();
    let mut bfs = Bfs::new();
    assert_eq!(bfs.plan(&ranked, goal, other_half), Err(PlanError::NoPath));
    assert_eq!(bfs.last_stats().expanded, 181_440);
    let mut hashed = Bfs::new();
    assert_eq!(
        hashed.plan(&puzzle, goal, other_half),
        Err(PlanError::NoPath)
    );
    assert_eq!(hashed.last_stats().expanded, 181_440);
}

#[test]
fn ranks_number_every_board_of_every_rankable_size_once() {
    for (width, height) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        let ranked = SlidingPuzzle::new(width, height).unwrap().ranked().unwrap();
        for index in 0..ranked.node_bound() {
            let board = ranked.node(index);
            assert_eq!((board.width(), board.height()), (width, height));
            assert_eq!(ranked.index(board), index, "{width}x{height}: {board}");
        }
    }
}

#[test]
fn the_two_hardest_eight_puzzles_take_31_moves_with_every_planner() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let ranked = puzzle.ranked().unwrap();
    for (kind, starts) in [
        (
            GoalKind::BlankFirst,
            ["8 0 6 5 4 7 2 3 1", "8 7 6 0 4 1 2 5 3"],
        ),
        (
            GoalKind::BlankLast,
            ["6 4 7 8 5 0 3 2 1", "8 6 7 2 5 4 3 0 1"],
        ),
    ] {
        let goal = puzzle.goal_of(kind);
        for text in starts {
            let start = puzzle.parse(text).unwrap();
            let lengths = [
                ranked.solve(&mut Bfs::new(), start, goal).unwrap().len(),
                ranked
                    .solve(&mut BidirectionalBfs::new(), start, goal)
                    .unwrap()
                    .len(),
                ranked
                    .solve(&mut AStar::new(ManhattanSum::new(goal)), start, goal)
                    .unwrap()
                    .len(),
                puzzle
                    .solve(
                        &mut IdaStar::incremental(LinearConflict::new(goal)),
                        start,
                        goal,
                    )
                    .unwrap()
                    .len(),
            ];
            assert_eq!(lengths, [31; 4], "{text}");
        }
    }
}

/// A board size and goal, and the pattern databases for them.
type PdbCache = Vec<((usize, usize, GoalKind), AdditivePdb)>;

/// One pattern database per board size and goal, built once for all proptest cases.
fn pdb(width: usize, height: usize, kind: GoalKind) -> &'static AdditivePdb {
    static CACHE: OnceLock<PdbCache> = OnceLock::new();
    let all = CACHE.get_or_init(|| {
        let mut all = Vec::new();
        for (w, h) in [(3, 3), (2, 4), (2, 5), (5, 2)] {
            for kind in [GoalKind::BlankLast, GoalKind::BlankFirst] {
                let puzzle = SlidingPuzzle::new(w, h).unwrap();
                let goal = puzzle.goal_of(kind);
                let patterns = AdditivePdb::default_patterns(goal);
                let patterns: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
                all.push((
                    (w, h, kind),
                    AdditivePdb::build(&puzzle, goal, &patterns).unwrap(),
                ));
            }
        }
        all
    });
    &all.iter()
        .find(|(key, _)| *key == (width, height, kind))
        .unwrap()
        .1
}

/// A random board of the puzzle, made solvable by swapping two tiles if need be.
fn solvable(puzzle: &SlidingPuzzle, goal: TileBoard, mut tiles: Vec<u8>) -> TileBoard {
    let board = puzzle.board(&tiles).unwrap();
    if puzzle.is_solvable(board, goal) {
        return board;
    }
    let tiles_only: Vec<usize> = (0..tiles.len())
        .filter(|&c| tiles[c] != 0)
        .take(2)
        .collect();
    tiles.swap(tiles_only[0], tiles_only[1]);
    let board = puzzle.board(&tiles).unwrap();
    assert!(puzzle.is_solvable(board, goal));
    board
}

fn board_strategy(cells: u8) -> impl Strategy<Value = (Vec<u8>, bool)> {
    (
        Just((0..cells).collect::<Vec<u8>>()).prop_shuffle(),
        any::<bool>(),
    )
}

/// Checks a heuristic against the BFS distance of `start` and of all its neighbours along a
/// solution: admissible, consistent, and updated incrementally to the same value.
fn check_heuristic<H>(
    name: &str,
    puzzle: &SlidingPuzzle,
    h: &H,
    path: &[TileBoard],
    goal: TileBoard,
) where
    H: Heuristic<TileBoard, u32> + IncrementalHeuristic<TileBoard, u32>,
{
    let distance = (path.len() - 1) as u32;
    for (step, &board) in path.iter().enumerate() {
        let remaining = distance - step as u32;
        let value = h.estimate(board, goal);
        assert!(
            value <= remaining,
            "{name} overestimates {board:?}: {value} > {remaining}"
        );
        let (first, state) = h.first(board, goal);
        assert_eq!(first, value, "{name}: first() differs from estimate()");
        puzzle.successors(board, |child, _| {
            let child_value = h.estimate(child, goal);
            assert!(
                value.abs_diff(child_value) <= 1,
                "{name} is inconsistent: {value} then {child_value}"
            );
            let (updated, _) = h.next(board, value, state, child, goal);
            assert_eq!(updated, child_value, "{name}: incremental update differs");
            assert_eq!(
                h.estimate_child(board, value, child, goal),
                child_value,
                "{name}: estimate_child differs"
            );
        });
    }
    assert_eq!(h.estimate(goal, goal), 0, "{name} is not zero at the goal");
}

fn check_board(width: usize, height: usize, tiles: Vec<u8>, blank_first: bool) {
    let puzzle = SlidingPuzzle::new(width, height).unwrap();
    let kind = if blank_first {
        GoalKind::BlankFirst
    } else {
        GoalKind::BlankLast
    };
    let goal = puzzle.goal_of(kind);
    let start = solvable(&puzzle, goal, tiles);

    let oracle = puzzle.solve(&mut Bfs::new(), start, goal).unwrap();
    let length = oracle.len();
    let mut lengths = vec![
        (
            "bidirectional",
            puzzle
                .solve(&mut BidirectionalBfs::new(), start, goal)
                .unwrap(),
        ),
        (
            "IDA* manhattan through estimate_child",
            puzzle
                .solve(&mut IdaStar::new(ManhattanSum::new(goal)), start, goal)
                .unwrap(),
        ),
        (
            "A* misplaced",
            puzzle
                .solve(&mut AStar::new(Misplaced::new(goal)), start, goal)
                .unwrap(),
        ),
        (
            "A* manhattan",
            puzzle
                .solve(&mut AStar::new(ManhattanSum::new(goal)), start, goal)
                .unwrap(),
        ),
        (
            "A* linear conflict",
            puzzle
                .solve(&mut AStar::new(LinearConflict::new(goal)), start, goal)
                .unwrap(),
        ),
        (
            "A* pdb",
            puzzle
                .solve(
                    &mut AStar::new(pdb(width, height, kind).clone()),
                    start,
                    goal,
                )
                .unwrap(),
        ),
        (
            "IDA* linear conflict",
            puzzle
                .solve(
                    &mut IdaStar::incremental(LinearConflict::new(goal)),
                    start,
                    goal,
                )
                .unwrap(),
        ),
        (
            "IDA* pdb",
            puzzle
                .solve(
                    &mut IdaStar::incremental(pdb(width, height, kind)),
                    start,
                    goal,
                )
                .unwrap(),
        ),
    ];
    if let Ok(ranked) = puzzle.ranked() {
        lengths.push((
            "ranked A* manhattan",
            ranked
                .solve(&mut AStar::new(ManhattanSum::new(goal)), start, goal)
                .unwrap(),
        ));
        lengths.push((
            "ranked bidirectional",
            ranked
                .solve(&mut BidirectionalBfs::new(), start, goal)
                .unwrap(),
        ));
        lengths.push((
            "IDA* manhattan",
            puzzle
                .solve(
                    &mut IdaStar::incremental(ManhattanSum::new(goal)),
                    start,
                    goal,
                )
                .unwrap(),
        ));
    }
    for (name, solution) in &lengths {
        assert_eq!(solution.len(), length, "{name} on {start:?}");
        assert_eq!(
            start.apply_all(&solution.moves),
            Some(goal),
            "{name} moves do not replay"
        );
        assert_eq!(solution.boards.first(), Some(&start));
        assert_eq!(solution.boards.last(), Some(&goal));
    }

    check_heuristic(
        "misplaced",
        &puzzle,
        &Misplaced::new(goal),
        &oracle.boards,
        goal,
    );
    check_heuristic(
        "manhattan",
        &puzzle,
        &ManhattanSum::new(goal),
        &oracle.boards,
        goal,
    );
    check_heuristic(
        "linear conflict",
        &puzzle,
        &LinearConflict::new(goal),
        &oracle.boards,
        goal,
    );
    check_heuristic(
        "pdb",
        &puzzle,
        pdb(width, height, kind),
        &oracle.boards,
        goal,
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_planner_matches_bfs_on_3x3((tiles, blank_first) in board_strategy(9)) {
        check_board(3, 3, tiles, blank_first);
    }

    #[test]
    fn every_planner_matches_bfs_on_2x4((tiles, blank_first) in board_strategy(8)) {
        check_board(2, 4, tiles, blank_first);
    }
}

proptest! {
    // 2x5 has 1.8 million states and the hashed BFS oracle visits most of them for a
    // random board (about a second each, and as long again for the planners): few cases
    // keep the suite fast, and the smaller boards above take many.
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn every_planner_matches_bfs_on_2x5((tiles, blank_first) in board_strategy(10)) {
        check_board(2, 5, tiles, blank_first);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn every_planner_matches_bfs_on_5x2((tiles, blank_first) in board_strategy(10)) {
        check_board(5, 2, tiles, blank_first);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn solvability_agrees_with_the_inversion_rule_on_4x4((tiles, _) in board_strategy(16)) {
        // The textbook rule for the blank-last goal of an even-width board: the number of
        // inversions plus the blank's row counted from the bottom (1-based) is odd.
        let puzzle = SlidingPuzzle::new(4, 4).unwrap();
        let board = puzzle.board(&tiles).unwrap();
        let numbered: Vec<u8> = tiles.iter().copied().filter(|&t| t != 0).collect();
        let inversions = (0..numbered.len())
            .flat_map(|i| (i + 1..numbered.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| numbered[i] > numbered[j])
            .count();
        let row_from_bottom = 4 - board.blank() / 4;
        prop_assert_eq!(puzzle.is_solvable(board, puzzle.goal()), (inversions + row_from_bottom) % 2 == 1);
    }

    #[test]
    fn display_parses_back((tiles, _) in board_strategy(12)) {
        let puzzle = SlidingPuzzle::new(4, 3).unwrap();
        let board = puzzle.board(&tiles).unwrap();
        prop_assert_eq!(board.to_string().parse::<TileBoard>().unwrap(), board);
        prop_assert_eq!(puzzle.parse(&board.to_string()).unwrap(), board);
    }

    #[test]
    fn ranks_are_a_bijection_on_3x3((tiles, _) in board_strategy(9)) {
        use replan::IndexedGraph;
        let puzzle = SlidingPuzzle::new(3, 3).unwrap();
        let ranked = puzzle.ranked().unwrap();
        let board = puzzle.board(&tiles).unwrap();
        let rank = ranked.index(board);
        prop_assert!(rank < ranked.node_bound());
        prop_assert_eq!(ranked.node(rank), board);
    }
}

#[test]
fn korf_goal_fifteen_puzzle_with_a_custom_goal_permutation() {
    // Any permutation can be the goal: here the 3x3 board read column by column.
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let goal = puzzle.parse("1 4 7\n2 5 8\n3 6 0").unwrap();
    let start = puzzle.parse("1 4 7\n2 5 8\n3 0 6").unwrap();
    let solution = puzzle
        .solve(
            &mut IdaStar::incremental(ManhattanSum::new(goal)),
            start,
            goal,
        )
        .unwrap();
    assert_eq!(solution.moves, [Move::Right]);
    // A heuristic built for another goal still answers correctly for this one.
    let other = ManhattanSum::new(puzzle.goal());
    assert_eq!(other.estimate(start, goal), 1);
}

// --- unsolvable input ---

#[test]
fn unsolvable_eight_puzzle_is_refused_without_searching() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let start = puzzle.parse("1 2 3\n4 5 6\n8 7 0").unwrap();
    // IDA* would never stop on an unsolvable instance; `solve` must not start it.
    let mut ida = IdaStar::incremental(ManhattanSum::new(puzzle.goal()));
    assert_eq!(
        puzzle.solve(&mut ida, start, puzzle.goal()),
        Err(PuzzleError::Unsolvable)
    );
    assert_eq!(ida.last_stats().expanded, 0);
}

#[test]
fn unsolvable_fifteen_puzzle_sam_loyd() {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let start = puzzle
        .parse("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0")
        .unwrap();
    let mut ida = IdaStar::incremental(ManhattanSum::new(puzzle.goal()));
    assert_eq!(
        puzzle.solve(&mut ida, start, puzzle.goal()),
        Err(PuzzleError::Unsolvable)
    );
}

#[test]
fn unsolvable_on_an_even_width_board_depends_on_the_blank_row() {
    // Moving the blank one row changes the parity: the same tile order is solvable with the
    // blank in one row and not in the next.
    let puzzle = SlidingPuzzle::new(2, 4).unwrap();
    let goal = puzzle.goal();
    let solvable = puzzle.parse("1 2\n3 4\n5 6\n7 0").unwrap();
    let moved_tile_order_kept = puzzle.parse("1 2\n3 4\n5 0\n6 7").unwrap();
    assert!(puzzle.is_solvable(solvable, goal));
    assert!(!puzzle.is_solvable(moved_tile_order_kept, goal));
    assert_eq!(
        puzzle.solve(&mut BidirectionalBfs::new(), moved_tile_order_kept, goal),
        Err(PuzzleError::Unsolvable)
    );
}

#[test]
fn unsolvable_against_a_blank_first_goal() {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let goal = puzzle.goal_of(GoalKind::BlankFirst);
    let start = puzzle
        .parse("0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15")
        .unwrap();
    assert_eq!(
        puzzle.check_instance(start, goal),
        Err(PuzzleError::Unsolvable)
    );
}

#[test]
fn boards_of_another_size_are_refused() {
    let small = SlidingPuzzle::new(3, 3).unwrap();
    let large = SlidingPuzzle::new(4, 4).unwrap();
    let result = small.solve(&mut Bfs::new(), large.goal(), small.goal());
    assert_eq!(
        result,
        Err(PuzzleError::SizeMismatch {
            width: 3,
            height: 3,
            found_width: 4,
            found_height: 4
        })
    );
    // The graph refuses it too when a planner is called directly.
    assert!(matches!(
        Bfs::new().plan(&small, large.goal(), small.goal()),
        Err(PlanError::InvalidStart { .. })
    ));
}

// --- malformed input ---

#[test]
fn malformed_wrong_tile_count() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    assert_eq!(
        puzzle.parse("1 2 3 4 5 6 7 8 0 9"),
        Err(PuzzleError::WrongTileCount {
            width: 3,
            height: 3,
            expected: 9,
            found: 10
        })
    );
    assert_eq!(
        puzzle.parse("1 2 3"),
        Err(PuzzleError::WrongTileCount {
            width: 3,
            height: 3,
            expected: 9,
            found: 3
        })
    );
    assert_eq!(
        puzzle.parse(""),
        Err(PuzzleError::WrongTileCount {
            width: 3,
            height: 3,
            expected: 9,
            found: 0
        })
    );
}

#[test]
fn malformed_duplicate_tile() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    assert_eq!(
        puzzle.parse("1 2 3 4 5 5 7 8 0"),
        Err(PuzzleError::DuplicateTile { tile: 5 })
    );
    assert_eq!(
        puzzle.board(&[0, 0, 1, 2, 3, 4, 5, 6, 7]),
        Err(PuzzleError::DuplicateTile { tile: 0 })
    );
}

#[test]
fn malformed_missing_tile() {
    let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    assert_eq!(
        puzzle.parse("1 2 0"),
        Err(PuzzleError::MissingTile { tile: 3 })
    );
    assert_eq!(
        puzzle.parse("1,2,3").unwrap_err().to_string(),
        "tile 0 is missing"
    );
}

#[test]
fn malformed_value_out_of_range() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    assert_eq!(
        puzzle.parse("1 2 3 4 5 6 7 8 9"),
        Err(PuzzleError::OutOfRange { value: 9, max: 8 })
    );
    assert_eq!(
        puzzle.parse("1 2 3 4 5 6 7 -8 0"),
        Err(PuzzleError::OutOfRange { value: -8, max: 8 })
    );
    assert_eq!(
        puzzle.parse("1 2 3 4 5 6 7 99999999999999999999 0"),
        Err(PuzzleError::OutOfRange {
            value: 99_999_999_999_999_999_999,
            max: 8
        })
    );
}

#[test]
fn malformed_not_a_number() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    assert_eq!(
        puzzle.parse("1 2 3 4 five 6 7 8 0"),
        Err(PuzzleError::NotANumber {
            token: "five".into()
        })
    );
    assert_eq!(
        puzzle.parse("1 2 3 4 5 6 7 8 _"),
        Err(PuzzleError::NotANumber { token: "_".into() })
    );
}

#[test]
fn malformed_ragged_rows() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    assert_eq!(
        puzzle.parse("1 2 3\n4 5\n6 7 8 0"),
        Err(PuzzleError::RaggedRow {
            row: 2,
            found: 2,
            expected: 3
        })
    );
    assert_eq!(
        "1 2 3\n4 5 6 7\n8 0 9".parse::<TileBoard>(),
        Err(PuzzleError::RaggedRow {
            row: 2,
            found: 4,
            expected: 3
        })
    );
}

#[test]
fn malformed_bad_size() {
    assert_eq!(
        SlidingPuzzle::new(1, 8),
        Err(PuzzleError::BadSize {
            width: 1,
            height: 8
        })
    );
    assert_eq!(
        SlidingPuzzle::new(3, 6),
        Err(PuzzleError::BadSize {
            width: 3,
            height: 6
        })
    );
    assert_eq!(
        "1 2 3 4 5 0".parse::<TileBoard>(),
        Err(PuzzleError::UnknownSize { found: 6 })
    );
    assert_eq!(
        "1 0".parse::<TileBoard>(),
        Err(PuzzleError::UnknownSize { found: 2 })
    );
    assert_eq!(
        "1\n0".parse::<TileBoard>(),
        Err(PuzzleError::BadSize {
            width: 1,
            height: 2
        })
    );
}

#[test]
fn parsing_accepts_rows_commas_and_spaces() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let expected = puzzle.goal();
    for text in [
        "1 2 3 4 5 6 7 8 0",
        "1,2,3,4,5,6,7,8,0",
        "1, 2, 3,\n4, 5, 6,\n7, 8, 0\n",
        "  1 2 3\n\n4 5 6\n7 8 0  ",
    ] {
        assert_eq!(puzzle.parse(text).unwrap(), expected, "{text:?}");
    }
    assert_eq!(expected.to_string(), "1 2 3\n4 5 6\n7 8 0");
    let fifteen = SlidingPuzzle::new(4, 4).unwrap().goal();
    assert_eq!(
        fifteen.to_string(),
        " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  0"
    );
}

// --- pattern database files ---

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("replan-test-{}-{name}", std::process::id()))
}

#[test]
fn pattern_database_round_trips_through_a_file() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let pdb = pdb(3, 3, GoalKind::BlankLast);
    let path = temp_path("roundtrip.pdb");
    pdb.save(&path).unwrap();
    let loaded = AdditivePdb::load(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(loaded.databases(), pdb.databases());
    let start = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
    assert_eq!(
        loaded.estimate(start, puzzle.goal()),
        pdb.estimate(start, puzzle.goal())
    );
}

#[test]
fn pattern_database_truncated_file_is_an_error() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let db = PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2, 3, 4]).unwrap();
    let bytes = db.to_bytes();
    for cut in [0, 5, 20, bytes.len() / 2, bytes.len() - 1] {
        let result = PatternDatabase::from_bytes(&bytes[..cut]);
        assert!(
            matches!(result, Err(DatabaseError::Truncated { .. })),
            "cut at {cut}: {result:?}"
        );
    }
    let path = temp_path("truncated.pdb");
    let additive = pdb(3, 3, GoalKind::BlankLast);
    additive.save(&path).unwrap();
    let full = std::fs::read(&path).unwrap();
    std::fs::write(&path, &full[..full.len() - 100]).unwrap();
    let result = AdditivePdb::load(&path);
    std::fs::remove_file(&path).unwrap();
    assert!(
        matches!(result, Err(DatabaseError::Truncated { .. })),
        "{result:?}"
    );
}

#[test]
fn pattern_database_corrupt_file_is_an_error() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let db = PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2, 3, 4]).unwrap();
    let bytes = db.to_bytes();
    let mut flipped = bytes.clone();
    flipped[100] ^= 0x10;
    assert!(matches!(
        PatternDatabase::from_bytes(&flipped),
        Err(DatabaseError::ChecksumMismatch)
    ));
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert!(matches!(
        PatternDatabase::from_bytes(&magic),
        Err(DatabaseError::NotADatabase)
    ));
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(matches!(
        PatternDatabase::from_bytes(&version),
        Err(DatabaseError::UnsupportedVersion(9))
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        PatternDatabase::from_bytes(&longer),
        Err(DatabaseError::TrailingBytes(1))
    ));
    let mut size = bytes;
    size[12] = 7; // width 7: no such board
    assert!(matches!(
        PatternDatabase::from_bytes(&size),
        Err(DatabaseError::Invalid(_))
    ));
}

#[test]
fn bad_patterns_are_refused() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let goal = puzzle.goal();
    for patterns in [
        &[&[0u8, 1][..]][..],
        &[&[1, 9]],
        &[&[1, 2], &[2, 3]],
        &[&[]],
        &[],
    ] {
        assert!(
            matches!(
                AdditivePdb::build(&puzzle, goal, patterns),
                Err(PuzzleError::BadPattern { .. })
            ),
            "{patterns:?}"
        );
    }
}

#[test]
fn six_six_three_partition_covers_every_tile_once() {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    for kind in [GoalKind::BlankFirst, GoalKind::BlankLast] {
        let patterns = AdditivePdb::six_six_three_patterns(puzzle.goal_of(kind)).unwrap();
        let mut tiles: Vec<u8> = patterns.concat();
        tiles.sort_unstable();
        assert_eq!(tiles, (1..16).collect::<Vec<u8>>());
        assert_eq!(patterns.iter().map(Vec::len).collect::<Vec<_>>(), [6, 6, 3]);
    }
    assert!(AdditivePdb::six_six_three_patterns(SlidingPuzzle::new(3, 3).unwrap().goal()).is_err());
}

#[test]
fn fifteen_puzzle_pdb_ida_star_is_optimal_on_a_small_pattern_set() {
    // Small patterns build in milliseconds; the result must still be optimal (compared with
    // Manhattan IDA*, itself exact).
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let goal = puzzle.goal();
    let pdb = AdditivePdb::build(
        &puzzle,
        goal,
        &[
            &[1, 2, 3],
            &[4, 5, 6],
            &[7, 8, 9],
            &[10, 11, 12],
            &[13, 14, 15],
        ],
    )
    .unwrap();
    for seed in 0..4u64 {
        // Thirty random moves away: deep enough to be interesting, shallow enough for
        // Manhattan IDA*.
        let mut board = goal;
        let mut state = seed;
        for _ in 0..30 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = Move::ALL[(state >> 62) as usize];
            board = board.apply(mv).unwrap_or(board);
        }
        let by_pdb = puzzle
            .solve(&mut IdaStar::incremental(&pdb), board, goal)
            .unwrap();
        let by_manhattan = puzzle
            .solve(
                &mut IdaStar::incremental(ManhattanSum::new(goal)),
                board,
                goal,
            )
            .unwrap();
        assert_eq!(by_pdb.len(), by_manhattan.len());
        assert!(by_pdb.stats.expanded <= by_manhattan.stats.expanded);
    }
}

// --- IDA* as a general planner ---

#[test]
fn ida_star_reports_no_path_on_a_finite_acyclic_graph() {
    struct Dag;
    impl Graph for Dag {
        type Node = u8;
        type Cost = u32;
        type Ids = replan::HashedIds<u8>;
        fn successors(&self, n: u8, mut visit: impl FnMut(u8, u32)) {
            if n < 5 {
                visit(n + 1, 1);
            }
        }
    }
    let mut ida = IdaStar::uninformed();
    assert_eq!(ida.plan(&Dag, 0, 9), Err(PlanError::NoPath));
    assert_eq!(ida.plan(&Dag, 2, 5).unwrap().nodes, [2, 3, 4, 5]);
    assert_eq!(ida.plan(&Dag, 3, 3).unwrap().cost, 0);
}

#[test]
fn ida_star_budget_stops_a_hopeless_search() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let unreachable = puzzle.parse("2 1 3 4 5 6 7 8 0").unwrap();
    let mut ida = IdaStar::incremental(ManhattanSum::new(unreachable)).with_budget(10_000);
    // `plan` itself does not check solvability; the budget is what ends it.
    assert_eq!(
        ida.plan(&puzzle, puzzle.goal(), unreachable),
        Err(PlanError::BudgetExceeded { budget: 10_000 })
    );
}

#[test]
fn ida_star_handles_weighted_edges_optimally() {
    /// Two routes from 0 to 3: 0-1-3 costs 1 + 5, 0-2-3 costs 2 + 2.
    struct Diamond;
    impl Graph for Diamond {
        type Node = u8;
        type Cost = u32;
        type Ids = replan::HashedIds<u8>;
        fn successors(&self, n: u8, mut visit: impl FnMut(u8, u32)) {
            match n {
                0 => {
                    visit(1, 1);
                    visit(2, 2);
                }
                1 => visit(3, 5),
                2 => visit(3, 2),
                _ => {}
            }
        }
    }
    let path = IdaStar::uninformed().plan(&Diamond, 0, 3).unwrap();
    assert_eq!((path.nodes, path.cost), (vec![0, 2, 3], 4));
}

#[test]
fn one_planner_serves_many_searches_on_boards_of_different_sizes() {
    // The planner's node table (BoardIds) is reused from search to search and across board
    // sizes; every answer must match a fresh planner's.
    let small = SlidingPuzzle::new(3, 3).unwrap();
    let large = SlidingPuzzle::new(4, 4).unwrap();
    let mut reused = AStar::new(|a: TileBoard, b: TileBoard| ManhattanSum::new(b).estimate(a, b));
    for round in 0..300u64 {
        let puzzle = if round % 3 == 0 { &large } else { &small };
        let goal = puzzle.goal();
        let start = if puzzle.cells() == 16 {
            // A few moves away, so the 15-puzzle searches stay tiny.
            goal.apply_all(&[Move::Up, Move::Left, Move::Up, Move::Left][..(round % 5) as usize])
                .unwrap()
        } else {
            puzzle.random_board(goal, round)
        };
        let expected = puzzle
            .solve(&mut AStar::new(ManhattanSum::new(goal)), start, goal)
            .unwrap();
        let got = puzzle.solve(&mut reused, start, goal).unwrap();
        assert_eq!(got.len(), expected.len(), "round {round}");
        assert_eq!(start.apply_all(&got.moves), Some(goal), "round {round}");
    }
}
