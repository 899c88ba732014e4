//! A query on a contraction hierarchy of subgoals: the start and the goal joined to the
//! subgoals they reach directly, a search upwards from each side until neither can beat the
//! best meeting found, and the shortcuts unpacked into edges of the simple graph, each
//! walked into cells as it comes out.

use super::super::{Cell, Grid};
use super::build::{octile, Cells};
use super::heap::Heap;
use super::hierarchy::{Hierarchy, Up, DIAGONAL_FIRST, STRAIGHT_FIRST};
use super::query::{any_octile_path, direct_path, fill, refine, walk_is_legal};
use crate::{Path, PlanError, SearchStats};

/// No parent: the node was reached from the start or the goal itself.
const NONE: u32 = u32::MAX;

/// A search record of one side: cost from its end, the subgoal before, and `stamp`
/// (`2 × generation`: reached; one more: expanded).
#[derive(Clone, Copy, Debug)]
struct Record {
    g: f64,
    parent: u32,
    /// [`Up::via`] of the edge from the parent.
    via: u32,
    stamp: u32,
}

/// One side of the search: A* towards the other end, `target`. Every edge costs at least
/// the octile distance between its ends, so the octile distance to the target is a
/// consistent estimate on the upward edges too, and a subgoal is expanded once, at its
/// upward distance.
#[derive(Debug, Default)]
struct Side {
    records: Vec<Record>,
    /// Entries keyed by cost plus estimate, as bits: non-negative floats order as their
    /// bits do.
    open: Heap,
    target: Cell,
}

impl Side {
    /// The least key left (a bound on every path this side can still find), or infinity.
    fn least(&self) -> f64 {
        self.open.peek_key().map_or(f64::INFINITY, f64::from_bits)
    }

    /// Reaches `u`, at `at`, at cost `g` from `parent`, if that is cheaper than before and
    /// can still beat `best` on the way to the target.
    #[inline(always)]
    fn reach(
        &mut self,
        (u, at): (u32, Cell),
        g: f64,
        parent: u32,
        via: u32,
        reached: u32,
        best: f64,
    ) -> bool {
        let key = g + octile(at, self.target);
        if self.skips(u, g, key, reached, best) {
            return false;
        }
        self.records[u as usize] = Record {
            g,
            parent,
            via,
            stamp: reached,
        };
        self.open.push(key.to_bits(), u);
        true
    }

    /// Whether a route to `u` of cost `g` and key `key` is of no use: `u` was reached as
    /// cheaply in this search (stamp at least `reached`) or expanded (stamp `reached + 1`),
    /// or the key cannot beat the best meeting. Bit operations, not short-circuits: the
    /// answer is a coin toss to the branch predictor, so it is computed whole and tested
    /// once.
    #[inline(always)]
    fn skips(&self, u: u32, g: f64, key: f64, reached: u32, best: f64) -> bool {
        let record = &self.records[u as usize];
        ((record.stamp >= reached) & (g >= record.g))
            | (record.stamp == reached + 1)
            | (key >= best)
    }
}

/// The memory of the hierarchy's queries, reused from one to the next.
#[derive(Debug, Default)]
pub(super) struct Upward {
    sides: [Side; 2],
    generation: u32,
    /// The start's side's edges, from the meeting down: lower end, higher end, `via`.
    chain: Vec<(u32, u32, u32)>,
    /// Edges left to unpack: lower end, higher end, `via`, and whether the path runs
    /// down the edge.
    unpacking: Vec<(u32, u32, u32, bool)>,
    /// The entries of the edges of the subgoal being expanded that improve their higher
    /// end: key and subgoal.
    staged: Vec<(u64, u32)>,
    reachable: Vec<bool>,
    pub(super) stats: SearchStats,
}

