//! Repairing a subgoal graph in place after one cell is blocked or freed.
//!
//! What an edit can change, and how far:
//!
//! - Whether a cell is a subgoal depends on the 3×3 square around it, so only the cells of
//!   the square round the edited one can appear or vanish as subgoals.
//! - A clearance along an axis depends on the cells ahead on its line, so only the rows and
//!   columns through that square hold clearances that change; they are recomputed whole.
//! - A scan reads the clearances of the cells on its diagonals and the move bits of those
//!   cells, so its result changes only if one of its diagonals (or the origin itself) meets
//!   a changed cell. Walking back along the four diagonals from each changed cell to the
//!   first subgoal finds every subgoal whose scan can change; those are scanned again.
//! - An edge whose ends keep their scans keeps its path, unless a blocked cell lies in the
//!   rectangle between its ends (every octile path stays in it): such edges are checked.
//!
//! The second level's choices rest on routes all over the graph, which one edit can cut,
//! so a repaired graph keeps every subgoal global: it stays exact and answers as a simple
//! subgoal graph (with the second level's extra edges, which are valid shortcuts) until it
//! is built anew.

use fixedbitset::FixedBitSet;

use super::super::{Cell, Grid};
use super::build::{is_corner, Cells, DIAGONALS};
use super::levels::Edges;
use super::query::h_reachable;

/// Repairs `cells` and `edges`, built for the grid before the edit, for `grid`, in which the
/// cell `edited` was just blocked or freed.
pub(super) fn repair(cells: &mut Cells, edges: &mut Edges, grid: &Grid, edited: Cell) {
    let (x, y) = edited;
    let centre = grid.padded_index(x, y);
    let stride = grid.stride as isize;
    let old_xy = cells.xy.clone();
    let mut adjacency = edges.unpack();

    // The square round the edited cell: subgoals appear or vanish.
    let mut square = Vec::with_capacity(9);
    for dy in -1..=1isize {
        for dx in -1..=1isize {
            let (cx, cy) = (x as i64 + dx as i64, y as i64 + dy as i64);
            if cx >= 0 && cy >= 0 && grid.contains((cx as u32, cy as u32)) {
                square.push(centre.wrapping_add_signed(dy * stride + dx));
            }
        }
    }
    let mut renumber = false;
    let mut flipped = vec![centre];
    for &i in &square {
        let corner = is_corner(grid, i);
        if corner != cells.is_subgoal(i) {
            cells.subgoal.set(i, corner);
            renumber = true;
            flipped.push(i);
        }
    }

    // Clearances on the rows and columns through the square.
    let lines_y: Vec<u32> = (y.saturating_sub(1)..=(y + 1).min(grid.height - 1)).collect();
    let lines_x: Vec<u32> = (x.saturating_sub(1)..=(x + 1).min(grid.width - 1)).collect();
    let mut before = Vec::new();
    let row_cells = |row: u32| {
        let start = grid.padded_index(0, row);
        start..start + grid.width as usize
    };
    let column_cells = |column: u32| {
        let top = grid.padded_index(column, 0);
        (0..grid.height as usize).map(move |k| top + k * grid.stride)
    };
    for &row in &lines_y {
        before.extend(row_cells(row).map(|i| (i, cells.clearance[i])));
    }
    for &column in &lines_x {
        before.extend(column_cells(column).map(|i| (i, cells.clearance[i])));
    }
    for &row in &lines_y {
        cells.refresh_row(grid, row);
    }
    for &column in &lines_x {
        cells.refresh_column(grid, column);
    }
    let mut changed: Vec<usize> = before
        .iter()
        .filter(|&&(i, old)| cells.clearance[i] != old)
        .map(|&(i, _)| i)
        .collect();
    changed.extend_from_slice(&square);
    // A clearance that ends on a cell that became or stopped being a subgoal keeps its
    // length, but the scan reading it now finds or misses a subgoal: the cells whose runs
    // reach such a cell count as changed too.
    for &c in &flipped {
        for k in 0..4 {
            let back = k ^ 1;
            let mut at = c;
            loop {
                at = at.wrapping_add_signed(grid.offsets[back]);
                if !grid.passable[at] {
                    break;
                }
                changed.push(at);
                if cells.is_subgoal(at) {
                    break;
                }
            }
        }
    }

    // New ids, and the lists carried over to them; vanished subgoals lose their edges.
    if renumber {
        cells.renumber();
        let new_id = |old: u32| {
            let (x, y) = old_xy[old as usize];
            let i = grid.padded_index(x, y);
            cells.is_subgoal(i).then(|| cells.id(i))
        };
        let mut renumbered = vec![Vec::new(); cells.len()];
        for (old, list) in adjacency.iter().enumerate() {
            if let Some(id) = new_id(old as u32) {
                renumbered[id as usize] = list.iter().filter_map(|&w| new_id(w)).collect();
            }
        }
        adjacency = renumbered;
    }

    // The subgoals whose scans may read a changed cell.
    let mut affected = FixedBitSet::with_capacity(cells.len());
    for &p in &changed {
        if cells.is_subgoal(p) {
            affected.insert(cells.id(p) as usize);
        }
        for &(diagonal, _) in &DIAGONALS {
            // Back along the diagonal: the move back is legal exactly when the move
            // forward is.
            let back = 7 - diagonal + 4;
            let mut at = p;
            while grid.moves[at] & (1 << back) != 0 {
                at = at.wrapping_add_signed(grid.offsets[back]);
                if cells.is_subgoal(at) {
                    affected.insert(cells.id(at) as usize);
                    break;
                }
            }
        }
    }

    // Edges that a blocked cell may cut.
    let blocked = !grid.passable[centre];
    let mut reachable = Vec::new();
    if blocked {
        for (u, list) in adjacency.iter_mut().enumerate() {
            let a = cells.position(u as u32);
            list.retain(|&w| {
                let b = cells.position(w);
                let inside = (a.0.min(b.0)..=a.0.max(b.0)).contains(&x)
                    && (a.1.min(b.1)..=a.1.max(b.1)).contains(&y);
                !inside || h_reachable(grid, a, b, &mut reachable)
            });
        }
    }

    // Scans again from the affected subgoals; their edges join both lists.
    for u in affected.ones() {
        let mut found = Vec::new();
        cells.scan(grid, cells.index(u as u32), |end| found.push(cells.id(end)));
        for w in found {
            if !adjacency[u].contains(&w) {
                adjacency[u].push(w);
            }
            if !adjacency[w as usize].contains(&(u as u32)) {
                adjacency[w as usize].push(u as u32);
            }
        }
    }

    let mut global = FixedBitSet::with_capacity(cells.len());
    global.insert_range(..);
    *edges = Edges::pack(&adjacency, global);
}
