//! A contraction hierarchy over the simple subgoal graph (Geisberger, Sanders, Schultes and
//! Delling, "Contraction Hierarchies", WEA 2008; on subgoal graphs, Uras and Koenig,
//! "Understanding Subgoal Graphs by Augmenting Contraction Hierarchies", IJCAI 2018).
//!
//! The subgoals are removed one at a time, cheapest first. Removing `v` joins each pair of
//! its remaining neighbours `a`, `b` by a shortcut through `v` of cost `a → v → b`, unless a
//! bounded search finds a path from `a` to `b` avoiding `v` as short (a witness). Each
//! subgoal keeps the edges to the subgoals removed after it: between any two subgoals some
//! shortest path climbs, then descends, along such edges, so a query searches upwards from
//! both ends and meets in the middle.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use fixedbitset::FixedBitSet;

use super::super::Grid;
use super::build::{octile, Cells};
use super::query::walk_is_legal;
use super::Cheapest;

/// No middle subgoal while the hierarchy is built: the edge is one of the simple graph's.
const ORIGINAL: u32 = u32::MAX;

/// [`Up::via`] of an edge of the simple graph that the walk making its diagonal steps
/// first follows, from the edge's lower end to its higher end.
pub(super) const DIAGONAL_FIRST: u32 = u32::MAX;
/// [`Up::via`] of an edge of the simple graph that the walk making its diagonal steps
/// last follows, and the other does not.
pub(super) const STRAIGHT_FIRST: u32 = u32::MAX - 1;
/// [`Up::via`] of an edge of the simple graph that neither walk follows: some other path
/// of octile length does.
pub(super) const ANY_OCTILE: u32 = u32::MAX - 2;

/// The expansions a witness search may make before it gives up (the shortcut is then
/// added, which is always safe): when a subgoal is removed, and when its cost is estimated.
/// A removal's searches are few, and on open maps 50 expansions gave up on witnesses that
/// exist: the shortcuts added for nothing were a tenth of the edges, and a query relaxed
/// them; past 200 no map gains a witness.
const WITNESS_EXPANSIONS: usize = 200;
const ESTIMATE_EXPANSIONS: usize = 25;

/// The weight of a subgoal's depth (the longest chain of removed subgoals below it) in the
/// order of removal, against 1 for each edge its removal adds and for each neighbour
/// removed already. A query climbs such chains from both ends, so keeping them short keeps
/// its searches small. Against a weight of 1 (and twice the weight on the edges added),
/// with estimates of 10 expansions, the queries take a quarter fewer instructions on
/// lak303d and 8–10% fewer on AR0011SR and 8room_000; the build takes up to 2.5 times as
/// long (0.47 s on 8room_000).
const DEPTH_WEIGHT: i64 = 4;

/// The removals stop when the cheapest subgoal to remove has more neighbours than this:
/// the subgoals left, the core, keep all the edges between them, both ways, and a query
/// searches the core in every direction. Removing subgoals of many neighbours costs the
/// square of their degree in witness searches and adds about as many shortcuts; on open
/// maps, whose subgoals see dozens of others, a core left at half this degree costs the
/// queries more than its removal adds to the build.
const CORE_DEGREE: usize = 64;

/// The rank of the core's subgoals.
const CORE: u32 = u32::MAX;

/// Relative slack on costs summed in different orders. Costs are `a + b√2` for whole `a`
/// and `b` far below 2^20, and two such values that differ at all differ by far more.
const SLACK: f64 = 1e-9;

/// An edge of the hierarchy, kept at its lower end (at either end inside the core): the
/// higher end, the cost, and how the edge unpacks.
#[derive(Clone, Copy, Debug)]
pub(super) struct Up {
    pub(super) to: u32,
    /// For a shortcut, its entry in [`Hierarchy::shortcuts`]; for an edge of the simple
    /// graph, [`DIAGONAL_FIRST`], [`STRAIGHT_FIRST`] or [`ANY_OCTILE`]: which walk refines
    /// it into cells, so that a query walks it once and checks no move.
    pub(super) via: u32,
    pub(super) cost: f64,
}

