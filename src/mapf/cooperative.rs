//! Windowed Hierarchical Cooperative A* (Silver, "Cooperative Pathfinding", AIIDE 2005):
//! game units with goals of their own that walk a shared map without walking through each
//! other, planned a few steps at a time.
//!
//! Units plan in turn, each with [`SpaceTimeAStar`] over a window of `w` steps against a
//! space-time [`Reservations`] table that holds the windows of the units before it; the
//! estimate of the rest of the way is the unit's true distance to its goal on the empty
//! map (a breadth-first search from the goal, Silver's "hierarchical" abstraction). Each
//! unit then reserves its window. The order rotates between rounds so no unit is always
//! last, and the whole round is replanned every few ticks as the units walk.
//!
//! # Invariants
//!
//! - No two units are ever on one cell, and no two swap cells in one tick: a unit that
//!   has not planned yet this round keeps its cell for the next tick in the table, so the
//!   units before it cannot take it; a unit that finds no walk stays where it is (which
//!   that same rule keeps free) and forces a new round at the next tick.
//! - Units move on the grid's own connectivity; on an 8-connected grid two units may
//!   cross diagonally, which is neither a vertex nor a swap conflict.
//!
//! # Complexity
//!
//! A round costs one windowed search per unit, each `O(S log S)` for its `S ≤ V · (w + 1)`
//! space-time states, plus `O(w)` reservations per unit; other ticks cost `O(units)`.
//! Adding or retargeting a unit costs a breadth-first search of the map from its goal.

use rustc_hash::FxHashMap;

use super::MapfError;
use crate::grid::{Cell, Grid};
use crate::{BfsReach, Graph, Heuristic, ReservationTable, Reservations, SpaceTimeAStar};

/// A unit of a [`Cooperative`] planner.
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid};
/// use replan::mapf::Cooperative;
/// let mut units = Cooperative::new(Grid::open(4, 4, Connectivity::Four), 8);
/// let id = units.add_unit((0, 0), (3, 3))?;
/// assert_eq!(units.position(id), Some((0, 0)));
/// # Ok::<(), replan::mapf::MapfError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UnitId(u32);

/// One unit's move in a tick: from `from` to `to` (equal for a wait).
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid};
/// use replan::mapf::Cooperative;
/// let mut units = Cooperative::new(Grid::open(3, 1, Connectivity::Four), 4);
/// let id = units.add_unit((0, 0), (2, 0))?;
/// let moves = units.tick();
/// assert_eq!((moves[0].unit, moves[0].from, moves[0].to), (id, (0, 0), (1, 0)));
/// # Ok::<(), replan::mapf::MapfError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitMove {
    /// The unit.
    pub unit: UnitId,
    /// Its cell before the tick.
    pub from: Cell,
    /// Its cell after the tick.
    pub to: Cell,
}

#[derive(Clone, Debug)]
struct Unit {
    position: Cell,
    goal: Cell,
    distance: UnitDistance,
    /// The cells of its current window, from `plan_start` on.
    plan: Vec<Cell>,
    plan_start: u32,
}

/// The exact distance to a unit's goal, row-major over the map.
#[derive(Clone, Debug, Default)]
struct UnitDistance {
    width: u32,
    distance: Vec<u32>,
}

impl Heuristic<Cell, u32> for UnitDistance {
    #[inline]
    fn estimate(&self, (x, y): Cell, _goal: Cell) -> u32 {
        self.distance[(y * self.width + x) as usize]
    }
}

/// The table as one unit sees it: the reservations of the units that planned before it,
/// and the cells of those that have not, held for the next tick.
struct View<'a> {
    table: &'a Reservations<Cell>,
    waiting: &'a FxHashMap<Cell, u32>,
    next_tick: u32,
}

impl View<'_> {
    #[inline]
    fn held(&self, node: Cell, time: u32) -> bool {
        time == self.next_tick && self.waiting.contains_key(&node)
    }
}

impl ReservationTable<Cell> for View<'_> {
    fn is_free(&self, node: Cell, time: u32) -> bool {
        self.table.is_free(node, time) && !self.held(node, time)
    }
    fn can_move(&self, from: Cell, to: Cell, time: u32) -> bool {
        self.table.can_move(from, to, time) && !self.held(to, time + 1)
    }
    fn can_stay(&self, node: Cell, time: u32) -> bool {
        self.table.can_stay(node, time)
            && !(time <= self.next_tick && self.waiting.contains_key(&node))
    }
    fn latest_time(&self) -> u32 {
        self.table.latest_time().max(self.next_tick)
    }
}

