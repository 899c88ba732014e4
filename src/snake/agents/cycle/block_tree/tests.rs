//! The player's parts: the view, the timed search, the outlook, the safety test.

use super::rule::Rule;
use super::{BlockTreeAgent, Body, OutlookMemo, StepCosts, TimedSearch, TreePlayer, TreeView};
use crate::snake::cycle::{BlockMoves, Constraint, Layout, TreeTest, NONE};

#[test]
fn open_cost_falls_on_cells_touching_nothing_when_the_path_arrives() {
    let moves = BlockMoves::new(Layout::open(8, 8)).expect("blocks fit 8x8");
    let mut body = Body::default();
    body.clear(&moves);
    // Along the top row, head at (3, 0): it leaves after 4 moves, the tail after 1.
    for cell in [0, 1, 2, 3] {
        body.push_head(&moves, cell);
    }
    let mut view = TreeView::new(moves);
    view.show(&body);
    let open = StepCosts::WEIGHED.open;
    assert!(open > 0);
    // (4, 4): nothing near it.
    assert_eq!(view.open_cost(36, 0), open);
    // (0, 4): the board's edge.
    assert_eq!(view.open_cost(32, 0), 0);
    // (3, 1), under the head, which leaves after 4 moves: touching the body while
    // the head's cell is still held a move after the path arrives, open after that.
    assert_eq!(view.open_cost(11, 1), 0);
    assert_eq!(view.open_cost(11, 2), 0);
    assert_eq!(view.open_cost(11, 3), open);
    // (1, 1), under (1, 0), which leaves after 2 moves.
    assert_eq!(view.open_cost(9, 0), 0);
    assert_eq!(view.open_cost(9, 1), open);
}

/// A view of `moves` with no body on the board: every step's cost is fixed.
fn empty_view(moves: &BlockMoves) -> TreeView {
    let mut body = Body::default();
    body.clear(moves);
    let mut view = TreeView::new(moves.clone());
    view.show(&body);
    view
}

#[test]
fn a_step_taken_out_closes_that_move_and_no_other() {
    let moves = BlockMoves::new(Layout::open(8, 8)).expect("blocks fit 8x8");
    let steps_from = |view: &TreeView, cell: u32| {
        let mut next = Vec::new();
        view.steps(cell, 0, |to, _| next.push(to));
        next
    };
    let fresh = empty_view(&moves);
    for cell in 0..64 {
        for taken_out in [moves.inside(cell), moves.outside(cell)] {
            if taken_out == NONE {
                continue;
            }
            let mut view = fresh.clone();
            view.remove(cell, taken_out);
            for other in 0..64 {
                let mut expected = steps_from(&fresh, other);
                if other == cell {
                    // Both moves are open on an empty board; one is taken out.
                    assert_eq!(expected.len(), 1 + usize::from(moves.outside(cell) != NONE));
                    expected.retain(|&to| to != taken_out);
                }
                assert_eq!(
                    steps_from(&view, other),
                    expected,
                    "{cell} -> {taken_out} taken out, steps from {other}"
                );
            }
        }
    }
}

/// Costs of the cheapest paths from `start` over a view whose steps do not depend on
/// time, by a plain Dijkstra search.
fn cheapest_costs(view: &TreeView, start: u32) -> Vec<u32> {
    let mut cost = vec![u32::MAX; view.moves.layout().len()];
    let mut open = std::collections::BinaryHeap::new();
    cost[start as usize] = 0;
    open.push(std::cmp::Reverse((0, start)));
    while let Some(std::cmp::Reverse((at_cost, cell))) = open.pop() {
        if at_cost > cost[cell as usize] {
            continue;
        }
        view.steps(cell, 0, |next, step| {
            if at_cost + step < cost[next as usize] {
                cost[next as usize] = at_cost + step;
                open.push(std::cmp::Reverse((at_cost + step, next)));
            }
        });
    }
    cost
}

