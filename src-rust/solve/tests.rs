use super::cfr::Algorithm;
use super::games::{kuhn, leduc};
use crate::equity::Never;

const DCFR: Algorithm = Algorithm::Dcfr {
    alpha: 1.5,
    beta: 0.0,
    gamma: 2.0,
};

#[test]
fn kuhn_converges_to_its_value() {
    let mut s = kuhn().unwrap();
    s.iterate(2000, DCFR, false, &Never);
    let (v0, v1) = s.ev(false, &Never);
    let e = s.exploitability(false, &Never);
    assert!((v0 + 1.0 / 18.0).abs() < 1e-3, "{v0}");
    assert!((v0 + v1).abs() < 1e-9);
    assert!(e < 1e-3, "{e}");
}

#[test]
fn leduc_converges_to_its_value() {
    for iso in [false, true] {
        let mut s = leduc(iso).unwrap();
        s.iterate(1000, DCFR, false, &Never);
        let (v0, _) = s.ev(false, &Never);
        let e = s.exploitability(false, &Never);
        assert!((v0 + 0.0856064).abs() < 1e-3, "{iso} {v0}");
        assert!(e < 1e-3, "{iso} {e}");
    }
}