/// WHCA*: cooperative paths for game units as a per-tick API; see the [module](self).
///
/// Rule: call [`tick`](Cooperative::tick) once per game step; it returns every unit's move
/// and never lets two units share a cell or swap. Add, remove or retarget units between
/// ticks; the next tick replans. A unit may share its goal with another, but only one of
/// them can stand there. Deterministic. The planner owns the map, the table, one distance
/// map per unit and the search memory, and reuses them.
///
/// # Example
///
/// ```
/// use replan::grid::Grid;
/// use replan::mapf::Cooperative;
/// // Two units swap the ends of a corridor with a bay to step into.
/// let grid: Grid = ".....\n##.##".parse()?;
/// let mut units = Cooperative::new(grid, 8);
/// let a = units.add_unit((0, 0), (4, 0))?;
/// let b = units.add_unit((4, 0), (0, 0))?;
/// for _ in 0..12 {
///     units.tick();
/// }
/// assert_eq!((units.position(a), units.position(b)), (Some((4, 0)), Some((0, 0))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Cooperative {
    grid: Grid,
    window: u32,
    replan_every: u32,
    units: Vec<Option<Unit>>,
    time: u32,
    last_round: Option<u32>,
    stale: bool,
    rotation: usize,
    table: Reservations<Cell>,
    waiting: FxHashMap<Cell, u32>,
    search: SpaceTimeAStar<Cell, UnitDistance>,
    reach: BfsReach,
    moves: Vec<UnitMove>,
    order: Vec<u32>,
}

impl Cooperative {
    /// A planner on `grid` whose units look `window` steps ahead (at least 1) and replan
    /// every `window / 2` ticks.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let units = Cooperative::new(Grid::open(8, 8, Connectivity::Four), 16);
    /// assert_eq!(units.len(), 0);
    /// ```
    pub fn new(grid: Grid, window: u32) -> Cooperative {
        let window = window.max(1);
        Cooperative {
            grid,
            window,
            replan_every: (window / 2).max(1),
            units: Vec::new(),
            time: 0,
            last_round: None,
            stale: true,
            rotation: 0,
            table: Reservations::new(),
            waiting: FxHashMap::default(),
            search: SpaceTimeAStar::new(UnitDistance::default()).with_window(Some(window)),
            reach: BfsReach::new(),
            moves: Vec::new(),
            order: Vec::new(),
        }
    }

    /// Replan every `ticks` ticks instead (clamped to `1..=window`).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let units = Cooperative::new(Grid::open(8, 8, Connectivity::Four), 16).with_replan_every(1);
    /// # let _ = units;
    /// ```
    pub fn with_replan_every(mut self, ticks: u32) -> Cooperative {
        self.replan_every = ticks.clamp(1, self.window);
        self
    }

