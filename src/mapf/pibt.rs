//! Priority Inheritance with Backtracking (Okumura, Machida, Défago and Tamura, "Priority
//! inheritance with backtracking for iterative multi-agent path finding", Artificial
//! Intelligence 310, 2022): one collision-free step for every agent at once.
//!
//! Agents choose their next cell in priority order, each preferring cells nearer its goal.
//! An agent that wants a cell occupied by a lower-priority agent lends it its priority: the
//! occupant must plan before it and move away; if the occupant cannot, the first agent
//! tries its next cell. Priorities grow with every step an agent spends away from its goal,
//! which brings every agent to its goal on graphs where every two adjacent vertices lie on
//! a cycle (biconnected), but not on every map: [`Lacam`](super::Lacam) adds the search
//! that makes it complete.
//!
//! # Invariants
//!
//! Each step is free of vertex and swap conflicts: a cell is taken for the next step by at
//! most one agent, and an agent never enters the cell of an agent that is moving into its
//! own.
//!
//! # Complexity
//!
//! One step costs `O(agents)` cell choices of at most five candidates each (a recursive
//! chain of inheritance visits each agent once), plus the distance queries, each amortised
//! `O(1)` over a breadth-first search per agent from its goal.

use chacha20::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use super::graph::{DistanceTable, VertexGraph, NONE};
use super::{Instance, MapfError, Solution};

/// The state of one PIBT step, shared by [`Pibt`] and [`Lacam`](super::Lacam): where each
/// agent is and will be, and which agent holds each vertex now and next.
#[derive(Debug)]
pub(crate) struct PibtStep {
    occupied_now: Vec<u32>,
    occupied_next: Vec<u32>,
    pub(crate) now: Vec<u32>,
    pub(crate) next: Vec<u32>,
    rng: ChaCha8Rng,
}

impl PibtStep {
    pub(crate) fn new() -> Self {
        PibtStep {
            occupied_now: Vec::new(),
            occupied_next: Vec::new(),
            now: Vec::new(),
            next: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(0),
        }
    }

    pub(crate) fn reset(&mut self, vertices: usize, agents: usize, seed: u64) {
        self.occupied_now.clear();
        self.occupied_now.resize(vertices, NONE);
        self.occupied_next.clear();
        self.occupied_next.resize(vertices, NONE);
        self.now.clear();
        self.now.resize(agents, NONE);
        self.next.clear();
        self.next.resize(agents, NONE);
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    pub(crate) fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }

    /// Starts a step from `config`, forgetting the previous one in `O(agents)`.
    pub(crate) fn begin(&mut self, config: &[u32]) {
        for (agent, &vertex) in config.iter().enumerate() {
            let old = self.now[agent];
            if old != NONE && self.occupied_now[old as usize] == agent as u32 {
                self.occupied_now[old as usize] = NONE;
            }
            let old_next = self.next[agent];
            if old_next != NONE {
                self.occupied_next[old_next as usize] = NONE;
                self.next[agent] = NONE;
            }
            self.now[agent] = vertex;
            self.occupied_now[vertex as usize] = agent as u32;
        }
    }

    /// Fixes `agent`'s next vertex; `false` when that collides with an earlier choice.
    pub(crate) fn constrain(&mut self, agent: u32, vertex: u32) -> bool {
        if self.occupied_next[vertex as usize] != NONE {
            return false;
        }
        let before = self.now[agent as usize];
        let entering = self.occupied_next[before as usize];
        if entering != NONE && entering == self.occupied_now[vertex as usize] {
            return false;
        }
        self.next[agent as usize] = vertex;
        self.occupied_next[vertex as usize] = agent;
        true
    }

