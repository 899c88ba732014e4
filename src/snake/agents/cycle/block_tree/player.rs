//! The player that drives in blocks: plans, detours, look-ahead and rollouts.

use super::*;
use crate::snake::manhattan;

/// The block-tree player over plain cell indices, in a frame where the snake drives on
/// the right (the board mirrored when it drives on the left).
#[derive(Debug)]
pub(crate) struct TreePlayer {
    pub(super) mirrored: bool,
    pub(super) body: Body,
    pub(super) trial: Body,
    pub(super) sets: DisjointSets,
    pub(super) tree_test: TreeTest,
    pub(super) view: TreeView,
    pub(super) search: TimedSearch,
    /// Nodes expanded by the last decision's searches.
    pub(crate) last_expanded: u64,
    /// Searches the last decision ran.
    pub(crate) last_searches: u64,
    /// Whether a plan that would shut off part of the board turns toward it first.
    pub(super) detours: bool,
    /// How plans become moves.
    pub(super) rule: Rule,
    /// The view and search that weigh a board after a plan.
    pub(super) outlook_view: TreeView,
    pub(super) outlook_search: TimedSearch,
    /// The plan through the other move.
    pub(super) alternative: Vec<u32>,
    /// The plan being tested, kept from move to move.
    pub(super) plan: Vec<u32>,
    /// How the last plan chose its move.
    pub(super) chosen_by: ChosenBy,
    /// Whether the committed moves are a detour, each tested before it is played (a plan
    /// to the food passed its test at the end, and its moves are played as they are).
    pub(super) checked_commit: bool,
    /// The moves (board cells) of the meal the rollouts chose still to come, last first,
    /// the food they go for, and the body (board cells, head first) they expect next.
    pub(super) committed: Vec<u32>,
    pub(super) committed_food: u32,
    pub(super) replay_body: VecDeque<u32>,
    /// Scratch of the rollouts: the moves played, and the first rollout's moves.
    pub(super) rollout_moves: Vec<u32>,
    pub(super) first_rollout: Vec<u32>,
    /// Outlooks already worked out, by the body after the meal.
    pub(super) outlooks: OutlookMemo,
    /// The body last loaded (board cells, head first), and whether it passed the safety
    /// test and `body` still holds it.
    pub(super) loaded: Vec<u32>,
    pub(super) loaded_passes: bool,
}

/// How [`TreePlayer::plan_move`] chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ChosenBy {
    /// The first step of a plan to the food that passes the safety test.
    Plan,
    /// The first step toward a pocket the plan would shut off.
    Detour,
    /// A move that passes the test, without a whole path behind it.
    Fallback,
}

/// The last few outlooks worked out, each with the body after the meal it is for (frame
/// cells, head first). The outlook depends on that body alone, and consecutive plans of
/// a meal often end in the same body (the plan after a move is usually the rest of the
/// plan before it, and a rollout ends where its last plan does), so about half the
/// outlook searches are answered here.
#[derive(Clone, Debug, Default)]
pub(super) struct OutlookMemo {
    pub(super) entries: Vec<(Vec<u32>, u64)>,
    /// The entry the next new outlook replaces.
    pub(super) next: usize,
}

impl OutlookMemo {
    pub(super) const ENTRIES: usize = 4;

    pub(super) fn get(&self, body: &VecDeque<u32>) -> Option<u64> {
        self.entries
            .iter()
            .find(|(cells, _)| cells.len() == body.len() && cells.iter().eq(body.iter()))
            .map(|&(_, outlook)| outlook)
    }

    pub(super) fn insert(&mut self, body: &VecDeque<u32>, outlook: u64) {
        if self.entries.len() < Self::ENTRIES {
            self.entries.push((Vec::with_capacity(body.len()), 0));
        }
        let entry = &mut self.entries[self.next];
        entry.0.clear();
        entry.0.extend(body.iter());
        entry.1 = outlook;
        self.next = (self.next + 1) % Self::ENTRIES;
    }

    #[cfg(test)]
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.next = 0;
    }
}

