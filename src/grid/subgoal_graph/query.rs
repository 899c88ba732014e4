//! A query on a subgoal graph: the start and the goal joined to the subgoals they reach
//! directly, A* over the graph, and the path refined back into grid cells.

use super::super::{Cell, Grid};
use super::build::{direction_of, octile, Cells};
use super::heap::Heap;
use super::levels::Edges;
use super::seeds::{direct_subgoals, Seeds};
use crate::{Cost, Path, PlanError, SearchStats};

/// A search record: cost from the start, parent, and `stamp` telling whether the record
/// belongs to this search (`2 × generation`: reached; one more: expanded).
#[derive(Clone, Copy, Debug)]
struct Record {
    g: f64,
    parent: u32,
    stamp: u32,
}

impl Record {
    /// Whether a route of cost `g` to this record's node is of no use in the search whose
    /// reached stamp is `reached`: the node was expanded, or reached as cheaply (within
    /// rounding). Bit operations, not short-circuits: the halves are coin tosses to the
    /// branch predictor.
    #[inline(always)]
    fn skips(&self, g: f64, reached: u32) -> bool {
        (self.stamp == reached + 1) | ((self.stamp == reached) & (g >= self.g - 1e-12 * self.g))
    }
}

/// The buckets of `f` per unit of cost in [`Open`].
const BUCKETS_PER_UNIT: f64 = 4.0;

/// The buckets of [`Open`]: those of `f` up to 512 above the start's; the last takes every
/// dearer node.
const BUCKETS: usize = 2048;

/// The frontier: a heap of the nodes whose `f` lies in the buckets up to the current one,
/// the dearer nodes in buckets of `f` (each `1 / BUCKETS_PER_UNIT` of cost wide, from the
/// start's `f`), and the nodes queued at the `f` of the node being expanded (at the heap's
/// precision), which no queued node can beat.
///
/// - The stack of nodes at the current `f` is expanded first, last queued first, without a
///   sift (Uras, Koenig and Hernández 2013 keep such a stack too): on an open map most
///   steps of a search go straight at the goal and keep their `f`.
/// - A consistent estimate never lowers `f` along an edge, so the search moves up through
///   the buckets once: a node of a later bucket is only stored, and its bucket is poured
///   into the heap when the heap runs dry. The heap then holds a bucket's worth of nodes,
///   not the whole frontier, and its sifts are short. Nodes come out in the heap's order
///   (no bucket holds a node cheaper than one of an earlier bucket), except that ties of
///   `f` split by a bucket's edge lose the tie-break on `g`.
#[derive(Debug)]
struct Open {
    heap: Heap,
    later: Vec<Vec<(u64, u32)>>,
    /// Bit `b % 64` of word `b / 64` set: bucket `b` of `later` holds nodes.
    occupied: [u64; BUCKETS / 64],
    /// The bucket poured last into the heap.
    current: usize,
    /// The `f` where bucket 0 starts.
    origin: f64,
    level: Vec<u32>,
    /// The `f` of the node being expanded, as the heap orders it.
    f: i64,
}

impl Default for Open {
    fn default() -> Self {
        Open {
            heap: Heap::default(),
            later: vec![Vec::new(); BUCKETS],
            occupied: [0; BUCKETS / 64],
            current: 0,
            origin: 0.0,
            level: Vec::new(),
            f: i64::MIN,
        }
    }
}

impl Open {
    /// Empties the frontier for a search whose start has estimate `origin`.
    fn clear(&mut self, origin: f64) {
        self.heap.clear();
        self.level.clear();
        for (w, word) in self.occupied.iter_mut().enumerate() {
            while *word != 0 {
                self.later[w * 64 + word.trailing_zeros() as usize].clear();
                *word &= *word - 1;
            }
        }
        self.current = 0;
        self.origin = origin;
        self.f = i64::MIN;
    }

    /// Queues `id` reached at cost `g` with estimate `h`.
    #[inline(always)]
    fn push(&mut self, id: u32, g: f64, h: f64) {
        if (g + h).frontier_order() == self.f {
            self.level.push(id);
            return;
        }
        // Flipping the sign bit orders the signed keys as unsigned ones.
        let key = f64::frontier_key(g, h) as u64 ^ (1 << 63);
        // A float below the origin (rounding) converts to 0.
        let bucket = (((g + h - self.origin) * BUCKETS_PER_UNIT) as usize).min(BUCKETS - 1);
        if bucket <= self.current {
            self.heap.push(key, id);
        } else {
            self.later[bucket].push((key, id));
            self.occupied[bucket / 64] |= 1 << (bucket % 64);
        }
    }

