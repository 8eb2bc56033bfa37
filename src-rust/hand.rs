//! What a Python `Hand` and the core share, written once here and exported
//! to Python by the bindings (`hoyle._core`): the phases of a hand, the
//! kinds of a history record, and the fields of a hand's *view*, in order.
//!
//! The view is how code outside the hand's own modules (`hoyle.env`, and
//! `py/observe.rs` for the core) reads a hand's state: one tuple of the
//! hand's fields in the order of [`HAND_VIEW_FIELDS`], made by
//! `hoyle._hand_view.view(hand)` (one C-level `attrgetter` call, its field
//! names checked against `HandState`'s declared fields when Python loads
//! it), and indexed by the positions in [`view`]. A field is named here
//! as `HandState` declares it, less the leading underscore. While a seat
//! is to draw, its decision also reads [`HAND_DRAW_FIELDS`]
//! (`hoyle._hand_view.draw_view(hand)`, positions in [`draw_view`]).
//!
//! Pure Rust: no Python here.

/// A table of names and a module of their positions, from one list:
/// `numbered!(TABLE, module: u8 { A = "a", B = "b" })` makes
/// `TABLE: [&str; 2] = ["a", "b"]`, `module::A == 0`, `module::B == 1`;
/// with `lookup f`, `fn f(name) -> Option<u8>` too (a `match`, as fast as
/// one written out); with `each T: U`, entries `A = "a" => x` and a table
/// `T: [U; 2]` of the `x`s.
macro_rules! numbered {
    (@base [$($doc:meta),*] $table:ident, [$($mdoc:meta),*] $module:ident: $ty:ty
        { $($constant:ident = $name:literal),+ }) => {
        $(#[$doc])*
        pub const $table: [&str; [$($name),+].len()] = [$($name),+];

        $(#[$mdoc])*
        pub mod $module {
            #[allow(non_camel_case_types, clippy::upper_case_acronyms, dead_code)]
            #[repr(usize)]
            enum Position {
                $($constant),+
            }
            $(
                #[doc = concat!("The position of `", $name, "`.")]
                pub const $constant: $ty = Position::$constant as $ty;
            )+
        }
    };
    (
        $(#[$doc:meta])* $table:ident, $(#[$mdoc:meta])* $module:ident: $ty:ty,
        lookup $lookup:ident { $($constant:ident = $name:literal),+ $(,)? }
    ) => {
        numbered!(@base [$($doc),*] $table, [$($mdoc),*] $module: $ty
            { $($constant = $name),+ });

        #[doc = concat!("The position of a name of [`", stringify!($table), "`].")]
        pub fn $lookup(name: &str) -> Option<$ty> {
            Some(match name {
                $($name => $module::$constant,)+
                _ => return None,
            })
        }
    };
    (
        $(#[$doc:meta])* $table:ident, $(#[$mdoc:meta])* $module:ident: $ty:ty,
        each $each:ident: $each_ty:ty { $($constant:ident = $name:literal => $value:expr),+ $(,)? }
    ) => {
        numbered!(@base [$($doc),*] $table, [$($mdoc),*] $module: $ty
            { $($constant = $name),+ });

        #[doc = concat!("Each entry's value, in the order of [`", stringify!($table), "`].")]
        pub const $each: [$each_ty; $table.len()] = [$($value),+];
    };
    (
        $(#[$doc:meta])* $table:ident, $(#[$mdoc:meta])* $module:ident: $ty:ty
        { $($constant:ident = $name:literal),+ $(,)? }
    ) => {
        numbered!(@base [$($doc),*] $table, [$($mdoc),*] $module: $ty
            { $($constant = $name),+ });
    };
}
pub(crate) use numbered;

numbered!(
    /// The phases of a hand (`HandState._phase`), by number: betting, a
    /// seat to draw, over (`hoyle._hand_state.BET`, `DRAWING`, `OVER`).
    PHASES,
    /// Each phase's number.
    phase: u8 {
        BET = "bet",
        DRAWING = "drawing",
        OVER = "over",
    }
);

numbered!(
    /// The kinds of a history record (`hoyle.Action.kind`), in the order of
    /// the observation's one-hot: the first [`FORCED_KINDS`] are posted by
    /// the hand itself, the rest are a seat's actions.
    RECORD_KINDS,
    /// Each record kind's number (its one-hot position).
    kind: u8,
    lookup kind_of {
        ANTE = "ante",
        BLIND = "blind",
        BRING_IN = "bring-in",
        FOLD = "fold",
        CHECK = "check",
        CALL = "call",
        BET = "bet",
        RAISE = "raise",
        DRAW = "draw",
    }
);

/// The forced kinds: the first ones of [`RECORD_KINDS`] (ante, blind,
/// bring-in). A stud bring-in may also be the seat's choice to make.
pub const FORCED_KINDS: usize = 3;

numbered!(
    /// The fields of a hand's view, in order: `HandState`'s names less the
    /// underscore. `legal` is the cache of `Hand.legal` (None until worked
    /// out: a reader then asks `hand.legal`).
    HAND_VIEW_FIELDS,
    /// Each view field's position.
    view: usize {
        GAME = "game",
        N = "n",
        CARDS = "cards",
        UP = "up",
        BOARD = "board",
        STACKS = "stacks",
        BETS = "bets",
        CONTRIB = "contrib",
        FOLDED = "folded",
        HISTORY = "history",
        STREET = "street",
        PHASE = "phase",
        ACTOR = "actor",
        BUTTON = "button",
        LEGAL = "legal",
    }
);

numbered!(
    /// What a drawing seat's decision reads besides the view: the hand's
    /// plan (each street's draw limits), the deck and the discards (the
    /// cards left to draw from).
    HAND_DRAW_FIELDS,
    /// Each draw field's position.
    draw_view: usize {
        PLAN = "plan",
        DECK = "deck",
        DISCARDS = "discards",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_follow_the_tables() {
        assert_eq!(PHASES[phase::OVER as usize], "over");
        assert_eq!(
            [phase::BET, phase::DRAWING, phase::OVER],
            [0, 1, 2],
            "a pickled hand stores these numbers"
        );
        for (i, name) in RECORD_KINDS.iter().enumerate() {
            assert_eq!(kind_of(name), Some(i as u8));
        }
        assert_eq!(kind_of("muck"), None);
        assert_eq!(RECORD_KINDS[kind::BRING_IN as usize], "bring-in");
        assert_eq!(RECORD_KINDS[kind::DRAW as usize], "draw");
        assert_eq!(RECORD_KINDS[..FORCED_KINDS], ["ante", "blind", "bring-in"]);
        assert_eq!(HAND_VIEW_FIELDS[view::LEGAL], "legal");
        assert_eq!(HAND_VIEW_FIELDS.len(), view::LEGAL + 1);
        assert_eq!(HAND_DRAW_FIELDS[draw_view::DISCARDS], "discards");
    }
}
