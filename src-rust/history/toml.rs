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

/// Reads `text`; None for anything outside this reader's part of TOML.
pub fn read(text: &str) -> Option<Document<'_>> {
    // control characters (a CR only before LF): TOML refuses them, Python says where
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if (b < 0x20 && b != b'\t' && b != b'\n' && b != b'\r') || b == 0x7f {
            return None;
        }
        if b == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            return None;
        }
    }
    let mut doc = Document {
        root: Vec::new(),
        tables: Vec::new(),
    };
    let mut in_table = false;
    let mut lines = text.split('\n');
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
                || doc.root.iter().any(|(k, _)| *k == name)
                || doc.tables.iter().any(|(k, _)| *k == name)
            {
                return None;
            }
            doc.tables.push((name, Vec::new()));
            in_table = true;
            continue;
        }
        let (key, value) = line.split_once('=')?;
        let key = key.trim_end_matches([' ', '\t']);
        let table = if in_table {
            &mut doc.tables.last_mut()?.1
        } else {
            &mut doc.root
        };
        if !bare_key(key) || table.iter().any(|(k, _)| *k == key) {
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
    let first = *s.as_bytes().first()?;
    if first == b'\'' || first == b'"' {
        if s.starts_with("'''") || s.starts_with("\"\"\"") {
            return None;
        }
        let end = s[1..].find(first as char)? + 1;
        let body = &s[1..end];
        if first == b'"' && body.contains('\\') {
            return None;
        }
        return Some((Value::Str(body), &s[end + 1..]));
    }
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.' | ':' | '_')))
        .unwrap_or(s.len());
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
    let mut out = Vec::new();
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
        ] {
            assert!(read(bad).is_none(), "{bad:?}");
        }
    }
}