    /// The next node to expand (perhaps one expanded already).
    #[inline(always)]
    fn pop(&mut self) -> Option<u32> {
        if let Some(id) = self.level.pop() {
            return Some(id);
        }
        loop {
            if let Some((_, id)) = self.heap.pop() {
                return Some(id);
            }
            // The next bucket that holds nodes.
            let next = self.current + 1;
            let mut w = next / 64;
            let mut bits = match self.occupied.get(w) {
                Some(&word) => word & (!0u64 << (next % 64)),
                None => return None,
            };
            while bits == 0 {
                w += 1;
                bits = *self.occupied.get(w)?;
            }
            self.current = w * 64 + bits.trailing_zeros() as usize;
            self.occupied[w] &= !(1 << (self.current % 64));
            let mut bucket = std::mem::take(&mut self.later[self.current]);
            for &(key, id) in &bucket {
                self.heap.push(key, id);
            }
            bucket.clear();
            self.later[self.current] = bucket;
        }
    }
}

/// How a subgoal leads to the goal in this query: `stamp` is the generation when it does,
/// at `cost`, straight or (`via` not `u32::MAX`) through the local subgoal `via`, which the
/// goal reaches directly.
#[derive(Clone, Copy, Debug)]
struct GoalLink {
    cost: f64,
    via: u32,
    stamp: u32,
}

/// No subgoal: the goal is reached straight, or a record has no parent.
const NONE: u32 = u32::MAX;

/// The memory of the queries, reused from one to the next.
#[derive(Debug, Default)]
pub(super) struct Search {
    records: Vec<Record>,
    /// Per subgoal: whether and how it leads to the goal in this query.
    goal_links: Vec<GoalLink>,
    generation: u32,
    open: Open,
    start_links: Vec<u32>,
    /// The local subgoals the goal reaches directly.
    goal_locals: Vec<u32>,
    trail: Vec<u32>,
    /// The neighbours of the node being expanded that it improves, and their cells.
    staged: Vec<(u32, Cell)>,
    /// Scratch of the refinement of an edge no straight-and-diagonal walk follows.
    reachable: Vec<bool>,
    pub(super) stats: SearchStats,
}

/// What a query needs of the graph.
pub(super) struct View<'a> {
    pub(super) grid: &'a Grid,
    pub(super) cells: &'a Cells,
    pub(super) edges: &'a Edges,
    /// On small maps, the subgoals each cell reaches directly, instead of a scan.
    pub(super) seeds: Option<&'a Seeds>,
}

impl Search {
    /// Starts a search over `nodes` nodes: a new generation, the records grown if needed.
    fn begin(&mut self, nodes: usize) {
        if self.records.len() < nodes {
            let blank = Record {
                g: f64::INFINITY,
                parent: NONE,
                stamp: 0,
            };
            self.records.resize(nodes, blank);
        }
        if self.goal_links.len() < nodes {
            let blank = GoalLink {
                cost: f64::INFINITY,
                via: NONE,
                stamp: 0,
            };
            self.goal_links.resize(nodes, blank);
        }
        if self.generation >= u32::MAX / 2 - 1 {
            self.records.iter_mut().for_each(|r| r.stamp = 0);
            self.goal_links.iter_mut().for_each(|g| g.stamp = 0);
            self.generation = 0;
        }
        self.generation += 1;
        self.stats = SearchStats::default();
    }

    /// Joins the goal to the graph: every subgoal it reaches directly leads to it straight,
    /// and every global neighbour of such a subgoal that is local leads to it through the
    /// local one (the cheapest, when several). A search from a global subgoal then never
    /// looks at local ones.
    fn link_goal(&mut self, view: &View<'_>, goal: Cell, goal_index: usize) {
        let (cells, edges) = (view.cells, view.edges);
        let generation = self.generation;
        let links = &mut self.goal_links;
        let locals = &mut self.goal_locals;
        locals.clear();
        let mut direct = |id: u32, cost: f64| {
            links[id as usize] = GoalLink {
                cost,
                via: NONE,
                stamp: generation,
            };
            if !edges.global.contains(id as usize) {
                locals.push(id);
            }
        };
        direct_subgoals(view.grid, cells, view.seeds, goal_index, |id| {
            direct(id, octile(cells.position(id), goal));
        });
        for &local in &self.goal_locals {
            let at = cells.position(local);
            let onward = self.goal_links[local as usize].cost;
            let (first, last) = (
                edges.first[local as usize] as usize,
                edges.first[local as usize + 1] as usize,
            );
            for &w in &edges.to[first..last] {
                if !edges.global.contains(w as usize) {
                    continue;
                }
                let cost = octile(cells.position(w), at) + onward;
                let link = &mut self.goal_links[w as usize];
                if link.stamp != generation || cost < link.cost {
                    *link = GoalLink {
                        cost,
                        via: local,
                        stamp: generation,
                    };
                }
            }
        }
    }

