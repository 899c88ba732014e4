//! Reading a Botzone request from its JSON text into a [`BotzoneRequest`].
//!
//! Shared by `examples/duel.rs` and the integration tests, so the parser the bot uses is
//! the one the tests feed malformed input to.

use replan::duel::BotzoneRequest;
use serde_json::Value;

/// Parses one Botzone request:
/// `{"requests":[{"x":..,"y":..,"width":..,"height":..,"obstacle":[{"x":..,"y":..}]},
/// {"direction":d}, ...], "responses":[{"direction":d}, ...]}`.
///
/// Every missing or mistyped field is an `Err` naming it; numbers must be non-negative
/// integers that fit a `u32`.
pub fn parse_request(text: &str) -> Result<BotzoneRequest, String> {
    let root: Value = serde_json::from_str(text).map_err(|error| format!("not JSON: {error}"))?;
    let requests = array(&root, "requests")?;
    let responses = match root.get("responses") {
        Some(_) => array(&root, "responses")?,
        None => &[][..],
    };
    let first = requests
        .first()
        .ok_or_else(|| "requests is empty: the first request gives the board".to_string())?;
    let mut obstacles = Vec::new();
    for (i, obstacle) in array(first, "obstacle")?.iter().enumerate() {
        let x = number(obstacle, "x").map_err(|e| format!("obstacle {i}: {e}"))?;
        let y = number(obstacle, "y").map_err(|e| format!("obstacle {i}: {e}"))?;
        obstacles.push((x, y));
    }
    let directions = |list: &[Value], what: &str| -> Result<Vec<u32>, String> {
        list.iter()
            .enumerate()
            .map(|(i, item)| number(item, "direction").map_err(|e| format!("{what} {i}: {e}")))
            .collect()
    };
    Ok(BotzoneRequest {
        x: number(first, "x")?,
        y: number(first, "y")?,
        width: number(first, "width")?,
        height: number(first, "height")?,
        obstacles,
        opponent_directions: directions(&requests[1..], "request")?,
        our_directions: directions(responses, "response")?,
    })
}

fn array<'a>(value: &'a Value, field: &str) -> Result<&'a [Value], String> {
    value
        .get(field)
        .ok_or_else(|| format!("missing field {field:?}"))?
        .as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| format!("field {field:?} is not an array"))
}

fn number(value: &Value, field: &str) -> Result<u32, String> {
    let field_value = value
        .get(field)
        .ok_or_else(|| format!("missing field {field:?}"))?;
    field_value
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            format!("field {field:?} is not a small non-negative integer: {field_value}")
        })
}
