//! Lazy Constraints Addition search for MAPF (Okumura, "LaCAM: Search-Based Algorithm for
//! Quick Multi-Agent Pathfinding", AAAI 2023).
//!
//! A depth-first search over configurations (one vertex per agent). Each configuration
//! owns a lazily grown breadth-first tree of constraints ("agent i goes to vertex v", one
//! more agent per level, in the configuration's priority order); each visit takes the next
//! constraint of the tree and asks PIBT ([`pibt`](super::pibt)) for a successor that obeys
//! it. A successor already seen is revisited rather than added, so the search goes back
//! through known configurations until one yields something new.
//!
//! # Invariants
//!
//! - Every configuration reached is a collision-free step from its parent: PIBT never
//!   produces a vertex or swap conflict, and constraints that would are refused.
//! - Complete: the constraint trees of a configuration enumerate, level by level, every
//!   assignment of next vertices, so the search visits every reachable configuration
//!   before it gives up; it reports failure only when none is left.
//!
//! # Complexity
//!
//! Each iteration costs `O(agents · log agents)` for a new configuration (PIBT, hashing,
//! sorting the priorities) and `O(depth)` to apply its constraints. Memory is one
//! configuration, one priority and one order entry per agent per configuration found, plus
//! one small record per constraint; all of it is kept between calls.

use std::time::Duration;

use rand_core::Rng;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::Hasher;

use super::graph::{DistanceTable, NONE};
use super::pibt::{initial_priorities, sort_by_priority, to_solution, update_priorities, PibtStep};
use super::refine::{wall_clock, Deadline, Refiner};
use super::{Instance, MapfError, Solution};

/// A node of a constraint tree: `who` goes to `vertex`, after the constraints of `parent`.
#[derive(Clone, Copy, Debug)]
struct Constraint {
    parent: u32,
    who: u32,
    vertex: u32,
    depth: u32,
}

/// The constraint tree of one configuration, grown breadth-first as it is used.
#[derive(Clone, Debug, Default)]
struct ConstraintQueue {
    items: Vec<u32>,
    head: usize,
    /// A constraint handed out whose children are still to be queued: added at the next
    /// visit, which keeps the order breadth-first without allocating for configurations
    /// visited once.
    pending: Option<u32>,
    started: bool,
}

const ROOT: u32 = 0;

/// The LaCAM solver; see the [module](self) for the algorithm.
///
/// Rule: returns a valid plan whenever one exists and time allows; the plan is not
/// optimal. With [`with_refinement`](Lacam::with_refinement) it keeps improving the sum of
/// costs until the time limit (the `lacam-star` anytime mode): large neighbourhood search
/// (Li et al., "Anytime Multi-Agent Path Finding via Large Neighborhood Search", IJCAI
/// 2021), replanning a few agents at a time with safe interval path planning against the
/// others and keeping the change unless the sum of costs rises. Deterministic for a seed (and, in the
/// anytime mode, for the number of refinement rounds the time allows).
///
/// # Example
///
/// ```
/// use replan::grid::Grid;
/// use replan::mapf::{validate, Instance, Lacam};
/// // Two agents swap opposite corners of a ring round a wall.
/// let grid: Grid = "...\n.#.\n...".parse()?;
/// let instance = Instance::new(grid, vec![(0, 0), (2, 2)], vec![(2, 2), (0, 0)])?;
/// let mut lacam = Lacam::new(); // keep it: the next call reuses its memory
/// let plan = lacam.solve(&instance)?;
/// assert!(validate(&instance, &plan).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Lacam {
    seed: u64,
    time_limit: Option<Duration>,
    clock: fn() -> Duration,
    refine: bool,
    distances: DistanceTable,
    step: PibtStep,
    configs: Vec<u32>,
    priorities: Vec<f32>,
    orders: Vec<u32>,
    parents: Vec<u32>,
    queues: Vec<ConstraintQueue>,
    constraints: Vec<Constraint>,
    seen: FxHashMap<u64, u32>,
    same_hash: Vec<u32>,
    open: Vec<u32>,
    scratch: Vec<u32>,
    refiner: Refiner,
    iterations: u64,
}

impl Default for Lacam {
    fn default() -> Self {
        Self::new()
    }
}

impl Lacam {
    /// A solver with seed 0, no time limit and no refinement.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use replan::mapf::Lacam;
    /// let lacam = Lacam::new().with_seed(1).with_time_limit(Some(Duration::from_secs(1)));
    /// # let _ = lacam;
    /// ```
    pub fn new() -> Self {
        Lacam {
            seed: 0,
            time_limit: None,
            clock: wall_clock,
            refine: false,
            distances: DistanceTable::default(),
            step: PibtStep::new(),
            configs: Vec::new(),
            priorities: Vec::new(),
            orders: Vec::new(),
            parents: Vec::new(),
            queues: Vec::new(),
            constraints: Vec::new(),
            seen: FxHashMap::default(),
            same_hash: Vec::new(),
            open: Vec::new(),
            scratch: Vec::new(),
            refiner: Refiner::default(),
            iterations: 0,
        }
    }