impl Up {
    /// Whether the edge is one of the simple graph's.
    #[inline(always)]
    pub(super) fn is_original(via: u32) -> bool {
        via >= ANY_OCTILE
    }
}

/// A shortcut's two halves: the subgoal it skips, and the [`Up::via`] of that subgoal's
/// edges to the shortcut's lower end and to its higher end (both lie above it). Unpacking
/// reads them here instead of searching the skipped subgoal's edges, and in one place:
/// a path of a thousand shortcuts reads them from all over the hierarchy.
#[derive(Clone, Copy, Debug)]
pub(super) struct Halves {
    pub(super) middle: u32,
    pub(super) to_lower: u32,
    pub(super) to_higher: u32,
}

/// The hierarchy: per subgoal, its edges to the subgoals removed after it, packed.
#[derive(Debug, Default, Clone)]
pub(super) struct Hierarchy {
    /// The edges of subgoal `u` are `up[first[u]..first[u + 1]]`.
    pub(super) first: Vec<u32>,
    pub(super) up: Vec<Up>,
    /// The halves of each shortcut of `up`, in the order of `up`.
    pub(super) shortcuts: Vec<Halves>,
    /// Whether each subgoal is in the core.
    pub(super) core: FixedBitSet,
}

impl Hierarchy {
    /// The edges from subgoal `u` to the subgoals above it.
    #[inline(always)]
    pub(super) fn above(&self, u: u32) -> &[Up] {
        &self.up[self.first[u as usize] as usize..self.first[u as usize + 1] as usize]
    }

    /// The simple graph's edges as symmetric adjacency lists.
    pub(super) fn originals(&self) -> Vec<Vec<u32>> {
        let mut adjacency = vec![Vec::new(); self.first.len().saturating_sub(1)];
        for u in 0..adjacency.len() {
            for e in self.above(u as u32) {
                if Up::is_original(e.via) {
                    adjacency[u].push(e.to);
                    adjacency[e.to as usize].push(u as u32);
                }
            }
        }
        adjacency
    }

    /// The number of edges, shortcuts included.
    pub(super) fn count(&self) -> usize {
        self.up.len()
    }

    /// The bytes of the packed edges.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of_val(self.first.as_slice())
            + std::mem::size_of_val(self.up.as_slice())
            + std::mem::size_of_val(self.shortcuts.as_slice())
            + std::mem::size_of_val(self.core.as_slice())
    }
}

/// An edge while the hierarchy is built.
#[derive(Clone, Copy, Debug)]
struct Arc {
    to: u32,
    middle: u32,
    cost: f64,
}

/// The graph being contracted, with the scratch of its witness searches.
struct Contraction {
    arcs: Vec<Vec<Arc>>,
    removed: Vec<bool>,
    distance: Vec<f64>,
    stamp: Vec<u32>,
    generation: u32,
    open: BinaryHeap<Cheapest>,
    /// The remaining neighbours of the subgoal being looked at, with their costs.
    neighbours: Vec<(u32, f64)>,
    shortcuts: Vec<(u32, u32, f64)>,
}

impl Contraction {
    fn distance(&self, u: u32) -> f64 {
        if self.stamp[u as usize] == self.generation {
            self.distance[u as usize]
        } else {
            f64::INFINITY
        }
    }

    /// Shortest costs from `from` over the remaining subgoals other than `avoid`, up to
    /// `bound`, for at most `limit` expansions: each finite one is the cost of a path.
    fn witness(&mut self, from: u32, avoid: u32, bound: f64, limit: usize) {
        self.generation += 1;
        let generation = self.generation;
        self.open.clear();
        self.stamp[from as usize] = generation;
        self.distance[from as usize] = 0.0;
        self.open.push(Cheapest(0.0, from));
        let mut expansions = 0;
        while let Some(Cheapest(g, u)) = self.open.pop() {
            if g > self.distance(u) {
                continue;
            }
            expansions += 1;
            if expansions > limit {
                break;
            }
            for arc in &self.arcs[u as usize] {
                let w = arc.to;
                if w == avoid || self.removed[w as usize] {
                    continue;
                }
                let next = g + arc.cost;
                if next <= bound
                    && (self.stamp[w as usize] != generation || next < self.distance[w as usize])
                {
                    self.stamp[w as usize] = generation;
                    self.distance[w as usize] = next;
                    self.open.push(Cheapest(next, w));
                }
            }
        }
    }

