//! Safe interval path planning (Phillips and Likhachev, "SIPP: Safe Interval Path Planning
//! for Dynamic Environments", ICRA 2011) over the refinement's table of everyone's paths:
//! the earliest walk of one agent to its goal, where it can stay, that avoids every path in
//! the table.
//!
//! A state is a vertex and one of its safe intervals (a maximal run of time steps when no
//! path is there) rather than a vertex and a time: waiting inside an interval is free to
//! search, so a crowded map with long waits has a few states per vertex instead of one per
//! time step. Within an interval the earliest arrival dominates every later one, which
//! keeps the search optimal in arrival time, like space-time A* on the same table.
//!
//! # Complexity
//!
//! `O(S log S)` for the `S` states reached (at most one per safe interval), plus a scan of
//! the table's column of each vertex entered, `O(rows)` at worst.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::graph::{VertexGraph, NONE};
use super::refine::PathTable;
use crate::ReservationTable;

/// The end of an interval that never ends (no path comes back to the vertex).
const FOREVER: u32 = u32::MAX;

/// The search's memory, kept between calls.
#[derive(Debug, Default)]
pub(crate) struct Sipp {
    /// The state of each `(interval end, vertex)` at `end_slot · V + vertex`, `NONE` when
    /// unreached; `touched` lists what to clear before the next search.
    slots: Vec<u32>,
    touched: Vec<u32>,
    nodes: Vec<u32>,
    arrivals: Vec<u32>,
    ends: Vec<u32>,
    parents: Vec<u32>,
    closed: Vec<bool>,
    open: BinaryHeap<Reverse<(u32, u32, u32)>>,
}

impl Sipp {
    /// The walk (one vertex per time step from time 0) from `start` to `goal` of at most
    /// `limit` steps that arrives earliest, where `distance` is every vertex's distance to
    /// `goal` alone; `None` when there is none within the limit.
    pub(crate) fn plan(
        &mut self,
        graph: &VertexGraph,
        table: &PathTable,
        start: u32,
        goal: u32,
        distance: &[u32],
        limit: u32,
    ) -> Option<Vec<u32>> {
        for &slot in &self.touched {
            self.slots[slot as usize] = NONE;
        }
        self.touched.clear();
        self.nodes.clear();
        self.arrivals.clear();
        self.ends.clear();
        self.parents.clear();
        self.closed.clear();
        self.open.clear();
        let vertices = graph.len();
        let rows = table.latest_time();
        let needed = (rows as usize + 2) * vertices;
        if self.slots.len() < needed {
            self.slots.resize(needed, NONE);
        }
        if distance[start as usize] > limit || !table.is_free(start, 0) {
            return None;
        }
        let end = interval_end(table, start, 0);
        let root = self.state(start, 0, end, NONE, vertices, rows)?;
        self.open
            .push(Reverse((distance[start as usize], u32::MAX, root)));
        while let Some(Reverse((_, _, id))) = self.open.pop() {
            let index = id as usize;
            if self.closed[index] {
                continue;
            }
            self.closed[index] = true;
            let (v, arrival, end) = (self.nodes[index], self.arrivals[index], self.ends[index]);
            if v == goal && end == FOREVER {
                return Some(self.walk(id));
            }
            // Leaving at `t` arrives at `t + 1`; past the last row the table no longer
            // changes, so the earliest arrival after it is the only one worth trying.
            let last = end.min((arrival + 1).max(rows + 1));
            for &u in graph.neighbours(v) {
                let h = distance[u as usize];
                let mut t = arrival + 1;
                while t <= last && t.saturating_add(h) <= limit {
                    if !table.can_move(v, u, t - 1) {
                        t += 1;
                        continue;
                    }
                    let u_end = interval_end(table, u, t);
                    if let Some(child) = self.state(u, t, u_end, id, vertices, rows) {
                        self.open.push(Reverse((t + h, u32::MAX - t, child)));
                    }
                    if u_end == FOREVER {
                        break;
                    }
                    // The next interval of `u` starts after its busy step.
                    t = u_end + 1;
                }
            }
        }
        None
    }

    /// The state of `vertex` in its interval ending at `end`, reached at `arrival` from
    /// `parent`: `None` when it was already reached as early.
    fn state(
        &mut self,
        vertex: u32,
        arrival: u32,
        end: u32,
        parent: u32,
        vertices: usize,
        rows: u32,
    ) -> Option<u32> {
        let slot = end.min(rows + 1) as usize * vertices + vertex as usize;
        let known = self.slots[slot];
        if known != NONE {
            let k = known as usize;
            if self.closed[k] || self.arrivals[k] <= arrival {
                return None;
            }
            self.arrivals[k] = arrival;
            self.parents[k] = parent;
            return Some(known);
        }
        let id = self.nodes.len() as u32;
        self.slots[slot] = id;
        self.touched.push(slot as u32);
        self.nodes.push(vertex);
        self.arrivals.push(arrival);
        self.ends.push(end);
        self.parents.push(parent);
        self.closed.push(false);
        Some(id)
    }

    fn walk(&self, mut id: u32) -> Vec<u32> {
        let mut walk = vec![NONE; self.arrivals[id as usize] as usize + 1];
        let mut until = walk.len();
        while id != NONE {
            let k = id as usize;
            let from = self.arrivals[k] as usize;
            walk[from..until].fill(self.nodes[k]);
            until = from;
            id = self.parents[k];
        }
        walk
    }
}

/// The first time after `t` when `vertex` is taken, [`FOREVER`] when never; `vertex` is
/// free at `t`.
fn interval_end(table: &PathTable, vertex: u32, t: u32) -> u32 {
    let rows = table.latest_time();
    let mut next = t + 1;
    while next < rows {
        if !table.is_free(vertex, next) {
            return next;
        }
        next += 1;
    }
    if table.is_free(vertex, next.max(rows)) {
        FOREVER
    } else {
        next.max(rows)
    }
}
