//! Building a solver: the arguments checked, the memory counted by a dry
//! run of the tree builder, then the final boards' tables, the tree and the
//! storage allocated.

use super::iso::{self, Deal, Iso};
use super::showdown::{BoardTable, Entry, Hands, Removal, Small};
use super::tree::{self, Action, Bets, Edge, Kind, Node, TreeConfig};
use super::{Rake, Runouts, Solver};
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::collections::HashMap;

/// How a hand is scored on a final board: `(high, low)`, larger is better,
/// a low of 0 being none.
pub type Scoring<'a> = &'a (dyn Fn(&[u8], &[u8]) -> (u32, u32) + Sync);

/// Everything a solver is built from besides the betting tree.
pub struct Setup<'a> {
    pub board: Vec<u8>,
    pub hands: [Hands; 2],
    pub deck: u64,
    /// Board cards at the showdown (5; Kuhn 0; Leduc 1).
    pub final_board: u32,
    pub score: Scoring<'a>,
    /// Whether the pot is split high-low (the low half by the low keys).
    pub hilo: bool,
    pub rake: Option<Rake>,
    pub isomorphism: bool,
    pub max_memory: u64,
    /// The general sweeps even for one- or two-card hands (for tests that
    /// check the fast ones against them).
    pub plain: bool,
}

fn bad<T>(m: String) -> Result<T> {
    Err(Error::Solve(m))
}

fn check_hands(s: &Setup<'_>) -> Result<u64> {
    let mut board = 0u64;
    for &c in &s.board {
        if c >= 64 || s.deck >> c & 1 == 0 {
            return bad(format!(
                "board card {} is not in the game's deck",
                crate::cards::name(c.min(53))
            ));
        }
        if board >> c & 1 == 1 {
            return bad(format!(
                "board card {} appears twice",
                crate::cards::name(c)
            ));
        }
        board |= 1 << c;
    }
    if s.board.len() as u32 > s.final_board {
        return bad(format!(
            "a board has at most {} cards, got {}",
            s.final_board,
            s.board.len()
        ));
    }
    let k = s.hands[0].k;
    for (p, h) in s.hands.iter().enumerate() {
        let who = [
            "the first (out of position) player",
            "the second (in position) player",
        ][p];
        if h.is_empty() {
            return bad(format!(
                "{who}'s range is empty (after removing the combos that touch the board)"
            ));
        }
        if h.k != k
            || h.k == 0
            || h.k > 5
            || h.cards.len() != h.len() * h.k
            || h.weight.len() != h.len()
        {
            return bad(format!(
                "{who}'s hands must all have the same number of cards, 1 to 5"
            ));
        }
        let mut seen: HashMap<u64, ()> = HashMap::new();
        for i in 0..h.len() {
            let w = h.weight[i];
            if !(w.is_finite() && w > 0.0) {
                return bad(format!(
                    "{who}'s weights must be positive and finite, got {w}"
                ));
            }
            if h.mask[i] & board != 0 {
                return bad(format!("{who}'s combo {} touches the board", name(h.of(i))));
            }
            if h.mask[i].count_ones() as usize != k || h.mask[i] & !s.deck != 0 {
                return bad(format!(
                    "{who}'s combo {} has cards twice or not in the deck",
                    name(h.of(i))
                ));
            }
            if seen.insert(h.mask[i], ()).is_some() {
                return bad(format!("{who}'s combo {} appears twice", name(h.of(i))));
            }
        }
    }
    let left = (s.deck & !board).count_ones() as usize;
    if left < 2 * k + (s.final_board as usize - s.board.len()) {
        return bad("the deck has too few cards left for both hands and the board".into());
    }
    Ok(board)
}

fn name(cards: &[u8]) -> String {
    cards
        .iter()
        .map(|&c| crate::cards::name(c.min(53)))
        .collect()
}

/// Every final board: `board` and `more` cards of the deck.
fn final_boards(board: u64, free: u64, more: u32) -> Vec<u64> {
    let cards: Vec<u8> = (0..64).filter(|&c| free >> c & 1 == 1).collect();
    let mut out = Vec::new();
    fn rec(cards: &[u8], from: usize, more: u32, m: u64, out: &mut Vec<u64>) {
        if more == 0 {
            out.push(m);
            return;
        }
        for i in from..cards.len() {
            rec(cards, i + 1, more - 1, m | 1 << cards[i], out);
        }
    }
    rec(&cards, 0, more, board, &mut out);
    out
}

fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// What the tree builder tracks.
struct Builder<'a> {
    c: &'a TreeConfig,
    iso: &'a Iso,
    deck: u64,
    final_board: u32,
    n: [u64; 2],
    dry: bool,
    budget: u64,
    used: u64,
    nodes: Vec<Node>,
    storage: u64,
    deals: Vec<Vec<Deal>>,
    runouts: Vec<Runouts>,
    runout_of: HashMap<u64, u32>,
    board_id: &'a HashMap<u64, u32>,
    k: u32,
}

/// What a node will be.
enum Pending {
    Act(Bets, u64),
    Deal(Bets, u64),
    Fold(u8),
    Show(Bets, u64),
}

const NODE_BYTES: u64 = std::mem::size_of::<Node>() as u64;

impl Builder<'_> {
    fn spend(&mut self, bytes: u64) -> Result<()> {
        self.used = self.used.saturating_add(bytes);
        if self.used > self.budget {
            return Err(too_big(self.used, self.budget, true));
        }
        Ok(())
    }

    /// The node after `a` from `b` on `board`.
    fn after(&self, b: &Bets, a: Action, board: u64) -> Pending {
        let n = b.after(a);
        let street_over = match a {
            Action::Fold => return Pending::Fold(b.to_act),
            Action::Check => b.to_act == 1,
            Action::Call => true,
            _ => false,
        };
        if !street_over {
            return Pending::Act(n, board);
        }
        let last = n.street as usize + 1 >= self.c.streets.len();
        if last || n.all_in(self.c) {
            Pending::Show(n, board)
        } else {
            Pending::Deal(n, board)
        }
    }

    fn fill(&mut self, idx: u32, p: Pending) -> Result<()> {
        let children: Vec<(Edge, Pending)> = match p {
            Pending::Act(b, board) => {
                let acts = b.actions(self.c);
                let player = b.to_act as usize;
                let entries = self.n[player] * acts.len() as u64;
                self.spend(entries * 8)?;
                if !self.dry {
                    let node = &mut self.nodes[idx as usize];
                    node.kind = Kind::Player(b.to_act);
                    node.offset = self.storage as usize;
                }
                self.storage += entries;
                acts.iter()
                    .map(|&a| (Edge::Action(a), self.after(&b, a, board)))
                    .collect()
            }
            Pending::Deal(b, board) => {
                let free = self.deck & !board;
                let deals = iso::deals(self.iso, board, free);
                let kids = deals.iter().filter(|d| d.perm == 0).count();
                self.spend(deals.len() as u64 * 8 + 24)?;
                let next = b.next_street();
                let out = deals[..]
                    .iter()
                    .filter(|d| d.perm == 0)
                    .map(|d| (Edge::Card(d.card), Pending::Act(next, board | 1 << d.card)))
                    .collect::<Vec<_>>();
                debug_assert_eq!(out.len(), kids);
                if !self.dry {
                    let node = &mut self.nodes[idx as usize];
                    node.kind = Kind::Chance;
                    node.extra = self.deals.len() as u32;
                    self.deals.push(deals);
                }
                out
            }
            Pending::Fold(f) => {
                if !self.dry {
                    self.nodes[idx as usize].kind = Kind::Fold(f);
                }
                Vec::new()
            }
            Pending::Show(_, board) => {
                let id = self.runout(board)?;
                if !self.dry {
                    let node = &mut self.nodes[idx as usize];
                    node.kind = Kind::Showdown;
                    node.extra = id;
                }
                Vec::new()
            }
        };
        let count = children.len() as u32;
        self.spend(count as u64 * NODE_BYTES)?;
        let first = if self.dry {
            0
        } else {
            let first = self.nodes.len() as u32;
            let parent = &self.nodes[idx as usize];
            let (contrib, board, street) = (parent.contrib, parent.board, parent.street);
            for (edge, _) in &children {
                self.nodes.push(Node {
                    kind: Kind::Showdown,
                    edge: *edge,
                    first: 0,
                    count: 0,
                    contrib,
                    board,
                    street,
                    offset: 0,
                    extra: 0,
                });
            }
            let node = &mut self.nodes[idx as usize];
            node.first = first;
            node.count = count as u16;
            first
        };
        for (i, (_, pending)) in children.into_iter().enumerate() {
            let child = first + i as u32;
            if !self.dry {
                let (contrib, board, street) = match &pending {
                    Pending::Act(b, m) | Pending::Deal(b, m) | Pending::Show(b, m) => {
                        (b.contrib, *m, b.street)
                    }
                    Pending::Fold(_) => {
                        let n = &self.nodes[idx as usize];
                        (n.contrib, n.board, n.street)
                    }
                };
                let n = &mut self.nodes[child as usize];
                n.contrib = contrib;
                n.board = board;
                n.street = street;
            }
            self.fill(child, pending)?;
        }
        Ok(())
    }

    /// The runouts of a showdown on `board` (shared by board).
    fn runout(&mut self, board: u64) -> Result<u32> {
        if let Some(&id) = self.runout_of.get(&board) {
            return Ok(id);
        }
        let more = self.final_board - board.count_ones();
        let free = self.deck & !board;
        let count = choose(free.count_ones() as u64, more as u64);
        self.spend(count * 4 + 32)?;
        let id = self.runout_of.len() as u32;
        self.runout_of.insert(board, id);
        if !self.dry {
            let boards = final_boards(board, free, more)
                .into_iter()
                .map(|m| self.board_id[&m])
                .collect();
            let left = free.count_ones() as u64 - 2 * self.k as u64;
            self.runouts.push(Runouts {
                boards,
                weight: 1.0 / choose(left, more as u64) as f64,
            });
        }
        Ok(id)
    }
}

