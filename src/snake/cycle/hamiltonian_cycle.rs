//! [`HamiltonianCycle`]: the checks that name why no cycle exists, the constructions, and
//! the depth-first search when no construction fits.

use fixedbitset::FixedBitSet;

use super::blocks::block_tree_cycle;
use super::disjoint_sets::DisjointSets;
use super::error::CycleError;
use super::layout::{is_cycle, Layout, NONE};
use crate::snake::{Board, Cell};

/// A Hamiltonian cycle over the free cells of a board: every free cell once, each cell
/// adjacent to the next, the last adjacent to the first.
///
/// # Example
///
/// ```
/// use replan::snake::{HamiltonianCycle, Board};
///
/// let board = Board::new(4, 3).unwrap();
/// let cycle = HamiltonianCycle::new(&board).unwrap();
/// assert_eq!(cycle.len(), 12);
/// let cells: Vec<_> = cycle.cells().collect();
/// for (i, &(x, y)) in cells.iter().enumerate() {
///     let (nx, ny) = cells[(i + 1) % cells.len()];
///     assert_eq!(x.abs_diff(nx) + y.abs_diff(ny), 1);
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HamiltonianCycle {
    width: u32,
    height: u32,
    /// The cells in cycle order.
    order: Vec<u32>,
    /// Each cell's place in `order`; [`NONE`] for walls.
    position: Vec<u32>,
}

impl HamiltonianCycle {
    /// Builds a Hamiltonian cycle over the free cells of `board`.
    ///
    /// # Errors
    ///
    /// A [`CycleError`] that names why no cycle exists (odd or unbalanced cell counts, a
    /// dead end, disconnected cells, an exhausted search) or why none was found within the
    /// search's budget.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{CycleError, HamiltonianCycle, Board};
    /// assert!(HamiltonianCycle::new(&Board::new(6, 5).unwrap()).is_ok());
    /// assert_eq!(
    ///     HamiltonianCycle::new(&Board::new(5, 5).unwrap()),
    ///     Err(CycleError::OddCellCount { free: 25 })
    /// );
    /// let walled: Board = "....\n.#..\n....\n...#".parse().unwrap();
    /// assert!(matches!(HamiltonianCycle::new(&walled), Err(CycleError::Unbalanced { .. })));
    /// ```
    pub fn new(board: &Board) -> Result<Self, CycleError> {
        Self::for_layout(&Layout::from_board(board))
    }

    /// Builds a Hamiltonian cycle over the free cells of `board` on which `body` (a snake,
    /// head first) lies in order: every body cell is the cycle's successor of the cell
    /// behind it.
    ///
    /// # Errors
    ///
    /// Those of [`new`](Self::new), and [`CycleError::InvalidBody`] when `body` is not a
    /// path of distinct, adjacent free cells.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// let board = Board::new(6, 6).unwrap();
    /// let body = [(2, 3), (2, 2), (3, 2)]; // head first, with a bend
    /// let cycle = HamiltonianCycle::through(&board, &body).unwrap();
    /// assert_eq!(cycle.next((3, 2)), Some((2, 2)));
    /// assert_eq!(cycle.next((2, 2)), Some((2, 3)));
    /// ```
    pub fn through(board: &Board, body: &[Cell]) -> Result<Self, CycleError> {
        let layout = Layout::from_board(board);
        let mut cells = Vec::with_capacity(body.len());
        for &cell in body {
            if !board.contains(cell) {
                return Err(CycleError::InvalidBody);
            }
            cells.push(board.index(cell) as u32);
        }
        Self::through_layout(&layout, &cells)
    }