#[test]
fn a_star_finds_the_cheapest_path_settling_only_cells_within_its_cost() {
    let moves = BlockMoves::new(Layout::open(8, 8)).expect("blocks fit 8x8");
    let view = empty_view(&moves);
    let layout = moves.layout();
    // The cheapest step: the estimate is this times the Manhattan distance.
    let cheapest = view
        .costs
        .back
        .min(view.costs.inside)
        .min(view.costs.new_block);
    let mut search = TimedSearch::default();
    for start in 0..64 {
        let cost = cheapest_costs(&view, start);
        for goal in 0..64 {
            assert!(search.plan(&view, start, goal));
            let best = cost[goal as usize];
            assert_eq!(search.cost(goal), best, "{start} -> {goal}");
            // The path is made of steps of the view and costs what the search says.
            let mut path_cost = 0;
            for pair in search.path.windows(2) {
                let mut step_cost = None;
                view.steps(pair[0], 0, |next, step| {
                    if next == pair[1] {
                        step_cost = Some(step);
                    }
                });
                path_cost += step_cost.expect("a step of the view");
            }
            assert_eq!((search.path[0], path_cost), (start, best));
            // With a consistent estimate A* settles no cell whose cost plus estimate
            // exceeds the goal's cost, and it counts each cell it settles.
            let mut settled = 0;
            for cell in 0..64u32 {
                if !search.settled(cell) {
                    continue;
                }
                settled += 1;
                let ((x, y), (gx, gy)) = (layout.xy(cell), layout.xy(goal));
                let estimate = cheapest * (x.abs_diff(gx) + y.abs_diff(gy));
                assert!(
                    cost[cell as usize] + estimate <= best,
                    "{start} -> {goal}: settled {cell}"
                );
            }
            assert_eq!(search.expanded, settled);
        }
    }
}

/// The positions (body, head first, and food) of a game the player plays on an open
/// board from `start`, the food placed by a seeded generator.
fn positions(width: u32, height: u32, start: &[u32], seed: u64) -> Vec<(Vec<u32>, u32)> {
    let layout = Layout::open(width, height);
    let cells = layout.len() as u32;
    let mut body: std::collections::VecDeque<u32> = start.iter().copied().collect();
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut food = |body: &std::collections::VecDeque<u32>| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let free: Vec<u32> = (0..cells).filter(|cell| !body.contains(cell)).collect();
        (!free.is_empty()).then(|| free[(state % free.len() as u64) as usize])
    };
    let mut player = TreePlayer::new(&layout, start).expect("straight starts fit");
    let mut positions = Vec::new();
    let mut target = food(&body);
    while let Some(at) = target {
        let cells_now: Vec<u32> = body.iter().copied().collect();
        let next = player.decide(&cells_now, Some(at)).expect("never trapped");
        positions.push((cells_now, at));
        if next == at {
            body.push_front(next);
            target = food(&body);
        } else {
            body.pop_back();
            body.push_front(next);
        }
    }
    positions
}