impl TreePlayer {
    /// A player for `layout` and `body` (head first, board cells), or `None` when the
    /// blocks do not fit the board or the body drives on neither side. Where the blocks
    /// are not all 2×2 it plays [`Rule::Committed`] (see [`BlockTreeAgent`], "Other cuts into
    /// blocks").
    pub(crate) fn new(layout: &Layout, body: &[u32]) -> Option<Self> {
        for mirrored in [false, true] {
            let frame = if mirrored {
                layout.mirrored()
            } else {
                layout.clone()
            };
            // A mirror image keeps the blocks: a cut of one frame, mirrored, is a cut of the
            // other.
            let moves = BlockMoves::new(frame)?;
            let rule = if moves.square() {
                Rule::RolledOut
            } else {
                Rule::Committed
            };
            let mut player = TreePlayer {
                mirrored,
                body: Body::default(),
                trial: Body::default(),
                sets: DisjointSets::default(),
                tree_test: TreeTest::default(),
                search: TimedSearch::default(),
                view: TreeView::new(moves.clone()),
                last_expanded: 0,
                last_searches: 0,
                detours: true,
                rule,
                outlook_view: TreeView::new(moves.clone()),
                outlook_search: TimedSearch::default(),
                alternative: Vec::new(),
                plan: Vec::new(),
                chosen_by: ChosenBy::Fallback,
                checked_commit: false,
                committed: Vec::new(),
                committed_food: NONE,
                replay_body: VecDeque::new(),
                outlooks: OutlookMemo::default(),
                loaded: Vec::new(),
                loaded_passes: false,
                rollout_moves: Vec::new(),
                first_rollout: Vec::new(),
            };
            if player.load(body) {
                return Some(player);
            }
        }
        None
    }

    pub(super) fn frame(&self, cell: u32) -> u32 {
        if self.mirrored {
            self.view.moves.layout().mirror(cell)
        } else {
            cell
        }
    }

    /// Loads the body (head first, board cells); `false` if it fails the safety test.
    ///
    /// A body one move on from the last one loaded, which passed, and not moved since
    /// (as from one decision to the next) is moved by its new head alone, and tested by
    /// [`Body::passes_after_move`]. The body the lean rule's played-back moves have left
    /// loaded ([`replay`](Self::replay)) is kept as it is.
    pub(super) fn load(&mut self, body: &[u32]) -> bool {
        if self.rule.commits() && self.loaded_passes && body == &self.loaded[..] {
            return true;
        }
        let moves = &self.view.moves;
        let last = &self.loaded;
        let follows = self.loaded_passes
            && !body.is_empty()
            && (body.len() == last.len() || body.len() == last.len() + 1)
            && body[0] != last[0]
            && body[1..] == last[..body.len() - 1];
        let passes = if follows {
            let eats = body.len() > last.len();
            let head = self.frame(body[0]);
            let passes = self.body.may_enter(head, eats)
                && self
                    .body
                    .passes_after_move(moves, head, eats, &mut self.tree_test);
            self.body.advance(moves, head, eats);
            passes
        } else {
            self.body.clear(moves);
            for &cell in body.iter().rev() {
                let cell = self.frame(cell);
                self.body.push_head(moves, cell);
            }
            self.body.has_cycle(moves, &mut self.tree_test)
        };
        self.loaded.clear();
        self.loaded.extend_from_slice(body);
        self.loaded_passes = passes;
        passes
    }

