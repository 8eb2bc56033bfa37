//! The part of TOML that PHH files use, read in the core: what
//! `hoyle.history.toml_text.fast_toml` reads, and less. Bare keys; literal
//! strings and basic ones without escapes; integers (at most 18 digits)
//! and decimals without exponents (their text, for Python's `Decimal`);
//! booleans; times `HH:MM:SS`; flat arrays of those, over several lines
//! with comments; `[inf, inf, ...]` (unknown stacks); `[name]` tables.
//! Anything else, or any document TOML refuses (a key twice, a control
//! character...), is `None`: the Python readers read it and say what is
//! wrong, so wherever this reader answers, it answers as they do.

/// A value as the file writes it (numbers and strings as their text).
#[derive(Debug, PartialEq, Eq)]
pub enum Value<'a> {
    Str(&'a str),
    Int(i64),
    /// A decimal's text, `Decimal(text)` in Python.
    Decimal(&'a str),
    /// `inf`, only in an array of them all (`Decimal("inf")`).
    Inf,
    Bool(bool),
    Time(u8, u8, u8),
    Array(Vec<Value<'a>>),
}

/// A table: its keys and values in the file's order.
pub type Table<'a> = Vec<(&'a str, Value<'a>)>;

/// The document: the root table, then each `[name]` table.
pub struct Document<'a> {
    pub root: Table<'a>,
    pub tables: Vec<(&'a str, Table<'a>)>,
}

fn bare_key(key: &str) -> bool {
    !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// What may follow a value on its line: blanks, then a comment or nothing.
fn rest_is_blank(rest: &str) -> bool {
    let rest = rest.trim_start_matches([' ', '\t', '\r']);
    rest.is_empty() || rest.starts_with('#')
}

type KeySet<'a> = rustc_hash::FxHashSet<&'a str>;

/// The lines of a text, as `text.split('\n')` gives them (the last one
/// even when empty), found with `memchr`.
struct Lines<'a> {
    text: &'a str,
    /// Where the next line starts; None after the last.
    at: Option<usize>,
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let at = self.at?;
        let rest = &self.text[at..];
        match memchr::memchr(b'\n', rest.as_bytes()) {
            Some(i) => {
                self.at = Some(at + i + 1);
                Some(&rest[..i])
            }
            None => {
                self.at = None;
                Some(rest)
            }
        }
    }
}

/// Reads `text`; None for anything outside this reader's part of TOML.
pub fn read(text: &str) -> Option<Document<'_>> {
    // control characters (a CR only before LF): TOML refuses them, Python
    // says where (one branch-free pass, then the CRs, if any, one by one)
    let bytes = text.as_bytes();
    let control = |b: u8| (b < 0x20 && b != b'\t' && b != b'\n' && b != b'\r') || b == 0x7f;
    if bytes.iter().fold(false, |bad, &b| bad | control(b)) {
        return None;
    }
    if bytes.contains(&b'\r') {
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
                return None;
            }
        }
    }
    let mut doc = Document {
        root: Vec::new(),
        tables: Vec::new(),
    };
    // the keys seen, to refuse one twice: the root's, the tables' names, the
    // current table's (sets: a PHH hand has some twenty keys)
    let (mut root_keys, mut names, mut keys) =
        (KeySet::default(), KeySet::default(), KeySet::default());
    let mut in_table = false;
    let mut lines = Lines { text, at: Some(0) };
    while let Some(raw) = lines.next() {
        let line = raw.trim_matches([' ', '\t', '\r']);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(header) = line.strip_prefix('[') {
            let (name, after) = header.split_once(']')?;
            let name = name.trim_matches([' ', '\t']);
            if !bare_key(name)
                || !rest_is_blank(after)
                || root_keys.contains(name)
                || !names.insert(name)
            {
                return None;
            }
            doc.tables.push((name, Vec::with_capacity(32))); // (a PHH hand's fields)
            keys.clear();
            in_table = true;
            continue;
        }
        let eq = memchr::memchr(b'=', line.as_bytes())?;
        let (key, value) = (&line[..eq], &line[eq + 1..]);
        let key = key.trim_end_matches([' ', '\t']);
        let (table, seen) = if in_table {
            (&mut doc.tables.last_mut()?.1, &mut keys)
        } else {
            (&mut doc.root, &mut root_keys)
        };
        if !bare_key(key) || !seen.insert(key) {
            return None;
        }
        let value = value.trim_start_matches([' ', '\t']);
        let value = if value.starts_with('[') {
            array(value, &mut lines)?
        } else {
            let (v, rest) = scalar(value)?;
            if !rest_is_blank(rest) {
                return None;
            }
            v
        };
        table.push((key, value));
    }
    Some(doc)
}

/// A scalar at the start of `s`, and what follows it.
fn scalar(s: &str) -> Option<(Value<'_>, &str)> {
    let b = s.as_bytes();
    let first = *b.first()?;
    if first == b'\'' || first == b'"' {
        if b.len() >= 3 && b[1] == first && b[2] == first {
            return None; // a multi-line string
        }
        // (a byte loop: these strings are short, and a quote or a
        // backslash is ASCII, never inside another character's bytes)
        let mut end = 1;
        while end < b.len() && b[end] != first {
            if first == b'"' && b[end] == b'\\' {
                return None;
            }
            end += 1;
        }
        if end == b.len() {
            return None; // not closed on its line
        }
        return Some((Value::Str(&s[1..end]), &s[end + 1..]));
    }
    let end = b
        .iter()
        .position(|&c| {
            !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.' | b':' | b'_'))
        })
        .unwrap_or(b.len());
    let (word, rest) = s.split_at(end);
    let v = match word {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => number_or_time(word)?,
    };
    Some((v, rest))
}

