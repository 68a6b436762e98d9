//! `docs/operations.md` (the operation reference) and `docs/reference/wire-names.md` (the wire
//! name → SDK name table of the migration guide) are generated from the operations' description
//! (the core's table): this test renders them and fails when a checked-in page differs. After
//! changing an operation's description, rewrite the pages with
//! `WALLET_SDK_UPDATE_GENERATED=1 cargo test -p wallet-sdk --test operation_reference`.

use std::fmt::Write;

use wallet_sdk::operations::{HttpMethod, Location, Operation, Param, Presence, ValueKind, ALL, VARIANTS};

/// The generated pages: their path under the repository root and what renders them.
const PAGES: [(&str, fn() -> String); 2] = [("docs/operations.md", render), ("docs/reference/wire-names.md", render_wire_names)];

#[test]
fn the_generated_pages_are_current() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    for (path, render) in PAGES {
        let page = render();
        let file = format!("{root}/{path}");
        if std::env::var_os("WALLET_SDK_UPDATE_GENERATED").is_some() {
            std::fs::create_dir_all(std::path::Path::new(&file).parent().unwrap()).unwrap();
            std::fs::write(&file, &page).unwrap();
            continue;
        }
        let current = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            current == page,
            "{path} is not what the operations' description gives; run \
             WALLET_SDK_UPDATE_GENERATED=1 cargo test -p wallet-sdk --test operation_reference"
        );
    }
}

#[test]
fn every_description_has_a_summary_and_a_doc() {
    for op in ALL.iter().chain(VARIANTS.iter()) {
        let s = op.summary;
        assert!(!s.is_empty() && !s.ends_with('.') && s.len() <= 80, "{}: summary {s:?}", op.method_name);
        assert!(op.doc_paragraph().ends_with('.') || op.doc_paragraph().ends_with(')'), "{}: doc", op.method_name);
        assert_eq!(op.camel_name, camel(op.method_name), "the camelCase name of {}", op.method_name);
    }
}

/// The camelCase form of a snake_case name, as uniffi and the description spell it.
fn camel(snake: &str) -> String {
    snake
        .split('_')
        .enumerate()
        .map(|(i, w)| if i == 0 { w.to_string() } else { w[..1].to_uppercase() + &w[1..] })
        .collect()
}

fn type_name(p: &Param) -> &'static str {
    match p.kind {
        _ if p.secret => "secret text",
        ValueKind::Text => "text",
        ValueKind::Integer => "non-negative integer",
        ValueKind::Amount => "amount (LTC, at most 8 decimals)",
        ValueKind::Boolean => "flag",
        ValueKind::TextArray | ValueKind::TextListCommaJoined => "list of text",
        ValueKind::IntegerArray => "list of non-negative integers",
        ValueKind::AddressTypeCode | ValueKind::AddressTypeName => "address type",
    }
}

fn travels(p: &Param) -> String {
    let place = match p.location {
        Location::Header => "header",
        Location::Query => "query parameter",
        Location::Body => "body field",
        Location::Sdk => return format!("not sent as a field of its own: used by the SDK (`{}`)", p.sdk_name),
    };
    let how = match p.kind {
        ValueKind::Amount => " (a JSON number written exactly)",
        ValueKind::TextListCommaJoined => " (one string, the items joined by commas)",
        ValueKind::AddressTypeCode => " (its integer code: 0 legacy, 1 p2sh-segwit, 2 bech32, 3 mweb)",
        ValueKind::AddressTypeName => " (Litecoin Core's name: legacy, p2sh-segwit, bech32)",
        _ => "",
    };
    format!("{place} `{}`{how}", p.wire_name)
}

fn method_cell(op: &Operation) -> String {
    let n = op.method_name;
    let c = op.camel_name;
    format!("`Client::{n}` | `Client.{n}` / `AsyncClient.{n}` | `WalletClient.{c}` | `WalletClient.{c}`")
}

