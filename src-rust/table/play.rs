//! The betting controller (`hoyle._turns` and the actions of `hoyle.hand`,
//! docs/rules.md §6 and §7): what the seat to act may do, its four
//! actions, passing the turn and the end of each interval.

use super::{kind, Betting, EnginePlan, Legal, Refused, TableState};

impl TableState {
    /// What the seat to act may do (all false, no raise, once over).
    pub fn legal(&self, plan: &EnginePlan) -> Legal {
        let Some(p) = self.actor else {
            return Legal::default();
        };
        let (bet, mine, stack) = (self.bet, self.bets[p], self.stacks[p]);
        let to_call = bet - mine;
        let (facing, mut can_check, call_amount) = if to_call > 0 {
            (true, false, to_call.min(stack))
        } else {
            let free = self.voluntary || self.street > 0 || !plan.game.first_must_bet;
            (false, free, 0)
        };
        let reopened = match self.level[p] {
            None => true,
            Some(answered) => bet - answered >= self.raise_size || self.completed(p),
        };
        if stack > to_call && reopened && self.answerable(p) {
            let capped = plan.game.raise_cap.is_some_and(|cap| self.raises >= cap);
            if !capped {
                let all_in = mine + stack;
                let (lo, hi) = self.raise_bounds(plan, to_call, all_in);
                return Legal {
                    can_fold: facing,
                    can_check,
                    call_amount,
                    raise: Some((lo, hi)),
                };
            }
        }
        if !(facing || can_check) {
            // the first bettor must bet, but this seat may not: it checks
            can_check = true;
        }
        Legal {
            can_fold: facing,
            can_check,
            call_amount,
            raise: None,
        }
    }

    /// Whether some other live seat could answer a raise of `p`'s.
    fn answerable(&self, p: usize) -> bool {
        (1..self.n).any(|k| {
            let j = (p + k) % self.n;
            !self.folded[j] && self.stacks[j] + self.bets[j] > self.bet
        })
    }

    /// Since `p` acted facing less than the limit's first bet, the bet
    /// was completed to it (a full bet that reopens the betting).
    fn completed(&self, p: usize) -> bool {
        match self.betting {
            Betting::Limit { min, .. } => self.level[p].is_none_or(|l| l < min) && min <= self.bet,
            _ => false,
        }
    }

    /// The smallest and largest total of a bet or raise, within the stack.
    fn raise_bounds(&self, plan: &EnginePlan, to_call: u64, all_in: u64) -> (u64, u64) {
        let bet = self.bet;
        let smallest = if bet > 0 {
            bet.saturating_add(self.raise_size)
        } else {
            plan.game.min_bet
        };
        let (lo, hi) = match self.betting {
            Betting::NoLimit => return (smallest.min(all_in), all_in),
            Betting::Limit { min, max } if bet < min => (min, max),
            Betting::Limit { min, max } => (bet.saturating_add(min), bet.saturating_add(max)),
            Betting::PotLimit { cap } => {
                let pot = bet.saturating_add(self.pot()).saturating_add(to_call);
                // never below the smallest bet: an empty pot still opens (as PokerKit)
                let pot = pot.max(smallest);
                let hi = cap.map_or(pot, |cap| pot.min(bet.saturating_add(cap)));
                (smallest, hi)
            }
        };
        let hi = hi.min(all_in);
        (lo.min(hi), hi)
    }

    /// Folds the seat to act (only when it faces a bet).
    pub fn fold(&mut self, plan: &EnginePlan) -> Result<(), Refused> {
        let p = self.actor.ok_or(Refused::Over)?;
        if self.bet <= self.bets[p] {
            return Err(Refused::Illegal);
        }
        self.folded[p] = true;
        self.voluntary = true;
        self.record(p, kind::FOLD, 0, self.bets[p]);
        if self.folded.iter().filter(|&&f| !f).count() == 1 {
            self.finish(plan);
        } else {
            self.pass_turn(plan, (p + 1) % self.n);
        }
        Ok(())
    }

