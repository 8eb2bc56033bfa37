//! The PokerStars lines read without a pattern where the pattern costs
//! most (the seats, the summary's seats, the amounts), each exactly as
//! the Python reader's pattern matches it (or None: the hand is Python's).

use super::amount::{money, Dec};

/// The runs of a board run more than once, as the file names them.
pub const RUNS: [&str; 4] = ["FIRST", "SECOND", "THIRD", "FOURTH"];

/// `^Seat (\d+): ` (`_SUMMARY_SEAT`): `Some(Some(seat))` where it matches
/// with ASCII digits, `Some(None)` where it does not match, None where it
/// might with other digits (not modelled: the hand is Python's).
pub fn summary_seat(x: &str) -> Option<Option<u64>> {
    let Some(rest) = x.strip_prefix("Seat ") else {
        return Some(None);
    };
    let n = rest.bytes().take_while(u8::is_ascii_digit).count();
    match rest[n..].chars().next() {
        Some(c) if !c.is_ascii() => None,
        _ if n > 0 && rest[n..].starts_with(": ") => Some(Some(int(&rest[..n])?)),
        _ => Some(None),
    }
}

/// `_SEAT`'s match, `Seat (\d+): (.*) \(([^()]*?) in chips(?:, [^()]*)?\)(.*)`,
/// as the pattern's backtracking finds it (the name greedy: the last " ("
/// whose stack, the shortest with no parenthesis, is followed by " in
/// chips" and a closing one): `Some(Some((seat, name, stack)))`,
/// `Some(None)` where it does not match, None where it might with digits
/// not ASCII (the hand is Python's).
pub fn seat_line(x: &str) -> Option<Option<(u64, &str, &str)>> {
    let Some(rest) = x.strip_prefix("Seat ") else {
        return Some(None);
    };
    let n = rest.bytes().take_while(u8::is_ascii_digit).count();
    if rest[n..].chars().next().is_some_and(|c| !c.is_ascii()) {
        return None;
    }
    if n == 0 || !rest[n..].starts_with(": ") {
        return Some(None);
    }
    let body = &rest[n + 2..];
    for (e, _) in body.rmatch_indices(" (") {
        let after = &body[e + 2..];
        for (len, c) in after.char_indices() {
            if let Some(tail) = after[len..].strip_prefix(" in chips") {
                let closed = match tail.strip_prefix(", ") {
                    Some(r) => r.find(['(', ')']).is_some_and(|p| r.as_bytes()[p] == b')'),
                    None => false,
                };
                if closed || tail.starts_with(')') {
                    return Some(Some((int(&rest[..n])?, &body[..e], &after[..len])));
                }
            }
            if c == '(' || c == ')' {
                break;
            }
        }
    }
    Some(None)
}

/// The line starts with `*** RUN ` or `RUN ` (a quick test before `RUN`,
/// `SHOWN` and `BOARD`).
pub fn starts_with_run(x: &str) -> bool {
    RUNS.iter().any(|r| x.starts_with(r))
}

pub fn run_index(word: &str) -> usize {
    RUNS.iter().position(|r| *r == word).unwrap_or(0)
}

/// Python's `int` of `\d+` digits, where they are ASCII and fit.
pub fn int(digits: &str) -> Option<u64> {
    if digits.is_ascii() && digits.len() <= 18 {
        digits.parse().ok()
    } else {
        None
    }
}

/// `_Reader.amount`: the amount before an " and is all-in" suffix.
pub fn amount(text: &str) -> Option<Dec> {
    let text = text.split(" and is all-in").next().unwrap_or("");
    let text = text.split(" and has reached the").next().unwrap_or("");
    money(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use regex::Regex;

    fn seat_by_pattern(x: &str) -> Option<(String, String, String)> {
        let seat = Regex::new(
            r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips(?:, [^()]*)?\)(?P<rest>.*)",
        )
        .expect("pattern");
        let m = seat.captures(x)?;
        Some((m["seat"].into(), m["name"].into(), m["stack"].into()))
    }

    fn check(x: &str) {
        let by_pattern = seat_by_pattern(x);
        match seat_line(x) {
            Some(mine) => {
                let mine = mine.map(|(s, n, k)| (s.to_string(), n.to_string(), k.to_string()));
                assert_eq!(mine, by_pattern, "{x:?}");
            }
            None => assert!(!x.is_ascii(), "{x:?}"),
        }
        let summary = Regex::new(r"^Seat (\d+): ").expect("pattern");
        if let Some(mine) = summary_seat(x) {
            let theirs = summary
                .captures(x)
                .map(|m| m[1].parse::<u64>().unwrap_or(u64::MAX));
            assert_eq!(mine, theirs.filter(|&v| v != u64::MAX), "{x:?}");
        }
    }

    #[test]
    fn seat_lines_as_the_pattern_reads_them() {
        for x in [
            "Seat 1: Bob (1500 in chips)",
            "Seat 2: Bob (x) (1500 in chips) is sitting out",
            "Seat 3: A (B) ($1.50 in chips, $0.20 bounty)",
            "Seat 4: A ( in chips) (5 in chips)",
            "Seat 5: A (5 in chips, (x)",
            "Seat 6:  (5 in chips)",
            "Seat 7: A (5 in chips in chips)",
            "Seat 8: A (5 in chips, x) (6 in chips",
            "Seat 12x: A (5 in chips)",
            "Seat : A (5 in chips)",
        ] {
            check(x);
        }
    }

    proptest! {
        #[test]
        fn any_seat_line_as_the_pattern(
            parts in proptest::collection::vec(
                prop_oneof![
                    Just(" ("), Just(")"), Just("("), Just(" in chips"), Just(", "),
                    Just("Bob"), Just("1"), Just(" "), Just("$0.5"), Just("é"),
                ],
                0..10,
            ),
            seat in prop_oneof![Just("1"), Just("10"), Just(""), Just("x")],
        ) {
            check(&format!("Seat {seat}: {}", parts.concat()));
        }
    }
}
