//! The file format of pattern databases: a header (magic, version, board size, goal,
//! pattern), the entries, and an FNV-1a checksum; an additive file is a count followed by
//! its databases.

use std::io::{self, Read, Write};
use std::path::Path as FilePath;

use super::additive::MAX_PATTERNS;
use super::database::{check_pattern, placements, slots};
use super::regions::Cells;
use super::{AdditivePdb, CompactAdditivePdb, CompactDatabase, PatternDatabase};
use crate::puzzle::{PuzzleError, SlidingPuzzle, TileBoard};

const DATABASE_MAGIC: &[u8; 8] = b"replnPDB";
const ADDITIVE_MAGIC: &[u8; 8] = b"replnAPD";
const FORMAT_VERSION: u32 = 1;

/// Why a pattern-database file could not be saved or loaded.
///
/// # Example
///
/// ```
/// use replan::puzzle::{DatabaseError, PatternDatabase};
/// let err = PatternDatabase::from_bytes(b"not a database").unwrap_err();
/// assert!(matches!(err, DatabaseError::NotADatabase));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DatabaseError {
    /// Reading or writing the file failed.
    #[error("pattern database file: {0}")]
    Io(#[from] io::Error),
    /// The file does not start with the pattern-database magic bytes.
    #[error("not a pattern database file")]
    NotADatabase,
    /// The file was written by another version of the format.
    #[error("pattern database format version {0} is not supported (expected {FORMAT_VERSION})")]
    UnsupportedVersion(u32),
    /// The file ends before the size its header announces.
    #[error("pattern database file is truncated: {expected} bytes expected, {found} found")]
    Truncated {
        /// The size the header announces.
        expected: u64,
        /// The size of the file.
        found: u64,
    },
    /// The file is longer than its header announces.
    #[error("pattern database file has {0} bytes after its end")]
    TrailingBytes(u64),
    /// The file holds a database of another layout (a [`CompactDatabase`] where a
    /// [`PatternDatabase`] was expected, or the other way round).
    #[error("pattern database file holds {found} where {expected} was expected")]
    WrongLayout {
        /// The layout asked for.
        expected: &'static str,
        /// The layout of the file.
        found: &'static str,
    },
    /// The file holds valid databases, but for another goal or partition than asked for.
    #[error("pattern database file is for another goal or pattern: {0}")]
    WrongPattern(String),
    /// The checksum does not match the contents.
    #[error("pattern database file is corrupt: checksum mismatch")]
    ChecksumMismatch,
    /// The header describes an impossible board or pattern, or the databases of an additive
    /// file do not fit together.
    #[error("pattern database file describes an invalid database: {0}")]
    Invalid(#[from] PuzzleError),
}

impl PatternDatabase {
    /// The database as bytes: header, entries, checksum.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let db = PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2]).unwrap();
    /// assert_eq!(PatternDatabase::from_bytes(&db.to_bytes()).unwrap(), db);
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        with_header(
            self.goal,
            &self.tiles,
            Layout::Regions,
            self.entries.len(),
            &self.entries,
        )
    }

    /// Reads a database written by [`to_bytes`](PatternDatabase::to_bytes).
    ///
    /// # Errors
    ///
    /// [`DatabaseError::NotADatabase`], [`DatabaseError::UnsupportedVersion`],
    /// [`DatabaseError::Truncated`], [`DatabaseError::TrailingBytes`],
    /// [`DatabaseError::ChecksumMismatch`] or [`DatabaseError::Invalid`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{DatabaseError, PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let bytes = PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2]).unwrap().to_bytes();
    /// let cut = PatternDatabase::from_bytes(&bytes[..bytes.len() - 10]);
    /// assert!(matches!(cut, Err(DatabaseError::Truncated { .. })));
    /// let mut flipped = bytes.clone();
    /// flipped[40] ^= 1;
    /// assert!(matches!(PatternDatabase::from_bytes(&flipped), Err(DatabaseError::ChecksumMismatch)));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, DatabaseError> {
        let (database, used) = Self::read_from(bytes)?;
        if used < bytes.len() {
            return Err(DatabaseError::TrailingBytes((bytes.len() - used) as u64));
        }
        Ok(database)
    }

    /// Reads one database from the front of `bytes`; returns it and the bytes it took.
    fn read_from(bytes: &[u8]) -> Result<(Self, usize), DatabaseError> {
        let (file, used) = read_database(bytes, Layout::Regions)?;
        Ok((
            PatternDatabase::new(file.goal, file.tiles, file.entries, file.cells),
            used,
        ))
    }

    /// Writes the database to `path`.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let db = PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2, 3]).unwrap();
    /// let path = std::env::temp_dir().join(format!("replan-doc-{}.pdb", std::process::id()));
    /// db.save(&path).unwrap();
    /// assert_eq!(PatternDatabase::load(&path).unwrap(), db);
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn save(&self, path: impl AsRef<FilePath>) -> Result<(), DatabaseError> {
        write_file(path.as_ref(), &self.to_bytes())
    }

    /// Reads a database saved by [`save`](PatternDatabase::save).
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`] and every error of
    /// [`from_bytes`](PatternDatabase::from_bytes).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::PatternDatabase;
    /// assert!(PatternDatabase::load("/no/such/file.pdb").is_err());
    /// ```
    pub fn load(path: impl AsRef<FilePath>) -> Result<Self, DatabaseError> {
        Self::from_bytes(&read_file(path.as_ref())?)
    }
}

