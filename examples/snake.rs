//! Snake, played by the crate's agents.
//!
//! ```text
//! cargo run --release --features snake --example snake
//! cargo run --release --features snake --example snake -- --headless --agent safe --width 8 --height 8 \
//!     --games 1000 --seed 1 --start-length 4
//! cargo run --release --features snake --example snake -- --width 15 --height 15 --start "2,0 1,0 0,0" \
//!     --food 7,7
//! ```
//!
//! With no arguments it plays one 20×20 game and animates it in the terminal (when
//! standard output is not a terminal, it prints only the final board and a summary).
//! `--headless` plays `--games` games on all cores, with a progress bar on standard error
//! when that is a terminal, and prints as its last line one JSON object:
//! `{"games":N,"wins":W,"deaths":D,"capped":C,"mean_length":L,"mean_steps":S,
//! "mean_steps_won":SW,"micros_per_move":U,"expanded_per_move":E,"path_expanded_per_move":P}`
//! (`mean_steps_won` is `null` when no game was won; `E` counts the nodes every search of
//! the agent expanded per move, `P` those of its searches for paths to the food or the
//! tail). The report is the same for a seed whatever the number of threads, decision times
//! aside.
//!
//! `--board FILE` plays a level of your own: an ASCII picture, `.` a free cell and `#` a
//! wall, one row a line (the format `replan::snake::Board` parses). A file that cannot be
//! read or parsed is reported with its line and column, and the program exits with 1.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use crossterm::style::{Color, Print, ResetColor, SetForegroundColor};
use crossterm::terminal::{Clear, ClearType};
use crossterm::{cursor, execute, queue};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use replan::snake::{
    best, play_game, Agent, Game, GameConfig, GreedyAgent, HamiltonianAgent, IncrementalAgent,
    ReclosingAgent, Report, SafeAgent, StepOutcome,
};

#[derive(Parser)]
#[command(about = "Play Snake with the crate's agents: animated, or many games headless")]
struct Args {
    /// Play many games without drawing and print a JSON summary.
    #[arg(long)]
    headless: bool,
    /// The agent that plays.
    #[arg(long, value_enum, default_value_t = AgentChoice::Best)]
    agent: AgentChoice,
    /// Board width, 2 to 255.
    #[arg(long, default_value_t = 20)]
    width: u32,
    /// Board height, 2 to 255.
    #[arg(long, default_value_t = 20)]
    height: u32,
    /// A level: an ASCII picture of the board, `.` a free cell and `#` a wall, one row a
    /// line (instead of --width and --height).
    #[arg(long, conflicts_with_all = ["width", "height"])]
    board: Option<std::path::PathBuf>,
    /// Games to play (headless).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of the food placement.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The snake's length at the start.
    #[arg(long, default_value_t = 3)]
    start_length: usize,
    /// The snake's cells at the start, head first, as `x,y` pairs separated by spaces
    /// (instead of --start-length): `--start "2,0 1,0 0,0"`.
    #[arg(long, value_parser = parse_cells)]
    start: Option<Cells>,
    /// The first food's cell, `x,y` (later food is placed at random): with --start, any
    /// position, e.g. `--width 20 --height 20 --start 10,10 --food 3,15`.
    #[arg(long, value_parser = parse_cell)]
    food: Option<(u32, u32)>,
    /// The step cap (default 4 × cells²).
    #[arg(long)]
    max_steps: Option<u64>,
    /// Frames per second of the animation.
    #[arg(long, default_value_t = 12.0)]
    fps: f64,
}

/// Cells given on the command line.
#[derive(Clone, Debug)]
struct Cells(Vec<(u32, u32)>);

fn parse_cell(text: &str) -> Result<(u32, u32), String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not a cell `x,y`"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .map_err(|err| format!("`{text}`: {err}"))
    };
    Ok((number(x)?, number(y)?))
}

