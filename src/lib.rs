//! Path planners for games and puzzles: breadth-first search, bidirectional BFS, Dijkstra,
//! A* (on an indexed heap or a bucket queue), IDA*, D* Lite for maps that change, jump point
//! search (JPS and JPS+) and distance maps, over any graph you describe with one trait or one
//! closure ([`from_fn`]). The domains come with it: grids with readers for the Moving AI
//! benchmarks, sliding-tile puzzles solved with additive pattern databases, Snake with
//! agents that fill the board, and the two-player snake duel of the Botzone platform.
//!
//! Every planner is a value that owns its scratch memory and reuses it, so a game that plans
//! every frame allocates only the returned path. Every planner returns the same [`Path`] with
//! [`SearchStats`], takes an optional expansion budget, and reports bad input as a typed
//! [`PlanError`] instead of panicking.
//!
//! ```
//! # #[cfg(feature = "grid")] {
//! use replan::grid::{Connectivity, Grid, Octile};
//! use replan::{AStar, Planner};
//!
//! let grid: Grid = "
//!     ......
//!     .####.
//!     ......"
//!     .parse::<Grid>()?
//!     .with_connectivity(Connectivity::Eight);
//! let mut astar = AStar::new(Octile); // keep it: the next call reuses its memory
//! let path = astar.plan(&grid, (0, 1), (5, 1))?;
//! assert_eq!(path.nodes.first(), Some(&(0, 1)));
//! assert_eq!(path.nodes.last(), Some(&(5, 1)));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A graph can also be a closure that lists a node's successors, and
//! [`prelude`] brings every trait and planner in one import:
//!
//! ```
//! use replan::prelude::*;
//!
//! let line = from_fn(|n: i32| [(n - 1, 1u32), (n + 1, 1)]);
//! let mut astar = AStar::new(|a: i32, b: i32| a.abs_diff(b));
//! assert_eq!(astar.plan(&line, -2, 5)?.cost, 7);
//! # Ok::<(), PlanError>(())
//! ```
//!
//! # Modules
//!
//! | where | what |
//! |---|---|
//! | crate root | the core: [`Graph`] (successors and costs), [`ReverseGraph`] (predecessors), [`IndexedGraph`] (dense node indices), [`NodeIds`] with [`DenseIds`] and [`HashedIds`] (how planners number nodes), [`Heuristic`] and [`IncrementalHeuristic`], [`Planner`] with its expansion budget ([`Budgeted`]), [`Path`] and [`SearchStats`], [`Cost`], [`PlanError`], [`IndexedMinHeap`]; [`FnGraph`] from [`from_fn`], a graph given by closures |
//! | [`prelude`] | `use replan::prelude::*;`: the traits, the planners, what they return, and [`from_fn`] |
//! | [`planners`] | one algorithm per module, each page with its paper, invariants and complexity: [`bfs`](planners::bfs), [`bidirectional_bfs`](planners::bidirectional_bfs), [`dijkstra`](planners::dijkstra), [`astar`](planners::astar), [`ida_star`](planners::ida_star), [`dstar_lite`](planners::dstar_lite), [`reach`](planners::reach); the types are re-exported at the root |
//! | [`grid`] | [`Grid`](grid::Grid): passable, blocked and weighted cells, 4- or 8-connected without corner cutting; the heuristics [`Manhattan`](grid::Manhattan), [`Octile`](grid::Octile), [`Euclidean`](grid::Euclidean), [`Chebyshev`](grid::Chebyshev); ASCII pictures through `FromStr`; [`JumpPointSearch`](grid::JumpPointSearch) and [`JumpPointSearchPlus`](grid::JumpPointSearchPlus) for uniform-cost 8-connected grids (the search itself in [`grid::jump_points`]); D* Lite's cell edits in [`grid::dstar_lite`]; any-angle paths with [`ThetaStar`](grid::ThetaStar), [`LazyThetaStar`](grid::LazyThetaStar) and [`smooth_path`](grid::smooth_path) along [line of sight](grid::Grid::has_line_of_sight), and the exact shortest ones round obstacle corners with [`Anya`](grid::Anya); [`FlowField`](grid::FlowField) for crowds heading to shared goals; [`Clearance`](grid::Clearance) and its [`SizedGrid`](grid::SizedGrid) view for units larger than a cell |
//! | [`grid::movingai`] | readers for the Moving AI `.map` and `.scen` benchmark formats |
//! | [`puzzle`] | sliding-tile puzzles of up to 16 cells: [`SlidingPuzzle`](puzzle::SlidingPuzzle), [`TileBoard`](puzzle::TileBoard), solvability, heuristics (misplaced tiles, Manhattan distance, [linear conflicts](puzzle::LinearConflict)) up to additive [pattern databases](puzzle::pattern_database), [dense ranking](puzzle::rank) for boards of up to 9 cells |
//! | [`snake`] | Snake: [`Board`](snake::Board), [`Game`](snake::Game) with seeded food, graph views of a position (body blocked, virtual tail, time-aware) that every planner searches, the [`Agent`](snake::Agent) trait and every agent, re-exported from [`snake`]: [`GreedyAgent`](snake::GreedyAgent), [`SafeAgent`](snake::SafeAgent), [`IncrementalAgent`](snake::IncrementalAgent) (D* Lite), [`HamiltonianAgent`](snake::HamiltonianAgent), [`ReclosingAgent`](snake::ReclosingAgent) and the strongest, [`BlockTreeAgent`](snake::BlockTreeAgent) (made by [`best`](snake::best)); [`HamiltonianCycle`](snake::HamiltonianCycle)s from [`snake::cycle`]; [`simulate`](snake::simulate) |
//! | [`duel`] | the two-player snake of the Botzone platform, a domain of its own: rules, seeded symmetric maps, territory by Dijkstra, agents up to a simultaneous-move alpha-beta search, and replay of Botzone requests |
//! | [`mapf`] | many agents on one map: [`Instance`](mapf::Instance) from the multi-agent benchmark's `.map` and `.scen` files, [`validate`](mapf::validate), the solvers [`Pibt`](mapf::Pibt), [`Lacam`](mapf::Lacam) (complete, with an anytime refinement) and [`Cbs`](mapf::Cbs) (optimal sum of costs), and [`Cooperative`](mapf::Cooperative) (WHCA*) for game units, one tick at a time |
//! | [`SpaceTimeAStar`], [`Reservations`] | the fastest walk through space and time around other units' reservations, over any graph |
//! | [`BfsReach`], [`DijkstraReach`] | distances from one or several sources to every reachable node, in a reusable flat [`DistanceMap`] |
//!
//! # Which planner
//!
//! | you have | use |
//! |---|---|
//! | every step costs the same | [`Bfs`]; [`BidirectionalBfs`] when the graph can be walked backwards ([`ReverseGraph`]) and the search is deep: it meets in the middle and expands about `2·b^(d/2)` nodes instead of `b^d` |
//! | costs differ, no useful estimate | [`Dijkstra`] |
//! | costs differ and an admissible estimate of the distance left | [`AStar`]: on grids with [`Octile`](grid::Octile) (8-connected) or [`Manhattan`](grid::Manhattan) (4-connected) |
//! | a state space too large to store (the 15-puzzle) | [`IdaStar`], with a strong heuristic such as [`AdditivePdb`](puzzle::AdditivePdb); its memory is linear in the path length |
//! | an 8-connected grid where every cell costs the same (the Moving AI maps) | [`JumpPointSearch`](grid::JumpPointSearch): the cost and path of [`AStar`] with [`Octile`](grid::Octile), expanding only jump points; [`JumpPointSearchPlus`](grid::JumpPointSearchPlus) when the map does not change, with a table built once in `O(cells)` |
//! | a map that changes while an agent walks it (doors, units, a sensor that discovers walls) | [`DStarLite`]: `plan` once, then report changed cells, move the start and `replan`; each repair touches only the nodes the change affects |
//! | distances from a cell to every cell (free space, territory, distance to a tail) | [`BfsReach`] or [`DijkstraReach`]: one search, a map reused between calls |
//! | which cells a unit reaches within a budget, or when cells open at known times (a body that moves away, a door) | [`DijkstraReach::run_admitting`]: the caller says at which costs a node may be entered; [`BfsReach::run_admitting`] when every step costs the same |
//! | a map that changes by a few cells every step (a moving snake) | [`DStarLite`] kept across steps, as [`IncrementalAgent`](snake::IncrementalAgent) does |
//! | the nearest of several targets (food, exits, cover), any cell that passes a test, or several starts | a [`Query`] with [`Goal::AnyOf`] or [`Goal::Where`] and [`Query::from_each`], answered by [`AStar::search`], [`Bfs::search`] or [`BidirectionalBfs::search`] |
//! | a target that may be out of reach, and a unit that should still move towards it | [`Query::or_closest`]: the path to the reached node of least estimate, as [`Outcome::Closest`] |
//! | units that must not walk through each other, each with its own goal | [`Cooperative`](mapf::Cooperative) per game tick; for a whole plan at once, [`Lacam`](mapf::Lacam) (hundreds of agents in milliseconds) or [`Cbs`](mapf::Cbs) (optimal, tens of agents) |
//! | one unit that must avoid where others will be | [`SpaceTimeAStar`] against a [`Reservations`] table |
//! | a long search that must fit a few milliseconds per frame | [`AStar::begin`], then [`AStar::resume`] with a number of expansions each frame |
//! | one planner kept in a unit, searching a view that borrows the world each frame | any planner: its type names the node store and cost it keeps, not the graph (see [`AStar`]) |
//!
//! `V` and `E` below count the nodes and edges a search reaches, not the whole graph.
//!
//! | planner | finds | time | memory |
//! |---|---|---|---|
//! | [`Bfs`] | fewest edges | `O(V + E)` | `O(V)` |
//! | [`BidirectionalBfs`] | fewest edges | `O(V + E)` on about `2·b^(d/2)` nodes | `O(V)` |
//! | [`Dijkstra`] | least cost | `O((V + E) log V)`; `O(V + E + C)` for small integer costs | `O(V)` |
//! | [`AStar`] | least cost | as [`Dijkstra`], usually on far fewer nodes | `O(V)` |
//! | [`IdaStar`] | least cost | `O(b^d)` per iteration | `O(d)` |
//! | [`DStarLite`] | least cost after changes | first search like a backward A*, then only what changed | `O(V)`, kept between replans |
//!
//! # Data, benchmarks, fuzzing
//!
//! Tests and benchmarks that use the Moving AI maps and Korf's 15-puzzles read them from the
//! folder in `REPLAN_DATA` (default `../shared/data` beside the crate) and skip, with a
//! notice, when it is absent. `BENCHMARKS.md` has the figures against `pathfinding` and
//! `petgraph`; `fuzz/` in the repository has `cargo fuzz` targets for every text parser.
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
// The crate's pages link the core to the domains (`grid::Octile` in the table of planners).
// A build without a domain has no page to link to; the text stays and loses its link.
// docs.rs and CI document with every feature, where any broken link is an error.
#![cfg_attr(
    not(all(
        feature = "grid",
        feature = "puzzle",
        feature = "snake",
        feature = "duel",
        feature = "mapf"
    )),
    allow(rustdoc::broken_intra_doc_links)
)]
#![warn(missing_docs)]

