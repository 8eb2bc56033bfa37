//! A perfect hash from rank keys to values, packed at run time as the
//! natural evaluator's table is at build time (`gen::perfect_hash`): the
//! wild-card tables (`wild.rs`) and short deck's (`short.rs`) use it.

use super::gen::{self, HASH_ROWS, HASH_SHIFT};
use super::high::{RANK_ROW_BASE, RANK_VALUES};

/// A perfect hash from rank keys to values: with `mixed` the mixed key
/// (`gen::mix`), `table[mixed + offsets[mixed >> HASH_SHIFT]]`. A key whose
/// row holds no entry finds no slot and gives 0.
pub struct Hash {
    offsets: Vec<i32>,
    table: Vec<u16>,
}

impl Hash {
    /// Packs `entries` as the natural evaluator's table is packed
    /// (`gen::perfect_hash`, at run time: milliseconds for these tables).
    pub fn build(entries: &[(u32, u16)]) -> Hash {
        let packed = gen::perfect_hash(entries);
        let mut occupied = vec![false; HASH_ROWS];
        for &(key, _) in entries {
            occupied[(gen::mix(key) >> HASH_SHIFT) as usize] = true;
        }
        Hash::from_rows(&packed.row_base, packed.table, |row| occupied[row])
    }

    /// The natural evaluator's compile-time hash (same rank key, mixing
    /// and geometry; its values are the narrow encoding of natural hands):
    /// the table of hands without wild cards or bugs, without the second
    /// or so a first-fit packing of its 73,775 keys takes at run time.
    pub fn natural() -> Hash {
        Hash::from_rows(&RANK_ROW_BASE, RANK_VALUES.to_vec(), |_| true)
    }

    fn from_rows(row_base: &[u32], table: Vec<u16>, occupied: impl Fn(usize) -> bool) -> Hash {
        let offsets = row_base
            .iter()
            .enumerate()
            .map(|(row, &base)| {
                if occupied(row) {
                    base as i32 - (row << HASH_SHIFT) as i32
                } else {
                    i32::MIN / 2
                }
            })
            .collect();
        Hash { offsets, table }
    }

    #[inline(always)]
    pub fn get(&self, key: u32) -> u16 {
        let mixed = gen::mix(key);
        let Some(&offset) = self.offsets.get((mixed >> HASH_SHIFT) as usize) else {
            return 0;
        };
        let idx = (mixed as i64 + offset as i64) as usize;
        self.table.get(idx).copied().unwrap_or(0)
    }
}
