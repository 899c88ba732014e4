//! Subgoal graphs: exact shortest paths on uniform-cost 8-connected grids by A* over a
//! sparse graph of obstacle corners (Uras, Koenig and Hernández, "Subgoal Graphs for
//! Optimal Pathfinding in Eight-Neighbor Grids", ICAPS 2013; Uras and Koenig, "Identifying
//! Hierarchies for Fast Optimal Search", AAAI 2014).
//!
//! # The graph
//!
//! - A **subgoal** is a free cell with a blocked diagonal neighbour whose two cells beside
//!   both the subgoal and the blocked one are free: a convex corner of an obstacle. Under
//!   no corner cutting, a shortest path that bends at all can be made to bend only at
//!   subgoals.
//! - Two cells are **h-reachable** when a path between them is as short as their octile
//!   distance, the length on an open grid. Edges join the subgoals that are **directly**
//!   h-reachable, no other subgoal lying on such a path between them; every edge costs the
//!   octile distance, so the octile heuristic is consistent on the graph. A scan finds a
//!   cell's direct subgoals in the time of the cells on their boundary: from each cell the
//!   graph keeps its clearance along the four axes (steps to the first subgoal or the last
//!   free cell), and the scan runs out along the diagonals, reading from each diagonal cell
//!   the clearances of the two axes beside it, each run shorter than the one before.
//! - **Two levels** (TSG): a subgoal that no shortest path between two other subgoals needs
//!   in its middle becomes **local**: for every pair of its neighbours there is a path as
//!   short avoiding it through global subgoals, or the pair is h-reachable through it and
//!   gets an edge of its own. Between any two subgoals some shortest path of the graph then
//!   has only global subgoals inside it, so a query searches the global subgoals and, of the
//!   local ones, only those its start or goal reaches directly.
//! - **A contraction hierarchy** ([`Levels::Hierarchy`]; Uras and Koenig, "Understanding
//!   Subgoal Graphs by Augmenting Contraction Hierarchies", IJCAI 2018): the subgoals of the
//!   simple graph are removed one at a time, each pair of neighbours of a removed one joined
//!   by a shortcut unless a short search finds a path as short without it. Every subgoal is
//!   a level of its own; the subgoals left when the cheapest to remove has more than 64
//!   neighbours form a core whose edges are searched both ways.
//!
//! # A query
//!
//! If the goal lies at the octile distance from the start along a diagonal-then-straight
//! walk, that walk is the path. Otherwise the start and the goal are joined to the subgoals
//! they reach directly (a scan each; on maps of at most 128×128 cells, a list built for
//! every cell, since there the scans are nearly half of a query), A* with the octile
//! heuristic searches the graph, and each edge of the result is refined into cells: the
//! diagonal-first walk, else the straight-first one, else (for edges the second level
//! added) a walk found over the parallelogram of octile paths between its ends.
//!
//! A global subgoal's list holds only global subgoals, so the search never looks at local
//! ones in the middle of a path. The start's local subgoals are searched from with their
//! whole lists; the goal's local subgoals hand each of their global neighbours a cost to
//! the goal through them, so that reaching the goal from a global subgoal is one test.
//! Nodes reached at the `f` of the node being expanded go on a stack beside the heap and
//! are expanded first, without a sift: on open ground most steps go straight at the goal.
//! Nodes dearer than the heap's bucket of `f` wait in buckets until the heap runs dry, so
//! that the heap holds one bucket's nodes, not the whole frontier.
//!
//! On the hierarchy, an A* search runs from the start's subgoals towards the goal and one
//! from the goal's towards the start, each along edges to higher subgoals only (and inside
//! the core), until neither can beat the best meeting; the shortcuts of the path found are
//! unpacked through the subgoals they skip, each shortcut naming its two halves, and each
//! edge of the simple graph names the walk that refines it, which is then filled in
//! without checking a move. It settles few subgoals on maps of corridors
//! and rooms, where most subgoals are removed cheaply, and about as many as A* over two
//! levels on open maps. On large maps of scattered obstacles its build adds shortcuts
//! faster than it removes subgoals: it takes several times the memory of two levels, and
//! seconds.
//!
//! [`SubgoalGraph::new`] picks for each map ([`Levels::Auto`]): the hierarchy when the
//! simple graph's subgoals have on average at most four neighbours (mazes, rooms joined by
//! doors), or when there are at most 16,384 of them and at most one per eight free cells
//! (open ground, rooms and caves); two levels otherwise (scattered obstacles, where about
//! a quarter of the free cells are corners).
//!
//! # Why it is exact
//!
//! Every free shortest-length path between two h-reachable cells can be moved, one
//! straight-then-diagonal pair of steps at a time, to the diagonal-first walk, unless a
//! subgoal lies on one of the paths in between; so h-reachable pairs split at subgoals into
//! directly h-reachable ones, which the scans find. A shortest grid path bends only at
//! subgoals, so it is a chain of h-reachable pieces between its ends and subgoals, and A*
//! over the graph with the ends joined finds its cost. The second level keeps the costs
//! between subgoals. The property tests compare every cost with A* on random grids, and an
//! ignored test checks every Moving AI scenario against its published optimum.
//!
//! # Invariants and cost
//!
//! - Built in `O(cells + Σ scans)` for the simple graph; the second level adds a bounded
//!   search per pair of neighbours of each subgoal (at most `2^22 / subgoals` expansions
//!   each, and none for subgoals of more than 20 neighbours, which stay global). Memory: 4
//!   bytes of clearances per padded cell, a bit and a rank word per 64 cells for the
//!   subgoals (on maps of over 4,096 subgoals, a second bit per cell, by which they are
//!   numbered along a curve through the map), per subgoal its cell, its list offset and
//!   its level (a little over 12 bytes), and 4 bytes per edge end (an edge between a
//!   local and a global subgoal has one end stored, in the local one's list): the most on
//!   maps of scattered single obstacles, where a quarter of the free cells are corners.
//! - The hierarchy's build removes each subgoal after bounded witness searches (at most 200
//!   expansions each, one per neighbour), so it costs about `Σ degree² × 200` heap steps, and
//!   it keeps per edge, shortcuts included, 16 bytes (its higher end, how it unpacks, its
//!   cost), 12 more per shortcut (the subgoal it skips and how its two halves unpack), and
//!   4 bytes and a bit per subgoal; it keeps no list of the simple graph.
//! - On maps of at most 128×128 cells (padding included) with a subgoal, the lists of the
//!   subgoals each cell reaches directly: a scan per free cell at build, 4 bytes per cell
//!   and 2 per subgoal listed (about 21 bytes per cell on a 49×49 arena, 10 on a 65×81
//!   dungeon).
//! - A query costs two scans (or two list reads), A* over the global subgoals it reaches
//!   (`O(S log S)`), and the refinement, linear in the path's length.
//! - `SearchStats::expanded` counts graph nodes expanded (the start, subgoals); a query
//!   answered by the direct walk expands none.
//! - The graph records the [`Grid::revision`] it was built from; a search on a grid of
//!   another revision rebuilds it, except after the edits made through
//!   [`SubgoalGraph::set_blocked`], which repairs it in place.

