//! The second level of a two-level subgoal graph: the subgoals a search between two others
//! never needs in the middle of its path become local, with edges added round them where
//! needed, and packed adjacency lists in which a global subgoal lists only its global
//! neighbours.

use std::collections::BinaryHeap;

use fixedbitset::FixedBitSet;

use super::build::{octile, Cells};
use super::Cheapest;

/// Subgoals with more neighbours than this stay global: checking every pair of neighbours
/// costs the square of the degree in searches, and such hubs shorten many paths anyway.
const MAX_DEGREE: usize = 20;

/// The expansions of all the checking searches of one subgoal's pairs, spread over the
/// subgoals: a search that checks a pair of neighbours gives up after `CHECK_WORK /
/// subgoals` expansions (within [`MIN_EXPANSIONS`, `MAX_EXPANSIONS`]), and the pair counts
/// as having no other route (which keeps the subgoal global, or adds an edge). Maps of
/// scattered obstacles have tens of thousands of subgoals, each pair's route round a
/// corner is short, and longer searches there only cost build time.
const CHECK_WORK: usize = 1 << 22;
const MIN_EXPANSIONS: usize = 32;
const MAX_EXPANSIONS: usize = 256;

/// Relative slack on costs summed in different orders.
const SLACK: f64 = 1e-9;

/// Subgoals with their edges, packed: the neighbours of subgoal `u` are
/// `to[first[u]..first[u + 1]]`. A local subgoal lists all its neighbours; a global one
/// only its global neighbours, since a search goes from a global subgoal to a local one
/// only towards the goal, which the query joins from the local side (an edge between a
/// local and a global subgoal is stored once, in the local's list).
#[derive(Debug, Default, Clone)]
pub(super) struct Edges {
    pub(super) first: Vec<u32>,
    pub(super) to: Vec<u32>,
    /// Whether each subgoal is global (searched between the endpoints' own subgoals).
    pub(super) global: FixedBitSet,
}

impl Edges {
    /// Packs `adjacency`, symmetric lists, leaving out of each global subgoal's list its
    /// local neighbours.
    pub(super) fn pack(adjacency: &[Vec<u32>], global: FixedBitSet) -> Edges {
        let mut edges = Edges {
            first: Vec::with_capacity(adjacency.len() + 1),
            to: Vec::with_capacity(adjacency.iter().map(Vec::len).sum()),
            global,
        };
        for (u, list) in adjacency.iter().enumerate() {
            edges.first.push(edges.to.len() as u32);
            if edges.global.contains(u) {
                let global = &edges.global;
                edges
                    .to
                    .extend(list.iter().filter(|&&w| global.contains(w as usize)));
            } else {
                edges.to.extend_from_slice(list);
            }
        }
        edges.first.push(edges.to.len() as u32);
        edges
    }

    /// The symmetric adjacency lists the edges were packed from.
    pub(super) fn unpack(&self) -> Vec<Vec<u32>> {
        let mut adjacency: Vec<Vec<u32>> = self
            .first
            .windows(2)
            .map(|pair| self.to[pair[0] as usize..pair[1] as usize].to_vec())
            .collect();
        for u in 0..adjacency.len() {
            if !self.global.contains(u) {
                for k in self.first[u]..self.first[u + 1] {
                    let w = self.to[k as usize];
                    if self.global.contains(w as usize) {
                        adjacency[w as usize].push(u as u32);
                    }
                }
            }
        }
        adjacency
    }

    /// The number of edges, each counted once.
    pub(super) fn count(&self) -> usize {
        // Edges between a local and a global subgoal are stored once, the others twice.
        let once = (0..self.first.len().saturating_sub(1))
            .filter(|&u| !self.global.contains(u))
            .map(|u| {
                self.to[self.first[u] as usize..self.first[u + 1] as usize]
                    .iter()
                    .filter(|&&w| self.global.contains(w as usize))
                    .count()
            })
            .sum::<usize>();
        (self.to.len() + once) / 2
    }

    /// The bytes of the packed lists.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of_val(self.first.as_slice())
            + std::mem::size_of_val(self.to.as_slice())
            + std::mem::size_of_val(self.global.as_slice())
    }
}

/// What one checking search looks for: routes from `from` avoiding `avoid` to `targets`,
/// no longer than `bound`.
struct Check<'a> {
    from: u32,
    avoid: u32,
    targets: &'a [u32],
    bound: f64,
}

/// Scratch of the searches that check whether a subgoal can become local.
struct Checker {
    distance: Vec<f64>,
    stamp: Vec<u32>,
    generation: u32,
    open: BinaryHeap<Cheapest>,
    target: Vec<u32>,
    max_expansions: usize,
}

