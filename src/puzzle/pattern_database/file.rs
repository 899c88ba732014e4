//! The file format of pattern databases: a header (magic, version, board size, goal,
//! pattern), the entries, and an FNV-1a checksum; an additive file is a count followed by
//! its databases.

use std::io::{self, Read, Write};
use std::path::Path as FilePath;

use super::additive::MAX_PATTERNS;
use super::database::{check_pattern, slots};
use super::regions::Cells;
use super::{AdditivePdb, PatternDatabase};
use crate::puzzle::{PuzzleError, SlidingPuzzle};

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
        let mut bytes = Vec::with_capacity(self.entries.len() + 64);
        bytes.extend_from_slice(DATABASE_MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&[
            self.goal.width() as u8,
            self.goal.height() as u8,
            self.tiles.len() as u8,
            0,
        ]);
        bytes.extend_from_slice(&self.goal.packed().to_le_bytes());
        bytes.extend_from_slice(&self.tiles);
        bytes.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&self.entries);
        let checksum = fnv1a(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
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
        let puzzle = SlidingPuzzle::new(width, height)?;
        let packed = reader.u64()?;
        let tiles = reader.take(k)?.to_vec();
        let count = reader.u64()?;
        let n = puzzle.cells();
        check_pattern(n, &tiles, &mut 0)?;
        let expected = slots(n, k) as u64;
        if count != expected {
            return Err(DatabaseError::Invalid(PuzzleError::BadPattern {
                reason: format!("{count} entries where {k} tiles on {n} cells need {expected}"),
            }));
        }
        // The whole size is known now: report a short file as truncated before anything else.
        let total = reader.at as u64 + count + 8;
        if (bytes.len() as u64) < total {
            return Err(DatabaseError::Truncated {
                expected: total,
                found: bytes.len() as u64,
            });
        }
        let entries = reader.take(count as usize)?.to_vec();
        let body = reader.at;
        let checksum = reader.u64()?;
        if checksum != fnv1a(&bytes[..body]) {
            return Err(DatabaseError::ChecksumMismatch);
        }
        let goal_tiles: Vec<u8> = (0..n).map(|c| ((packed >> (4 * c)) & 0xF) as u8).collect();
        let goal = puzzle.board(&goal_tiles)?;
        Ok((
            PatternDatabase::new(goal, tiles, entries, Cells::new(&puzzle)),
            reader.at,
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
        let mut bytes = Vec::new();
        bytes.extend_from_slice(ADDITIVE_MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(self.databases.len() as u32).to_le_bytes());
        for db in &self.databases {
            bytes.extend_from_slice(&db.to_bytes());
        }
        write_file(path.as_ref(), &bytes)
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
        let bytes = read_file(path.as_ref())?;
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
            let (db, used) = PatternDatabase::read_from(&bytes[at..]).map_err(|error| {
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
        Ok(Self::from_databases(databases)?)
    }
}
