//! The exact any-angle optimum by brute force: the shortest path between two cell centres
//! that keeps clear of the blocked cells in the limit, by Dijkstra over a visibility graph.
//! The oracle of the any-angle tests.

use proptest::prelude::*;
use replan::grid::{Cell, Connectivity, Grid};

/// Doubled coordinates of a cell centre: centres are odd, cell borders even.
pub fn centre((x, y): Cell) -> (i64, i64) {
    (2 * i64::from(x) + 1, 2 * i64::from(y) + 1)
}

/// Whether cell `(x, y)` is blocked; cells off the grid are.
pub fn blocked_at(grid: &Grid, x: i64, y: i64) -> bool {
    !(x >= 0 && y >= 0 && grid.is_passable((x as u32, y as u32)))
}

/// Whether a path may follow the segment `p`–`q` (doubled coordinates) arbitrarily closely:
/// it crosses no blocked cell's interior, runs along no edge between two blocked cells, and
/// squeezes through no point where two blocked cells meet diagonally. The segment is cut
/// where it crosses grid lines (exact rational parameters); each piece's midpoint and each
/// cut point is classified. A turn at a pinch point is not detected, which is why
/// [`exact_any_angle`] never turns at one.
pub fn free_in_limit(grid: &Grid, p: (i64, i64), q: (i64, i64)) -> bool {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    // Parameters along the segment in units of 1/span, span divisible by |dx| and |dy|.
    let span = dx.abs().max(1) * dy.abs().max(1);
    let mut cuts = vec![0, span];
    for (from, delta) in [(p.0, dx), (p.1, dy)] {
        if delta == 0 {
            continue;
        }
        let (low, high) = (from.min(from + delta), from.max(from + delta));
        for line in (low..=high).filter(|v| v.rem_euclid(2) == 0) {
            cuts.push((line - from) * span / delta);
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    // Sample parameters in units of 1/(2 span): the cuts and the midpoints between them.
    let mut samples: Vec<i64> = cuts.iter().map(|c| 2 * c).collect();
    samples.extend(cuts.windows(2).map(|w| w[0] + w[1]));
    let scale = 2 * span;
    // One cell is two doubled units.
    let cell = 2 * scale;
    for u in samples {
        let (sx, sy) = (p.0 * scale + dx * u, p.1 * scale + dy * u);
        let (fx, fy) = (sx.div_euclid(cell), sy.div_euclid(cell));
        let on_vertical = sx.rem_euclid(cell) == 0;
        let on_horizontal = sy.rem_euclid(cell) == 0;
        let blocked = match (on_vertical, on_horizontal) {
            (false, false) => blocked_at(grid, fx, fy),
            (true, false) => blocked_at(grid, fx - 1, fy) && blocked_at(grid, fx, fy),
            (false, true) => blocked_at(grid, fx, fy - 1) && blocked_at(grid, fx, fy),
            (true, true) => {
                let (nw, ne) = (
                    blocked_at(grid, fx - 1, fy - 1),
                    blocked_at(grid, fx, fy - 1),
                );
                let (sw, se) = (blocked_at(grid, fx - 1, fy), blocked_at(grid, fx, fy));
                match (dx.signum(), dy.signum()) {
                    // Through the point from one quadrant to the opposite one: the two it
                    // passes between must not both be blocked.
                    (1, 1) | (-1, -1) => ne && sw,
                    (1, -1) | (-1, 1) => nw && se,
                    _ => (nw && se) || (ne && sw),
                }
            }
        };
        if blocked {
            return false;
        }
    }
    true
}

/// The length of the shortest Euclidean path between the centres of `start` and `goal` that
/// avoids the blocked cells (the infimum over paths that keep clear of them), by Dijkstra over
/// the visibility graph of the start, the goal and every corner of a blocked cell.
pub fn exact_any_angle(grid: &Grid, start: Cell, goal: Cell) -> Option<f64> {
    let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
    let mut points = vec![centre(start), centre(goal)];
    for y in 0..=h {
        for x in 0..=w {
            let corner_of_blocked =
                (x - 1..=x).any(|cx| (y - 1..=y).any(|cy| blocked_at(grid, cx, cy)));
            // A point where two blocked cells meet diagonally: a path that turns there
            // enters and leaves through one free quarter (the segment test cannot tell),
            // which a straight cut across that quarter beats, so leaving it out loses no
            // shortest path and admits no squeeze.
            let (nw, ne) = (blocked_at(grid, x - 1, y - 1), blocked_at(grid, x, y - 1));
            let (sw, se) = (blocked_at(grid, x - 1, y), blocked_at(grid, x, y));
            let pinch = (nw && se && !ne && !sw) || (ne && sw && !nw && !se);
            let inside = (0..=h).contains(&y) && (0..=w).contains(&x);
            if corner_of_blocked && inside && !pinch {
                points.push((2 * x, 2 * y));
            }
        }
    }
    let length = |a: (i64, i64), b: (i64, i64)| {
        (((a.0 - b.0) as f64).powi(2) + ((a.1 - b.1) as f64).powi(2)).sqrt() / 2.0
    };
    let mut best = vec![f64::INFINITY; points.len()];
    let mut done = vec![false; points.len()];
    best[0] = 0.0;
    loop {
        let next = (0..points.len())
            .filter(|&i| !done[i] && best[i].is_finite())
            .min_by(|&a, &b| best[a].total_cmp(&best[b]))?;
        if next == 1 {
            return Some(best[1]);
        }
        done[next] = true;
        for other in 0..points.len() {
            if !done[other] && free_in_limit(grid, points[next], points[other]) {
                let through = best[next] + length(points[next], points[other]);
                if through < best[other] {
                    best[other] = through;
                }
            }
        }
    }
}

/// A random map of `sides` cells a side, each cell blocked with probability `blocked`
/// except the two endpoints.
pub fn random_map(
    sides: std::ops::Range<u32>,
    blocked: f64,
) -> impl Strategy<Value = (Grid, Cell, Cell)> {
    (sides.clone(), sides)
        .prop_flat_map(move |(w, h)| {
            (
                Just((w, h)),
                proptest::collection::vec(proptest::bool::weighted(blocked), (w * h) as usize),
                (0..w, 0..h),
                (0..w, 0..h),
            )
        })
        .prop_map(|((w, h), blocked, start, goal)| {
            let mut grid = Grid::open(w, h, Connectivity::Eight);
            for y in 0..h {
                for x in 0..w {
                    if blocked[(y * w + x) as usize] && (x, y) != start && (x, y) != goal {
                        grid.set_blocked((x, y), true).unwrap();
                    }
                }
            }
            (grid, start, goal)
        })
}