    /// The shortcuts that removing `v` needs, into `self.shortcuts`.
    fn shortcuts_of(&mut self, v: u32, limit: usize) {
        self.shortcuts.clear();
        let mut neighbours = std::mem::take(&mut self.neighbours);
        neighbours.clear();
        neighbours.extend(
            self.arcs[v as usize]
                .iter()
                .filter(|arc| !self.removed[arc.to as usize])
                .map(|arc| (arc.to, arc.cost)),
        );
        for (k, &(a, to_a)) in neighbours.iter().enumerate() {
            let rest = &neighbours[k + 1..];
            if rest.is_empty() {
                break;
            }
            let bound = rest.iter().map(|&(_, c)| to_a + c).fold(0.0, f64::max);
            self.witness(a, v, bound * (1.0 + SLACK), limit);
            for &(b, to_b) in rest {
                let through = to_a + to_b;
                if self.distance(b) > through * (1.0 + SLACK) {
                    self.shortcuts.push((a, b, through));
                }
            }
        }
        self.neighbours = neighbours;
    }

    /// How much removing `v` now would cost: the edges it adds less those it removes.
    fn priority(&mut self, v: u32, order: &Order) -> i64 {
        self.shortcuts_of(v, ESTIMATE_EXPANSIONS);
        let degree = self.neighbours.len() as i64;
        (self.shortcuts.len() as i64 - degree)
            + i64::from(order.removed_neighbours[v as usize])
            + DEPTH_WEIGHT * i64::from(order.depth[v as usize])
    }

    /// Adds (or shortens) the edge `a`–`b` through `middle`.
    fn join(&mut self, a: u32, b: u32, cost: f64, middle: u32) {
        for (from, to) in [(a, b), (b, a)] {
            let list = &mut self.arcs[from as usize];
            match list.iter_mut().find(|arc| arc.to == to) {
                Some(arc) => {
                    if cost < arc.cost * (1.0 - SLACK) {
                        *arc = Arc { to, middle, cost };
                    }
                }
                None => list.push(Arc { to, middle, cost }),
            }
        }
    }
}

/// What decides which subgoal goes next, besides the edges it adds.
struct Order {
    /// Per subgoal, how many of its neighbours are removed: spreads the removals.
    removed_neighbours: Vec<u32>,
    /// Per subgoal, the longest chain of removed subgoals below it.
    depth: Vec<u32>,
}

