//! One conversion from the core's error to the Python classes defined in
//! `hoyle/errors.py`.

use crate::error::Error;
use pyo3::exceptions::PyMemoryError;
use pyo3::PyErr;

pyo3::import_exception!(hoyle.errors, CardError);
pyo3::import_exception!(hoyle.errors, DuplicateCardError);
pyo3::import_exception!(hoyle.errors, HandError);
pyo3::import_exception!(hoyle.errors, RulesError);
pyo3::import_exception!(hoyle.errors, SettlementError);
pyo3::import_exception!(hoyle.errors, EquityError);
pyo3::import_exception!(hoyle.errors, GameError);
pyo3::import_exception!(hoyle.errors, IllegalActionError);
pyo3::import_exception!(hoyle.errors, HoyleError);
pyo3::import_exception!(hoyle.errors, TournamentError);
pyo3::import_exception!(hoyle.errors, SolveError);

impl From<Error> for PyErr {
    fn from(err: Error) -> PyErr {
        let message = err.to_string();
        let mut kind = &err;
        while let Error::Row { source, .. } = kind {
            kind = source;
        }
        match kind {
            Error::UnknownCard { .. } | Error::CardIdOutOfRange { .. } => {
                CardError::new_err(message)
            }
            Error::DuplicateCard { .. } => DuplicateCardError::new_err(message),
            Error::HandSize { .. }
            | Error::JokerNotAllowed { .. }
            | Error::NotInShortDeck { .. }
            | Error::Batch(_)
            | Error::Row { .. } => HandError::new_err(message),
            Error::Rules(_) => RulesError::new_err(message),
            Error::SeatCount { .. }
            | Error::TooManySeats { .. }
            | Error::NegativeChips { .. }
            | Error::TooManyChips { .. }
            | Error::ChipOverflow
            | Error::ValueOutOfRange { .. }
            | Error::NoLiveSeat
            | Error::LowForFoldedSeat { .. }
            | Error::DeadOverContribution { .. }
            | Error::ButtonOutOfRange { .. }
            | Error::Unrestorable { .. }
            | Error::StackCount { .. }
            | Error::BadRake { .. } => SettlementError::new_err(message),
            Error::Equity { .. } => EquityError::new_err(message),
            Error::Game(_) => GameError::new_err(message),
            Error::Tournament(_) => TournamentError::new_err(message),
            Error::Solve(_) => SolveError::new_err(message),
            Error::IllegalAction(_) => IllegalActionError::new_err(message),
            Error::Argument(_) => HoyleError::new_err(message),
            Error::OutOfMemory { .. } => PyMemoryError::new_err(message),
        }
    }
}
