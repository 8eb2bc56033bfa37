//! The action lines of a hand read as `hoyle.history.deal.ActionReader`
//! reads them, for the lines of the common shapes only: `d dh pK CARDS`
//! (every card known, or every card `??`), `d db CARDS` (known cards),
//! `pK f`, `pK cc`, `pK cbr AMOUNT`, `pK sm [CARDS]`. Anything else (a
//! comment, a draw, a bring-in, a joker, a card that is not the game's,
//! a line the reader refuses) is `None`: the reference reads it. Then the
//! deck as `hoyle.history.plan._deck` lays it out, the unknown cards
//! named as `CardLedger.fill_unknown` names them.

use super::{Act, Setup};
use crate::table::EnginePlan;

const UNKNOWN: i16 = -1;
const RANKS: &[u8; 13] = b"23456789TJQKA";
const SUITS: &[u8; 4] = b"cdhs";

/// What the lines say: the card slots, the seats' slots, the deals, the
/// board, the players' actions (kind, hoyle seat, line index).
pub struct Read {
    cards: Vec<i16>,
    known: u64,
    held: Vec<Vec<usize>>,
    /// Per deal, the slots each seat is dealt (None: not in this deal).
    batches: Vec<Vec<Option<Vec<usize>>>>,
    board: Vec<usize>,
    declined: u64,
    unknown: bool,
    pub acts: Vec<(Act, usize, usize)>,
}

fn card(t: &[u8]) -> Option<u8> {
    let r = RANKS.iter().position(|&c| c == t[0])?;
    let s = SUITS.iter().position(|&c| c == t[1])?;
    Some((4 * r + s) as u8)
}

