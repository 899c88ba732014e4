//! Safe interval path planning (Phillips and Likhachev, "SIPP: Safe Interval Path Planning
//! for Dynamic Environments", ICRA 2011) over the refinement's table of everyone's paths:
//! the earliest walk of one agent to its goal, where it can stay, that avoids every path in
//! the table.
//!
//! A state is a vertex and one of its safe intervals (a maximal run of time steps when no
//! path is there) rather than a vertex and a time: waiting inside an interval is free to
//! search, so a crowded map with long waits has a few states per vertex instead of one per
//! time step. Within an interval the earliest arrival dominates every later one, which
//! keeps the search optimal in arrival time, like space-time A* on the same table.
//!
//! # Complexity
//!
//! `O(S log S)` for the `S` states reached (at most one per safe interval), plus a scan of
//! the table's column of each vertex entered, `O(rows)` at worst.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::graph::{VertexGraph, NONE};
use super::path_table::PathTable;

/// The end of an interval that never ends (no path comes back to the vertex).
const FOREVER: u32 = u32::MAX;

/// The search's memory, kept between calls.
#[derive(Debug, Default)]
pub(crate) struct Sipp {
    /// The state of each `(interval end, vertex)` at `end_slot · V + vertex`, `NONE` when
    /// unreached; `touched` lists what to clear before the next search.
    slots: Vec<u32>,
    touched: Vec<u32>,
    nodes: Vec<u32>,
    arrivals: Vec<u32>,
    ends: Vec<u32>,
    parents: Vec<u32>,
    closed: Vec<bool>,
    open: BinaryHeap<Reverse<(u32, u32, u32)>>,
}

impl Sipp {
    /// The walk (one vertex per time step from time 0) from `start` to `goal` of at most
    /// `limit` steps that arrives earliest, where `distance` is every vertex's distance to
    /// `goal` alone; `None` when there is none within the limit.
    pub(crate) fn plan(
        &mut self,
        graph: &VertexGraph,
        table: &PathTable,
        start: u32,
        goal: u32,
        distance: &[u32],
        limit: u32,
    ) -> Option<Vec<u32>> {
        for &slot in &self.touched {
            self.slots[slot as usize] = NONE;
        }
        self.touched.clear();
        self.nodes.clear();
        self.arrivals.clear();
        self.ends.clear();
        self.parents.clear();
        self.closed.clear();
        self.open.clear();
        let vertices = graph.len();
        let rows = table.latest_time();
        let needed = (rows as usize + 2) * vertices;
        if self.slots.len() < needed {
            self.slots.resize(needed, NONE);
        }
        if distance[start as usize] > limit || !table.is_free(start, 0) {
            return None;
        }
        let end = interval_end(table, start, 0);
        let root = self.state(start, 0, end, NONE, vertices, rows)?;
        self.open
            .push(Reverse((distance[start as usize], u32::MAX, root)));
        while let Some(Reverse((_, _, id))) = self.open.pop() {
            let index = id as usize;
            if self.closed[index] {
                continue;
            }
            self.closed[index] = true;
            let (v, arrival, end) = (self.nodes[index], self.arrivals[index], self.ends[index]);
            if v == goal && end == FOREVER {
                return Some(self.walk(id));
            }
            // Leaving at `t` arrives at `t + 1`; past the last row the table no longer
            // changes, so the earliest arrival after it is the only one worth trying.
            let last = end.min((arrival + 1).max(rows + 1));
            for &u in graph.neighbours(v) {
                let h = distance[u as usize];
                let mut t = arrival + 1;
                while t <= last && t.saturating_add(h) <= limit {
                    if !table.can_move(v, u, t - 1) {
                        t += 1;
                        continue;
                    }
                    let u_end = interval_end(table, u, t);
                    if let Some(child) = self.state(u, t, u_end, id, vertices, rows) {
                        self.open.push(Reverse((t + h, u32::MAX - t, child)));
                    }
                    if u_end == FOREVER {
                        break;
                    }
                    // The next interval of `u` starts after its busy step.
                    t = u_end + 1;
                }
            }
        }
        None
    }

