//! Improving a plan's sum of costs by large neighbourhood search (Li, Chen, Harabor,
//! Stuckey and Koenig, "Anytime Multi-Agent Path Finding via Large Neighborhood Search",
//! IJCAI 2021): remove a few agents' paths, replan them one by one with space-time A*
//! against everyone else, keep the change when their costs drop.
//!
//! # Invariants
//!
//! The plan stays valid after every round: a replanned path avoids every other path in
//! the table (vertex, swap, and the cells where agents stay after arriving), and a round
//! that does not lower the sum of costs is undone.
//!
//! # Complexity
//!
//! A round costs a few space-time searches (each `O(S log S)` for the `S` states it
//! reaches) and `O(makespan)` per neighbourhood agent to update the table, which holds one
//! entry per vertex per time step.

use std::time::Instant;

use chacha20::ChaCha8Rng;
use fixedbitset::FixedBitSet;
use rand_core::{Rng, SeedableRng};

use super::graph::{distances_to, VertexGraph, NONE};
use super::pibt::to_solution;
use super::{Instance, Solution};
use crate::{DenseIds, Graph, Heuristic, IndexedGraph, ReservationTable, SpaceTimeAStar};

/// Agents replanned together in one round: on crowded maps small neighbourhoods are
/// accepted more often and cost less to replan than the eight of the paper.
const NEIGHBOURHOOD: usize = 4;

impl Graph for VertexGraph {
    type Node = u32;
    type Cost = u32;
    type Ids = DenseIds;

    #[inline]
    fn successors(&self, node: u32, mut visit: impl FnMut(u32, u32)) {
        for &next in self.neighbours(node) {
            visit(next, 1);
        }
    }
}

impl IndexedGraph for VertexGraph {
    fn node_bound(&self) -> usize {
        self.len()
    }
    fn index(&self, node: u32) -> usize {
        node as usize
    }
    fn node(&self, index: usize) -> u32 {
        index as u32
    }
}

/// The exact distance to one goal, read from a breadth-first table.
#[derive(Clone, Debug, Default)]
pub(crate) struct GoalDistance {
    pub(crate) distance: Vec<u32>,
}

impl Heuristic<u32, u32> for GoalDistance {
    #[inline]
    fn estimate(&self, from: u32, _goal: u32) -> u32 {
        self.distance[from as usize]
    }
}

/// Who is where at each time step: `at[t · V + v]` is the agent at vertex `v` at time `t`,
/// for `t` up to the last row; after it, every agent stays at its last vertex.
#[derive(Clone, Debug, Default)]
pub(crate) struct PathTable {
    vertices: usize,
    rows: usize,
    at: Vec<u32>,
    /// One bit per entry of `at`, set when someone is there: the searches mostly ask
    /// whether a cell is free, and the bits stay in the first-level cache where the
    /// agent numbers do not.
    busy: FixedBitSet,
    /// The agent that ends its path at each vertex.
    standing: Vec<u32>,
    /// The goal of the search under way, and the last row any agent is at it (`None`
    /// when never): one scan per search instead of one per visit of the goal.
    focus: Option<(u32, Option<usize>)>,
}

impl PathTable {
    fn reset(&mut self, vertices: usize) {
        self.vertices = vertices;
        self.rows = 0;
        self.at.clear();
        self.busy.clear();
        self.busy.grow(0);
        self.standing.clear();
        self.standing.resize(vertices, NONE);
    }

    /// Prepares [`can_stay`](ReservationTable::can_stay) answers for `goal`, valid until
    /// the table changes.
    fn focus(&mut self, goal: u32) {
        let last = (0..self.rows)
            .rev()
            .find(|&t| self.at[t * self.vertices + goal as usize] != NONE);
        self.focus = Some((goal, last));
    }

    fn grow(&mut self, rows: usize) {
        while self.rows < rows {
            let start = self.at.len();
            self.at.extend_from_slice(&self.standing);
            self.busy.grow(self.at.len());
            for (v, &agent) in self.standing.iter().enumerate() {
                if agent != NONE {
                    self.busy.insert(start + v);
                }
            }
            self.rows += 1;
        }
    }