fn too_big(need: u64, limit: u64, more: bool) -> Error {
    let more = if more { "more than " } else { "" };
    Error::Solve(format!(
        "the tree needs {more}{need} bytes ({}), over max_memory {limit} ({}): use fewer sizes, \
         narrower ranges, a later street, or a larger max_memory",
        crate::error::human(need as u128),
        crate::error::human(limit as u128)
    ))
}

/// Builds a solver for `c` and `s`: nothing is allocated past the checks
/// when the tree needs more than `s.max_memory`.
pub fn build(c: TreeConfig, s: Setup<'_>) -> Result<Solver> {
    let (board, iso, need, storage) = plan(&c, &s)?;
    allocate(c, s, board, iso, need, storage)
}

/// The bytes a solver for `c` and `s` allocates, by the same dry run (an
/// error, as [`build`]'s, when over `s.max_memory`); nothing is allocated
/// for the tree.
pub fn estimate(c: &TreeConfig, s: &Setup<'_>) -> Result<u64> {
    let (_, _, need, _) = plan(c, s)?;
    let removal = [
        Removal::new(&s.hands[0], &s.hands[1], !s.plain),
        Removal::new(&s.hands[1], &s.hands[0], !s.plain),
    ];
    Ok(need + removal[0].bytes() as u64 + removal[1].bytes() as u64)
}

/// The checks and the dry run: the board, the isomorphism, the bytes the
/// tree and tables need and the storage entries.
fn plan(c: &TreeConfig, s: &Setup<'_>) -> Result<(u64, Iso, u64, u64)> {
    tree::check(c)?;
    let board = check_hands(s)?;
    if let Some(r) = s.rake {
        if r.basis_points > 10_000 {
            return bad(format!(
                "rake must be at most 100%, got {} basis points",
                r.basis_points
            ));
        }
    }
    let iso = if s.isomorphism {
        Iso::new(&s.hands, s.deck)
    } else {
        Iso::none(&s.hands)
    };
    let n = [s.hands[0].len() as u64, s.hands[1].len() as u64];
    let more = s.final_board - s.board.len() as u32;
    let free = s.deck & !board;
    let boards_n = choose(free.count_ones() as u64, more as u64);
    let table_bytes = boards_n
        .saturating_mul(n[0] + n[1])
        .saturating_mul(if s.hilo {
            24
        } else if s.hands[0].k <= 2 {
            8
        } else {
            12
        });
    let empty = HashMap::new();
    let mut dry = Builder {
        c,
        iso: &iso,
        deck: s.deck,
        final_board: s.final_board,
        n,
        dry: true,
        budget: s.max_memory,
        used: table_bytes.saturating_add(iso.bytes() as u64),
        nodes: Vec::new(),
        storage: 0,
        deals: Vec::new(),
        runouts: Vec::new(),
        runout_of: HashMap::new(),
        board_id: &empty,
        k: s.hands[0].k as u32,
    };
    if dry.used > dry.budget {
        return Err(too_big(dry.used, dry.budget, true));
    }
    dry.spend(NODE_BYTES)?;
    dry.fill(0, Pending::Act(Bets::start(c), board))?;
    let (need, storage) = (dry.used, dry.storage);
    drop(dry);
    Ok((board, iso, need, storage))
}