    /// The optimal path from `start` to `goal`, both free cells of the grid the view was
    /// built from.
    pub(super) fn plan(
        &mut self,
        view: &View<'_>,
        start: Cell,
        goal: Cell,
        budget: Option<u64>,
    ) -> Result<Path<Cell, f64>, PlanError> {
        self.stats = SearchStats::default();
        let grid = view.grid;
        if let Some(path) = direct_path(grid, start, goal) {
            return Ok(path);
        }
        let cells = view.cells;
        let edges = view.edges;
        let subgoals = cells.len();
        // The start, the goal, and a spare record that the edges which improve nothing
        // write to.
        self.begin(subgoals + 3);
        let (start_node, goal_node) = (subgoals as u32, subgoals as u32 + 1);
        let generation = self.generation;
        let (start_index, goal_index) = (
            grid.padded_index(start.0, start.1),
            grid.padded_index(goal.0, goal.1),
        );
        self.start_links.clear();
        let links = &mut self.start_links;
        direct_subgoals(grid, cells, view.seeds, start_index, |id| links.push(id));
        self.link_goal(view, goal, goal_index);
        let position = |u: u32| cells.position(u);
        let reached = 2 * generation;
        let closed = reached + 1;
        self.records[start_node as usize] = Record {
            g: 0.0,
            parent: NONE,
            stamp: reached,
        };
        self.open.clear(octile(start, goal));
        self.open.push(start_node, 0.0, octile(start, goal));
        let mut live = 1usize;
        self.stats.max_frontier = 1;
        while let Some(id) = self.open.pop() {
            let record = self.records[id as usize];
            if record.stamp == closed {
                continue;
            }
            let g = record.g;
            live -= 1;
            if id == goal_node {
                let nodes = self.cells_to(view, id, start, goal);
                return Ok(Path {
                    nodes,
                    cost: g,
                    stats: self.stats,
                });
            }
            if Some(self.stats.expanded) == budget {
                return Err(PlanError::BudgetExceeded {
                    budget: self.stats.expanded,
                });
            }
            self.records[id as usize].stamp = closed;
            self.stats.expanded += 1;
            let here = if id == start_node {
                start
            } else {
                position(id)
            };
            self.open.f = (g + octile(here, goal)).frontier_order();
            let mut generated = 0;
            let mut relax = |records: &mut [Record], open: &mut Open, to: u32, at: Cell, g: f64| {
                generated += 1;
                live += reach(records, open, (to, at), g, id, goal, reached);
            };
            if id == start_node {
                for &x in &self.start_links {
                    let at = position(x);
                    relax(&mut self.records, &mut self.open, x, at, octile(start, at));
                }
            } else {
                let link = self.goal_links[id as usize];
                if link.stamp == generation {
                    relax(
                        &mut self.records,
                        &mut self.open,
                        goal_node,
                        goal,
                        g + link.cost,
                    );
                }
                let (first, last) = (
                    edges.first[id as usize] as usize,
                    edges.first[id as usize + 1] as usize,
                );
                let neighbours = &edges.to[first..last];
                if edges.global.contains(id as usize) {
                    // A global subgoal lists only global ones. The entries kept are queued
                    // afterwards.
                    if self.staged.len() < neighbours.len() {
                        self.staged.resize(neighbours.len(), (0, (0, 0)));
                    }
                    let (kept, new) = relax_global(
                        &mut self.records,
                        &mut self.staged,
                        &view.cells.xy,
                        neighbours,
                        (id, g, here),
                        reached,
                    );
                    live += new;
                    generated += neighbours.len() as u64;
                    for &(w, at) in &self.staged[..kept] {
                        let next = self.records[w as usize].g;
                        self.open.push(w, next, octile(at, goal));
                    }
                } else {
                    // A local subgoal the start reaches: on to global subgoals, and to
                    // the local ones the goal reaches directly (local subgoals lie inside
                    // no other path the search needs).
                    for &w in neighbours {
                        if self.records[w as usize].stamp == closed {
                            continue;
                        }
                        let goal_local = self.goal_links[w as usize].stamp == generation
                            && self.goal_links[w as usize].via == NONE;
                        if edges.global.contains(w as usize) || goal_local {
                            let at = position(w);
                            relax(
                                &mut self.records,
                                &mut self.open,
                                w,
                                at,
                                g + octile(here, at),
                            );
                        }
                    }
                }
            }
            self.stats.generated += generated;
            self.stats.max_frontier = self.stats.max_frontier.max(live);
        }
        Err(PlanError::NoPath)
    }

