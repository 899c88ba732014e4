//! A multi-agent instance: a 4-connected map, one start and one goal per agent, read from
//! the benchmark's `.map` and the first lines of a `.scen` file.

use std::path::Path;

use super::graph::{DistanceTable, VertexGraph};
use super::MapfError;
use crate::grid::movingai::{read_map, read_scenarios, Scenario};
use crate::grid::{Cell, Grid};
use crate::Graph;

/// A multi-agent pathfinding instance on a grid (Stern et al., "Multi-Agent Pathfinding:
/// Definitions, Variants, and Benchmarks", SoCS 2019).
///
/// Rule: agents move to one of the four neighbouring cells or wait, one step per time
/// step at cost 1; cell weights and the grid's own connectivity are not used. Guarantees,
/// checked by every constructor: every start and goal is a passable cell of the map, no two
/// agents share a start or a goal, and each agent's goal is reachable from its start on the
/// empty map. Building it costs `O(cells + agents)`.
///
/// # Example
///
/// ```
/// use replan::grid::Grid;
/// use replan::mapf::Instance;
/// let grid: Grid = "...\n.#.\n...".parse()?;
/// let instance = Instance::new(grid, vec![(0, 0), (2, 2)], vec![(2, 2), (0, 0)])?;
/// assert_eq!(instance.agents(), 2);
/// assert_eq!(instance.lower_bound(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Instance {
    grid: Grid,
    starts: Vec<Cell>,
    goals: Vec<Cell>,
    pub(crate) graph: VertexGraph,
    pub(crate) start_vertices: Vec<u32>,
    pub(crate) goal_vertices: Vec<u32>,
}

