//! The look-ahead engine's decision: eight rules, tried in order, the first that finds a
//! move playing it. Each rule is a method of its own here, named for what it does.

use super::*;

/// What every rule reads of the position being decided.
pub(super) struct Turn {
    head: Cell,
    /// The move number, counted by the agent.
    now: u64,
    length: usize,
    free: usize,
    /// Few enough empty cells for the exact endgame search.
    endgame: bool,
}

impl Safety {
    /// Liu's decision, with alternatives before giving up on the food: take a food path
    /// if a look-ahead snake that followed it and ate can still reach its tail (or has
    /// filled the board; near the end, can surely eat the next food); else keep to the
    /// last such path; else, near the end, search the snake's own moves for a way to eat
    /// that passes the same check; else follow the tail the long way; else the move with
    /// the most free space. Past a quarter of a full board, a cycle through the body and
    /// every empty cell, once one is found, hands the game to the reclosing rule, which
    /// the caller asks first ([`follow_cycle`](Safety::follow_cycle)); a snake that
    /// circles looks for a way out. See [`SafeAgent`](super::SafeAgent) for the rule in
    /// full.
    pub(in crate::snake::agents) fn decide(
        &mut self,
        game: &Game,
        plan: FoodPlan<'_>,
    ) -> Direction {
        let turn = self.turn(game);
        if let Some(direction) = self.hand_over_on_a_cycle(game, &turn) {
            return direction;
        }
        self.judge = self.judge_for(game, &turn);
        if let Some(direction) = self.checked_food_path(game, &turn, plan) {
            return direction;
        }
        if let Some(direction) = self.path_checked_before(game, &turn) {
            return direction;
        }
        if let Some(direction) = self.way_out_of_a_loop(game, &turn) {
            return direction;
        }
        if let Some(direction) = self.exact_endgame(game, &turn) {
            return direction;
        }
        if let Some(direction) = self.shake_up(game, &turn) {
            return direction;
        }
        if let Some(direction) = self.tail_the_long_way(game, &turn) {
            return direction;
        }
        self.most_room_keeping_the_tail(game)
    }

    /// Reads the position, and drops the committed path's first cell if the head has just
    /// moved onto it (the whole path if it has not).
    fn turn(&mut self, game: &Game) -> Turn {
        let head = game.snake().head();
        if self.committed.first() == Some(&head) {
            self.committed.remove(0);
        } else {
            self.committed.clear();
            self.committed_judge = None;
        }
        let length = game.snake().len();
        let free = game.board().free_cells();
        Turn {
            head,
            now: self.clock.now(),
            length,
            free,
            endgame: free - length <= EXACT_EMPTY + 1,
        }
    }

    /// Rule 1: once the empty cells are few enough, look for a cycle through the body and
    /// every empty cell now and then, and on finding one hand the game to the reclosing
    /// rule.
    fn hand_over_on_a_cycle(&mut self, game: &Game, turn: &Turn) -> Option<Direction> {
        let empty = turn.free - turn.length;
        let close_empty = CLOSE_EMPTY.max(turn.free * CLOSE_SHARE.0 / CLOSE_SHARE.1);
        // With many empty cells a search costs more and the snake can wait: look every
        // few moves there, every other move once the empty cells are fewer (the position
        // changes little in one move, and neither does the search's answer).
        let every = if empty <= close_empty / 2 {
            2
        } else {
            CLOSE_EVERY
        };
        let due = turn.now % every == 0;
        if empty <= close_empty && due && self.close(game, empty) {
            return self.hand_over(game);
        }
        None
    }

    /// How meals that leave few empty cells are judged this move: one step more leniently
    /// than the last time the endgame search went through every position for this food
    /// and length without finding a way to eat; else as strictly as possible.
    fn judge_for(&self, game: &Game, turn: &Turn) -> Judge {
        match self.given_up {
            Some((food, at_length, judge))
                if game.food() == Some(food) && at_length == turn.length =>
            {
                judge.weaker()
            }
            _ => Judge::Sure,
        }
    }

    /// Rule 2: the first move of the food path the planner found, rebuilt as a
    /// compressed path, if a look-ahead snake that follows it and eats passes the check.
    fn checked_food_path(
        &mut self,
        game: &Game,
        turn: &Turn,
        plan: FoodPlan<'_>,
    ) -> Option<Direction> {
        let source = match plan {
            FoodPlan::Path(Some(path)) if path.len() >= 2 => FoodSource::Path(path),
            FoodPlan::Repaired(Some(path), distances) if path.len() >= 2 => {
                FoodSource::Repaired(path, distances)
            }
            FoodPlan::Path(_) | FoodPlan::Repaired(..) => return None,
            FoodPlan::Distances => FoodSource::Distances,
        };
        let food = game.food()?;
        // Once the snake has gone more moves than there are free cells without eating,
        // a new path replaces the one being followed only if it is no longer than what
        // is left of it: the moves to the food then fall with every move, and the
        // snake eats. Scoring first steps afresh each move can otherwise send it round
        // one loop for ever, every step's path passing the check. Earlier, the fresh
        // choice is worth its detours, and so is a fresh path of the same length later.
        let waited = turn.now > self.last_meal + turn.free as u64;
        let following = waited && self.committed.last() == Some(&food);
        if self.food_path(game, source, food)
            && (!following || self.candidate.len() <= self.committed.len() + 1)
        {
            self.committed.clear();
            self.committed.extend_from_slice(&self.candidate[1..]);
            self.committed_judge = Some(self.judge);
            return Some(
                Direction::between(self.candidate[0], self.candidate[1])
                    .expect("paths step between neighbours"),
            );
        }
        None
    }

