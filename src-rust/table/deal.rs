//! The start of a hand and of each street: the seeded deal, the antes and
//! blinds, the cards of a street, and the run-out when nobody can bet
//! (`hoyle._streets`, docs/rules.md §5 and §6).

use super::{kind, Action, Betting, EnginePlan, TableState};
use crate::deal::{deal_front, Mt19937, PyRandom, Source};

/// splitmix64's mixer (`hoyle.env.hand_seed`'s).
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of hand `hand` at table `table` of a run seeded `seed`:
/// `mix(mix(mix(seed) ^ table) ^ hand)`, as `hoyle.env.hand_seed`.
///
/// ```
/// assert_eq!(_core::table::hand_seed(7, 3, 11), 0x6fc9_f6dc_4fdd_3c43);
/// ```
pub fn hand_seed(seed: u64, table: u64, hand: u64) -> u64 {
    mix(mix(mix(seed) ^ table) ^ hand)
}

impl TableState {
    /// Starts a hand: the stacks afresh, `button`, and the deck that
    /// `Game.start(seed=seed)` deals (`random.Random(seed)`'s partial
    /// shuffle of the deck's positions); then the antes, the first
    /// street's cards and blinds, up to the first seat to act (or, when
    /// nobody can act, the end of the hand).
    pub fn start(&mut self, plan: &EnginePlan, seed: u64, button: usize) {
        let rng = Mt19937::from_magnitude_le(&seed.to_le_bytes());
        self.start_with(plan, rng, button);
    }

    /// Starts a hand on a deck given in full, first card first (what
    /// `Game.start(deck=...)` deals): a hand history's replay
    /// (`crate::history`). `deck` must hold at least
    /// [`EnginePlan::cards_needed`] cards, each a card of the game's deck;
    /// the caller checks that (false: nothing started).
    pub fn start_dealt(&mut self, plan: &EnginePlan, deck: &[u8], button: usize) -> bool {
        if deck.len() < plan.cards_needed(self.n) || button >= self.n {
            return false;
        }
        self.deck.clear();
        self.deck.extend_from_slice(deck);
        self.begin_hand(plan, button);
        true
    }

    /// [`TableState::start`] with the seed's generator keyed already
    /// (`Mt19937::from_seeds` keys several at once).
    pub fn start_with(&mut self, plan: &EnginePlan, rng: Mt19937, button: usize) {
        self.start_from(plan, &mut PyRandom(rng), button);
    }

    /// [`TableState::start`] drawing the deal from `src` (a
    /// [`PyRandom`], or the same generator's outputs worked out already:
    /// [`crate::keying::PyWords`], two for each of the
    /// [`EnginePlan::cards_needed`] draws).
    pub fn start_from<S: Source>(&mut self, plan: &EnginePlan, src: &mut S, button: usize) {
        let deck = &plan.game.deck;
        let need = plan.cards_needed(self.n);
        let mut positions = [0u8; 64];
        let positions = &mut positions[..deck.len()];
        for (i, p) in positions.iter_mut().enumerate() {
            *p = i as u8;
        }
        deal_front(positions, need, src);
        self.deck.clear();
        self.deck
            .extend(positions[..need].iter().map(|&p| deck[p as usize]));
        self.begin_hand(plan, button);
    }

    /// The hand on `self.deck`: the stacks afresh, the antes, the first
    /// street's cards and blinds.
    fn begin_hand(&mut self, plan: &EnginePlan, button: usize) {
        self.next = 0;
        self.button = button;
        self.stacks.copy_from_slice(&self.start);
        self.contrib.fill(0);
        self.folded.fill(false);
        self.held.fill(0);
        self.board.clear();
        self.history.clear();
        self.street = 0;
        self.refused = None;
        if plan.game.ante > 0 || !plan.game.antes.is_empty() {
            self.post_antes(plan);
        } else if let Some(dead) = &mut self.dead {
            dead.fill(0); // (posts alone: the last hand's dead posts gone)
        }
        self.begin_street(plan);
    }

    fn post_antes(&mut self, plan: &EnginePlan) {
        let (n, button) = (self.n, self.button);
        let ante = plan.game.ante;
        let first = if n == 2 { button } else { (button + 1) % n };
        let count = if ante > 0 { n } else { plan.game.antes.len() };
        for k in 0..count {
            let (seat, amount) = if ante > 0 {
                ((button + 1 + k) % n, ante)
            } else {
                ((first + k) % n, plan.game.antes[k])
            };
            if amount == 0 {
                continue;
            }
            let put = amount.min(self.stacks[seat]);
            self.stacks[seat] -= put;
            self.contrib[seat] += put;
            self.record(seat, kind::ANTE, put, 0);
        }
        if let Some(dead) = &mut self.dead {
            dead.copy_from_slice(&self.contrib);
        }
    }

