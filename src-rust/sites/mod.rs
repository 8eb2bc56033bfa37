//! Site hand histories read natively: the common shapes of PokerStars text
//! (`pokerstars`), read exactly as `hoyle.history.sites` reads them in
//! Python, which stays the reference and reads everything else. Each hand is
//! either read here (`Item::Hand`: its PHH fields, `hand::StarsHand`) or
//! handed back (`Item::Python`: the Python reader reads it, and gives its
//! error where it has one); a file this module cannot split exactly as
//! Python does is `None` (read wholly in Python).

pub mod amount;
pub mod hand;
pub mod pokerstars;

use amount::py_strip;
use hand::StarsHand;
use regex::Regex;
use std::sync::LazyLock;

/// `sites.MAX_LINE`: the longest line a site file may have.
const MAX_LINE: usize = 10_000;

static HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #\d+:").expect("pattern")
});

/// A hand of a file, with the (1-based) line it starts on.
#[derive(Debug)]
pub enum Item {
    Hand(usize, Box<StarsHand>),
    /// For the Python reader: the hand's lines `start..end` (0-based, of
    /// the file's lines after its BOM).
    Python(usize, usize, usize),
}

/// `str.splitlines` at `\n`, `\r\n` and `\r` (the others are `odd`).
fn split_lines(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push(&text[start..i]);
                i += 1;
                start = i;
            }
            b'\r' => {
                out.push(&text[start..i]);
                i += if bytes.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        out.push(&text[start..]);
    }
    out
}

/// The characters `str.splitlines` breaks at beside `\n` and `\r`, and the
/// BOM inside a file: their files are split in Python.
fn odd(c: char) -> bool {
    matches!(
        c,
        '\x0b' | '\x0c' | '\x1c'..='\x1f' | '\u{85}' | '\u{2028}' | '\u{2029}' | '\u{feff}'
    )
}

/// `sites.read_site` for PokerStars text, less its check for other formats'
/// lines (Python's caller makes that one); None: read it in Python.
pub fn read_pokerstars(text: &str) -> Option<Vec<Item>> {
    let text = text.trim_start_matches('\u{feff}');
    if text.chars().any(odd) {
        return None;
    }
    let lines = split_lines(text);
    if lines
        .iter()
        .any(|x| x.len() > MAX_LINE && x.chars().count() > MAX_LINE)
    {
        return None;
    }
    let mut starts = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if HEADER.is_match(line) {
            starts.push(k);
        } else if starts.is_empty() && !py_strip(line).is_empty() {
            return None;
        }
    }
    let mut out = Vec::with_capacity(starts.len());
    for (j, &start) in starts.iter().enumerate() {
        let end = starts.get(j + 1).copied().unwrap_or(lines.len());
        let chunk: Vec<&str> = lines[start..end]
            .iter()
            .copied()
            .filter(|x| !py_strip(x).is_empty())
            .collect();
        out.push(match pokerstars::read_hand(&chunk) {
            Some(hand) => Item::Hand(start + 1, Box::new(hand)),
            None => Item::Python(start + 1, start, end),
        });
    }
    Some(out)
}