#[test]
fn a_decision_weighs_both_moves_and_counts_each_search() {
    // Every decision of sixteen games, worked out here step by step with the player's
    // own searches and tests, against what `decide` returns, the searches it counts
    // and the cells they settled.
    let (mut weighed, mut ties, mut detoured, mut retried) = (0, 0, 0, 0);
    let mut fallbacks = 0;
    let games = [(8, 8, vec![3, 2, 1, 0], 0..4), (12, 12, vec![0], 0..12)];
    for (width, height, start, seeds) in games {
        let layout = Layout::open(width, height);
        for seed in seeds {
            let mut player = TreePlayer::new(&layout, &start).expect("straight starts fit");
            // The plan's decision; rollouts, which choose among such decisions, have
            // their own test.
            player.rule = Rule::Weighed;
            for (body, board_food) in positions(width, height, &start, seed) {
                // The decision's first plan, found here as the decision finds it.
                assert!(player.load(&body));
                let food = player.frame(board_food);
                let head = player.body.cells[0];
                player.view.show(&player.body);
                if !player.search.plan(&player.view, head, food) {
                    continue;
                }
                let (cost, path) = (player.search.cost(food), player.search.path.clone());
                let (mut searches, mut expanded) = (1, player.search.expanded);
                let moves = player.view.moves.clone();
                match player.first_failure(&path, food, false) {
                    None => {
                        // A plan that passes is weighed against the cheapest plan
                        // through the other move when that move passes the test too.
                        let other = if path[1] == moves.inside(head) {
                            moves.outside(head)
                        } else {
                            moves.inside(head)
                        };
                        let mut expected = path[1];
                        if other != NONE && player.passes(other, Some(food)) {
                            player.view.remove(head, path[1]);
                            let found = player.search.plan(&player.view, head, food);
                            searches += 1;
                            expanded += player.search.expanded;
                            let alternative = player.search.path.clone();
                            let other_cost = player.search.cost(food);
                            if found && player.first_failure(&alternative, food, false).is_none() {
                                // The outlooks as a fresh memo answers them (one search
                                // when both plans end in the same body), counted as
                                // the player counts them.
                                player.outlooks.clear();
                                let before = (player.last_searches, player.last_expanded);
                                let first = 16 * u64::from(cost) + player.outlook(&path, food);
                                let second =
                                    16 * u64::from(other_cost) + player.outlook(&alternative, food);
                                searches += player.last_searches - before.0;
                                expanded += player.last_expanded - before.1;
                                player.outlooks.clear();
                                weighed += 1;
                                ties += usize::from(first == second);
                                // On a tie the plan first found is kept.
                                if second < first {
                                    expected = other;
                                }
                            }
                        }
                        let decided = player.decide(&body, Some(board_food));
                        assert_eq!(decided, Some(player.frame(expected)), "{body:?}");
                    }
                    Some(step) => {
                        // The first plan fails: a detour toward the cells it would
                        // shut off, else that step is taken out of the view and A*
                        // runs again.
                        if let Some(next) = player.detour(&path, food) {
                            detoured += 1;
                            searches += 1;
                            expanded += player.search.expanded;
                            let decided = player.decide(&body, Some(board_food));
                            assert_eq!(decided, Some(player.frame(next)), "{body:?}");
                            assert_eq!(
                                (player.last_searches, player.last_expanded),
                                (searches, expanded),
                                "{body:?}"
                            );
                        } else {
                            retried += 1;
                            let mut taken_out = vec![(path[step - 1], path[step])];
                            let mut first_step = (step > 1).then_some(path[1]);
                            let mut passed = false;
                            player.view.remove(path[step - 1], path[step]);
                            for _ in 1..BlockTreeAgent::ATTEMPTS {
                                if !player.search.plan(&player.view, head, food) {
                                    break;
                                }
                                let path = player.search.path.clone();
                                let Some(step) = player.first_failure(&path, food, false) else {
                                    passed = true;
                                    break;
                                };
                                if step > 1 {
                                    first_step.get_or_insert(path[1]);
                                }
                                taken_out.push((path[step - 1], path[step]));
                                player.view.remove(path[step - 1], path[step]);
                            }
                            let decided = player.decide(&body, Some(board_food));
                            for (from, to) in taken_out {
                                let outward = usize::from(to == moves.outside(from));
                                assert!(player.view.removed.contains(2 * from as usize + outward));
                            }
                            if !passed {
                                // No plan passes: the first step of the first plan
                                // that failed after it, if that step passes, else the
                                // passing move nearer the food.
                                fallbacks += 1;
                                let options: Vec<u32> = [moves.inside(head), moves.outside(head)]
                                    .into_iter()
                                    .filter(|&next| next != NONE && player.passes(next, Some(food)))
                                    .collect();
                                let (fx, fy) = moves.layout().xy(food);
                                let nearer = options.iter().copied().min_by_key(|&next| {
                                    let (x, y) = moves.layout().xy(next);
                                    x.abs_diff(fx) + y.abs_diff(fy)
                                });
                                let expected = match first_step {
                                    Some(first) if options.contains(&first) => Some(first),
                                    _ => nearer,
                                };
                                assert_eq!(
                                    decided,
                                    expected.map(|next| player.frame(next)),
                                    "{body:?}"
                                );
                            }
                        }
                        continue;
                    }
                }
                assert_eq!(
                    (player.last_searches, player.last_expanded),
                    (searches, expanded),
                    "{body:?}"
                );
            }
        }
    }
    assert!(weighed > 50 && ties > 0 && detoured > 0 && retried > 0 && fallbacks > 0);
}

/// Plays `player`'s decisions from `body` (board cells, head first), moving first to
/// `first`, until the snake eats `food`: the moves and the body after the meal.
fn play_out(player: &mut TreePlayer, body: &[u32], first: u32, food: u32) -> (Vec<u32>, Vec<u32>) {
    let mut body: std::collections::VecDeque<u32> = body.iter().copied().collect();
    let mut moves = vec![first];
    while moves[moves.len() - 1] != food {
        body.pop_back();
        body.push_front(moves[moves.len() - 1]);
        let cells: Vec<u32> = body.iter().copied().collect();
        moves.push(player.decide(&cells, Some(food)).expect("a move passes"));
        assert!(moves.len() < 10_000, "the snake eats");
    }
    body.push_front(food);
    (moves, body.into_iter().collect())
}

