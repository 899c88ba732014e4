//! The map as the solvers see it: passable cells numbered densely, four neighbours each,
//! and lazily filled distance tables towards each agent's goal.

use crate::grid::{Cell, Grid};
use crate::{DenseIds, Graph, Heuristic, IndexedGraph};

/// The passable cells of a grid numbered `0..len()`, with their 4-connected neighbours.
///
/// Solvers keep per-vertex and per-agent data in flat arrays indexed by these numbers; a
/// vertex has at most four neighbours, so the candidates of one step (four moves and the
/// wait) fit in a fixed array.
#[derive(Clone, Debug)]
pub(crate) struct VertexGraph {
    width: u32,
    cells: Vec<Cell>,
    /// Row-major over the whole grid: the vertex of each cell, `u32::MAX` for a wall.
    vertex_of: Vec<u32>,
    neighbours: Vec<[u32; 4]>,
    degree: Vec<u8>,
    /// The connected component of each vertex.
    component: Vec<u32>,
}

pub(crate) const NONE: u32 = u32::MAX;

impl VertexGraph {
    pub(crate) fn new(grid: &Grid) -> Self {
        let (width, height) = (grid.width(), grid.height());
        let mut vertex_of = vec![NONE; width as usize * height as usize];
        let mut cells = Vec::new();
        for y in 0..height {
            for x in 0..width {
                if grid.is_passable((x, y)) {
                    vertex_of[(y * width + x) as usize] = cells.len() as u32;
                    cells.push((x, y));
                }
            }
        }
        let mut neighbours = vec![[NONE; 4]; cells.len()];
        let mut degree = vec![0u8; cells.len()];
        for (v, &(x, y)) in cells.iter().enumerate() {
            // Left, right, up, down: the order of the reference implementation's graph.
            let around = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (nx, ny) in around {
                if nx < width && ny < height {
                    let u = vertex_of[(ny * width + nx) as usize];
                    if u != NONE {
                        neighbours[v][degree[v] as usize] = u;
                        degree[v] += 1;
                    }
                }
            }
        }
        let mut graph = VertexGraph {
            width,
            cells,
            vertex_of,
            neighbours,
            degree,
            component: Vec::new(),
        };
        graph.label_components();
        graph
    }

    fn label_components(&mut self) {
        let mut component = vec![NONE; self.len()];
        let mut stack = Vec::new();
        let mut label = 0;
        for root in 0..self.len() {
            if component[root] != NONE {
                continue;
            }
            component[root] = label;
            stack.push(root as u32);
            while let Some(v) = stack.pop() {
                for &u in self.neighbours(v) {
                    if component[u as usize] == NONE {
                        component[u as usize] = label;
                        stack.push(u);
                    }
                }
            }
            label += 1;
        }
        self.component = component;
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    #[inline]
    pub(crate) fn cell(&self, v: u32) -> Cell {
        self.cells[v as usize]
    }

    /// The vertex of a passable cell on the grid; `None` otherwise.
    #[inline]
    pub(crate) fn vertex(&self, (x, y): Cell) -> Option<u32> {
        if x >= self.width {
            return None;
        }
        let index = y as usize * self.width as usize + x as usize;
        self.vertex_of.get(index).copied().filter(|&v| v != NONE)
    }

    #[inline]
    pub(crate) fn neighbours(&self, v: u32) -> &[u32] {
        &self.neighbours[v as usize][..self.degree[v as usize] as usize]
    }

    #[inline]
    pub(crate) fn connected(&self, a: u32, b: u32) -> bool {
        self.component[a as usize] == self.component[b as usize]
    }
}

impl Graph for VertexGraph {
    type Node = u32;
    type Cost = u32;
    type Ids = DenseIds;