    /// Checks (when nothing is owed and the game allows it).
    pub fn check(&mut self, plan: &EnginePlan) -> Result<(), Refused> {
        let p = self.actor.ok_or(Refused::Over)?;
        if !self.legal(plan).can_check {
            return Err(Refused::Illegal);
        }
        self.level[p] = Some(self.bet);
        self.voluntary = true;
        self.record(p, kind::CHECK, 0, self.bets[p]);
        self.pass_turn(plan, (p + 1) % self.n);
        Ok(())
    }

    /// Matches the largest bet, or goes all in for less.
    pub fn call(&mut self, plan: &EnginePlan) -> Result<(), Refused> {
        let p = self.actor.ok_or(Refused::Over)?;
        let owed = self.bet.saturating_sub(self.bets[p]);
        if owed == 0 {
            return Err(Refused::Illegal);
        }
        let amount = owed.min(self.stacks[p]);
        self.stacks[p] -= amount;
        self.bets[p] += amount;
        self.contrib[p] += amount;
        self.level[p] = Some(self.bet);
        self.voluntary = true;
        self.record(p, kind::CALL, amount, self.bets[p]);
        self.pass_turn(plan, (p + 1) % self.n);
        Ok(())
    }

    /// Bets or raises so that the seat's bets in this interval are `total`.
    pub fn raise_to(&mut self, plan: &EnginePlan, total: u64) -> Result<(), Refused> {
        let p = self.actor.ok_or(Refused::Over)?;
        match self.legal(plan).raise {
            Some((lo, hi)) if lo <= total && total <= hi => {}
            _ => return Err(Refused::Illegal),
        }
        let amount = total - self.bets[p];
        let old = self.bet;
        if !matches!(self.betting, Betting::Limit { .. }) && total - old >= self.raise_size {
            self.raise_size = total - old;
        }
        self.stacks[p] -= amount;
        self.bets[p] = total;
        self.contrib[p] += amount;
        self.bet = total;
        self.raises += 1;
        self.level[p] = Some(total);
        self.voluntary = true;
        let k = if old == 0 { kind::BET } else { kind::RAISE };
        self.record(p, k, amount, total);
        self.pass_turn(plan, (p + 1) % self.n);
        Ok(())
    }

    /// Passes the turn to the first seat from `from` going left that owes
    /// an answer (a seat owing nothing acts only if some other seat could
    /// still answer it; nor does a seat short of the bet that has matched
    /// every live bet, a blind posted all in for less); when none does, the
    /// interval ends (`Hand._after`, docs/rules.md §7).
    pub(super) fn pass_turn(&mut self, plan: &EnginePlan, from: usize) {
        let (n, bet) = (self.n, self.bet);
        for k in 0..n {
            let j = (from + k) % n;
            let owes = self.level[j].is_none_or(|l| l < bet);
            if owes && self.stacks[j] > 0 && !self.folded[j] {
                let answerable = || (0..n).any(|i| i != j && !self.folded[i] && self.stacks[i] > 0);
                let short = self.bets[j] < bet;
                let matched = self.bets.iter().all(|&b| b <= self.bets[j]);
                if (short && (self.raises > 0 || !matched)) || answerable() {
                    self.actor = Some(j);
                    return;
                }
                break;
            }
        }
        self.actor = None;
        self.end_interval(plan);
    }

    fn end_interval(&mut self, plan: &EnginePlan) {
        self.street += 1;
        if self.street == plan.game.streets.len() {
            self.finish(plan);
            return;
        }
        if !plan.game.dealt_later[self.street] {
            let can_bet = (0..self.n)
                .filter(|&s| self.stacks[s] > 0 && !self.folded[s])
                .take(2)
                .count();
            if can_bet < 2 {
                self.run_out(plan);
                return;
            }
        }
        self.begin_street(plan);
    }
}
