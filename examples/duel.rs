//! Two-player snake duels: watch one game, run a tournament, or answer a Botzone request.
//!
//! ```text
//! cargo run --release --features duel --example duel                      # AlphaBeta against Territory, drawn
//! cargo run --release --features duel --example duel -- --a AlphaBeta --b MostSpace --games 200 --seed 1
//! cargo run --release --features duel --example duel -- --botzone --agent AlphaBeta --millis 500 < request.json
//! ```
//!
//! A tournament plays its games on all cores, each map twice with the sides swapped, and
//! prints as its last line
//! `{"games":N,"a_wins":A,"b_wins":B,"draws":D,"a_micros_per_move":U,"b_micros_per_move":V}`.

#[path = "support/botzone_json.rs"]
mod botzone_json;

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use crossterm::style::{Color, Stylize};
use crossterm::{cursor, terminal, QueueableCommand};
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use rayon::prelude::*;
use replan::duel::{
    direction_to_botzone, play_duel, play_duel_watched, AlphaBeta, Budget, Duel, DuelAgent,
    DuelBoard, DuelResult, MostSpace, RandomSafe, Side, Territory,
};

#[derive(Parser, Debug)]
#[command(about = "Two-player snake duels (Botzone rules)")]
struct Args {
    /// First agent: RandomSafe, MostSpace, Territory or AlphaBeta.
    #[arg(long, default_value = "AlphaBeta")]
    a: String,
    /// Second agent.
    #[arg(long, default_value = "Territory")]
    b: String,
    /// Number of games; each map is played twice, sides swapped.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Seed for maps and agents.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Board width (10 to 16).
    #[arg(long, default_value_t = 12)]
    width: u32,
    /// Board height (10 to 16).
    #[arg(long, default_value_t = 12)]
    height: u32,
    /// Obstacle cells per map.
    #[arg(long, default_value_t = 10)]
    obstacles: usize,
    /// AlphaBeta's time per move in milliseconds (default 80).
    #[arg(long)]
    millis: Option<u64>,
    /// AlphaBeta's node budget per move instead of time: games replay exactly.
    #[arg(long)]
    nodes: Option<u64>,
    /// Answer one Botzone request read from stdin.
    #[arg(long)]
    botzone: bool,
    /// The agent that answers in Botzone mode.
    #[arg(long, default_value = "AlphaBeta")]
    agent: String,
}

fn make_agent(name: &str, seed: u64, args: &Args) -> Result<Box<dyn DuelAgent + Send>, String> {
    let budget = match (args.nodes, args.millis) {
        (Some(nodes), _) => Budget::Nodes(nodes),
        (None, Some(millis)) => Budget::Time(Duration::from_millis(millis)),
        (None, None) => AlphaBeta::new().budget(),
    };
    Ok(match name.to_ascii_lowercase().as_str() {
        "randomsafe" | "random" => Box::new(RandomSafe::new(seed)),
        // The agents' earlier names, greedy and search, still answer.
        "mostspace" | "most-space" | "greedy" => Box::new(MostSpace::new()),
        "territory" => Box::new(Territory::new()),
        "alphabeta" | "alpha-beta" | "search" => Box::new(AlphaBeta::with_budget(budget)),
        _ => {
            return Err(format!(
                "unknown agent {name:?}: use RandomSafe, MostSpace, Territory or AlphaBeta"
            ))
        }
    })
}

fn map(args: &Args, index: u64) -> Result<DuelBoard, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed.wrapping_mul(1_000_003).wrapping_add(index));
    DuelBoard::generate(args.width, args.height, args.obstacles, &mut rng)
        .map_err(|error| error.to_string())
}

/// One game's outcome from agent a's point of view, with each agent's time and moves.
struct Outcome {
    a_won: bool,
    b_won: bool,
    micros: [u64; 2],
    moves: [u64; 2],
}