impl Checker {
    fn new(subgoals: usize) -> Checker {
        Checker {
            max_expansions: (CHECK_WORK / subgoals.max(1)).clamp(MIN_EXPANSIONS, MAX_EXPANSIONS),
            distance: vec![f64::INFINITY; subgoals],
            stamp: vec![0; subgoals],
            generation: 0,
            open: BinaryHeap::new(),
            target: vec![0; subgoals],
        }
    }

    fn distance(&self, u: u32) -> f64 {
        if self.stamp[u as usize] == self.generation {
            self.distance[u as usize]
        } else {
            f64::INFINITY
        }
    }

    /// Distances from `from` to `targets` up to `bound`, over paths that avoid `avoid` and
    /// pass only through global subgoals: each finite one is the cost of such a path (the
    /// shortest unless the expansion cap cut the search short), so a check that trusts it
    /// never relies on a path that does not exist.
    fn search(&mut self, graph: (&[Vec<u32>], &FixedBitSet, &Cells), check: Check<'_>) {
        let (adjacency, global, cells) = graph;
        let Check {
            from,
            avoid,
            targets,
            bound,
        } = check;
        self.generation += 1;
        let generation = self.generation;
        for &t in targets {
            self.target[t as usize] = generation;
        }
        let mut left = targets.len();
        self.open.clear();
        self.stamp[from as usize] = generation;
        self.distance[from as usize] = 0.0;
        self.open.push(Cheapest(0.0, from));
        let mut expansions = 0;
        while let Some(Cheapest(g, u)) = self.open.pop() {
            if g > self.distance(u) {
                continue;
            }
            if u != from && self.target[u as usize] == generation {
                // Mark the target as settled.
                self.target[u as usize] = 0;
                left -= 1;
                if left == 0 {
                    break;
                }
            }
            // Only the root and global subgoals lie inside the paths checked.
            if u != from && !global.contains(u as usize) {
                continue;
            }
            expansions += 1;
            if expansions > self.max_expansions {
                break;
            }
            let here = cells.position(u);
            for &w in &adjacency[u as usize] {
                if w == avoid {
                    continue;
                }
                let next = g + octile(here, cells.position(w));
                if next < self.distance(w) && next <= bound {
                    self.stamp[w as usize] = generation;
                    self.distance[w as usize] = next;
                    self.open.push(Cheapest(next, w));
                }
            }
        }
    }
}

/// Makes local every subgoal that no shortest path between two others needs in its middle
/// (Uras, Koenig and Hernández 2013, two-level subgoal graphs). A subgoal `v` becomes local
/// when, for every pair `a`, `b` of its neighbours, a path from `a` to `b` avoiding `v`
/// through global subgoals costs at most `a → v → b`, or `a → v → b` is as short as the
/// octile distance from `a` to `b`, in which case the edge `a`–`b` is added. The
/// invariant kept: between any two subgoals, some shortest path of the graph has only
/// global subgoals between its ends. Returns the global subgoals.
pub(super) fn prune(cells: &Cells, adjacency: &mut [Vec<u32>]) -> FixedBitSet {
    let subgoals = adjacency.len();
    let mut global = FixedBitSet::with_capacity(subgoals);
    global.insert_range(..);
    let mut checker = Checker::new(subgoals);
    let mut neighbours = Vec::new();
    let mut added: Vec<(u32, u32)> = Vec::new();
    let position = |u: u32| cells.position(u);
    for v in 0..subgoals as u32 {
        neighbours.clear();
        neighbours.extend_from_slice(&adjacency[v as usize]);
        if neighbours.len() > MAX_DEGREE {
            continue;
        }
        added.clear();
        let at_v = position(v);
        let mut needed = false;
        'pairs: for (k, &a) in neighbours.iter().enumerate() {
            let targets = &neighbours[k + 1..];
            if targets.is_empty() {
                break;
            }
            let to_v = octile(position(a), at_v);
            let bound = targets
                .iter()
                .map(|&b| to_v + octile(at_v, position(b)))
                .fold(0.0, f64::max);
            checker.search(
                (adjacency, &global, cells),
                Check {
                    from: a,
                    avoid: v,
                    targets,
                    bound: bound * (1.0 + SLACK),
                },
            );
            for &b in targets {
                let through = to_v + octile(at_v, position(b));
                if checker.distance(b) <= through * (1.0 + SLACK) {
                    continue;
                }
                if octile(position(a), position(b)) >= through * (1.0 - SLACK) {
                    added.push((a, b));
                    continue;
                }
                needed = true;
                break 'pairs;
            }
        }
        if needed {
            continue;
        }
        global.set(v as usize, false);
        for &(a, b) in &added {
            if !adjacency[a as usize].contains(&b) {
                adjacency[a as usize].push(b);
                adjacency[b as usize].push(a);
            }
        }
    }
    global
}