mod build;
mod heap;
mod hierarchy;
mod levels;
mod query;
mod repair;
mod seeds;
mod upward;

use build::{simple_edges, Cells};
use hierarchy::{contract, Hierarchy};
use levels::{prune, Edges};
use query::{Search, View};
use seeds::Seeds;
use upward::Upward;

use std::cmp::Ordering;

use super::{Cell, Connectivity, Grid, GridError};
use crate::memory::check_endpoints;
use crate::{Budgeted, Path, PlanError, Planner, SearchStats};

/// How many levels a [`SubgoalGraph`] has, or ([`Levels::Auto`]) how it picks them for
/// each map.
///
/// # Example
///
/// ```
/// use replan::grid::subgoal_graph::Levels;
/// use replan::grid::SubgoalGraph;
/// assert_eq!(SubgoalGraph::new().levels(), Levels::Auto);
/// assert_eq!(SubgoalGraph::simple().levels(), Levels::One);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Levels {
    /// Every subgoal is searched (the simple subgoal graph).
    One,
    /// Local subgoals are searched only when the start or goal reaches them directly.
    Two,
    /// Every subgoal is a level of its own: a contraction hierarchy over the simple graph,
    /// searched upwards from both ends.
    Hierarchy,
    /// [`Levels::Hierarchy`] when the subgoals of the simple graph have on average at most
    /// four neighbours (mazes, corridors, rooms joined by doors), or when there are at
    /// most 16,384 of them and at most one per eight free cells; [`Levels::Two`] otherwise
    /// (scattered obstacles), and for a grid without subgoals. This keeps the build and
    /// the memory of two levels' order. The choice costs a pass over the cells and the
    /// simple graph's lists; [`SubgoalGraph::built_levels`] tells which was made.
    Auto,
}

