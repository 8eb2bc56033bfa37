//! Amounts and cards as the site readers of `hoyle.history.sites` read
//! them, exactly: an amount is Python's `Decimal` of the digits written (its
//! exponent kept, so that `str` of a sum is what Python's `Decimal` prints),
//! a card list is PHH text. Anything the Python readers would refuse, or
//! read in a way this module does not model (non-ASCII digits, more than six
//! decimals, absurd amounts), is `None`: the caller falls back to Python.

use regex::Regex;
use std::cmp::Ordering;
use std::sync::LazyLock;

/// The most decimals an amount may carry here (Python prints more, or
/// tiny values, in exponent form, which this module does not write).
const MAX_DECIMALS: u32 = 6;
/// `common.MAX_AMOUNT`: 10**15 (in the file's money).
const MAX_WHOLE: i128 = 1_000_000_000_000_000;

/// An exact decimal amount: `coef / 10**dec`, as Python's `Decimal` with
/// exponent `-dec`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dec {
    pub coef: i128,
    pub dec: u32,
}

impl Dec {
    pub const ZERO: Dec = Dec { coef: 0, dec: 0 };

    fn at(self, dec: u32) -> i128 {
        self.coef * 10i128.pow(dec - self.dec)
    }

    /// `self + other`, exact, with the smaller exponent (as `Decimal`).
    pub fn plus(self, other: Dec) -> Dec {
        let dec = self.dec.max(other.dec);
        Dec {
            coef: self.at(dec) + other.at(dec),
            dec,
        }
    }

    pub fn negated(self) -> Dec {
        Dec {
            coef: -self.coef,
            dec: self.dec,
        }
    }

    pub fn minus(self, other: Dec) -> Dec {
        self.plus(other.negated())
    }

    pub fn is_zero(self) -> bool {
        self.coef == 0
    }

    /// Whole: `_plain` writes it as an int.
    pub fn whole(self) -> Option<i128> {
        let unit = 10i128.pow(self.dec);
        (self.coef % unit == 0).then_some(self.coef / unit)
    }

    /// `str(Decimal)` (no exponent form: at most six decimals).
    pub fn text(self) -> String {
        let digits = self.coef.unsigned_abs().to_string();
        let sign = if self.coef < 0 { "-" } else { "" };
        let dec = self.dec as usize;
        if dec == 0 {
            return format!("{sign}{digits}");
        }
        let padded = format!("{digits:0>width$}", width = dec + 1);
        let (int, frac) = padded.split_at(padded.len() - dec);
        format!("{sign}{int}.{frac}")
    }

    /// The decimal places of the value (trailing zeros left off).
    pub fn places(self) -> u32 {
        let mut d = self;
        while d.dec > 0 && d.coef % 10 == 0 {
            d = Dec {
                coef: d.coef / 10,
                dec: d.dec - 1,
            };
        }
        d.dec
    }

    /// `Decimal.normalize()` of a value that is not whole: the trailing
    /// zeros of its decimals left off.
    pub fn normalized(self) -> Dec {
        let mut d = self;
        while d.dec > 0 && d.coef % 10 == 0 {
            d = Dec {
                coef: d.coef / 10,
                dec: d.dec - 1,
            };
        }
        d
    }

    /// `str(Decimal.normalize())` of a value that is not whole.
    pub fn normal_text(self) -> String {
        self.normalized().text()
    }
}

impl PartialEq for Dec {
    fn eq(&self, other: &Dec) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Dec {}
impl PartialOrd for Dec {
    fn partial_cmp(&self, other: &Dec) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Dec {
    fn cmp(&self, other: &Dec) -> Ordering {
        let dec = self.dec.max(other.dec);
        self.at(dec).cmp(&other.at(dec))
    }
}

/// `common._MONEY`, anchored at both ends (Python's `fullmatch`).
static MONEY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[^\d]{0,3}?([\d][\d,]*(?:\.\d+)?)(?:\s?[^\d\s]{1,3})?)$").expect("pattern")
});

/// Python's `str.isspace` (with `str.split`'s and `str.strip`'s sense).
pub fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

pub fn py_strip(s: &str) -> &str {
    s.trim_matches(py_space)
}

pub fn py_rstrip(s: &str) -> &str {
    s.trim_end_matches(py_space)
}