/// How a database file lays its entries out: byte 3 of its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// A byte per placement and region of the blank ([`PatternDatabase`]).
    Regions = 0,
    /// Four bits per placement, over the Manhattan distance ([`CompactDatabase`]).
    Compact = 1,
}

impl Layout {
    /// The number of entries of a database of `k` tiles on `n` cells, and their bytes.
    fn size(self, n: usize, k: usize) -> (usize, usize) {
        match self {
            Layout::Regions => (slots(n, k), slots(n, k)),
            Layout::Compact => (placements(n, k), placements(n, k).div_ceil(2)),
        }
    }

    fn name(byte: u8) -> &'static str {
        match byte {
            0 => "a byte per placement and region",
            1 => "four bits per placement",
            _ => "an unknown layout",
        }
    }
}

/// The header, `data` (the entries, `count` of them) and the checksum of everything.
fn with_header(
    goal: TileBoard,
    tiles: &[u8],
    layout: Layout,
    count: usize,
    data: &[u8],
) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(data.len() + 64);
    bytes.extend_from_slice(DATABASE_MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&[
        goal.width() as u8,
        goal.height() as u8,
        tiles.len() as u8,
        layout as u8,
    ]);
    bytes.extend_from_slice(&goal.packed().to_le_bytes());
    bytes.extend_from_slice(tiles);
    bytes.extend_from_slice(&(count as u64).to_le_bytes());
    bytes.extend_from_slice(data);
    let checksum = fnv1a(&bytes);
    bytes.extend_from_slice(&checksum.to_le_bytes());
    bytes
}

/// What a database file holds, checked.
struct DatabaseFile {
    goal: TileBoard,
    tiles: Vec<u8>,
    entries: Vec<u8>,
    cells: Cells,
}