fn parse_cells(text: &str) -> Result<Cells, String> {
    text.split_whitespace()
        .map(parse_cell)
        .collect::<Result<Vec<_>, _>>()
        .map(Cells)
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum AgentChoice {
    /// Shortest path to the food, else the most free space.
    Greedy,
    /// Look-ahead: eat only if the tail stays in reach.
    Safe,
    /// The safe agent's moves, planned with D* Lite.
    Incremental,
    /// Follows a Hamiltonian cycle with shortcuts (boards with an even cell count).
    Hamiltonian,
    /// The strongest agent: drives on the right in blocks around a Hamiltonian cycle it
    /// re-forms each step (`BlockTreeAgent`).
    #[value(alias = "block-tree")]
    Best,
    /// Shortest path to the food whenever a Hamiltonian cycle closes round the snake
    /// after the meal, else along such a cycle (`ReclosingAgent`).
    Reclosing,
}

/// Makes the agent `choice` names for a game of `config`; every agent name is decided
/// here and only here.
fn make_agent(choice: AgentChoice, config: &GameConfig) -> Result<Box<dyn Agent>, String> {
    match choice {
        AgentChoice::Greedy => Ok(Box::new(GreedyAgent::new())),
        AgentChoice::Safe => Ok(Box::new(SafeAgent::new())),
        AgentChoice::Incremental => Ok(Box::new(IncrementalAgent::new())),
        AgentChoice::Hamiltonian => HamiltonianAgent::new(&config.board)
            .map(|agent| Box::new(agent) as Box<dyn Agent>)
            .map_err(|err| err.to_string()),
        AgentChoice::Best => Ok(Box::new(best())),
        AgentChoice::Reclosing => Ok(Box::new(ReclosingAgent::new())),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let config = match &args.board {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
            let board: replan::snake::Board = text
                .parse()
                .map_err(|err| format!("{}: {err}", path.display()))?;
            GameConfig::with_board(board)
        }
        None => GameConfig::new(args.width, args.height).map_err(|err| err.to_string())?,
    };
    let mut config = config
        .with_start_length(args.start_length)
        .with_seed(args.seed);
    config.max_steps = args.max_steps;
    if let Some(Cells(cells)) = &args.start {
        config = config.with_start(cells.clone());
    }
    if let Some(food) = args.food {
        config = config.with_food(food);
    }
    Game::new(&config).map_err(|err| err.to_string())?;
    config.start_cells().map_err(|err| err.to_string())?;
    if matches!(args.agent, AgentChoice::Hamiltonian) && config.board.free_cells() % 2 == 1 {
        return Err(format!(
            "the hamiltonian agent needs an even number of cells; a {}×{} board has {}",
            config.board.width(),
            config.board.height(),
            config.board.free_cells()
        ));
    }
    make_agent(args.agent, &config)?;
    if args.headless {
        headless(args, &config)
    } else {
        animate(args, &config)
    }
}

fn headless(args: &Args, config: &GameConfig) -> Result<(), String> {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let progress = ProgressBar::with_draw_target(
        Some(args.games),
        if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}")
            .map_err(|err| err.to_string())?,
    );
    let records = (0..args.games)
        .into_par_iter()
        .map(|index| {
            let mut agent = make_agent(args.agent, config)?;
            let record =
                play_game(agent.as_mut(), config, args.seed, index).map_err(|e| e.to_string());
            progress.inc(1);
            record
        })
        .collect::<Result<Vec<_>, String>>()?;
    progress.finish_and_clear();
    let report = Report::from_records(records);
    // Keys in a fixed order, which `serde_json::json!` does not keep; values through
    // serde_json so that every number is valid JSON.
    let number = |value: f64| serde_json::Value::from(value).to_string();
    let summary = format!(
        "{{\"games\":{},\"wins\":{},\"deaths\":{},\"capped\":{},\"mean_length\":{},\
         \"mean_steps\":{},\"mean_steps_won\":{},\"micros_per_move\":{},\
         \"expanded_per_move\":{},\"path_expanded_per_move\":{}}}",
        report.games,
        report.wins,
        report.deaths,
        report.capped,
        number(report.mean_length),
        number(report.mean_steps),
        report
            .mean_steps_won
            .map_or_else(|| "null".to_string(), number),
        number(report.micros_per_move),
        number(report.stats.expanded_per_move()),
        number(report.stats.path_expanded_per_move()),
    );
    println!("{summary}");
    Ok(())
}

fn animate(args: &Args, config: &GameConfig) -> Result<(), String> {
    let mut agent = make_agent(args.agent, config)?;
    let mut game = Game::new(config).map_err(|err| err.to_string())?;
    let mut stdout = std::io::stdout();
    let live = stdout.is_terminal();
    let frame = Duration::from_secs_f64(1.0 / args.fps.clamp(0.5, 1000.0));
    if live {
        execute!(stdout, Clear(ClearType::All)).map_err(|err| err.to_string())?;
    }
    let mut outcome = StepOutcome::Moved;
    while !game.is_over() {
        if live {
            draw(&mut stdout, &game, agent.name()).map_err(|err| err.to_string())?;
            std::thread::sleep(frame);
        }
        let direction = agent.next_move(&game);
        outcome = game.step(direction);
    }
    if live {
        draw(&mut stdout, &game, agent.name()).map_err(|err| err.to_string())?;
    } else {
        println!("{game}");
    }
    let ending = match outcome {
        StepOutcome::Won => "filled the board".to_string(),
        StepOutcome::Died(reason) => format!("died: {reason}"),
        _ => "reached the step cap".to_string(),
    };
    println!(
        "{}: {ending} after {} steps at length {} of {}",
        agent.name(),
        game.steps(),
        game.snake().len(),
        game.board().free_cells()
    );
    Ok(())
}

/// Draws the board from the top-left corner of the terminal, two characters per cell.
fn draw(out: &mut impl Write, game: &Game, name: &str) -> std::io::Result<()> {
    queue!(out, cursor::MoveTo(0, 0))?;
    let board = game.board();
    let head = game.snake().head();
    for y in 0..board.height() {
        for x in 0..board.width() {
            let cell = (x, y);
            let (color, text) = if board.is_wall(cell) {
                (Color::DarkGrey, "██")
            } else if cell == head {
                (Color::Yellow, "██")
            } else if game.occupied(cell) {
                (Color::Green, "██")
            } else if game.food() == Some(cell) {
                (Color::Red, "()")
            } else {
                (Color::DarkGrey, " .")
            };
            queue!(out, SetForegroundColor(color), Print(text))?;
        }
        queue!(
            out,
            ResetColor,
            Clear(ClearType::UntilNewLine),
            Print("\r\n")
        )?;
    }
    queue!(
        out,
        Print(format!(
            "{name}  length {}  steps {}",
            game.snake().len(),
            game.steps()
        )),
        Clear(ClearType::UntilNewLine),
        Print("\r\n")
    )?;
    out.flush()
}