    /// The seed of the tie-breaking and of the constraint order.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Lacam;
    /// let lacam = Lacam::new().with_seed(42);
    /// # let _ = lacam;
    /// ```
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Stop after this long: without a plan, with [`MapfError::NotSolved`]; with one, in
    /// the anytime mode, with the best plan so far. `None` searches until done.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use replan::mapf::Lacam;
    /// let lacam = Lacam::new().with_time_limit(Some(Duration::from_millis(500)));
    /// # let _ = lacam;
    /// ```
    pub fn with_time_limit(mut self, time_limit: Option<Duration>) -> Self {
        self.time_limit = time_limit;
        self
    }

    /// The clock the time limit is counted on: any function giving the time since a fixed
    /// origin that never goes back, read a few times per millisecond of search. The
    /// default is the wall clock; a caller on a loaded machine who wants the same result
    /// as on an idle one gives the thread's CPU time (std has no such clock: read it from
    /// the operating system).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use replan::mapf::Lacam;
    /// fn frozen() -> Duration { Duration::ZERO } // a clock that never advances: no limit
    /// let lacam = Lacam::new().with_time_limit(Some(Duration::from_millis(5))).with_clock(frozen);
    /// # let _ = lacam;
    /// ```
    pub fn with_clock(mut self, clock: fn() -> Duration) -> Self {
        self.clock = clock;
        self
    }

    /// After the first plan, keep improving its sum of costs until the time limit (the
    /// anytime mode). Without a time limit it refines for a fixed number of rounds (one per
    /// agent, at least 100).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use replan::grid::Grid;
    /// use replan::mapf::{Instance, Lacam};
    /// let instance = Instance::new("....\n....".parse::<Grid>()?, vec![(0, 0), (3, 0)], vec![(3, 0), (0, 0)])?;
    /// let mut anytime = Lacam::new().with_refinement(true).with_time_limit(Some(Duration::from_millis(50)));
    /// assert_eq!(anytime.solve(&instance)?.sum_of_costs(), 8); // one of them goes round the other
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_refinement(mut self, refine: bool) -> Self {
        self.refine = refine;
        self
    }