impl Upward {
    /// Starts a search over `nodes` subgoals.
    fn begin(&mut self, nodes: usize) {
        for side in &mut self.sides {
            // One record more than the subgoals: the spare that the edges which improve
            // nothing write to.
            if side.records.len() < nodes + 1 {
                let blank = Record {
                    g: f64::INFINITY,
                    parent: NONE,
                    via: DIAGONAL_FIRST,
                    stamp: 0,
                };
                side.records.resize(nodes + 1, blank);
            }
            side.open.clear();
        }
        if self.generation >= u32::MAX / 2 - 1 {
            for side in &mut self.sides {
                side.records.iter_mut().for_each(|r| r.stamp = 0);
            }
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// The optimal path from `start` to `goal`, both free cells of `grid`.
    pub(super) fn plan(
        &mut self,
        grid: &Grid,
        cells: &Cells,
        hierarchy: &Hierarchy,
        (start, goal): (Cell, Cell),
        budget: Option<u64>,
    ) -> Result<Path<Cell, f64>, PlanError> {
        self.stats = SearchStats::default();
        if let Some(path) = direct_path(grid, start, goal) {
            return Ok(path);
        }
        self.begin(cells.len());
        let reached = 2 * self.generation;
        self.sides[0].target = goal;
        self.sides[1].target = start;
        let mut best = f64::INFINITY;
        let mut meeting = NONE;
        for (side, end) in [(0, start), (1, goal)] {
            let index = grid.padded_index(end.0, end.1);
            let mut seed = |id: u32| {
                let at = cells.position(id);
                let g = octile(end, at);
                if self.sides[side].reach((id, at), g, NONE, DIAGONAL_FIRST, reached, best) {
                    self.meet(id, reached, &mut best, &mut meeting);
                }
            };
            if cells.is_subgoal(index) {
                seed(cells.id(index));
            } else {
                cells.scan(grid, index, |found| seed(cells.id(found)));
            }
        }
        let mut live = self.sides[0].open.len() + self.sides[1].open.len();
        self.stats.max_frontier = live;
        loop {
            let (forward, backward) = (self.sides[0].least(), self.sides[1].least());
            if forward.min(backward) >= best {
                break;
            }
            let side = usize::from(backward < forward);
            let Some((_, u)) = self.sides[side].open.pop() else {
                break;
            };
            live -= 1;
            let record = self.sides[side].records[u as usize];
            if record.stamp != reached {
                continue;
            }
            let g = record.g;
            if Some(self.stats.expanded) == budget {
                return Err(PlanError::BudgetExceeded {
                    budget: self.stats.expanded,
                });
            }
            self.stats.expanded += 1;
            self.sides[side].records[u as usize].stamp = reached + 1;
            let above = hierarchy.above(u);
            // Stall on demand: a subgoal reached more cheaply down from a higher one lies on
            // no shortest upward path, so its edges need not be followed. Inside the core,
            // where edges go both ways, a cheaper neighbour would have lowered `g` already,
            // so the test is skipped there.
            let records = &self.sides[side].records;
            // Every edge is tested, without a branch per edge or per half of the test: the
            // halves are unpredictable, the whole is mostly false, and the edges are read
            // again just below unless the subgoal is stalled.
            if !hierarchy.core.contains(u as usize)
                && above.iter().fold(false, |stalled, edge| {
                    let higher = &records[edge.to as usize];
                    stalled | ((higher.stamp >= reached) & (higher.g + edge.cost < g))
                })
            {
                continue;
            }
            self.stats.generated += above.len() as u64;
            let [forward, backward] = &mut self.sides;
            let (this, other) = if side == 0 {
                (forward, &*backward)
            } else {
                (backward, &*forward)
            };
            // Whether an edge improves its higher end is a coin toss to the branch
            // predictor. Each edge's record is written either to its subgoal or to the
            // spare record past the last, and its entry is kept by counting it; the
            // entries kept are then queued and met, with branches mostly taken one way.
            if self.staged.len() < above.len() {
                self.staged.resize(above.len(), (0, 0));
            }
            let spare = this.records.len() - 1;
            let mut kept = 0;
            for edge in above {
                let (to, next) = (edge.to, g + edge.cost);
                let key = next + octile(cells.position(to), this.target);
                let skip = this.skips(to, next, key, reached, best);
                this.records[[to as usize, spare][usize::from(skip)]] = Record {
                    g: next,
                    parent: u,
                    via: edge.via,
                    stamp: reached,
                };
                // A skipped entry is overwritten by the next.
                self.staged[kept] = (key.to_bits(), to);
                kept += usize::from(!skip);
            }
            live += kept;
            for &(key, to) in &self.staged[..kept] {
                this.open.push(key, to);
                // What `meet` does, with the sides already told apart.
                let next = this.records[to as usize].g;
                let there = &other.records[to as usize];
                if there.stamp >= reached && next + there.g < best {
                    best = next + there.g;
                    meeting = to;
                }
            }
            self.stats.max_frontier = self.stats.max_frontier.max(live);
        }
        if meeting == NONE {
            return Err(PlanError::NoPath);
        }
        let nodes = self.cells_through((grid, cells, hierarchy), meeting, best, (start, goal));
        Ok(Path {
            nodes,
            cost: best,
            stats: self.stats,
        })
    }

    /// Makes `u`, just reached by one side, the meeting if both sides have reached it and
    /// their costs sum to less than `best`. Called whenever a record improves, so `best`
    /// is always the sum of the meeting's two records.
    #[inline(always)]
    fn meet(&self, u: u32, reached: u32, best: &mut f64, meeting: &mut u32) {
        let [forward, backward] = [&self.sides[0], &self.sides[1]].map(|s| s.records[u as usize]);
        if forward.stamp >= reached && backward.stamp >= reached && forward.g + backward.g < *best {
            *best = forward.g + backward.g;
            *meeting = u;
        }
    }

    /// The cells of the path through `meeting`, of cost `cost`: its subgoals, the shortcuts
    /// between them unpacked, with the walks between them filled in.
    fn cells_through(
        &mut self,
        (grid, cells, hierarchy): (&Grid, &Cells, &Hierarchy),
        meeting: u32,
        cost: f64,
        (start, goal): (Cell, Cell),
    ) -> Vec<Cell> {
        // Every move costs at least 1.
        let mut nodes = Vec::with_capacity(cost as usize + 2);
        nodes.push(start);
        // The start's side climbs from its first subgoal to the meeting: its edges, read
        // from the meeting down, are unpacked from the bottom up.
        self.chain.clear();
        let mut at = meeting;
        loop {
            let record = self.sides[0].records[at as usize];
            if record.parent == NONE {
                break;
            }
            self.chain.push((record.parent, at, record.via));
            at = record.parent;
        }
        let first = cells.position(at);
        if first != start {
            refine(grid, start, first, &mut nodes, &mut self.reachable);
        }
        for k in (0..self.chain.len()).rev() {
            let (lower, higher, via) = self.chain[k];
            self.unpack(
                (grid, cells, hierarchy),
                (lower, higher, via, false),
                &mut nodes,
            );
        }
        // The goal's side descends from the meeting.
        let mut at = meeting;
        loop {
            let record = self.sides[1].records[at as usize];
            if record.parent == NONE {
                break;
            }
            self.unpack(
                (grid, cells, hierarchy),
                (record.parent, at, record.via, true),
                &mut nodes,
            );
            at = record.parent;
        }
        let last = cells.position(at);
        if goal != last {
            refine(grid, last, goal, &mut nodes, &mut self.reachable);
        }
        nodes
    }

    /// Appends to `nodes`, which ends at the cell of its first subgoal, the cells after it
    /// of the path along the edge from `lower` to `higher` (up it, or down it when `down`)
    /// whose [`Up::via`] is `via`: shortcuts unpacked into edges of the simple graph, each
    /// filled in along its walk.
    fn unpack(
        &mut self,
        (grid, cells, hierarchy): (&Grid, &Cells, &Hierarchy),
        edge: (u32, u32, u32, bool),
        nodes: &mut Vec<Cell>,
    ) {
        self.unpacking.clear();
        let (mut lower, mut higher, mut via, mut down) = edge;
        loop {
            if Up::is_original(via) {
                // The walk that makes its diagonal steps first one way makes them last the
                // other way; the two marks differ in their lowest bit only.
                let walk = via ^ u32::from(down & (via >= STRAIGHT_FIRST));
                let from = nodes[nodes.len() - 1];
                let to = cells.position(if down { lower } else { higher });
                debug_assert!(
                    !matches!(walk, DIAGONAL_FIRST | STRAIGHT_FIRST)
                        || walk_is_legal(grid, from, to, walk == DIAGONAL_FIRST),
                    "the walk marked on the edge {from:?} -> {to:?} is not legal"
                );
                match walk {
                    DIAGONAL_FIRST => fill(from, to, true, nodes),
                    STRAIGHT_FIRST => fill(from, to, false, nodes),
                    _ => any_octile_path(grid, from, to, nodes, &mut self.reachable),
                }
                match self.unpacking.pop() {
                    Some(next) => (lower, higher, via, down) = next,
                    None => return,
                }
                continue;
            }
            // The middle lies below both ends and keeps the edges to them. Up the shortcut,
            // the path runs down the half to the lower end, then up the other; down it, the
            // other way round. The first half is unpacked at once, the second pushed.
            let halves = hierarchy.shortcuts[via as usize];
            let middle = halves.middle;
            let to_lower = hierarchy.up[halves.to_lower as usize].via;
            let to_higher = hierarchy.up[halves.to_higher as usize].via;
            if down {
                self.unpacking.push((middle, lower, to_lower, false));
                (lower, higher, via, down) = (middle, higher, to_higher, true);
            } else {
                self.unpacking.push((middle, higher, to_higher, false));
                (lower, higher, via, down) = (middle, lower, to_lower, true);
            }
        }
    }
}
