//! [`BlockTreeAgent`], the crate's strongest snake agent (also made by [`best`]): twanvl/snake's
//! cell-tree agent, driving on the right inside 2×2 blocks around a Hamiltonian cycle it
//! re-forms at every step, with an exact test that a cycle still exists before each move.
//! The rules, why it never dies on a board a cycle covers, and its cost are on the type.
//!
//! | board | rule | wins |
//! |---|---|---|
//! | even sides, walls (if any) filling whole 2×2 blocks | the block tree | every game |
//! | cut by runs of two or three columns and rows into blocks, each free, walled, or 3×3 with a wall in a corner (an odd side; single walls such as pillars) | the block tree's lean rule: each plan and detour followed to its end | every game |
//! | any other board (an odd number of free cells, walls no cut fits), or a start the blocks do not hold | [`ReclosingAgent`]'s: the shortest path to the food whenever a cycle closes round the snake after the meal | every game where a cycle (on an odd board: round all free cells but one) closes round the starting body |
//! | the free cells' colours differ by more than one, or walls cut the board | [`SafeAgent`]'s look-ahead (through [`ReclosingAgent`]) | not guaranteed; no full board exists |
//!
//! [`ReclosingAgent`]: crate::snake::ReclosingAgent
//! [`SafeAgent`]: crate::snake::SafeAgent

use std::collections::VecDeque;

use fixedbitset::FixedBitSet;

use super::clock::MoveClock;
use super::reclosing::ReclosingAgent;
use super::{direction_to, load_body};
use crate::snake::cycle::{
    BlockMoves, Constraint, CycleError, DisjointSets, HamiltonianCycle, Layout, TreeTest, NONE,
};
use crate::snake::{Agent, AgentStats, Board, Direction, Game};

/// A snake body with the tree constraints its steps imply, counted per edge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Body {
    /// Head first.
    cells: VecDeque<u32>,
    occupied: FixedBitSet,
    present: Vec<u16>,
    absent: Vec<u16>,
    /// Body cells per block.
    load: Vec<u16>,
    /// Steps that are not right-hand moves.
    invalid: u32,
    /// Edges fixed as present and blocks holding a body cell, kept as the counts change
    /// so that the safety test only has to walk the blocks.
    present_edges: u32,
    held_blocks: u32,
}

impl Body {
    fn clear(&mut self, moves: &BlockMoves) {
        self.cells.clear();
        self.occupied.clear();
        self.occupied.grow(moves.layout().len());
        self.present.clear();
        self.present.resize(2 * moves.blocks(), 0);
        self.absent.clear();
        self.absent.resize(2 * moves.blocks(), 0);
        self.load.clear();
        self.load.resize(moves.blocks(), 0);
        self.invalid = 0;
        self.present_edges = 0;
        self.held_blocks = 0;
    }

    fn copy_from(&mut self, other: &Body) {
        self.cells.clone_from(&other.cells);
        self.occupied.clone_from(&other.occupied);
        self.present.clone_from(&other.present);
        self.absent.clone_from(&other.absent);
        self.load.clone_from(&other.load);
        self.invalid = other.invalid;
        self.present_edges = other.present_edges;
        self.held_blocks = other.held_blocks;
    }

    fn count(&mut self, constraint: Constraint, by: i32) {
        // How many edges or blocks start or stop being counted when a counter moves by `by`.
        let change = |counter: &mut u16| -> i32 {
            let before = *counter;
            *counter = (before as i32 + by) as u16;
            i32::from(*counter > 0) - i32::from(before > 0)
        };
        match constraint {
            Constraint::Free => {}
            Constraint::Present(edge) => {
                let changed = change(&mut self.present[edge as usize]);
                self.present_edges = (self.present_edges as i32 + changed) as u32;
            }
            Constraint::Absent(edge) => {
                self.absent[edge as usize] = (self.absent[edge as usize] as i32 + by) as u16;
            }
            Constraint::Invalid => self.invalid = (self.invalid as i32 + by) as u32,
        }
    }

    fn push_head(&mut self, moves: &BlockMoves, cell: u32) {
        if let Some(&head) = self.cells.front() {
            self.count(moves.constraint(head, cell), 1);
        }
        self.cells.push_front(cell);
        self.occupied.insert(cell as usize);
        let load = &mut self.load[moves.block_of(cell) as usize];
        self.held_blocks += u32::from(*load == 0);
        *load += 1;
    }

    fn pop_tail(&mut self, moves: &BlockMoves) {
        let tail = self.cells.pop_back().expect("a body has a tail");
        if let Some(&next) = self.cells.back() {
            self.count(moves.constraint(tail, next), -1);
        }
        self.occupied.set(tail as usize, false);
        let load = &mut self.load[moves.block_of(tail) as usize];
        *load -= 1;
        self.held_blocks -= u32::from(*load == 0);
    }

    /// Whether the head may move to `cell`: a free cell the body does not hold, or the
    /// tail's cell when the tail moves away (no food eaten).
    fn may_enter(&self, cell: u32, eats: bool) -> bool {
        cell != NONE
            && (!self.occupied.contains(cell as usize)
                || (!eats && self.cells.len() > 1 && self.cells.back() == Some(&cell)))
    }

    /// BlockMoves the head to `cell`; the tail follows unless the snake eats.
    fn advance(&mut self, moves: &BlockMoves, cell: u32, eats: bool) {
        if !eats {
            self.pop_tail(moves);
        }
        self.push_head(moves, cell);
    }

    /// The safety test after the head moves to `cell` (which it may enter), for a body
    /// that passes it now, without moving the body: `O(1)` for most moves.
    ///
    /// The tail's step, which leaves unless the snake eats, only loosens the test, so only
    /// the head's new step can make it fail. A step that fixes an edge as present closes a
    /// cycle of such edges exactly when the block it enters holds a body cell: the body's
    /// steps between blocks all fix edges as present, so every block it holds is joined to
    /// the head's by them. A step that fixes an edge as absent disconnects the blocks
    /// exactly when no other path of edges not fixed as absent joins the two blocks of
    /// that edge, which a walk that stops on finding one settles. (No step fixes an edge
    /// the body fixes the other way: see [`has_cycle`](Self::has_cycle).)
    fn passes_after_move(
        &self,
        moves: &BlockMoves,
        cell: u32,
        eats: bool,
        test: &mut TreeTest,
    ) -> bool {
        let length = self.cells.len();
        if !eats && length == 1 {
            // The snake moves whole: no step is left to fix anything.
            return true;
        }
        let head = self.cells[0];
        // The counts once the tail has left.
        let (mut left_absent, mut left_block) = (NONE, NONE);
        if !eats {
            let tail = self.cells[length - 1];
            left_block = moves.block_of(tail);
            if let Constraint::Absent(edge) = moves.constraint(tail, self.cells[length - 2]) {
                left_absent = edge;
            }
        }
        let absent = |edge: u32| self.absent[edge as usize] - u16::from(edge == left_absent);
        match moves.constraint(head, cell) {
            Constraint::Free => true,
            Constraint::Invalid => false,
            Constraint::Present(edge) => {
                // An edge the body already crosses, even if only by the tail's step: the
                // rest of the body joins the two blocks across it only through it, or the
                // tree the body passes with would hold a cycle.
                if self.present[edge as usize] > 0 {
                    return true;
                }
                let block = moves.block_of(cell);
                self.load[block as usize] - u16::from(block == left_block) == 0
            }
            Constraint::Absent(edge) => {
                if absent(edge) > 0 {
                    return true;
                }
                let (a, b) = (moves.block_of(head), moves.block_of(moves.outside(head)));
                moves.joined(a, b, edge, |other| absent(other) == 0, test)
            }
        }
    }