/// The average number of neighbours of a subgoal in the simple graph up to which
/// [`Levels::Auto`] builds the hierarchy on a map of any size. Where subgoals see few
/// others, removing one adds few shortcuts, the hierarchy stays small, and a query settles
/// a handful of subgoals where A* over two levels expands thousands along the corridors.
const AUTO_MAX_DEGREE: f64 = 4.0;

/// The subgoals up to which [`Levels::Auto`] builds the hierarchy whatever their degree,
/// if they are at most one per [`AUTO_FREE_PER_SUBGOAL`] free cells. Its queries settle
/// fewer subgoals than A* over two levels, but on a dense graph of well-connected
/// subgoals (scattered obstacles, a quarter of the free cells corners) its build adds
/// shortcuts faster than it removes subgoals: it takes seconds and over 50 bytes per
/// cell, already on a 200 × 200 map of 10% random obstacles.
const AUTO_MAX_SUBGOALS: usize = 1 << 14;

/// See [`AUTO_MAX_SUBGOALS`].
const AUTO_FREE_PER_SUBGOAL: usize = 8;

/// The graph built for one grid revision.
#[derive(Debug, Clone)]
struct Built {
    revision: u64,
    /// The levels built: never [`Levels::Auto`].
    levels: Levels,
    cells: Cells,
    /// The graph searched by A*: empty while `hierarchy` holds the edges instead.
    edges: Edges,
    hierarchy: Option<Hierarchy>,
    /// On small maps, the subgoals each cell reaches directly.
    seeds: Option<Seeds>,
}

/// Exact shortest paths on an unweighted 8-connected [`Grid`] by A* over its subgoal
/// graph: the optimal cost [`AStar`](crate::AStar) with [`Octile`](super::Octile) finds,
/// searching a graph of obstacle corners instead of the cells, with one level, two, or a
/// contraction hierarchy of them ([`Levels`]; [`new`](SubgoalGraph::new) picks per map).
/// See the [module documentation](self) for the rules and the papers.
///
/// It pays on maps of rooms, mazes and caves, where a query settles a few dozen corners.
/// On maps of wide open rooms each end reaches dozens of corners directly, and
/// [`JumpPointSearchPlus`](super::JumpPointSearchPlus), whose queries stop only where a
/// straight run is forced to turn, can answer faster.
///
/// The graph is built by [`prepare`](SubgoalGraph::prepare) or by the first search, for the
/// grid's [`revision`](Grid::revision), and kept with the planner's search memory for the
/// next calls. Any other edit of the grid rebuilds it before the next search; cells blocked
/// or freed through [`set_blocked`](SubgoalGraph::set_blocked) repair it in place instead.
/// Weighted and 4-connected grids are refused with [`PlanError::UnsupportedGraph`].
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, Octile, SubgoalGraph};
/// use replan::{AStar, Planner};
///
/// let grid: Grid = "
///     ..........
///     ..####....
///     .....#....
///     .....#...."
///     .parse::<Grid>()?
///     .with_connectivity(Connectivity::Eight);
/// let mut subgoals = SubgoalGraph::new();
/// subgoals.prepare(&grid)?;
/// let path = subgoals.plan(&grid, (0, 3), (9, 3))?;
/// let astar = AStar::new(Octile).plan(&grid, (0, 3), (9, 3))?;
/// assert!((path.cost - astar.cost).abs() < 1e-9);
/// assert_eq!(path.nodes.first(), Some(&(0, 3)));
/// assert_eq!(path.nodes.last(), Some(&(9, 3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SubgoalGraph {
    levels: Levels,
    built: Option<Built>,
    search: Search,
    upward: Upward,
    budget: Option<u64>,
}

