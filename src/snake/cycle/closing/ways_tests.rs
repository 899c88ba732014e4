use super::*;
use crate::snake::Snake;
use chacha20::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Whether a path runs from beside `from` through every cell of `open` to beside
/// `tail`: every order of the cells tried, nothing pruned.
fn any_path(board: &Board, open: &mut [bool], from: Cell, tail: Cell, left: usize) -> bool {
    if left == 0 {
        return beside(from, tail);
    }
    let mut found = false;
    board.neighbours(from, |_, next| {
        let index = board.index(next);
        if !found && open[index] {
            open[index] = false;
            found = any_path(board, open, next, tail, left - 1);
            open[index] = true;
        }
    });
    found
}

/// A random walk that never crosses itself, head first, from a cell chosen by `next`,
/// grown until it has `length` cells or no free cell to go on to.
fn random_body(board: &Board, length: usize, next: &mut impl FnMut(usize) -> usize) -> Vec<Cell> {
    let free: Vec<Cell> = (0..board.cells())
        .map(|index| board.cell(index))
        .filter(|&cell| board.is_free(cell))
        .collect();
    let mut body = vec![free[next(free.len())]];
    while body.len() < length {
        let mut ways = Vec::new();
        board.neighbours(body[body.len() - 1], |_, cell| {
            if !body.contains(&cell) {
                ways.push(cell);
            }
        });
        if ways.is_empty() {
            break;
        }
        body.push(ways[next(ways.len())]);
    }
    body
}

/// Snakes on `board` from `tries` random walks, those that leave one to fourteen
/// empty cells.
fn small_snakes(board: &Board, tries: usize, next: &mut impl FnMut(usize) -> usize) -> Vec<Snake> {
    let free = board.free_cells();
    (0..tries)
        .filter_map(|_| {
            let length = free - 1 - next(14.min(free - 2));
            let body = random_body(board, length, next);
            (body.len() >= 2 && free - body.len() <= 14)
                .then(|| Snake::new(board.width(), board.height(), &body))
        })
        .collect()
}

/// Whether each cell of `board` (by index) is free and not under `snake`.
fn open_cells(board: &Board, snake: &Snake) -> Vec<bool> {
    (0..board.cells())
        .map(|index| board.is_free(board.cell(index)) && !snake.occupied_index(index))
        .collect()
}

/// The count of ways as documented, on `(x, y)` cells: each empty cell with fewer than
/// two empty neighbours must be beside the head or the tail and is an end; at most
/// two ends, one that must start the path and one that must end it. Returns the
/// answer and which clause said no (0: none, 1: a cell with no way, 2: three ends,
/// 3: two firsts, 4: two lasts).
fn plain_ways(board: &Board, snake: &Snake, empty: usize) -> (bool, usize) {
    if empty == 1 {
        return (true, 0);
    }
    let (head, tail) = (snake.head(), snake.tail());
    let open = |cell: Cell| board.is_free(cell) && !snake.occupied(cell);
    let (mut ends, mut firsts, mut lasts) = (0, 0, 0);
    for index in 0..board.cells() {
        let cell = board.cell(index);
        if !open(cell) {
            continue;
        }
        let mut ways = 0;
        board.neighbours(cell, |_, next| ways += usize::from(open(next)));
        if ways >= 2 {
            continue;
        }
        let (by_head, by_tail) = (beside(cell, head), beside(cell, tail));
        if ways == 0 || !(by_head || by_tail) {
            return (false, 1);
        }
        ends += 1;
        firsts += usize::from(!by_tail);
        lasts += usize::from(!by_head);
    }
    match (ends > 2, firsts > 1, lasts > 1) {
        (true, ..) => (false, 2),
        (_, true, _) => (false, 3),
        (.., true) => (false, 4),
        _ => (true, 0),
    }
}

