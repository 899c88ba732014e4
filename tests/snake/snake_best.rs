//! The strongest agent on every board: odd numbers of free cells, odd sides and single
//! wall cells, where it plays `ReclosingAgent`'s rule. It must eat and finish there, take
//! shortcuts where `HamiltonianAgent` only follows its cycle, and never die.
//!
//! ```text
//! cargo test --release --features snake --test snake -- snake_best::
//! ```

use proptest::prelude::*;
use replan::snake::{
    best, play_game, simulate, Agent, Board, Game, GameConfig, GameEnd, HamiltonianAgent,
    HamiltonianCycle, ReclosingAgent, StepOutcome,
};

/// A level under `tests/levels`.
fn level(name: &str) -> Board {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/levels")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()))
        .parse()
        .unwrap()
}

#[test]
fn best_eats_and_wins_on_odd_boards() {
    // These boards have no Hamiltonian cycle; `best` used to fall back to any move that
    // did not die at once and circled at length 3 to 4 until the step cap (20 games,
    // seed 5, start length 3: every game capped).
    for side in [5, 7, 9] {
        let config = GameConfig::new(side, side).unwrap().with_start_length(3);
        let report = simulate(best, &config, 20, 5).unwrap();
        assert_eq!(
            (report.wins, report.deaths, report.capped),
            (20, 0, 0),
            "{side}×{side}: {report:?}"
        );
    }
}

#[test]
fn the_first_meal_on_an_odd_board_comes_soon() {
    // The position that used to circle: the start of a 9×9 game, seed 5.
    let config = GameConfig::new(9, 9).unwrap().with_seed(5);
    let mut game = Game::new(&config).unwrap();
    let mut agent = best();
    let mut first_meal = None;
    while !game.is_over() && first_meal.is_none() {
        if game.step(agent.next_move(&game)) == StepOutcome::Ate {
            first_meal = Some(game.steps());
        }
    }
    // The food lies ahead on the 80-cell cycle, or on the cell it leaves out, which the
    // snake turns into at the next corner round it: two laps at most.
    assert!(
        first_meal.is_some_and(|steps| steps <= 160),
        "{first_meal:?}"
    );
}

#[test]
fn best_wins_walled_boards_with_an_odd_cell_count() {
    let board = level("walls_11x11.txt");
    assert_eq!(board.free_cells() % 2, 1);
    let config = GameConfig::with_board(board).with_start_length(3);
    let report = simulate(best, &config, 10, 3).unwrap();
    assert_eq!((report.wins, report.deaths), (10, 0), "{report:?}");
}

#[test]
fn best_takes_shortcuts_on_single_walls_and_odd_sides() {
    // `HamiltonianAgent`'s rule is what `best` played on these boards before: it keeps
    // to one cycle and, past a third of the board, takes no shortcut at all.
    for (name, board) in [
        ("pillars", level("pillars_10x10.txt")),
        ("9×12", Board::new(9, 12).unwrap()),
    ] {
        let config = GameConfig::with_board(board.clone()).with_start_length(3);
        let fixed = simulate(|| HamiltonianAgent::new(&board).unwrap(), &config, 10, 7).unwrap();
        let best = simulate(best, &config, 10, 7).unwrap();
        assert_eq!((fixed.wins, best.wins), (10, 10), "{name}");
        assert!(
            best.mean_steps < 0.85 * fixed.mean_steps,
            "{name}: {} against {}",
            best.mean_steps,
            fixed.mean_steps
        );
    }
}

#[test]
fn best_plays_the_reclosing_rule_where_the_blocks_do_not_fit() {
    // Every block holding (1, 1) would hold it off a corner: a run of columns or rows
    // starts at the board's edge and is two or three long.
    let mut board = Board::new(10, 10).unwrap();
    assert!(board.set_wall((1, 1), true) && board.set_wall((1, 2), true));
    let config = GameConfig::with_board(board);
    for seed in 0..3 {
        let mut best = best();
        let mut reclosing = ReclosingAgent::new();
        let a = play_game(&mut best, &config, seed, 0).unwrap();
        let b = play_game(&mut reclosing, &config, seed, 0).unwrap();
        assert!(!best.drives_in_blocks());
        assert_eq!((a.end, a.steps), (b.end, b.steps), "seed {seed}");
    }
}