fn render() -> String {
    let mut out = String::new();
    out.push_str(
        "<!-- Generated from the operations' description (core/src/description.rs) by \
         core/tests/operation_reference.rs; do not edit by hand. -->\n\
         # Operations\n\n\
         The service has 43 operations. Each has one name in every language: snake_case in Rust, \
         Python and the CLI (with `-` for `_`), camelCase in Kotlin, Java and Swift. In Rust every \
         method is also on `wallet_sdk::blocking::Client`; Kotlin's are `suspend` functions, \
         Java's return a `CompletableFuture` (and have a blocking twin), Swift's are \
         `async throws`.\n\n\
         \"Safe to repeat\" operations are retried automatically after a transient failure. The \
         others are never repeated once their request may have left: a lost answer is an \
         `outcome_unknown` error, and the caller decides what to do (see the errors guide).\n\n\
         | # | group | method | path | Rust (`wallet_sdk`) | Python (`wallet_sdk`) | Kotlin and Java (`org.walletsdk`) | Swift (`WalletSDK`) |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for (i, op) in ALL.iter().enumerate() {
        writeln!(out, "| {} | {} | {} | `{}` | {} |", i + 1, op.group, op.method.as_str(), op.path, method_cell(op)).unwrap();
    }
    out.push_str("\nSecond forms of an operation (the same request, other inputs):\n\n| method | operation | Rust | Python | Kotlin and Java | Swift |\n|---|---|---|---|---|---|\n");
    for v in VARIANTS {
        writeln!(out, "| `{}` | `{}` | {} |", v.method_name, v.name, method_cell(v)).unwrap();
    }
    out.push_str(
        "\n## Reference\n\n\
         Every operation sends the credential (an API key or a node URL) as the header \
         `nodeUrlOrApiAccessKey`, except where noted. Inputs are listed with their SDK name, \
         which is the same in every language (camelCase in Kotlin, Java and Swift), and where \
         they travel on the wire, odd spellings included. Optional inputs are the fields of the \
         options record in Rust, Kotlin, Java and Swift, and keyword arguments in Python.\n",
    );
    let mut group = "";
    for op in ALL.iter().chain(VARIANTS.iter()) {
        if op.group != group && op.variant_of.is_none() {
            group = op.group;
            writeln!(out, "\n### {group}\n").unwrap();
        }
        writeln!(out, "#### `{}`\n\n{}\n", op.method_name, op.doc_paragraph()).unwrap();
        let method = match op.method {
            HttpMethod::Get => "GET",
            HttpMethod::Post => "POST",
        };
        writeln!(out, "- Request: `{method} {}`", op.path).unwrap();
        if let Some(base) = op.variant_of {
            writeln!(out, "- A second form of `{}`", base.method_name).unwrap();
        }
        if op.credential_location == Location::Query {
            out.push_str("- The credential travels as the query parameter `nodeUrlOrApiAccessKey` (the SDK keeps it out of every log line, error and URL it shows)\n");
        }
        let repeat = if op.idempotent { "yes (retried automatically)" } else { "no (never repeated once sent)" };
        writeln!(out, "- Safe to repeat: {repeat}").unwrap();
        let result = if op.options_type.is_empty() { String::new() } else { format!("; options record `{}`", op.options_type) };
        writeln!(out, "- Result: `{}`{result}", op.result_type).unwrap();
        if !op.secret_outputs.is_empty() {
            let fields: Vec<String> = op.secret_outputs.iter().map(|f| format!("`{f}`")).collect();
            writeln!(out, "- Secret answer fields (held as secrets, redacted in raw JSON and logs): {}", fields.join(", ")).unwrap();
        }
        if op.params.is_empty() {
            out.push_str("- Inputs: none besides the credential\n");
        } else {
            out.push_str("\n| input | type | required | travels as |\n|---|---|---|---|\n");
            for p in op.params {
                let required = match p.presence {
                    Presence::Required => "yes",
                    Presence::Optional => "no",
                    Presence::EmptyWhenAbsent => "no (`\"\"` is sent without it)",
                };
                writeln!(out, "| `{}` | {} | {required} | {} |", p.sdk_name, type_name(p), travels(p)).unwrap();
            }
        }
        out.push('\n');
    }
    out
}

