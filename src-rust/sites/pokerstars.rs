//! PokerStars text read natively: the same reading as
//! `hoyle.history.sites.pokerstars.read_hand` (Python), for the hands it
//! reads without an error. A hand this reader is not sure of (anything the
//! Python reader refuses, and shapes not modelled here) is `None`, and the
//! caller reads it with the Python reader, which stays the reference: the
//! two give the same `HandHistory` fields for every hand read here
//! (tests/history/test_sites_native.py compares them on every fixture and on
//! fuzzed text).

use super::amount::{money, py_rstrip, py_space, site_cards, Dec};
use super::hand::{Extra, StarsHand, Table};
use super::lines::{amount, int, run_index, seat_line, starts_with_run, summary_seat};
use regex::Regex;
use std::sync::LazyLock;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).expect("pattern")
}

static HEAD: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<id>\d+):\s+",
        r"(?:Tournament #(?P<tour>\d+), (?P<buyin>.*?)\s+)?",
        r"(?P<game>Hold'em|Omaha Hi/Lo|Omaha|5 Card Omaha Hi/Lo|5 Card Omaha|[^()]*?) ",
        r"(?P<limit>No Limit|Pot Limit|Limit)",
        r"(?: - (?:Match Round \S+, )?Level (?P<level>\S+))?",
        r" \((?P<stakes>[^)]*)\) - (?P<date>.*)"
    ))
});
static TABLE: LazyLock<Regex> = LazyLock::new(|| {
    re(concat!(
        r"^Table '(?P<table>.*)' (?P<max>\d+)-max (?:\(Play Money\) )?",
        r"Seat #(?P<button>\d+) is the button"
    ))
});

static DATE: LazyLock<Regex> =
    LazyLock::new(|| re(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ?(\w*)"));
static TOTAL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^Total pot (?P<pot>\S+)(?P<side>.*?)\s*(?:\| Rake (?P<rake>\S+))?(?P<fees>(?: \| .*)?)\s*$",
    )
});
static FEE: LazyLock<Regex> =
    LazyLock::new(|| re(r"\| (?P<name>[A-Za-z ]+?):? (?P<amount>[^\s|]+)"));
static CAP: LazyLock<Regex> = LazyLock::new(|| re(r" - (\S+) Cap - "));
static RUN: LazyLock<Regex> =
    LazyLock::new(|| re(r"^\*\*\* (FIRST|SECOND|THIRD|FOURTH) (?:FLOP|TURN|RIVER) \*\*\* \["));
static SHOWN: LazyLock<Regex> =
    LazyLock::new(|| re(r"^\*\*\* (FIRST|SECOND|THIRD|FOURTH) SHOW DOWN \*\*\*"));
static BOARD: LazyLock<Regex> =
    LazyLock::new(|| re(r"^(FIRST|SECOND|THIRD|FOURTH) Board \[([^\]]*)\]"));
static BRACKETS: LazyLock<Regex> = LazyLock::new(|| re(r"\[([^\]]*)\]"));

const STREETS: [&str; 3] = ["*** FLOP ***", "*** TURN ***", "*** RIVER ***"];

/// One hand: its non-blank lines from the header on; None where the
/// Python reader is the one to read it.
pub fn read_hand(lines: &[&str]) -> Option<StarsHand> {
    let mut t = Table::default();
    let (button, small, big) = header(&mut t, lines)?;
    let summary = lines
        .iter()
        .position(|x| x.starts_with("*** SUMMARY ***"))?;
    let mut boards: Vec<(usize, String)> = Vec::new(); // run -> its board
    let dealt = read_summary(&mut t, lines, summary, &mut boards)?;
    let k = seats(&mut t, lines, button, &dealt)?;
    let k = forced(&mut t, lines, k, summary, big)?;
    t.fixed = t.variant.starts_with('F');
    t.small = small;
    t.big = big;
    play(&mut t, lines, k + 1, summary)?;
    runs(&t, &boards)?;
    shown(&mut t, &lines[summary + 1..])?;
    if t.back.iter().all(|b| b.is_zero()) {
        t.infer_uncalled();
    }
    t.totals()?;
    Some(t.finish())
}