    fn insert(&mut self, agent: u32, path: &[u32]) {
        self.focus = None;
        self.grow(path.len());
        let last = path[path.len() - 1];
        for t in 0..self.rows {
            let v = path[t.min(path.len() - 1)];
            self.at[t * self.vertices + v as usize] = agent;
            self.busy.insert(t * self.vertices + v as usize);
        }
        self.standing[last as usize] = agent;
    }

    fn remove(&mut self, agent: u32, path: &[u32]) {
        self.focus = None;
        for t in 0..self.rows {
            let index = t * self.vertices + path[t.min(path.len() - 1)] as usize;
            if self.at[index] == agent {
                self.at[index] = NONE;
                self.busy.set(index, false);
            }
        }
        let last = path[path.len() - 1] as usize;
        if self.standing[last] == agent {
            self.standing[last] = NONE;
        }
    }

    #[inline]
    fn occupant(&self, v: u32, t: u32) -> u32 {
        let t = t as usize;
        if t < self.rows {
            self.at[t * self.vertices + v as usize]
        } else {
            self.standing[v as usize]
        }
    }
}

impl ReservationTable<u32> for PathTable {
    #[inline]
    fn is_free(&self, node: u32, time: u32) -> bool {
        let t = time as usize;
        if t < self.rows {
            !self.busy.contains(t * self.vertices + node as usize)
        } else {
            self.standing[node as usize] == NONE
        }
    }

    #[inline]
    fn can_move(&self, from: u32, to: u32, time: u32) -> bool {
        if !self.is_free(to, time + 1) {
            return false;
        }
        if from == to {
            return true;
        }
        let there = self.occupant(to, time);
        there == NONE || self.occupant(from, time + 1) != there
    }

    fn can_stay(&self, node: u32, time: u32) -> bool {
        if self.standing[node as usize] != NONE {
            return false;
        }
        if let Some((goal, last)) = self.focus {
            if goal == node {
                return last.is_none_or(|last| last < time as usize);
            }
        }
        (time as usize..self.rows).all(|t| self.at[t * self.vertices + node as usize] == NONE)
    }

    fn latest_time(&self) -> u32 {
        self.rows as u32
    }
}

/// The refinement loop of the anytime mode, keeping its tables between calls.
#[derive(Debug)]
pub(crate) struct Refiner {
    table: PathTable,
    distances: Vec<Vec<u32>>,
    search: SpaceTimeAStar<u32, GoalDistance>,
}

impl Default for Refiner {
    fn default() -> Self {
        Refiner {
            table: PathTable::default(),
            distances: Vec::new(),
            search: SpaceTimeAStar::new(GoalDistance::default()),
        }
    }
}