impl Default for SubgoalGraph {
    fn default() -> Self {
        SubgoalGraph::new()
    }
}

impl SubgoalGraph {
    /// A planner that picks its structure for each map ([`Levels::Auto`]): a contraction
    /// hierarchy, except on large maps of scattered obstacles, which get two levels. No
    /// graph yet and no budget.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, SubgoalGraph};
    /// use replan::Planner;
    /// let grid = Grid::open(20, 20, Connectivity::Eight);
    /// let path = SubgoalGraph::new().plan(&grid, (0, 0), (19, 5)).unwrap();
    /// assert_eq!(path.nodes.len(), 20);
    /// ```
    pub fn new() -> Self {
        SubgoalGraph::with_levels(Levels::Auto)
    }

    /// A planner over the simple (one-level) subgoal graph: every subgoal is searched.
    /// Cheaper to build, slower to search.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, SubgoalGraph};
    /// use replan::Planner;
    /// let grid: Grid = "...\n.#.\n...".parse::<Grid>()?.with_connectivity(Connectivity::Eight);
    /// let path = SubgoalGraph::simple().plan(&grid, (0, 0), (2, 2))?;
    /// assert_eq!(path.cost, 4.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn simple() -> Self {
        SubgoalGraph::with_levels(Levels::One)
    }

    /// A planner over a contraction hierarchy of the subgoals ([`Levels::Hierarchy`]): the
    /// fastest queries, for a longer build and more memory (the most on large maps of
    /// scattered obstacles).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, SubgoalGraph};
    /// use replan::Planner;
    /// let grid: Grid = "....\n.##.\n....".parse::<Grid>()?.with_connectivity(Connectivity::Eight);
    /// let path = SubgoalGraph::hierarchy().plan(&grid, (0, 1), (3, 1))?;
    /// // Round the wall along the top row: no diagonal step cuts a wall's corner.
    /// assert_eq!(path.cost, 5.0);
    /// assert_eq!(path.nodes.len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hierarchy() -> Self {
        SubgoalGraph::with_levels(Levels::Hierarchy)
    }

    /// A planner with the given number of levels.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::subgoal_graph::Levels;
    /// use replan::grid::SubgoalGraph;
    /// assert_eq!(SubgoalGraph::with_levels(Levels::One).levels(), Levels::One);
    /// ```
    pub fn with_levels(levels: Levels) -> Self {
        SubgoalGraph {
            levels,
            built: None,
            search: Search::default(),
            upward: Upward::default(),
            budget: None,
        }
    }

    /// The number of levels of the graph this planner builds, as asked for.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::subgoal_graph::Levels;
    /// assert_eq!(replan::grid::SubgoalGraph::default().levels(), Levels::Auto);
    /// ```
    pub fn levels(&self) -> Levels {
        self.levels
    }

    /// The levels of the graph built (`None` before it is built): [`levels`](Self::levels),
    /// or, for [`Levels::Auto`], the levels chosen for the grid. A graph repaired by
    /// [`set_blocked`](Self::set_blocked) searches every subgoal: [`Levels::One`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::subgoal_graph::Levels;
    /// use replan::grid::{Connectivity, Grid, SubgoalGraph};
    /// // A corridor that winds round walls: each corner sees the next two.
    /// let grid: Grid = "
    ///     .#...#...
    ///     .#.#.#.#.
    ///     ...#...#."
    ///     .parse::<Grid>()?
    ///     .with_connectivity(Connectivity::Eight);
    /// let mut planner = SubgoalGraph::new();
    /// assert_eq!(planner.built_levels(), None);
    /// planner.prepare(&grid)?;
    /// assert_eq!(planner.built_levels(), Some(Levels::Hierarchy));
    /// planner.prepare(&Grid::open(8, 8, Connectivity::Eight))?;
    /// assert_eq!(planner.built_levels(), Some(Levels::Two));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn built_levels(&self) -> Option<Levels> {
        self.built.as_ref().map(|b| b.levels)
    }

    /// Builds the graph for `grid` now, unless it is built for the grid's current
    /// [`revision`](Grid::revision) already: a game calls this when it loads a level, so
    /// that no search pays for it.
    ///
    /// # Errors
    ///
    /// [`PlanError::UnsupportedGraph`] for a 4-connected grid or one with a weight other
    /// than 1.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, SubgoalGraph};
    /// let mut grid = Grid::open(8, 8, Connectivity::Eight);
    /// grid.set_blocked((3, 3), true)?;
    /// let mut planner = SubgoalGraph::new();
    /// planner.prepare(&grid)?;
    /// assert_eq!(planner.subgoal_count(), 4); // the four corners round the blocked cell
    /// assert!(planner.prepare(&Grid::open(3, 3, Connectivity::Four)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prepare(&mut self, grid: &Grid) -> Result<(), PlanError> {
        check_supported(grid)?;
        if self
            .built
            .as_ref()
            .is_some_and(|b| b.revision == grid.revision())
        {
            return Ok(());
        }
        self.built = Some(build(grid, self.levels));
        Ok(())
    }

    /// Blocks (`true`) or frees (`false`) `cell` of `grid` and repairs the graph in place,
    /// if it was built for the grid as it was: the subgoals round the cell, the clearances
    /// of the rows and columns through it, the edges of the subgoals whose scans meet them,
    /// and the edges that the cell may cut (see the cost below). A graph built for another
    /// revision is left to be rebuilt by the next search.
    ///
    /// A repaired graph keeps every subgoal global: the second level's choices rest on
    /// routes that one edit can cut anywhere. It stays exact and searches like the simple
    /// graph until it is built anew (by [`prepare`](SubgoalGraph::prepare) after an edit
    /// made without the planner, or by a new planner). A hierarchy is dropped the same way:
    /// its edges of the simple graph are repaired, and its shortcuts, which any edit may
    /// lengthen, are forgotten (`O(edges)`). So are a small map's lists of the subgoals each
    /// cell reaches, which an edit may change far from it: queries scan again.
    ///
    /// Cost: `O(width + height)` for the clearances, a walk back along the diagonals from
    /// each changed cell, a scan per subgoal met, and `O(edges)` to renumber and repack
    /// the lists (with, for a blocked cell, an octile-path check of each edge whose
    /// rectangle holds it). No search of the whole map, and no scan of every subgoal.
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfBounds`] when `cell` is off the grid; nothing changes then.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, Octile, SubgoalGraph};
    /// use replan::{AStar, Planner};
    ///
    /// let mut grid = Grid::open(12, 12, Connectivity::Eight);
    /// let mut planner = SubgoalGraph::new();
    /// planner.prepare(&grid)?;
    /// for y in 0..11 {
    ///     planner.set_blocked(&mut grid, (6, y), true)?;
    /// }
    /// let path = planner.plan(&grid, (0, 0), (11, 0))?;
    /// let astar = AStar::new(Octile).plan(&grid, (0, 0), (11, 0))?;
    /// assert!((path.cost - astar.cost).abs() < 1e-9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_blocked(
        &mut self,
        grid: &mut Grid,
        cell: Cell,
        blocked: bool,
    ) -> Result<(), GridError> {
        let current = self
            .built
            .as_ref()
            .is_some_and(|built| built.revision == grid.revision());
        grid.set_blocked(cell, blocked)?;
        if let Some(built) = self.built.as_mut().filter(|_| current) {
            if let Some(hierarchy) = built.hierarchy.take() {
                built.edges = Edges::pack(&hierarchy.originals(), all(built.cells.len()));
            }
            built.seeds = None;
            repair::repair(&mut built.cells, &mut built.edges, grid, cell);
            built.revision = grid.revision();
            built.levels = Levels::One;
        }
        Ok(())
    }

    /// The number of subgoals of the graph (0 before it is built).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, SubgoalGraph};
    /// let mut planner = SubgoalGraph::new();
    /// planner.prepare(&Grid::open(8, 8, Connectivity::Eight))?;
    /// assert_eq!(planner.subgoal_count(), 0); // no obstacle, no corner
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn subgoal_count(&self) -> usize {
        self.built.as_ref().map_or(0, |b| b.cells.len())
    }

    /// The number of global subgoals (all of them with [`Levels::One`]).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, SubgoalGraph};
    /// let mut grid = Grid::open(9, 9, Connectivity::Eight);
    /// grid.set_blocked((4, 4), true)?;
    /// let mut planner = SubgoalGraph::simple();
    /// planner.prepare(&grid)?;
    /// assert_eq!(planner.global_count(), planner.subgoal_count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn global_count(&self) -> usize {
        self.built.as_ref().map_or(0, |b| match b.hierarchy {
            Some(_) => b.cells.len(),
            None => b.edges.global.count_ones(..),
        })
    }

    /// The number of edges of the graph, each counted once.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, SubgoalGraph};
    /// let mut grid = Grid::open(8, 8, Connectivity::Eight);
    /// grid.set_blocked((3, 3), true)?;
    /// let mut planner = SubgoalGraph::simple();
    /// planner.prepare(&grid)?;
    /// // The four corners of one blocked cell: each pair along a side is joined.
    /// assert_eq!(planner.edge_count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edge_count(&self) -> usize {
        self.built.as_ref().map_or(0, |b| {
            b.hierarchy
                .as_ref()
                .map_or_else(|| b.edges.count(), Hierarchy::count)
        })
    }

    /// The bytes the graph takes (none before it is built): the per-cell clearances and
    /// subgoal bits, and the subgoals with their edges. The search's own memory, which
    /// grows with the subgoals, is not counted.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, SubgoalGraph};
    /// let mut planner = SubgoalGraph::new();
    /// assert_eq!(planner.table_bytes(), 0);
    /// planner.prepare(&Grid::open(62, 62, Connectivity::Eight))?;
    /// assert!(planner.table_bytes() >= 4 * 64 * 64);
    /// assert!(planner.table_bytes() < 5 * 64 * 64);
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn table_bytes(&self) -> usize {
        self.built.as_ref().map_or(0, |b| {
            b.cells.bytes()
                + b.edges.bytes()
                + b.hierarchy.as_ref().map_or(0, Hierarchy::bytes)
                + b.seeds.as_ref().map_or(0, Seeds::bytes)
        })
    }
}

/// Refuses the grids on which octile distances are not path lengths.
fn check_supported(grid: &Grid) -> Result<(), PlanError> {
    if grid.connectivity() != Connectivity::Eight {
        return Err(PlanError::UnsupportedGraph {
            reason: "subgoal graphs need an 8-connected grid",
        });
    }
    let uniform = grid
        .weights
        .as_deref()
        .is_none_or(|weights| weights.iter().all(|&w| w == 1.0));
    if uniform {
        Ok(())
    } else {
        Err(PlanError::UnsupportedGraph {
            reason: "subgoal graphs need every cell of weight 1",
        })
    }
}

/// Builds the graph of `grid` with `levels` levels.
fn build(grid: &Grid, levels: Levels) -> Built {
    let cells = Cells::build(grid);
    let seeds = Seeds::build(grid, &cells);
    let mut adjacency = simple_edges(grid, &cells);
    let levels = match levels {
        Levels::Auto => {
            let ends: usize = adjacency.iter().map(Vec::len).sum();
            let corridors = ends as f64 <= AUTO_MAX_DEGREE * adjacency.len() as f64;
            let free = grid.passable.iter().filter(|&&p| p).count();
            let sparse = adjacency.len() <= AUTO_MAX_SUBGOALS
                && adjacency.len() * AUTO_FREE_PER_SUBGOAL <= free;
            if !adjacency.is_empty() && (corridors || sparse) {
                Levels::Hierarchy
            } else {
                Levels::Two
            }
        }
        chosen => chosen,
    };
    let (edges, hierarchy) = match levels {
        Levels::Two => {
            let global = prune(&cells, &mut adjacency);
            (Edges::pack(&adjacency, global), None)
        }
        Levels::One => (Edges::pack(&adjacency, all(cells.len())), None),
        Levels::Hierarchy | Levels::Auto => {
            (Edges::default(), Some(contract(grid, &cells, &adjacency)))
        }
    };
    Built {
        revision: grid.revision(),
        levels,
        cells,
        edges,
        hierarchy,
        seeds,
    }
}

/// Every one of `subgoals` subgoals, global.
fn all(subgoals: usize) -> fixedbitset::FixedBitSet {
    let mut all = fixedbitset::FixedBitSet::with_capacity(subgoals);
    all.insert_range(..);
    all
}

/// The budget limits each search to that many graph nodes expanded; a search that needs
/// more returns [`PlanError::BudgetExceeded`].
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, SubgoalGraph};
/// use replan::{Budgeted, PlanError, Planner};
/// let grid: Grid = "
///     ...#...
///     .#.#.#.
///     .#...#."
///     .parse::<Grid>()?
///     .with_connectivity(Connectivity::Eight);
/// let mut planner = SubgoalGraph::new().with_budget(1);
/// assert_eq!(planner.plan(&grid, (0, 0), (6, 0)), Err(PlanError::BudgetExceeded { budget: 1 }));
/// # Ok::<(), replan::grid::GridError>(())
/// ```
impl Budgeted for SubgoalGraph {
    fn budget(&self) -> Option<u64> {
        self.budget
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        &mut self.budget
    }
}

