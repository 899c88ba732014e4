//! The food paths a look-ahead agent tries: compressed shortest paths rebuilt from the
//! distances to the food, best first step first, then the best one lengthened.

use super::*;

impl Safety {
    /// Tries food paths until one passes the look-ahead; leaves it in `self.candidate`.
    ///
    /// With compression: the compressed shortest path through each first step the
    /// distances allow, best `H` first, then the best one lengthened by Liu's extension.
    /// Without: the planner's path, then the same lengthened. From BFS distances
    /// (`FoodSource::Distances`) the search for them is the search for the food; from a
    /// repaired planner's, only the cells it vouches for are used, and its own path is the
    /// one lengthened when no compressed path reaches the food.
    pub(super) fn food_path(&mut self, game: &Game, source: FoodSource<'_>, food: Cell) -> bool {
        let head = game.snake().head();
        let board = game.board();
        let (width, height) = (board.width(), board.height());
        let view = TailView::new(game);
        let mut distances = match source {
            FoodSource::Path(path) => {
                self.candidate.clear();
                self.candidate.extend_from_slice(path);
                if self.look_ahead_is_safe(game) {
                    return true;
                }
                return self.lengthened_is_safe(game);
            }
            FoodSource::Distances => {
                if self.from_food.run(&view, food).is_err() {
                    return false;
                }
                let expanded = self.from_food.last_stats().expanded;
                self.count(expanded);
                self.stats.path_expanded += expanded;
                Distances::Bfs
            }
            FoodSource::Repaired(path, distances) => {
                self.best.clear();
                self.best.extend_from_slice(path);
                Distances::Repaired(distances)
            }
        };
        let repaired = matches!(distances, Distances::Repaired(_));
        // The free space a first step reaches is the food's piece of the board: every
        // step scored below reaches the food, and on the virtual-tail view a cell reaches
        // another exactly when that one reaches it back (an edge only asks whether its
        // end may be entered). One fill from the food counts it for all of them; being
        // the same for all, it orders nothing, and a repaired planner need not count it.
        let free = if repaired {
            0
        } else {
            self.from_food.map().reached() as i64
        };
        // First steps that start a shortest path from there, scored by H.
        let mut firsts: [Option<(i64, Cell)>; 4] = [None; 4];
        let mut count = 0;
        for (slot, direction) in firsts.iter_mut().zip(Direction::ALL) {
            let Some(next) = direction.apply(head, width, height) else {
                continue;
            };
            let Some(head_distance) = distances.get(&self.from_food, board, next) else {
                continue;
            };
            *slot = Some((free - i64::from(head_distance), next));
            count += 1;
        }
        if count == 0 && !repaired {
            return false;
        }
        // The distances from the tail only order the steps: a lone step needs none.
        let tail = game.snake().tail();
        if count > 1 && tail != head {
            let targets = firsts.map(|first| first.map(|(_, cell)| cell));
            if let Some(tail_distances) = self.tail_distances(&view, tail, targets, repaired) {
                for (first, tail_distance) in firsts.iter_mut().zip(tail_distances) {
                    if let Some((score, _)) = first {
                        *score += tail_distance.map_or(0, i64::from);
                    }
                }
            }
        }
        // Best H first; the sort is stable, so ties keep the direction order.
        firsts.sort_by_key(|first| std::cmp::Reverse(first.map(|(score, _)| score)));
        let mut have_best = repaired;
        // Whether `self.best` still holds the repaired planner's path, untried.
        let mut raw_untested = repaired;
        for (i, first) in firsts.iter().enumerate() {
            let Some((_, first)) = *first else {
                break;
            };
            let whole = compress(
                &view,
                first,
                &mut self.candidate,
                &mut self.on_path,
                |cell| distances.get(&self.from_food, board, cell),
            );
            debug_assert!(whole || repaired, "BFS distances lead to the food");
            if !whole {
                continue;
            }
            if self.look_ahead_is_safe(game) {
                return true;
            }
            if i == 0 || !have_best || raw_untested {
                self.best.clear();
                self.best.extend_from_slice(&self.candidate);
                have_best = true;
                raw_untested = false;
            }
        }
        if raw_untested {
            // No compressed path reached the food: the planner's own path, as it is.
            std::mem::swap(&mut self.candidate, &mut self.best);
            if self.look_ahead_is_safe(game) {
                return true;
            }
        }
        if repaired {
            // The few first steps the planner's values vouch for all failed: score every
            // first step, as from BFS distances. This is the only search for the food that
            // covers the board, and it runs only on such moves.
            return self.food_path(game, FoodSource::Distances, food);
        }
        if !have_best {
            return false;
        }
        std::mem::swap(&mut self.candidate, &mut self.best);
        self.lengthened_is_safe(game)
    }