/// Random bodies on small boards, with up to fourteen empty cells in one piece: the
/// count of ways answers as documented, and where it says no path can run from the
/// head through them all to the tail, an exhaustive search finds none and the closing
/// search enters no cell. Both answers occur, each clause says no somewhere, and so do
/// one empty cell and paths that must start or end at a cell with one empty neighbour.
#[test]
fn where_the_count_of_ways_says_no_no_path_exists() {
    let walled: Board = "....\n.#..\n....\n....\n....\n....".parse().unwrap();
    let boards = [
        Board::new(4, 4).unwrap(),
        Board::new(5, 4).unwrap(),
        Board::new(5, 5).unwrap(),
        Board::new(6, 4).unwrap(),
        walled,
    ];
    // The game's own seeded generator: the same bodies on every run.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut next = |bound: usize| (rng.next_u64() % bound as u64) as usize;
    let mut cycle = ClosingCycle::default();
    let (mut turned_down, mut paths, mut single, mut forced_end) = (0, 0, 0, 0);
    let mut by_clause = [0; 5];
    for board in &boards {
        let free = board.free_cells();
        for snake in small_snakes(board, 12_000, &mut next) {
            let body: Vec<Cell> = snake.body().collect();
            let empty = free - body.len();
            cycle.prepare(&(board, &snake));
            if !cycle.empty_cells_connected(empty) {
                continue;
            }
            let (head, tail) = (snake.head(), snake.tail());
            let allowed = cycle.ways_allow_a_path(board.index(head), board.index(tail), empty);
            let (expected, clause) = plain_ways(board, &snake, empty);
            assert_eq!(allowed, expected, "{board:?} {body:?}");
            by_clause[clause] += 1;
            if !allowed && free % 2 == 0 {
                assert!(!cycle.close_position(&(board, &snake), None, 10_000));
                assert_eq!(cycle.entered, 0, "{board:?} {body:?}");
            }
            let mut open = open_cells(board, &snake);
            let exists = any_path(board, &mut open, head, tail, empty);
            assert!(allowed || !exists, "a path exists\n{board:?} {body:?}");
            turned_down += usize::from(!allowed);
            paths += usize::from(exists);
            single += usize::from(exists && empty == 1);
            let one_way = (0..board.cells()).any(|index| {
                open[index] && {
                    let mut ways = 0;
                    board.neighbours(board.cell(index), |_, cell| {
                        ways += usize::from(open[board.index(cell)]);
                    });
                    ways == 1
                }
            });
            forced_end += usize::from(exists && empty > 1 && one_way);
        }
    }
    assert!(
        turned_down > 2_000 && paths > 1_000 && single > 20 && forced_end > 600,
        "{turned_down} turned down, {paths} paths, {single} single, {forced_end} forced ends"
    );
    assert!(by_clause.iter().all(|&count| count > 15), "{by_clause:?}");
}

/// Every cut of the closing search is exact: given no cap, on boards with an even
/// number of free cells (where it leaves no cell out), it finds a cycle round random
/// bodies exactly where an exhaustive search finds a path from beside the head through
/// every empty cell to beside the tail. The sample includes bodies that leave the empty
/// cells in one piece and bodies that split them, with and without a path.
#[test]
fn with_no_cap_the_search_finds_a_path_exactly_where_one_exists() {
    let walled: Board = "....\n.#..\n....\n....\n..#.\n....".parse().unwrap();
    let boards = [
        Board::new(4, 4).unwrap(),
        Board::new(5, 4).unwrap(),
        Board::new(6, 4).unwrap(),
        walled,
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut next = |bound: usize| (rng.next_u64() % bound as u64) as usize;
    let mut cycle = ClosingCycle::default();
    // [split or in one piece][no path or a path]
    let mut seen = [[0; 2]; 2];
    for board in &boards {
        let free = board.free_cells();
        assert_eq!(free % 2, 0);
        for snake in small_snakes(board, 6_000, &mut next) {
            let empty = free - snake.len();
            let found = cycle.close_position(&(board, &snake), None, u32::MAX);
            let mut open = open_cells(board, &snake);
            let exists = any_path(board, &mut open, snake.head(), snake.tail(), empty);
            assert_eq!(found, exists, "{board:?} {snake:?}");
            cycle.prepare(&(board, &snake));
            let whole = cycle.empty_cells_connected(empty);
            seen[usize::from(whole)][usize::from(exists)] += 1;
        }
    }
    assert!(
        seen[0][0] > 100 && seen[1][0] > 100 && seen[1][1] > 100,
        "{seen:?}"
    );
}