impl Refiner {
    /// Improves `plan` for up to `rounds` rounds or until `deadline`.
    pub(crate) fn improve(
        &mut self,
        instance: &Instance,
        plan: Solution,
        deadline: Option<Instant>,
        rounds: usize,
        seed: u64,
    ) -> Solution {
        let graph = &instance.graph;
        let agents = instance.agents();
        if agents == 0 {
            return plan;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        self.fill_distances(instance);
        let mut paths: Vec<Vec<u32>> = plan
            .paths
            .iter()
            .zip(plan.costs())
            .map(|(path, cost)| {
                path[..=cost as usize]
                    .iter()
                    .map(|&cell| graph.vertex(cell).expect("a plan's cells are passable"))
                    .collect()
            })
            .collect();
        self.table.reset(graph.len());
        for (agent, path) in paths.iter().enumerate() {
            self.table.insert(agent as u32, path);
        }
        let mut chosen: Vec<u32> = Vec::with_capacity(NEIGHBOURHOOD);
        let mut old: Vec<Vec<u32>> = Vec::with_capacity(NEIGHBOURHOOD);
        for _ in 0..rounds {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.neighbourhood(instance, &paths, &mut rng, &mut chosen);
            // Replanned one after another, in a random order, each against all the others.
            for k in (1..chosen.len()).rev() {
                chosen.swap(k, rng.next_u32() as usize % (k + 1));
            }
            old.clear();
            let mut old_cost = 0;
            for &agent in &chosen {
                let path = &paths[agent as usize];
                old_cost += path.len() - 1;
                self.table.remove(agent, path);
                old.push(path.clone());
            }
            // The agents still to replan need at least their distances alone.
            let mut still_needed: usize = chosen
                .iter()
                .map(|&a| {
                    self.distances[a as usize][instance.start_vertices[a as usize] as usize]
                        as usize
                })
                .sum();
            let mut new_cost = 0;
            let mut replanned = 0;
            for &agent in &chosen {
                let a = agent as usize;
                still_needed -= self.distances[a][instance.start_vertices[a] as usize] as usize;
                std::mem::swap(
                    &mut self.search.heuristic_mut().distance,
                    &mut self.distances[a],
                );
                // Only a walk that can still keep the round's total below the old one is of
                // use, given what the agents after it need at least.
                let allowed = (old_cost - new_cost)
                    .saturating_sub(still_needed)
                    .saturating_sub(1) as u32;
                self.search.set_step_limit(Some(allowed));
                self.table.focus(instance.goal_vertices[a]);
                let found = self.search.plan(
                    graph,
                    &self.table,
                    instance.start_vertices[a],
                    instance.goal_vertices[a],
                    0,
                );
                std::mem::swap(
                    &mut self.search.heuristic_mut().distance,
                    &mut self.distances[a],
                );
                match found {
                    Ok(walk) => {
                        new_cost += walk.nodes.len() - 1;
                        self.table.insert(agent, &walk.nodes);
                        paths[a] = walk.nodes;
                        replanned += 1;
                    }
                    _ => break,
                }
            }
            if replanned < chosen.len() {
                for (k, &agent) in chosen.iter().enumerate() {
                    if k < replanned {
                        self.table.remove(agent, &paths[agent as usize]);
                    }
                }
                for (&agent, path) in chosen.iter().zip(&old) {
                    self.table.insert(agent, path);
                    paths[agent as usize].clone_from(path);
                }
            }
        }
        let makespan = paths.iter().map(Vec::len).max().unwrap_or(1);
        let configs: Vec<Vec<u32>> = (0..makespan)
            .map(|t| paths.iter().map(|p| p[t.min(p.len() - 1)]).collect())
            .collect();
        to_solution(graph, &configs)
    }

    fn fill_distances(&mut self, instance: &Instance) {
        self.distances.resize_with(instance.agents(), Vec::new);
        let mut queue = Vec::with_capacity(instance.graph.len());
        for (agent, &goal) in instance.goal_vertices.iter().enumerate() {
            distances_to(
                &instance.graph,
                goal,
                &mut self.distances[agent],
                &mut queue,
            );
        }
    }

    /// Chooses the agents of one round: three times in four a delayed agent and the agents that
    /// stand in its way along its path, otherwise agents at random.
    fn neighbourhood(
        &self,
        instance: &Instance,
        paths: &[Vec<u32>],
        rng: &mut ChaCha8Rng,
        chosen: &mut Vec<u32>,
    ) {
        let agents = paths.len();
        let size = NEIGHBOURHOOD.min(agents);
        chosen.clear();
        let delayed = |a: usize| {
            paths[a].len() - 1 > self.distances[a][instance.start_vertices[a] as usize] as usize
        };
        if rng.next_u32() % 4 != 0 {
            // A delayed agent, by rejection sampling, then whoever occupies the cells around
            // its path at the times it passes.
            let mut seed_agent = None;
            for _ in 0..32 {
                let a = rng.next_u32() as usize % agents;
                if delayed(a) {
                    seed_agent = Some(a);
                    break;
                }
            }
            if let Some(a) = seed_agent {
                chosen.push(a as u32);
                let path = &paths[a];
                let graph = &instance.graph;
                let mut t = rng.next_u32() as usize % path.len();
                for _ in 0..4 * path.len() {
                    if chosen.len() >= size {
                        break;
                    }
                    let v = path[t];
                    for &u in graph.neighbours(v).iter().chain(std::iter::once(&v)) {
                        for time in [t, t + 1] {
                            let other = self.table.occupant(u, time as u32);
                            if other != NONE && chosen.len() < size && !chosen.contains(&other) {
                                chosen.push(other);
                            }
                        }
                    }
                    t = (t + 1) % path.len();
                }
            }
        }
        while chosen.len() < size {
            let a = (rng.next_u32() as usize % agents) as u32;
            if !chosen.contains(&a) {
                chosen.push(a);
            }
        }
    }
}
