//! Pattern databases (Culberson and Schaeffer, "Pattern Databases", Computational
//! Intelligence 14(3), 1998), added up over disjoint patterns (Korf and Felner, "Disjoint
//! pattern database heuristics", Artificial Intelligence 134, 2002; Felner, Korf and Hanan,
//! "Additive pattern database heuristics", JAIR 22, 2004).
//!
//! A [`PatternDatabase`] for a set of *pattern tiles* stores the least number of moves *of
//! pattern tiles* that bring them to their goal cells, the other tiles being
//! indistinguishable. Because only pattern-tile moves are counted, databases over disjoint
//! patterns can be added and stay admissible ([`AdditivePdb`]).
//!
//! # Why the blank's region is part of the entry
//!
//! Korf and Felner store one value per placement of the pattern tiles, the minimum over all
//! positions of the blank. That is admissible but not consistent: the minimum may be reached
//! with the blank walled off in another region of free cells than the one it is in, and
//! after one move the value can rise or fall by more than one (by three on a 2×4 board in
//! our property tests). Here an entry is kept per placement *and region of the free cells
//! the blank is in* (the cells it can reach without moving a pattern tile). That is an exact
//! abstraction of the puzzle: a move is one step in it or none, so each database is
//! consistent, and on Korf's 15-puzzle instances IDA* expands about a third fewer nodes
//! than with the minimum over the blank.
//!
//! # Layout and construction
//!
//! - One byte per (placement, region), indexed by a perfect hash: the placement
//!   `(p_0, …, p_{k-1})` of `k` tiles on `n` cells is ranked as a `k`-permutation of `n`
//!   (mixed radix `n, n-1, …`, each digit the cell's rank among the cells not yet taken),
//!   times the `n - k` free cells, plus the rank of the region's lowest cell among the free
//!   ones. A 6-tile database of the 15-puzzle has `16!/10! · 10 = 57,657,600` entries
//!   (55 MiB); the 6-6-3 partition needs 111 MiB in all. Slots of cells that are not the
//!   lowest of their region are never read.
//! - A lookup reads the rank of the blank's region from a table over every set of taken
//!   cells, so it costs `O(k)` word operations and two memory accesses. The table (and one
//!   of each region's lowest cell, for building) is made once per board shape and process
//!   with flood fills on 16-bit masks, and shared by every database of that shape: 1 MiB
//!   for 16 cells, a few milliseconds to fill.
//! - For the IDA* hot loop, the entry of each placement's *first* region (the one holding
//!   its lowest free cell, where the blank is most of the time) is also kept modulo 3, two
//!   bits each (the trick two-bit breadth-first searches use for their levels): a database
//!   changes by at most one per move, so from the parent's value the residue tells the
//!   child's. That table is 1.4 MiB for a 6-tile database, so it mostly stays in cache
//!   where the full one (55 MiB) would not.
//! - Built by a breadth-first search backwards from the goal over (placement, region)
//!   states, each layer sorted so that its moves sweep memory forwards: blank moves inside a region are free and stay in the state, so every edge is
//!   one pattern-tile move and a plain BFS gives least costs. A bit per entry marks the
//!   visited states, so the duplicate check touches 7 MiB rather than 55.
//! - Saved as a header (magic, version, board size, goal, pattern), the entries, and an
//!   FNV-1a checksum; loading checks all of it and the exact size, so a truncated or
//!   corrupted file is an error, never a wrong heuristic.
//!
//! # Reflection
//!
//! On a square board whose goal has the blank on the main diagonal, transposing the board
//! (and renaming each tile to the goal tile on its transposed goal cell) is a symmetry that
//! maps the goal to itself, so the same databases, looked up on the transposed board, give a
//! second admissible estimate; [`AdditivePdb`] takes the larger of the two.
//!
//! # Complexity
//!
//! An incremental update after a move touches one database (two with the reflection).
//! Building visits each (placement, region) state once and each of its moves once, in time
//! `O(entries · k)` and memory `O(entries)` (about 1.3 bytes an entry at the peak).
//!
//! # Files
//!
//! `database.rs` builds one database and looks entries up; `regions.rs` holds the tables of
//! the blank's regions shared by every database of a board shape; `file.rs` is the file
//! format; `additive.rs` adds databases up, with the reflection, as a heuristic.

mod additive;
mod compact;
mod compact_additive;
mod database;
mod file;
mod regions;

pub use additive::{AdditivePdb, PdbState};
pub use compact::CompactDatabase;
pub use compact_additive::{CompactAdditivePdb, CompactPdbState};
pub use database::{BuildProgress, PatternDatabase};
pub use file::DatabaseError;
