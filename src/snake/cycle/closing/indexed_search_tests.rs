use super::*;
use crate::snake::{Agent, GameConfig, ReclosingAgent};

/// The depth-first search of [`ClosingCycle`] written plainly on `(x, y)` cells, with
/// the board's and the snake's own tests for each neighbour: what the indexed search
/// must match step for step.
struct PlainSearch<'a> {
    game: &'a Game,
    on_path: Vec<bool>,
    path: Vec<Cell>,
    budget: u32,
    toward: Option<Cell>,
}

impl PlainSearch<'_> {
    fn open(&self, cell: Cell) -> bool {
        let board = self.game.board();
        board.is_free(cell) && !self.game.snake().occupied(cell) && !self.on_path[board.index(cell)]
    }

    fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + use<> {
        let board = self.game.board();
        let (width, height) = (board.width(), board.height());
        Direction::ALL
            .into_iter()
            .filter_map(move |direction| direction.apply(cell, width, height))
    }

    /// Whether the `rest` open cells are one piece, through open cells, with `cell`
    /// beside it.
    fn rest_in_one_piece(&self, cell: Cell, rest: usize) -> bool {
        let board = self.game.board();
        let Some(start) = self.neighbours(cell).find(|&next| self.open(next)) else {
            return false;
        };
        let mut seen = vec![false; board.cells()];
        seen[board.index(start)] = true;
        let mut stack = vec![start];
        let mut reached = 1;
        while let Some(cell) = stack.pop() {
            for next in self.neighbours(cell) {
                if self.open(next) && !seen[board.index(next)] {
                    seen[board.index(next)] = true;
                    reached += 1;
                    stack.push(next);
                }
            }
        }
        reached == rest
    }

    fn extend(&mut self, from: Cell, tail: Cell, left: usize) -> bool {
        let board = self.game.board();
        if left == 0 {
            return beside(from, tail);
        }
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let toward = self.toward.filter(|&cell| !self.on_path[board.index(cell)]);
        let mut options = Vec::new();
        for next in self.neighbours(from) {
            if !self.open(next) {
                continue;
            }
            let onward = self.neighbours(next).filter(|&c| self.open(c)).count();
            let near_tail = u32::MAX - (next.0.abs_diff(tail.0) + next.1.abs_diff(tail.1));
            let away = toward.map_or(0, |c| c.0.abs_diff(next.0) + c.1.abs_diff(next.1));
            options.push(((away, onward as u8, near_tail), next));
        }
        options.sort_by_key(|&(key, _)| key);
        for &(_, next) in &options {
            self.on_path[board.index(next)] = true;
            let stranded = left > 1
                && options.iter().any(|&(_, other)| {
                    let ways = self
                        .neighbours(other)
                        .filter(|&c| c == next || self.open(c))
                        .count();
                    other != next && (ways == 0 || (ways == 1 && !beside(other, tail)))
                });
            if stranded || (left > 2 && !self.rest_in_one_piece(next, left - 1)) {
                self.on_path[board.index(next)] = false;
                continue;
            }
            self.path.push(next);
            if self.extend(next, tail, left - 1) {
                return true;
            }
            self.path.pop();
            self.on_path[board.index(next)] = false;
        }
        false
    }
}

/// What one dive found: whether it closed, its path, and the cells it entered.
type Dive = (bool, Vec<Cell>, u32);

fn plain_dive(
    game: &Game,
    (start, goal): (Cell, Cell),
    excluded: Option<Cell>,
    toward: Option<Cell>,
    cap: u32,
) -> Dive {
    let board = game.board();
    let mut search = PlainSearch {
        game,
        on_path: vec![false; board.cells()],
        path: Vec::new(),
        budget: cap,
        toward,
    };
    if let Some(cell) = excluded {
        search.on_path[board.index(cell)] = true;
    }
    let empty = board.free_cells() - game.snake().len() - usize::from(excluded.is_some());
    let found = search.extend(start, goal, empty);
    (found, search.path, cap - search.budget)
}

