//! Cards: id = 4·rank + suit (ranks 2..A = 0..12, suits c, d, h, s = 0..3),
//! jokers 52 and 53, written `Xx`.

use crate::error::{Error, Result};

pub const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
pub const SUIT_CHARS: &[u8; 4] = b"cdhs";
pub const JOKER: u8 = 52;
pub const JOKER2: u8 = 53;
/// Largest valid id (the second joker).
pub const MAX_ID: u8 = 53;

#[inline]
pub const fn rank(card: u8) -> u8 {
    card >> 2
}

#[inline]
pub const fn suit(card: u8) -> u8 {
    card & 3
}

#[inline]
pub const fn is_joker(card: u8) -> bool {
    card >= JOKER
}

/// The two-character name of a card (`As`, `Td`, `Xx`).
pub fn name(card: u8) -> String {
    if is_joker(card) {
        "Xx".to_string()
    } else {
        let r = RANK_CHARS[rank(card) as usize] as char;
        let s = SUIT_CHARS[suit(card) as usize] as char;
        format!("{r}{s}")
    }
}

/// Parses one card name; ranks and suits are case-insensitive except that
/// the canonical form is upper-case rank, lower-case suit.
pub fn parse_one(token: &str) -> Result<u8> {
    let b = token.as_bytes();
    if b.len() == 2 {
        if b[0].eq_ignore_ascii_case(&b'X') && b[1].eq_ignore_ascii_case(&b'x') {
            return Ok(JOKER);
        }
        let r = RANK_CHARS
            .iter()
            .position(|&c| c == b[0].to_ascii_uppercase());
        let s = SUIT_CHARS
            .iter()
            .position(|&c| c == b[1].to_ascii_lowercase());
        if let (Some(r), Some(s)) = (r, s) {
            return Ok((r * 4 + s) as u8);
        }
    }
    Err(Error::UnknownCard {
        token: token.to_string(),
    })
}

/// Parses a run of card names, with or without separators (spaces or
/// commas): `"AsKd"`, `"As Kd"`, `"As,Kd"`. Two jokers in one text are the
/// ids 52 and 53.
pub fn parse_text(text: &str) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            continue;
        }
        if !word.is_ascii() || word.len() % 2 != 0 {
            return Err(Error::UnknownCard {
                token: word.to_string(),
            });
        }
        for i in (0..word.len()).step_by(2) {
            out.push(parse_one(&word[i..i + 2])?);
        }
    }
    number_jokers(&mut out);
    Ok(out)
}

/// Gives a second joker written `Xx` the id 53, so two jokers stay distinct.
pub fn number_jokers(cards: &mut [u8]) {
    let mut seen = false;
    for c in cards.iter_mut() {
        if is_joker(*c) {
            if seen && *c == JOKER {
                *c = JOKER2;
            }
            seen = true;
        }
    }
}

/// Checks ids are in range and distinct.
pub fn check_distinct(cards: &[u8]) -> Result<()> {
    let mut seen = 0u64;
    for &c in cards {
        if c > MAX_ID {
            return Err(Error::CardIdOutOfRange { id: c.to_string() });
        }
        let bit = 1u64 << c;
        if seen & bit != 0 {
            return Err(Error::DuplicateCard { card: name(c) });
        }
        seen |= bit;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_rules() {
        assert_eq!(parse_one("2c").unwrap(), 0);
        assert_eq!(parse_one("As").unwrap(), 51);
        assert_eq!(parse_one("Td").unwrap(), 8 * 4 + 1);
        assert_eq!(parse_one("Xx").unwrap(), 52);
        for id in 0..52u8 {
            assert_eq!(parse_one(&name(id)).unwrap(), id);
        }
    }

    #[test]
    fn text_forms() {
        assert_eq!(parse_text("AsKd").unwrap(), vec![51, 45]);
        assert_eq!(parse_text(" As  Kd ").unwrap(), vec![51, 45]);
        assert_eq!(parse_text("As,Kd").unwrap(), vec![51, 45]);
        assert_eq!(parse_text("XxXx").unwrap(), vec![52, 53]);
        assert!(matches!(parse_text("AsK"), Err(Error::UnknownCard { token }) if token == "AsK"));
        assert!(matches!(parse_text("As1d"), Err(Error::UnknownCard { token }) if token == "1d"));
    }

    #[test]
    fn duplicates_are_named() {
        let err = check_distinct(&[51, 46, 51]).unwrap_err();
        assert_eq!(err, Error::DuplicateCard { card: "As".into() });
        assert!(check_distinct(&[52, 53]).is_ok());
        assert!(matches!(
            check_distinct(&[54]),
            Err(Error::CardIdOutOfRange { id }) if id == "54"
        ));
    }
}