    /// The cells of the path to `id`: its subgoals, with the walks between them filled in.
    fn cells_to(&mut self, view: &View<'_>, id: u32, start: Cell, goal: Cell) -> Vec<Cell> {
        let subgoals = view.cells.len() as u32;
        self.trail.clear();
        let mut at = id;
        while at != NONE {
            self.trail.push(at);
            let parent = self.records[at as usize].parent;
            if at == subgoals + 1 && parent != NONE {
                // The goal's parent may lead to it through a local subgoal.
                let via = self.goal_links[parent as usize].via;
                if via != NONE {
                    self.trail.push(via);
                }
            }
            at = parent;
        }
        let cell_of = |node: u32| match node {
            n if n == subgoals => start,
            n if n == subgoals + 1 => goal,
            n => view.cells.position(n),
        };
        let mut length = 1;
        for pair in self.trail.windows(2) {
            length += chebyshev(cell_of(pair[0]), cell_of(pair[1]));
        }
        let mut cells = Vec::with_capacity(length);
        cells.push(start);
        let mut from = start;
        for k in (0..self.trail.len() - 1).rev() {
            let to = cell_of(self.trail[k]);
            refine(view.grid, from, to, &mut cells, &mut self.reachable);
            from = to;
        }
        cells
    }
}

/// Reaches node `to`, at `at`, at cost `g` from `parent`, unless it is expanded or was
/// reached as cheaply: its record is set and it is queued. Returns 1 when the node was not
/// reached before in this search, else 0.
#[inline(always)]
fn reach(
    records: &mut [Record],
    open: &mut Open,
    (to, at): (u32, Cell),
    g: f64,
    parent: u32,
    goal: Cell,
    reached: u32,
) -> usize {
    let record = &mut records[to as usize];
    let seen = record.stamp == reached;
    // One branch: its halves are hard to predict, the whole is mostly true.
    if record.skips(g, reached) {
        return 0;
    }
    *record = Record {
        g,
        parent,
        stamp: reached,
    };
    open.push(to, g, octile(at, goal));
    usize::from(!seen)
}

/// Relaxes the edges to `neighbours` of subgoal `id`, at `here` and reached at `g`, in the
/// search whose reached stamp is `reached`: writes each improved neighbour's record (the
/// others' to the spare record past the last) and lists it in `staged` with its cell.
/// Returns how many it listed and how many of those the search had not reached before.
///
/// Kept out of line, as the hierarchy's relaxation is: inlined, the loop ran short of
/// registers.
#[inline(never)]
fn relax_global(
    records: &mut [Record],
    staged: &mut [(u32, Cell)],
    xy: &[Cell],
    neighbours: &[u32],
    (id, g, here): (u32, f64, Cell),
    reached: u32,
) -> (usize, usize) {
    // Whether a neighbour was expanded, or is improved, is a coin toss to the branch
    // predictor: each neighbour's record is written either to it or to the spare past the
    // last, and its entry kept by counting it.
    let spare = records.len() - 1;
    let (mut kept, mut new) = (0, 0);
    for &w in neighbours {
        let at = xy[w as usize];
        let next = g + octile(here, at);
        let record = records[w as usize];
        let seen = record.stamp == reached;
        let skip = record.skips(next, reached);
        records[[w as usize, spare][usize::from(skip)]] = Record {
            g: next,
            parent: id,
            stamp: reached,
        };
        staged[kept] = (w, at);
        kept += usize::from(!skip);
        new += usize::from(!skip & !seen);
    }
    (kept, new)
}

