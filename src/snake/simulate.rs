//! Playing many games and summing them up.
//!
//! Each game is a function of the configuration, the run's seed and the game's index
//! alone ([`play_game`] seeds the food with [`game_seed`]), and a [`Report`] combines game
//! records in index order, so games may run in any order on any number of threads and
//! the report is the same as a serial run's, decision times aside.

use std::time::{Duration, Instant};

use super::{Agent, AgentStats, DeathReason, Game, GameConfig, SnakeError, StepOutcome};

/// How a game ended.
///
/// # Example
///
/// ```
/// use replan::snake::{DeathReason, GameEnd};
/// assert_ne!(GameEnd::Won, GameEnd::Died(DeathReason::HitBody));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// The snake filled the board.
    Won,
    /// The snake died.
    Died(DeathReason),
    /// The step cap ended the game.
    Capped,
}

/// One played game.
///
/// # Example
///
/// ```
/// use replan::snake::{play_game, Agent, Direction, Game, GameConfig, GameEnd};
/// struct Up;
/// impl Agent for Up {
///     fn next_move(&mut self, _: &Game) -> Direction { Direction::Up }
///     fn name(&self) -> &str { "up" }
/// }
/// let config = GameConfig::new(5, 5)?.with_start(vec![(2, 4)]);
/// let record = play_game(&mut Up, &config, 1, 0)?;
/// assert!(matches!(record.end, GameEnd::Died(_)) || record.end == GameEnd::Won);
/// assert!(record.steps <= 5);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's index in its run.
    pub index: u64,
    /// The food seed the game was played with.
    pub seed: u64,
    /// How it ended.
    pub end: GameEnd,
    /// The snake's final length.
    pub length: usize,
    /// Steps played.
    pub steps: u64,
    /// What the agent's decisions cost in this game.
    pub stats: AgentStats,
    /// Wall-clock time spent in [`Agent::next_move`].
    pub decision_time: Duration,
}

/// The food seed of game `index` in a run seeded with `seed`: a SplitMix64 mix of the two,
/// so neighbouring indices get unrelated streams.
///
/// # Example
///
/// ```
/// use replan::snake::game_seed;
/// assert_eq!(game_seed(7, 3), game_seed(7, 3));
/// assert_ne!(game_seed(7, 3), game_seed(7, 4));
/// assert_ne!(game_seed(7, 3), game_seed(8, 3));
/// ```
pub fn game_seed(seed: u64, index: u64) -> u64 {
    // SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
    // OOPSLA 2014): the finaliser of the `index`-th output of a stream seeded with `seed`.
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `index` of a run seeded with `seed` to its end: `config` with its food seed
/// replaced by [`game_seed`]`(seed, index)`. `agent` may have played before; the record
/// counts only this game's decisions.
///
/// # Errors
///
/// Those of [`Game::new`] for an unplayable configuration.
///
/// # Example
///
/// ```
/// use replan::snake::{play_game, Agent, Direction, Game, GameConfig};
/// struct Right;
/// impl Agent for Right {
///     fn next_move(&mut self, _: &Game) -> Direction { Direction::Right }
///     fn name(&self) -> &str { "right" }
/// }
/// let config = GameConfig::new(6, 6)?;
/// let a = play_game(&mut Right, &config, 9, 2)?;
/// let b = play_game(&mut Right, &config, 9, 2)?;
/// assert_eq!((a.end, a.steps, a.length), (b.end, b.steps, b.length));
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub fn play_game<A: Agent + ?Sized>(
    agent: &mut A,
    config: &GameConfig,
    seed: u64,
    index: u64,
) -> Result<GameRecord, SnakeError> {
    let seed = game_seed(seed, index);
    let mut game_config = config.clone();
    game_config.seed = seed;
    let mut game = Game::new(&game_config)?;
    let before = agent.stats();
    let mut decision_time = Duration::ZERO;
    let mut outcome = StepOutcome::Moved;
    while !game.is_over() {
        let started = Instant::now();
        let direction = agent.next_move(&game);
        decision_time += started.elapsed();
        outcome = game.step(direction);
    }
    let after = agent.stats();
    let end = match outcome {
        StepOutcome::Won => GameEnd::Won,
        StepOutcome::Died(reason) => GameEnd::Died(reason),
        _ => GameEnd::Capped,
    };
    Ok(GameRecord {
        index,
        seed,
        end,
        length: game.snake().len(),
        steps: game.steps(),
        stats: AgentStats {
            moves: after.moves - before.moves,
            searches: after.searches - before.searches,
            expanded: after.expanded - before.expanded,
            path_expanded: after.path_expanded - before.path_expanded,
        },
        decision_time,
    })
}

/// Plays `games` games, one fresh agent from `make_agent` each, one after another, and
/// sums them up. A parallel run that plays [`play_game`] for every index and passes the
/// records to [`Report::from_records`] gets the same report.
///
/// # Errors
///
/// Those of [`Game::new`] for an unplayable configuration.
///
/// # Example
///
/// ```
/// use replan::snake::{Agent, Direction, Game};
/// struct Careful;
/// impl Agent for Careful {
///     fn next_move(&mut self, game: &Game) -> Direction {
///         let safe = Direction::ALL.into_iter().find(|&d| game.death_of(d).is_none());
///         safe.unwrap_or(Direction::Up)
///     }
///     fn name(&self) -> &str { "careful" }
/// }
/// use replan::snake::{simulate, GameConfig};
/// let config = GameConfig::new(6, 6)?.with_max_steps(500);
/// let report = simulate(|| Careful, &config, 10, 1)?;
/// assert_eq!(report.games, 10);
/// assert_eq!(report.wins + report.deaths + report.capped, 10);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub fn simulate<A: Agent, F: Fn() -> A>(
    make_agent: F,
    config: &GameConfig,
    games: u64,
    seed: u64,
) -> Result<Report, SnakeError> {
    config.start_cells()?;
    let records = (0..games)
        .map(|index| play_game(&mut make_agent(), config, seed, index))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Report::from_records(records))
}

