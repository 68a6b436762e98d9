//! `docs/operations.md` is generated from the operations' description (the core's table): this
//! test renders it and fails when the checked-in page differs. After changing an operation's
//! description, rewrite the page with
//! `WALLET_SDK_UPDATE_GENERATED=1 cargo test -p wallet-sdk --test operation_reference`.

use std::fmt::Write;

use wallet_sdk::operations::{HttpMethod, Location, Operation, Param, Presence, ValueKind, ALL, VARIANTS};

const PAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/operations.md");

#[test]
fn the_operation_reference_is_current() {
    let page = render();
    if std::env::var_os("WALLET_SDK_UPDATE_GENERATED").is_some() {
        std::fs::write(PAGE, &page).unwrap();
        return;
    }
    let current = std::fs::read_to_string(PAGE).unwrap_or_default();
    assert!(
        current == page,
        "docs/operations.md is not what the operations' description gives; run \
         WALLET_SDK_UPDATE_GENERATED=1 cargo test -p wallet-sdk --test operation_reference"
    );
}

#[test]
fn every_description_has_a_summary_and_a_doc() {
    for op in ALL.iter().chain(VARIANTS.iter()) {
        let s = op.summary;
        assert!(!s.is_empty() && !s.ends_with('.') && s.len() <= 80, "{}: summary {s:?}", op.method_name);
        assert!(op.doc_paragraph().ends_with('.') || op.doc_paragraph().ends_with(')'), "{}: doc", op.method_name);
        let camel: String = op
            .method_name
            .split('_')
            .enumerate()
            .map(|(i, w)| if i == 0 { w.to_string() } else { w[..1].to_uppercase() + &w[1..] })
            .collect();
        assert_eq!(op.camel_name, camel, "the camelCase name of {}", op.method_name);
    }
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
