//! Every surface that builds a client takes every setting of `wallet_sdk::settings`: the Rust
//! builder, Python's constructors (read from the stub, which `test_stubs.py` keeps equal to the
//! native module) and the `WalletClientConfig` record of Kotlin, Swift and Java. The command
//! line's flags are checked by the CLI's own test (it has the `clap` command). A failure names
//! the setting and the surface.

use wallet_sdk::settings::CLIENT_SETTINGS;

fn source(path: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    std::fs::read_to_string(format!("{root}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text between `start` and the first `end` after it.
fn section<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("`{start}` not found"));
    let rest = &text[from..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

#[test]
fn the_rust_builder_takes_every_setting() {
    let (builder_source, client) = (source("core/src/client/builder.rs"), source("core/src/client/mod.rs"));
    let builder = section(&builder_source, "impl ClientBuilder {", "\n}\n");
    let policy = section(&client, "pub struct RetryPolicy {", "\n}\n");
    let missing: Vec<&str> = CLIENT_SETTINGS
        .iter()
        .filter(|s| match s.rust.split_once('.') {
            Some((method, field)) => {
                !builder.contains(&format!("pub fn {method}(")) || !policy.contains(&format!("pub {field}:"))
            }
            None => !builder.contains(&format!("pub fn {}(", s.rust)),
        })
        .map(|s| s.name)
        .collect();
    assert!(missing.is_empty(), "ClientBuilder lacks the settings {missing:?}");
}

#[test]
fn the_python_constructors_take_every_setting() {
    let stub = source("bindings-python/python/wallet_sdk/_native.pyi");
    for class in ["class Client:", "class AsyncClient:"] {
        let init = section(section(&stub, class, "\nclass "), "def __init__(", ") -> None");
        let missing: Vec<&str> =
            CLIENT_SETTINGS.iter().filter(|s| !init.contains(&format!(" {}:", s.python)) && !init.starts_with(&format!("def __init__(self, {}:", s.python))).map(|s| s.name).collect();
        assert!(missing.is_empty(), "Python `{class}` constructor lacks the settings {missing:?}");
    }
}

#[test]
fn the_kotlin_swift_java_config_takes_every_setting() {
    let ffi = source("ffi/src/config.rs");
    let record = section(&ffi, "pub struct WalletClientConfig {", "\n}\n");
    let missing: Vec<&str> =
        CLIENT_SETTINGS.iter().filter(|s| !record.contains(&format!("pub {}:", s.ffi))).map(|s| s.name).collect();
    assert!(missing.is_empty(), "WalletClientConfig lacks the settings {missing:?}");
}

#[test]
fn settings_are_listed_once() {
    let mut names: Vec<&str> = CLIENT_SETTINGS.iter().map(|s| s.name).collect();
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(before, names.len(), "a setting is listed twice");
}
