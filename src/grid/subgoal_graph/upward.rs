//! A query on a contraction hierarchy of subgoals: the start and the goal joined to the
//! subgoals they reach directly, a search upwards from each side until neither can beat the
//! best meeting found, and the shortcuts unpacked, a level at a time, into edges of the
//! simple graph, which are then walked into cells.

use super::super::{Cell, Grid};
use super::build::{octile, Cells};
use super::heap::Heap;
use super::hierarchy::{Hierarchy, Up, DIAGONAL_FIRST, STRAIGHT_FIRST};
use super::query::{any_octile_path, direct_path, fill, refine, walk_is_legal};
use super::seeds::{direct_subgoals, Seeds};
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
        if self.records[u as usize].skips(g, key, reached, best) {
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
}

impl Record {
    /// Whether a route of cost `g` and key `key` to this record's subgoal is of no use: it
    /// was reached as cheaply in this search (stamp at least `reached`) or expanded (stamp
    /// `reached + 1`), or the key cannot beat the best meeting. Bit operations, not
    /// short-circuits: the answer is a coin toss to the branch predictor, so it is computed
    /// whole and tested once.
    #[inline(always)]
    fn skips(&self, g: f64, key: f64, reached: u32, best: f64) -> bool {
        ((self.stamp >= reached) & (g >= self.g)) | (self.stamp == reached + 1) | (key >= best)
    }
}

/// Relaxes the edges `above` of subgoal `u`, reached at `g`, for the side whose records
/// are `records` (the last one a spare) and whose target is `target`, in the search whose
/// reached stamp is `reached` and whose best meeting costs `best`: writes each improved
/// end's record and lists it in `staged` with its key, and returns how many it listed.
///
/// Kept out of line, as [`split`] is: inlined in the query, its loop reloaded its tables
/// from the stack on every edge.
#[inline(never)]
fn relax(
    records: &mut [Record],
    staged: &mut [(u64, u32)],
    xy: &[Cell],
    above: &[Up],
    (u, g): (u32, f64),
    target: Cell,
    (reached, best): (u32, f64),
) -> usize {
    // Whether an edge improves its higher end is a coin toss to the branch predictor.
    // Each edge's record is written either to its subgoal or to the spare record past
    // the last, and its entry is kept by counting it.
    let spare = records.len() - 1;
    let mut kept = 0;
    for edge in above {
        let (to, next) = (edge.to, g + edge.cost);
        let key = next + octile(xy[to as usize], target);
        let skip = records[to as usize].skips(next, key, reached, best);
        records[[to as usize, spare][usize::from(skip)]] = Record {
            g: next,
            parent: u,
            via: edge.via,
            stamp: reached,
        };
        // A skipped entry is overwritten by the next.
        staged[kept] = (key.to_bits(), to);
        kept += usize::from(!skip);
    }
    kept
}

/// An edge of a path being unpacked: the subgoal where it ends along the path, its
/// [`Up::via`], whether the path runs down it, and the next edge along the path.
#[derive(Clone, Copy, Debug)]
struct Link {
    end: u32,
    via: u32,
    down: bool,
    next: u32,
}