    #[inline]
    fn successors(&self, node: u32, mut visit: impl FnMut(u32, u32)) {
        for &next in self.neighbours(node) {
            visit(next, 1);
        }
    }
}

impl IndexedGraph for VertexGraph {
    fn node_bound(&self) -> usize {
        self.len()
    }
    fn index(&self, node: u32) -> usize {
        node as usize
    }
    fn node(&self, index: usize) -> u32 {
        index as u32
    }
}

/// The exact distance to one goal, read from a breadth-first table.
#[derive(Clone, Debug, Default)]
pub(crate) struct GoalDistance {
    pub(crate) distance: Vec<u32>,
}

impl Heuristic<u32, u32> for GoalDistance {
    #[inline]
    fn estimate(&self, from: u32, _goal: u32) -> u32 {
        self.distance[from as usize]
    }
}

/// Fills `distance` with every vertex's distance to `goal` (`u32::MAX` when unreachable) by
/// breadth-first search, using `queue` as scratch.
pub(crate) fn distances_to(
    graph: &VertexGraph,
    goal: u32,
    distance: &mut Vec<u32>,
    queue: &mut Vec<u32>,
) {
    distance.clear();
    distance.resize(graph.len(), NONE);
    distance[goal as usize] = 0;
    queue.clear();
    queue.push(goal);
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &u in graph.neighbours(v) {
            if distance[u as usize] == NONE {
                distance[u as usize] = distance[v as usize] + 1;
                queue.push(u);
            }
        }
    }
}

/// Distances from every vertex to each agent's goal, filled on demand by a breadth-first
/// search from the goal that resumes where it stopped (Silver's Reverse Resumable A*
/// with a zero heuristic). A query for a vertex already reached is one array read.
#[derive(Clone, Debug, Default)]
pub(crate) struct DistanceTable {
    vertices: usize,
    distance: Vec<u32>,
    queue: Vec<u32>,
    head: Vec<u32>,
    tail: Vec<u32>,
}

impl DistanceTable {
    pub(crate) fn reset(&mut self, graph: &VertexGraph, goals: &[u32]) {
        let v = graph.len();
        self.vertices = v;
        self.distance.clear();
        self.distance.resize(goals.len() * v, NONE);
        // Only the slots a search writes before it reads them: no need to clear.
        if self.queue.len() < goals.len() * v {
            self.queue.resize(goals.len() * v, 0);
        }
        self.head.clear();
        self.tail.clear();
        for (agent, &goal) in goals.iter().enumerate() {
            self.distance[agent * v + goal as usize] = 0;
            self.queue[agent * v] = goal;
            self.head.push(0);
            self.tail.push(1);
        }
    }

    /// The distance from `vertex` to the goal of `agent`; `u32::MAX` when unreachable.
    #[inline]
    pub(crate) fn get(&mut self, graph: &VertexGraph, agent: usize, vertex: u32) -> u32 {
        let base = agent * self.vertices;
        let known = self.distance[base + vertex as usize];
        if known != NONE {
            return known;
        }
        self.search(graph, agent, vertex)
    }

    #[cold]
    fn search(&mut self, graph: &VertexGraph, agent: usize, vertex: u32) -> u32 {
        let base = agent * self.vertices;
        let (mut head, mut tail) = (self.head[agent] as usize, self.tail[agent] as usize);
        let mut found = NONE;
        while head < tail {
            let v = self.queue[base + head];
            head += 1;
            let next = self.distance[base + v as usize] + 1;
            for &u in graph.neighbours(v) {
                let slot = &mut self.distance[base + u as usize];
                if *slot == NONE {
                    *slot = next;
                    self.queue[base + tail] = u;
                    tail += 1;
                }
            }
            // A vertex's distance is final when it is first reached; stop once the asked
            // one has been, after finishing the expansion that reached it.
            if self.distance[base + vertex as usize] != NONE {
                found = self.distance[base + vertex as usize];
                break;
            }
        }
        self.head[agent] = head as u32;
        self.tail[agent] = tail as u32;
        found
    }
}