fn indexed_dive(
    cycle: &mut ClosingCycle,
    game: &Game,
    (start, goal): (Cell, Cell),
    excluded: Option<Cell>,
    toward: Option<Cell>,
    cap: u32,
) -> Dive {
    let board = game.board();
    cycle.prepare(game);
    if let Some(cell) = excluded {
        cycle.taken[board.index(cell)] |= ON_PATH;
    }
    cycle.toward = toward.map(|cell| board.index(cell));
    cycle.path.clear();
    cycle.budget = cap;
    let empty = board.free_cells() - game.snake().len() - usize::from(excluded.is_some());
    let found = cycle.extend(board.index(start), board.index(goal), empty);
    let path = cycle.path.iter().map(|&index| board.cell(index)).collect();
    cycle.toward = None;
    (found, path, cap - cycle.budget)
}

/// Positions from games [`ReclosingAgent`] plays, from the move where half the board
/// is full: each dive of the indexed search (both ends, a cell left out or none, a
/// cell to head for or none, a cap that runs out and one that does not) finds the
/// same path, or fails, after entering the same cells as the plain one. One search
/// object serves all boards, so the neighbour table is rebuilt between shapes.
#[test]
fn the_indexed_search_takes_the_plain_searchs_steps() {
    let walled: Board = "........\n..#.....\n........\n.....#..\n........\n..#.....\n........"
        .parse()
        .unwrap();
    let configs = [
        GameConfig::new(7, 7).unwrap(),
        GameConfig::new(6, 8).unwrap(),
        GameConfig::new(5, 9).unwrap(),
        GameConfig::with_board(walled),
    ];
    let mut cycle = ClosingCycle::default();
    let (mut dives, mut closed, mut failed, mut ran_out, mut split) = (0, 0, 0, 0, 0);
    for config in configs {
        for seed in 0..3 {
            let mut game = Game::new(&config.clone().with_seed(seed)).unwrap();
            let mut agent = ReclosingAgent::new();
            let mut moves = 0;
            while !game.is_over() {
                let board = game.board();
                let snake = game.snake();
                moves += 1;
                if 2 * snake.len() >= board.free_cells() && moves % 3 == 0 {
                    // A left-out cell: the first empty one, as the odd boards need.
                    let excluded = (0..board.cells())
                        .map(|index| board.cell(index))
                        .find(|&cell| board.is_free(cell) && !snake.occupied(cell));
                    let ends = [(snake.head(), snake.tail()), (snake.tail(), snake.head())];
                    for ends in ends {
                        for excluded in [None, excluded] {
                            // The search dives only where the cells to visit are in
                            // one piece.
                            let start = PlainSearch {
                                game: &game,
                                on_path: (0..board.cells())
                                    .map(|index| Some(board.cell(index)) == excluded)
                                    .collect(),
                                path: Vec::new(),
                                budget: 0,
                                toward: None,
                            };
                            let empty =
                                board.free_cells() - snake.len() - usize::from(excluded.is_some());
                            if !start.rest_in_one_piece(ends.0, empty) {
                                split += 1;
                                continue;
                            }
                            for toward in [None, game.food()] {
                                for cap in [12, 5_000] {
                                    let plain = plain_dive(&game, ends, excluded, toward, cap);
                                    let indexed = indexed_dive(
                                        &mut cycle, &game, ends, excluded, toward, cap,
                                    );
                                    assert_eq!(indexed, plain, "seed {seed} move {moves}");
                                    dives += 1;
                                    closed += usize::from(plain.0);
                                    failed += usize::from(!plain.0);
                                    ran_out += usize::from(plain.2 == cap);
                                }
                            }
                        }
                    }
                }
                game.step(agent.next_move(&game));
            }
        }
    }
    // The positions reach every branch: paths found, dives that fail, caps spent.
    assert!(dives > 1_000 && split > 0, "{dives} dives, {split} split");
    assert!(
        closed > 50 && failed > 50 && ran_out > 50,
        "{closed} {failed} {ran_out}"
    );
}