    /// Distances from the tail on `view` to each of `targets`: read from a breadth-first
    /// search of everything the tail reaches, or, with `bounded`, from an A* search
    /// towards the head that stops once it has them (the same distances, fewer cells).
    pub(super) fn tail_distances(
        &mut self,
        view: &TailView<&Game>,
        tail: Cell,
        targets: [Option<Cell>; 4],
        bounded: bool,
    ) -> Option<[Option<u32>; 4]> {
        if bounded {
            let (distances, expanded) = self.toward_head.run(view, tail, targets)?;
            self.count(expanded);
            return Some(distances);
        }
        let searched = self.from_tail.run(view, tail).is_ok();
        self.count(self.from_tail.last_stats().expanded);
        let map = self.from_tail.map();
        let board = view.board();
        searched.then(|| targets.map(|target| target.and_then(|cell| map.get(board.index(cell)))))
    }

    /// Lengthens `self.candidate` by Liu's extension and runs the look-ahead on it.
    pub(super) fn lengthened_is_safe(&mut self, game: &Game) -> bool {
        let length = self.candidate.len();
        if length < 2 {
            return false;
        }
        let (board, snake) = (game.board(), game.snake());
        extend_path(board, snake, None, &mut self.candidate, &mut self.on_path);
        self.candidate.len() > length && self.look_ahead_is_safe(game)
    }
}

/// Where the distances to the food come from: a breadth-first search's map, or a
/// repaired planner's values.
pub(super) enum Distances<'p> {
    Bfs,
    Repaired(&'p mut dyn FnMut(Cell) -> Option<u32>),
}

impl Distances<'_> {
    /// The distance of `cell` to the food, if known.
    pub(super) fn get(&mut self, bfs: &BfsReach, board: &Board, cell: Cell) -> Option<u32> {
        match self {
            Distances::Bfs => bfs.map().get(board.index(cell)),
            Distances::Repaired(distances) => distances(cell),
        }
    }
}

/// A shortest path to the food through `first` rebuilt from `distance` (to the food)
/// ("compressed" against obstacles): each step after `first` goes to the candidate with
/// the most blocked neighbours (walls, body, the board's edge, the path so far), then
/// straight on. The path hugs what is already closed off and leaves the open space in one
/// piece. Leaves it in `candidate`; `false` when the distances run out before the food.
pub(super) fn compress(
    view: &TailView<&Game>,
    first: Cell,
    candidate: &mut Vec<Cell>,
    on_path: &mut Vec<bool>,
    mut distance: impl FnMut(Cell) -> Option<u32>,
) -> bool {
    let board = view.board();
    let (width, height) = (board.width(), board.height());
    let head = view.snake().head();
    candidate.clear();
    candidate.push(head);
    candidate.push(first);
    if on_path.len() < board.cells() {
        on_path.resize(board.cells(), false);
    }
    on_path[board.index(head)] = true;
    on_path[board.index(first)] = true;
    let mut previous = Direction::between(head, first);
    let mut current = first;
    let mut left = distance(current);
    while let Some(step) = left.filter(|&d| d > 0) {
        let mut best: Option<(Cell, Direction, i64)> = None;
        for direction in Direction::ALL {
            let Some(next) = direction.apply(current, width, height) else {
                continue;
            };
            if distance(next) != Some(step - 1) {
                continue;
            }
            let mut blocked = 0;
            for side in Direction::ALL {
                blocked += match side.apply(next, width, height) {
                    None => 1,
                    Some(cell) => i64::from(!view.enterable(cell) || on_path[board.index(cell)]),
                };
            }
            let score = 2 * blocked + i64::from(previous == Some(direction));
            if best.is_none_or(|(.., best_score)| score > best_score) {
                best = Some((next, direction, score));
            }
        }
        let Some((next, direction, _)) = best else {
            break;
        };
        on_path[board.index(next)] = true;
        candidate.push(next);
        previous = Some(direction);
        current = next;
        left = Some(step - 1);
    }
    for &cell in candidate.iter() {
        on_path[board.index(cell)] = false;
    }
    left == Some(0)
}
