//! Many agents on one map: multi-agent pathfinding on the benchmark format (Stern et al.,
//! "Multi-Agent Pathfinding: Definitions, Variants, and Benchmarks", SoCS 2019).
//!
//! An [`Instance`] is a grid and one start and goal per agent, read from a Moving AI
//! `.map` and the first lines of a `.scen` file. Agents move to a 4-neighbouring cell or
//! wait, one step per time step; no two agents may share a cell at a time (vertex
//! conflict) or swap cells in a step (swap conflict). A [`Solution`] gives every agent's
//! cell at every time step, and [`validate`] checks one against its instance.
//!
//! | solver | finds | scale |
//! |---|---|---|
//! | [`Pibt`] | a plan, quickly, when priority inheritance alone gets every agent home | thousands of agents |
//! | [`Cbs`] | a plan of least sum of costs | tens of agents |
//! | [`Lacam`] | a plan whenever one exists (complete); with refinement, better and better sums of costs while time remains | hundreds to thousands of agents in milliseconds |
//!
//! For game units that walk while they plan, [`Cooperative`] (WHCA*) is a per-tick API:
//! add, remove or retarget units, then take every unit's next move.
//!
//! Every solver is a value that keeps its tables between calls, and every constructor of
//! an instance refuses what no plan can satisfy: a start or goal off the map or on a wall,
//! two agents on one start or one goal, a goal out of reach.
//!
//! ```
//! use replan::grid::Grid;
//! use replan::mapf::{validate, Instance, Lacam};
//!
//! let grid: Grid = "
//!     .....
//!     .#.#.
//!     ....."
//!     .parse()?;
//! let instance = Instance::new(grid, vec![(0, 0), (4, 2), (2, 1)], vec![(4, 2), (0, 0), (2, 2)])?;
//! let plan = Lacam::new().solve(&instance)?;
//! validate(&instance, &plan)?;
//! assert!(plan.sum_of_costs() >= instance.lower_bound());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod cbs;
pub mod cooperative;
mod error;
mod graph;
mod instance;
pub mod lacam;
mod path_table;
pub mod pibt;
mod refine;
mod sipp;
mod solution;
mod validate;

pub use cbs::Cbs;
pub use cooperative::{Cooperative, UnitId, UnitMove};
pub use error::MapfError;
pub use instance::Instance;
pub use lacam::Lacam;
pub use pibt::Pibt;
pub use solution::Solution;
pub use validate::{validate, Violation};