#[test]
fn a_meal_follows_the_rollout_that_scores_lower() {
    // Whole games: at each move the agent has not committed, its move and, if both
    // moves pass the safety test, the rest of its way to the food must be those of
    // the better of two games played out here by a player without rollouts, one from
    // each move.
    let (width, height, start) = (10, 10, [0]);
    let layout = Layout::open(width, height);
    let (mut rollouts, mut other_taken) = (0, 0);
    for seed in 0..3 {
        let mut agent = TreePlayer::new(&layout, &start).expect("straight starts fit");
        let mut plain = TreePlayer::new(&layout, &start).expect("straight starts fit");
        plain.rule = Rule::Weighed;
        // The moves expected next, last first.
        let mut expected: Vec<u32> = Vec::new();
        for (body, food) in positions(width, height, &start, seed) {
            let next = agent.decide(&body, Some(food)).expect("a move passes");
            if expected.is_empty() {
                let mine = plain.decide(&body, Some(food)).expect("a move passes");
                let head = plain.body.cells[0];
                let moves = &plain.view.moves;
                let other = if plain.frame(mine) == moves.inside(head) {
                    moves.outside(head)
                } else {
                    moves.inside(head)
                };
                let framed_food = plain.frame(food);
                expected.push(mine);
                if mine != food && other != NONE && plain.passes(other, Some(framed_food)) {
                    rollouts += 1;
                    let other = plain.frame(other);
                    let mut score = |first: u32| {
                        let (moves, after) = play_out(&mut plain, &body, first, food);
                        plain.trial.clear(&plain.view.moves);
                        for &cell in after.iter().rev() {
                            let cell = plain.frame(cell);
                            plain.trial.push_head(&plain.view.moves, cell);
                        }
                        let outlook = plain.outlook_after_trial(framed_food);
                        let step = 16 * BlockTreeAgent::ROLLOUT_STEP_COST;
                        (step * moves.len() as u64 + outlook, moves)
                    };
                    let (my_score, my_moves) = score(mine);
                    let (their_score, their_moves) = score(other);
                    expected = if their_score < my_score {
                        other_taken += 1;
                        their_moves
                    } else {
                        my_moves
                    };
                    expected.reverse();
                }
            }
            assert_eq!(Some(next), expected.pop(), "seed {seed}, {body:?}");
        }
    }
    assert!(
        rollouts > 100 && other_taken > 10,
        "{rollouts} {other_taken}"
    );
}

#[test]
fn a_position_the_rollout_did_not_lead_to_is_decided_afresh() {
    // Two games' positions asked in turn of one player: each move must be the one a
    // fresh player makes there, never one left over from the other game's meal.
    let (width, height, start) = (8, 8, [3, 2, 1, 0]);
    let layout = Layout::open(width, height);
    let (one, two) = (
        positions(width, height, &start, 1),
        positions(width, height, &start, 2),
    );
    let mut player = TreePlayer::new(&layout, &start).expect("straight starts fit");
    let mut replayed = 0;
    for ((body, food), (other_body, other_food)) in one.iter().zip(&two) {
        player.decide(body, Some(*food)).expect("a move passes");
        replayed += usize::from(!player.committed.is_empty());
        let mut fresh = TreePlayer::new(&layout, other_body).expect("the body passes");
        assert_eq!(
            player.decide(other_body, Some(*other_food)),
            fresh.decide(other_body, Some(*other_food)),
            "{other_body:?}"
        );
    }
    assert!(replayed > 20, "{replayed}");
}