    /// The safety test: some spanning tree of the blocks contains every edge the body
    /// fixes as present and none it fixes as absent ([`BlockMoves::tree_exists`]).
    ///
    /// With every step a right-hand move, the body's steps between blocks all fix edges
    /// as present, so those edges join the blocks the body holds: they form a tree, as
    /// the test asks, exactly when there is one fewer of them than of those blocks. No
    /// edge is fixed both ways: of the four right-hand steps that fix an edge (out of a
    /// block across it or staying in, from either of the two cells that face it), a step
    /// that fixes it as present and one that fixes it as absent always leave the same
    /// cell or enter the same cell, which a body's steps never do. What is left to walk is
    /// whether the edges not fixed as absent connect the blocks.
    fn has_cycle(&self, moves: &BlockMoves, test: &mut TreeTest) -> bool {
        self.invalid == 0
            && self.present_edges + 1 == self.held_blocks
            && moves.connected_without(&self.absent, test)
    }
}

/// The graph the plan runs on: right-hand moves that keep the body's block edges a tree,
/// into cells that are free when the path arrives, minus the steps a failed plan took out.
///
/// The body changes as the path goes: after `t` moves its last `t` cells have left, and
/// with them the edges their steps fixed. The search ([`TimedSearch`]) tells the view how
/// many moves a path has taken, so a cell, an edge fixed by the body, or a block the body
/// holds counts as released when the path arrives after the moves that release it.
/// Whether the whole path keeps a cycle is checked after.
#[derive(Clone, Debug)]
struct TreeView {
    moves: BlockMoves,
    /// BlockMoves until each cell is free: 0 for empty cells, 1 for the tail, the body's
    /// length for the head.
    free_after: Vec<u32>,
    /// BlockMoves until no body step fixes each edge as present, and as absent.
    present_until: Vec<u32>,
    absent_until: Vec<u32>,
    /// BlockMoves until each block holds no body cell.
    block_until: Vec<u32>,
    /// The cells `free_after` marks.
    body_cells: Vec<u32>,
    /// The moves since the last [`show`](Self::show): the times above count from it, so
    /// a path from the head starts at this many moves.
    now: u32,
    /// Each cell's four neighbours, a wall or the board's edge given as the cell past the
    /// last, whose `free_after` is `u32::MAX`: the open-cell cost looks up four entries
    /// without working out coordinates.
    neighbours: Vec<[u32; 4]>,
    /// Steps taken out: `2 * cell` for the in-block move, `2 * cell + 1` for the other.
    removed: FixedBitSet,
    /// Whether any step has been taken out since the last show: most searches have none
    /// and skip the look-ups.
    any_removed: bool,
    /// Each cell's moves side by side, for the search's inner loop.
    cell_moves: Vec<CellMoves>,
    /// Each cell's column and row, for the search's estimate.
    coordinates: Vec<(u32, u32)>,
    costs: StepCosts,
}

/// A cell's two right-hand moves ([`BlockMoves`]), kept together so that a step of the
/// search reads them at once.
#[derive(Clone, Copy, Debug)]
struct CellMoves {
    inside: u32,
    outside: u32,
    /// The edge the move out crosses, and the block it enters.
    crossing: u32,
    outside_block: u32,
}

/// Step costs of the plan (see [`BlockTreeAgent`], "The plan").
#[derive(Clone, Copy, Debug)]
struct StepCosts {
    /// Back along a block edge the body still fixes: the tree does not grow.
    back: u32,
    /// Inside a block.
    inside: u32,
    /// Into a block the body has left: the tree grows by a block.
    new_block: u32,
    /// Added on entering a cell with no wall, board edge or body cell next to it.
    open: u32,
}

impl StepCosts {
    /// The agent's costs, in half moves: small integers keep A*'s frontier in its bucket
    /// queue.
    const WEIGHED: StepCosts = StepCosts {
        back: 2,
        inside: 4,
        new_block: 5,
        open: 2,
    };
}

impl TreeView {
    /// The open-cell cost if no neighbour of `cell` is the board's edge, a wall or a body
    /// cell still held a move after a path arrives at `cell` in `arrival` moves, else 0.
    #[inline]
    fn open_cost(&self, cell: u32, arrival: u32) -> u32 {
        let touches = self.neighbours[cell as usize]
            .iter()
            .any(|&next| self.free_after[next as usize] > arrival + 1);
        if touches {
            0
        } else {
            self.costs.open
        }
    }

    fn new(moves: BlockMoves) -> Self {
        let layout = moves.layout();
        let len = layout.len();
        let edges = 2 * moves.blocks();
        let neighbours = (0..len as u32)
            .map(|cell| {
                layout.neighbours(cell).map(|next| {
                    if next == NONE || !layout.is_free(next) {
                        len as u32
                    } else {
                        next
                    }
                })
            })
            .collect();
        let mut free_after = vec![0; len + 1];
        free_after[len] = u32::MAX;
        TreeView {
            neighbours,
            free_after,
            now: 0,
            present_until: vec![0; edges],
            absent_until: vec![0; edges],
            block_until: vec![0; moves.blocks()],
            body_cells: Vec::with_capacity(len),
            removed: FixedBitSet::with_capacity(2 * len),
            any_removed: false,
            coordinates: (0..len as u32).map(|cell| layout.xy(cell)).collect(),
            cell_moves: (0..len as u32)
                .map(|cell| {
                    let outside = moves.outside(cell);
                    CellMoves {
                        inside: moves.inside(cell),
                        outside,
                        crossing: moves.crossing(cell),
                        outside_block: if outside == NONE {
                            NONE
                        } else {
                            moves.block_of(outside)
                        },
                    }
                })
                .collect(),
            moves,
            costs: StepCosts::WEIGHED,
        }
    }

    /// Shows the view the body: when each of its cells, fixed edges and blocks is
    /// released.
    fn show(&mut self, body: &Body) {
        for &cell in &self.body_cells {
            self.free_after[cell as usize] = 0;
        }
        self.now = 0;
        self.body_cells.clear();
        self.present_until.fill(0);
        self.absent_until.fill(0);
        self.block_until.fill(0);
        let length = body.cells.len() as u32;
        for (i, &cell) in body.cells.iter().enumerate() {
            let free_after = length - i as u32;
            self.free_after[cell as usize] = free_after;
            self.body_cells.push(cell);
            let block = &mut self.block_until[self.moves.block_of(cell) as usize];
            *block = (*block).max(free_after);
            // The step from this cell to the one ahead leaves with this cell.
            if i > 0 {
                self.hold_step(cell, body.cells[i - 1], free_after);
            }
        }
        self.removed.clear();
        self.any_removed = false;
    }

    /// Holds the edge the body's step from `from` to `to` fixes, either way, until
    /// `until` at least.
    fn hold_step(&mut self, from: u32, to: u32, until: u32) {
        let held = match self.moves.constraint(from, to) {
            Constraint::Present(edge) => &mut self.present_until[edge as usize],
            Constraint::Absent(edge) => &mut self.absent_until[edge as usize],
            Constraint::Free | Constraint::Invalid => return,
        };
        *held = (*held).max(until);
    }