    /// Chooses a next vertex for `agent` and, by inheritance, for the agents it pushes;
    /// `false` when it has to stay and could not secure even that by moving others.
    pub(crate) fn plan(
        &mut self,
        graph: &VertexGraph,
        distances: &mut DistanceTable,
        agent: u32,
    ) -> bool {
        let here = self.now[agent as usize];
        let mut candidates = [(0u64, 0u32); 5];
        let mut count = 0;
        for &vertex in graph.neighbours(here).iter().chain(std::iter::once(&here)) {
            let distance = distances.get(graph, agent as usize, vertex) as u64;
            candidates[count] = ((distance << 32) | self.rng.next_u32() as u64, vertex);
            count += 1;
        }
        let candidates = &mut candidates[..count];
        candidates.sort_unstable_by_key(|&(key, _)| key);
        for &(_, vertex) in candidates.iter() {
            if self.occupied_next[vertex as usize] != NONE {
                continue;
            }
            let occupant = self.occupied_now[vertex as usize];
            if occupant != NONE && self.next[occupant as usize] == here {
                continue;
            }
            self.occupied_next[vertex as usize] = agent;
            self.next[agent as usize] = vertex;
            if occupant == NONE || vertex == here {
                return true;
            }
            if self.next[occupant as usize] == NONE && !self.plan(graph, distances, occupant) {
                continue;
            }
            return true;
        }
        self.occupied_next[here as usize] = agent;
        self.next[agent as usize] = here;
        false
    }
}

/// Priorities as PIBT updates them: start from the distance to the goal over the number
/// of agents (below 1), add 1 for every step away from the goal, drop back to the fraction
/// on arrival.
pub(crate) fn update_priorities(
    priorities: &mut [f32],
    config: &[u32],
    graph: &VertexGraph,
    distances: &mut DistanceTable,
) {
    for (agent, priority) in priorities.iter_mut().enumerate() {
        if distances.get(graph, agent, config[agent]) != 0 {
            *priority += 1.0;
        } else {
            *priority -= priority.trunc();
        }
    }
}

pub(crate) fn initial_priorities(
    priorities: &mut [f32],
    config: &[u32],
    graph: &VertexGraph,
    distances: &mut DistanceTable,
) {
    let agents = config.len() as f32;
    for (agent, priority) in priorities.iter_mut().enumerate() {
        *priority = distances.get(graph, agent, config[agent]) as f32 / agents;
    }
}

/// Sorts `order` by decreasing priority.
pub(crate) fn sort_by_priority(order: &mut [u32], priorities: &[f32]) {
    order.sort_unstable_by(|&a, &b| priorities[b as usize].total_cmp(&priorities[a as usize]));
}

/// PIBT run step after step until every agent is at its goal; see the [module](self).
///
/// Rule: deterministic for a seed (ties between equally near cells are broken at random).
/// It stops with [`MapfError::NotSolved`] after [`max_steps`](Pibt::with_max_steps) steps,
/// which can happen on maps with corridors where PIBT's agents push each other back and
/// forth. The planner keeps its tables between calls.
///
/// # Example
///
/// ```
/// use replan::grid::Grid;
/// use replan::mapf::{validate, Instance, Pibt};
/// let grid: Grid = "....\n.#..\n....".parse()?;
/// let instance = Instance::new(grid, vec![(0, 0), (3, 2)], vec![(3, 2), (0, 0)])?;
/// let plan = Pibt::new().solve(&instance)?;
/// assert!(validate(&instance, &plan).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Pibt {
    seed: u64,
    max_steps: usize,
    distances: DistanceTable,
    step: PibtStep,
    priorities: Vec<f32>,
    order: Vec<u32>,
}

impl Default for Pibt {
    fn default() -> Self {
        Self::new()
    }
}

impl Pibt {
    /// A planner with seed 0 and at most 10,000 steps.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Pibt;
    /// let pibt = Pibt::new().with_seed(7).with_max_steps(500);
    /// # let _ = pibt;
    /// ```
    pub fn new() -> Self {
        Pibt {
            seed: 0,
            max_steps: 10_000,
            distances: DistanceTable::default(),
            step: PibtStep::new(),
            priorities: Vec::new(),
            order: Vec::new(),
        }
    }