    /// The state of `vertex` in its interval ending at `end`, reached at `arrival` from
    /// `parent`: `None` when it was already reached as early.
    fn state(
        &mut self,
        vertex: u32,
        arrival: u32,
        end: u32,
        parent: u32,
        vertices: usize,
        rows: u32,
    ) -> Option<u32> {
        let slot = end.min(rows + 1) as usize * vertices + vertex as usize;
        let known = self.slots[slot];
        if known != NONE {
            let k = known as usize;
            if self.closed[k] || self.arrivals[k] <= arrival {
                return None;
            }
            self.arrivals[k] = arrival;
            self.parents[k] = parent;
            return Some(known);
        }
        let id = self.nodes.len() as u32;
        self.slots[slot] = id;
        self.touched.push(slot as u32);
        self.nodes.push(vertex);
        self.arrivals.push(arrival);
        self.ends.push(end);
        self.parents.push(parent);
        self.closed.push(false);
        Some(id)
    }

    fn walk(&self, mut id: u32) -> Vec<u32> {
        let mut walk = vec![NONE; self.arrivals[id as usize] as usize + 1];
        let mut until = walk.len();
        while id != NONE {
            let k = id as usize;
            let from = self.arrivals[k] as usize;
            walk[from..until].fill(self.nodes[k]);
            until = from;
            id = self.parents[k];
        }
        walk
    }
}

/// The first time after `t` when `vertex` is taken, [`FOREVER`] when never; `vertex` is
/// free at `t`.
fn interval_end(table: &PathTable, vertex: u32, t: u32) -> u32 {
    let rows = table.latest_time();
    let mut next = t + 1;
    while next < rows {
        if !table.is_free(vertex, next) {
            return next;
        }
        next += 1;
    }
    if table.is_free(vertex, next.max(rows)) {
        FOREVER
    } else {
        next.max(rows)
    }
}

#[cfg(test)]
mod tests {
    //! SIPP against a breadth-first search of the time-expanded graph that reads the other
    //! agents' paths directly, not through the table.

    use proptest::prelude::*;

    use super::Sipp;
    use crate::grid::Grid;
    use crate::mapf::graph::{distances_to, VertexGraph};
    use crate::mapf::path_table::PathTable;

    /// Where a path is at `t`: its last vertex once it has ended.
    fn at(path: &[u32], t: u32) -> u32 {
        path[(t as usize).min(path.len() - 1)]
    }

    fn taken(others: &[Vec<u32>], v: u32, t: u32) -> bool {
        others.iter().any(|p| at(p, t) == v)
    }

    /// Whether stepping from `v` at `t` to `u` at `t + 1` meets no one: `u` is free then
    /// and nobody comes the other way.
    fn step_ok(graph: &VertexGraph, others: &[Vec<u32>], v: u32, u: u32, t: u32) -> bool {
        (u == v || graph.neighbours(v).contains(&u))
            && !taken(others, u, t + 1)
            && (u == v || !others.iter().any(|p| at(p, t) == u && at(p, t + 1) == v))
    }

    /// The time after which nothing in `others` moves.
    fn settled(others: &[Vec<u32>]) -> u32 {
        others.iter().map(|p| p.len() as u32).max().unwrap_or(0)
    }

    /// The earliest arrival at `goal` where the agent can stay for good, by breadth-first
    /// search over (vertex, time) up to a time after which nothing changes and every
    /// vertex has had time to be reached.
    fn oracle(graph: &VertexGraph, others: &[Vec<u32>], start: u32, goal: u32) -> Option<u32> {
        let n = graph.len();
        let horizon = settled(others) + n as u32 + 1;
        let stays = |t: u32| (t..=settled(others)).all(|later| !taken(others, goal, later));
        let mut reached = vec![false; n];
        if taken(others, start, 0) {
            return None;
        }
        reached[start as usize] = true;
        for t in 0..=horizon {
            if reached[goal as usize] && stays(t) {
                return Some(t);
            }
            let mut next = vec![false; n];
            for v in (0..n as u32).filter(|&v| reached[v as usize]) {
                for u in graph.neighbours(v).iter().copied().chain([v]) {
                    if step_ok(graph, others, v, u, t) {
                        next[u as usize] = true;
                    }
                }
            }
            reached = next;
        }
        None
    }