    /// Shows the view `body` when the view last showed it one move earlier, before a move
    /// that did not eat: `O(1)` instead of [`show`](Self::show)'s `O(length + blocks)`.
    ///
    /// Release times count from the last full show, and [`now`](Self::now) moves on by
    /// one: the cells, edges and blocks the body still holds are released when they were,
    /// and only the new head and its step need times. The tail that has left keeps a time
    /// no later than `now`, which every comparison treats as released.
    fn show_moved(&mut self, body: &Body) {
        self.now += 1;
        let head = body.cells[0];
        let length = body.cells.len() as u32;
        let released = self.now + length;
        self.free_after[head as usize] = released;
        self.body_cells.push(head);
        let block = &mut self.block_until[self.moves.block_of(head) as usize];
        *block = (*block).max(released);
        if let Some(&behind) = body.cells.get(1) {
            self.hold_step(behind, head, released - 1);
        }
        self.removed.clear();
        self.any_removed = false;
    }

    fn remove(&mut self, from: u32, to: u32) {
        let outward = usize::from(to == self.moves.outside(from));
        self.removed.insert(2 * from as usize + outward);
        self.any_removed = true;
    }
}

impl TreeView {
    /// Calls `visit(next, cost)` for each step out of `cell` that a path which reached
    /// `cell` after `moves` moves may take.
    #[cfg(test)]
    fn steps(&self, cell: u32, moves: u32, mut visit: impl FnMut(u32, u32)) {
        for (next, cost) in self.step_list(cell, moves) {
            if next != NONE {
                visit(next, cost);
            }
        }
    }

    /// The steps out of `cell` that a path which reached `cell` after `moves` moves may
    /// take, as `(next, cost)`, the move inside the block first; [`NONE`] for a step it
    /// may not take.
    #[inline(always)]
    fn step_list(&self, cell: u32, moves: u32) -> [(u32, u32); 2] {
        let mut steps = [(NONE, 0); 2];
        let at = cell as usize;
        let arrival = moves + 1;
        let CellMoves {
            inside,
            outside,
            crossing: edge,
            outside_block,
        } = self.cell_moves[at];
        let removed = |bit: usize| self.any_removed && self.removed.contains(bit);
        // The head may enter a cell on the move that frees it.
        if inside != NONE
            && self.free_after[inside as usize] <= arrival
            && (edge == NONE || self.present_until[edge as usize] <= arrival)
            && !removed(2 * at)
        {
            steps[0] = (inside, self.costs.inside + self.open_cost(inside, arrival));
        }
        if outside != NONE
            && self.free_after[outside as usize] <= arrival
            && self.absent_until[edge as usize] <= arrival
            && !removed(2 * at + 1)
        {
            // Back along an edge the body still fixes, or into a block it has left.
            let edge = edge as usize;
            if self.present_until[edge] > arrival {
                steps[1] = (outside, self.costs.back + self.open_cost(outside, arrival));
            } else if self.block_until[outside_block as usize] <= arrival {
                steps[1] = (
                    outside,
                    self.costs.new_block + self.open_cost(outside, arrival),
                );
            }
        }
        steps
    }
}

/// A* over a [`TreeView`] whose labels carry, besides the cost, the moves the path took,
/// so each step is admitted by when the path actually arrives. Cells are settled once
/// (the cheapest label wins; a later but dearer arrival is not kept), so the search is a
/// heuristic for the time-dependent problem and the safety test judges its paths.
#[derive(Clone, Debug, Default)]
struct TimedSearch {
    /// By cell, side by side so that a step touches one cache line.
    labels: Vec<Label>,
    search: u32,
    open: Buckets,
    /// The last path found, start first.
    path: Vec<u32>,
    /// Cells settled by the last search.
    expanded: u64,
}

/// Dial's bucket queue of `(cell, cost)` labels by their `f`, last in first out among
/// equal `f` (the label pushed last is the deepest): the costs are small integers and
/// `f` never falls by more than the costs allow, so a ring of buckets covers every
/// label the frontier holds and push and pop take `O(1)`. Labels are not updated in
/// place: a cheaper one is pushed, and the search skips the others when they come out.
#[derive(Clone, Debug, Default)]
struct Buckets {
    levels: Vec<Vec<(u32, u32)>>,
    /// The `f` of the level popped from; no label below it is held.
    current: u32,
    len: usize,
}

impl Buckets {
    /// Empties the queue for labels whose `f` lies within `span` of the lowest held, the
    /// lowest being `start` now.
    fn reset(&mut self, span: u32, start: u32) {
        let ring = (span as usize + 1).next_power_of_two();
        if self.levels.len() != ring {
            self.levels.resize_with(ring, Vec::new);
        }
        for level in &mut self.levels {
            level.clear();
        }
        self.current = start;
        self.len = 0;
    }

    #[inline]
    fn push(&mut self, f: u32, cell: u32, cost: u32) {
        debug_assert!(f >= self.current && ((f - self.current) as usize) < self.levels.len());
        let mask = self.levels.len() - 1;
        self.levels[f as usize & mask].push((cell, cost));
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        let mask = self.levels.len() - 1;
        loop {
            if let Some(label) = self.levels[self.current as usize & mask].pop() {
                self.len -= 1;
                return Some(label);
            }
            self.current += 1;
        }
    }
}

/// What a [`TimedSearch`] knows of a cell.
#[derive(Clone, Copy, Debug, Default)]
struct Label {
    cost: u32,
    moves: u32,
    parent: u32,
    /// The search that last reached the cell, and that last settled it.
    reached: u32,
    settled: u32,
}

impl TimedSearch {
    /// The cost of the cheapest path the last search found to `cell`, if it settled it.
    fn cost(&self, cell: u32) -> u32 {
        self.labels[cell as usize].cost
    }

    /// Whether the last search settled `cell`.
    fn settled(&self, cell: u32) -> bool {
        self.labels[cell as usize].settled == self.search
    }

    /// Puts the path the last search found to `goal` (a cell it settled) into `path`.
    fn path_to(&mut self, goal: u32) {
        self.path.clear();
        let mut at = goal;
        while at != NONE {
            self.path.push(at);
            at = self.labels[at as usize].parent;
        }
        self.path.reverse();
    }