    /// The number of high-level iterations of the last search.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::{Instance, Lacam};
    /// let instance = Instance::new("...".parse::<Grid>()?, vec![(0, 0)], vec![(2, 0)])?;
    /// let mut lacam = Lacam::new();
    /// lacam.solve(&instance)?;
    /// assert!(lacam.iterations() >= 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Finds a plan that brings every agent to its goal.
    ///
    /// # Errors
    ///
    /// [`MapfError::NotSolved`] when the time limit passes first, or when no plan exists
    /// (every reachable configuration was searched).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::{Instance, Lacam};
    /// let instance = Instance::new("...".parse::<Grid>()?, vec![(0, 0), (2, 0)], vec![(2, 0), (0, 0)])?;
    /// assert!(Lacam::new().solve(&instance).is_err()); // two agents cannot swap on a line
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self, instance: &Instance) -> Result<Solution, MapfError> {
        let clock = self.clock;
        let deadline = self.time_limit.map(|limit| Deadline {
            clock,
            at: clock() + limit,
        });
        let plan = self.search(instance, deadline.as_ref())?;
        if !self.refine {
            return Ok(plan);
        }
        let rounds = if deadline.is_some() {
            usize::MAX
        } else {
            instance.agents().max(100)
        };
        Ok(self
            .refiner
            .improve(instance, plan, deadline.as_ref(), rounds, self.seed))
    }

    fn clear(&mut self, instance: &Instance) {
        let graph = &instance.graph;
        self.distances.reset(graph, &instance.goal_vertices);
        self.step.reset(graph.len(), instance.agents(), self.seed);
        self.configs.clear();
        self.priorities.clear();
        self.orders.clear();
        self.parents.clear();
        self.queues.clear();
        self.constraints.clear();
        self.constraints.push(Constraint {
            parent: NONE,
            who: NONE,
            vertex: NONE,
            depth: 0,
        });
        self.seen.clear();
        self.same_hash.clear();
        self.open.clear();
        self.iterations = 0;
    }

    fn search(
        &mut self,
        instance: &Instance,
        deadline: Option<&Deadline>,
    ) -> Result<Solution, MapfError> {
        self.clear(instance);
        let agents = instance.agents();
        let root = self.insert(instance, &instance.start_vertices, NONE);
        self.open.push(root);
        while let Some(&node) = self.open.last() {
            self.iterations += 1;
            if self.iterations % 64 == 0 && deadline.is_some_and(Deadline::passed) {
                return Err(MapfError::NotSolved {
                    reason: "the time limit passed before LaCAM found a plan",
                });
            }
            if self.config(node, agents) == instance.goal_vertices.as_slice() {
                return Ok(self.backtrack(instance, node));
            }
            let Some(constraint) = self.next_constraint(instance, node) else {
                self.open.pop();
                continue;
            };
            if !self.successor(instance, node, constraint) {
                continue;
            }
            self.scratch.clear();
            self.scratch.extend_from_slice(&self.step.next);
            let hash = hash_config(&self.scratch);
            if let Some(known) = self.find(hash, agents) {
                self.open.push(known);
                continue;
            }
            let config = std::mem::take(&mut self.scratch);
            let child = self.insert(instance, &config, node);
            self.scratch = config;
            self.open.push(child);
        }
        Err(MapfError::NotSolved {
            reason: "no plan exists: LaCAM searched every reachable configuration",
        })
    }

    fn config(&self, node: u32, agents: usize) -> &[u32] {
        let start = node as usize * agents;
        &self.configs[start..start + agents]
    }

    fn find(&self, hash: u64, agents: usize) -> Option<u32> {
        let mut node = *self.seen.get(&hash)?;
        while node != NONE {
            if self.config(node, agents) == self.scratch.as_slice() {
                return Some(node);
            }
            node = self.same_hash[node as usize];
        }
        None
    }

    fn insert(&mut self, instance: &Instance, config: &[u32], parent: u32) -> u32 {
        let agents = instance.agents();
        let graph = &instance.graph;
        let node = self.parents.len() as u32;
        self.configs.extend_from_slice(config);
        self.parents.push(parent);
        self.queues.push(ConstraintQueue::default());
        let start = node as usize * agents;
        if parent == NONE {
            self.priorities.resize(start + agents, 0.0);
            initial_priorities(
                &mut self.priorities[start..],
                config,
                graph,
                &mut self.distances,
            );
        } else {
            let from = parent as usize * agents;
            self.priorities.extend_from_within(from..from + agents);
            update_priorities(
                &mut self.priorities[start..],
                config,
                graph,
                &mut self.distances,
            );
        }
        self.orders.extend(0..agents as u32);
        sort_by_priority(
            &mut self.orders[start..start + agents],
            &self.priorities[start..start + agents],
        );
        let hash = hash_config(config);
        let previous = self.seen.insert(hash, node).unwrap_or(NONE);
        self.same_hash.push(previous);
        node
    }

    fn next_constraint(&mut self, instance: &Instance, node: u32) -> Option<u32> {
        let agents = instance.agents();
        let queue = &mut self.queues[node as usize];
        if let Some(parent) = queue.pending.take() {
            let depth = self.constraints[parent as usize].depth;
            let who = self.orders[node as usize * agents + depth as usize];
            let here = self.configs[node as usize * agents + who as usize];
            let mut choices = [0u32; 5];
            let neighbours = instance.graph.neighbours(here);
            choices[..neighbours.len()].copy_from_slice(neighbours);
            choices[neighbours.len()] = here;
            let choices = &mut choices[..neighbours.len() + 1];
            let rng = self.step.rng();
            for k in (1..choices.len()).rev() {
                let j = (rng.next_u32() as usize) % (k + 1);
                choices.swap(k, j);
            }
            for &vertex in choices.iter() {
                queue.items.push(self.constraints.len() as u32);
                self.constraints.push(Constraint {
                    parent,
                    who,
                    vertex,
                    depth: depth + 1,
                });
            }
        }
        let constraint = if !queue.started {
            queue.started = true;
            ROOT
        } else if queue.head < queue.items.len() {
            queue.head += 1;
            queue.items[queue.head - 1]
        } else {
            queue.items = Vec::new();
            return None;
        };
        if (self.constraints[constraint as usize].depth as usize) < agents {
            queue.pending = Some(constraint);
        }
        Some(constraint)
    }

    /// Computes the successor of `node` under `constraint` into `self.step.next`; `false`
    /// when the constraints collide or PIBT fails.
    fn successor(&mut self, instance: &Instance, node: u32, constraint: u32) -> bool {
        let agents = instance.agents();
        let start = node as usize * agents;
        self.step.begin(&self.configs[start..start + agents]);
        let mut at = constraint;
        while at != ROOT {
            let Constraint {
                parent,
                who,
                vertex,
                ..
            } = self.constraints[at as usize];
            if !self.step.constrain(who, vertex) {
                return false;
            }
            at = parent;
        }
        for k in 0..agents {
            let agent = self.orders[start + k];
            if self.step.next[agent as usize] == NONE
                && !self.step.plan(&instance.graph, &mut self.distances, agent)
            {
                return false;
            }
        }
        true
    }

    fn backtrack(&self, instance: &Instance, mut node: u32) -> Solution {
        let agents = instance.agents();
        let mut configs = Vec::new();
        while node != NONE {
            configs.push(self.config(node, agents));
            node = self.parents[node as usize];
        }
        configs.reverse();
        to_solution(&instance.graph, &configs)
    }
}

fn hash_config(config: &[u32]) -> u64 {
    let mut hasher = FxHasher::default();
    for &vertex in config {
        hasher.write_u32(vertex);
    }
    hasher.finish()
}