fn place(location: Location) -> &'static str {
    match location {
        Location::Header => "header",
        Location::Query => "query parameter",
        Location::Body => "body field",
        Location::Sdk => "(not sent)",
    }
}

/// The migration table: each operation's wire name and its name in every language, then every
/// wire input name and the one SDK name it has.
fn render_wire_names() -> String {
    let mut out = String::new();
    out.push_str(
        "<!-- Generated from the operations' description (core/src/description.rs) by \
         core/tests/operation_reference.rs; do not edit by hand. -->\n\
         # Wire names and SDK names\n\n\
         Code written against the service's HTTP interface, by hand or with another client \
         library, names an operation by its HTTP method and path and its inputs by their wire \
         names. This page gives the SDK's name for each. The wire reference of every operation \
         (each input's type and where it travels) is the [operation reference](../operations.md).\n\n\
         ## Operations\n\n\
         Rust methods are on `wallet_sdk::Client` (async) and `wallet_sdk::blocking::Client`; \
         Python's on `wallet_sdk.Client` and `wallet_sdk.AsyncClient`; Kotlin's and Swift's on \
         `WalletClient`; Java's on `org.walletsdk.JavaWalletClient`, where `name(…)` blocks and \
         `nameAsync(…)` returns a `CompletableFuture`. The CLI's subcommand is `wallet NAME`.\n\n\
         | wire operation | Rust | Python | Kotlin and Swift | Java | CLI |\n\
         |---|---|---|---|---|---|\n",
    );
    for op in ALL.iter().chain(VARIANTS.iter()) {
        let (n, c) = (op.method_name, op.camel_name);
        let wire = match op.variant_of {
            None => format!("`{} {}`", op.method.as_str(), op.path),
            Some(base) => format!("`{} {}` (a second form of `{}`)", op.method.as_str(), op.path, base.method_name),
        };
        writeln!(out, "| {wire} | `{n}` | `{n}` | `{c}` | `{c}` / `{c}Async` | `wallet {}` |", n.replace('_', "-")).unwrap();
    }
    out.push_str(
        "\n## Inputs\n\n\
         The SDK has one name per concept wherever the wire spells it otherwise: the wallet is \
         always `wallet_name`, whether the service calls it `walletName`, `wallet` or \
         `new_wallet_name`. Rust, Python and the untyped call use the snake_case name, Kotlin, \
         Java and Swift its camelCase form (Swift's argument label), and the CLI a flag \
         `--kebab-case` (secret inputs come from `--NAME-file`, the environment or a prompt). \
         The credential, `nodeUrlOrApiAccessKey`, is no input of an operation: it is the \
         client's (`api_key` or `node_url` when it is built, `WALLET_SDK_API_KEY` for \
         `from_env`).\n\n\
         | wire name | travels as | SDK name | Kotlin, Java and Swift | operations |\n\
         |---|---|---|---|---|\n",
    );
    let mut rows: Vec<(&str, Location, &str, Vec<&str>)> = Vec::new();
    for op in ALL.iter().chain(VARIANTS.iter()) {
        for p in op.params {
            match rows.iter_mut().find(|r| r.0 == p.wire_name && r.1 == p.location && r.2 == p.sdk_name) {
                Some(row) => {
                    if !row.3.contains(&op.method_name) {
                        row.3.push(op.method_name)
                    }
                }
                None => rows.push((p.wire_name, p.location, p.sdk_name, vec![op.method_name])),
            }
        }
    }
    rows.sort_by_key(|r| (r.0.to_ascii_lowercase(), place(r.1), r.2));
    for (wire, location, sdk, ops) in rows {
        let wire = if location == Location::Sdk { "—".to_string() } else { format!("`{wire}`") };
        let ops = if ops.len() > 6 {
            format!("{} operations", ops.len())
        } else {
            ops.iter().map(|o| format!("`{o}`")).collect::<Vec<_>>().join(", ")
        };
        writeln!(out, "| {wire} | {} | `{sdk}` | `{}` | {ops} |", place(location), camel(sdk)).unwrap();
    }
    out
}