/// A bet's amount in chips times `scale` (`ActionReader._amount`): ASCII
/// digits with an optional decimal part, whole once scaled; None otherwise.
pub(super) fn amount(word: &str, scale: u64) -> Option<u64> {
    let (whole, frac) = match word.split_once('.') {
        Some((w, f)) => (w, f),
        None => (word, ""),
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 40 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || (word.contains('.') && !digits(frac)) || whole.len() > 19 {
        return None;
    }
    let scaled = whole.parse::<u64>().ok()?.checked_mul(scale)?;
    if frac.is_empty() {
        return Some(scaled);
    }
    // frac * scale / 10^len(frac) must be whole
    let f = frac.trim_end_matches('0');
    if f.is_empty() {
        return Some(scaled);
    }
    if f.len() > 18 {
        return None;
    }
    let num = u128::from(f.parse::<u64>().ok()?) * u128::from(scale);
    let den = 10u128.pow(f.len() as u32);
    if num % den != 0 {
        return None;
    }
    scaled.checked_add(u64::try_from(num / den).ok()?)
}

impl Read {
    /// Reads every line; None for a line this path does not read.
    pub fn lines<'a>(
        plan: &EnginePlan,
        lines: impl Iterator<Item = &'a str>,
        setup: &Setup<'_>,
    ) -> Option<Read> {
        let n = setup.stacks.len();
        let streets = &plan.game.streets;
        let deals: Vec<usize> = (0..streets.len())
            .filter(|&k| streets[k].down > 0)
            .collect();
        let boards: Vec<usize> = (0..streets.len())
            .filter(|&k| streets[k].board > 0)
            .collect();
        let reach = |at: &mut usize, list: &[usize], count: usize| {
            if count <= list.len() {
                *at = (*at).max(list[count - 1]);
            }
        };
        let mut r = Read {
            cards: Vec::with_capacity(2 * n + 5),
            known: 0,
            held: vec![Vec::new(); n],
            batches: Vec::new(),
            board: Vec::new(),
            declined: 0,
            unknown: false,
            acts: Vec::with_capacity(16),
        };
        let (mut at, mut board_deals, mut last_dh) = (0usize, 0usize, false);
        let mut words: Vec<&str> = Vec::with_capacity(4);
        for (index, text) in lines.enumerate() {
            // str.split()'s whitespace, ASCII only; a comment: the reference
            if !text.is_ascii()
                || text
                    .bytes()
                    .any(|b| matches!(b, b'#' | 0x0b | 0x0c | 0x1c..=0x1f))
            {
                return None;
            }
            words.clear();
            words.extend(
                text.split([' ', '\t', '\n', '\r'])
                    .filter(|w| !w.is_empty()),
            );
            if words.is_empty() {
                continue;
            }
            if words[0] != "d" {
                if words.len() < 2 {
                    return None;
                }
                let seat = setup.seat_of[player(words[0], n)?];
                let act = match (words[1], words.len()) {
                    ("f", 2) => Some(Act::Fold),
                    ("cc", 2) => Some(Act::CheckCall),
                    ("cbr", 3) => Some(Act::To(amount(words[2], setup.scale)?)),
                    ("sm", 2 | 3) => None,
                    _ => return None,
                };
                match act {
                    Some(act) => r.acts.push((act, seat, index)),
                    None => r.show(seat, words.get(2).copied())?,
                }
                last_dh = false;
            } else if words.len() == 4 && words[1] == "dh" {
                let seat = setup.seat_of[player(words[2], n)?];
                let slots = r.deal(words[3].as_bytes(), true)?;
                r.held[seat].extend_from_slice(&slots);
                match r.batches.last_mut() {
                    Some(batch) if last_dh && batch[seat].is_none() => batch[seat] = Some(slots),
                    _ => {
                        let mut batch = vec![None; n];
                        batch[seat] = Some(slots);
                        r.batches.push(batch);
                        reach(&mut at, &deals, r.batches.len());
                    }
                }
                last_dh = true;
            } else if words.len() == 3 && words[1] == "db" {
                let slots = r.deal(words[2].as_bytes(), false)?;
                r.board.extend_from_slice(&slots);
                board_deals += 1;
                reach(&mut at, &boards, board_deals);
                last_dh = false;
            } else {
                return None;
            }
        }
        let _ = at; // (the street reached: the reference's acts carry it; play needs none)
        Some(r)
    }

    /// New slots for `token`: known cards, each new and of the game's deck,
    /// or (`hole`) unknown ones (`??` each); None otherwise.
    fn deal(&mut self, token: &[u8], hole: bool) -> Option<Vec<usize>> {
        if token.is_empty() || token.len() % 2 == 1 {
            return None;
        }
        let base = self.cards.len();
        if hole && token.iter().all(|&b| b == b'?') {
            self.cards
                .extend(std::iter::repeat_n(UNKNOWN, token.len() / 2));
            self.unknown = true;
            return Some((base..self.cards.len()).collect());
        }
        let mut mask = 0u64;
        for t in token.chunks(2) {
            let c = card(t)?;
            if (self.known | mask) >> c & 1 == 1 {
                return None;
            }
            mask |= 1 << c;
            self.cards.push(i16::from(c));
        }
        self.known |= mask;
        Some((base..self.cards.len()).collect())
    }

    /// `pK sm [CARDS]` (`ActionReader._show` and `CardLedger.claim`).
    fn show(&mut self, seat: usize, shown: Option<&str>) -> Option<()> {
        if let Some(token) = shown.filter(|&t| t != "-") {
            let token = token.as_bytes();
            if token.len() % 2 == 1 {
                return None;
            }
            let mut taken: Vec<usize> = Vec::with_capacity(token.len() / 2);
            for t in token.chunks(2) {
                let c = if t == b"??" { None } else { Some(card(t)?) };
                let hand = &self.held[seat];
                let mine = c.and_then(|c| {
                    hand.iter()
                        .copied()
                        .find(|&s| self.cards[s] == i16::from(c) && !taken.contains(&s))
                });
                let pick = match (mine, c) {
                    (Some(s), _) => s,
                    (None, Some(c)) if self.known >> c & 1 == 1 => return None,
                    (None, c) => {
                        let free = hand
                            .iter()
                            .copied()
                            .find(|&s| self.cards[s] == UNKNOWN && !taken.contains(&s));
                        match (free, c) {
                            (Some(s), Some(c)) => {
                                self.cards[s] = i16::from(c);
                                self.known |= 1 << c;
                                s
                            }
                            (Some(s), None) => s,
                            (None, None) => hand.iter().copied().find(|s| !taken.contains(s))?,
                            (None, Some(_)) => return None,
                        }
                    }
                };
                taken.push(pick);
            }
        }
        let held = &self.held[seat];
        let declined = match shown {
            None => !held.is_empty(),
            Some(t) => {
                let all_known = !held.is_empty() && held.iter().all(|&s| self.cards[s] != UNKNOWN);
                t.contains('?') && !(t.bytes().all(|b| b == b'?') && all_known)
            }
        };
        if declined {
            self.declined |= 1 << seat;
        } else {
            self.declined &= !(1 << seat);
        }
        Some(())
    }

    /// The seats the file never shows: those whose last `sm` shows nothing,
    /// and those holding an unknown card (`ReplayPlan.build`'s `hidden`).
    pub fn hidden(&self) -> Vec<usize> {
        (0..self.held.len())
            .filter(|&s| {
                self.declined >> s & 1 == 1
                    || (self.unknown && self.held[s].iter().any(|&x| self.cards[x] == UNKNOWN))
            })
            .collect()
    }

    /// The deck in hoyle's dealing order (`plan._deck`), the unknown cards
    /// named first (`CardLedger.fill_unknown`); None where the reference
    /// refuses the hand (or would deal the seats other cards than the file's).
    pub fn deck(&self, plan: &EnginePlan, setup: &Setup<'_>) -> Option<Vec<u8>> {
        let game = &plan.game;
        let mut in_deck = 0u64;
        for &c in &game.deck {
            in_deck |= 1 << c;
        }
        if self.known & !in_deck != 0 {
            return None; // a card the game's deck does not hold
        }
        let known = self.known;
        let order: Vec<u8> = if game.high {
            game.deck.clone()
        } else {
            game.deck.iter().rev().copied().collect()
        };
        let mut pool = order.into_iter().filter(move |&c| known >> c & 1 == 0);
        let mut cards = self.cards.clone();
        for c in cards.iter_mut().filter(|c| **c == UNKNOWN) {
            *c = i16::from(pool.next()?);
        }
        let streets = &game.streets;
        let deals = streets.iter().filter(|s| s.down > 0).count();
        if self.batches.len() != deals {
            return None;
        }
        let mut deck: Vec<u8> = Vec::with_capacity(game.deck.len());
        let (mut j, mut board_at) = (0usize, 0usize);
        for street in streets {
            if street.burn {
                deck.extend(pool.next());
            }
            if street.down > 0 {
                let batch = &self.batches[j];
                j += 1;
                let mut dealt = Vec::with_capacity(setup.order.len());
                for &s in setup.order {
                    let slots = batch[s].as_ref()?; // every seat dealt, as the hand deals
                    if slots.len() != street.down as usize {
                        return None;
                    }
                    dealt.push(slots);
                }
                for k in 0..street.down as usize {
                    deck.extend(dealt.iter().map(|slots| cards[slots[k]] as u8));
                }
            }
            let take = (street.board as usize).min(self.board.len() - board_at);
            deck.extend(
                self.board[board_at..board_at + take]
                    .iter()
                    .map(|&x| cards[x] as u8),
            );
            board_at += take;
        }
        if board_at < self.board.len() {
            return None;
        }
        let need = plan.cards_needed(setup.stacks.len());
        while deck.len() < need {
            deck.push(pool.next()?);
        }
        Some(deck)
    }
}

/// The player index of a label `pK` (1 <= K <= n, as the reference's labels).
pub(super) fn player(word: &str, n: usize) -> Option<usize> {
    let digits = word.strip_prefix('p')?;
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let k: usize = digits.parse().ok()?;
    (1..=n).contains(&k).then(|| k - 1)
}