impl Planner<Grid> for SubgoalGraph {
    fn plan(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Result<Path<Cell, f64>, PlanError> {
        self.search.stats = SearchStats::default();
        self.prepare(grid)?;
        check_endpoints(grid, start, goal)?;
        let Some(built) = &self.built else {
            unreachable!("prepare builds the graph")
        };
        if let Some(hierarchy) = &built.hierarchy {
            let found = self.upward.plan(
                (grid, &built.cells, hierarchy, built.seeds.as_ref()),
                (start, goal),
                self.budget,
            );
            self.search.stats = self.upward.stats;
            return found;
        }
        let view = View {
            grid,
            cells: &built.cells,
            edges: &built.edges,
            seeds: built.seeds.as_ref(),
        };
        self.search.plan(&view, start, goal, self.budget)
    }

    fn last_stats(&self) -> SearchStats {
        self.search.stats
    }
}

/// A frontier entry of the graph searches (checking, witness and upward searches): a cost
/// and a subgoal, ordered so that `BinaryHeap`, a max-heap, pops the cheapest first (ties:
/// the lower subgoal).
///
/// The costs are never negative nor NaN (sums of octile distances, and infinity), and such
/// floats order as their bits do: each comparison of a heap sift is one integer compare.
#[derive(Clone, Copy, Debug)]
struct Cheapest(f64, u32);

impl PartialEq for Cheapest {
    fn eq(&self, other: &Cheapest) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Cheapest {}

impl PartialOrd for Cheapest {
    fn partial_cmp(&self, other: &Cheapest) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cheapest {
    fn cmp(&self, other: &Cheapest) -> Ordering {
        debug_assert!(self.0 >= 0.0 && other.0 >= 0.0);
        (other.0.to_bits(), other.1).cmp(&(self.0.to_bits(), self.1))
    }
}