/// A small board with a few walls, and the cells of a straight snake of two away from
/// them.
fn walled_board() -> impl Strategy<Value = (Board, Vec<(u32, u32)>)> {
    (3u32..=6, 3u32..=6)
        .prop_flat_map(|(width, height)| {
            let cells = (width * height) as usize;
            (
                Just((width, height)),
                proptest::collection::vec(0..cells, 0..=3),
                0..cells,
            )
        })
        .prop_filter_map(
            "the start is on a wall",
            |((width, height), walls, head)| {
                let mut board = Board::new(width, height).unwrap();
                let head = board.cell(head);
                let neck = if head.0 + 1 < width {
                    (head.0 + 1, head.1)
                } else {
                    (head.0 - 1, head.1)
                };
                for wall in walls {
                    let cell = board.cell(wall);
                    if cell != head && cell != neck {
                        board.set_wall(cell, true);
                    }
                }
                Some((board, vec![head, neck]))
            },
        )
}

/// A board cut into runs of two or three columns by runs of two or three rows, with a
/// wall in the same corner of each 3×3 block, and a free cell for a snake of one. (With
/// the walls in different corners two 3×3 blocks side by side may share no two rows both
/// free, and then no cycle crosses between them.)
fn board_cut_into_blocks() -> impl Strategy<Value = (Board, (u32, u32))> {
    (
        proptest::collection::vec(2u32..=3, 1..=4),
        proptest::collection::vec(2u32..=3, 1..=4),
        0usize..4,
        0usize..144,
    )
        .prop_filter_map("the start is on a wall", |(columns, rows, corner, head)| {
            let (width, height) = (columns.iter().sum(), rows.iter().sum());
            let mut board = Board::new(width, height).unwrap();
            let (dx, dy) = [(0, 0), (2, 0), (2, 2), (0, 2)][corner];
            let mut y = 0;
            for &run_y in &rows {
                let mut x = 0;
                for &run_x in &columns {
                    if (run_x, run_y) == (3, 3) {
                        assert!(board.set_wall((x + dx, y + dy), true));
                    }
                    x += run_x;
                }
                y += run_y;
            }
            let head = board.cell(head % (width * height) as usize);
            (!board.is_wall(head)).then_some((board, head))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Where runs of two and three cut the board into blocks with rims (a 3×3 block's
    /// round its walled corner), the agent drives in them and wins every game.
    #[test]
    fn best_drives_in_blocks_of_two_and_three_and_wins((board, head) in board_cut_into_blocks(), seed in 0u64..1000) {
        let config = GameConfig::with_board(board.clone()).with_start(vec![head]).with_seed(seed);
        let mut game = Game::new(&config).unwrap();
        let mut agent = best();
        let mut outcome = StepOutcome::Moved;
        while !game.is_over() {
            outcome = game.step(agent.next_move(&game));
            prop_assert!(agent.drives_in_blocks(), "on\n{board}");
        }
        prop_assert_eq!(outcome, StepOutcome::Won, "board\n{}", board);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the walls, the agent never dies; where a Hamiltonian cycle holds the
    /// starting body it wins.
    #[test]
    fn best_never_dies_on_small_walled_boards((board, start) in walled_board(), seed in 0u64..1000) {
        let through = HamiltonianCycle::through(&board, &start).is_ok();
        let config = GameConfig::with_board(board.clone()).with_start(start).with_seed(seed);
        let game = Game::new(&config);
        prop_assume!(game.is_ok());
        let mut game = game.unwrap();
        let mut agent = best();
        let mut outcome = StepOutcome::Moved;
        while !game.is_over() {
            outcome = game.step(agent.next_move(&game));
            prop_assert!(!matches!(outcome, StepOutcome::Died(_)), "died on\n{board}\n{game}");
        }
        if through {
            prop_assert_eq!(outcome, StepOutcome::Won, "board\n{}", board);
        }
        let record = play_game(&mut ReclosingAgent::new(), &config, seed, 0).unwrap();
        prop_assert!(!matches!(record.end, GameEnd::Died(_)));
    }
}

/// Boards where no cycle, not even one leaving a cell out round a corner, closes round the
/// snake, so `best` plays the look-ahead agent from the first move; on these food sequences
/// it used to give up its tail for the move with the most room and walk into a dead end
/// (the free cell with one free neighbour): dead after 24, 36 and 48 steps. A move that
/// keeps the tail in reach, eating if only that does, exists in each of those positions.
#[test]
fn best_survives_boards_with_a_dead_end_cell() {
    let games = [
        ("....\n....\n..#.", [(3, 0), (2, 0)], 769),
        ("....\n#...\n....\n...#", [(0, 3), (1, 3)], 576),
        ("....\n....\n....\n#...\n....", [(0, 1), (1, 1)], 998),
    ];
    for (board, start, seed) in games {
        let board: Board = board.parse().unwrap();
        let config = GameConfig::with_board(board.clone()).with_start(start.to_vec());
        for (name, record) in [
            ("best", play_game(&mut best(), &config, seed, 0).unwrap()),
            (
                "reclosing",
                play_game(&mut ReclosingAgent::new(), &config, seed, 0).unwrap(),
            ),
        ] {
            assert!(
                !matches!(record.end, GameEnd::Died(_)),
                "{name} on\n{board}\nseed {seed}: {:?} after {} steps",
                record.end,
                record.steps
            );
        }
    }
}

/// The cells that lie in a pocket no snake of length two or more can leave: those left when
/// cells with at most one free neighbour are removed over and over (dead-end corridors).
fn pocket_cells(board: &Board) -> Vec<bool> {
    let mut out: Vec<bool> = (0..board.cells())
        .map(|index| !board.is_free(board.cell(index)))
        .collect();
    loop {
        let mut changed = false;
        for index in 0..board.cells() {
            if out[index] {
                continue;
            }
            let mut open = 0;
            board.neighbours(board.cell(index), |_, next| {
                open += usize::from(!out[board.index(next)]);
            });
            if open <= 1 {
                out[index] = true;
                changed = true;
            }
        }
        if !changed {
            return out;
        }
    }
}

/// On this board the look-ahead agent used to score a fresh first step every move, each
/// step's path passed its check, and it circled at length 3 round a loop that never reached
/// the food at (1, 1) until the step cap. Now a game that ends capped ends with the food in
/// a dead-end corridor, where eating it would trap the head.
#[test]
fn the_look_ahead_agent_does_not_circle_past_food_it_can_eat() {
    let board: Board = "....#.\n......\n.#....\n......\n....#.".parse().unwrap();
    let config = GameConfig::with_board(board.clone()).with_start(vec![(2, 3), (3, 3)]);
    let pockets = pocket_cells(&board);
    for agent in ["best", "safe"] {
        let mut game =
            Game::new(&config.clone().with_seed(replan::snake::game_seed(517, 0))).unwrap();
        let mut player: Box<dyn Agent> = match agent {
            "best" => Box::new(best()),
            _ => Box::new(replan::snake::SafeAgent::new()),
        };
        while !game.is_over() {
            game.step(player.next_move(&game));
        }
        let food = game.food().expect("a capped game has food");
        assert!(
            game.snake().len() > 3 && pockets[board.index(food)],
            "{agent}: capped at length {} with the food at {food:?}\n{game}",
            game.snake().len()
        );
    }
}

/// Whether the snake `body` (cell indices, head first) can fill the board from here with
/// the food on `food`, wherever later food falls: exact, over every position its moves
/// reach. A position is won if some move fills the board or leads to a won position, a
/// meal counting only if every cell the next food may take leads to a won one; the won
/// positions are found as the least fixed point, so circling forever never counts.
/// `None` when more than `limit` positions are reachable.
fn can_always_win(board: &Board, body: &[usize], food: usize, limit: usize) -> Option<bool> {
    use std::collections::HashMap;
    type Position = (Vec<usize>, usize);
    let mut ids: HashMap<Position, usize> = HashMap::new();
    let mut positions: Vec<Position> = Vec::new();
    // Per position, per legal move: `None` if it fills the board, else the positions that
    // must all be won.
    let mut moves: Vec<Vec<Option<Vec<usize>>>> = Vec::new();
    let mut id_of = |position: Position, positions: &mut Vec<Position>| {
        *ids.entry(position.clone()).or_insert_with(|| {
            positions.push(position);
            positions.len() - 1
        })
    };
    id_of((body.to_vec(), food), &mut positions);
    while moves.len() < positions.len() {
        if positions.len() > limit {
            return None;
        }
        let (body, food) = positions[moves.len()].clone();
        let mut options = Vec::new();
        let mut nexts = Vec::new();
        board.neighbours(board.cell(body[0]), |_, next| nexts.push(board.index(next)));
        for next in nexts {
            let eating = next == food;
            // The tail's cell is free on a move that does not eat (`Game::step`'s rule).
            let tail = body[body.len() - 1];
            if body.contains(&next) && (eating || next != tail) {
                continue;
            }
            let mut moved = vec![next];
            moved.extend_from_slice(&body[..body.len() - usize::from(!eating)]);
            if !eating {
                options.push(Some(vec![id_of((moved, food), &mut positions)]));
            } else if moved.len() == board.free_cells() {
                options.push(None);
            } else {
                let placements: Vec<usize> = (0..board.cells())
                    .filter(|&cell| board.is_free(board.cell(cell)) && !moved.contains(&cell))
                    .collect();
                let after = placements
                    .into_iter()
                    .map(|cell| id_of((moved.clone(), cell), &mut positions))
                    .collect();
                options.push(Some(after));
            }
        }
        moves.push(options);
    }
    let mut won = vec![false; positions.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for (position, options) in moves.iter().enumerate() {
            if !won[position]
                && options.iter().any(|option| {
                    option
                        .as_ref()
                        .is_none_or(|after| after.iter().all(|&next| won[next]))
                })
            {
                won[position] = true;
                changed = true;
            }
        }
    }
    Some(won[0])
}

#[test]
fn the_exact_endgame_counts_every_cell_the_next_food_may_take() {
    // A corridor of four cells: a snake that eats at its end cannot turn round.
    let board: Board = "....\n####".parse().unwrap();
    let at = |x: u32| board.index((x, 0));
    // Eat at (2, 0) heading right, then the last food on (3, 0): full.
    assert_eq!(
        can_always_win(&board, &[at(1), at(0)], at(2), 1000),
        Some(true)
    );
    // Eating at the end leaves the head facing a wall with (0, 0) still empty.
    assert_eq!(
        can_always_win(&board, &[at(1), at(0)], at(3), 1000),
        Some(false)
    );
    // After the meal at (0, 0) the next food may fall on (2, 0), which is won, or on
    // (3, 0), which is not, so no play is sure to fill the board.
    assert_eq!(can_always_win(&board, &[at(1)], at(0), 1000), Some(false));
    // The last cell: one move fills the board.
    assert_eq!(
        can_always_win(&board, &[at(2), at(1), at(0)], at(3), 1000),
        Some(true)
    );
    assert_eq!(can_always_win(&board, &[at(1)], at(0), 3), None);
}

/// What kind of full board a walled board has room for: a Hamiltonian cycle over every
/// free cell; on an odd number of free cells, one over all but one cell (some cell off the
/// start walled up and a cycle over the rest); or neither.
fn cycle_kind(board: &Board, start: &[(u32, u32)]) -> usize {
    if HamiltonianCycle::new(board).is_ok() {
        return 0;
    }
    let all_but_one = board.free_cells() % 2 == 1
        && (0..board.cells()).any(|index| {
            let cell = board.cell(index);
            board.is_free(cell) && !start.contains(&cell) && {
                let mut fewer = board.clone();
                fewer.set_wall(cell, true);
                HamiltonianCycle::new(&fewer).is_ok()
            }
        });
    if all_but_one {
        1
    } else {
        2
    }
}

/// The walled boards of the property test above, many more of them, with what became of
/// each game by the kind of board: never a death; every game won on a board with a
/// Hamiltonian cycle; a capped game mostly ends with the food in a dead-end corridor,
/// which no snake of two or more cells can eat and leave, and on a board with an odd
/// number of free cells every other one ends in a position from which no play fills the
/// board for every placement of later food (solved exactly). Prints the counts.
/// Run with `GAMES=30000 cargo test --release --features snake --test snake -- snake_best:: --ignored --nocapture
/// walled_boards_in_bulk` (default 3,000 games).
#[test]
#[ignore = "thousands of games: run in release"]
fn walled_boards_in_bulk() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let games: usize = std::env::var("GAMES").map_or(3_000, |games| games.parse().unwrap());
    let mut runner = TestRunner::deterministic();
    let strategy = (walled_board(), 0u64..1000);
    // By kind of board: won, died, capped, capped with the food in a dead-end corridor.
    let mut counts = [[0usize; 4]; 3];
    // Capped games on odd boards that end in a position no play wins.
    let mut lost_positions = 0;
    for _ in 0..games {
        let ((board, start), seed) = strategy.new_tree(&mut runner).unwrap().current();
        let config = GameConfig::with_board(board.clone())
            .with_start(start.clone())
            .with_seed(replan::snake::game_seed(seed, 0));
        let Ok(mut game) = Game::new(&config) else {
            continue;
        };
        let mut agent = best();
        let mut outcome = StepOutcome::Moved;
        while !game.is_over() {
            outcome = game.step(agent.next_move(&game));
        }
        let kind = &mut counts[cycle_kind(&board, &start)];
        match outcome {
            StepOutcome::Won => kind[0] += 1,
            StepOutcome::Died(_) => {
                kind[1] += 1;
                eprintln!("died on\n{board}\nseed {seed}");
            }
            _ => {
                kind[2] += 1;
                let food = game.food().expect("a capped game has food");
                let in_pocket = pocket_cells(&board)[board.index(food)];
                kind[3] += usize::from(in_pocket);
                if !in_pocket && cycle_kind(&board, &start) == 1 {
                    // A board with room for a full board, the food where it can be eaten:
                    // the agent must have been left no way to win.
                    let body: Vec<usize> =
                        game.snake().body().map(|cell| board.index(cell)).collect();
                    let food = board.index(food);
                    assert_eq!(
                        can_always_win(&board, &body, food, 10_000_000),
                        Some(false),
                        "capped in a position that can be won\n{game}"
                    );
                    lost_positions += 1;
                }
            }
        }
    }
    for (name, [won, died, capped, in_pocket]) in [
        "a Hamiltonian cycle",
        "a cycle round all free cells but one",
        "neither",
    ]
    .into_iter()
    .zip(counts)
    {
        eprintln!(
            "boards with {name}: won {won} died {died} capped {capped}, of which food in a dead-end corridor {in_pocket}"
        );
    }
    let total = |i: usize| counts.iter().map(|kind| kind[i]).sum::<usize>();
    let (won, died, capped, in_pocket) = (total(0), total(1), total(2), total(3));
    eprintln!(
        "games {} won {won} died {died} capped {capped}, of which food in a dead-end corridor {in_pocket}",
        won + died + capped
    );
    eprintln!(
        "capped on odd boards with the food out of a dead end, each in a position no play wins: {lost_positions}"
    );
    assert_eq!(died, 0);
    assert_eq!(
        counts[0][1..3],
        [0, 0],
        "on boards with a Hamiltonian cycle"
    );
    assert!(
        capped == 0 || in_pocket * 2 > capped,
        "{in_pocket} of {capped}"
    );
}
