//! [`AlphaBeta`]: iterative-deepening alpha-beta over simultaneous moves (the "paranoid"
//! reduction of Sturtevant and Korf, AAAI 2000; alpha-beta after Knuth and Moore, 1975).
//! The rule, its invariants and its cost are on the type.

use std::time::{Duration, Instant};

use smallvec::SmallVec;

use crate::snake::Direction;

use super::{terminal_value, DuelAgent, WIN};
use crate::duel::evaluation::{forced_win, moves_for, Evaluator};
use crate::duel::rules::{Duel, DuelResult, Side};

/// How long or how far [`AlphaBeta`] may think about one move.
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use replan::duel::Budget;
/// assert_ne!(Budget::Time(Duration::from_millis(50)), Budget::Nodes(10_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time per move.
    Time(Duration),
    /// Turns visited per move: the choice depends only on the position.
    Nodes(u64),
}

/// What the last [`AlphaBeta`] move found.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelAgent, DuelBoard, AlphaBeta, Side};
/// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
/// let mut search = AlphaBeta::with_nodes(2_000);
/// search.choose(&duel, Side::First);
/// let report = search.report();
/// assert!(report.depth >= 1 && report.nodes > 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AlphaBetaReport {
    /// The deepest iteration completed, in turns.
    pub depth: u32,
    /// Turns visited, the aborted iteration included.
    pub nodes: u64,
    /// The maximin value of the chosen move at the completed depth.
    pub value: f32,
    /// Whether the move came from [`forced_win`].
    pub forced: bool,
}

/// The turns [`forced_win`](crate::duel::forced_win) looks ahead before the search.
const FORCED_WIN_PLIES: u32 = 3;
/// The deepest iteration, in turns.
const MAX_DEPTH: u32 = 64;
/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 256;
/// Values at least this large mean a decided duel.
const DECIDED: f32 = WIN / 2.0;
/// What a draw is worth to the search: as much as a position 12 points behind, about
/// 70 cells of territory, a game the search expects to lose.
///
/// The opponent's replies are chosen to minimise our value, so a draw valued far below
/// every position in play would have the modelled opponent steer into every head-on
/// collision it can reach, and the search would yield every contested cell. Valued as a
/// clearly lost position, a draw is feared where we stand better and taken where we stand
/// worse. On 60 games against [`Territory`](super::Territory) at 20 ms a move, draws
/// valued at −5000, −20, −12, −8 and −3 gave 33–24, 34–15, 40–7, 36–11 and 25–1 (wins to
/// losses; the rest drawn, 3, 11, 13, 13 and 34 of them).
const SEARCH_DRAW: f32 = -12.0;

type Moves = SmallVec<[Direction; 4]>;

/// The killer moves of one ply: ours and the opponent's reply.
#[derive(Clone, Copy, Debug)]
struct Killers {
    ours: Option<Direction>,
    theirs: Option<Direction>,
}

/// Iterative-deepening alpha-beta over simultaneous moves with forced-win detection
/// first.
///
/// Each turn is a 4×4 matrix game (our move by the opponent's reply) played for its
/// maximin value: we pick the move whose worst reply is best, as if the opponent saw our
/// move. That is the "paranoid" reduction of a simultaneous-move game to a sequential one
/// (Sturtevant and Korf, "On Pruning Techniques for Multi-Player Games", AAAI 2000), which
/// never overrates a move and lets ordinary alpha-beta (Knuth and Moore, "An Analysis of
/// Alpha-Beta Pruning", Artificial Intelligence 6, 1975) prune both the rows and the
/// columns of each matrix: a reply that already holds a move below the best move found
/// ends that row, a move that reaches the bound above ends the turn.
///
/// Before searching, [`forced_win`] looks for a win within a few turns.
/// Leaves are scored with [`Evaluator`]; finished duels score ±10 000 shifted by the turn
/// count, so sooner wins and later losses are preferred; a draw scores as a clearly lost
/// position (see `SEARCH_DRAW` in the source for why and the measurements). Moves are
/// ordered by the previous iteration's best root move and a killer move per ply and side
/// (the move or reply that last cut off at that ply).
///
/// The search stops on a time budget (iterations that start past a third of it are not
/// begun) or on a node budget; with a node budget the move depends only on the position,
/// so tests and tournaments replay exactly. Invariants: each turn visited costs one node;
/// the position is restored with `Duel::unmake` after every child; no allocation per
/// node. Complexity per iteration of depth `d`: `O(b^d)` nodes for the `b ≤ 3 × 3` moves
/// per turn, near `O(b^(d/2))` with good ordering.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelAgent, DuelBoard, AlphaBeta, Side};
/// let duel = Duel::new(DuelBoard::new(12, 12).unwrap());
/// let mut search = AlphaBeta::with_nodes(5_000);
/// let first = search.choose(&duel, Side::First);
/// assert!(duel.is_safe(Side::First, first));
/// // A node budget makes the choice repeatable.
/// assert_eq!(AlphaBeta::with_nodes(5_000).choose(&duel, Side::First), first);
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta {
    budget: Budget,
    evaluator: Evaluator,
    killers: Vec<Killers>,
    nodes: u64,
    deadline: Option<Instant>,
    aborted: bool,
    report: AlphaBetaReport,
}