/// The path when the goal is the start, or lies at the octile distance from it along the
/// walk that makes its diagonal steps first or the one that makes them last: no search is
/// needed then.
pub(super) fn direct_path(grid: &Grid, start: Cell, goal: Cell) -> Option<Path<Cell, f64>> {
    let stats = SearchStats::default();
    if start == goal {
        return Some(Path {
            nodes: vec![start],
            cost: 0.0,
            stats,
        });
    }
    let diagonal_first = [true, false]
        .into_iter()
        .find(|&first| clear(grid, start, ordered_legs(start, goal, first)))?;
    let mut nodes = Vec::with_capacity(chebyshev(start, goal) + 1);
    nodes.push(start);
    fill(start, goal, diagonal_first, &mut nodes);
    Some(Path {
        nodes,
        cost: octile(start, goal),
        stats,
    })
}

/// The moves of a shortest path between two cells at their octile distance.
pub(super) fn chebyshev(a: Cell, b: Cell) -> usize {
    a.0.abs_diff(b.0).max(a.1.abs_diff(b.1)) as usize
}

/// The two straight runs of the walk from `from` to `to`, each a step and a number of
/// steps: the diagonal run first, or last.
type Legs = [((i32, i32), usize); 2];

/// The runs of the walk from `from` to `to` that makes its diagonal steps first (or last).
#[inline(always)]
fn ordered_legs(from: Cell, to: Cell, diagonal_first: bool) -> Legs {
    let (diagonal, diagonals, straight, straights) = legs(from, to);
    if diagonal_first {
        [(diagonal, diagonals), (straight, straights)]
    } else {
        [(straight, straights), (diagonal, diagonals)]
    }
}

/// Whether every step of the runs `legs` from `from` is a legal move.
#[inline(always)]
fn clear(grid: &Grid, from: Cell, legs: Legs) -> bool {
    let mut index = grid.padded_index(from.0, from.1);
    for ((dx, dy), steps) in legs {
        let k = direction_of(dx, dy);
        let (bit, offset) = (1u8 << k, grid.offsets[k]);
        for _ in 0..steps {
            if grid.moves[index] & bit == 0 {
                return false;
            }
            index = index.wrapping_add_signed(offset);
        }
    }
    true
}

/// Whether every step of the walk from `from` to `to` that makes its diagonal steps first
/// (or last) is a legal move.
pub(super) fn walk_is_legal(grid: &Grid, from: Cell, to: Cell, diagonal_first: bool) -> bool {
    clear(grid, from, ordered_legs(from, to, diagonal_first))
}

/// Appends the cells after `from` of the walk to `to` that makes its diagonal steps first
/// (or last), which the caller knows to be legal: no move is checked.
#[inline]
pub(super) fn fill(from: Cell, to: Cell, diagonal_first: bool, out: &mut Vec<Cell>) {
    let mut at = from;
    for ((dx, dy), steps) in ordered_legs(from, to, diagonal_first) {
        for _ in 0..steps {
            at = (at.0.wrapping_add_signed(dx), at.1.wrapping_add_signed(dy));
            out.push(at);
        }
    }
}

/// Appends to `out` the cells after `from` of a shortest path to `to`, which lies at the
/// octile distance: the walk diagonal first, else straight first, else any such path.
#[inline]
pub(super) fn refine(
    grid: &Grid,
    from: Cell,
    to: Cell,
    out: &mut Vec<Cell>,
    reachable: &mut Vec<bool>,
) {
    if walk(grid, from, to, true, out) || walk(grid, from, to, false, out) {
        return;
    }
    any_octile_path(grid, from, to, out, reachable);
}

/// The diagonal and straight steps from `from` towards `to`, and how many of each.
#[inline(always)]
fn legs(from: Cell, to: Cell) -> ((i32, i32), usize, (i32, i32), usize) {
    let sign = |a: u32, b: u32| i32::from(b > a) - i32::from(b < a);
    let (sx, sy) = (sign(from.0, to.0), sign(from.1, to.1));
    let (dx, dy) = (
        i64::from(from.0.abs_diff(to.0)),
        i64::from(from.1.abs_diff(to.1)),
    );
    // Arithmetic, not a branch on `dx >= dy`: along a path the edges turn either way.
    // `tall` is all ones when `dy > dx`.
    let tall = (dx - dy) >> 63;
    let low = dy ^ ((dx ^ dy) & tall);
    let wide = i32::from(tall == 0);
    (
        (sx, sy),
        low as usize,
        (sx * wide, sy * (1 - wide)),
        (dx + dy - 2 * low) as usize,
    )
}