/// The memory of the hierarchy's queries, reused from one to the next.
#[derive(Debug, Default)]
pub(super) struct Upward {
    sides: [Side; 2],
    generation: u32,
    /// The start's side's edges, from the meeting down: higher end and `via`.
    chain: Vec<(u32, u32)>,
    /// The edges of the path being unpacked, linked in the path's order.
    links: Vec<Link>,
    /// The links that are shortcuts still to split, and those found by the current split.
    splitting: [Vec<u32>; 2],
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
        (grid, cells, hierarchy, seeds): (&Grid, &Cells, &Hierarchy, Option<&Seeds>),
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
            let seed = |id: u32| {
                let at = cells.position(id);
                let g = octile(end, at);
                if self.sides[side].reach((id, at), g, NONE, DIAGONAL_FIRST, reached, best) {
                    self.meet(id, reached, &mut best, &mut meeting);
                }
            };
            direct_subgoals(grid, cells, seeds, index, seed);
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
            // The entries kept are queued and met afterwards, with branches mostly taken
            // one way.
            if self.staged.len() < above.len() {
                self.staged.resize(above.len(), (0, 0));
            }
            let kept = relax(
                &mut this.records,
                &mut self.staged,
                &cells.xy,
                above,
                (u, g),
                this.target,
                (reached, best),
            );
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
    ///
    /// The shortcuts are split a level at a time, all those of a level in one pass, not
    /// depth first: the halves of a shortcut are read from memory that is often out of
    /// the nearest caches, and the reads of one pass do not wait for each other, where
    /// depth first each read waits for the one before.
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
        // from the meeting down, are run up from the bottom.
        self.chain.clear();
        let mut at = meeting;
        loop {
            let record = self.sides[0].records[at as usize];
            if record.parent == NONE {
                break;
            }
            self.chain.push((at, record.via));
            at = record.parent;
        }
        let first = cells.position(at);
        let links = &mut self.links;
        links.clear();
        for &(higher, via) in self.chain.iter().rev() {
            links.push(Link {
                end: higher,
                via,
                down: false,
                next: links.len() as u32 + 1,
            });
        }
        // The goal's side descends from the meeting.
        let mut at = meeting;
        loop {
            let record = self.sides[1].records[at as usize];
            if record.parent == NONE {
                break;
            }
            links.push(Link {
                end: record.parent,
                via: record.via,
                down: true,
                next: links.len() as u32 + 1,
            });
            at = record.parent;
        }
        let last = cells.position(at);
        if let Some(link) = links.last_mut() {
            link.next = NONE;
        }
        let [splitting, found] = &mut self.splitting;
        splitting.clear();
        splitting
            .extend((0..links.len() as u32).filter(|&k| !Up::is_original(links[k as usize].via)));
        while !splitting.is_empty() {
            split(hierarchy, links, splitting, found);
            std::mem::swap(splitting, found);
        }
        if first != start {
            refine(grid, start, first, &mut nodes, &mut self.reachable);
        }
        walk_links(
            (grid, cells),
            &self.links,
            first,
            &mut nodes,
            &mut self.reachable,
        );
        if goal != last {
            refine(grid, last, goal, &mut nodes, &mut self.reachable);
        }
        nodes
    }
}

/// Splits each shortcut `links[k]` for `k` in `splitting` into its two halves, linked in
/// the path's order, and lists in `found` those halves that are shortcuts.
///
/// Kept out of line: inlined in the query, its loop ran short of registers.
#[inline(never)]
fn split(hierarchy: &Hierarchy, links: &mut Vec<Link>, splitting: &[u32], found: &mut Vec<u32>) {
    // Each split keeps 0, 1 or 2 halves to split further; they are written whether kept
    // or not and counted in, without a branch on it.
    found.clear();
    found.resize(2 * splitting.len(), 0);
    let mut kept = 0;
    for &k in splitting {
        let link = links[k as usize];
        let halves = hierarchy.shortcuts[link.via as usize];
        let (to_lower, to_higher) = (halves.to_lower, halves.to_higher);
        // The middle lies below both ends and keeps the edges to them. Either way along
        // the shortcut, the path runs down the half to the middle, then up the other half
        // to the end.
        let (down, up) = if link.down {
            (to_higher, to_lower)
        } else {
            (to_lower, to_higher)
        };
        let second = links.len() as u32;
        links.push(Link {
            end: link.end,
            via: up,
            down: false,
            next: link.next,
        });
        links[k as usize] = Link {
            end: halves.middle,
            via: down,
            down: true,
            next: second,
        };
        found[kept] = k;
        kept += usize::from(!Up::is_original(down));
        found[kept] = second;
        kept += usize::from(!Up::is_original(up));
    }
    found.truncate(kept);
}

