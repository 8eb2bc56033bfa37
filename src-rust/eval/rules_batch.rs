//! Many hands under hand rules: rows of a C-contiguous array (and,
//! optionally, a board per row), one value per row, split over threads for
//! large batches like the natural batch.

use super::batch::par_rows;
use super::low::LowEvaluator;
use super::omaha;
use super::rules::Rules;
use super::wild::HighEvaluator;
use crate::error::{Error, Result};

const CHUNK_ROWS: usize = 1 << 14;

/// The shape of a batch: `k` hole cards per row and `b` board cards per row
/// (b = 0 without a board).
#[derive(Clone, Copy, Debug)]
pub struct RowWidths {
    pub k: usize,
    pub b: usize,
}

/// Checks the card counts a row must have under `hole_cards`.
pub fn check_counts(
    hole_cards: Option<u8>,
    hole: usize,
    board: usize,
    low_min: usize,
) -> Result<()> {
    match hole_cards {
        None => {
            let n = hole + board;
            if !(low_min..=7).contains(&n) {
                return Err(Error::HandSize {
                    what: "the hand with its board",
                    got: n,
                    allowed: if low_min == 4 {
                        "badugi is evaluated from 4 to 7 cards"
                    } else {
                        "a hand is evaluated from 5, 6 or 7 cards (hole and board together)"
                    },
                });
            }
        }
        Some(h) => {
            let h = h as usize;
            if !(h..=6).contains(&hole) {
                return Err(Error::HandSize {
                    what: "the hole",
                    got: hole,
                    allowed: "with hole_cards = h, a hand holds h to 6 hole cards",
                });
            }
            if !(5 - h..=5).contains(&board) {
                return Err(Error::HandSize {
                    what: "the board",
                    got: board,
                    allowed: "with hole_cards = h, the board holds 5 - h to 5 cards",
                });
            }
        }
    }
    Ok(())
}

/// Runs `f(first_row, hole_chunk, board_chunk, out_chunk) -> ok` over the
/// batch, in parallel when large; on failure, names the first bad row.
fn drive(
    hands: &[u8],
    board: &[u8],
    shape: RowWidths,
    out: &mut [u32],
    threads: Option<usize>,
    check: impl Fn(&[u8], &[u8]) -> Result<()> + Sync,
    f: impl Fn(&[u8], &[u8], &mut [u32]) -> bool + Sync,
) -> Result<()> {
    let rows = out.len();
    if hands.len() != rows * shape.k || board.len() != rows * shape.b {
        return Err(Error::Batch(format!(
            "{} hole ids and {} board ids do not make {rows} rows of {} and {}",
            hands.len(),
            board.len(),
            shape.k,
            shape.b
        )));
    }
    let ok = par_rows(out, threads, CHUNK_ROWS, |first, slots| {
        let last = first + slots.len();
        f(
            &hands[first * shape.k..last * shape.k],
            &board[first * shape.b..last * shape.b],
            slots,
        )
    })?;
    if ok {
        return Ok(());
    }
    for i in 0..rows {
        let h = &hands[i * shape.k..(i + 1) * shape.k];
        let b = &board[i * shape.b..(i + 1) * shape.b];
        if let Err(e) = check(h, b) {
            return Err(Error::Row {
                row: i,
                source: Box::new(e),
            });
        }
    }
    Err(Error::Batch("a row is invalid".into()))
}

/// Checks one row's cards (ids, duplicates across hole and board, jokers).
fn check_row(rules: &Rules, hole: &[u8], board: &[u8]) -> Result<()> {
    let all: Vec<u8> = hole.iter().chain(board).copied().collect();
    rules.check_cards(&all)
}

/// An evaluator under hand rules, as a batch drives it.
trait RulesEvaluator: Sync {
    fn rules(&self) -> Rules;
    /// One row of `K` cards: the value, and whether the row holds `K`
    /// distinct ids the rules allow.
    fn row<const K: usize>(&self, row: &[u8; K]) -> (u32, bool);
    /// The value of valid `hole` cards with `board` (Omaha's split when the
    /// rules name one).
    fn value(&self, hole: &[u8], board: &[u8]) -> u32;
}

impl RulesEvaluator for HighEvaluator {
    fn rules(&self) -> Rules {
        self.rules
    }
    #[inline(always)]
    fn row<const K: usize>(&self, row: &[u8; K]) -> (u32, bool) {
        HighEvaluator::row(self, row)
    }
    fn value(&self, hole: &[u8], board: &[u8]) -> u32 {
        HighEvaluator::value(self, hole, board)
    }
}

impl RulesEvaluator for LowEvaluator {
    fn rules(&self) -> Rules {
        self.rules
    }
    #[inline(always)]
    fn row<const K: usize>(&self, row: &[u8; K]) -> (u32, bool) {
        LowEvaluator::row(self, row)
    }
    fn value(&self, hole: &[u8], board: &[u8]) -> u32 {
        LowEvaluator::value(self, hole, board)
    }
}

fn rows<const K: usize>(evaluator: &impl RulesEvaluator, data: &[u8], out: &mut [u32]) -> bool {
    let mut ok = true;
    for (row, slot) in data.chunks_exact(K).zip(out.iter_mut()) {
        let row: &[u8; K] = row.try_into().unwrap();
        let (v, good) = evaluator.row(row);
        ok &= good;
        *slot = v;
    }
    ok
}