impl Default for AlphaBeta {
    /// 80 ms a move.
    fn default() -> AlphaBeta {
        AlphaBeta::with_time(Duration::from_millis(80))
    }
}

impl AlphaBeta {
    /// A search with the default budget, 80 ms a move.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use replan::duel::{Budget, AlphaBeta};
    /// assert_eq!(AlphaBeta::new().budget(), Budget::Time(Duration::from_millis(80)));
    /// ```
    pub fn new() -> AlphaBeta {
        AlphaBeta::default()
    }

    /// A search that thinks `time` per move.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// let _search = replan::duel::AlphaBeta::with_time(Duration::from_millis(20));
    /// ```
    pub fn with_time(time: Duration) -> AlphaBeta {
        AlphaBeta::with_budget(Budget::Time(time))
    }

    /// A search that visits at most `nodes` turns per move (and at least one iteration's
    /// worth): deterministic.
    ///
    /// # Example
    ///
    /// ```
    /// let _search = replan::duel::AlphaBeta::with_nodes(10_000);
    /// ```
    pub fn with_nodes(nodes: u64) -> AlphaBeta {
        AlphaBeta::with_budget(Budget::Nodes(nodes))
    }

    /// A search with the given budget.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Budget, AlphaBeta};
    /// assert_eq!(AlphaBeta::with_budget(Budget::Nodes(7)).budget(), Budget::Nodes(7));
    /// ```
    pub fn with_budget(budget: Budget) -> AlphaBeta {
        AlphaBeta {
            budget,
            evaluator: Evaluator::new(),
            killers: vec![
                Killers {
                    ours: None,
                    theirs: None,
                };
                MAX_DEPTH as usize + 1
            ],
            nodes: 0,
            deadline: None,
            aborted: false,
            report: AlphaBetaReport::default(),
        }
    }

    /// The budget per move.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Budget, AlphaBeta};
    /// assert_eq!(AlphaBeta::with_nodes(9).budget(), Budget::Nodes(9));
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// What the last move's search found.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::AlphaBeta;
    /// assert_eq!(AlphaBeta::new().report().nodes, 0);
    /// ```
    pub fn report(&self) -> AlphaBetaReport {
        self.report
    }

