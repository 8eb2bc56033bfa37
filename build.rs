//! Writes the evaluator's lookup tables into OUT_DIR/tables.rs at compile
//! time, so importing the module costs nothing.

use std::fmt::Write as _;

#[allow(dead_code)]
mod gen {
    include!("src-rust/eval/gen.rs");
}

fn array<T: std::fmt::Display>(out: &mut String, name: &str, ty: &str, items: &[T]) {
    writeln!(out, "pub static {name}: [{ty}; {}] = [", items.len()).unwrap();
    for chunk in items.chunks(16) {
        let line: Vec<String> = chunk.iter().map(|x| x.to_string()).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    #[cfg(feature = "python")]
    pyo3_build_config::use_pyo3_cfgs();
    println!("cargo:rerun-if-changed=src-rust/eval/gen.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let five = gen::five_values();
    let entries: Vec<(u32, u16)> = gen::rank_multisets()
        .iter()
        .map(|c| (gen::rank_key(c), gen::best_plain(c, &five)))
        .collect();
    let hash = gen::perfect_hash(&entries);
    let flush: Vec<u16> = (0..8192u16).map(|m| gen::best_flush(m, &five)).collect();
    let mut out = String::new();
    array(&mut out, "RANK_ROW_BASE", "u32", &hash.row_base);
    array(&mut out, "RANK_VALUES", "u16", &hash.table);
    array(&mut out, "FLUSH_VALUES", "u16", &flush);
    let path = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("tables.rs");
    std::fs::write(path, out).unwrap();
}