    /// The cycle's length: the number of free cells.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// assert_eq!(HamiltonianCycle::new(&Board::new(2, 3).unwrap()).unwrap().len(), 6);
    /// ```
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Always `false`: a cycle has at least four cells.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// assert!(!HamiltonianCycle::new(&Board::new(2, 2).unwrap()).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The cells in cycle order, starting anywhere.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// let cycle = HamiltonianCycle::new(&Board::new(2, 2).unwrap()).unwrap();
    /// assert_eq!(cycle.cells().count(), 4);
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.order
            .iter()
            .map(move |&cell| (cell % self.width, cell / self.width))
    }

    /// The place of `cell` along the cycle (its index in [`cells`](Self::cells)), `None`
    /// for walls and cells off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// let cycle = HamiltonianCycle::new(&Board::new(2, 2).unwrap()).unwrap();
    /// let first = cycle.cells().next().unwrap();
    /// assert_eq!(cycle.position(first), Some(0));
    /// assert_eq!(cycle.position((5, 5)), None);
    /// ```
    pub fn position(&self, cell: (u32, u32)) -> Option<usize> {
        let (x, y) = cell;
        if x >= self.width || y >= self.height {
            return None;
        }
        match self.position[(y * self.width + x) as usize] {
            NONE => None,
            place => Some(place as usize),
        }
    }

    /// The cell after `cell` along the cycle, `None` for walls and cells off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// let cycle = HamiltonianCycle::new(&Board::new(2, 2).unwrap()).unwrap();
    /// let mut cell = (0, 0);
    /// for _ in 0..4 {
    ///     cell = cycle.next(cell).unwrap();
    /// }
    /// assert_eq!(cell, (0, 0));
    /// ```
    pub fn next(&self, cell: (u32, u32)) -> Option<(u32, u32)> {
        let place = self.position(cell)?;
        let next = self.order[(place + 1) % self.order.len()];
        Some((next % self.width, next / self.width))
    }

    pub(crate) fn from_order(layout: &Layout, order: Vec<u32>) -> Self {
        let mut position = vec![NONE; layout.len()];
        for (place, &cell) in order.iter().enumerate() {
            position[cell as usize] = place as u32;
        }
        HamiltonianCycle {
            width: layout.width,
            height: layout.height,
            order,
            position,
        }
    }

    /// The cell indices in cycle order.
    pub(crate) fn order(&self) -> &[u32] {
        &self.order
    }

    /// Each cell's place in [`order`](Self::order), by cell index; [`NONE`] for walls.
    pub(crate) fn places(&self) -> &[u32] {
        &self.position
    }

    /// Builds a cycle of the layout, or says why there is none.
    pub(crate) fn for_layout(layout: &Layout) -> Result<Self, CycleError> {
        Self::through_layout(layout, &[])
    }

    /// Builds a cycle of the layout in which `body` (cell indices, head first) lies in
    /// order: each body cell the cycle's successor of the one behind it.
    pub(crate) fn through_layout(layout: &Layout, body: &[u32]) -> Result<Self, CycleError> {
        check_layout(layout)?;
        check_body(layout, body)?;
        let holds_body = |order: &[u32]| -> bool {
            if body.len() < 2 {
                return true;
            }
            let cycle = Self::from_order(layout, order.to_vec());
            body.windows(2).all(|pair| {
                let behind = cycle.position[pair[1] as usize] as usize;
                cycle.order[(behind + 1) % cycle.order.len()] == pair[0]
            })
        };
        for order in constructions(layout) {
            debug_assert!(is_cycle(layout, &order));
            if holds_body(&order) {
                return Ok(Self::from_order(layout, order));
            }
        }
        let budget = search_budget(layout);
        let tail_first: Vec<u32> = if body.is_empty() {
            vec![(0..layout.len() as u32)
                .find(|&cell| layout.is_free(cell))
                .expect("check_layout found free cells")]
        } else {
            body.iter().rev().copied().collect()
        };
        let order = search_cycle(layout, &tail_first, budget)?;
        debug_assert!(is_cycle(layout, &order));
        Ok(Self::from_order(layout, order))
    }
}

/// The step budget of the cycle search: enough for boards with a few walls and a short
/// body, small enough to answer within a few milliseconds.
fn search_budget(layout: &Layout) -> u64 {
    200_000 + 200 * layout.len() as u64
}

fn check_layout(layout: &Layout) -> Result<(), CycleError> {
    let free = layout.free_count();
    if free % 2 == 1 {
        return Err(CycleError::OddCellCount { free });
    }
    let mut dark = 0;
    let mut sets = DisjointSets::default();
    sets.reset(layout.len());
    let mut first = NONE;
    for cell in 0..layout.len() as u32 {
        if !layout.is_free(cell) {
            continue;
        }
        if first == NONE {
            first = cell;
        }
        let (x, y) = layout.xy(cell);
        dark += usize::from((x + y) % 2 == 0);
        let neighbours = layout.free_neighbours(cell);
        if neighbours.iter().filter(|&&n| n != NONE).count() < 2 {
            return Err(CycleError::DeadEnd { cell: (x, y) });
        }
        for n in neighbours {
            if n != NONE {
                sets.union(cell, n);
            }
        }
    }
    if dark != free - dark {
        return Err(CycleError::Unbalanced {
            dark,
            light: free - dark,
        });
    }
    if first == NONE || sets.set_size(first) as usize != free {
        return Err(CycleError::Disconnected);
    }
    Ok(())
}

fn check_body(layout: &Layout, body: &[u32]) -> Result<(), CycleError> {
    let mut seen = FixedBitSet::with_capacity(layout.len());
    for (i, &cell) in body.iter().enumerate() {
        if cell as usize >= layout.len() || !layout.is_free(cell) || seen.put(cell as usize) {
            return Err(CycleError::InvalidBody);
        }
        if i > 0 && !layout.adjacent(body[i - 1], cell) {
            return Err(CycleError::InvalidBody);
        }
    }
    if body.len() > layout.free_count() {
        return Err(CycleError::InvalidBody);
    }
    Ok(())
}