/// Builds what [`plan`] counted.
fn allocate(
    c: TreeConfig,
    s: Setup<'_>,
    board: u64,
    iso: Iso,
    need: u64,
    storage: u64,
) -> Result<Solver> {
    let more = s.final_board - s.board.len() as u32;
    let free = s.deck & !board;
    // the tables of every final board
    let masks = final_boards(board, free, more);
    let board_id: HashMap<u64, u32> = masks
        .iter()
        .enumerate()
        .map(|(i, &m)| (m, i as u32))
        .collect();
    let tables: Vec<BoardTable> = masks.par_iter().map(|&m| table(&s, m)).collect();
    let removal = [
        Removal::new(&s.hands[0], &s.hands[1], !s.plain),
        Removal::new(&s.hands[1], &s.hands[0], !s.plain),
    ];
    let mut b = Builder {
        c: &c,
        iso: &iso,
        deck: s.deck,
        final_board: s.final_board,
        n: [s.hands[0].len() as u64, s.hands[1].len() as u64],
        dry: false,
        budget: u64::MAX,
        used: 0,
        nodes: crate::reserve::with_capacity(0, "the solver's tree")?,
        storage: 0,
        deals: Vec::new(),
        runouts: Vec::new(),
        runout_of: HashMap::new(),
        board_id: &board_id,
        k: s.hands[0].k as u32,
    };
    b.nodes.push(Node {
        kind: Kind::Showdown,
        edge: Edge::Root,
        first: 0,
        count: 0,
        contrib: [c.antes; 2],
        board,
        street: 0,
        offset: 0,
        extra: 0,
    });
    b.fill(0, Pending::Act(Bets::start(&c), board))?;
    debug_assert_eq!(b.storage, storage);
    let regrets = crate::reserve::filled(storage as usize, 0f32, "the solver's regrets")?;
    let sums = crate::reserve::filled(storage as usize, 0f32, "the solver's strategy sums")?;
    let memory = need + removal[0].bytes() as u64 + removal[1].bytes() as u64;
    let Builder {
        nodes,
        deals,
        runouts,
        ..
    } = b;
    let shift = [c.pot.div_ceil(2) as f64, (c.pot / 2) as f64];
    Ok(Solver {
        shift,
        prune: true,
        config: c,
        hands: s.hands,
        nodes,
        deals,
        runouts,
        boards: tables,
        removal,
        iso,
        regrets,
        sums,
        iterations: 0,
        rake: s.rake,
        hilo: s.hilo,
        deck: s.deck,
        final_board: s.final_board,
        memory,
    })
}

/// One final board's table: each player's unblocked hands, sorted.
fn table(s: &Setup<'_>, mask: u64) -> BoardTable {
    let board: Vec<u8> = (0..64u8).filter(|&c| mask >> c & 1 == 1).collect();
    let mut t = BoardTable {
        mask,
        ..BoardTable::default()
    };
    for p in 0..2 {
        let h = &s.hands[p];
        let mut es: Vec<Entry> = (0..h.len())
            .filter(|&i| h.mask[i] & mask == 0)
            .map(|i| {
                let (high, low) = (s.score)(h.of(i), &board);
                Entry {
                    high,
                    low,
                    idx: i as u32,
                }
            })
            .collect();
        es.sort_by_key(|e| (e.high, e.idx));
        if h.k <= 2 && !s.hilo && !s.plain {
            // one card: the second slot is a card id no hand holds (62 for
            // player 0, 63 for player 1), as in `Removal`
            t.small[p] = es
                .iter()
                .map(|e| {
                    let c = h.of(e.idx as usize);
                    Small {
                        key: e.high,
                        idx: e.idx as u16,
                        c1: c[0],
                        c2: if h.k == 2 { c[1] } else { 62 + p as u8 },
                    }
                })
                .collect();
            continue;
        }
        if s.hilo {
            let mut lows = es.clone();
            lows.sort_by_key(|e| (e.low, e.idx));
            t.low[p] = lows;
        }
        t.high[p] = es;
    }
    t
}