#[test]
fn the_outlook_is_the_mean_cost_to_a_free_cell_the_unreached_counting_as_the_farthest() {
    let layout = Layout::open(8, 8);
    let start = [3, 2, 1, 0];
    let mut player = TreePlayer::new(&layout, &start).expect("straight starts fit");
    let (mut weighed, mut with_missed) = (0, 0);
    for (body, _) in positions(8, 8, &start, 0) {
        assert!(player.load(&body));
        let head = player.body.cells[0];
        // Food one move away, eaten by that move.
        for food in [
            player.view.moves.inside(head),
            player.view.moves.outside(head),
        ] {
            if food == NONE || !player.body.may_enter(food, true) {
                continue;
            }
            let outlook = player.outlook(&[head, food], food);
            let search = &player.outlook_search;
            let (mut costs, mut missed) = (Vec::new(), 0u64);
            for cell in 0..64 {
                if player.trial.occupied.contains(cell) {
                    continue;
                }
                if search.settled(cell as u32) {
                    costs.push(u64::from(search.cost(cell as u32)));
                } else {
                    missed += 1;
                }
            }
            let farthest = costs.iter().copied().max().unwrap_or(0);
            let total = costs.iter().sum::<u64>() + missed * farthest;
            let cells = costs.len() as u64 + missed;
            // The cells free once the snake has eaten, its body one longer.
            assert_eq!(cells as usize, 64 - body.len() - 1);
            assert_eq!(outlook, 16 * total / cells.max(1), "{body:?} to {food}");
            weighed += 1;
            if missed > 0 {
                with_missed += 1;
                // Only a move that fails the safety test leaves cells out of reach.
                assert!(!player.passes(food, Some(food)), "{body:?} to {food}");
            }
        }
    }
    assert!(weighed > 100 && with_missed > 0, "{weighed} {with_missed}");
}

/// The spanning-tree test itself, as [`BlockMoves::tree_exists`] states it.
fn tree_test(moves: &BlockMoves, body: &Body) -> bool {
    body.invalid == 0 && moves.tree_exists(&body.present, &body.absent, &mut TreeTest::default())
}

#[test]
fn the_safety_test_by_counts_and_after_one_move_is_the_spanning_tree_test() {
    // Bodies from games, then random walks from them that soon break the test: any move
    // to a neighbour the head may enter, right-hand or not, eating or not.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut random = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    let mut test = TreeTest::default();
    // Outcomes of the test after one move, by what the move fixes: free, invalid,
    // present, absent; false then true.
    let mut after_move = [[0; 2]; 4];
    let mut by_counts = [0; 2];
    for (width, height, start, seed) in [(8, 8, vec![3, 2, 1, 0], 1), (12, 12, vec![0], 2)] {
        let layout = Layout::open(width, height);
        let moves = BlockMoves::new(layout.clone()).expect("blocks fit");
        for (cells, _) in positions(width, height, &start, seed)
            .into_iter()
            .step_by(5)
        {
            let mut body = Body::default();
            body.clear(&moves);
            for &cell in cells.iter().rev() {
                body.push_head(&moves, cell);
            }
            for _ in 0..24 {
                let passes = tree_test(&moves, &body);
                assert_eq!(
                    body.has_cycle(&moves, &mut test),
                    passes,
                    "{:?}",
                    body.cells
                );
                by_counts[usize::from(passes)] += 1;
                let head = body.cells[0];
                let options: Vec<(u32, bool)> = layout
                    .neighbours(head)
                    .into_iter()
                    .flat_map(|next| [(next, false), (next, true)])
                    .filter(|&(next, eats)| body.may_enter(next, eats))
                    .collect();
                if options.is_empty() {
                    break;
                }
                if passes {
                    for &(next, eats) in &options {
                        let mut moved = body.clone();
                        moved.advance(&moves, next, eats);
                        let expected = tree_test(&moves, &moved);
                        assert_eq!(
                            body.passes_after_move(&moves, next, eats, &mut test),
                            expected,
                            "{:?} to {next}, eating: {eats}",
                            body.cells
                        );
                        let kind = match moves.constraint(head, next) {
                            Constraint::Free => 0,
                            Constraint::Invalid => 1,
                            Constraint::Present(_) => 2,
                            Constraint::Absent(_) => 3,
                        };
                        after_move[kind][usize::from(expected)] += 1;
                    }
                }
                let (next, eats) = options[random(options.len())];
                body.advance(&moves, next, eats);
            }
        }
    }
    assert!(by_counts.iter().all(|&count| count > 100), "{by_counts:?}");
    // Every kind of step both passes and fails, but a step that fixes nothing always
    // passes and a step that is not a right-hand move always fails.
    assert!(
        after_move[0][1] > 0 && after_move[1][0] > 0,
        "{after_move:?}"
    );
    assert!(
        after_move[2]
            .iter()
            .chain(&after_move[3])
            .all(|&count| count > 10),
        "{after_move:?}"
    );
}

