//! Improving a plan's sum of costs by large neighbourhood search (Li, Chen, Harabor,
//! Stuckey and Koenig, "Anytime Multi-Agent Path Finding via Large Neighborhood Search",
//! IJCAI 2021): remove a few agents' paths, replan them one by one with safe interval path
//! planning (SIPP) against everyone else, keep the change unless their
//! costs rise.
//!
//! Each round picks its agents one of three ways (around a delayed agent's path, around a
//! junction of the map, at random) and two or four of them; the weight of each choice
//! follows the improvement it brought lately (adaptive LNS). Small neighbourhoods and
//! keeping changes of equal cost both pay on crowded maps: more rounds succeed, and the
//! plan keeps moving across plateaus of equal cost instead of stalling on one.
//!
//! # Invariants
//!
//! The plan stays valid after every round: a replanned path avoids every other path in
//! the table (vertex, swap, and the cells where agents stay after arriving), and a round
//! that would raise the sum of costs is undone, so the sum never rises.
//!
//! # Complexity
//!
//! A round costs a few searches (each `O(S log S)` for the `S` safe intervals it reaches)
//! and `O(makespan)` per neighbourhood agent to update the table, which holds one entry
//! per vertex per time step.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use chacha20::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use super::graph::{distances_to, NONE};
use super::path_table::PathTable;
use super::pibt::to_solution;
use super::sipp::Sipp;
use super::{Instance, Solution};

/// How a round picks its agents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A delayed agent and the agents that stand around its path when it passes.
    Blocking,
    /// The agents that pass through the cells around a junction of the map, nearest first.
    Junction,
    /// Agents at random.
    Random,
}

/// The neighbourhoods the refiner chooses among, with their sizes: the weight of each
/// follows the improvement it brought recently, so the search spends its time on the
/// kind that pays on this map and at this density (adaptive LNS, as in the paper). Eight
/// agents, the paper's size, were accepted too rarely on crowded maps.
const ARMS: [(Kind, usize); 6] = [
    (Kind::Blocking, 2),
    (Kind::Blocking, 4),
    (Kind::Junction, 2),
    (Kind::Junction, 4),
    (Kind::Random, 2),
    (Kind::Random, 4),
];

/// How fast an arm's weight follows its latest result.
const REACTION: f64 = 0.01;

/// The refinement loop of the anytime mode, keeping its tables between calls.
#[derive(Debug)]
pub(crate) struct Refiner {
    table: PathTable,
    distances: Vec<Vec<u32>>,
    sipp: Sipp,
    weights: Vec<f64>,
    /// Scratch of the junction neighbourhood: the cells met, by round stamp, and a queue.
    stamp: Vec<u32>,
    queue: Vec<u32>,
    round: u32,
}

impl Default for Refiner {
    fn default() -> Self {
        Refiner {
            table: PathTable::default(),
            distances: Vec::new(),
            sipp: Sipp::default(),
            weights: vec![1.0; ARMS.len()],
            stamp: Vec::new(),
            queue: Vec::new(),
            round: 0,
        }
    }
}