fn header(t: &mut Table, lines: &[&str]) -> Option<(u64, Dec, Dec)> {
    let head = HEAD.captures(lines[0])?;
    let game = match &head["game"] {
        "Hold'em" => "T",
        "Omaha" => "O",
        "Omaha Hi/Lo" => "O/8",
        _ => return None,
    };
    let limit = match &head["limit"] {
        "No Limit" => "N",
        "Pot Limit" => "P",
        _ => "F",
    };
    t.variant = format!("{limit}{game}");
    let stakes_text = &head["stakes"];
    let first = stakes_text.split(py_space).find(|w| !w.is_empty())?;
    let stakes: Vec<&str> = first.split('/').collect();
    if stakes.len() != 2 {
        return None;
    }
    let (small, big) = (money(stakes[0])?, money(stakes[1])?);
    let tour = head.name("tour");
    let currency = match tour {
        None => stakes_text.split(py_space).rfind(|w| !w.is_empty()),
        Some(_) => None,
    };
    if let Some(tour) = tour {
        t.extra
            .push(("_hoyle_tournament", Extra::Str(tour.as_str().into())));
        t.extra
            .push(("_hoyle_buy_in", Extra::Str(head["buyin"].into())));
        if let Some(level) = head.name("level").filter(|l| !l.is_empty()) {
            t.extra
                .push(("_hoyle_level", Extra::Str(level.as_str().into())));
        }
    }
    if let Some(currency) = currency.filter(|c| !c.is_empty()) {
        let alpha = if currency.is_ascii() {
            currency.bytes().all(|b| b.is_ascii_alphabetic())
        } else if currency.bytes().any(|b| b.is_ascii_digit() || b == b'/') {
            false
        } else {
            return None; // (str.isalpha of other letters: not modelled)
        };
        if alpha {
            t.extra.push(("currency", Extra::Str(currency.into())));
            let symbol = stakes_text.chars().next()?;
            if !symbol.is_ascii() && !"€£¥₹".contains(symbol) {
                return None;
            }
            if !symbol.is_ascii_digit() {
                t.extra.push(("currency_symbol", Extra::Str(symbol.into())));
            }
        }
    }
    let id = &head["id"];
    if !id.is_ascii() || id.len() > 36 {
        return None;
    }
    t.extra.push(("hand", Extra::Int(id.parse().ok()?)));
    if let Some(cap) = CAP.captures(stakes_text) {
        let cap = money(&cap[1])?;
        t.cap = Some(cap);
        t.extra.push(("_hoyle_cap", Extra::Dec(cap)));
    }
    let date = &head["date"];
    if !date.is_ascii() {
        return None;
    }
    let dates: Vec<regex::Captures> = DATE.captures_iter(date).collect();
    if let Some(first) = dates.first() {
        let d = dates.iter().find(|d| &d[7] == "ET").unwrap_or(first);
        let n: Vec<u64> = (1..7).map(|g| d[g].parse().unwrap_or(u64::MAX)).collect();
        if !valid_date(n[0], n[1], n[2]) || n[3] > 23 || n[4] > 59 || n[5] > 59 {
            return None;
        }
        let [y, mo, da, h, mi, s] = [n[0], n[1], n[2], n[3], n[4], n[5]];
        t.extra.push(("year", Extra::Int(i128::from(y))));
        t.extra.push(("month", Extra::Int(i128::from(mo))));
        t.extra.push(("day", Extra::Int(i128::from(da))));
        t.extra
            .push(("time", Extra::Time(h as u8, mi as u8, s as u8)));
        let zone = match &d[7] {
            "ET" => Some("America/New_York"),
            "UTC" | "GMT" => Some("UTC"),
            "CET" => Some("Europe/Paris"),
            _ => None,
        };
        if let Some(zone) = zone {
            t.extra.push(("time_zone", Extra::Str(zone.into())));
        }
    }
    let table = TABLE.captures(lines.get(1)?)?;
    t.extra.push(("table", Extra::Str(table["table"].into())));
    t.extra
        .push(("seat_count", Extra::Int(i128::from(int(&table["max"])?))));
    Some((int(&table["button"])?, small, big))
}

fn valid_date(y: u64, m: u64, d: u64) -> bool {
    let leap = y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400));
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=9999).contains(&y) && (1..=days).contains(&d)
}

fn read_summary(
    t: &mut Table,
    lines: &[&str],
    summary: usize,
    boards: &mut Vec<(usize, String)>,
) -> Option<Vec<u64>> {
    let mut dealt = Vec::new();
    let mut total = None;
    for x in &lines[summary + 1..] {
        if x.starts_with("Total pot") {
            let m = TOTAL.captures(x)?;
            total = Some(money(&m["pot"])?);
            if let Some(rake) = m.name("rake") {
                t.rake = money(rake.as_str())?;
            }
            for fee in FEE.captures_iter(m.name("fees").map_or("", |f| f.as_str())) {
                let name = fee["name"]
                    .trim_matches(' ')
                    .to_ascii_lowercase()
                    .replace(' ', "_");
                let value = money(&fee["amount"])?;
                match t.fees.iter_mut().find(|(n, _)| *n == name) {
                    Some(slot) => slot.1 = value,
                    None => t.fees.push((name, value)),
                }
            }
        } else if let Some(seat) = summary_seat(x)? {
            dealt.push(seat);
        } else if let Some(b) = starts_with_run(x).then(|| BOARD.captures(x)).flatten() {
            let run = run_index(&b[1]);
            let cards = site_cards(&b[2])?;
            boards.retain(|(r, _)| *r != run);
            boards.push((run, cards));
        }
    }
    t.total_pot = Some(total?);
    Some(dealt)
}

