//! Long paths to a tail: a shortest path widened by Liu's extension, on the game's view
//! (maybe with the food walled off) or the look-ahead snake's.

use super::*;

/// A tail path's scratch: the planner, the path and its cells, the statistics.
pub(super) struct TailScratch<'s> {
    pub(super) planner: &'s mut Bfs<DenseIds, u32>,
    pub(super) path: &'s mut Vec<Cell>,
    pub(super) on_path: &'s mut Vec<bool>,
    pub(super) stats: &'s mut AgentStats,
}

impl TailScratch<'_> {
    /// A long path from `from` to `to` on `view` (the game's or the look-ahead's):
    /// a shortest path, then Liu's extension: while two consecutive steps have free cells
    /// beside both, detour through them. Leaves it in `self.path`; `false` when there is
    /// no path.
    pub(super) fn longest_path<V: SnakeGraph>(self, view: &V, from: Cell, to: Cell) -> bool {
        let result = self.planner.plan(view, from, to);
        self.stats.searches += 1;
        self.stats.expanded += self.planner.last_stats().expanded;
        self.path.clear();
        let Ok(path) = result else {
            return false;
        };
        self.path.extend_from_slice(&path.nodes);
        extend_path(
            view.board(),
            view.snake(),
            view.wall(),
            self.path,
            self.on_path,
        );
        true
    }
}

/// The views a tail path is searched on: the game's (maybe with the food walled off) and
/// the look-ahead snake's.
pub(super) trait SnakeGraph: IndexedGraph<Node = Cell, Cost = u32, Ids = DenseIds> {
    fn board(&self) -> &Board;
    fn snake(&self) -> &Snake;
    /// A cell blocked on top of the board's walls.
    fn wall(&self) -> Option<Cell> {
        None
    }
}

impl<P: Position> SnakeGraph for TailView<P> {
    fn board(&self) -> &Board {
        TailView::board(self)
    }
    fn snake(&self) -> &Snake {
        TailView::snake(self)
    }
}

/// The game's virtual-tail view with one more cell blocked: the food, which a tail path in
/// the endgame must not cross (eating there would leave the tail in place).
pub(super) struct Walled<'g> {
    pub(super) view: TailView<&'g Game>,
    pub(super) wall: Option<Cell>,
}

impl Graph for Walled<'_> {
    type Node = Cell;
    type Cost = u32;
    type Ids = DenseIds;

    fn successors(&self, cell: Cell, mut visit: impl FnMut(Cell, u32)) {
        self.view.successors(cell, |next, cost| {
            if Some(next) != self.wall {
                visit(next, cost);
            }
        });
    }

    fn check_node(&self, cell: Cell) -> Result<(), InvalidNode> {
        if Some(cell) == self.wall {
            return Err(InvalidNode::Blocked);
        }
        self.view.check_node(cell)
    }

    fn uniform_costs(&self) -> bool {
        true
    }
}

impl IndexedGraph for Walled<'_> {
    fn node_bound(&self) -> usize {
        self.view.node_bound()
    }
    fn index(&self, cell: Cell) -> usize {
        self.view.index(cell)
    }
    fn node(&self, index: usize) -> Cell {
        self.view.node(index)
    }
    fn indexed_successors(
        &self,
        cell: Cell,
        index: usize,
        mut visit: impl FnMut(Cell, usize, u32),
    ) {
        self.view
            .indexed_successors(cell, index, |next, next_index, cost| {
                if Some(next) != self.wall {
                    visit(next, next_index, cost);
                }
            });
    }
}

impl SnakeGraph for Walled<'_> {
    fn board(&self) -> &Board {
        self.view.board()
    }
    fn snake(&self) -> &Snake {
        self.view.snake()
    }
    fn wall(&self) -> Option<Cell> {
        self.wall
    }
}

/// Liu's extension (`longest_path_to` in chuyangliu/snake's `snake/solver/path.py`):
/// while two consecutive steps of `path` have free cells beside both, off the path, detour
/// through them, two moves longer. The endpoints stay.
pub(super) fn extend_path(
    board: &Board,
    snake: &Snake,
    wall: Option<Cell>,
    path: &mut Vec<Cell>,
    on_path: &mut Vec<bool>,
) {
    let (width, height) = (board.width(), board.height());
    if on_path.len() < board.cells() {
        on_path.resize(board.cells(), false);
    }
    for &cell in path.iter() {
        on_path[board.index(cell)] = true;
    }
    let free = |cell: Option<Cell>, on_path: &[bool]| {
        cell.filter(|&cell| {
            let index = board.index(cell);
            !board.is_wall_index(index)
                && Some(cell) != wall
                && !snake.occupied_index(index)
                && !on_path[index]
        })
    };
    let mut i = 0;
    while i + 1 < path.len() {
        let (a, b) = (path[i], path[i + 1]);
        let step = Direction::between(a, b).expect("paths step between neighbours");
        let sides = match step {
            Direction::Left | Direction::Right => [Direction::Up, Direction::Down],
            Direction::Up | Direction::Down => [Direction::Left, Direction::Right],
        };
        let mut extended = false;
        for side in sides {
            let beside_a = free(side.apply(a, width, height), on_path);
            let beside_b = free(side.apply(b, width, height), on_path);
            if let (Some(beside_a), Some(beside_b)) = (beside_a, beside_b) {
                on_path[board.index(beside_a)] = true;
                on_path[board.index(beside_b)] = true;
                path.splice(i + 1..i + 1, [beside_a, beside_b]);
                extended = true;
                break;
            }
        }
        if !extended {
            i += 1;
        }
    }
    for &cell in path.iter() {
        on_path[board.index(cell)] = false;
    }
}