/// A batch under `evaluator`'s rules, once its card counts are checked:
/// rows of 5, 6 or 7 cards without a board or Omaha's split are valued
/// whole, others hole with board.
fn drive_rules(
    evaluator: &impl RulesEvaluator,
    hands: &[u8],
    board: &[u8],
    shape: RowWidths,
    out: &mut [u32],
    threads: Option<usize>,
) -> Result<()> {
    let rules = evaluator.rules();
    let check = |h: &[u8], b: &[u8]| check_row(&rules, h, b);
    if shape.b == 0 && rules.hole_cards.is_none() && shape.k >= 5 {
        return drive(
            hands,
            board,
            shape,
            out,
            threads,
            check,
            |h, _, o| match shape.k {
                5 => rows::<5>(evaluator, h, o),
                6 => rows::<6>(evaluator, h, o),
                _ => rows::<7>(evaluator, h, o),
            },
        );
    }
    drive(hands, board, shape, out, threads, check, |h, b, o| {
        rows_split(&rules, shape, h, b, o, |h, b| evaluator.value(h, b))
    })
}

/// Whether hole and board together are distinct ids the rules allow.
fn row_ok(rules: &Rules, hole: &[u8], board: &[u8]) -> bool {
    check_row(rules, hole, board).is_ok()
}

fn rows_split(
    rules: &Rules,
    shape: RowWidths,
    hands: &[u8],
    board: &[u8],
    out: &mut [u32],
    value: impl Fn(&[u8], &[u8]) -> u32,
) -> bool {
    let mut ok = true;
    for (i, slot) in out.iter_mut().enumerate() {
        let h = &hands[i * shape.k..(i + 1) * shape.k];
        let b = &board[i * shape.b..(i + 1) * shape.b];
        if row_ok(rules, h, b) {
            *slot = value(h, b);
        } else {
            ok = false;
        }
    }
    ok
}

/// Rows of `K` hole cards (4..=6) and a five-card board, natural, two hole
/// cards and three board cards played ([`omaha::natural_split2`]).
fn rows_split2<const K: usize, const NP: usize>(
    hands: &[u8],
    board: &[u8],
    out: &mut [u32],
) -> bool {
    let tables = omaha::SplitTables::get();
    let mut ok = true;
    for ((h, b), slot) in hands
        .chunks_exact(K)
        .zip(board.chunks_exact(5))
        .zip(out.iter_mut())
    {
        let h: &[u8; K] = h.try_into().unwrap();
        let b: &[u8; 5] = b.try_into().unwrap();
        let ids = h.iter().chain(b).fold(0u64, |ids, &c| ids | 1 << (c & 63));
        let below = h.iter().chain(b).fold(0u8, |m, &c| m.max(c)) < 52;
        let good = ids.count_ones() as usize == K + 5 && below;
        ok &= good;
        // (an id past the deck would index past the rank tables)
        *slot = if good {
            omaha::split2::<K, NP>(tables, h, b) as u32
        } else {
            0
        };
    }
    ok
}

/// High values of a batch under the rules (see `HighEvaluator::value`).
pub fn evaluate_batch_into(
    evaluator: &HighEvaluator,
    hands: &[u8],
    board: &[u8],
    shape: RowWidths,
    out: &mut [u32],
    threads: Option<usize>,
) -> Result<()> {
    let rules = evaluator.rules;
    check_counts(rules.hole_cards, shape.k, shape.b, 5)?;
    let natural_split2 = rules.hole_cards == Some(2)
        && rules.is_natural_but_split()
        && (4..=6).contains(&shape.k)
        && shape.b == 5;
    if natural_split2 {
        let check = |h: &[u8], b: &[u8]| check_row(&rules, h, b);
        let rows = match shape.k {
            4 => rows_split2::<4, 6>,
            5 => rows_split2::<5, 10>,
            _ => rows_split2::<6, 15>,
        };
        return drive(hands, board, shape, out, threads, check, rows);
    }
    drive_rules(evaluator, hands, board, shape, out, threads)
}

/// Low values of a batch under the rules (0 = no qualifying low).
pub fn evaluate_low_batch_into(
    evaluator: &LowEvaluator,
    hands: &[u8],
    board: &[u8],
    shape: RowWidths,
    out: &mut [u32],
    threads: Option<usize>,
) -> Result<()> {
    let rules = evaluator.rules;
    let min = if rules.low == Some(super::rules::Low::Badugi) {
        4
    } else {
        5
    };
    check_counts(rules.hole_cards, shape.k, shape.b, min)?;
    if evaluator.is_omaha8() {
        let check = |h: &[u8], b: &[u8]| check_row(&rules, h, b);
        let rows = |hands: &[u8], board: &[u8], out: &mut [u32]| {
            let mut ok = true;
            for ((h, b), slot) in hands
                .chunks_exact(shape.k)
                .zip(board.chunks_exact(shape.b))
                .zip(out.iter_mut())
            {
                let ids = h.iter().chain(b).fold(0u64, |ids, &c| ids | 1 << (c & 63));
                let below = h.iter().chain(b).fold(0u8, |m, &c| m.max(c)) < 52;
                ok &= ids.count_ones() as usize == shape.k + shape.b && below;
                *slot = evaluator.omaha8(h, b);
            }
            ok
        };
        return drive(hands, board, shape, out, threads, check, rows);
    }
    drive_rules(evaluator, hands, board, shape, out, threads)
}