    /// The seed of the tie-breaking.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Pibt;
    /// let pibt = Pibt::new().with_seed(3);
    /// # let _ = pibt;
    /// ```
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The number of steps after which it gives up.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Pibt;
    /// let pibt = Pibt::new().with_max_steps(100);
    /// # let _ = pibt;
    /// ```
    pub fn with_max_steps(mut self, max_steps: usize) -> Self {
        self.max_steps = max_steps;
        self
    }

    /// Moves every agent to its goal, one PIBT step at a time.
    ///
    /// # Errors
    ///
    /// [`MapfError::NotSolved`] when the agents are not all at their goals after the
    /// maximum number of steps.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::{Instance, Pibt};
    /// let instance = Instance::new("...".parse::<Grid>()?, vec![(0, 0)], vec![(2, 0)])?;
    /// assert_eq!(Pibt::new().solve(&instance)?.sum_of_costs(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self, instance: &Instance) -> Result<Solution, MapfError> {
        let graph = &instance.graph;
        let agents = instance.agents();
        self.distances.reset(graph, &instance.goal_vertices);
        self.step.reset(graph.len(), agents, self.seed);
        self.priorities.clear();
        self.priorities.resize(agents, 0.0);
        self.order.clear();
        self.order.extend(0..agents as u32);
        let mut config = instance.start_vertices.clone();
        initial_priorities(&mut self.priorities, &config, graph, &mut self.distances);
        let mut configs = vec![config.clone()];
        for _ in 0..self.max_steps {
            if config == instance.goal_vertices {
                return Ok(to_solution(graph, &configs));
            }
            sort_by_priority(&mut self.order, &self.priorities);
            self.step.begin(&config);
            for &agent in &self.order {
                if self.step.next[agent as usize] == NONE {
                    self.step.plan(graph, &mut self.distances, agent);
                }
            }
            config.copy_from_slice(&self.step.next);
            update_priorities(&mut self.priorities, &config, graph, &mut self.distances);
            configs.push(config.clone());
        }
        if config == instance.goal_vertices {
            return Ok(to_solution(graph, &configs));
        }
        Err(MapfError::NotSolved {
            reason: "PIBT did not bring every agent to its goal within its step limit",
        })
    }
}

/// A plan from a sequence of configurations.
pub(crate) fn to_solution<C: AsRef<[u32]>>(graph: &VertexGraph, configs: &[C]) -> Solution {
    let agents = configs.first().map_or(0, |c| c.as_ref().len());
    let paths = (0..agents)
        .map(|agent| {
            configs
                .iter()
                .map(|config| graph.cell(config.as_ref()[agent]))
                .collect()
        })
        .collect();
    Solution { paths }
}

#[cfg(test)]
mod tests {
    use super::PibtStep;
    use crate::mapf::graph::NONE;

    #[test]
    fn constrain_lets_a_train_move_and_refuses_a_taken_vertex_or_a_swap() {
        let mut step = PibtStep::new();
        step.reset(4, 3, 0);
        step.begin(&[0, 1, 2]);
        // A train: each agent moves into the vertex the next one leaves.
        assert!(step.constrain(0, 1));
        assert!(step.constrain(1, 2));
        assert!(step.constrain(2, 3));
        assert_eq!(step.next, [1, 2, 3]);
        // A new step forgets the old choices.
        step.begin(&[0, 1, 2]);
        assert_eq!(step.next, [NONE; 3]);
        assert!(step.constrain(0, 1));
        // Vertex 1 is taken for the next step.
        assert!(!step.constrain(2, 1));
        assert_eq!(step.next[2], NONE);
        // Agent 1 moving to 0 would swap with agent 0.
        assert!(!step.constrain(1, 0));
        assert_eq!(step.next[1], NONE);
        assert!(step.constrain(1, 3));
        assert!(step.constrain(2, 2));
        assert_eq!(step.next, [1, 3, 2]);
    }
}