impl Refiner {
    /// Improves `plan` for up to `rounds` rounds or until `deadline`.
    pub(crate) fn improve(
        &mut self,
        instance: &Instance,
        plan: Solution,
        deadline: Option<&Deadline>,
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
        self.weights.iter_mut().for_each(|w| *w = 1.0);
        self.stamp.clear();
        self.stamp.resize(graph.len(), 0);
        self.round = 0;
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
        let mut chosen: Vec<u32> = Vec::new();
        let mut old: Vec<Vec<u32>> = Vec::new();
        for _ in 0..rounds {
            if deadline.is_some_and(Deadline::passed) {
                break;
            }
            let arm = self.pick_arm(&mut rng);
            let (kind, size) = ARMS[arm];
            self.neighbourhood(instance, &paths, kind, size, &mut rng, &mut chosen);
            // Replanned one after another, in a random order, each against all the others.
            for k in (1..chosen.len()).rev() {
                chosen.swap(k, rng.next_u32() as usize % (k + 1));
            }
            old.resize_with(chosen.len(), Vec::new);
            let mut old_cost = 0;
            for (&agent, slot) in chosen.iter().zip(old.iter_mut()) {
                let path = &paths[agent as usize];
                old_cost += path.len() - 1;
                self.table.remove(agent, path);
                slot.clone_from(path);
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
                // Only a walk that can still keep the round's total at most the old one is
                // of use, given what the agents after it need at least.
                let allowed = (old_cost - new_cost).saturating_sub(still_needed) as u32;
                let (start, goal) = (instance.start_vertices[a], instance.goal_vertices[a]);
                let found =
                    self.sipp
                        .plan(graph, &self.table, start, goal, &self.distances[a], allowed);
                match found {
                    Some(walk) => {
                        new_cost += walk.len() - 1;
                        self.table.insert(agent, &walk);
                        paths[a] = walk;
                        replanned += 1;
                    }
                    None => break,
                }
            }
            let accepted = replanned == chosen.len();
            let gain = if accepted { old_cost - new_cost } else { 0 };
            self.weights[arm] = REACTION * gain as f64 + (1.0 - REACTION) * self.weights[arm];
            if !accepted {
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

    fn pick_arm(&self, rng: &mut ChaCha8Rng) -> usize {
        let sum: f64 = self.weights.iter().sum();
        let mut x = (rng.next_u32() as f64 / (u32::MAX as f64 + 1.0)) * sum;
        for (arm, &w) in self.weights.iter().enumerate() {
            if x < w {
                return arm;
            }
            x -= w;
        }
        self.weights.len() - 1
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

    /// Chooses the agents of one round, `size` of them (all when there are fewer).
    fn neighbourhood(
        &mut self,
        instance: &Instance,
        paths: &[Vec<u32>],
        kind: Kind,
        size: usize,
        rng: &mut ChaCha8Rng,
        chosen: &mut Vec<u32>,
    ) {
        let agents = paths.len();
        let size = size.min(agents);
        chosen.clear();
        match kind {
            Kind::Blocking => self.blocking(instance, paths, size, rng, chosen),
            Kind::Junction => self.junction(instance, size, rng, chosen),
            Kind::Random => {}
        }
        while chosen.len() < size {
            let a = (rng.next_u32() as usize % agents) as u32;
            if !chosen.contains(&a) {
                chosen.push(a);
            }
        }
    }

    /// A delayed agent, by rejection sampling, then whoever occupies the cells around its
    /// path at the times it passes.
    fn blocking(
        &self,
        instance: &Instance,
        paths: &[Vec<u32>],
        size: usize,
        rng: &mut ChaCha8Rng,
        chosen: &mut Vec<u32>,
    ) {
        let agents = paths.len();
        let delayed = |a: usize| {
            paths[a].len() - 1 > self.distances[a][instance.start_vertices[a] as usize] as usize
        };
        let Some(a) = (0..32)
            .map(|_| rng.next_u32() as usize % agents)
            .find(|&a| delayed(a))
        else {
            return;
        };
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

    /// The agents that pass through a junction of the map (a cell of three or more
    /// neighbours) or the cells nearest it, breadth first: agents that cross one another's
    /// paths there, whose order of passing the round can change.
    fn junction(
        &mut self,
        instance: &Instance,
        size: usize,
        rng: &mut ChaCha8Rng,
        chosen: &mut Vec<u32>,
    ) {
        let graph = &instance.graph;
        let vertices = graph.len() as u32;
        let Some(root) = (0..32)
            .map(|_| rng.next_u32() % vertices)
            .find(|&v| graph.neighbours(v).len() >= 3)
        else {
            return;
        };
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.round = 1;
        }
        self.queue.clear();
        self.queue.push(root);
        self.stamp[root as usize] = self.round;
        let rows = (self.table.latest_time() as usize).max(1);
        let mut head = 0;
        while head < self.queue.len() && chosen.len() < size {
            let v = self.queue[head];
            head += 1;
            let offset = rng.next_u32() as usize % rows;
            for k in 0..rows {
                let other = self.table.occupant(v, ((offset + k) % rows) as u32);
                if other != NONE && !chosen.contains(&other) {
                    chosen.push(other);
                    if chosen.len() >= size {
                        break;
                    }
                }
            }
            for &u in graph.neighbours(v) {
                if self.stamp[u as usize] != self.round {
                    self.stamp[u as usize] = self.round;
                    self.queue.push(u);
                }
            }
        }
    }
}

/// When the anytime mode stops: a time on a clock, which is the wall clock unless the
/// caller gave another one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deadline {
    pub(crate) clock: fn() -> Duration,
    pub(crate) at: Duration,
}

impl Deadline {
    pub(crate) fn passed(&self) -> bool {
        (self.clock)() >= self.at
    }
}

/// The wall clock: the time since its first reading in this process.
pub(crate) fn wall_clock() -> Duration {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed()
}
