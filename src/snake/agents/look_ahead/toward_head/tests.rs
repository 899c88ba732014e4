use super::*;
use crate::snake::{Agent, Board, Direction, GameConfig, SafeAgent};
use crate::BfsReach;

/// Every position of a game `SafeAgent` plays on `board`: the distances from the tail to
/// the cells beside the head, asked in every subset, against breadth-first search from
/// the tail; returns how many cells each expanded over the game.
fn check_a_game(board: Board, seed: u64) -> (u64, u64) {
    let config = GameConfig::with_board(board)
        .with_seed(seed)
        .with_max_steps(3_000);
    let mut game = Game::new(&config).unwrap();
    let mut agent = SafeAgent::new();
    let mut search = TowardHead::default();
    let mut bfs = BfsReach::new();
    let (mut expanded, mut breadth_first) = (0, 0);
    let mut positions = 0;
    while !game.is_over() {
        let view = TailView::new(&game);
        let (board, snake) = (game.board(), game.snake());
        let (head, tail) = (snake.head(), snake.tail());
        let beside = Direction::ALL.map(|direction| {
            direction
                .apply(head, board.width(), board.height())
                .filter(|&cell| !board.is_wall(cell))
        });
        let map = bfs.run(&view, tail).unwrap();
        for subset in 1..16u32 {
            let targets = std::array::from_fn(|i| beside[i].filter(|_| subset >> i & 1 == 1));
            let (found, _) = search.run(&view, tail, targets).unwrap();
            let expected = targets.map(|target| target.and_then(|cell| map.get(board.index(cell))));
            assert_eq!(found, expected, "move {}, asked {targets:?}", game.steps());
        }
        // As the agent asks: the cells beside the head a path may enter.
        let enterable = beside.map(|cell| cell.filter(|&cell| view.enterable(cell)));
        expanded += search.run(&view, tail, enterable).unwrap().1;
        breadth_first += map.reached() as u64;
        positions += 1;
        let direction = agent.next_move(&game);
        game.step(direction);
    }
    assert!(positions > 100, "{positions} positions");
    (expanded, breadth_first)
}

#[test]
fn the_distances_are_breadth_first_searchs_on_open_and_walled_boards() {
    let walled: Board = "
        .........
        .##...##.
        .#.....#.
        ...###...
        .........
        ..#...#..
        ..#...#.."
        .parse()
        .unwrap();
    let mut totals = (0, 0);
    for (board, seed) in [
        (Board::new(8, 8).unwrap(), 1),
        (walled, 2),
        (Board::new(11, 6).unwrap(), 3),
    ] {
        let (expanded, breadth_first) = check_a_game(board, seed);
        totals.0 += expanded;
        totals.1 += breadth_first;
    }
    // The estimate keeps the search to a band towards the head.
    assert!(totals.0 * 2 < totals.1, "{totals:?}");
}

#[test]
fn a_cell_out_of_reach_has_no_distance_and_the_search_runs_dry() {
    // The body walls the tail into the left column's bottom cells; (2, 0) beside the
    // head is out of its reach.
    let config = GameConfig::new(4, 3)
        .unwrap()
        .with_start(vec![(1, 0), (1, 1), (1, 2), (0, 2)])
        .with_food((3, 2));
    let game = Game::new(&config).unwrap();
    let view = TailView::new(&game);
    let mut search = TowardHead::default();
    let (found, _) = search
        .run(&view, (0, 2), [Some((2, 0)), Some((0, 0)), None, None])
        .unwrap();
    assert_eq!(found, [None, Some(2), None, None]);
    // Nothing asked: nothing expanded.
    let (found, expanded) = search.run(&view, (0, 2), [None; 4]).unwrap();
    assert_eq!((found, expanded), ([None; 4], 0));
    // The tail itself is at distance 0.
    let (found, _) = search
        .run(&view, (0, 2), [Some((0, 2)), None, None, None])
        .unwrap();
    assert_eq!(found[0], Some(0));
}