    /// Rule 3: the next move of a food path checked on an earlier move, which is still
    /// safe: nothing but the snake moved. Forgets the path otherwise.
    fn path_checked_before(&mut self, game: &Game, turn: &Turn) -> Option<Direction> {
        if let Some(&next) = self.committed.first() {
            if self.committed.last() == game.food().as_ref() {
                if let Some(direction) = Direction::between(turn.head, next) {
                    return Some(direction);
                }
            }
        }
        self.committed.clear();
        self.committed_judge = None;
        None
    }

    /// Rule 4: a snake that circles keeps refusing the same meals in the same positions.
    /// Any meal after which the tail stays in reach is progress: look for a cycle to
    /// hand over on, then search the snake's own moves for such a meal.
    fn way_out_of_a_loop(&mut self, game: &Game, turn: &Turn) -> Option<Direction> {
        let food = game.food()?;
        if turn.now < self.rescue_wait || !self.guard.circling(game, turn.now, self.last_meal) {
            return None;
        }
        if self.close(game, RESCUE_CLOSE_CAP) {
            if let Some(direction) = self.hand_over(game) {
                return Some(direction);
            }
        }
        let judge = self.judge;
        let mut found = false;
        // Near the end, where one wrong meal loses the game, search long for the
        // surest meal; then any after which the tail stays in reach.
        if turn.endgame {
            for rescue_judge in [Judge::Sure, Judge::Likely, Judge::Hopeful] {
                self.judge = rescue_judge;
                found = self.endgame_within(game, food, RESCUE_BUDGET);
                if found {
                    break;
                }
            }
        }
        if !found {
            self.judge = Judge::Tail;
            found = self.endgame_within(game, food, ENDGAME_BUDGET);
        }
        self.judge = judge;
        if found {
            self.committed.extend_from_slice(&self.sequence);
            self.committed_judge = None;
            return Some(
                Direction::between(turn.head, self.sequence[0])
                    .expect("the search steps between neighbours"),
            );
        }
        // Each search that finds nothing waits twice as long for the next.
        self.rescue_backoff = (self.rescue_backoff * 2).max(1);
        self.rescue_wait = turn.now + self.rescue_backoff * turn.free as u64;
        None
    }

    /// Rule 5: with few empty cells, search the snake's own moves exactly for a sure way
    /// to eat; a search that went through every position makes the judgement more
    /// lenient from the next move, one that ran out of moves waits before it is tried
    /// again.
    fn exact_endgame(&mut self, game: &Game, turn: &Turn) -> Option<Direction> {
        let food = game
            .food()
            .filter(|_| turn.endgame && self.judge != Judge::Tail)?;
        let waiting = matches!(self.retry, Some((retry_food, retry_length, at))
            if (retry_food, retry_length) == (food, turn.length) && turn.now < at);
        if waiting {
            return None;
        }
        if self.endgame(game, food) {
            self.committed.extend_from_slice(&self.sequence);
            self.committed_judge = None;
            return Some(
                Direction::between(turn.head, self.sequence[0])
                    .expect("the search steps between neighbours"),
            );
        }
        if self.nodes_left > 0 {
            // Every position was tried: judge more leniently from the next move.
            self.given_up = Some((food, turn.length, self.judge));
        } else {
            let free = game.board().free_cells() as u64;
            self.retry = Some((food, turn.length, turn.now + RETRY_FACTOR * free));
        }
        None
    }

    /// Rule 6: circling without eating, the shape repeats, and so would the refusals:
    /// shake it up with any move that keeps the tail in reach.
    fn shake_up(&mut self, game: &Game, turn: &Turn) -> Option<Direction> {
        if turn.now > self.last_meal + game.board().free_cells() as u64 {
            return self.shuffle(game, turn.endgame);
        }
        None
    }

    /// Rule 7: follow the tail, the long way round, unless the first step eats (the tail
    /// would then stay put).
    fn tail_the_long_way(&mut self, game: &Game, turn: &Turn) -> Option<Direction> {
        let tail = game.snake().tail();
        let view = Walled {
            view: TailView::new(game),
            wall: game.food().filter(|_| turn.endgame),
        };
        let found = tail != turn.head && self.scratch().longest_path(&view, turn.head, tail);
        if found && self.path.len() >= 2 && game.food() != Some(self.path[1]) {
            return Some(
                Direction::between(self.path[0], self.path[1])
                    .expect("paths step between neighbours"),
            );
        }
        None
    }

    /// Rule 8, last: keep the tail in reach if any move does, eating if only that does,
    /// and among those the move with the most room. A snake that reaches its tail can
    /// follow it for ever, while a move that loses the tail for more room is how a snake
    /// walks into a dead end.
    fn most_room_keeping_the_tail(&mut self, game: &Game) -> Direction {
        let mut keeps = self.tail_keeping_moves(game);
        if !keeps.contains(&true) {
            keeps = [true; 4];
        }
        let (direction, expanded) =
            most_free_space(game, &TailView::new(game), &mut self.flood, keeps);
        self.count(expanded);
        direction
    }
}