    /// Whether the budget has run out; looks at the clock every few hundred nodes.
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.aborted = match (self.budget, self.deadline) {
            (Budget::Nodes(limit), _) => self.nodes >= limit,
            (Budget::Time(_), Some(deadline)) => {
                self.nodes % CLOCK_INTERVAL == 0 && Instant::now() >= deadline
            }
            (Budget::Time(_), None) => false,
        };
        self.aborted
    }

    /// The best move at `depth` and its value, or `None` if the budget ran out; moves the
    /// best root move to the front of `root`.
    fn search_root(
        &mut self,
        duel: &mut Duel,
        side: Side,
        depth: u32,
        root: &mut Moves,
    ) -> Option<(Direction, f32)> {
        let mut best = (0, f32::NEG_INFINITY);
        for (position, &ours) in root.iter().enumerate() {
            let value = self.worst_reply(duel, side, ours, depth, best.1, f32::INFINITY, 0)?;
            if value > best.1 {
                best = (position, value);
            }
        }
        root[..=best.0].rotate_right(1);
        Some((root[0], best.1))
    }

    /// The maximin value of `duel` for `side` searched `depth` turns deep, within the
    /// window `(alpha, beta)`.
    fn best_move_value(
        &mut self,
        duel: &mut Duel,
        side: Side,
        depth: u32,
        alpha: f32,
        beta: f32,
        ply: usize,
    ) -> Option<f32> {
        let mut moves = candidates(duel, side);
        promote(&mut moves, self.killers[ply].ours);
        let mut best = f32::NEG_INFINITY;
        for ours in moves {
            let value = self.worst_reply(duel, side, ours, depth, alpha.max(best), beta, ply)?;
            if value > best {
                best = value;
                if best >= beta {
                    self.killers[ply].ours = Some(ours);
                    break;
                }
            }
        }
        Some(best)
    }

    /// The value for `side` of playing `ours` against the opponent's best reply.
    #[allow(clippy::too_many_arguments)]
    fn worst_reply(
        &mut self,
        duel: &mut Duel,
        side: Side,
        ours: Direction,
        depth: u32,
        alpha: f32,
        beta: f32,
        ply: usize,
    ) -> Option<f32> {
        let mut replies = candidates(duel, side.other());
        promote(&mut replies, self.killers[ply].theirs);
        let mut worst = f32::INFINITY;
        for theirs in replies {
            self.nodes += 1;
            if self.out_of_budget() {
                return None;
            }
            let undo = duel.make(moves_for(side, ours, theirs));
            let value = match duel.result() {
                Some(result) => {
                    let value = match result {
                        DuelResult::Draw => SEARCH_DRAW,
                        DuelResult::Won(_) => terminal_value(result, side),
                    };
                    // Sooner wins and later losses are better.
                    match result {
                        DuelResult::Won(_) => value - value.signum() * ply as f32,
                        DuelResult::Draw => value,
                    }
                }
                None if depth <= 1 => self.evaluator.evaluate(duel).score(side),
                None => {
                    match self.best_move_value(
                        duel,
                        side,
                        depth - 1,
                        alpha,
                        beta.min(worst),
                        ply + 1,
                    ) {
                        Some(value) => value,
                        None => {
                            duel.unmake(undo);
                            return None;
                        }
                    }
                }
            };
            duel.unmake(undo);
            if value < worst {
                worst = value;
                if worst <= alpha {
                    self.killers[ply].theirs = Some(theirs);
                    break;
                }
            }
        }
        Some(worst)
    }
}

/// The moves of `side` that do not die at once, or all four if every move does.
fn candidates(duel: &Duel, side: Side) -> Moves {
    let safe: Moves = Direction::ALL
        .into_iter()
        .filter(|&direction| duel.is_safe(side, direction))
        .collect();
    if safe.is_empty() {
        Direction::ALL.into_iter().collect()
    } else {
        safe
    }
}

/// Moves `first` to the front of `moves` if it is there.
fn promote(moves: &mut Moves, first: Option<Direction>) {
    if let Some(position) = first.and_then(|first| moves.iter().position(|&m| m == first)) {
        moves[..=position].rotate_right(1);
    }
}

impl DuelAgent for AlphaBeta {
    fn name(&self) -> &str {
        "AlphaBeta"
    }

    fn choose(&mut self, duel: &Duel, side: Side) -> Direction {
        let start = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        self.deadline = match self.budget {
            Budget::Time(time) => Some(start + time),
            Budget::Nodes(_) => None,
        };
        self.report = AlphaBetaReport::default();
        if duel.is_over() {
            return Direction::Up;
        }
        if let Some(win) = forced_win(duel, side, FORCED_WIN_PLIES) {
            self.report.forced = true;
            self.report.value = WIN;
            return win;
        }
        let mut root = candidates(duel, side);
        if root.len() == 1 {
            return root[0];
        }
        for killers in &mut self.killers {
            *killers = Killers {
                ours: None,
                theirs: None,
            };
        }
        let mut scratch = duel.clone();
        let mut best = root[0];
        for depth in 1..=MAX_DEPTH {
            let Some((direction, value)) = self.search_root(&mut scratch, side, depth, &mut root)
            else {
                break;
            };
            best = direction;
            self.report.depth = depth;
            self.report.value = value;
            if value.abs() >= DECIDED {
                break;
            }
            if let Budget::Time(time) = self.budget {
                if start.elapsed() * 3 > time {
                    break;
                }
            }
        }
        self.report.nodes = self.nodes;
        best
    }
}
