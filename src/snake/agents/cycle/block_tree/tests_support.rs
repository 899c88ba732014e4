//! Games played by the agent with chosen rules, for the tests.

use super::*;

/// Which of the agent's rules a test game plays with.
#[derive(Clone, Copy)]
pub(super) struct Rules {
    /// The detour toward cells a plan would shut off.
    pub(super) detours: bool,
    /// The agent's step costs, or every step costing one.
    pub(super) weighed: bool,
    /// How plans become moves.
    pub(super) rule: Rule,
}

impl Rules {
    /// Every rule on, as the agent plays.
    pub(super) const ALL: Rules = Rules {
        detours: true,
        weighed: true,
        rule: Rule::RolledOut,
    };
}

/// Plays one game over plain data with every rule and returns (won, steps).
pub(super) fn play(width: u32, height: u32, start: &[u32], seed: u64) -> (bool, u64) {
    play_with(width, height, start, seed, Rules::ALL)
}

/// As [`play`], with the rules given.
pub(super) fn play_with(
    width: u32,
    height: u32,
    start: &[u32],
    seed: u64,
    rules: Rules,
) -> (bool, u64) {
    let Rules {
        detours,
        weighed,
        rule,
    } = rules;
    let layout = Layout::open(width, height);
    let cells = layout.len();
    let mut body: VecDeque<u32> = start.iter().copied().collect();
    let mut state = seed | 1;
    let mut random = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut place_food = |body: &VecDeque<u32>| -> Option<u32> {
        let free: Vec<u32> = (0..cells as u32).filter(|c| !body.contains(c)).collect();
        (!free.is_empty()).then(|| free[random(free.len())])
    };
    let mut food = place_food(&body);
    let mut player = TreePlayer::new(&layout, start).expect("straight starts fit");
    player.detours = detours;
    player.rule = rule;
    if !weighed {
        player.view.costs = StepCosts {
            back: 1,
            inside: 1,
            new_block: 1,
            open: 0,
        };
    }
    let mut steps = 0;
    while let Some(target) = food {
        let cells_now: Vec<u32> = body.iter().copied().collect();
        let next = player
            .decide(&cells_now, Some(target))
            .expect("never trapped");
        assert!(layout.adjacent(next, body[0]));
        steps += 1;
        if next == target {
            body.push_front(next);
            food = place_food(&body);
        } else {
            body.pop_back();
            assert!(!body.contains(&next), "bit itself");
            body.push_front(next);
        }
        assert!(steps < 100_000);
    }
    (body.len() == cells, steps)
}
