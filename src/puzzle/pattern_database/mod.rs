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
//! # Compact databases: the 7-8 partition
//!
//! The best partition of the 15-puzzle (Korf and Felner 2002; Felner, Korf and Hanan 2004)
//! has an 8-tile pattern: `16!/8! = 518,918,400` placements, eight free cells each, so a
//! byte per (placement, region) would take 4 GB. A [`CompactDatabase`] keeps Korf and
//! Felner's entry instead, the least over the blank's cells, in four bits: the number of
//! pattern-tile moves `d` has the parity of the pattern tiles' Manhattan distance `m` and is
//! at least `m`, so `(d - m) / 2` fits a nibble (it never passes 15 for the 7-8 partition;
//! larger values would be stored as 15, still admissible). That is 259 MB for the 8 tiles
//! and 29 MB for the 7. The entries are admissible, not consistent, so the modulo-3 lookup
//! above does not apply: each move reads one nibble (two with the reflection).
//! [`CompactAdditivePdb`] adds them up with the reflection.
//!
//! The build is a breadth-first search over the same (placement, region) states, where
//! blank moves inside a region are free, kept as two bits a state (unseen, closed, in the
//! current layer, in the next): 1 GB for the 8 tiles. Each layer scans that table in
//! placement order, split between threads a chunk at a time (`std::thread::scope` and an
//! atomic chunk counter); a worker expands the states of the current layer in its chunk,
//! sets their placements' entries (which only it owns), and marks the unseen states one
//! pattern-tile move away with atomic `or`s: two workers marking one state write the same
//! code, so no lock is needed. Successors' indices are updated from the moved tile's digit
//! instead of ranked afresh.
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
//! format (byte 3 of a database's header names its layout, so a file of one kind is refused
//! as the other); `additive.rs` adds databases up, with the reflection, as a heuristic;
//! `compact.rs` and `compact_additive.rs` are the same for compact databases.

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
