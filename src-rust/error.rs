//! The one error type of the core. The bindings turn each variant into the
//! matching `hoyle.errors` class, all of them `ValueError` subclasses.

/// Everything that can go wrong in the core, each with a message that says
/// what was wrong and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("unknown card {token:?}: a card is a rank (2-9, T, J, Q, K, A) followed by a suit (c, d, h, s), or Xx for a joker")]
    UnknownCard { token: String },
    #[error(
        "card id {id} is out of range: ids are 0..=51 (2c = 0 ... As = 51), and 52, 53 for jokers"
    )]
    CardIdOutOfRange { id: String },
    #[error("duplicate card {card}: a card may appear only once in a hand")]
    DuplicateCard { card: String },
    #[error("{what} has {got} cards: {allowed}")]
    HandSize {
        what: &'static str,
        got: usize,
        allowed: &'static str,
    },
    #[error("jokers are not allowed here: {context}")]
    JokerNotAllowed { context: &'static str },
    #[error("card {card} is not in the short deck: short-deck rules play the 36 cards six to ace (ids 16..=51)")]
    NotInShortDeck { card: String },
    #[error("row {row}: {source}")]
    Row {
        row: usize,
        #[source]
        source: Box<Error>,
    },
    #[error("{0}")]
    Batch(String),
    #[error("bad hand rules: {0}")]
    Rules(String),
    #[error("{what} has {got} entries but contributions has {expected}: give one entry per seat")]
    SeatCount {
        what: &'static str,
        got: usize,
        expected: usize,
    },
    #[error("too many seats ({got}): a hand has at most 64")]
    TooManySeats { got: usize },
    #[error("{what}[{seat}] is {value}: chips cannot be negative")]
    NegativeChips {
        what: &'static str,
        seat: usize,
        value: String,
    },
    #[error("{what}[{seat}] is {value}: more than 2**64 - 1 chips, the most settlement can hold (hoyle.MAX_CHIPS)")]
    TooManyChips {
        what: &'static str,
        seat: usize,
        value: String,
    },
    #[error("contributions add up to more than 2**64 - 1 chips, the most settlement can hold (hoyle.MAX_CHIPS)")]
    ChipOverflow,
    #[error("{what}[{seat}] is {value}: a hand value must fit in a signed 64-bit integer")]
    ValueOutOfRange {
        what: &'static str,
        seat: usize,
        value: String,
    },
    #[error("no live seat: every high value is None (folded), so nobody can win the pot; give the value of each hand still in")]
    NoLiveSeat,
    #[error("seat {seat} has a low value but high[{seat}] is None (folded): a folded seat has no hand, give None for both")]
    LowForFoldedSeat { seat: usize },
    #[error("seat {seat} has {dead} dead chips (antes) but contributed only {contributed}: dead chips are part of the contribution")]
    DeadOverContribution {
        seat: usize,
        dead: u64,
        contributed: u64,
    },
    #[error("button {button} is not a seat: seats are 0..={}", .seats.saturating_sub(1))]
    ButtonOutOfRange { button: String, seats: usize },
    #[error("cannot restore a {what} from this state: {why}")]
    Unrestorable { what: &'static str, why: String },
    #[error("{what} has {got} entries but stacks has {expected}: give one entry per seat")]
    StackCount {
        what: &'static str,
        got: usize,
        expected: usize,
    },
    #[error("bad rake: {reason}")]
    BadRake { reason: String },
    #[error("equity: {reason}")]
    Equity { reason: String },
    /// A tournament computation that cannot be done (`hoyle.errors.TournamentError`):
    /// bad stacks or payouts, a field too large for the exact method.
    #[error("{0}")]
    Tournament(String),
    /// A spot or tree the solver cannot solve (`hoyle.errors.SolveError`).
    #[error("{0}")]
    Solve(String),
    /// Game settings a core call cannot play (`hoyle.errors.GameError`).
    #[error("{0}")]
    Game(String),
    /// An action the rules do not allow now (`hoyle.errors.IllegalActionError`).
    #[error("{0}")]
    IllegalAction(String),
    /// An argument of a binding that is not of the form asked (an index out
    /// of range, arrays of the wrong size or in use): `hoyle.errors.HoyleError`.
    #[error("{0}")]
    Argument(String),
    /// A buffer whose size the caller chose could not be allocated
    /// (`crate::reserve`): `MemoryError`, naming what and how much.
    #[error("out of memory: {what} needs {bytes} bytes ({}), more than could be allocated", human(*.bytes))]
    OutOfMemory {
        what: std::borrow::Cow<'static, str>,
        bytes: u128,
    },
}

pub type Result<T> = std::result::Result<T, Error>;

/// A byte count as a person reads it: `3.2 GiB`, `512 bytes`.
pub fn human(bytes: u128) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}