impl Instance {
    /// An instance with `starts[i]` and `goals[i]` for agent `i`.
    ///
    /// # Errors
    ///
    /// [`MapfError::LengthMismatch`], [`MapfError::BadEndpoint`] (off the map or on a wall),
    /// [`MapfError::SharedStart`], [`MapfError::SharedGoal`], [`MapfError::Unreachable`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::{Instance, MapfError};
    /// let grid: Grid = ".#.".parse()?;
    /// let err = Instance::new(grid, vec![(0, 0)], vec![(2, 0)]).unwrap_err();
    /// assert_eq!(err, MapfError::Unreachable { agent: 0 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grid: Grid, starts: Vec<Cell>, goals: Vec<Cell>) -> Result<Instance, MapfError> {
        if starts.len() != goals.len() {
            return Err(MapfError::LengthMismatch {
                starts: starts.len(),
                goals: goals.len(),
            });
        }
        let graph = VertexGraph::new(&grid);
        let mut start_vertices = Vec::with_capacity(starts.len());
        let mut goal_vertices = Vec::with_capacity(goals.len());
        let mut start_owner = vec![u32::MAX; graph.len()];
        let mut goal_owner = vec![u32::MAX; graph.len()];
        for agent in 0..starts.len() {
            let vertex = |which, cell: Cell| {
                grid.check_node(cell)
                    .map_err(|reason| MapfError::BadEndpoint {
                        agent,
                        which,
                        cell,
                        reason,
                    })
                    .map(|()| graph.vertex(cell).expect("a passable cell has a vertex"))
            };
            let start = vertex("start", starts[agent])?;
            let goal = vertex("goal", goals[agent])?;
            let owner = &mut start_owner[start as usize];
            if *owner != u32::MAX {
                return Err(MapfError::SharedStart {
                    first: *owner as usize,
                    second: agent,
                    cell: starts[agent],
                });
            }
            *owner = agent as u32;
            let owner = &mut goal_owner[goal as usize];
            if *owner != u32::MAX {
                return Err(MapfError::SharedGoal {
                    first: *owner as usize,
                    second: agent,
                    cell: goals[agent],
                });
            }
            *owner = agent as u32;
            if !graph.connected(start, goal) {
                return Err(MapfError::Unreachable { agent });
            }
            start_vertices.push(start);
            goal_vertices.push(goal);
        }
        Ok(Instance {
            grid,
            starts,
            goals,
            graph,
            start_vertices,
            goal_vertices,
        })
    }

    /// The instance of the first `agents` scenarios, in order, on `grid`.
    ///
    /// # Errors
    ///
    /// [`MapfError::TooFewScenarios`]; [`MapfError::File`] with the scenario's line when it
    /// does not fit the map (size, start or goal off the map or on a wall); then as
    /// [`Instance::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::movingai::{parse_map, parse_scenarios};
    /// use replan::mapf::Instance;
    /// let grid = parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n.@.")?;
    /// let scenarios = parse_scenarios("version 1\n0 m 3 2 0 0 2 1 3\n0 m 3 2 2 1 0 0 3\n0 m 3 2 5 0 0 0 3\n")?;
    /// let instance = Instance::from_scenarios(grid.clone(), &scenarios, 2)?;
    /// assert_eq!(instance.starts(), [(0, 0), (2, 1)]);
    /// let err = Instance::from_scenarios(grid, &scenarios, 3).unwrap_err();
    /// assert!(err.to_string().starts_with("line 4: the scenario's start (5, 0) is unusable"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_scenarios(
        grid: Grid,
        scenarios: &[Scenario],
        agents: usize,
    ) -> Result<Instance, MapfError> {
        if agents > scenarios.len() {
            return Err(MapfError::TooFewScenarios {
                requested: agents,
                available: scenarios.len(),
            });
        }
        let chosen = &scenarios[..agents];
        for scenario in chosen {
            scenario.check(&grid)?;
        }
        let starts = chosen.iter().map(|s| s.start).collect();
        let goals = chosen.iter().map(|s| s.goal).collect();
        Instance::new(grid, starts, goals)
    }

    /// Reads a `.map` file and the first `agents` lines of a `.scen` file.
    ///
    /// # Errors
    ///
    /// [`MapfError::File`] for a file that cannot be read or parsed, then as
    /// [`Instance::from_scenarios`].
    ///
    /// # Example
    ///
    /// ```no_run
    /// use replan::mapf::Instance;
    /// let instance = Instance::load("random-32-32-10.map", "random-32-32-10-random-1.scen", 100)?;
    /// assert_eq!(instance.agents(), 100);
    /// # Ok::<(), replan::mapf::MapfError>(())
    /// ```
    pub fn load(
        map: impl AsRef<Path>,
        scenarios: impl AsRef<Path>,
        agents: usize,
    ) -> Result<Instance, MapfError> {
        let grid = read_map(map)?;
        let scenarios = read_scenarios(scenarios)?;
        Instance::from_scenarios(grid, &scenarios, agents)
    }

    /// The map.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::Instance;
    /// let instance = Instance::new("..".parse::<Grid>()?, vec![(0, 0)], vec![(1, 0)])?;
    /// assert_eq!(instance.grid().width(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The start of each agent.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::Instance;
    /// let instance = Instance::new("..".parse::<Grid>()?, vec![(0, 0)], vec![(1, 0)])?;
    /// assert_eq!(instance.starts(), [(0, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn starts(&self) -> &[Cell] {
        &self.starts
    }

    /// The goal of each agent.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::Instance;
    /// let instance = Instance::new("..".parse::<Grid>()?, vec![(0, 0)], vec![(1, 0)])?;
    /// assert_eq!(instance.goals(), [(1, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn goals(&self) -> &[Cell] {
        &self.goals
    }

    /// The number of agents.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::Instance;
    /// let instance = Instance::new("..".parse::<Grid>()?, vec![], vec![])?;
    /// assert_eq!(instance.agents(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn agents(&self) -> usize {
        self.starts.len()
    }

    /// The length of each agent's shortest path alone on the map (4-connected).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::Instance;
    /// let instance = Instance::new("...\n.#.".parse::<Grid>()?, vec![(0, 1), (1, 0)], vec![(2, 1), (1, 0)])?;
    /// assert_eq!(instance.distances(), [4, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distances(&self) -> Vec<u32> {
        let mut table = DistanceTable::default();
        table.reset(&self.graph, &self.goal_vertices);
        (0..self.agents())
            .map(|agent| table.get(&self.graph, agent, self.start_vertices[agent]))
            .collect()
    }

    /// The sum of [`distances`](Instance::distances): a lower bound on any plan's sum of
    /// costs.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::Instance;
    /// let instance = Instance::new("...".parse::<Grid>()?, vec![(0, 0), (2, 0)], vec![(2, 0), (0, 0)])?;
    /// assert_eq!(instance.lower_bound(), 4); // they cannot swap on a line, but the bound does not know
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lower_bound(&self) -> u64 {
        self.distances().iter().map(|&d| d as u64).sum()
    }
}
