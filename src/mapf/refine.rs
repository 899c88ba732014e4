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
use crate::stamped::Stamped;

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
    /// Scratch of the junction neighbourhood: the cells met in this round, and a queue.
    met: Stamped<()>,
    queue: Vec<u32>,
}

impl Default for Refiner {
    fn default() -> Self {
        Refiner {
            table: PathTable::default(),
            distances: Vec::new(),
            sipp: Sipp::default(),
            weights: vec![1.0; ARMS.len()],
            met: Stamped::new(),
            queue: Vec::new(),
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
        self.met.clear(graph.len());
        self.queue.clear();
        self.queue.push(root);
        self.met.set(root as usize, ());
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
                if self.met.insert(u as usize, ()) {
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

#[cfg(test)]
mod tests {
    //! The refiner's parts one by one: the arm draw, each neighbourhood's choice on maps
    //! where only one answer is right, and whole runs that must keep the plan valid, never
    //! raise its cost, leave the table matching the paths and stop at the deadline.

    use std::time::Duration;

    use chacha20::ChaCha8Rng;
    use rand_core::SeedableRng;

    use super::{wall_clock, Deadline, Kind, Refiner, ARMS, REACTION};
    use crate::grid::{Cell, Grid};
    use crate::mapf::graph::NONE;
    use crate::mapf::{validate, Instance, Lacam, Solution};

    fn instance(map: &str, starts: &[Cell], goals: &[Cell]) -> Instance {
        let grid: Grid = map.parse().unwrap();
        Instance::new(grid, starts.to_vec(), goals.to_vec()).unwrap()
    }

    /// A refiner whose distances and table hold `paths` on `instance`, as `improve` sets
    /// them up before its first round.
    fn refiner_with(instance: &Instance, paths: &[Vec<u32>]) -> Refiner {
        let mut refiner = Refiner::default();
        refiner.fill_distances(instance);
        refiner.table.reset(instance.graph.len());
        for (agent, path) in paths.iter().enumerate() {
            refiner.table.insert(agent as u32, path);
        }
        refiner
    }

    /// The instance whose agents start and end where the given walks do, and the walks as
    /// vertex paths.
    fn walks(map: &str, cells: &[&[Cell]]) -> (Instance, Vec<Vec<u32>>) {
        let starts: Vec<Cell> = cells.iter().map(|p| p[0]).collect();
        let goals: Vec<Cell> = cells.iter().map(|p| *p.last().unwrap()).collect();
        let instance = instance(map, &starts, &goals);
        let paths = cells.iter().map(|p| vertices(&instance, p)).collect();
        (instance, paths)
    }

    fn vertices(instance: &Instance, cells: &[Cell]) -> Vec<u32> {
        cells
            .iter()
            .map(|&c| instance.graph.vertex(c).unwrap())
            .collect()
    }

    /// Four agents on rows of their own, each waiting `row` steps before walking.
    fn late_rows() -> (Instance, Solution) {
        let starts: Vec<Cell> = (0..4).map(|y| (0, y)).collect();
        let goals: Vec<Cell> = (0..4).map(|y| (4, y)).collect();
        let instance = instance(".....\n.....\n.....\n.....", &starts, &goals);
        let paths = (0..4u32)
            .map(|y| {
                let mut path = vec![(0, y); y as usize + 1];
                path.extend((1..5).map(|x| (x, y)));
                path
            })
            .collect();
        (instance, Solution::new(paths))
    }

    #[test]
    fn the_arm_drawn_follows_the_weights() {
        let mut refiner = Refiner::default();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for arm in 0..ARMS.len() {
            refiner.weights = vec![0.0; ARMS.len()];
            refiner.weights[arm] = 1.0;
            for _ in 0..20 {
                assert_eq!(refiner.pick_arm(&mut rng), arm);
            }
        }
        refiner.weights = vec![1.0, 1.0, 0.0, 0.0, 0.0, 0.0];
        let mut seen = [0; ARMS.len()];
        for _ in 0..200 {
            seen[refiner.pick_arm(&mut rng)] += 1;
        }
        assert!(seen[0] > 50 && seen[1] > 50, "{seen:?}");
        assert_eq!(seen[0] + seen[1], 200, "{seen:?}");
    }

    #[test]
    fn every_kind_chooses_distinct_agents_up_to_the_size() {
        let (instance, plan) = late_rows();
        let paths: Vec<Vec<u32>> = plan.paths.iter().map(|p| vertices(&instance, p)).collect();
        let mut refiner = refiner_with(&instance, &paths);
        let mut chosen = Vec::new();
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for (kind, size) in ARMS.into_iter().chain([(Kind::Random, 9)]) {
                refiner.neighbourhood(&instance, &paths, kind, size, &mut rng, &mut chosen);
                let mut sorted = chosen.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), size.min(4), "{kind:?} {chosen:?}");
                assert!(sorted.iter().all(|&a| a < 4), "{kind:?} {chosen:?}");
            }
        }
    }

    #[test]
    fn blocking_takes_the_delayed_agent_then_those_beside_its_path() {
        // Agent 0 waits once, then walks row 1; agent 1 stands beside that row, agent 2
        // leaves the end of the row before agent 0 gets there, agent 3 stands far away.
        let map = ".......\n.......\n.......\n.......";
        let cells: [&[Cell]; 4] = [
            &[(0, 1), (0, 1), (1, 1), (2, 1), (3, 1), (4, 1)],
            &[(2, 0)],
            &[(4, 2), (5, 2), (6, 2)],
            &[(0, 3)],
        ];
        let (instance, paths) = walks(map, &cells);
        let refiner = refiner_with(&instance, &paths);
        let mut chosen = Vec::new();
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            chosen.clear();
            refiner.blocking(&instance, &paths, 4, &mut rng, &mut chosen);
            assert_eq!(chosen, [0, 1], "seed {seed}");
            chosen.clear();
            refiner.blocking(&instance, &paths, 1, &mut rng, &mut chosen);
            assert_eq!(chosen, [0], "seed {seed}");
        }
        // Nobody delayed: no choice, the round falls back to random agents.
        let on_time = [paths[1].clone(), paths[3].clone()];
        let instance = self::instance(map, &[(2, 0), (0, 3)], &[(2, 0), (0, 3)]);
        let refiner = refiner_with(&instance, &on_time);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        chosen.clear();
        refiner.blocking(&instance, &on_time, 2, &mut rng, &mut chosen);
        assert!(chosen.is_empty(), "{chosen:?}");
    }