fn number_or_time(word: &str) -> Option<Value<'_>> {
    let b = word.as_bytes();
    if b.len() == 8 && b[2] == b':' && b[5] == b':' {
        let two = |i: usize| -> Option<u8> {
            let (x, y) = (b[i], b[i + 1]);
            (x.is_ascii_digit() && y.is_ascii_digit()).then(|| (x - b'0') * 10 + (y - b'0'))
        };
        let (h, m, s) = (two(0)?, two(3)?, two(6)?);
        return (h < 24 && m < 60 && s < 60).then_some(Value::Time(h, m, s));
    }
    let unsigned = word.strip_prefix(['+', '-']).unwrap_or(word);
    let (whole, frac) = match unsigned.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (unsigned, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    if !digits(whole) || (whole.len() > 1 && whole.starts_with('0')) {
        return None;
    }
    match frac {
        None if whole.len() <= 18 => word.parse().ok().map(Value::Int),
        None => None,
        Some(f) if digits(f) => Some(Value::Decimal(word)),
        Some(_) => None,
    }
}

/// A flat array opening `s`, reading more `lines` until it closes.
fn array<'a>(s: &'a str, lines: &mut impl Iterator<Item = &'a str>) -> Option<Value<'a>> {
    let mut out = Vec::with_capacity(16);
    let mut rest = &s[1..];
    let mut want_value = true; // a value may come (after "[" or ",")
    let mut infs = 0usize;
    loop {
        rest = rest.trim_start_matches([' ', '\t', '\r']);
        if rest.is_empty() || rest.starts_with('#') {
            rest = lines.next()?; // the array goes on on the next line
            continue;
        }
        match rest.as_bytes()[0] {
            b']' => {
                if !rest_is_blank(&rest[1..]) || (infs > 0 && infs != out.len()) {
                    return None;
                }
                return Some(Value::Array(out));
            }
            b',' if !want_value => {
                want_value = true;
                rest = &rest[1..];
            }
            b'[' | b',' | b'{' => return None, // nested, or two commas
            _ if want_value => {
                if let Some(after) = rest.strip_prefix("inf") {
                    if after.starts_with(|c: char| c.is_ascii_alphanumeric()) {
                        return None;
                    }
                    out.push(Value::Inf);
                    infs += 1;
                    rest = after;
                } else {
                    let (v, after) = scalar(rest)?;
                    out.push(v);
                    rest = after;
                }
                want_value = false;
            }
            _ => return None, // two values without a comma
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{read, Value};

    #[test]
    fn a_phh_file_reads() {
        let doc = read(
            "variant = 'NT'\r\nantes = [2.50, 0]\nmin_bet = 10 # c\n\
             starting_stacks = [inf, inf]\nactions = [\n  'd dh p1 ????', # x\n  \"p1 f\",\n]\n\
             time = 00:01:12\nflag = true\n[2]\nvariant = 'FR'\n",
        )
        .unwrap();
        assert_eq!(doc.root[0], ("variant", Value::Str("NT")));
        assert_eq!(
            doc.root[1].1,
            Value::Array(vec![Value::Decimal("2.50"), Value::Int(0)])
        );
        assert_eq!(doc.root[2].1, Value::Int(10));
        assert_eq!(doc.root[3].1, Value::Array(vec![Value::Inf, Value::Inf]));
        assert_eq!(
            doc.root[4].1,
            Value::Array(vec![Value::Str("d dh p1 ????"), Value::Str("p1 f")])
        );
        assert_eq!(doc.root[5].1, Value::Time(0, 1, 12));
        assert_eq!(doc.root[6].1, Value::Bool(true));
        assert_eq!(doc.tables[0].0, "2");
        assert_eq!(doc.tables[0].1[0], ("variant", Value::Str("FR")));
    }

    #[test]
    fn keys_are_per_table_and_lines_as_split_gives_them() {
        // the same key in two tables, a last line without its newline
        let doc = read("a = 1\n[t]\na = 2\n[u]\na = 'x\u{e9}'\r\nb = \"q\"").unwrap();
        assert_eq!(doc.root, vec![("a", Value::Int(1))]);
        assert_eq!(doc.tables[0], ("t", vec![("a", Value::Int(2))]));
        assert_eq!(
            doc.tables[1],
            (
                "u",
                vec![("a", Value::Str("x\u{e9}")), ("b", Value::Str("q"))]
            )
        );
        // an array over several lines, the text ending in its newline
        let doc = read("a = [\n1,\n'b'\n]\n").unwrap();
        assert_eq!(
            doc.root[0].1,
            Value::Array(vec![Value::Int(1), Value::Str("b")])
        );
        assert!(read("").unwrap().root.is_empty());
    }

    #[test]
    fn anything_else_is_left_to_python() {
        for bad in [
            "a = 1\na = 2",
            "a = 01",
            "a = 1_000",
            "a = 1e5",
            "a = [[1]]",
            "a = [1 2]",
            "a = [1,,2]",
            "a = {b = 1}",
            "a = 1979-05-27",
            "a = inf",
            "a = [inf, 1]",
            "a = \"\\n\"",
            "a = '''x'''",
            "a.b = 1",
            "'a' = 1",
            "a = 1 x",
            "a = [1",
            "[t]\n[t]",
            "t = 1\n[t]",
            "a = 1\r",
            "a = \u{1}",
            "a = 1234567890123456789",
            "a = 24:00:00",
            "a",
            "[t]\na = 1\na = 2",
            "[t]\na = 1\n[u]\n[t]",
            "a = 'x",
            "a = [\"x\\\"\"]",
            "a = 1\rb = 2",
            "a = ['x'",
            "a = [1, 2,\n",
        ] {
            assert!(read(bad).is_none(), "{bad:?}");
        }
    }
}