    /// Checks a walk step by step against the paths themselves.
    fn check(graph: &VertexGraph, others: &[Vec<u32>], walk: &[u32], start: u32, goal: u32) {
        assert_eq!(walk[0], start, "{walk:?}");
        assert_eq!(*walk.last().unwrap(), goal, "{walk:?}");
        assert!(!taken(others, start, 0));
        for (t, pair) in walk.windows(2).enumerate() {
            assert!(
                step_ok(graph, others, pair[0], pair[1], t as u32),
                "step {t} of {walk:?} against {others:?}"
            );
        }
        let arrival = walk.len() as u32 - 1;
        for t in arrival..=settled(others) {
            assert!(!taken(others, goal, t), "goal taken at {t}: {walk:?}");
        }
    }

    fn table_of(graph: &VertexGraph, others: &[Vec<u32>]) -> PathTable {
        let mut table = PathTable::default();
        table.reset(graph.len());
        for (agent, path) in others.iter().enumerate() {
            table.insert(agent as u32, path);
        }
        table
    }

    /// Plans with `sipp`, checks the answer against the oracle and returns the arrival.
    fn plan_and_check(
        sipp: &mut Sipp,
        graph: &VertexGraph,
        others: &[Vec<u32>],
        table: &PathTable,
        (start, goal): (u32, u32),
        limit: u32,
    ) -> Option<u32> {
        let mut distance = Vec::new();
        distances_to(graph, goal, &mut distance, &mut Vec::new());
        let found = sipp.plan(graph, table, start, goal, &distance, limit);
        let expected = oracle(graph, others, start, goal).filter(|&t| t <= limit);
        if let Some(walk) = &found {
            check(graph, others, walk, start, goal);
        }
        let arrival = found.map(|walk| walk.len() as u32 - 1);
        assert_eq!(
            arrival, expected,
            "{start} to {goal} within {limit}, {others:?}"
        );
        arrival
    }

    type Cells<'a> = &'a [(u32, u32)];

    /// The arrival from `from` to `to` on `map` among the agents walking `others`, within
    /// each limit in turn (one search's memory for all), checked against the oracle.
    fn arrivals(
        map: &str,
        others: &[Cells],
        (from, to): ((u32, u32), (u32, u32)),
        limits: &[u32],
    ) -> Vec<Option<u32>> {
        let graph = VertexGraph::new(&map.parse::<Grid>().unwrap());
        let vertex = |cell| graph.vertex(cell).unwrap();
        let others: Vec<Vec<u32>> = others
            .iter()
            .map(|cells| cells.iter().map(|&c| vertex(c)).collect())
            .collect();
        let table = table_of(&graph, &others);
        let mut sipp = Sipp::default();
        let task = (vertex(from), vertex(to));
        limits
            .iter()
            .map(|&limit| plan_and_check(&mut sipp, &graph, &others, &table, task, limit))
            .collect()
    }

    #[test]
    fn a_goal_taken_later_is_reached_after_the_other_leaves() {
        // Two steps away, but the other agent is on the goal at time 3.
        let other: Cells = &[(2, 1), (2, 1), (2, 1), (2, 0), (2, 1)];
        let found = arrivals("...\n...", &[other], ((0, 0), (2, 0)), &[10, 4, 3]);
        assert_eq!(found, [Some(4), Some(4), None]);
    }

    #[test]
    fn a_goal_where_someone_stays_is_never_reached() {
        let other: Cells = &[(2, 1), (2, 0)];
        let found = arrivals("...\n...", &[other], ((0, 0), (2, 0)), &[50]);
        assert_eq!(found, [None]);
    }

    #[test]
    fn a_start_that_is_taken_has_no_walk() {
        let other: Cells = &[(0, 0), (1, 0)];
        assert_eq!(arrivals("...", &[other], ((0, 0), (2, 0)), &[50]), [None]);
    }