/// The summary of a run: how games ended, lengths, steps and what decisions cost.
///
/// # Example
///
/// ```
/// use replan::snake::{Agent, Direction, Game};
/// struct Careful;
/// impl Agent for Careful {
///     fn next_move(&mut self, game: &Game) -> Direction {
///         let safe = Direction::ALL.into_iter().find(|&d| game.death_of(d).is_none());
///         safe.unwrap_or(Direction::Up)
///     }
///     fn name(&self) -> &str { "careful" }
/// }
/// use replan::snake::{simulate, GameConfig};
/// let report = simulate(|| Careful, &GameConfig::new(5, 4)?.with_max_steps(100), 4, 0)?;
/// assert_eq!(report.records.len(), 4);
/// assert!(report.mean_length >= 3.0);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Games played.
    pub games: u64,
    /// Games won (board filled).
    pub wins: u64,
    /// Games lost.
    pub deaths: u64,
    /// Games ended by the step cap.
    pub capped: u64,
    /// Mean final length.
    pub mean_length: f64,
    /// Mean steps per game.
    pub mean_steps: f64,
    /// Mean steps of the games won; `None` when none was.
    pub mean_steps_won: Option<f64>,
    /// Mean decision time per move, in microseconds.
    pub micros_per_move: f64,
    /// The agents' decisions summed over all games.
    pub stats: AgentStats,
    /// Every game, in index order.
    pub records: Vec<GameRecord>,
}

impl Report {
    /// Combines game records, in index order whatever order they come in.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Agent, Direction, Game};
    /// struct Careful;
    /// impl Agent for Careful {
    ///     fn next_move(&mut self, game: &Game) -> Direction {
    ///         let safe = Direction::ALL.into_iter().find(|&d| game.death_of(d).is_none());
    ///         safe.unwrap_or(Direction::Up)
    ///     }
    ///     fn name(&self) -> &str { "careful" }
    /// }
    /// use replan::snake::{play_game, GameConfig, Report};
    /// let config = GameConfig::new(6, 6)?.with_max_steps(100);
    /// let records = (0..4).rev().map(|i| play_game(&mut Careful, &config, 5, i));
    /// let report = Report::from_records(records.collect::<Result<_, _>>()?);
    /// assert_eq!(report.records[0].index, 0);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn from_records(mut records: Vec<GameRecord>) -> Report {
        records.sort_by_key(|record| record.index);
        let games = records.len() as u64;
        let count = |end: fn(&GameEnd) -> bool| {
            records.iter().filter(|record| end(&record.end)).count() as u64
        };
        let wins = count(|end| *end == GameEnd::Won);
        let deaths = count(|end| matches!(end, GameEnd::Died(_)));
        let capped = count(|end| *end == GameEnd::Capped);
        let mean = |total: f64, n: u64| if n == 0 { 0.0 } else { total / n as f64 };
        let total_length: u64 = records.iter().map(|record| record.length as u64).sum();
        let total_steps: u64 = records.iter().map(|record| record.steps).sum();
        let won_steps: u64 = records
            .iter()
            .filter(|record| record.end == GameEnd::Won)
            .map(|record| record.steps)
            .sum();
        let mut stats = AgentStats::default();
        let mut time = Duration::ZERO;
        for record in &records {
            stats.moves += record.stats.moves;
            stats.searches += record.stats.searches;
            stats.expanded += record.stats.expanded;
            stats.path_expanded += record.stats.path_expanded;
            time += record.decision_time;
        }
        let moves = records.iter().map(|record| record.steps).sum::<u64>();
        Report {
            games,
            wins,
            deaths,
            capped,
            mean_length: mean(total_length as f64, games),
            mean_steps: mean(total_steps as f64, games),
            mean_steps_won: (wins > 0).then(|| won_steps as f64 / wins as f64),
            micros_per_move: mean(time.as_secs_f64() * 1e6, moves),
            stats,
            records,
        }
    }

    /// Whether two reports describe the same games: equal in everything but the
    /// decision times, which no seed fixes.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Agent, Direction, Game};
    /// struct Careful;
    /// impl Agent for Careful {
    ///     fn next_move(&mut self, game: &Game) -> Direction {
    ///         let safe = Direction::ALL.into_iter().find(|&d| game.death_of(d).is_none());
    ///         safe.unwrap_or(Direction::Up)
    ///     }
    ///     fn name(&self) -> &str { "careful" }
    /// }
    /// use replan::snake::{simulate, GameConfig};
    /// let config = GameConfig::new(5, 5)?.with_max_steps(100);
    /// let a = simulate(|| Careful, &config, 3, 2)?;
    /// let b = simulate(|| Careful, &config, 3, 2)?;
    /// assert!(a.same_games(&b));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn same_games(&self, other: &Report) -> bool {
        let untimed = |report: &Report| {
            let mut report = report.clone();
            report.micros_per_move = 0.0;
            for record in &mut report.records {
                record.decision_time = Duration::ZERO;
            }
            report
        };
        untimed(self) == untimed(other)
    }
}