/// Appends to `nodes`, which ends at `from`, the cells of the walks along `links`, edges
/// of the simple graph linked from the first in the path's order.
///
/// Kept out of line, as [`split`] is.
#[inline(never)]
fn walk_links(
    (grid, cells): (&Grid, &Cells),
    links: &[Link],
    from: Cell,
    nodes: &mut Vec<Cell>,
    reachable: &mut Vec<bool>,
) {
    let mut from = from;
    let mut k = if links.is_empty() { NONE } else { 0 };
    while k != NONE {
        let link = links[k as usize];
        let to = cells.position(link.end);
        // The walk that makes its diagonal steps first one way makes them last the other
        // way; the two marks differ in their lowest bit only.
        let walk = link.via ^ u32::from(link.down & (link.via >= STRAIGHT_FIRST));
        debug_assert!(
            !matches!(walk, DIAGONAL_FIRST | STRAIGHT_FIRST)
                || walk_is_legal(grid, from, to, walk == DIAGONAL_FIRST),
            "the walk marked on the edge {from:?} -> {to:?} is not legal"
        );
        match walk {
            DIAGONAL_FIRST => fill(from, to, true, nodes),
            STRAIGHT_FIRST => fill(from, to, false, nodes),
            _ => any_octile_path(grid, from, to, nodes, reachable),
        }
        from = to;
        k = link.next;
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::{Cell, Connectivity, Grid};
    use super::{
        fill, walk_is_legal, walk_links, Cells, Link, Record, DIAGONAL_FIRST, NONE, STRAIGHT_FIRST,
    };

    /// Down an edge of the simple graph the walk is the one marked on it, run backwards:
    /// diagonal steps last for an edge marked diagonal first, and first for one marked
    /// straight first. Checked on every pair of subgoals of a map where exactly one of
    /// the two walks is legal.
    #[test]
    fn down_an_edge_the_marked_walk_runs_backwards() {
        let grid: Grid = "
            .........
            .#...#...
            ....#....
            ..#....#.
            .....#...
            .#.......
        "
        .parse::<Grid>()
        .unwrap()
        .with_connectivity(Connectivity::Eight);
        let cells = Cells::build(&grid);
        let mut checked = 0;
        for a in 0..cells.len() as u32 {
            for b in 0..cells.len() as u32 {
                let (from, to) = (cells.position(a), cells.position(b));
                let legal = [true, false].map(|first| walk_is_legal(&grid, from, to, first));
                if legal[0] == legal[1] {
                    continue;
                }
                let via = if legal[0] {
                    DIAGONAL_FIRST
                } else {
                    STRAIGHT_FIRST
                };
                // Up the edge from `a`, then the same edge down from `b`.
                let mut forward = vec![from];
                fill(from, to, legal[0], &mut forward);
                let link = |end, down| Link {
                    end,
                    via,
                    down,
                    next: NONE,
                };
                let walk = |link: Link, from: Cell| {
                    let mut cells_walked = vec![from];
                    let links = [link];
                    walk_links(
                        (&grid, &cells),
                        &links,
                        from,
                        &mut cells_walked,
                        &mut Vec::new(),
                    );
                    cells_walked
                };
                let (up, mut down) = (walk(link(b, false), from), walk(link(a, true), to));
                assert_eq!(up, forward, "{from:?} -> {to:?}");
                down.reverse();
                assert_eq!(down, forward, "{to:?} -> {from:?}");
                checked += 1;
            }
        }
        assert!(checked >= 10, "{checked} one-walk pairs");
    }

    /// The rule for skipping a route, case by case: an expanded subgoal is never reached
    /// again, even at a higher cost (a consistent estimate expands it at its distance; a
    /// route that overwrote its record would leave the path through it dearer than the
    /// cost found); a subgoal reached in this search is skipped unless the route is
    /// cheaper; a stale record is not; a key that cannot beat the best meeting is.
    #[test]
    fn skips_expanded_subgoals_dearer_routes_and_hopeless_keys() {
        let reached = 6;
        let record = |g, stamp| Record {
            g,
            parent: NONE,
            via: DIAGONAL_FIRST,
            stamp,
        };
        let records = [
            record(5.0, reached + 1),
            record(5.0, reached),
            record(5.0, reached - 2),
        ];
        let best = 100.0;
        // Expanded: skipped at any cost.
        assert!(records[0].skips(7.0, 50.0, reached, best));
        assert!(records[0].skips(5.0, 50.0, reached, best));
        assert!(records[0].skips(4.0, 50.0, reached, best));
        // Reached in this search: skipped unless cheaper.
        assert!(records[1].skips(7.0, 50.0, reached, best));
        assert!(records[1].skips(5.0, 50.0, reached, best));
        assert!(!records[1].skips(4.0, 50.0, reached, best));
        // Reached in an earlier search only: taken whatever its old cost.
        assert!(!records[2].skips(7.0, 50.0, reached, best));
        // A key no better than the best meeting: skipped, whatever the record says.
        assert!(records[2].skips(7.0, 100.0, reached, best));
        assert!(!records[2].skips(7.0, 99.0, reached, best));
        assert!(records[0].skips(4.0, 100.0, reached, best));
        assert!(records[1].skips(4.0, 100.0, reached, best));
    }
}