#[test]
fn a_view_moved_on_admits_the_steps_of_a_view_shown_afresh() {
    let (width, height) = (10, 10);
    let moves = BlockMoves::new(Layout::open(width, height)).expect("blocks fit 10x10");
    let positions = positions(width, height, &[0], 3);
    let load = |cells: &[u32]| {
        let mut body = Body::default();
        body.clear(&moves);
        for &cell in cells.iter().rev() {
            body.push_head(&moves, cell);
        }
        body
    };
    let steps = |view: &TreeView, cell: u32, moves: u32| {
        let mut steps = Vec::new();
        view.steps(cell, moves, |next, cost| steps.push((next, cost)));
        steps
    };
    let mut moved = TreeView::new(moves.clone());
    let mut fresh = TreeView::new(moves.clone());
    let mut compared = 0;
    let mut shown = None;
    for (i, (cells, _)) in positions.iter().enumerate() {
        let body = load(cells);
        // Moved on from the position before if that move did not eat, at most eight
        // times in a row; else shown afresh.
        let follows = i > 0 && positions[i - 1].0.len() == cells.len();
        match shown {
            Some(since) if follows && i - since < 8 => moved.show_moved(&body),
            _ => {
                moved.show(&body);
                shown = Some(i);
            }
        }
        fresh.show(&body);
        if moved.now == 0 {
            continue;
        }
        for cell in 0..moves.layout().len() as u32 {
            for arrival in 0..cells.len() as u32 + 2 {
                assert_eq!(
                    steps(&moved, cell, moved.now + arrival),
                    steps(&fresh, cell, arrival),
                    "{cells:?}, from {cell} after {arrival} moves"
                );
            }
        }
        compared += 1;
    }
    assert!(compared > 500, "{compared}");
}

#[test]
fn the_outlook_memo_answers_the_last_four_bodies_and_no_other() {
    let body = |cells: &[u32]| {
        cells
            .iter()
            .copied()
            .collect::<std::collections::VecDeque<u32>>()
    };
    let mut memo = OutlookMemo::default();
    let bodies = [
        vec![5, 4, 3],
        vec![5, 4],
        vec![5, 6, 7],
        vec![9, 8, 7],
        vec![1, 2, 3],
    ];
    for (outlook, cells) in bodies.iter().enumerate() {
        assert_eq!(memo.get(&body(cells)), None);
        memo.insert(&body(cells), outlook as u64 * 10);
    }
    // The first of five has made way for the fifth.
    assert_eq!(memo.get(&body(&bodies[0])), None);
    for (outlook, cells) in bodies.iter().enumerate().skip(1) {
        assert_eq!(
            memo.get(&body(cells)),
            Some(outlook as u64 * 10),
            "{cells:?}"
        );
    }
    // A body one cell longer or shorter, or with one cell elsewhere, is another body.
    for cells in [vec![5], vec![5, 4, 3, 2], vec![5, 4, 2], vec![9, 8, 7, 6]] {
        assert_eq!(memo.get(&body(&cells)), None, "{cells:?}");
    }
}

#[test]
fn a_remembered_outlook_is_the_one_worked_out_again() {
    let (width, height) = (12, 12);
    let layout = Layout::open(width, height);
    let mut player = TreePlayer::new(&layout, &[0]).expect("a one-cell start fits");
    let (mut remembered, mut worked_out) = (0, 0);
    for (cells, food) in positions(width, height, &[0], 4).into_iter().step_by(3) {
        assert!(player.load(&cells));
        player.view.show(&player.body);
        let head = player.body.cells[0];
        if !player.search.plan(&player.view, head, food) {
            continue;
        }
        let path = player.search.path.clone();
        let searches = player.last_searches;
        let outlook = player.outlook(&path, food);
        if player.last_searches == searches {
            remembered += 1;
        } else {
            worked_out += 1;
        }
        // `outlook` left the body after the meal in `trial`.
        assert_eq!(outlook, player.work_out_outlook(food), "{cells:?}");
    }
    assert!(
        remembered > 50 && worked_out > 50,
        "{remembered} {worked_out}"
    );
}

