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
    CardIdOutOfRange { id: i64 },
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
}

pub type Result<T> = std::result::Result<T, Error>;