fn tournament(args: &Args) -> Result<(), String> {
    make_agent(&args.a, 0, args)?;
    make_agent(&args.b, 0, args)?;
    map(args, 0)?;
    let outcomes: Vec<Result<Outcome, String>> = (0..args.games as u64)
        .into_par_iter()
        .map(|game| {
            let board = map(args, game / 2)?;
            let mut a = make_agent(&args.a, args.seed ^ (game << 1), args)?;
            let mut b = make_agent(&args.b, args.seed ^ (game << 1 | 1), args)?;
            // Even games give a the top-left corner, odd games the bottom-right.
            let a_side = if game % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            let record = match a_side {
                Side::First => play_duel(board, [a.as_mut(), b.as_mut()]),
                Side::Second => play_duel(board, [b.as_mut(), a.as_mut()]),
            };
            let (ai, bi) = (a_side.index(), a_side.other().index());
            let winner = record.result.and_then(DuelResult::winner);
            eprintln!(
                "game {game}: {} as {a_side:?}, {} turns, winner {}",
                args.a,
                record.turns,
                match winner {
                    Some(side) if side == a_side => args.a.as_str(),
                    Some(_) => args.b.as_str(),
                    None => "none",
                }
            );
            Ok(Outcome {
                a_won: winner == Some(a_side),
                b_won: winner == Some(a_side.other()),
                micros: [record.micros[ai], record.micros[bi]],
                moves: [u64::from(record.moves[ai]), u64::from(record.moves[bi])],
            })
        })
        .collect();
    let outcomes: Vec<Outcome> = outcomes.into_iter().collect::<Result<_, _>>()?;
    let a_wins = outcomes.iter().filter(|o| o.a_won).count();
    let b_wins = outcomes.iter().filter(|o| o.b_won).count();
    let draws = outcomes.len() - a_wins - b_wins;
    let per_move = |i: usize| {
        let micros: u64 = outcomes.iter().map(|o| o.micros[i]).sum();
        let moves: u64 = outcomes.iter().map(|o| o.moves[i]).sum();
        micros / moves.max(1)
    };
    println!(
        "{} vs {} on {}x{} with {} obstacles: {a_wins} - {b_wins}, {draws} draws",
        args.a, args.b, args.width, args.height, args.obstacles
    );
    println!(
        "{{\"games\":{},\"a_wins\":{a_wins},\"b_wins\":{b_wins},\"draws\":{draws},\"a_micros_per_move\":{},\"b_micros_per_move\":{}}}",
        outcomes.len(),
        per_move(0),
        per_move(1)
    );
    Ok(())
}

fn draw(duel: &Duel, out: &mut impl Write, colour: bool) -> std::io::Result<()> {
    let board = duel.board();
    let heads = [duel.head(Side::First), duel.head(Side::Second)];
    for row in 0..board.height() {
        let mut line = String::new();
        for column in 0..board.width() {
            let cell = (column, row);
            let (glyph, tint) = if board.is_obstacle(cell) {
                ('#', Color::DarkGrey)
            } else {
                match duel.snake_at(cell) {
                    Some(Side::First) if heads[0] == cell => ('A', Color::Green),
                    Some(Side::First) => ('a', Color::Green),
                    Some(Side::Second) if heads[1] == cell => ('B', Color::Magenta),
                    Some(Side::Second) => ('b', Color::Magenta),
                    None => ('.', Color::Reset),
                }
            };
            if colour {
                line.push_str(&format!("{} ", glyph.with(tint)));
            } else {
                line.push(glyph);
                line.push(' ');
            }
        }
        writeln!(out, "{}\r", line.trim_end())?;
    }
    writeln!(
        out,
        "turn {}: A (AlphaBeta) length {}, B (Territory) length {}\r",
        duel.turn(),
        duel.len(Side::First),
        duel.len(Side::Second)
    )
}

fn watch_one(args: &Args) -> Result<(), String> {
    let board = map(args, 0)?;
    let mut search = make_agent("AlphaBeta", args.seed, args)?;
    let mut territory = make_agent("Territory", args.seed, args)?;
    let mut stdout = std::io::stdout();
    let live = stdout.is_terminal();
    let record = play_duel_watched(board, [search.as_mut(), territory.as_mut()], |duel| {
        if live {
            let _ = stdout.queue(terminal::Clear(terminal::ClearType::All));
            let _ = stdout.queue(cursor::MoveTo(0, 0));
            let _ = draw(duel, &mut stdout, true);
            let _ = stdout.flush();
            std::thread::sleep(Duration::from_millis(120));
        }
    });
    if !live {
        draw(&record.last, &mut stdout, false).map_err(|e| e.to_string())?;
    }
    let verdict = match record.result {
        Some(DuelResult::Won(Side::First)) => "AlphaBeta (A) wins".to_string(),
        Some(DuelResult::Won(Side::Second)) => "Territory (B) wins".to_string(),
        Some(DuelResult::Draw) => "draw: both died on the same turn".to_string(),
        None => "stopped at the turn limit".to_string(),
    };
    println!("{verdict} after {} turns", record.turns);
    Ok(())
}

fn botzone(args: &Args) -> Result<(), String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|error| format!("cannot read stdin: {error}"))?;
    let request = botzone_json::parse_request(&text)?;
    let (duel, side) = request.replay().map_err(|error| error.to_string())?;
    let mut agent = make_agent(&args.agent, args.seed, args)?;
    let direction = agent.choose(&duel, side);
    println!(
        "{{\"response\":{{\"direction\":{}}}}}",
        direction_to_botzone(direction)
    );
    Ok(())
}

fn main() -> ExitCode {
    let watch = std::env::args().len() <= 1;
    let args = Args::parse();
    let result = if args.botzone {
        botzone(&args)
    } else if watch {
        watch_one(&args)
    } else {
        tournament(&args)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