#[test]
fn a_body_one_move_on_loads_as_a_body_loaded_afresh() {
    // The positions of a game in turn (each one move on from the one before), with a
    // position of another game after every seventh, and bodies that fail the test
    // (the head moved against the driving direction) after every eleventh.
    let (width, height) = (8, 8);
    let layout = Layout::open(width, height);
    let games = [
        positions(width, height, &[0], 5),
        positions(width, height, &[0], 6),
    ];
    let mut player = TreePlayer::new(&layout, &[0]).expect("a one-cell start fits");
    let (mut moved_on, mut failing) = (0, 0);
    for (i, (cells, _)) in games[0].iter().enumerate() {
        let mut bodies = vec![cells.clone()];
        if i % 7 == 0 {
            bodies.push(games[1][i.min(games[1].len() - 1)].0.clone());
        }
        if i % 11 == 0 {
            // A move into a free neighbour that is not a right-hand move.
            let moves = &player.view.moves;
            let head = cells[0];
            let wrong = layout.neighbours(head).into_iter().find(|&next| {
                next != NONE
                    && !cells.contains(&next)
                    && next != moves.inside(head)
                    && next != moves.outside(head)
            });
            if let Some(next) = wrong {
                let mut body = vec![next];
                body.extend_from_slice(&cells[..cells.len() - 1]);
                bodies.push(body);
            }
        }
        for body in bodies {
            let follows = player.loaded_passes
                && body.len() <= player.loaded.len() + 1
                && body[0] != player.loaded[0]
                && body[1..] == player.loaded[..body.len() - 1];
            let passes = player.load(&body);
            let mut fresh = TreePlayer::new(&layout, &[0]).expect("a one-cell start fits");
            fresh.loaded_passes = false;
            assert_eq!(passes, fresh.load(&body), "{body:?}");
            assert!(player.body == fresh.body, "{body:?}");
            moved_on += usize::from(follows);
            failing += usize::from(!passes);
        }
    }
    assert!(moved_on > 400 && failing > 5, "{moved_on} {failing}");
}

#[test]
fn every_short_right_hand_body_passes_the_safety_test_exactly_when_a_tree_exists() {
    // Every body of right-hand moves up to ten moves long on a 6×6 board, grown by a
    // meal at every move, or grown to four cells and then moving on: each tested by its
    // counts and, one move on, by the one-move test, against the spanning-tree test.
    // Such bodies break the test in each of its ways alone: fixed edges closing a
    // cycle, and the blocks cut apart (no body fixes an edge both ways, which the
    // spanning-tree test would also refuse).
    let moves = BlockMoves::new(Layout::open(6, 6)).expect("blocks fit 6x6");
    let mut test = TreeTest::default();
    // Bodies failing by each cause alone: cycle, cut.
    let mut alone = [0; 2];
    let mut checked = 0;
    fn walk(
        moves: &BlockMoves,
        body: &Body,
        grow_until: usize,
        depth: u32,
        test: &mut TreeTest,
        alone: &mut [usize; 2],
        checked: &mut usize,
    ) {
        let passes = tree_test(moves, body);
        assert_eq!(body.has_cycle(moves, test), passes, "{:?}", body.cells);
        *checked += 1;
        if !passes && body.invalid == 0 {
            let cycle = body.present_edges + 1 != body.held_blocks;
            let cut = !moves.connected_without(&body.absent, test);
            match (cycle, cut) {
                (true, false) => alone[0] += 1,
                (false, true) => alone[1] += 1,
                _ => {}
            }
        }
        if depth == 0 {
            return;
        }
        let head = body.cells[0];
        for next in [moves.inside(head), moves.outside(head)] {
            let eats = body.cells.len() < grow_until;
            if next == NONE || !body.may_enter(next, eats) {
                continue;
            }
            let mut moved = body.clone();
            moved.advance(moves, next, eats);
            if passes {
                assert_eq!(
                    body.passes_after_move(moves, next, eats, test),
                    tree_test(moves, &moved),
                    "{:?} to {next}",
                    body.cells
                );
            }
            walk(moves, &moved, grow_until, depth - 1, test, alone, checked);
        }
    }
    for start in 0..36 {
        for grow_until in [4, 11] {
            let mut body = Body::default();
            body.clear(&moves);
            body.push_head(&moves, start);
            walk(
                &moves,
                &body,
                grow_until,
                10,
                &mut test,
                &mut alone,
                &mut checked,
            );
        }
    }
    assert!(checked > 10_000, "{checked}");
    assert!(alone.iter().all(|&count| count > 0), "{alone:?}");
}
