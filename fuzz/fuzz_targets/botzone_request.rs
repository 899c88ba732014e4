//! A Botzone duel request, read by the same JSON reader the bot uses
//! (`examples/support/botzone_json.rs`) and replayed by `BotzoneRequest::replay`: an error,
//! or a position in which the search (on a small node budget) and the territory agent
//! answer with a move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use replan::duel::{direction_to_botzone, AlphaBeta, DuelAgent, Territory};

#[path = "../../examples/support/botzone_json.rs"]
mod botzone_json;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(request) = botzone_json::parse_request(text) else {
        return;
    };
    let Ok((duel, side)) = request.replay() else {
        return;
    };
    let searched = AlphaBeta::with_nodes(200).choose(&duel, side);
    let territory = Territory::new().choose(&duel, side);
    assert!(direction_to_botzone(searched) < 4 && direction_to_botzone(territory) < 4);
});