mod bucket_queue;
mod cost;
#[cfg(feature = "duel")]
#[cfg_attr(docsrs, doc(cfg(feature = "duel")))]
pub mod duel;
mod error;
mod graph;
mod graph_fn;
#[cfg(feature = "grid")]
#[cfg_attr(docsrs, doc(cfg(feature = "grid")))]
pub mod grid;
mod heap;
mod heuristic;
#[cfg(feature = "mapf")]
#[cfg_attr(docsrs, doc(cfg(feature = "mapf")))]
pub mod mapf;
mod memory;
mod path;
// The ASCII pictures that grids and snake boards are read from.
#[cfg(feature = "grid")]
mod picture;
mod planner;
pub mod planners;
pub mod prelude;
#[cfg(feature = "puzzle")]
#[cfg_attr(docsrs, doc(cfg(feature = "puzzle")))]
pub mod puzzle;
mod query;
mod reservations;
#[cfg(feature = "snake")]
#[cfg_attr(docsrs, doc(cfg(feature = "snake")))]
pub mod snake;
#[cfg(any(feature = "snake", feature = "mapf"))]
mod stamped;

pub use cost::Cost;
pub use error::{InvalidNode, PlanError};
pub use graph::{DenseIds, Graph, HashedIds, IndexedGraph, NodeIds, ReverseGraph};
pub use graph_fn::{from_fn, FnGraph};
pub use heap::IndexedMinHeap;
pub use heuristic::{Heuristic, IncrementalHeuristic, Reestimate, Zero};
pub use path::{Path, SearchStats};
pub use planner::{Budgeted, Planner};
pub use planners::{
    AStar, Bfs, BidirectionalBfs, DStarLite, Dijkstra, IdaStar, NodeValues, SpaceTimeAStar,
    TimedPath,
};
pub use query::{Goal, Outcome, Progress, Query};
pub use reservations::{ReservationTable, Reservations};

// The README's examples are tested with the rest, though the crate root has its own text.
#[cfg(all(
    doctest,
    feature = "grid",
    feature = "puzzle",
    feature = "snake",
    feature = "mapf"
))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
pub use planners::{BfsReach, DijkstraReach, DistanceMap};