    #[test]
    fn blocking_finds_an_agent_that_steps_beside_the_path_just_after_it_passes() {
        // Agent 0 waits once, then walks row 1 to the right; agent 1 walks row 0 to the
        // left. Agent 1 is never beside agent 0 at the same time step, but at time 3 it
        // stands on (1, 0), beside the cell agent 0 held at time 2: the two cross there.
        let map = ".....\n.....";
        let cells: [&[Cell]; 2] = [
            &[(0, 1), (0, 1), (1, 1), (2, 1), (3, 1), (4, 1)],
            &[(4, 0), (3, 0), (2, 0), (1, 0), (0, 0)],
        ];
        let (instance, paths) = walks(map, &cells);
        let refiner = refiner_with(&instance, &paths);
        let mut chosen = Vec::new();
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            chosen.clear();
            refiner.blocking(&instance, &paths, 2, &mut rng, &mut chosen);
            assert_eq!(chosen, [0, 1], "seed {seed}");
        }
    }

    #[test]
    fn junction_takes_the_agents_nearest_the_only_junction() {
        // (1, 0) is the only cell with three neighbours. Agent 1 stands on it, agent 2
        // next to it, agent 0 two cells down the stem and agent 3 at its end.
        let map = "...\n#.#\n#.#\n#.#";
        let cells: Vec<Cell> = vec![(1, 2), (1, 0), (0, 0), (1, 3)];
        let instance = instance(map, &cells, &cells);
        let paths: Vec<Vec<u32>> = cells.iter().map(|&c| vertices(&instance, &[c])).collect();
        let mut refiner = refiner_with(&instance, &paths);
        let mut chosen = Vec::new();
        let mut found = 0;
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for (size, expected) in [
                (1, &[1][..]),
                (2, &[1, 2]),
                (3, &[1, 2, 0]),
                (4, &[1, 2, 0, 3]),
            ] {
                chosen.clear();
                refiner.junction(&instance, size, &mut rng, &mut chosen);
                if !chosen.is_empty() {
                    assert_eq!(chosen, expected, "seed {seed}");
                    found += 1;
                }
            }
        }
        // 32 draws among 6 cells miss the junction rarely.
        assert!(found >= 70, "{found}");
        // Walls cut agent 3 off from the junction: the search runs out of cells with
        // fewer agents than asked for, and returns those it found.
        let map = "...\n#.#\n#.#\n###\n...";
        let cells: Vec<Cell> = vec![(1, 2), (1, 0), (0, 0), (1, 4)];
        let cut = self::instance(map, &cells, &cells);
        let paths: Vec<Vec<u32>> = cells.iter().map(|&c| vertices(&cut, &[c])).collect();
        let mut refiner = refiner_with(&cut, &paths);
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            chosen.clear();
            refiner.junction(&cut, 4, &mut rng, &mut chosen);
            assert!(
                chosen.is_empty() || chosen == [1, 2, 0],
                "seed {seed}: {chosen:?}"
            );
        }
        // A corridor has no junction.
        let corridor = self::instance("....", &[(0, 0)], &[(3, 0)]);
        let mut refiner = refiner_with(&corridor, &[vertices(&corridor, &[(0, 0)])]);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        chosen.clear();
        refiner.junction(&corridor, 1, &mut rng, &mut chosen);
        assert!(chosen.is_empty(), "{chosen:?}");
    }

    #[test]
    fn junction_finds_an_agent_that_crosses_it_late() {
        // Agent 0 walks up the stem and is on the junction at time 3 only; agent 1 stands
        // next to the junction for good.
        let map = "...\n#.#\n#.#\n#.#";
        let cells: [&[Cell]; 2] = [&[(1, 3), (1, 2), (1, 1), (1, 0), (2, 0)], &[(0, 0)]];
        let (instance, paths) = walks(map, &cells);
        let mut refiner = refiner_with(&instance, &paths);
        let mut chosen = Vec::new();
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            chosen.clear();
            refiner.junction(&instance, 1, &mut rng, &mut chosen);
            assert!(
                chosen.is_empty() || chosen == [0],
                "seed {seed}: {chosen:?}"
            );
        }
    }

    #[test]
    fn junction_takes_no_more_than_the_size_from_one_cell() {
        // Agents 0 and 1 both pass the junction, at times 0 and 2.
        let map = "...\n#.#\n#.#\n#.#";
        let cells: [&[Cell]; 2] = [&[(1, 0), (2, 0)], &[(1, 2), (1, 1), (1, 0), (0, 0)]];
        let (instance, paths) = walks(map, &cells);
        let mut refiner = refiner_with(&instance, &paths);
        let mut chosen = Vec::new();
        let mut found = 0;
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            chosen.clear();
            refiner.junction(&instance, 1, &mut rng, &mut chosen);
            assert!(chosen.len() <= 1, "seed {seed}: {chosen:?}");
            found += chosen.len();
            chosen.clear();
            refiner.junction(&instance, 2, &mut rng, &mut chosen);
            let mut sorted = chosen.clone();
            sorted.sort_unstable();
            assert!(
                sorted.is_empty() || sorted == [0, 1],
                "seed {seed}: {chosen:?}"
            );
        }
        assert!(found >= 15, "{found}");
    }

    #[test]
    fn improve_removes_the_waits_and_stops_at_the_deadline() {
        let (instance, plan) = late_rows();
        assert_eq!(plan.sum_of_costs(), 22);
        let mut refiner = Refiner::default();
        let best = refiner.improve(&instance, plan.clone(), None, 200, 1);
        assert_eq!(validate(&instance, &best), Ok(()));
        assert_eq!(best.sum_of_costs(), instance.lower_bound());
        assert_eq!(refiner.improve(&instance, plan.clone(), None, 0, 1), plan);
        let passed = Deadline {
            clock: || Duration::from_secs(5),
            at: Duration::from_secs(5),
        };
        assert!(passed.passed());
        assert_eq!(
            refiner.improve(&instance, plan.clone(), Some(&passed), 200, 1),
            plan
        );
        let ahead = Deadline {
            clock: || Duration::from_secs(5),
            at: Duration::from_secs(6),
        };
        assert!(!ahead.passed());
        let best = refiner.improve(&instance, plan, Some(&ahead), 200, 1);
        assert_eq!(best.sum_of_costs(), instance.lower_bound());
    }

    #[test]
    fn a_round_moves_its_arm_weight_towards_its_gain() {
        let (instance, plan) = late_rows();
        let mut refiner = Refiner::default();
        let mut gains = 0;
        for seed in 0..20 {
            let best = refiner.improve(&instance, plan.clone(), None, 1, seed);
            let gain = (plan.sum_of_costs() - best.sum_of_costs()) as f64;
            let expected = REACTION * gain + (1.0 - REACTION);
            let weights = &refiner.weights;
            let untouched = weights.iter().filter(|&&w| w == 1.0).count();
            assert!(untouched >= ARMS.len() - 1, "seed {seed}: {weights:?}");
            assert!(
                weights.iter().any(|&w| (w - expected).abs() < 1e-12),
                "seed {seed}: {weights:?}, gain {gain}"
            );
            gains += usize::from(gain >= 2.0);
        }
        assert!(gains >= 3, "{gains}");
    }

    #[test]
    fn rounds_without_gain_shrink_their_arm_weight_geometrically() {
        // The plan is already optimal: every round gains nothing, so an arm drawn `k`
        // times weighs `(1 - REACTION)^k`, and the draws add up to the rounds.
        let (instance, _) = late_rows();
        let straight: Vec<Vec<Cell>> = (0..4).map(|y| (0..5).map(|x| (x, y)).collect()).collect();
        let plan = Solution::new(straight);
        assert_eq!(plan.sum_of_costs(), instance.lower_bound());
        let mut refiner = Refiner::default();
        let best = refiner.improve(&instance, plan.clone(), None, 50, 7);
        assert_eq!(best.sum_of_costs(), plan.sum_of_costs());
        let draws: f64 = refiner
            .weights
            .iter()
            .map(|w| w.ln() / (1.0 - REACTION).ln())
            .sum();
        assert!((draws - 50.0).abs() < 1e-6, "{:?}", refiner.weights);
    }

    #[test]
    fn the_wall_clock_moves_on() {
        let before = wall_clock();
        std::thread::sleep(Duration::from_millis(2));
        assert!(wall_clock() >= before + Duration::from_millis(2));
    }

    #[test]
    fn crowded_rounds_keep_the_plan_valid_and_the_table_in_step() {
        // Ten agents on a 4×4 grid: many rounds find no walk within the old cost and must
        // be undone.
        let starts: Vec<Cell> = (0..10).map(|i| (i % 4, i / 4)).collect();
        let goals: Vec<Cell> = (0..10).map(|i| (3 - i % 4, 3 - i / 4)).collect();
        let instance = instance("....\n....\n....\n....", &starts, &goals);
        let mut plan = Lacam::new().solve(&instance).unwrap();
        let mut refiner = Refiner::default();
        for seed in 0..60 {
            let next = refiner.improve(&instance, plan.clone(), None, 1, seed);
            assert_eq!(validate(&instance, &next), Ok(()), "seed {seed}");
            assert!(next.sum_of_costs() <= plan.sum_of_costs(), "seed {seed}");
            // The table holds exactly the returned paths, each standing at its goal after.
            let rows = next.makespan() + 2;
            for v in 0..instance.graph.len() as u32 {
                for t in 0..rows {
                    let expected = next
                        .paths
                        .iter()
                        .position(|p| instance.graph.vertex(p[t.min(p.len() - 1)]) == Some(v))
                        .map_or(NONE, |a| a as u32);
                    assert_eq!(refiner.table.occupant(v, t as u32), expected, "seed {seed}");
                }
            }
            plan = next;
        }
        assert!(plan.sum_of_costs() >= instance.lower_bound());
    }
}