fn seats(t: &mut Table, lines: &[&str], button: u64, dealt: &[u64]) -> Option<usize> {
    let mut seated: Vec<(u64, String, Dec)> = Vec::new();
    let mut k = 2;
    while k < lines.len() {
        let Some((seat, name, stack)) = seat_line(lines[k])? else {
            break;
        };
        seated.push((seat, name.into(), money(stack)?));
        k += 1;
    }
    if seated.is_empty() {
        return None;
    }
    seated.retain(|s| dealt.contains(&s.0));
    seated.sort_by_key(|s| (s.0 <= button, s.0)); // (stable, as Python's sorted)
    for (seat, name, stack) in seated {
        t.seat(name, stack, seat)?;
    }
    if t.names.len() < 2 {
        return None;
    }
    t.by_length = (0..t.names.len()).collect();
    t.by_length
        .sort_by_key(|&i| std::cmp::Reverse(t.names[i].chars().count()));
    Some(k)
}

/// `Lines.speaker`: the player whose line `x` is (`NAME` then `sep`), and
/// the rest of the line (stripped on the right).
fn speaker<'a>(t: &Table, x: &'a str, sep: &str) -> Option<(usize, &'a str)> {
    for &i in &t.by_length {
        let name = &t.names[i];
        if let Some(rest) = x.strip_prefix(name.as_str()) {
            if let Some(rest) = rest.strip_prefix(sep) {
                return Some((i, py_rstrip(rest)));
            }
        }
    }
    None
}

fn says(t: &Table, x: &str, sep: &str) -> bool {
    t.by_length.iter().any(|&i| {
        x.strip_prefix(t.names[i].as_str())
            .is_some_and(|r| r.starts_with(sep))
    })
}

fn forced(t: &mut Table, lines: &[&str], mut k: usize, summary: usize, big: Dec) -> Option<usize> {
    let n = t.names.len();
    let (sb, bb) = if n == 2 { (1, 0) } else { (0, 1) };
    while k < summary && !lines[k].starts_with("*** HOLE CARDS ***") {
        let x = lines[k];
        if x.contains(": posts ") && says(t, x, ": posts ") {
            let (i, rest) = speaker(t, x, ": ")?;
            let rest = rest.strip_prefix("posts ")?; // (rest[6:]: another name's line is Python's)
            let (what, amount_text) = rest.rsplit_once(' ').unwrap_or(("", rest));
            let value = amount(amount_text)?;
            match what {
                "the ante" => t.ante(i, value),
                "small blind" if i == sb => t.blind(i, value, false, true),
                "big blind" if i == bb => t.blind(i, value, false, true),
                "big blind" if value == big => t.blind(i, value, true, true),
                "small blind" => t.blind(i, value, true, false),
                _ => return None,
            }
        } else if x.starts_with("*** ") {
            return None;
        }
        k += 1;
    }
    Some(k)
}