/// Reads and checks one database of `layout` from the front of `bytes`; returns it and the
/// bytes it took.
fn read_database(bytes: &[u8], layout: Layout) -> Result<(DatabaseFile, usize), DatabaseError> {
    let mut reader = Reader { bytes, at: 0 };
    if reader.take(8)? != DATABASE_MAGIC {
        return Err(DatabaseError::NotADatabase);
    }
    let version = reader.u32()?;
    if version != FORMAT_VERSION {
        return Err(DatabaseError::UnsupportedVersion(version));
    }
    let header = reader.take(4)?;
    let (width, height, k) = (header[0] as usize, header[1] as usize, header[2] as usize);
    if header[3] != layout as u8 {
        return Err(DatabaseError::WrongLayout {
            expected: Layout::name(layout as u8),
            found: Layout::name(header[3]),
        });
    }
    let puzzle = SlidingPuzzle::new(width, height)?;
    let packed = reader.u64()?;
    let tiles = reader.take(k)?.to_vec();
    let count = reader.u64()?;
    let n = puzzle.cells();
    let entries_of = match layout {
        Layout::Regions => slots,
        Layout::Compact => placements,
    };
    check_pattern(n, &tiles, &mut 0, entries_of)?;
    let (expected, length) = layout.size(n, k);
    if count != expected as u64 {
        return Err(DatabaseError::Invalid(PuzzleError::BadPattern {
            reason: format!("{count} entries where {k} tiles on {n} cells need {expected}"),
        }));
    }
    // The whole size is known now: report a short file as truncated before anything else.
    let total = reader.at as u64 + length as u64 + 8;
    if (bytes.len() as u64) < total {
        return Err(DatabaseError::Truncated {
            expected: total,
            found: bytes.len() as u64,
        });
    }
    let entries = reader.take(length)?.to_vec();
    let body = reader.at;
    let checksum = reader.u64()?;
    if checksum != fnv1a(&bytes[..body]) {
        return Err(DatabaseError::ChecksumMismatch);
    }
    let goal_tiles: Vec<u8> = (0..n).map(|c| ((packed >> (4 * c)) & 0xF) as u8).collect();
    let goal = puzzle.board(&goal_tiles)?;
    let file = DatabaseFile {
        goal,
        tiles,
        entries,
        cells: Cells::new(&puzzle),
    };
    Ok((file, reader.at))
}

fn write_file(path: &FilePath, bytes: &[u8]) -> Result<(), DatabaseError> {
    let mut file = std::fs::File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    Ok(())
}

fn read_file(path: &FilePath) -> Result<Vec<u8>, DatabaseError> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// FNV-1a, 64 bits: enough to catch a flipped or missing byte, no dependency.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A cursor over a byte slice whose reads past the end report the file as truncated.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, len: usize) -> Result<&'a [u8], DatabaseError> {
        let end = self
            .at
            .checked_add(len)
            .filter(|&end| end <= self.bytes.len());
        let end = end.ok_or(DatabaseError::Truncated {
            expected: (self.at + len) as u64,
            found: self.bytes.len() as u64,
        })?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<u32, DatabaseError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn u64(&mut self) -> Result<u64, DatabaseError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
}

impl AdditivePdb {
    /// Saves all databases to one file.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let pdb = AdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3], &[4, 5, 6], &[7, 8]]).unwrap();
    /// let path = std::env::temp_dir().join(format!("replan-doc-additive-{}.pdb", std::process::id()));
    /// pdb.save(&path).unwrap();
    /// let loaded = AdditivePdb::load(&path).unwrap();
    /// assert_eq!(loaded.databases(), pdb.databases());
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn save(&self, path: impl AsRef<FilePath>) -> Result<(), DatabaseError> {
        write_additive(
            path.as_ref(),
            self.databases.iter().map(PatternDatabase::to_bytes),
        )
    }