    /// Finds the cheapest path from `start` to `goal` in `view` into [`path`](Self::path);
    /// `false` if there is none. Manhattan distance times the cheapest step's cost is
    /// the estimate: consistent, since every step is a move of the board.
    fn plan(&mut self, view: &TreeView, start: u32, goal: u32) -> bool {
        let len = view.moves.layout().len();
        if self.labels.len() < len {
            self.labels.resize(len, Label::default());
        }
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            for label in &mut self.labels {
                (label.reached, label.settled) = (0, 0);
            }
            self.search = 1;
        }
        let search = self.search;
        let coordinates = &view.coordinates[..];
        let (gx, gy) = if goal == NONE {
            (0, 0)
        } else {
            coordinates[goal as usize]
        };
        let step = view
            .costs
            .back
            .min(view.costs.inside)
            .min(view.costs.new_block);
        let estimate = |cell: u32| {
            if goal == NONE {
                return 0;
            }
            let (x, y) = coordinates[cell as usize];
            step * (x.abs_diff(gx) + y.abs_diff(gy))
        };
        // A step raises f by its cost less the fall of the estimate, at most `step`.
        let costs = view.costs;
        let dearest = costs.back.max(costs.inside).max(costs.new_block) + costs.open;
        self.open.reset(dearest + step, estimate(start));
        self.expanded = 0;
        let labels = &mut self.labels[..];
        labels[start as usize] = Label {
            cost: 0,
            moves: view.now,
            parent: NONE,
            reached: search,
            settled: 0,
        };
        self.open.push(estimate(start), start, 0);
        while let Some((cell, cost)) = self.open.pop() {
            let label = &mut labels[cell as usize];
            if label.settled == search || label.cost != cost {
                // A dearer label of a cell reached again more cheaply.
                continue;
            }
            label.settled = search;
            self.expanded += 1;
            if cell == goal {
                self.path_to(goal);
                return true;
            }
            let moves = label.moves;
            for (next, step_cost) in view.step_list(cell, moves) {
                if next == NONE {
                    continue;
                }
                let label = &mut labels[next as usize];
                let cost = cost + step_cost;
                if label.settled == search || (label.reached == search && label.cost <= cost) {
                    continue;
                }
                *label = Label {
                    cost,
                    moves: moves + 1,
                    parent: cell,
                    reached: search,
                    settled: label.settled,
                };
                self.open.push(cost + estimate(next), next, cost);
            }
        }
        false
    }
}

/// The block-tree player over plain cell indices, in a frame where the snake drives on
/// the right (the board mirrored when it drives on the left).
#[derive(Debug)]
pub(crate) struct TreePlayer {
    mirrored: bool,
    body: Body,
    trial: Body,
    sets: DisjointSets,
    tree_test: TreeTest,
    view: TreeView,
    search: TimedSearch,
    /// Nodes expanded by the last decision's searches.
    pub(crate) last_expanded: u64,
    /// Searches the last decision ran.
    pub(crate) last_searches: u64,
    /// Whether a plan that would shut off part of the board turns toward it first.
    detours: bool,
    /// Whether a plan's first move is weighed against the other move by the next food's
    /// expected cost.
    lookahead: bool,
    /// The view and search that weigh a board after a plan.
    outlook_view: TreeView,
    outlook_search: TimedSearch,
    /// The plan through the other move.
    alternative: Vec<u32>,
    /// The plan being tested, kept from move to move.
    plan: Vec<u32>,
    /// Whether the first move of each meal is chosen by playing both moves out.
    rollouts: bool,
    /// Whether a plan that passes is followed to the food, and a detour to its pocket,
    /// without planning again: the lean rule of boards not cut into 2×2 blocks alone.
    commits: bool,
    /// How the last plan chose its move.
    chosen_by: ChosenBy,
    /// Whether the committed moves are a detour, each tested before it is played (a plan
    /// to the food passed its test at the end, and its moves are played as they are).
    checked_commit: bool,
    /// The moves (board cells) of the meal the rollouts chose still to come, last first,
    /// the food they go for, and the body (board cells, head first) they expect next.
    committed: Vec<u32>,
    committed_food: u32,
    replay_body: VecDeque<u32>,
    /// Scratch of the rollouts: the moves played, and the first rollout's moves.
    rollout_moves: Vec<u32>,
    first_rollout: Vec<u32>,
    /// Outlooks already worked out, by the body after the meal.
    outlooks: OutlookMemo,
    /// The body last loaded (board cells, head first), and whether it passed the safety
    /// test and `body` still holds it.
    loaded: Vec<u32>,
    loaded_passes: bool,
}

/// How [`TreePlayer::plan_move`] chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ChosenBy {
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
struct OutlookMemo {
    entries: Vec<(Vec<u32>, u64)>,
    /// The entry the next new outlook replaces.
    next: usize,
}

impl OutlookMemo {
    const ENTRIES: usize = 4;

    fn get(&self, body: &VecDeque<u32>) -> Option<u64> {
        self.entries
            .iter()
            .find(|(cells, _)| cells.len() == body.len() && cells.iter().eq(body.iter()))
            .map(|&(_, outlook)| outlook)
    }

    fn insert(&mut self, body: &VecDeque<u32>, outlook: u64) {
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
    fn clear(&mut self) {
        self.entries.clear();
        self.next = 0;
    }
}

impl TreePlayer {
    /// A player for `layout` and `body` (head first, board cells), or `None` when the
    /// blocks do not fit the board or the body drives on neither side. Where the blocks
    /// are not all 2×2 it plays the lean rule (see [`BlockTreeAgent`], "Other cuts into
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
            let lean = !moves.square();
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
                lookahead: !lean,
                outlook_view: TreeView::new(moves.clone()),
                outlook_search: TimedSearch::default(),
                alternative: Vec::new(),
                plan: Vec::new(),
                rollouts: !lean,
                commits: lean,
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