/// Builds the hierarchy of the simple subgoal graph `adjacency` (symmetric lists).
pub(super) fn contract(grid: &Grid, cells: &Cells, adjacency: &[Vec<u32>]) -> Hierarchy {
    let subgoals = adjacency.len();
    let arcs = adjacency
        .iter()
        .enumerate()
        .map(|(u, list)| {
            let at = cells.position(u as u32);
            list.iter()
                .map(|&w| Arc {
                    to: w,
                    middle: ORIGINAL,
                    cost: octile(at, cells.position(w)),
                })
                .collect()
        })
        .collect();
    let mut graph = Contraction {
        arcs,
        removed: vec![false; subgoals],
        distance: vec![f64::INFINITY; subgoals],
        stamp: vec![0; subgoals],
        generation: 0,
        open: BinaryHeap::new(),
        neighbours: Vec::new(),
        shortcuts: Vec::new(),
    };
    let mut order = Order {
        removed_neighbours: vec![0; subgoals],
        depth: vec![0; subgoals],
    };
    // Equally cheap removals go in row order, not in the order of the subgoals' numbers:
    // ties broken along the numbering's curve left hierarchies whose queries settle a few
    // percent more subgoals on maps of rooms.
    let row_order = |v: u32| cells.index(v);
    let mut queue: BinaryHeap<Reverse<(i64, usize, u32)>> = (0..subgoals as u32)
        .map(|v| Reverse((graph.priority(v, &order), row_order(v), v)))
        .collect();
    let mut rank = vec![CORE; subgoals];
    let mut next = 0u32;
    while let Some(Reverse((old, _, v))) = queue.pop() {
        if graph.removed[v as usize] {
            continue;
        }
        let now = graph.priority(v, &order);
        if now > old
            && queue
                .peek()
                .is_some_and(|Reverse((best, _, _))| now > *best)
        {
            queue.push(Reverse((now, row_order(v), v)));
            continue;
        }
        if graph.neighbours.len() > CORE_DEGREE {
            break;
        }
        graph.shortcuts_of(v, WITNESS_EXPANSIONS);
        let shortcuts = std::mem::take(&mut graph.shortcuts);
        for &(a, b, cost) in &shortcuts {
            graph.join(a, b, cost, v);
        }
        graph.shortcuts = shortcuts;
        graph.removed[v as usize] = true;
        rank[v as usize] = next;
        next += 1;
        let neighbours = std::mem::take(&mut graph.neighbours);
        for &(u, _) in &neighbours {
            let u = u as usize;
            order.depth[u] = order.depth[u].max(order.depth[v as usize] + 1);
            order.removed_neighbours[u] += 1;
            // The removed subgoal keeps its edges; the others forget it.
            if let Some(k) = graph.arcs[u].iter().position(|arc| arc.to == v) {
                graph.arcs[u].swap_remove(k);
            }
        }
        graph.neighbours = neighbours;
    }
    let mut hierarchy = Hierarchy {
        first: Vec::with_capacity(subgoals + 1),
        up: Vec::new(),
        shortcuts: Vec::new(),
        core: (0..subgoals).filter(|&u| rank[u] == CORE).collect(),
    };
    for (u, list) in graph.arcs.iter().enumerate() {
        hierarchy.first.push(hierarchy.up.len() as u32);
        hierarchy.up.extend(
            list.iter()
                .filter(|arc| {
                    rank[arc.to as usize] > rank[u]
                        || (rank[u] == CORE && rank[arc.to as usize] == CORE)
                })
                .map(|arc| Up {
                    to: arc.to,
                    via: arc.middle,
                    cost: arc.cost,
                }),
        );
    }
    hierarchy.first.push(hierarchy.up.len() as u32);
    link_halves(&mut hierarchy, grid, cells);
    hierarchy
}

/// Replaces each edge's middle subgoal by its entry in the shortcuts' halves, and marks
/// each edge of the simple graph with the walk that refines it.
fn link_halves(hierarchy: &mut Hierarchy, grid: &Grid, cells: &Cells) {
    let subgoals = hierarchy.first.len() - 1;
    for u in 0..subgoals as u32 {
        let (first, last) = (
            hierarchy.first[u as usize] as usize,
            hierarchy.first[u as usize + 1] as usize,
        );
        for k in first..last {
            let Up { to, via, .. } = hierarchy.up[k];
            let via = if via == ORIGINAL {
                let (from, to) = (cells.position(u), cells.position(to));
                if walk_is_legal(grid, from, to, true) {
                    DIAGONAL_FIRST
                } else if walk_is_legal(grid, from, to, false) {
                    STRAIGHT_FIRST
                } else {
                    ANY_OCTILE
                }
            } else {
                // The skipped subgoal was removed while both ends were its neighbours, and
                // kept its edges to them from then on.
                let middle = via;
                let index_of = |end: u32| {
                    let base = hierarchy.first[middle as usize];
                    let found = hierarchy.above(middle).iter().position(|e| e.to == end);
                    debug_assert!(found.is_some(), "no edge {middle} -> {end}");
                    base + found.unwrap_or(0) as u32
                };
                let halves = Halves {
                    middle,
                    to_lower: index_of(u),
                    to_higher: index_of(to),
                };
                hierarchy.shortcuts.push(halves);
                (hierarchy.shortcuts.len() - 1) as u32
            };
            debug_assert!(Up::is_original(via) || via < ANY_OCTILE);
            hierarchy.up[k].via = via;
        }
    }
    // The halves hold indices of edges until every edge has its final `via`.
    for halves in &mut hierarchy.shortcuts {
        halves.to_lower = hierarchy.up[halves.to_lower as usize].via;
        halves.to_higher = hierarchy.up[halves.to_higher as usize].via;
    }
}