fn play(t: &mut Table, lines: &[&str], start: usize, summary: usize) -> Option<()> {
    let mut showdown = false;
    for x in lines.iter().take(summary).skip(start) {
        let x = *x;
        if let Some(after) = x.strip_prefix("*** ") {
            let run = starts_with_run(after).then(|| RUN.captures(x)).flatten();
            let first = run.as_ref().is_some_and(|r| &r[1] == "FIRST");
            if STREETS.iter().any(|s| x.starts_with(s)) || first {
                let after = x.rsplit('[').next().unwrap_or(x);
                let cards = py_rstrip(after).trim_end_matches(']');
                let cards = site_cards(cards)?;
                t.board(cards);
            } else if let Some(run) = run {
                let words: Vec<&str> = BRACKETS
                    .captures_iter(x)
                    .map(|c| c.get(1).map_or("", |g| g.as_str()))
                    .collect();
                let cards = site_cards(&words.join(" "))?;
                let at = run_index(&run[1]);
                t.runouts.retain(|(r, _)| *r != at);
                t.runouts.push((at, cards));
            } else if x.starts_with("*** SHOW DOWN ***") || x.starts_with("*** FIRST SHOW DOWN ***")
            {
                showdown = true;
            } else if starts_with_run(after) && SHOWN.captures(x).is_some_and(|s| &s[1] != "FIRST")
            {
                showdown = false;
            } else {
                return None;
            }
        } else if let Some(rest) = x.strip_prefix("Dealt to ") {
            let rest = py_rstrip(rest);
            for &i in &t.by_length.clone() {
                if let Some(after) = rest
                    .strip_prefix(t.names[i].as_str())
                    .and_then(|r| r.strip_prefix(" ["))
                {
                    let cards = site_cards(after.split(']').next().unwrap_or(""))?;
                    t.deal(i, &cards);
                    break;
                }
            }
        } else if let Some(rest) = x.strip_prefix("Uncalled bet (") {
            let rest = py_rstrip(rest);
            let (amount_text, name) = rest.split_once(") returned to ").unwrap_or((rest, ""));
            let i = t.index(name)?;
            let value = money(amount_text)?;
            t.back[i] = t.back[i].plus(value);
            t.street[i] = t.street[i].minus(value);
        } else if x.contains(" collected ")
            && x.contains(" from ")
            && x.rsplit_once(" collected ")
                .is_some_and(|(name, _)| t.index(name).is_some())
        {
            let (name, rest) = py_rstrip(x).rsplit_once(" collected ")?;
            let i = t.index(name)?;
            let value = money(rest.split(" from ").next().unwrap_or(""))?;
            t.won[i] = t.won[i].plus(value);
        } else if says(t, x, ": ") {
            act(t, x, showdown)?;
        }
    }
    Some(())
}

fn act(t: &mut Table, x: &str, showdown: bool) -> Option<()> {
    let (i, rest) = speaker(t, x, ": ")?;
    if rest == "folds" {
        t.folded[i] = true;
        t.body.push(format!("p{} f", i + 1));
    } else if rest == "checks" {
        t.body.push(format!("p{} cc", i + 1));
    } else if let Some(a) = rest.strip_prefix("calls ") {
        let value = amount(a)?;
        t.street[i] = t.street[i].plus(value);
        t.put[i] = t.put[i].plus(value);
        t.body.push(format!("p{} cc", i + 1));
    } else if let Some(a) = rest.strip_prefix("bets ") {
        let value = amount(a)?;
        t.raise_to(i, t.street[i].plus(value));
    } else if rest.starts_with("raises ") {
        let to = rest.split_once(" to ").map_or(rest, |(_, to)| to);
        t.raise_to(i, amount(to)?);
    } else if let Some(c) = rest.strip_prefix("shows [") {
        let cards = site_cards(c.split(']').next().unwrap_or(""))?;
        if showdown {
            t.show(i, Some(cards));
        } else {
            t.deal(i, &cards);
        }
    } else if rest.starts_with("mucks hand") {
        if showdown {
            t.show(i, None);
        }
    } else if [
        "doesn't show",
        "sits out",
        "is sitting out",
        "is disconnected",
    ]
    .iter()
    .any(|p| rest.starts_with(p))
    {
    } else {
        return None;
    }
    Some(())
}

fn runs(t: &Table, boards: &[(usize, String)]) -> Option<()> {
    if t.runouts.is_empty() {
        return Some(());
    }
    let first: String = t
        .body
        .iter()
        .filter_map(|b| b.strip_prefix("d db "))
        .map(|c| (!c.is_empty()).then_some(c)) // ("d db " alone: Python's IndexError)
        .collect::<Option<String>>()?;
    let mut all = vec![(0, first)];
    all.extend(t.runouts.iter().cloned());
    for (run, board) in &all {
        if let Some((_, said)) = boards.iter().find(|(r, _)| r == run) {
            if said != board {
                return None;
            }
        }
    }
    let mut order: Vec<usize> = t.runouts.iter().map(|r| r.0).collect();
    order.sort_unstable();
    (order == (1..=order.len()).collect::<Vec<_>>()).then_some(())
}

fn shown(t: &mut Table, lines: &[&str]) -> Option<()> {
    for x in lines {
        let Some(seat) = summary_seat(x)? else {
            continue;
        };
        if x.contains(" mucked [") || x.contains(" showed [") {
            if let Some(i) = t.seats.iter().position(|&q| q == seat) {
                let inside = x.split_once('[').map_or("", |(_, r)| r);
                let cards = site_cards(inside.split(']').next().unwrap_or(""))?;
                t.deal(i, &cards);
            }
        }
    }
    Some(())
}
