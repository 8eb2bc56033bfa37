//! Properties of the natural evaluator, by proptest.

use _core::eval::{batch, category, high};
use proptest::prelude::*;
use proptest::sample::subsequence;

fn hand(k: usize) -> impl Strategy<Value = Vec<u8>> {
    subsequence((0..52u8).collect::<Vec<_>>(), k).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn order_of_cards_does_not_matter(h in hand(7), rot in 0usize..7) {
        let mut other = h.clone();
        other.rotate_left(rot);
        other.reverse();
        prop_assert_eq!(high::evaluate(&h).unwrap(), high::evaluate(&other).unwrap());
    }

    #[test]
    fn another_card_never_hurts(h in hand(7)) {
        let five = high::evaluate(&h[..5]).unwrap();
        let six = high::evaluate(&h[..6]).unwrap();
        let seven = high::evaluate(&h).unwrap();
        prop_assert!(five <= six && six <= seven);
    }

    #[test]
    fn suits_relabelled_give_the_same_value(h in hand(7), perm in Just([0u8, 1, 2, 3]).prop_shuffle()) {
        let relabelled: Vec<u8> = h.iter().map(|&c| (c & !3) | perm[(c & 3) as usize]).collect();
        prop_assert_eq!(high::evaluate(&h).unwrap(), high::evaluate(&relabelled).unwrap());
    }

    #[test]
    fn best_five_has_the_value(h in hand(7)) {
        let v = high::evaluate(&h).unwrap();
        let five = high::best_five(&h);
        prop_assert_eq!(high::evaluate(&five).unwrap(), v);
        prop_assert!(five.iter().all(|c| h.contains(c)));
        prop_assert!((1..=10).contains(&category(v as u32)));
    }

    #[test]
    fn batch_agrees_with_single_calls(rows in prop::collection::vec(hand(7), 1..50)) {
        let flat: Vec<u8> = rows.concat();
        let values = batch::evaluate_batch(&flat, 7, Some(1)).unwrap();
        for (row, v) in rows.iter().zip(values) {
            prop_assert_eq!(high::evaluate(row).unwrap() as u32, v);
        }
    }

    #[test]
    fn any_bytes_are_refused_or_ranked_never_a_panic(flat in prop::collection::vec(any::<u8>(), 0..80), k in 4usize..9) {
        let rows = flat.len() / k.max(1);
        let mut out = vec![0u32; rows];
        let result = batch::evaluate_batch_into(&flat[..rows * k], k, &mut out, None);
        let every_row_valid = (5..=7).contains(&k)
            && flat[..rows * k].chunks_exact(k).all(|r| high::check_hand(r).is_ok());
        prop_assert_eq!(result.is_ok(), every_row_valid);
    }
}
