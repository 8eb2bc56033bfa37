//! Site hand histories read natively: the common shapes of PokerStars text
//! (`pokerstars`), read exactly as `hoyle.history.sites` reads them in
//! Python, which stays the reference and reads everything else. Each hand is
//! either read here (`Item::Hand`: its PHH fields, `hand::StarsHand`) or
//! handed back (`Item::Python`: the Python reader reads it, and gives its
//! error where it has one); a file this module cannot split exactly as
//! Python does is `None` (read wholly in Python). `check` replays a hand
//! read here and checks its nets, as `sites.check` does.

pub mod amount;
pub mod check;
pub mod hand;
pub mod lines;
pub mod pokerstars;

use amount::py_strip;
use hand::StarsHand;
use regex::Regex;
use std::sync::LazyLock;

/// `sites.MAX_LINE`: the longest line a site file may have.
const MAX_LINE: usize = 4_000;

static HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #\d+:").expect("pattern")
});

/// What the other formats' first lines start with (`sites.FORMATS`' header
/// patterns bar PokerStars', each needs one of these; PHH's `variant =` and
/// `[table]` too): a PokerStars text with such a line is Python's, which
/// refuses it as a file of mixed formats (`sites._other_site`).
/// tests/history/test_sites_native.py pins the patterns these follow.
const OTHER_PREFIXES: [&str; 9] = [
    "variant =",
    "variant=",
    "[",
    "Full Tilt Poker Game #",
    "#Game No : ",
    "Winamax Poker - ",
    "***** Hand History for Game ",
    "<",
    "Poker Hand #",
];

fn other_format(line: &str) -> bool {
    matches!(
        line.as_bytes().first(),
        Some(b'v' | b'[' | b'F' | b'#' | b'W' | b'*' | b'<' | b'P')
    ) && OTHER_PREFIXES.iter().any(|p| line.starts_with(p))
}

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

/// `sites.read_site` for PokerStars text; None: read it in Python.
pub fn read_pokerstars(text: &str) -> Option<Vec<Item>> {
    let text = text.trim_start_matches('\u{feff}');
    let suspect = |b: &u8| matches!(b, 0x0b | 0x0c | 0x1c..=0x1f | 0xc2 | 0xe2 | 0xef);
    if text.as_bytes().iter().any(suspect) && text.chars().any(odd) {
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
        if line.starts_with("PokerStars ") && HEADER.is_match(line) {
            starts.push(k);
        } else if (starts.is_empty() && !py_strip(line).is_empty()) || other_format(line) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fixtures() -> Vec<String> {
        let mut out = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(
            "tests/data/sites/hhsmithy/PokerStars",
        )];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).expect("fixtures") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if let Ok(text) = std::fs::read_to_string(&path) {
                    out.push(text);
                }
            }
        }
        out
    }

    #[test]
    fn the_fixtures_read() {
        let (mut read, mut back) = (0, 0);
        for text in fixtures() {
            for item in read_pokerstars(&text).unwrap_or_default() {
                match item {
                    Item::Hand(..) => read += 1,
                    Item::Python(..) => back += 1,
                }
            }
        }
        assert!(
            read > 100 && back < read / 10,
            "{read} read, {back} handed back"
        );
    }

    #[test]
    #[ignore = "a timing: cargo test --lib sites -- --ignored --nocapture"]
    fn timing() {
        let texts = fixtures();
        let started = std::time::Instant::now();
        let mut hands: u32 = 0;
        for _ in 0..50 {
            for text in &texts {
                hands += read_pokerstars(text).map_or(0, |v| u32::try_from(v.len()).unwrap_or(0));
            }
        }
        let each = started.elapsed().as_secs_f64() / f64::from(hands);
        println!("{hands} hands, {:.1} us a hand", each * 1e6);
    }
}