/// The constructed cycles of the layout, in all the mirror images and both directions the
/// construction allows; empty when no construction applies.
fn constructions(layout: &Layout) -> Vec<Vec<u32>> {
    let (width, height) = (layout.width, layout.height);
    let mut bases: Vec<Vec<u32>> = Vec::new();
    if layout.wall.is_clear() {
        if height % 2 == 0 {
            bases.push(comb(width, height, |x, y| layout.at(x, y)));
        }
        if width % 2 == 0 {
            // The comb of the transposed board, read back with x and y swapped.
            bases.push(comb(height, width, |x, y| layout.at(y, x)));
        }
    } else if let Some(order) = block_tree_cycle(layout) {
        bases.push(order);
    }
    let mut all = Vec::with_capacity(bases.len() * 8);
    for base in bases {
        for flip in 0..4u32 {
            let mapped: Vec<u32> = base
                .iter()
                .map(|&cell| {
                    let (mut x, mut y) = layout.xy(cell);
                    if flip & 1 == 1 {
                        x = width - 1 - x;
                    }
                    if flip & 2 == 2 {
                        y = height - 1 - y;
                    }
                    layout.at(x, y)
                })
                .collect();
            if mapped.iter().all(|&cell| layout.is_free(cell)) {
                let mut reversed = mapped.clone();
                reversed.reverse();
                all.push(mapped);
                all.push(reversed);
            }
        }
    }
    all
}

/// The comb of a `width × height` board with `height` even: right along row 0, back and
/// forth over columns `1..width` of the other rows, up column 0.
fn comb(width: u32, height: u32, cell: impl Fn(u32, u32) -> u32) -> Vec<u32> {
    let mut order = Vec::with_capacity((width * height) as usize);
    order.extend((0..width).map(|x| cell(x, 0)));
    for y in 1..height {
        if y % 2 == 1 {
            order.extend((1..width).rev().map(|x| cell(x, y)));
        } else {
            order.extend((1..width).map(|x| cell(x, y)));
        }
    }
    order.extend((1..height).rev().map(|y| cell(0, y)));
    order
}

/// Depth-first search for a Hamiltonian cycle that starts with the fixed path `fixed`
/// (tail first, head last) and ends next to its tail.
///
/// Warnsdorff's ordering: the neighbour with the fewest unvisited neighbours first. After
/// each step two tests prune: every unvisited neighbour of the cell just left keeps two
/// usable neighbours (unvisited, the new head or the tail), and the unvisited cells stay in
/// one piece (tested every step on small boards, every 32 steps on large ones).
fn search_cycle(layout: &Layout, fixed: &[u32], budget: u64) -> Result<Vec<u32>, CycleError> {
    let free = layout.free_count();
    let tail = fixed[0];
    let mut used = FixedBitSet::with_capacity(layout.len());
    for &cell in fixed {
        used.insert(cell as usize);
    }
    let mut path = fixed.to_vec();
    if path.len() == free {
        return if layout.adjacent(path[path.len() - 1], tail) {
            Ok(path)
        } else {
            Err(CycleError::NoCycle)
        };
    }
    let mut sets = DisjointSets::default();
    let connectivity_every = if layout.len() <= 1024 { 1 } else { 32 };
    // One frame per cell from the fixed head on: its candidates, best first.
    let mut frames: Vec<([u32; 4], u8, u8)> = vec![candidates(layout, &used, path[path.len() - 1])];
    let mut steps = 0u64;
    loop {
        let frame = frames.last_mut().expect("frames end only by return");
        if frame.2 == frame.1 {
            frames.pop();
            if frames.is_empty() {
                return Err(CycleError::NoCycle);
            }
            let cell = path.pop().expect("a frame per path cell");
            used.set(cell as usize, false);
            continue;
        }
        let cell = frame.0[frame.2 as usize];
        frame.2 += 1;
        steps += 1;
        if steps > budget {
            return Err(CycleError::NotFound { budget });
        }
        let left = path[path.len() - 1];
        used.insert(cell as usize);
        path.push(cell);
        if path.len() == free {
            if layout.adjacent(cell, tail) {
                return Ok(path);
            }
        } else if keeps_degrees(layout, &used, left, cell, tail)
            && (steps % connectivity_every != 0
                || stays_connected(layout, &used, &mut sets, free - path.len()))
        {
            frames.push(candidates(layout, &used, cell));
            continue;
        }
        path.pop();
        used.set(cell as usize, false);
    }
}