/// Appends the cells after `from` of the walk to `to` that makes its diagonal steps first
/// (or last), if every step of it is a legal move; otherwise appends nothing.
#[inline]
pub(super) fn walk(
    grid: &Grid,
    from: Cell,
    to: Cell,
    diagonal_first: bool,
    out: &mut Vec<Cell>,
) -> bool {
    let mark = out.len();
    let mut at = from;
    let mut index = grid.padded_index(from.0, from.1);
    for ((dx, dy), steps) in ordered_legs(from, to, diagonal_first) {
        let k = direction_of(dx, dy);
        let (bit, offset) = (1u8 << k, grid.offsets[k]);
        for _ in 0..steps {
            if grid.moves[index] & bit == 0 {
                out.truncate(mark);
                return false;
            }
            index = index.wrapping_add_signed(offset);
            at = (at.0.wrapping_add_signed(dx), at.1.wrapping_add_signed(dy));
            out.push(at);
        }
    }
    true
}

/// Whether some path from `from` to `to` is as short as their octile distance.
pub(super) fn h_reachable(grid: &Grid, from: Cell, to: Cell, reachable: &mut Vec<bool>) -> bool {
    let mut scratch = Vec::new();
    walk(grid, from, to, true, &mut scratch)
        || walk(grid, from, to, false, &mut scratch)
        || octile_reachability(grid, from, to, reachable)
}

/// Fills `reachable`, per mix of `a` diagonal and `b` straight steps from `from` (row-major
/// in `a`), with whether the rest of the octile walk to `to` can be made from there;
/// returns it for the start.
fn octile_reachability(grid: &Grid, from: Cell, to: Cell, reachable: &mut Vec<bool>) -> bool {
    let (diagonal, diagonals, straight, straights) = legs(from, to);
    let (kd, ks) = (
        direction_of(diagonal.0, diagonal.1),
        direction_of(straight.0, straight.1),
    );
    let width = straights + 1;
    reachable.clear();
    reachable.resize((diagonals + 1) * width, false);
    let base = grid.padded_index(from.0, from.1);
    let index = |a: usize, b: usize| {
        base.wrapping_add_signed(grid.offsets[kd] * a as isize + grid.offsets[ks] * b as isize)
    };
    for a in (0..=diagonals).rev() {
        for b in (0..=straights).rev() {
            let here = index(a, b);
            reachable[a * width + b] = (a == diagonals && b == straights)
                || (a < diagonals
                    && grid.moves[here] & (1 << kd) != 0
                    && reachable[(a + 1) * width + b])
                || (b < straights
                    && grid.moves[here] & (1 << ks) != 0
                    && reachable[a * width + b + 1]);
        }
    }
    reachable[0]
}

/// Appends the cells after `from` of some path to `to` of octile length, found by working
/// out backwards which mixes of diagonal and straight steps still reach `to`.
pub(super) fn any_octile_path(
    grid: &Grid,
    from: Cell,
    to: Cell,
    out: &mut Vec<Cell>,
    reachable: &mut Vec<bool>,
) {
    let (diagonal, diagonals, straight, straights) = legs(from, to);
    let (kd, ks) = (
        direction_of(diagonal.0, diagonal.1),
        direction_of(straight.0, straight.1),
    );
    let width = straights + 1;
    let base = grid.padded_index(from.0, from.1);
    let index = |a: usize, b: usize| {
        base.wrapping_add_signed(grid.offsets[kd] * a as isize + grid.offsets[ks] * b as isize)
    };
    octile_reachability(grid, from, to, reachable);
    if !reachable[0] {
        // Every edge joins cells at their octile distance; were none such path there, the
        // graph would be wrong, and a jump keeps the path's ends right.
        debug_assert!(false, "no path of octile length from {from:?} to {to:?}");
        out.push(to);
        return;
    }
    let (mut a, mut b) = (0, 0);
    let mut at = from;
    while (a, b) != (diagonals, straights) {
        let here = index(a, b);
        let (dx, dy) =
            if a < diagonals && grid.moves[here] & (1 << kd) != 0 && reachable[(a + 1) * width + b]
            {
                a += 1;
                diagonal
            } else {
                b += 1;
                straight
            };
        at = (at.0.wrapping_add_signed(dx), at.1.wrapping_add_signed(dy));
        out.push(at);
    }
}