    fn frame(&self, cell: u32) -> u32 {
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
    fn load(&mut self, body: &[u32]) -> bool {
        if self.commits && self.loaded_passes && body == &self.loaded[..] {
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
        if self.commits {
            if next != food && self.chosen_by != ChosenBy::Fallback {
                self.commit(body, next, food);
            }
            return Some(next);
        }
        if !self.rollouts || next == food {
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
    fn commit(&mut self, body: &[u32], next: u32, food: u32) {
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
    fn replay(&mut self, body: &[u32], food: Option<u32>) -> Option<u32> {
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
        if self.commits {
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
        if self.commits && eats {
            // A plan passes the test at its end, and a detour at every move.
            self.loaded.clear();
            self.loaded.extend(self.replay_body.iter());
            self.loaded_passes = true;
        }
        Some(next)
    }

    /// Ends a detour at `body`, the body its played moves have loaded (which passes the
    /// safety test), so that no later position can take up its moves again.
    fn end_detour(&mut self, body: &[u32]) {
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
    fn rollout(&mut self, body: &[u32], first: u32, food: u32) -> u64 {
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
    fn decide_by_plan(&mut self, body: &[u32], food: Option<u32>) -> Option<u32> {
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
    fn plan_move(&mut self, food: Option<u32>, moved: bool) -> Option<u32> {
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
                    None if self.lookahead => Some(self.weigh_alternative(&path, food)),
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
                let (a, b) = (moves.layout().xy(next), moves.layout().xy(food));
                1 + a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
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
    fn weigh_alternative(&mut self, path: &[u32], food: u32) -> u32 {
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
    fn outlook(&mut self, path: &[u32], food: u32) -> u64 {
        let moves = &self.view.moves;
        self.trial.copy_from(&self.body);
        for &cell in &path[1..] {
            self.trial.advance(moves, cell, cell == food);
        }
        self.outlook_after_trial(food)
    }

    /// [`outlook`](Self::outlook) for the body in `trial`, its head on the food.
    fn outlook_after_trial(&mut self, food: u32) -> u64 {
        if let Some(outlook) = self.outlooks.get(&self.trial.cells) {
            return outlook;
        }
        let outlook = self.work_out_outlook(food);
        self.outlooks.insert(&self.trial.cells, outlook);
        outlook
    }

    /// [`outlook_after_trial`](Self::outlook_after_trial) without the memo.
    fn work_out_outlook(&mut self, food: u32) -> u64 {
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
    fn detour(&mut self, path: &[u32], food: u32) -> Option<u32> {
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
        let (hx, hy) = (head % width, head / width);
        let mut target = NONE;
        let mut best = u32::MAX;
        for cell in 0..len {
            if !moves.layout().is_free(cell)
                || self.trial.occupied.contains(cell as usize)
                || self.sets.find(moves.block_of(cell)) == main
            {
                continue;
            }
            let distance = hx.abs_diff(cell % width) + hy.abs_diff(cell / width);
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
    fn passes(&mut self, cell: u32, food: Option<u32>) -> bool {
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
    fn first_failure(&mut self, path: &[u32], food: u32, first_passes: bool) -> Option<usize> {
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

/// Which rule [`BlockTreeAgent`] plays by on the current board.
#[derive(Debug)]
pub(crate) enum Mode {
    /// Not decided yet: the first move sees the board and the body.
    Unset,
    /// Driving on the right in 2×2 blocks.
    Tree(Box<TreePlayer>),
    /// The blocks do not fit the board or the body: a shortest path to the food whenever
    /// a cycle closes round the snake after the meal.
    Reclosing(Box<ReclosingAgent>),
}

impl Mode {
    /// Picks the rule for `layout` and `body` (head first).
    pub(crate) fn choose(layout: &Layout, body: &[u32]) -> Mode {
        match TreePlayer::new(layout, body) {
            Some(player) => Mode::Tree(Box::new(player)),
            None => Mode::Reclosing(Box::default()),
        }
    }
}

/// Drives on the right in 2×2 blocks and re-forms its Hamiltonian cycle at every step; the
/// crate's strongest agent, also made by [`best`].
///
/// The first move looks at the board and the starting body and picks the rule (see the
/// sections below for each and why the first two never die):
///
/// 1. where the blocks fit, a shortest path to the food among right-hand moves that keep
///    some spanning tree of the blocks, and so a Hamiltonian cycle, through the body
///    (where the blocks are not all 2×2, the lean rule of "Other cuts into blocks"
///    below);
/// 2. else (an odd number of free cells, walls no cut into blocks fits)
///    [`ReclosingAgent`]'s rule: the shortest path to the food whenever a
///    Hamiltonian cycle (on an odd board, one round every free cell but one) closes
///    round the snake after the meal, else along such a cycle; where no such cycle
///    closes at all, [`SafeAgent`]'s look-ahead, which goes for the food without a
///    guarantee.
///
/// # The idea (twanvl/snake's cell-tree agent)
///
/// Cut an even board into 2×2 blocks and let the snake drive on the right inside each
/// block: from every cell there are only two moves, one that stays in the block and one
/// that leaves it. Joining blocks by the moves between them, any spanning tree of the
/// blocks gives a Hamiltonian cycle: the path of a driver who keeps the tree's edges on
/// the right hand (Twan van Laarhoven, <https://github.com/twanvl/snake>, "cell tree
/// algorithm"; the same construction builds [`HamiltonianCycle`]s on walled boards). The
/// snake does not follow one fixed cycle: it plans a path to the food among right-hand
/// moves and lets the cycle be whatever tree its body implies. (A starting body that
/// drives on the left plays on the board's mirror image, where it drives on the right.)
///
/// # The safety test
///
/// Each step of the body (from the cell behind to the cell ahead) fixes one block edge: a
/// step that leaves a block says "this edge is in the tree", a step that stays inside a
/// block where it could have left says "this edge is not". A Hamiltonian cycle of the
/// right-hand kind holds the whole body in order exactly when some spanning tree of the
/// blocks contains every edge of the first kind and none of the second, which holds
/// exactly when the first kind forms no cycle, no edge is of both kinds, and the blocks
/// stay connected without the second kind (a forest extends to a spanning tree of any
/// connected graph containing it). Disjoint sets answer this in `O(blocks)`.
///
/// The agent keeps that test true after every move. It is true at the start, and it stays
/// true along the cycle it promises (the cycle's next cell is free, and moving there keeps
/// the body in order on the same cycle), so there is always a move that passes it: the
/// agent can never be trapped, and it wins every game. Where twanvl's agent uses flood
/// fills as a heuristic for this condition, the test here is exact, which is what makes
/// the guarantee.
///
/// # The plan
///
/// Each move, A* (Manhattan distance) searches for the cheapest path (costs below) on a
/// graph view of the board whose edges are the right-hand moves into cells that are free
/// when the path arrives, out of a block only along a tree edge the body still fixes or
/// into a block the body has left (so the fixed edges stay a tree). The view knows when
/// the body releases each cell, edge and block (after as many moves as the tail needs),
/// and the search carries the moves each path has taken, so a step is admitted when the
/// path arriving by it comes late enough. (Admitting a step only once any path from the
/// head would come late enough, by the Manhattan distance, played as well: 11,184 and
/// 11,178 mean steps on the run below.) The body is then moved along the path
/// to the food (the tail moving too), and the test above is run after the first step and
/// at the end. If the end of the first plan fails, the path would shut off part of the
/// board: blocks the body could then reach only across edges it fixes as absent. The
/// agent then heads for the shut-off free cell nearest its head (Manhattan distance),
/// taking the first step of a plan to it if that step passes the test, so the snake fills
/// the pocket before it closes instead of going round it later (twanvl's "nearest
/// unreachable" detour; there the pocket is found by a flood fill, here by the exact
/// test's disjoint sets). Otherwise, and on later plans, a step where the test turns from
/// passing to failing (found by bisection, a few tests instead of one per step) is taken
/// out of the view and A* runs again, [`ATTEMPTS`](Self::ATTEMPTS) times at most. If no path
/// passes, the agent takes a move that passes the test, preferring the first step of a
/// path it found and then the move nearer the food.
///
/// A plan that passes is weighed against the other move, if that move passes the test
/// too: A* runs again without the plan's first step, and if the plan it finds passes, the
/// agent takes the first step of the plan whose cost plus the next food's expected cost
/// is lower. The next food lands uniformly on a free cell, so its expected cost is the
/// mean, over the free cells, of the cheapest path's cost from the food to the cell once
/// the body has followed the plan (one Dijkstra search on the same view, a cell it cannot
/// reach counting as the farthest it can). On 30×30 from length 1 this cut the mean steps by about 2.7% (47,563 to 46,298, 100
/// games, seed 11), on 20×20 by 0.7% (11,166 to 11,085, 100 games each on seeds 1 and 2),
/// and on 12×12 by 3.8% (24 games). Scoring the plans by moves instead of cost did worse
/// (11,180), and counting the outlook half or twice as much as the plan's cost did no
/// better (11,093 and 11,133).
///
/// # Rollouts
///
/// At the first move toward each food, if the move the plan picks and the other move both
/// pass the safety test, the agent plays its own rule out from each of them until the
/// snake eats (the food stays where it is until then, so each rollout is exactly the game
/// that would follow) and keeps the move whose rollout scores lower: its moves times
/// [`ROLLOUT_STEP_COST`](Self::ROLLOUT_STEP_COST) plus the next food's expected cost after
/// the meal, as above. The moves of the rollout it keeps are the ones its rule makes from
/// there, so it plays them back instead of planning them again, as long as the body and
/// the food are where the rollout left them. This is Bertsekas, Tsitsiklis and Wu's
/// rollout ("Rollout algorithms for combinatorial optimization", Journal of Heuristics 3,
/// 1997) applied once per meal: the rule is its own base policy. Scoring rollouts by
/// their moves alone played worse: a meal reached sooner often leaves a board where the
/// next food costs more.
///
/// Measured from length 1 on seeds other than the ones the step cost was set on (seeds
/// 101 and 201 to 203): on 20×20, 2,300 games (seeds 3 to 6 and 21, 100 games each; 31,
/// 1,000; 204 and 205, 400 each), 11,040.3 mean steps without rollouts and 10,924.7
/// with; on 30×30 (seed 11, 100 games) 46,298.2 and 45,930.2; on 8×8 from length 4 (seed
/// 3, 1,000 games) 466.3 and 461.7. On the same games with and without rollouts on
/// other seeds, rollouts saved 1.9% of the steps on 8×8 from length 4 (1,000 games), 1.5%
/// on 10×10 and 2.0% on 12×10 from length 3 (600 games each), 1.6% on 12×12 from length 1
/// (400) and 2.1% on 16×16 from length 3 (200; standard errors 0.3 to 0.5%). They double
/// the plans per meal
/// ([`without_rollouts`](Self::without_rollouts) keeps the old rule).
///
/// Steps are weighed, as in twanvl's "cell-variant" (which has back along a tree edge 1,
/// inside a block 1.5, into a new block 3.4), but with other weights: back along a tree
/// edge the body fixes 1, inside a block 2, into a block the body has left 2.5, and 1 more
/// for entering a cell with no board edge, wall or body cell next to it, so the body
/// keeps to itself and the walls and leaves fewer pockets. Measured on 20×20 from length
/// 1 (100 games, seed 1; the figures in BENCHMARKS.md are on other seeds): every step 1
/// and no detour, 12,161 mean steps; with the detour 11,610; with it and twanvl's weights
/// 11,364; weights 1, 2, 3.4: 11,358; with the open-cell cost too, 11,220; weights 1, 2,
/// 2.5 with it, 11,184. Charging per open neighbour instead, or keeping the plan out of
/// body cells until the tail has gone (as twanvl's plan does), did no better.
///
/// # Other cuts into blocks
///
/// A board with an odd side, or with walls in single cells, may still be cut into blocks
/// by runs of two or three columns and rows: where one side is odd, the blocks along it
/// take in its last row or column (3×2 or 2×3), and a 3×3 block with a wall in one
/// corner has a rim too, which cuts in through its middle cell round the wall (the
/// 10×10 with four pillars is cut so, each pillar in the corner of a 3×3 block). A
/// driver on the right goes round each rim as round a 2×2 block's, so the tree, the
/// safety test and the plan are the same. On such a board the agent plays a lean rule: a
/// plan that passes the test is followed to the food without planning again, a detour is
/// followed to the pocket's cell with each move tested before it is played (the first
/// that fails ends it), and neither the other move nor rollouts are weighed. Planning once per meal instead of once per move is what keeps
/// this rule cheap: most moves are played back. Measured (`best`, 100 games from length
/// 3 on each of seeds 1 to 3, every game won; mean steps and µs per move on two threads,
/// the lean rule against [`ReclosingAgent`]'s, which `best` played on these boards
/// before, and [`HamiltonianAgent`]'s):
///
/// | board | lean rule | [`ReclosingAgent`] | [`HamiltonianAgent`] |
/// |---|---|---|---|
/// | 9×12 | 1,267.4 / 0.55 | 1,193.7 / 2.21 | 1,873.8 / 0.32 |
/// | 12×9 | 1,272.0 / 0.55 | 1,184.9 / 2.21 | 1,885.3 / 0.34 |
/// | 7×8 | 419.2 / 0.43 | 379.8 / 1.25 | 525.8 / 0.23 |
/// | 9×10 | 918.5 / 0.52 | 856.7 / 1.82 | 1,317.7 / 0.32 |
/// | 11×12 | 1,733.0 / 0.63 | 1,680.7 / 2.78 | 2,763.8 / 0.39 |
/// | 13×14 | 2,978.9 / 0.76 | 2,963.3 / 3.82 | 5,198.2 / 0.47 |
/// | 10×10, four pillars | 1,075.3 / 0.42 | 1,028.7 / 2.40 | 1,499.3 / 0.32 |
///
/// So where the fewest steps matter more than the time, [`ReclosingAgent`] plays these
/// boards in 0.5 to 10% fewer steps at 3.5 to 6 times the time per move.
///
/// Boards no cut fits (an odd number of free cells, walls a block would hold off its
/// corners, or a starting body that drives on neither side) go to [`ReclosingAgent`],
/// which never dies either where a cycle closes round the starting body, and takes
/// shortcuts on every board.
///
/// # Complexity
///
/// Per move: at most [`ATTEMPTS`](Self::ATTEMPTS) A* searches, one more for a detour or
/// for the other move, and two Dijkstra searches to weigh the two, each over the `n`
/// cells (two successors each) in `O(n)`, the step costs being small integers that a
/// bucket queue orders (Dial's); for each path `O(n)` work to move the body along it and
/// `O(log n)` tests of `O(blocks)` each; `O(n)` to find shut-off cells. The test after a
/// single move is `O(1)` unless the move fixes a new absent edge, and the body keeps the
/// counts that spare the test a union-find. An outlook already worked out for the same
/// body after the meal (one of the last four) is not searched again. All in memory the
/// agent keeps from move to move: no allocation per search or per node. The rollouts
/// plan each meal's moves twice, once from each first move, moving the body and the view
/// by the new head alone from one plan to the next, and the moves then played back cost
/// `O(n)` each (the body is compared with the one expected): about twice the time per
/// game of the plan alone. The lean rule plans when a meal begins and when a committed
/// path ends or a detour's move fails the test, and plays the other moves back at `O(n)`
/// each (`O(1)` for the test of a detour's move).
///
/// # Example
///
/// ```
/// use replan::snake::{simulate, BlockTreeAgent, GameConfig};
///
/// let config = GameConfig::new(8, 8)?.with_start_length(4);
/// let report = simulate(BlockTreeAgent::new, &config, 5, 7)?;
/// assert_eq!(report.wins, 5);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
///
/// [`HamiltonianAgent`]: crate::snake::HamiltonianAgent
/// [`ReclosingAgent`]: crate::snake::ReclosingAgent
/// [`SafeAgent`]: crate::snake::SafeAgent
#[derive(Debug)]
pub struct BlockTreeAgent {
    /// The board last played on, and the cycle code's view of it.
    layout: Option<(Board, Layout)>,
    mode: Mode,
    body: Vec<u32>,
    stats: AgentStats,
    rollouts: bool,
    /// Tells a new game.
    clock: MoveClock,
}

/// The crate's strongest agent, ready for any board: a [`BlockTreeAgent`], which drives in
/// blocks (2×2, or of two and three cells round single walls and odd sides) where they fit
/// and plays [`ReclosingAgent`]'s rule elsewhere. It wins every game on a board where a
/// Hamiltonian cycle, or on a board with an odd number of free cells one round all free
/// cells but one, closes round the starting body, and plays [`SafeAgent`]'s look-ahead
/// where none does. Food in a dead-end corridor (a free cell
/// with one free neighbour, or a one-cell-wide passage that ends in one) cannot be eaten
/// by a snake of two or more cells that must then turn round: there the look-ahead keeps
/// its tail in reach and circles until the step cap rather than die.
///
/// [`ReclosingAgent`]: crate::snake::ReclosingAgent
/// [`SafeAgent`]: crate::snake::SafeAgent
///
/// # Example
///
/// ```
/// use replan::snake::{best, Agent, Game, GameConfig};
/// let mut game = Game::new(&GameConfig::new(6, 6)?.with_seed(1))?;
/// let mut agent = best();
/// while !game.is_over() {
///     game.step(agent.next_move(&game));
/// }
/// assert_eq!(game.snake().len(), 36);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub fn best() -> BlockTreeAgent {
    BlockTreeAgent::new()
}

impl Default for BlockTreeAgent {
    fn default() -> Self {
        Self::new()
    }
}

impl BlockTreeAgent {
    /// How many paths a move may plan before it settles for a move that passes the safety
    /// test without a whole path behind it.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(replan::snake::BlockTreeAgent::ATTEMPTS >= 1);
    /// ```
    pub const ATTEMPTS: usize = 4;

    /// What one move of a rollout counts for against the outlook after the meal, in the
    /// plan's cost units (half moves: a step inside a block costs 4).
    ///
    /// # Example
    ///
    /// ```
    /// assert!(replan::snake::BlockTreeAgent::ROLLOUT_STEP_COST > 0);
    /// ```
    pub const ROLLOUT_STEP_COST: u64 = 4;

    /// An agent that picks its rule at its first move.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{BlockTreeAgent, Agent};
    /// assert_eq!(BlockTreeAgent::new().name(), "block-tree");
    /// ```
    pub fn new() -> Self {
        BlockTreeAgent {
            layout: None,
            mode: Mode::Unset,
            body: Vec::new(),
            stats: AgentStats::default(),
            rollouts: true,
            clock: MoveClock::default(),
        }
    }

    /// The agent without rollouts (see "Rollouts" above): about half the time per move
    /// where the blocks fit, for about 1% more steps on 20×20 and 30×30 and 1.5 to 2% more
    /// on 8×8 to 16×16.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{simulate, BlockTreeAgent, GameConfig};
    ///
    /// let config = GameConfig::new(8, 8)?.with_start_length(4);
    /// let report = simulate(BlockTreeAgent::without_rollouts, &config, 5, 7)?;
    /// assert_eq!(report.wins, 5);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn without_rollouts() -> Self {
        BlockTreeAgent {
            rollouts: false,
            ..Self::new()
        }
    }

    /// An agent for `board`, after checking that a Hamiltonian cycle covers it (without
    /// one the agent cannot promise to win).
    ///
    /// # Errors
    ///
    /// Those of [`HamiltonianCycle::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{BlockTreeAgent, CycleError, Board};
    /// assert!(BlockTreeAgent::for_board(&Board::new(20, 20).unwrap()).is_ok());
    /// assert!(matches!(
    ///     BlockTreeAgent::for_board(&Board::new(5, 5).unwrap()),
    ///     Err(CycleError::OddCellCount { .. })
    /// ));
    /// ```
    pub fn for_board(board: &Board) -> Result<Self, CycleError> {
        HamiltonianCycle::new(board)?;
        Ok(Self::new())
    }

    /// Whether the agent drives on the right in blocks (`true`) rather than following a
    /// fixed cycle; decided at the first move.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{best, Agent, Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(6, 6)?)?;
    /// let mut agent = best();
    /// agent.next_move(&game);
    /// assert!(agent.drives_in_blocks());
    /// let game = Game::new(&GameConfig::new(5, 7)?)?;
    /// let mut agent = best();
    /// agent.next_move(&game);
    /// assert!(!agent.drives_in_blocks());
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn drives_in_blocks(&self) -> bool {
        matches!(self.mode, Mode::Tree(_))
    }
}

impl Agent for BlockTreeAgent {
    fn next_move(&mut self, game: &Game) -> Direction {
        self.stats.moves += 1;
        let board = game.board();
        // The boards' wall lists compare in one memory comparison; testing the layout's
        // bit set cell by cell cost about a thousand instructions a move on 9×12.
        let layout = match &mut self.layout {
            Some((known, layout)) if known == board => layout,
            slot => {
                self.mode = Mode::Unset;
                &slot.insert((board.clone(), Layout::from_board(board))).1
            }
        };
        self.clock.tick(game);
        if matches!(self.mode, Mode::Unset) || self.clock.new_game() {
            load_body(game, &mut self.body);
            self.mode = Mode::choose(layout, &self.body);
            if let Mode::Tree(player) = &mut self.mode {
                // The lean rule of boards not cut into 2×2 blocks alone plays no rollouts.
                player.rollouts &= self.rollouts;
            }
        }
        let food = game.food().map(|cell| board.index(cell) as u32);
        if let Mode::Tree(player) = &mut self.mode {
            load_body(game, &mut self.body);
            if let Some(next) = player.decide(&self.body, food) {
                self.stats.searches += player.last_searches;
                self.stats.expanded += player.last_expanded;
                return direction_to(game, next);
            }
            // Only a body this agent did not steer can fail the test.
            self.mode = Mode::Reclosing(Box::default());
        }
        let Mode::Reclosing(agent) = &mut self.mode else {
            unreachable!("the tree player either decides or hands over")
        };
        super::delegate(agent.as_mut(), game, &mut self.stats)
    }

    fn stats(&self) -> AgentStats {
        self.stats
    }

    fn name(&self) -> &str {
        "block-tree"
    }
}

#[cfg(test)]
mod tests_support {
    use super::*;

    /// Which of the agent's rules a test game plays with.
    #[derive(Clone, Copy)]
    pub(super) struct Rules {
        /// The detour toward cells a plan would shut off.
        pub(super) detours: bool,
        /// The agent's step costs, or every step costing one.
        pub(super) weighed: bool,
        /// Weighing the other move by the next food's expected cost.
        pub(super) lookahead: bool,
        /// Choosing the first move of each meal by playing both moves out.
        pub(super) rollouts: bool,
    }

    impl Rules {
        /// Every rule on, as the agent plays.
        pub(super) const ALL: Rules = Rules {
            detours: true,
            weighed: true,
            lookahead: true,
            rollouts: true,
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
            lookahead,
            rollouts,
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
        player.lookahead = lookahead;
        player.rollouts = rollouts;
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
}

#[cfg(test)]
mod tests {
    use super::tests_support::{play, play_with, Rules};
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

    /// Total steps over one game per seed with a rule on and with it off (`play(seed, on)`
    /// returns whether the game was won and its steps); every game must be won.
    fn steps_with_and_without(
        seeds: std::ops::Range<u64>,
        play: impl Fn(u64, bool) -> (bool, u64),
    ) -> (u64, u64) {
        let (mut with, mut without) = (0, 0);
        for seed in seeds {
            for (on, total) in [(true, &mut with), (false, &mut without)] {
                let (won, steps) = play(seed, on);
                assert!(won, "seed {seed}, rule on: {on}");
                *total += steps;
            }
        }
        (with, without)
    }

    #[test]
    fn weighed_steps_save_steps() {
        // As for detours: whole games on a board and seeds the costs were not tuned on.
        let (weighed, unit) = steps_with_and_without(100..112, |seed, on| {
            play_with(
                16,
                16,
                &[0],
                seed,
                Rules {
                    weighed: on,
                    ..Rules::ALL
                },
            )
        });
        assert!(
            weighed * 100 < unit * 99,
            "{weighed} steps with weighed steps, {unit} with unit steps"
        );
    }

    #[test]
    fn weighing_the_other_move_by_the_next_food_saves_steps() {
        // Whole games from length 1 on a board and seeds the rule was not tuned on; the
        // gain is largest on small boards, so few games tell it from noise. Rollouts,
        // which weigh the first move of each meal by the same outlook, are off in both.
        let (with, without) = steps_with_and_without(100..124, |seed, on| {
            play_with(
                12,
                12,
                &[0],
                seed,
                Rules {
                    lookahead: on,
                    rollouts: false,
                    ..Rules::ALL
                },
            )
        });
        assert!(
            with * 100 < without * 98,
            "{with} steps weighing the other move, {without} without"
        );
    }

    #[test]
    fn detours_toward_shut_off_cells_save_steps() {
        // Over whole games from length 1, on a board and seeds the costs were not tuned on.
        let (with, without) = steps_with_and_without(100..106, |seed, on| {
            play_with(
                16,
                16,
                &[0],
                seed,
                Rules {
                    detours: on,
                    ..Rules::ALL
                },
            )
        });
        assert!(
            with * 100 < without * 98,
            "{with} steps with detours, {without} without"
        );
    }

    #[test]
    fn without_rollouts_no_move_is_played_back() {
        use crate::snake::{Agent, Game, GameConfig};
        for (mut agent, rollouts) in [
            (BlockTreeAgent::new(), true),
            (BlockTreeAgent::without_rollouts(), false),
        ] {
            let config = GameConfig::new(8, 8).unwrap().with_seed(3);
            let mut game = Game::new(&config).unwrap();
            let mut committed = 0;
            while !game.is_over() {
                let direction = agent.next_move(&game);
                if let super::Mode::Tree(player) = &agent.mode {
                    committed += usize::from(!player.committed.is_empty());
                }
                game.step(direction);
            }
            assert_eq!(game.snake().len(), 64, "the game is won");
            assert_eq!(committed > 0, rollouts, "{committed} moves committed");
        }
    }

    #[test]
    fn the_agent_keeps_its_player_through_a_game_and_starts_afresh_on_another_board() {
        use crate::snake::{Agent, Board, Direction, Game, GameConfig};
        let play = |agent: &mut BlockTreeAgent, config: &GameConfig| -> Vec<Direction> {
            let mut game = Game::new(config).unwrap();
            let mut moves = Vec::new();
            while !game.is_over() {
                moves.push(agent.next_move(&game));
                game.step(moves[moves.len() - 1]);
            }
            moves
        };
        // The moves of a meal after the first are played back from its rollout, with no
        // search: that needs the player kept from move to move.
        let mut agent = BlockTreeAgent::new();
        let mut game = Game::new(&GameConfig::new(8, 8).unwrap().with_seed(3)).unwrap();
        let (moves, played_back) = play_counting_played_back(&mut agent, &mut game);
        assert_eq!(agent.stats().moves, moves);
        // 173 of 426 here; none if the player were made afresh each move.
        assert!(
            played_back * 4 > moves,
            "{played_back} of {moves} played back"
        );
        // On a board of the same size with a wall cell (no 2×2 blocks: the reclosing
        // rule), then on a larger one, the agent plays as a fresh one.
        let walled: Board =
            "........\n........\n..#.....\n........\n........\n........\n........\n........"
                .parse()
                .unwrap();
        for board in [walled, Board::new(10, 10).unwrap()] {
            let config = GameConfig::with_board(board).with_seed(5);
            let fresh = play(&mut BlockTreeAgent::new(), &config);
            assert_eq!(play(&mut agent, &config), fresh);
        }
    }

    /// Plays `game` out with `agent`: the moves, and how many of them ran no search.
    fn play_counting_played_back(
        agent: &mut BlockTreeAgent,
        game: &mut crate::snake::Game,
    ) -> (u64, u64) {
        use crate::snake::Agent;
        let (mut moves, mut played_back) = (0, 0);
        while !game.is_over() {
            let searches = agent.stats().searches;
            let direction = agent.next_move(game);
            moves += 1;
            played_back += u64::from(agent.stats().searches == searches);
            game.step(direction);
        }
        (moves, played_back)
    }

    #[test]
    fn on_a_board_with_an_odd_side_the_agent_follows_each_plan_and_detour_to_its_end() {
        use crate::snake::{Game, GameConfig};
        for (width, height, seed) in [(9, 12, 1), (12, 9, 2), (7, 6, 3), (5, 8, 4)] {
            let config = GameConfig::new(width, height)
                .unwrap()
                .with_start_length(3)
                .with_seed(seed);
            let mut game = Game::new(&config).unwrap();
            let mut agent = BlockTreeAgent::new();
            let (moves, played_back) = play_counting_played_back(&mut agent, &mut game);
            assert!(agent.drives_in_blocks());
            assert_eq!(
                game.snake().len() as u32,
                width * height,
                "{width}x{height} lost"
            );
            // Planning every move, as on an even board, plays none back.
            assert!(
                played_back * 3 > 2 * moves,
                "{width}x{height}: {played_back} of {moves} played back"
            );
        }
    }

    #[test]
    fn fills_small_boards_from_straight_starts() {
        for seed in 0..20 {
            assert!(play(4, 4, &[1, 0], seed).0);
            assert!(play(6, 6, &[8, 7, 6], seed).0);
            assert!(play(8, 8, &[3, 2, 1, 0], seed).0);
        }
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
                player.rollouts = false;
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
                                if found
                                    && player.first_failure(&alternative, food, false).is_none()
                                {
                                    // The outlooks as a fresh memo answers them (one search
                                    // when both plans end in the same body), counted as
                                    // the player counts them.
                                    player.outlooks.clear();
                                    let before = (player.last_searches, player.last_expanded);
                                    let first = 16 * u64::from(cost) + player.outlook(&path, food);
                                    let second = 16 * u64::from(other_cost)
                                        + player.outlook(&alternative, food);
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
                                    let Some(step) = player.first_failure(&path, food, false)
                                    else {
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
                                    assert!(player
                                        .view
                                        .removed
                                        .contains(2 * from as usize + outward));
                                }
                                if !passed {
                                    // No plan passes: the first step of the first plan
                                    // that failed after it, if that step passes, else the
                                    // passing move nearer the food.
                                    fallbacks += 1;
                                    let options: Vec<u32> =
                                        [moves.inside(head), moves.outside(head)]
                                            .into_iter()
                                            .filter(|&next| {
                                                next != NONE && player.passes(next, Some(food))
                                            })
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
    fn play_out(
        player: &mut TreePlayer,
        body: &[u32],
        first: u32,
        food: u32,
    ) -> (Vec<u32>, Vec<u32>) {
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
            plain.rollouts = false;
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
        body.invalid == 0
            && moves.tree_exists(&body.present, &body.absent, &mut TreeTest::default())
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
}