    #[test]
    fn an_agent_on_its_goal_steps_aside_for_a_passer_and_comes_back() {
        let other: Cells = &[(1, 1), (0, 1), (0, 0), (0, 1)];
        let found = arrivals("...\n...", &[other], ((0, 0), (0, 0)), &[10, 2]);
        assert_eq!(found, [Some(3), None]);
        // With nobody passing, it is there already.
        assert_eq!(arrivals("...", &[], ((0, 0), (0, 0)), &[0]), [Some(0)]);
    }

    #[test]
    fn a_wait_until_the_last_row_of_the_table() {
        // The other agent blocks the corridor until the table's last row, then steps into
        // the niche below and stays there.
        let other: Cells = &[(1, 0), (1, 0), (1, 0), (1, 0), (1, 0), (1, 1)];
        let found = arrivals("....\n#.##", &[other], ((0, 0), (3, 0)), &[7, 6, 100]);
        assert_eq!(found, [Some(7), None, Some(7)]);
    }

    #[test]
    fn a_walk_follows_others_out_of_a_corridor() {
        // Entering a cell as its occupant leaves it is allowed, in both directions of the
        // corridor: one agent steps into the niche, the other walks back to its end.
        let niche: Cells = &[(1, 0), (1, 0), (1, 0), (1, 1)];
        let back: Cells = &[(4, 0), (3, 0), (2, 0), (2, 0), (3, 0), (4, 0)];
        let found = arrivals(".....\n#.###", &[niche, back], ((0, 0), (3, 0)), &[99]);
        assert_eq!(found, [Some(5)]);
    }

    /// Paths of other agents that meet neither one another nor the cells where the earlier
    /// ones end: random walks, each dropped when it would collide.
    fn walks(graph: &VertexGraph, seeds: &[(u16, Vec<u8>)]) -> Vec<Vec<u32>> {
        let n = graph.len() as u32;
        let mut others: Vec<Vec<u32>> = Vec::new();
        for (start, moves) in seeds {
            let mut walk = vec![u32::from(*start) % n];
            for &m in moves {
                let v = *walk.last().unwrap();
                let options: Vec<u32> = graph.neighbours(v).iter().copied().chain([v]).collect();
                walk.push(options[m as usize % options.len()]);
            }
            let horizon = settled(&others).max(walk.len() as u32);
            let clear = (0..horizon).all(|t| {
                !taken(&others, at(&walk, t), t)
                    && !others
                        .iter()
                        .any(|p| at(p, t) == at(&walk, t + 1) && at(p, t + 1) == at(&walk, t))
            });
            if clear {
                others.push(walk);
            }
        }
        others
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The earliest arrival the breadth-first search finds, within any limit, with one
        /// search's memory reused for every query and after paths leave the table.
        #[test]
        fn sipp_matches_the_time_expanded_search(
            width in 2u32..7, height in 1u32..5,
            walls in prop::collection::vec(prop::bool::weighted(0.2), 1..30),
            seeds in prop::collection::vec((any::<u16>(), prop::collection::vec(any::<u8>(), 0..12)), 0..6),
            tasks in prop::collection::vec((any::<u16>(), any::<u16>(), 0u32..24), 1..4),
        ) {
            let mut grid = crate::grid::Grid::open(width, height, crate::grid::Connectivity::Four);
            for y in 0..height {
                for x in 0..width {
                    if walls[(y * width + x) as usize % walls.len()] {
                        grid.set_blocked((x, y), true).unwrap();
                    }
                }
            }
            let graph = VertexGraph::new(&grid);
            prop_assume!(graph.len() >= 2);
            let n = graph.len() as u32;
            let mut others = walks(&graph, &seeds);
            let mut table = table_of(&graph, &others);
            let mut sipp = Sipp::default();
            for &(s, g, limit) in &tasks {
                let task = (u32::from(s) % n, u32::from(g) % n);
                plan_and_check(&mut sipp, &graph, &others, &table, task, limit);
            }
            // The refiner takes paths out and puts them back: the table must then answer
            // as if they had never been there.
            if let Some(last) = others.pop() {
                table.remove(others.len() as u32, &last);
                for &(s, g, limit) in &tasks {
                    let task = (u32::from(s) % n, u32::from(g) % n);
                    plan_and_check(&mut sipp, &graph, &others, &table, task, limit + 8);
                }
            }
        }
    }
}