    /// Loads databases saved by [`save`](AdditivePdb::save).
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`], the errors of [`PatternDatabase::from_bytes`] for each
    /// database, and [`DatabaseError::Invalid`] when they do not fit together.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, DatabaseError};
    /// let path = std::env::temp_dir().join(format!("replan-doc-empty-{}.pdb", std::process::id()));
    /// std::fs::write(&path, b"").unwrap();
    /// assert!(matches!(AdditivePdb::load(&path), Err(DatabaseError::Truncated { .. })));
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn load(path: impl AsRef<FilePath>) -> Result<Self, DatabaseError> {
        let databases = read_additive(path.as_ref(), PatternDatabase::read_from)?;
        Ok(Self::from_databases(databases)?)
    }
}

/// Writes the databases `parts` (each as bytes) to one additive file.
fn write_additive(
    path: &FilePath,
    parts: impl ExactSizeIterator<Item = Vec<u8>>,
) -> Result<(), DatabaseError> {
    let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
    file.write_all(ADDITIVE_MAGIC)?;
    file.write_all(&FORMAT_VERSION.to_le_bytes())?;
    file.write_all(&(parts.len() as u32).to_le_bytes())?;
    for part in parts {
        file.write_all(&part)?;
    }
    file.into_inner()
        .map_err(io::IntoInnerError::into_error)?
        .sync_all()?;
    Ok(())
}

/// Reads the databases of an additive file, each with `read_one`.
fn read_additive<D>(
    path: &FilePath,
    read_one: impl Fn(&[u8]) -> Result<(D, usize), DatabaseError>,
) -> Result<Vec<D>, DatabaseError> {
    let bytes = read_file(path)?;
    let mut reader = Reader {
        bytes: &bytes,
        at: 0,
    };
    if reader.take(8)? != ADDITIVE_MAGIC {
        return Err(DatabaseError::NotADatabase);
    }
    let version = reader.u32()?;
    if version != FORMAT_VERSION {
        return Err(DatabaseError::UnsupportedVersion(version));
    }
    let count = reader.u32()? as usize;
    if count == 0 || count > MAX_PATTERNS {
        return Err(DatabaseError::Invalid(PuzzleError::BadPattern {
            reason: format!("{count} databases in one file"),
        }));
    }
    let mut databases = Vec::with_capacity(count);
    let mut at = reader.at;
    for _ in 0..count {
        let (db, used) = read_one(&bytes[at..]).map_err(|error| {
            // Offsets inside one database are relative to it; report whole-file sizes.
            match error {
                DatabaseError::Truncated { expected, .. } => DatabaseError::Truncated {
                    expected: expected + at as u64,
                    found: bytes.len() as u64,
                },
                other => other,
            }
        })?;
        databases.push(db);
        at += used;
    }
    if at < bytes.len() {
        return Err(DatabaseError::TrailingBytes((bytes.len() - at) as u64));
    }
    Ok(databases)
}

impl CompactDatabase {
    /// The database as bytes: the header of [`PatternDatabase::to_bytes`] with the compact
    /// layout, the entries two to a byte, and the checksum.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let db = CompactDatabase::build(&puzzle, puzzle.goal(), &[1, 2]).unwrap();
    /// assert_eq!(CompactDatabase::from_bytes(&db.to_bytes()).unwrap(), db);
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        with_header(
            self.goal,
            &self.tiles,
            Layout::Compact,
            self.len(),
            &self.nibbles,
        )
    }

    /// Reads a database written by [`to_bytes`](CompactDatabase::to_bytes).
    ///
    /// # Errors
    ///
    /// As [`PatternDatabase::from_bytes`], and [`DatabaseError::WrongLayout`] for the bytes
    /// of a [`PatternDatabase`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactDatabase, DatabaseError, PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let bytes = CompactDatabase::build(&puzzle, puzzle.goal(), &[1, 2]).unwrap().to_bytes();
    /// let cut = CompactDatabase::from_bytes(&bytes[..bytes.len() - 10]);
    /// assert!(matches!(cut, Err(DatabaseError::Truncated { .. })));
    /// let other = PatternDatabase::from_bytes(&bytes);
    /// assert!(matches!(other, Err(DatabaseError::WrongLayout { .. })));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, DatabaseError> {
        let (database, used) = Self::read_from(bytes)?;
        if used < bytes.len() {
            return Err(DatabaseError::TrailingBytes((bytes.len() - used) as u64));
        }
        Ok(database)
    }

    /// Reads one database from the front of `bytes`; returns it and the bytes it took.
    fn read_from(bytes: &[u8]) -> Result<(Self, usize), DatabaseError> {
        let (file, used) = read_database(bytes, Layout::Compact)?;
        Ok((
            CompactDatabase::new(file.goal, file.tiles, file.entries),
            used,
        ))
    }

    /// Writes the database to `path`.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let db = CompactDatabase::build(&puzzle, puzzle.goal(), &[1, 2, 3]).unwrap();
    /// let path = std::env::temp_dir().join(format!("replan-doc-compact-{}.pdb", std::process::id()));
    /// db.save(&path).unwrap();
    /// assert_eq!(CompactDatabase::load(&path).unwrap(), db);
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn save(&self, path: impl AsRef<FilePath>) -> Result<(), DatabaseError> {
        write_file(path.as_ref(), &self.to_bytes())
    }

    /// Reads a database saved by [`save`](CompactDatabase::save).
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`] and every error of [`from_bytes`](CompactDatabase::from_bytes).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::CompactDatabase;
    /// assert!(CompactDatabase::load("/no/such/file.pdb").is_err());
    /// ```
    pub fn load(path: impl AsRef<FilePath>) -> Result<Self, DatabaseError> {
        Self::from_bytes(&read_file(path.as_ref())?)
    }
}