    /// The next cell (a board cell) for the body (head first), or `None` if the body fails
    /// the safety test, which the agent's own moves never cause: the next move of the
    /// meal a rollout chose, or of the plan or detour the lean rule committed to, while
    /// the position is the one it leads to; else the plan's move, weighed by rollouts
    /// against the other move when both pass the test.
    pub(crate) fn decide(&mut self, body: &[u32], food: Option<u32>) -> Option<u32> {
        self.last_expanded = 0;
        self.last_searches = 0;
        if let Some(next) = self.replay(body, food) {
            return Some(next);
        }
        self.committed.clear();
        let next = self.decide_by_plan(body, food)?;
        let Some(food) = food else {
            return Some(next);
        };
        if self.rule.commits() {
            if next != food && self.chosen_by != ChosenBy::Fallback {
                self.commit(body, next, food);
            }
            return Some(next);
        }
        if !self.rule.rolls_out() || next == food {
            return Some(next);
        }
        // The other move, if it passes the safety test (the body is still loaded).
        let moves = &self.view.moves;
        let head = self.body.cells[0];
        let other = if self.frame(next) == moves.inside(head) {
            moves.outside(head)
        } else {
            moves.inside(head)
        };
        if other == NONE || !self.passes(other, Some(self.frame(food))) {
            return Some(next);
        }
        let other = self.frame(other);
        let mine = self.rollout(body, next, food);
        std::mem::swap(&mut self.first_rollout, &mut self.rollout_moves);
        let theirs = self.rollout(body, other, food);
        let chosen = if theirs < mine {
            &self.rollout_moves
        } else {
            &self.first_rollout
        };
        self.committed.clear();
        self.committed.extend(chosen.iter().rev());
        let first = self.committed.pop().expect("a rollout makes a move");
        self.committed_food = food;
        self.replay_body.clear();
        self.replay_body.extend(body);
        self.replay_body.pop_back();
        self.replay_body.push_front(first);
        Some(first)
    }

    /// Commits the lean rule to the rest of the path whose first move, `next`, it has just
    /// chosen from `body`: the plan to `food`, or the detour's path.
    ///
    /// The body moves on with the committed moves, so that the safety test can judge a
    /// detour's next move and the load after the meal is the last move's alone.
    pub(super) fn commit(&mut self, body: &[u32], next: u32, food: u32) {
        self.checked_commit = self.chosen_by == ChosenBy::Detour;
        let path = if self.checked_commit {
            &self.search.path
        } else {
            &self.plan
        };
        let layout = self.view.moves.layout();
        let mirrored = self.mirrored;
        self.committed.extend(path[2..].iter().rev().map(|&cell| {
            if mirrored {
                layout.mirror(cell)
            } else {
                cell
            }
        }));
        self.committed_food = food;
        self.replay_body.clear();
        self.replay_body.extend(body);
        self.replay_body.pop_back();
        self.replay_body.push_front(next);
        let cell = self.frame(next);
        self.body.advance(&self.view.moves, cell, false);
        // Along a plan the body may fail the test before the meal (the plan passed it at
        // its end), and `loaded` is not kept move by move.
        self.loaded_passes = false;
    }

    /// The next move of the meal the rollouts chose, or of the lean rule's committed path,
    /// if `body` and `food` are where those moves have led; a detour's move only if it
    /// passes the safety test.
    pub(super) fn replay(&mut self, body: &[u32], food: Option<u32>) -> Option<u32> {
        if food != Some(self.committed_food) || !self.replay_body.iter().eq(body.iter()) {
            return None;
        }
        let Some(&next) = self.committed.last() else {
            // Only a detour ends before the meal (a plan or a rollout ends on the food): its
            // moves all passed, so the body is loaded and passes.
            if self.checked_commit {
                self.end_detour(body);
            }
            return None;
        };
        let eats = Some(next) == food;
        if self.rule.commits() {
            let cell = self.frame(next);
            if self.checked_commit && !self.passes(cell, food.map(|food| self.frame(food))) {
                self.committed.clear();
                self.end_detour(body);
                return None;
            }
            self.body.advance(&self.view.moves, cell, eats);
        }
        self.committed.pop();
        if !eats {
            self.replay_body.pop_back();
        }
        self.replay_body.push_front(next);
        if self.rule.commits() && eats {
            // A plan passes the test at its end, and a detour at every move.
            self.loaded.clear();
            self.loaded.extend(self.replay_body.iter());
            self.loaded_passes = true;
        }
        Some(next)
    }

    /// Ends a detour at `body`, the body its played moves have loaded (which passes the
    /// safety test), so that no later position can take up its moves again.
    pub(super) fn end_detour(&mut self, body: &[u32]) {
        self.loaded.clear();
        self.loaded.extend_from_slice(body);
        self.loaded_passes = true;
        self.replay_body.clear();
        self.checked_commit = false;
    }

