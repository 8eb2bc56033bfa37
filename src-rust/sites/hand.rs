//! One PokerStars hand as its lines are read (the native twin of
//! `hoyle.history.sites.common.SiteHand`: the same columns and the same
//! arithmetic), and the PHH fields it comes to (`StarsHand`).

use super::amount::Dec;

/// A user field beside the PHH ones (`SiteHand.extra`), in the order the
/// Python reader sets them.
#[derive(Clone, Debug)]
pub enum Extra {
    Str(String),
    Int(i128),
    Dec(Dec),
    Time(u8, u8, u8),
}

/// A hand read: `SiteHand.fields()`, and `SiteHand.nets()`.
#[derive(Clone, Debug)]
pub struct StarsHand {
    pub variant: String,
    pub antes: Vec<Dec>,
    pub blinds: Vec<Dec>,
    /// `min_bet`, or `small_bet` and `big_bet` (fixed limit).
    pub stakes: Vec<(&'static str, Dec)>,
    pub starting: Vec<Dec>,
    pub actions: Vec<String>,
    pub players: Vec<String>,
    pub seats: Vec<u64>,
    pub finishing: Vec<Dec>,
    pub runouts: Vec<String>,
    pub extra: Vec<(&'static str, Extra)>,
    /// `_hoyle_room_rake`, `_hoyle_rake` (when any fee), `_hoyle_fees`.
    pub room_rake: Option<(Dec, Dec)>,
    pub fees: Vec<(String, Dec)>,
    pub nets: Vec<Dec>,
    /// The cap of capped no limit (also among `extra`).
    pub cap: Option<Dec>,
    /// `stakes.scale_of` of these fields: chips per unit of the file.
    pub scale: u64,
}

#[derive(Default)]
pub struct Table {
    pub variant: String,
    pub names: Vec<String>,
    /// Player indices, longest name first (stable): `Lines.names`.
    pub by_length: Vec<usize>,
    pub stacks: Vec<Dec>,
    pub seats: Vec<u64>,
    pub antes: Vec<Dec>,
    pub blinds: Vec<Dec>,
    pub put: Vec<Dec>,
    pub street: Vec<Dec>,
    pub back: Vec<Dec>,
    pub won: Vec<Dec>,
    pub cards: Vec<Option<String>>,
    pub folded: Vec<bool>,
    pub body: Vec<String>,
    pub extra: Vec<(&'static str, Extra)>,
    pub total_pot: Option<Dec>,
    pub rake: Dec,
    pub fees: Vec<(String, Dec)>,
    pub dead: Vec<(usize, Dec)>,
    pub runouts: Vec<(usize, String)>,
    pub fixed: bool,
    pub small: Dec,
    pub big: Dec,
    /// The cap of capped no limit (also among `extra`).
    pub cap: Option<Dec>,
    /// The most decimal places of a bet or raise written (`cbr`).
    pub bet_places: u32,
}

fn sum(values: &[Dec]) -> Dec {
    values.iter().fold(Dec::ZERO, |a, &b| a.plus(b))
}

impl Table {
    pub fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    pub fn seat(&mut self, name: String, stack: Dec, seat: u64) -> Option<()> {
        if self.index(&name).is_some() {
            return None;
        }
        self.names.push(name);
        self.stacks.push(stack);
        self.seats.push(seat);
        for column in [
            &mut self.antes,
            &mut self.blinds,
            &mut self.put,
            &mut self.street,
            &mut self.back,
            &mut self.won,
        ] {
            column.push(Dec::ZERO);
        }
        self.cards.push(None);
        self.folded.push(false);
        Some(())
    }

    fn hole_count(&self) -> usize {
        if self.variant.ends_with('T') {
            2
        } else {
            4
        }
    }

    pub fn ante(&mut self, i: usize, amount: Dec) {
        self.antes[i] = self.antes[i].plus(amount);
        self.put[i] = self.put[i].plus(amount);
    }

    pub fn blind(&mut self, i: usize, amount: Dec, post: bool, live: bool) {
        self.blinds[i] = self.blinds[i].plus(if post { amount.negated() } else { amount });
        self.put[i] = self.put[i].plus(amount);
        if live {
            self.street[i] = self.street[i].plus(amount);
        } else {
            match self.dead.iter_mut().find(|(k, _)| *k == i) {
                Some(slot) => slot.1 = slot.1.plus(amount),
                None => self.dead.push((i, Dec::ZERO.plus(amount))),
            }
        }
    }

    /// `SiteHand.raise_to`: a raise nobody can call any of is a call.
    pub fn raise_to(&mut self, i: usize, total: Dec) {
        let others: Vec<usize> = (0..self.put.len())
            .filter(|&j| j != i && !self.folded[j])
            .collect();
        let facing = others
            .iter()
            .map(|&j| self.put[j])
            .max()
            .unwrap_or(Dec::ZERO);
        let reach = others
            .iter()
            .map(|&j| self.stacks[j])
            .max()
            .unwrap_or(Dec::ZERO);
        self.put[i] = self.put[i].plus(total.minus(self.street[i]));
        self.street[i] = total;
        let uncallable = !others.is_empty() && reach <= facing && facing < self.put[i];
        if uncallable {
            self.body.push(format!("p{} cc", i + 1));
        } else {
            self.bet_places = self.bet_places.max(total.places());
            self.body.push(format!("p{} cbr {}", i + 1, total.text()));
        }
    }

    pub fn board(&mut self, cards: String) {
        self.street = vec![Dec::ZERO; self.names.len()];
        self.body.push(format!("d db {cards}"));
    }

    fn padded(&self, cards: &str) -> String {
        let missing = self.hole_count().saturating_sub(cards.len() / 2);
        format!("{cards}{}", "??".repeat(missing))
    }

    pub fn deal(&mut self, i: usize, cards: &str) {
        if self.cards[i].as_ref().is_none_or(|c| c.contains('?')) {
            self.cards[i] = Some(self.padded(cards));
        }
    }

    pub fn show(&mut self, i: usize, cards: Option<String>) {
        match cards {
            Some(cards) => {
                self.deal(i, &cards);
                let cards = self.padded(&cards);
                self.body.push(if cards.is_empty() {
                    format!("p{} sm", i + 1)
                } else {
                    format!("p{} sm {cards}", i + 1)
                });
            }
            None => self.body.push(format!("p{} sm", i + 1)),
        }
    }

    pub fn infer_uncalled(&mut self) {
        if self.put.len() < 2 {
            return;
        }
        let live: Vec<Dec> = (0..self.put.len())
            .map(|k| {
                let dead = self
                    .dead
                    .iter()
                    .find(|(j, _)| *j == k)
                    .map_or(Dec::ZERO, |d| d.1);
                self.put[k].minus(dead)
            })
            .collect();
        let mut top = 0;
        for k in 1..live.len() {
            if live[k] > live[top] {
                top = k;
            }
        }
        let second = (0..live.len())
            .filter(|&k| k != top)
            .map(|k| live[k])
            .max()
            .unwrap_or(Dec::ZERO);
        if live[top] > second {
            self.back[top] = self.back[top].plus(live[top].minus(second));
        }
    }

    /// `SiteHand.totals`: the file's pot, rake and collected lines agree.
    pub fn totals(&self) -> Option<()> {
        let pot = sum(&self.put).minus(sum(&self.back));
        let paid = sum(&self.won);
        let fees = self.fees.iter().fold(self.rake, |a, f| a.plus(f.1));
        let ok = self.names.len() >= 2
            && self.total_pot.is_none_or(|t| t == pot)
            && paid.plus(fees) == pot;
        ok.then_some(())
    }

    /// `SiteHand.fields()` and `nets()`.
    pub fn finish(self) -> StarsHand {
        let n = self.names.len();
        let order: Vec<usize> = if n == 2 { vec![1, 0] } else { (0..n).collect() };
        let hole = self.hole_count();
        let mut actions: Vec<String> = (0..n)
            .map(|i| {
                let cards = self.cards[i].clone().filter(|c| !c.is_empty());
                format!(
                    "d dh p{} {}",
                    i + 1,
                    cards.unwrap_or_else(|| "??".repeat(hole))
                )
            })
            .collect();
        actions.extend(self.body);
        let nets: Vec<Dec> = (0..n)
            .map(|k| self.won[k].plus(self.back[k]).minus(self.put[k]))
            .collect();
        let finishing = (0..n).map(|k| self.stacks[k].plus(nets[k])).collect();
        let mut runouts = self.runouts;
        runouts.sort_by_key(|r| r.0);
        let fees = self.fees.iter().fold(self.rake, |a, f| a.plus(f.1));
        let places = [&self.antes, &self.blinds, &self.stacks]
            .into_iter()
            .flatten()
            .copied()
            .chain([
                if self.fixed { self.small } else { Dec::ZERO },
                self.big,
                fees,
            ])
            .chain(self.cap)
            .map(|d| d.places())
            .fold(self.bet_places, u32::max);
        let scale = if places == 0 {
            1
        } else {
            10u64.pow(places.max(2))
        };
        StarsHand {
            variant: self.variant,
            antes: order.iter().map(|&k| self.antes[k]).collect(),
            blinds: order.iter().map(|&k| self.blinds[k]).collect(),
            stakes: if self.fixed {
                vec![("small_bet", self.small), ("big_bet", self.big)]
            } else {
                vec![("min_bet", self.big)]
            },
            starting: self.stacks,
            actions,
            players: self.names,
            seats: self.seats,
            finishing,
            runouts: runouts.into_iter().map(|r| r.1).collect(),
            extra: self.extra,
            room_rake: (!fees.is_zero()).then_some((fees, self.rake)),
            fees: self.fees,
            nets,
            cap: self.cap,
            scale,
        }
    }
}