impl CompactAdditivePdb {
    /// Saves all databases to one file, in the additive format of [`AdditivePdb::save`].
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let pdb = CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).unwrap();
    /// let path = std::env::temp_dir().join(format!("replan-doc-compact-additive-{}.pdb", std::process::id()));
    /// pdb.save(&path).unwrap();
    /// assert_eq!(CompactAdditivePdb::load(&path).unwrap().databases(), pdb.databases());
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn save(&self, path: impl AsRef<FilePath>) -> Result<(), DatabaseError> {
        write_additive(
            path.as_ref(),
            self.databases.iter().map(CompactDatabase::to_bytes),
        )
    }

    /// Loads databases saved by [`save`](CompactAdditivePdb::save).
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`], the errors of [`CompactDatabase::from_bytes`] for each
    /// database ([`DatabaseError::WrongLayout`] for a file of [`AdditivePdb`]), and
    /// [`DatabaseError::Invalid`] when they do not fit together.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, DatabaseError};
    /// let path = std::env::temp_dir().join(format!("replan-doc-compact-empty-{}.pdb", std::process::id()));
    /// std::fs::write(&path, b"").unwrap();
    /// assert!(matches!(CompactAdditivePdb::load(&path), Err(DatabaseError::Truncated { .. })));
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn load(path: impl AsRef<FilePath>) -> Result<Self, DatabaseError> {
        let databases = read_additive(path.as_ref(), CompactDatabase::read_from)?;
        Ok(Self::from_databases(databases)?)
    }

    /// [`load`](CompactAdditivePdb::load), checking that the file holds exactly the
    /// databases of `patterns` (in that order) for `goal`.
    ///
    /// # Errors
    ///
    /// As [`load`](CompactAdditivePdb::load), and [`DatabaseError::WrongPattern`] for another
    /// goal or partition.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, DatabaseError, GoalKind, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let pdb = CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).unwrap();
    /// let path = std::env::temp_dir().join(format!("replan-doc-compact-for-{}.pdb", std::process::id()));
    /// pdb.save(&path).unwrap();
    /// let other = CompactAdditivePdb::load_for(&path, puzzle.goal(), &[&[1, 2, 3], &[4, 5, 6, 7, 8]]);
    /// assert!(matches!(other, Err(DatabaseError::WrongPattern(_))));
    /// let blank_first = puzzle.goal_of(GoalKind::BlankFirst);
    /// let other = CompactAdditivePdb::load_for(&path, blank_first, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
    /// assert!(matches!(other, Err(DatabaseError::WrongPattern(_))));
    /// assert!(CompactAdditivePdb::load_for(&path, puzzle.goal(), &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).is_ok());
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn load_for(
        path: impl AsRef<FilePath>,
        goal: TileBoard,
        patterns: &[&[u8]],
    ) -> Result<Self, DatabaseError> {
        let pdb = Self::load(path)?;
        if pdb.goal() != goal {
            return Err(DatabaseError::WrongPattern(format!(
                "built for the goal {:?}",
                pdb.goal().tiles()
            )));
        }
        let found: Vec<&[u8]> = pdb.databases.iter().map(CompactDatabase::tiles).collect();
        if found != patterns {
            return Err(DatabaseError::WrongPattern(format!(
                "the patterns are {found:?}, not {patterns:?}"
            )));
        }
        Ok(pdb)
    }
}