    /// Plays [`decide_by_plan`](Self::decide_by_plan) from `body` (board cells, head
    /// first), moving first to `first`, until the snake eats `food`, the moves into
    /// `rollout_moves`; the moves times [`BlockTreeAgent::ROLLOUT_STEP_COST`] plus the
    /// outlook after the meal, in sixteenths of a cost unit, or `u64::MAX` if the snake
    /// has not eaten within four times the board's cells (which following its cycle
    /// always does) or the rule gives no move.
    ///
    /// The body is moved in place rather than loaded again at each move: every move the
    /// rule makes passes the safety test, so the test a load would run holds.
    pub(super) fn rollout(&mut self, body: &[u32], first: u32, food: u32) -> u64 {
        if !self.load(body) {
            return u64::MAX;
        }
        // The body moves on from the one loaded.
        self.loaded_passes = false;
        self.rollout_moves.clear();
        let bound = 4 * self.view.moves.layout().len();
        let step = 16 * BlockTreeAgent::ROLLOUT_STEP_COST;
        let mut next = first;
        loop {
            self.rollout_moves.push(next);
            let eats = next == food;
            let cell = self.frame(next);
            self.body.advance(&self.view.moves, cell, eats);
            if eats {
                break;
            }
            if self.rollout_moves.len() > bound {
                return u64::MAX;
            }
            // The view showed the body before this move from the rollout's second plan on.
            let moved = self.rollout_moves.len() > 1;
            let Some(decided) = self.plan_move(Some(food), moved) else {
                return u64::MAX;
            };
            next = decided;
        }
        self.trial.copy_from(&self.body);
        let outlook = self.outlook_after_trial(self.frame(food));
        step * self.rollout_moves.len() as u64 + outlook
    }

    /// The move [`decide`](Self::decide) makes without rollouts: the first step of the
    /// plan (see [`BlockTreeAgent`], "The plan").
    pub(super) fn decide_by_plan(&mut self, body: &[u32], food: Option<u32>) -> Option<u32> {
        if !self.load(body) {
            return None;
        }
        self.plan_move(food, false)
    }

    /// [`decide_by_plan`](Self::decide_by_plan) for the body already loaded, which passes
    /// the safety test.
    ///
    /// `moved` says that the view last showed the body one move before, a move that did
    /// not eat, so that it only needs the new head.
    pub(super) fn plan_move(&mut self, food: Option<u32>, moved: bool) -> Option<u32> {
        let food = food.map(|cell| self.frame(cell));
        let head = self.body.cells[0];
        let mut first_step = NONE;
        if let Some(food) = food {
            if moved {
                self.view.show_moved(&self.body);
            } else {
                self.view.show(&self.body);
            }
            for attempt in 0..BlockTreeAgent::ATTEMPTS {
                let found = self.search.plan(&self.view, head, food);
                self.last_expanded += self.search.expanded;
                self.last_searches += 1;
                if !found {
                    break;
                }
                let mut path = std::mem::take(&mut self.plan);
                path.clone_from(&self.search.path);
                let failure = self.first_failure(&path, food, false);
                let decided = match failure {
                    None if self.rule.weighs_other_move() => {
                        Some(self.weigh_alternative(&path, food))
                    }
                    None => Some(path[1]),
                    Some(_) if self.detours && attempt == 0 => self.detour(&path, food),
                    Some(_) => None,
                };
                self.chosen_by = match failure {
                    None => ChosenBy::Plan,
                    Some(_) => ChosenBy::Detour,
                };
                if let (None, Some(step)) = (decided, failure) {
                    if step > 1 && first_step == NONE {
                        first_step = path[1];
                    }
                    self.view.remove(path[step - 1], path[step]);
                }
                self.plan = path;
                if let Some(next) = decided {
                    return Some(self.frame(next));
                }
            }
        }
        self.chosen_by = ChosenBy::Fallback;
        let mut best = NONE;
        let mut best_distance = u32::MAX;
        let options = [self.view.moves.inside(head), self.view.moves.outside(head)];
        for next in options {
            if next == NONE || !self.passes(next, food) {
                continue;
            }
            let moves = &self.view.moves;
            let distance = if next == first_step {
                0
            } else if let Some(food) = food {
                1 + manhattan(moves.layout().xy(next), moves.layout().xy(food))
            } else {
                1
            };
            if distance < best_distance {
                best = next;
                best_distance = distance;
            }
        }
        // The safety test held before the move, so some move passes it.
        (best != NONE).then(|| self.frame(best))
    }

