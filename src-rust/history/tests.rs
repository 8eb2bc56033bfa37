//! The reader's pieces against values worked by hand.

use super::read::{amount, player};

#[test]
fn amounts_are_exact_once_scaled() {
    assert_eq!(amount("250", 1), Some(250));
    assert_eq!(amount("010", 1), Some(10));
    assert_eq!(amount("2.5", 100), Some(250));
    assert_eq!(amount("2.50", 100), Some(250));
    assert_eq!(amount("0.05", 100), Some(5));
    assert_eq!(amount("2.5", 1), None); // finer than the scale
    assert_eq!(amount("0.005", 100), None);
    for bad in ["", ".5", "1.", "1.2.3", "-1", "+1", "1e3", "１"] {
        assert_eq!(amount(bad, 100), None, "{bad:?}");
    }
    assert_eq!(amount("99999999999999999999", 1), None); // 20 digits: the reference's
    assert_eq!(amount("18446744073709551615", 2), None); // overflow, checked
}

#[test]
fn labels_are_the_references() {
    assert_eq!(player("p1", 2), Some(0));
    assert_eq!(player("p2", 2), Some(1));
    for bad in ["p0", "p3", "p01", "p", "q1", "p+1", "P1"] {
        assert_eq!(player(bad, 2), None, "{bad:?}");
    }
}