    /// The map.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let units = Cooperative::new(Grid::open(8, 4, Connectivity::Four), 16);
    /// assert_eq!(units.grid().width(), 8);
    /// ```
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The number of units.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let mut units = Cooperative::new(Grid::open(3, 3, Connectivity::Four), 4);
    /// units.add_unit((0, 0), (2, 2))?;
    /// assert_eq!(units.len(), 1);
    /// # Ok::<(), replan::mapf::MapfError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.units.iter().flatten().count()
    }

    /// Whether there is no unit.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// assert!(Cooperative::new(Grid::open(3, 3, Connectivity::Four), 4).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The ticks so far.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let mut units = Cooperative::new(Grid::open(3, 3, Connectivity::Four), 4);
    /// units.tick();
    /// assert_eq!(units.time(), 1);
    /// ```
    pub fn time(&self) -> u32 {
        self.time
    }

    fn distance_to(&mut self, goal: Cell) -> Result<UnitDistance, MapfError> {
        let width = self.grid.width();
        let map = self
            .reach
            .run(&self.grid, goal)
            .map_err(|_| MapfError::NotSolved {
                reason: "the map is too large to number its cells",
            })?;
        let mut distance = vec![u32::MAX; (width * self.grid.height()) as usize];
        for y in 0..self.grid.height() {
            for x in 0..width {
                if let Some(d) = map.distance(&self.grid, (x, y)) {
                    distance[(y * width + x) as usize] = d;
                }
            }
        }
        Ok(UnitDistance { width, distance })
    }

    fn check(&self, which: &'static str, cell: Cell) -> Result<(), MapfError> {
        self.grid
            .check_node(cell)
            .map_err(|reason| MapfError::BadEndpoint {
                agent: self.units.len(),
                which,
                cell,
                reason,
            })
    }

    /// Adds a unit at `at` heading for `goal`.
    ///
    /// # Errors
    ///
    /// [`MapfError::BadEndpoint`] for a cell off the map or blocked (`agent` is the slot
    /// the unit would have taken); [`MapfError::SharedStart`] when another unit stands
    /// there; [`MapfError::Unreachable`] when the goal cannot be reached from it.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::{Cooperative, MapfError};
    /// let mut units = Cooperative::new(".#.".parse::<Grid>()?, 4);
    /// assert!(matches!(units.add_unit((0, 0), (2, 0)), Err(MapfError::Unreachable { .. })));
    /// assert!(matches!(units.add_unit((1, 0), (0, 0)), Err(MapfError::BadEndpoint { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_unit(&mut self, at: Cell, goal: Cell) -> Result<UnitId, MapfError> {
        self.check("start", at)?;
        self.check("goal", goal)?;
        if let Some(other) = self.unit_at(at) {
            return Err(MapfError::SharedStart {
                first: other.0 as usize,
                second: self.units.len(),
                cell: at,
            });
        }
        let distance = self.distance_to(goal)?;
        if distance.estimate(at, goal) == u32::MAX {
            return Err(MapfError::Unreachable {
                agent: self.units.len(),
            });
        }
        let unit = Unit {
            position: at,
            goal,
            distance,
            plan: vec![at],
            plan_start: self.time,
        };
        self.stale = true;
        let slot = self.units.iter().position(Option::is_none);
        let index = match slot {
            Some(index) => {
                self.units[index] = Some(unit);
                index
            }
            None => {
                self.units.push(Some(unit));
                self.units.len() - 1
            }
        };
        Ok(UnitId(index as u32))
    }

    /// Removes a unit; `false` when there is no such unit.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let mut units = Cooperative::new(Grid::open(3, 3, Connectivity::Four), 4);
    /// let id = units.add_unit((0, 0), (2, 2))?;
    /// assert!(units.remove_unit(id));
    /// assert!(!units.remove_unit(id));
    /// # Ok::<(), replan::mapf::MapfError>(())
    /// ```
    pub fn remove_unit(&mut self, unit: UnitId) -> bool {
        let removed = self
            .units
            .get_mut(unit.0 as usize)
            .and_then(Option::take)
            .is_some();
        self.stale |= removed;
        removed
    }

    /// Gives a unit a new goal.
    ///
    /// # Errors
    ///
    /// [`MapfError::BadEndpoint`] for a goal off the map or blocked, or for a unit that
    /// does not exist (`which` is `"unit"`); [`MapfError::Unreachable`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let mut units = Cooperative::new(Grid::open(3, 3, Connectivity::Four), 4);
    /// let id = units.add_unit((0, 0), (2, 2))?;
    /// units.retarget(id, (0, 2))?;
    /// assert_eq!(units.goal(id), Some((0, 2)));
    /// # Ok::<(), replan::mapf::MapfError>(())
    /// ```
    pub fn retarget(&mut self, unit: UnitId, goal: Cell) -> Result<(), MapfError> {
        self.check("goal", goal)?;
        let Some(position) = self.position(unit) else {
            return Err(MapfError::BadEndpoint {
                agent: unit.0 as usize,
                which: "unit",
                cell: goal,
                reason: crate::InvalidNode::Other("no such unit".into()),
            });
        };
        let distance = self.distance_to(goal)?;
        if distance.estimate(position, goal) == u32::MAX {
            return Err(MapfError::Unreachable {
                agent: unit.0 as usize,
            });
        }
        let state = self.units[unit.0 as usize]
            .as_mut()
            .expect("position() found the unit");
        state.goal = goal;
        state.distance = distance;
        self.stale = true;
        Ok(())
    }

    /// Where a unit is; `None` when there is no such unit.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let mut units = Cooperative::new(Grid::open(3, 3, Connectivity::Four), 4);
    /// let id = units.add_unit((1, 1), (2, 2))?;
    /// assert_eq!(units.position(id), Some((1, 1)));
    /// # Ok::<(), replan::mapf::MapfError>(())
    /// ```
    pub fn position(&self, unit: UnitId) -> Option<Cell> {
        self.units
            .get(unit.0 as usize)?
            .as_ref()
            .map(|u| u.position)
    }

    /// A unit's goal; `None` when there is no such unit.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let mut units = Cooperative::new(Grid::open(3, 3, Connectivity::Four), 4);
    /// let id = units.add_unit((1, 1), (2, 2))?;
    /// assert_eq!(units.goal(id), Some((2, 2)));
    /// # Ok::<(), replan::mapf::MapfError>(())
    /// ```
    pub fn goal(&self, unit: UnitId) -> Option<Cell> {
        self.units.get(unit.0 as usize)?.as_ref().map(|u| u.goal)
    }

    /// The unit standing on `cell`, if any.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let mut units = Cooperative::new(Grid::open(3, 3, Connectivity::Four), 4);
    /// let id = units.add_unit((1, 1), (2, 2))?;
    /// assert_eq!(units.unit_at((1, 1)), Some(id));
    /// assert_eq!(units.unit_at((0, 0)), None);
    /// # Ok::<(), replan::mapf::MapfError>(())
    /// ```
    pub fn unit_at(&self, cell: Cell) -> Option<UnitId> {
        self.units
            .iter()
            .position(|u| u.as_ref().is_some_and(|u| u.position == cell))
            .map(|index| UnitId(index as u32))
    }

    /// Advances every unit by one step and returns the moves, in the order of the units'
    /// slots. Replans the round first when it is due (every few ticks, after a change, or
    /// when a unit found no walk last time).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::mapf::Cooperative;
    /// let mut units = Cooperative::new(Grid::open(3, 3, Connectivity::Four), 4);
    /// let id = units.add_unit((0, 0), (0, 2))?;
    /// units.tick();
    /// units.tick();
    /// assert_eq!(units.position(id), Some((0, 2)));
    /// let wait = units.tick()[0];
    /// assert_eq!(wait.from, wait.to); // arrived: it waits
    /// # Ok::<(), replan::mapf::MapfError>(())
    /// ```
    pub fn tick(&mut self) -> &[UnitMove] {
        let due = self
            .last_round
            .is_none_or(|last| self.time >= last + self.replan_every);
        if self.stale || due {
            self.round();
        }
        self.moves.clear();
        let next = self.time + 1;
        for (index, unit) in self.units.iter_mut().enumerate() {
            let Some(unit) = unit else { continue };
            let k = (next - unit.plan_start) as usize;
            let to = unit.plan[k.min(unit.plan.len() - 1)];
            self.moves.push(UnitMove {
                unit: UnitId(index as u32),
                from: unit.position,
                to,
            });
            unit.position = to;
        }
        self.time = next;
        &self.moves
    }

    /// Plans every unit's window, in turn, against the ones before it.
    fn round(&mut self) {
        self.table.clear();
        self.waiting.clear();
        self.order.clear();
        for (index, unit) in self.units.iter().enumerate() {
            if let Some(unit) = unit {
                self.waiting.insert(unit.position, index as u32);
                self.order.push(index as u32);
            }
        }
        if !self.order.is_empty() {
            let shift = self.rotation % self.order.len();
            self.order.rotate_left(shift);
        }
        self.rotation += 1;
        self.stale = false;
        self.last_round = Some(self.time);
        let (now, end) = (self.time, self.time + self.window);
        for k in 0..self.order.len() {
            let index = self.order[k] as usize;
            let unit = self.units[index].as_mut().expect("ordered units exist");
            self.waiting.remove(&unit.position);
            std::mem::swap(self.search.heuristic_mut(), &mut unit.distance);
            let view = View {
                table: &self.table,
                waiting: &self.waiting,
                next_tick: now + 1,
            };
            let found = self
                .search
                .plan(&self.grid, &view, unit.position, unit.goal, now);
            std::mem::swap(self.search.heuristic_mut(), &mut unit.distance);
            unit.plan_start = now;
            unit.plan.clear();
            match found {
                Ok(walk) => {
                    unit.plan.extend_from_slice(&walk.nodes);
                    self.table.reserve_walk(&walk.nodes, now);
                    let last = *walk.nodes.last().expect("a walk has its start");
                    for time in walk.arrival_time() + 1..=end {
                        self.table.reserve_vertex(last, time);
                        unit.plan.push(last);
                    }
                }
                Err(_) => {
                    // Nowhere to go: stay, which the units before it left free, and plan
                    // again next tick with the others' windows known.
                    unit.plan.extend_from_slice(&[unit.position, unit.position]);
                    self.table.reserve_vertex(unit.position, now);
                    self.table.reserve_vertex(unit.position, now + 1);
                    self.stale = true;
                }
            }
        }
    }
}