    /// The first step of `path` (which passes the safety test) or of the cheapest path to
    /// the food through the other move, whichever leaves a board where the next food is
    /// cheaper to reach on average, cost to this food included.
    pub(super) fn weigh_alternative(&mut self, path: &[u32], food: u32) -> u32 {
        let head = path[0];
        let moves = &self.view.moves;
        let other = if path[1] == moves.inside(head) {
            moves.outside(head)
        } else {
            moves.inside(head)
        };
        if other == NONE || !self.passes(other, Some(food)) {
            return path[1];
        }
        let cost = self.search.cost(food);
        let bit = 2 * head as usize + usize::from(path[1] == self.view.moves.outside(head));
        let (was_removed, any_removed) = (self.view.removed.contains(bit), self.view.any_removed);
        self.view.removed.insert(bit);
        self.view.any_removed = true;
        let found = self.search.plan(&self.view, head, food);
        self.view.removed.set(bit, was_removed);
        self.view.any_removed = any_removed;
        self.last_expanded += self.search.expanded;
        self.last_searches += 1;
        if !found {
            return path[1];
        }
        let other_cost = self.search.cost(food);
        let mut alternative = std::mem::take(&mut self.alternative);
        alternative.clone_from(&self.search.path);
        // Its first step, the other move, has just passed the test.
        let chosen = if self.first_failure(&alternative, food, true).is_some() {
            path[1]
        } else {
            // The outlook is in sixteenths of a cost unit.
            let score = |cost: u32, outlook: u64| 16 * u64::from(cost) + outlook;
            let first = score(cost, self.outlook(path, food));
            let second = score(other_cost, self.outlook(&alternative, food));
            if second < first {
                other
            } else {
                path[1]
            }
        };
        self.alternative = alternative;
        chosen
    }

    /// The mean cost (in sixteenths of the view's cost units) from the food to a free cell
    /// after the body follows `path`, the next food's cost to reach if it lands uniformly.
    pub(super) fn outlook(&mut self, path: &[u32], food: u32) -> u64 {
        let moves = &self.view.moves;
        self.trial.copy_from(&self.body);
        for &cell in &path[1..] {
            self.trial.advance(moves, cell, cell == food);
        }
        self.outlook_after_trial(food)
    }

    /// [`outlook`](Self::outlook) for the body in `trial`, its head on the food.
    pub(super) fn outlook_after_trial(&mut self, food: u32) -> u64 {
        if let Some(outlook) = self.outlooks.get(&self.trial.cells) {
            return outlook;
        }
        let outlook = self.work_out_outlook(food);
        self.outlooks.insert(&self.trial.cells, outlook);
        outlook
    }

    /// [`outlook_after_trial`](Self::outlook_after_trial) without the memo.
    pub(super) fn work_out_outlook(&mut self, food: u32) -> u64 {
        let moves = &self.view.moves;
        self.outlook_view.show(&self.trial);
        self.outlook_search.plan(&self.outlook_view, food, NONE);
        self.last_expanded += self.outlook_search.expanded;
        self.last_searches += 1;
        let search = &self.outlook_search;
        let (mut sum, mut reached, mut missed, mut farthest) = (0u64, 0u64, 0u64, 0u64);
        for cell in 0..moves.layout().len() {
            if !moves.layout().is_free(cell as u32) || self.trial.occupied.contains(cell) {
                continue;
            }
            if search.settled(cell as u32) {
                let cost = u64::from(search.cost(cell as u32));
                sum += cost;
                farthest = farthest.max(cost);
                reached += 1;
            } else {
                missed += 1;
            }
        }
        // A cell the view cannot reach yet counts as the farthest one reached.
        16 * (sum + missed * farthest) / (reached + missed).max(1)
    }