    pub(super) fn record(&mut self, seat: usize, kind: u8, amount: u64, total: u64) {
        let street = if kind == kind::ANTE { 0 } else { self.street };
        self.history.push(Action {
            street: street as u8,
            seat: seat as u8,
            kind,
            amount,
            total,
        });
    }

    /// The next card of the deal.
    fn take(&mut self) -> u8 {
        let c = self.deck[self.next];
        self.next += 1;
        c
    }

    pub(super) fn begin_street(&mut self, plan: &EnginePlan) {
        let street = plan.game.streets[self.street];
        if street.burn {
            self.next += 1;
        }
        let n = self.n;
        for _ in 0..street.down {
            // one card at a time, round after round, from the button's left
            for k in 1..=n {
                let s = (self.button + k) % n;
                if !self.folded[s] {
                    let c = self.take();
                    self.cards[s * plan.game.per_seat + self.held[s]] = c;
                    self.held[s] += 1;
                }
            }
        }
        for _ in 0..street.board {
            let c = self.take();
            self.board.push(c);
        }
        self.open_interval(plan, street.betting);
        self.begin_betting(plan);
    }

    /// A new betting interval: nothing bet, nobody has acted.
    pub(super) fn open_interval(&mut self, plan: &EnginePlan, betting: Betting) {
        self.bets.fill(0);
        self.level.fill(None);
        self.bet = 0;
        self.raises = 0;
        self.voluntary = false;
        self.betting = betting;
        self.raise_size = match betting {
            Betting::Limit { min, .. } => min,
            _ => plan.game.min_bet,
        };
    }

    /// Posts the interval's forced bets and passes the turn to the first
    /// seat that owes an answer (or ends the interval).
    fn begin_betting(&mut self, plan: &EnginePlan) {
        let forced = !plan.game.blinds.is_empty() || !plan.game.posts.is_empty();
        let first = if self.street == 0 && forced {
            self.post_blinds(plan)
        } else {
            (self.button + 1) % self.n
        };
        self.pass_turn(plan, first);
    }

    /// Posts the blinds and straddles from the button's left (heads-up the
    /// button posts the first; a zero skips its seat), then the post bets
    /// (`post_posts`); returns the seat left of the last blind posted (the
    /// button's left when there are none: a post does not move the first
    /// to act), as `Hand._post_blinds`.
    fn post_blinds(&mut self, plan: &EnginePlan) -> usize {
        let n = self.n;
        let sb = if n == 2 {
            self.button
        } else {
            (self.button + 1) % n
        };
        let mut last = sb;
        for (k, &blind) in plan.game.blinds.iter().enumerate() {
            if blind == 0 {
                continue;
            }
            let seat = (sb + k) % n;
            last = seat;
            let put = blind.min(self.stacks[seat]);
            self.stacks[seat] -= put;
            self.bets[seat] += put;
            self.contrib[seat] += put;
            let total = self.bets[seat];
            self.record(seat, kind::BLIND, put, total);
        }
        if !plan.game.posts.is_empty() {
            self.post_posts(plan, sb);
        }
        self.bet = plan.game.largest_blind;
        if !matches!(self.betting, Betting::Limit { .. }) {
            self.raise_size = plan.game.min_bet.max(self.bet);
        }
        if plan.game.blinds.is_empty() {
            return (self.button + 1) % n; // posts alone: the button's left opens
        }
        (last + 1) % n
    }

    /// The post bets (`Hand._post_posts`), placed as the blinds are from
    /// `sb`: a post of the largest blind or more is live for the largest
    /// blind (part of the seat's bet: it has called that much and keeps
    /// its option); the rest of it, and a smaller post, is dead money (in
    /// the pot, no part of any bet, never refunded).
    fn post_posts(&mut self, plan: &EnginePlan, sb: usize) {
        let (n, big) = (self.n, plan.game.largest_blind);
        for (k, &post) in plan.game.posts.iter().enumerate() {
            if post == 0 {
                continue;
            }
            let seat = (sb + k) % n;
            let put = post.min(self.stacks[seat]);
            let live = if post >= big { put.min(big) } else { 0 };
            self.stacks[seat] -= put;
            self.bets[seat] += live;
            self.contrib[seat] += put;
            if let Some(dead) = &mut self.dead {
                dead[seat] += put - live; // (a game with posts has the buffer: `TableState::new`)
            }
            let total = self.bets[seat];
            self.record(seat, kind::BLIND, put, total);
        }
    }

    /// Deals the rest of the board when nobody can bet again and ends the
    /// hand (`Hand._run_out`: the last street's interval, nothing bet).
    pub(super) fn run_out(&mut self, plan: &EnginePlan) {
        let streets = &plan.game.streets;
        for street in &streets[self.street..] {
            if street.burn {
                self.next += 1;
            }
            for _ in 0..street.board {
                let c = self.take();
                self.board.push(c);
            }
        }
        self.open_interval(plan, streets[streets.len() - 1].betting);
        self.street = streets.len();
        self.finish(plan);
    }
}