/// The unvisited neighbours of `cell`, fewest onward neighbours first.
fn candidates(layout: &Layout, used: &FixedBitSet, cell: u32) -> ([u32; 4], u8, u8) {
    let mut list = [NONE; 4];
    let mut keys = [0u8; 4];
    let mut count = 0;
    for next in layout.free_neighbours(cell) {
        if next == NONE || used.contains(next as usize) {
            continue;
        }
        let onward = layout
            .free_neighbours(next)
            .iter()
            .filter(|&&n| n != NONE && !used.contains(n as usize))
            .count() as u8;
        let mut at = count;
        while at > 0 && keys[at - 1] > onward {
            list[at] = list[at - 1];
            keys[at] = keys[at - 1];
            at -= 1;
        }
        list[at] = next;
        keys[at] = onward;
        count += 1;
    }
    (list, count as u8, 0)
}

/// After the head moved from `left` to `head`: every unvisited neighbour of `left` still has
/// two usable neighbours, the head has somewhere to go, and the tail can still be reached.
fn keeps_degrees(layout: &Layout, used: &FixedBitSet, left: u32, head: u32, tail: u32) -> bool {
    let usable = |cell: u32| {
        layout
            .free_neighbours(cell)
            .iter()
            .filter(|&&n| n != NONE && (!used.contains(n as usize) || n == head || n == tail))
            .count()
    };
    let unvisited = |cell: u32| {
        layout
            .free_neighbours(cell)
            .iter()
            .filter(|&&n| n != NONE && !used.contains(n as usize))
            .count()
    };
    if unvisited(head) == 0 {
        return false;
    }
    if unvisited(tail) == 0 && !layout.adjacent(head, tail) {
        return false;
    }
    layout
        .free_neighbours(left)
        .iter()
        .all(|&n| n == NONE || used.contains(n as usize) || usable(n) >= 2)
}

/// Whether the `remaining` unvisited cells form one piece.
fn stays_connected(
    layout: &Layout,
    used: &FixedBitSet,
    sets: &mut DisjointSets,
    remaining: usize,
) -> bool {
    sets.reset(layout.len());
    let mut any = NONE;
    for cell in 0..layout.len() as u32 {
        if !layout.is_free(cell) || used.contains(cell as usize) {
            continue;
        }
        any = cell;
        let (x, y) = layout.xy(cell);
        for next in [
            if x + 1 < layout.width { cell + 1 } else { NONE },
            if y + 1 < layout.height {
                cell + layout.width
            } else {
                NONE
            },
        ] {
            if next != NONE && layout.is_free(next) && !used.contains(next as usize) {
                sets.union(cell, next);
            }
        }
    }
    any == NONE || sets.set_size(any) as usize == remaining
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(picture: &str) -> Layout {
        let rows: Vec<&str> = picture.split_whitespace().collect();
        let mut layout = Layout::open(rows[0].len() as u32, rows.len() as u32);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                if c == '#' {
                    let cell = layout.at(x as u32, y as u32);
                    layout.wall.insert(cell as usize);
                }
            }
        }
        layout
    }

    #[test]
    fn combs_cover_every_even_rectangle() {
        for width in 2..9 {
            for height in 2..9 {
                let layout = Layout::open(width, height);
                let result = HamiltonianCycle::for_layout(&layout);
                if width * height % 2 == 1 {
                    assert_eq!(
                        result,
                        Err(CycleError::OddCellCount {
                            free: (width * height) as usize
                        })
                    );
                } else {
                    assert!(
                        is_cycle(&layout, result.unwrap().order()),
                        "{width}x{height}"
                    );
                }
            }
        }
    }

    #[test]
    fn block_walls_get_a_tree_cycle() {
        let layout = layout("......\n......\n..##..\n..##..\n......\n......");
        let order = block_tree_cycle(&layout).unwrap();
        assert!(is_cycle(&layout, &order));
    }

    #[test]
    fn search_finds_cycles_around_single_walls() {
        let fits = layout("......\n.#....\n......\n......\n...#..\n......");
        assert!(block_tree_cycle(&fits).is_none());
        let cycle = HamiltonianCycle::for_layout(&fits).unwrap();
        assert!(is_cycle(&fits, cycle.order()));
    }

    #[test]
    fn typed_errors_for_impossible_layouts() {
        assert_eq!(
            HamiltonianCycle::for_layout(&layout("......\n.#....\n......\n......\n....#.\n......")),
            Err(CycleError::Unbalanced {
                dark: 16,
                light: 18
            })
        );
        assert_eq!(
            HamiltonianCycle::for_layout(&layout("....\n....\n.#.#")),
            Err(CycleError::DeadEnd { cell: (0, 2) })
        );
        assert_eq!(
            HamiltonianCycle::for_layout(&layout("..##..\n..##..")),
            Err(CycleError::Disconnected)
        );
        assert_eq!(
            HamiltonianCycle::for_layout(&layout("...\n...\n...")),
            Err(CycleError::OddCellCount { free: 9 })
        );
    }
}