    /// The first step toward the free cell nearest the head that `path` (ending on the
    /// food) would shut off, if that step passes the safety test; `None` if the path
    /// shuts nothing off or no such step passes.
    ///
    /// After the path, blocks joined by edges the body does not fix as absent form the
    /// part of the board a cycle may still cover; free cells in blocks outside the head's
    /// part are the ones the path would shut off.
    pub(super) fn detour(&mut self, path: &[u32], food: u32) -> Option<u32> {
        let moves = &self.view.moves;
        self.trial.copy_from(&self.body);
        for &cell in &path[1..] {
            let eats = cell == food;
            if !self.trial.may_enter(cell, eats) {
                return None;
            }
            self.trial.advance(moves, cell, eats);
        }
        self.sets.reset(moves.blocks());
        let len = moves.layout().len() as u32;
        for cell in 0..len {
            let edge = moves.crossing(cell);
            if edge != NONE && self.trial.absent[edge as usize] == 0 {
                self.sets
                    .union(moves.block_of(cell), moves.block_of(moves.outside(cell)));
            }
        }
        let main = self.sets.find(moves.block_of(self.trial.cells[0]));
        let head = self.body.cells[0];
        let width = moves.layout().width;
        let head_xy = (head % width, head / width);
        let mut target = NONE;
        let mut best = u32::MAX;
        for cell in 0..len {
            if !moves.layout().is_free(cell)
                || self.trial.occupied.contains(cell as usize)
                || self.sets.find(moves.block_of(cell)) == main
            {
                continue;
            }
            let distance = manhattan(head_xy, (cell % width, cell / width));
            if distance < best {
                best = distance;
                target = cell;
            }
        }
        if target == NONE {
            return None;
        }
        let found = self.search.plan(&self.view, head, target);
        self.last_expanded += self.search.expanded;
        self.last_searches += 1;
        if !found {
            return None;
        }
        let next = *self.search.path.get(1)?;
        self.passes(next, Some(food)).then_some(next)
    }

    /// Whether moving the head to `cell` is legal and keeps the safety test true.
    pub(super) fn passes(&mut self, cell: u32, food: Option<u32>) -> bool {
        let eats = Some(cell) == food;
        self.body.may_enter(cell, eats)
            && self
                .body
                .passes_after_move(&self.view.moves, cell, eats, &mut self.tree_test)
    }

    /// BlockMoves a copy of the body along `path` (which ends on the food) and returns a step
    /// after which the move is illegal or the safety test fails, testing after the first
    /// step (unless `first_passes` says that step is known to pass) and at the end;
    /// `None` if the path passes.
    pub(super) fn first_failure(
        &mut self,
        path: &[u32],
        food: u32,
        first_passes: bool,
    ) -> Option<usize> {
        if !first_passes && !self.passes(path[1], Some(food)) {
            return Some(1);
        }
        let moves = &self.view.moves;
        self.trial.copy_from(&self.body);
        for (step, &cell) in path.iter().enumerate().skip(1) {
            let eats = cell == food;
            if !self.trial.may_enter(cell, eats) {
                return Some(step);
            }
            self.trial.advance(moves, cell, eats);
        }
        if self.trial.has_cycle(moves, &mut self.tree_test) {
            return None;
        }
        // Bisect for a step after which the test turns from passing (it passes after
        // step 1) to failing (it fails at the end): a handful of tests instead of one per
        // step, each after replaying the body, which costs less than a test.
        let (mut passing, mut failing) = (1, path.len() - 1);
        while failing - passing > 1 {
            let middle = (passing + failing) / 2;
            self.trial.copy_from(&self.body);
            for &cell in &path[1..=middle] {
                self.trial.advance(moves, cell, cell == food);
            }
            if self.trial.has_cycle(moves, &mut self.tree_test) {
                passing = middle;
            } else {
                failing = middle;
            }
        }
        Some(failing)
    }
}