/// `common.money(text)`; None where Python refuses it (or reads it in a
/// way not modelled here).
pub fn money(text: &str) -> Option<Dec> {
    let text = py_strip(text);
    let digits = match plain_digits(text) {
        Some(digits) => digits,
        None => MONEY.captures(text)?.get(1)?.as_str(),
    };
    if !digits.is_ascii() {
        return None;
    }
    let mut coef: i128 = 0;
    let mut dec: u32 = 0;
    let mut frac = false;
    let mut count = 0;
    for b in digits.bytes() {
        match b {
            b',' => {}
            b'.' => frac = true,
            _ => {
                if coef == 0 && b == b'0' && !frac {
                    continue; // (leading zeros: no significance)
                }
                count += 1;
                if count > 30 {
                    return None;
                }
                coef = coef * 10 + i128::from(b - b'0');
                if frac {
                    dec += 1;
                }
            }
        }
    }
    if dec > MAX_DECIMALS {
        return None;
    }
    let value = Dec { coef, dec };
    (value
        <= Dec {
            coef: MAX_WHOLE,
            dec: 0,
        })
    .then_some(value)
}

/// The common shape of an amount, `[$€£]?D[D,]*(.D+)?` (ASCII digits),
/// without the pattern: the digits `_MONEY` captures from it (its lazy
/// prefix takes the symbol, its digits all the rest). None: another shape,
/// for the pattern.
fn plain_digits(text: &str) -> Option<&str> {
    let digits = text.strip_prefix(['$', '€', '£']).unwrap_or(text);
    let b = digits.as_bytes();
    if !b.first()?.is_ascii_digit() {
        return None;
    }
    let int = b
        .iter()
        .take_while(|c| c.is_ascii_digit() || **c == b',')
        .count();
    match &b[int..] {
        [] => Some(digits),
        [b'.', frac @ ..] if !frac.is_empty() && frac.iter().all(u8::is_ascii_digit) => {
            Some(digits)
        }
        _ => None,
    }
}

/// `common.site_cards(text)`: `Ah Kd`, `10h` as PHH text (`AhKd`).
pub fn site_cards(text: &str) -> Option<String> {
    let mut out = String::new();
    let spaced = text.replace(',', " ");
    for word in spaced.split(py_space).filter(|w| !w.is_empty()) {
        if !word.is_ascii() {
            return None;
        }
        let (head, last) = word.split_at(word.len() - 1);
        let rank = head.replace("10", "T").to_ascii_uppercase();
        let suit = last.to_ascii_lowercase();
        if rank.len() != 1 || !"23456789TJQKA".contains(&rank) || !"cdhs".contains(&suit) {
            return None;
        }
        out.push_str(&rank);
        out.push_str(&suit);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_as_python_decimal_prints_them() {
        let m = |s| money(s).map(Dec::text);
        assert_eq!(m("$1,000.50").as_deref(), Some("1000.50"));
        assert_eq!(m(" 0.05€ ").as_deref(), Some("0.05"));
        assert_eq!(m("1500 USD").as_deref(), Some("1500"));
        assert_eq!(m("007").as_deref(), Some("7"));
        assert_eq!(m("0.000").as_deref(), Some("0.000"));
        assert_eq!(m("all-in"), None);
        assert_eq!(m("1000000000000001"), None);
        assert_eq!(m("0.0000001"), None);
        let a = money("1.5").unwrap().plus(money("0.50").unwrap());
        assert_eq!(a.text(), "2.00");
        assert_eq!(a.whole(), Some(2));
        assert_eq!(Dec::ZERO.minus(money("0.25").unwrap()).text(), "-0.25");
        assert_eq!(money("2.50").unwrap().normal_text(), "2.5");
    }

    proptest::proptest! {
        #[test]
        fn the_common_amounts_as_the_pattern_reads_them(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::strategy::Just("$"), proptest::strategy::Just("€"),
                    proptest::strategy::Just("1"), proptest::strategy::Just("0"),
                    proptest::strategy::Just(","), proptest::strategy::Just("."),
                    proptest::strategy::Just(" "), proptest::strategy::Just("USD"),
                ],
                0..8,
            ),
        ) {
            let text = parts.concat();
            if let Some(digits) = plain_digits(&text) {
                let theirs = MONEY.captures(&text).and_then(|m| m.get(1)).map(|g| g.as_str());
                proptest::prop_assert_eq!(Some(digits), theirs, "{:?}", text);
            }
        }
    }

    #[test]
    fn cards_as_phh_text() {
        assert_eq!(site_cards("Ah 10d, ks").as_deref(), Some("AhTdKs"));
        assert_eq!(site_cards("").as_deref(), Some(""));
        assert_eq!(site_cards("Xx"), None);
        assert_eq!(site_cards("1h"), None);
    }
}
