//! `docs/operations.md` (the operation reference) and `docs/reference/wire-names.md` (the wire
//! name → SDK name table of the migration guide) are generated from the operations' description
//! (the core's table): this test renders them and fails when a checked-in page differs. After
//! changing an operation's description, rewrite the pages with
//! `WALLET_SDK_UPDATE_GENERATED=1 cargo test -p wallet-sdk --test operation_reference`.

use std::fmt::Write;

use wallet_sdk::fields::{FieldType, Fields, RecordType};
use wallet_sdk::operations::{HttpMethod, Location, Operation, Param, Presence, ValueKind, ALL, VARIANTS};

/// The generated pages: their path under the repository root and what renders them.
const PAGES: [(&str, fn() -> String); 3] = [
    ("docs/operations.md", render),
    ("docs/reference/wire-names.md", render_wire_names),
    ("docs/guides/configuration.md", render_configuration),
];

/// Generated parts of hand-written pages: the file, the region's name, what renders it. The
/// region is everything between `<!-- generated: NAME … -->` and `<!-- /generated -->`.
const REGIONS: [(&str, &str, fn() -> String); 1] = [("docs/errors.md", "not-safe-to-repeat", render_not_safe_to_repeat)];

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
    for (path, name, render) in REGIONS {
        let file = format!("{root}/{path}");
        let current = std::fs::read_to_string(&file).unwrap();
        let open = format!("<!-- generated: {name} ");
        let start = current.find(&open).unwrap_or_else(|| panic!("{path}: no region `{name}`"));
        let body = start + current[start..].find("-->\n").unwrap() + 4;
        let end = body + current[body..].find("<!-- /generated -->").unwrap_or_else(|| panic!("{path}: region `{name}` is not closed"));
        let wanted = format!("{}{}{}", &current[..body], render(), &current[end..]);
        if std::env::var_os("WALLET_SDK_UPDATE_GENERATED").is_some() {
            std::fs::write(&file, &wanted).unwrap();
            continue;
        }
        assert!(
            current == wanted,
            "{path}: the region `{name}` is not what the operations' description gives; run \
             WALLET_SDK_UPDATE_GENERATED=1 cargo test -p wallet-sdk --test operation_reference"
        );
    }
}

/// The operations that are not safe to repeat, and what is said of the others.
fn render_not_safe_to_repeat() -> String {
    let names = |safe: bool| -> Vec<String> { ALL.iter().filter(|op| op.idempotent == safe).map(|op| format!("`{}`", op.name)).collect() };
    let never = names(false);
    format!(
        "The {} operations that are not safe to repeat: {}. The other {} are safe to repeat, \
         `broadcast_transaction` included: broadcasting the same signed transaction twice is one \
         transaction, so it is retried like a read.\n",
        never.len(),
        never.join(", "),
        ALL.len() - never.len()
    )
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

macro_rules! declare_result_records {
    ($({$name:ident $ret:ident $($rest:tt)*})*) => {
        /// The record type of the result of the method of that name.
        fn result_record(method: &str) -> Option<RecordType> {
            match method {
                $( stringify!($name) => Some(<wallet_sdk::$ret as Fields>::record_type()), )*
                _ => None,
            }
        }
    };
}
wallet_sdk::for_each_operation!(declare_result_records);

/// A field's type, in words.
fn field_type(t: &FieldType) -> String {
    match t {
        FieldType::Bool => "flag".into(),
        FieldType::Int => "integer".into(),
        FieldType::Float => "number".into(),
        FieldType::Text => "text".into(),
        FieldType::Amount => "amount".into(),
        FieldType::Secret => "secret".into(),
        FieldType::Json => "JSON".into(),
        FieldType::Optional(inner) => format!("{}, optional", field_type(inner)),
        FieldType::List(inner) => format!("list of {}", field_type(inner)),
        FieldType::Map(inner) => format!("map of {}", field_type(inner)),
        FieldType::Record(r) => format!("`{}`", r.name),
    }
}

/// The fields of an operation's result: snake_case in Rust and Python, camelCase elsewhere.
fn result_fields(op: &Operation) -> String {
    let record = result_record(op.method_name).unwrap_or_else(|| panic!("no result record for {}", op.method_name));
    let mut out = String::from("\n| result field | type | what it is |\n|---|---|---|\n");
    for f in (record.fields)() {
        let doc = f.doc.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|");
        writeln!(out, "| `{}` | {} | {doc} |", f.name, field_type(&f.ty)).unwrap();
    }
    out
}

/// How each language writes an input's type: Rust, Python, Kotlin, Java, Swift, Node.
fn input_types(p: &Param) -> [&'static str; 6] {
    if p.secret {
        return ["&Secret", "SecretLike", "Secret", "Secret", "Secret", "Secret | string"];
    }
    match p.kind {
        ValueKind::Text => ["&str", "str", "String", "String", "String", "string"],
        ValueKind::Amount => ["Amount", "AmountLike", "Amount", "Amount", "Amount", "Amount | string"],
        ValueKind::Integer => ["u32", "int", "Int", "int", "Int32", "number"],
        ValueKind::Boolean => ["bool", "bool", "Boolean", "boolean", "Bool", "boolean"],
        ValueKind::TextArray | ValueKind::TextListCommaJoined => ["Vec<String>", "Sequence[str]", "List<String>", "List<String>", "[String]", "string[]"],
        ValueKind::IntegerArray => ["Vec<u32>", "Sequence[int]", "List<Int>", "List<Integer>", "[Int32]", "number[]"],
        ValueKind::AddressTypeCode | ValueKind::AddressTypeName => ["AddressType", "AddressTypeLike", "AddressType", "AddressType", "AddressType", "AddressType"],
    }
}

/// The operation's method in each language, as its declaration reads there.
fn calls(op: &Operation) -> String {
    let (required, optional): (Vec<&Param>, Vec<&Param>) = op.arguments().into_iter().partition(|p| p.presence == Presence::Required);
    let opts = op.options_type;
    let ret = op.result_type;
    let (n, c) = (op.method_name, op.camel_name);
    let args = |lang: usize, form: &dyn Fn(&str, &str) -> String| -> Vec<String> {
        required
            .iter()
            .map(|p| {
                let name = if lang <= 1 { p.sdk_name.to_string() } else { camel(p.sdk_name) };
                form(&name, input_types(p)[lang])
            })
            .collect()
    };
    let mut rust = args(0, &|name, t| format!("{name}: {t}"));
    let mut python = args(1, &|name, t| format!("{name}: {t}"));
    let mut kotlin = args(2, &|name, t| format!("{name}: {t}"));
    let mut java = args(3, &|name, t| format!("{t} {name}"));
    let mut swift = args(4, &|name, t| format!("{name}: {t}"));
    let mut node = args(5, &|name, t| format!("{name}: {t}"));
    if !opts.is_empty() {
        rust.push(format!("options: {opts}"));
        python.push("*".into());
        python.extend(optional.iter().map(|p| format!("{}: Optional[{}] = None", p.sdk_name, input_types(p)[1])));
        kotlin.push(format!("options: {opts}? = null"));
        java.push(format!("{opts} options"));
        swift.push(format!("options: {opts}? = nil"));
        let fields: Vec<String> = optional.iter().map(|p| format!("{}?: {}", camel(p.sdk_name), input_types(p)[5])).collect();
        node.push(format!("options?: {{ {}; signal?: AbortSignal }}", fields.join("; ")));
    } else {
        node.push("options?: { signal?: AbortSignal }".into());
    }
    let mut out = String::from("- Declared as:\n");
    writeln!(out, "    - Rust (`Client`): `async fn {n}(&self, {}) -> Result<{ret}>`", rust.join(", ")).unwrap();
    writeln!(out, "    - Python (`Client`; `async def` on `AsyncClient`): `def {n}(self, {}) -> {ret}`", python.join(", ")).unwrap();
    writeln!(out, "    - Kotlin (`WalletClient`): `suspend fun {c}({}): {ret}`", kotlin.join(", ")).unwrap();
    writeln!(out, "    - Java (`JavaWalletClient`; `{c}Async` returns a `CompletableFuture`): `{ret} {c}({})`", java.join(", ")).unwrap();
    writeln!(out, "    - Swift (`WalletClient`): `func {c}({}) async throws -> {ret}`", swift.join(", ")).unwrap();
    writeln!(out, "    - Node (`Client`): `{c}({}): Promise<{ret}>`", node.join(", ")).unwrap();
    out
}

fn method_cell(op: &Operation) -> String {
    let n = op.method_name;
    let c = op.camel_name;
    format!("`Client::{n}` | `Client.{n}` / `AsyncClient.{n}` | `WalletClient.{c}` | `WalletClient.{c}` | `Client.{c}`")
}

fn render() -> String {
    let mut out = String::new();
    out.push_str(
        "<!-- Generated from the operations' description (core/src/description.rs) by \
         core/tests/operation_reference.rs; do not edit by hand. -->\n\
         # Operations\n\n\
         The service has 43 operations. Each has one name in every language: snake_case in Rust, \
         Python and the CLI (with `-` for `_`), camelCase in Kotlin, Java, Swift and Node. In Rust \
         every method is also on `wallet_sdk::blocking::Client`; Kotlin's are `suspend` \
         functions, Java's return a `CompletableFuture` (and have a blocking twin), Swift's are \
         `async throws`, Node's return a `Promise`.\n\n\
         \"Safe to repeat\" operations are retried automatically after a transient failure. The \
         others are never repeated once their request may have left: a lost answer is an \
         `outcome_unknown` error, and the caller decides what to do (see the errors guide).\n\n\
         | # | group | method | path | Rust (`wallet_sdk`) | Python (`wallet_sdk`) | Kotlin and Java (`org.walletsdk`) | Swift (`WalletSDK`) | Node (`wallet-sdk`) |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for (i, op) in ALL.iter().enumerate() {
        writeln!(out, "| {} | {} | {} | `{}` | {} |", i + 1, op.group, op.method.as_str(), op.path, method_cell(op)).unwrap();
    }
    out.push_str("\nSecond forms of an operation (the same request, other inputs):\n\n| method | operation | Rust | Python | Kotlin and Java | Swift | Node |\n|---|---|---|---|---|---|---|\n");
    for v in VARIANTS {
        writeln!(out, "| `{}` | `{}` | {} |", v.method_name, v.name, method_cell(v)).unwrap();
    }
    out.push_str(
        "\n## Reference\n\n\
         Every operation sends the credential (an API key or a node URL) as the header \
         `nodeUrlOrApiAccessKey`, except where noted. Inputs are listed with their SDK name, \
         which is the same in every language (camelCase in Kotlin, Java and Swift), and where \
         they travel on the wire, odd spellings included. Optional inputs are the fields of the \
         options record in Rust, Kotlin, Java and Swift, keyword arguments in Python, and the \
         properties of the options object that Node's methods take last.\n\n\
         Each operation below: what it does, whether it is safe to repeat, the error kinds to \
         expect, its declaration in each language, what each input means and how it travels, \
         the fields of its result (snake_case in Rust and Python, camelCase in Kotlin, Java, \
         Swift and Node), and a call in Python (`AsyncClient`'s is the same with `await`).\n",
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
        let kinds: Vec<String> = op.error_kinds().iter().map(|k| format!("`{}`", k.as_str())).collect();
        writeln!(
            out,
            "- Errors to expect: {}; and, as on every call, those of the credential, the service and the network ([errors](errors.md))",
            kinds.join(", ")
        )
        .unwrap();
        let result = if op.options_type.is_empty() { String::new() } else { format!("; options record `{}`", op.options_type) };
        writeln!(out, "- Result: `{}`{result}", op.result_type).unwrap();
        if !op.secret_outputs.is_empty() {
            let fields: Vec<String> = op.secret_outputs.iter().map(|f| format!("`{f}`")).collect();
            writeln!(out, "- Secret answer fields (held as secrets, redacted in raw JSON and logs): {}", fields.join(", ")).unwrap();
        }
        out.push_str(&calls(op));
        if op.params.is_empty() {
            out.push_str("- Inputs: none besides the credential\n");
        } else {
            out.push_str("\n| input | meaning | type | required | travels as |\n|---|---|---|---|---|\n");
            for p in op.params {
                let required = match p.presence {
                    Presence::Required => "yes",
                    Presence::Optional => "no",
                    Presence::EmptyWhenAbsent => "no (`\"\"` is sent without it)",
                };
                writeln!(out, "| `{}` | {} | {} | {required} | {} |", p.sdk_name, p.meaning(), type_name(p), travels(p)).unwrap();
            }
        }
        out.push_str(&result_fields(op));
        out.push_str(&python_example(op));
        out.push('\n');
    }
    out
}

/// A call of the operation in Python with its required inputs (compiled with the other samples
/// of the pages, `mypy --strict`): `client` and `address` are the samples' stand-ins.
fn python_example(op: &Operation) -> String {
    let args: Vec<String> = op
        .arguments()
        .into_iter()
        .filter(|p| p.presence == Presence::Required)
        .map(|p| match (p.sdk_name, p.kind) {
            ("wallet_name", _) => "\"shop\"".into(),
            ("address" | "recipient_address" | "sender_address" | "service_fee_address", _) => "address".into(),
            (_, ValueKind::Amount) => "\"0.25\"".into(),
            (_, ValueKind::Integer) => "1".into(),
            (_, ValueKind::Boolean) => "True".into(),
            (_, ValueKind::TextArray | ValueKind::TextListCommaJoined) => format!("[\"{}\"]", p.sdk_name.to_uppercase()),
            (_, ValueKind::IntegerArray) => "[0]".into(),
            (_, ValueKind::AddressTypeCode | ValueKind::AddressTypeName) => "\"bech32\"".into(),
            (name, ValueKind::Text) => format!("\"{}\"", name.to_uppercase()),
        })
        .collect();
    format!("\n```python\n{} = client.{}({})\n```\n", op.method_name, op.method_name, args.join(", "))
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
         `nameAsync(…)` returns a `CompletableFuture`; Node's on `Client` of the package \
         `wallet-sdk`. The CLI's subcommand is `wallet NAME`.\n\n\
         | wire operation | Rust | Python | Kotlin, Swift and Node | Java | CLI |\n\
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
         Java, Swift and Node its camelCase form (Swift's argument label), and the CLI a flag \
         `--kebab-case` (secret inputs come from `--NAME-file`, the environment or a prompt). \
         The credential, `nodeUrlOrApiAccessKey`, is no input of an operation: it is the \
         client's (`api_key` or `node_url` when it is built, `WALLET_SDK_API_KEY` for \
         `from_env`).\n\n\
         | wire name | travels as | SDK name | Kotlin, Java, Swift and Node | operations |\n\
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

/// One optional setting of a client, as `for_each_client_setting!` declares it.
struct Setting {
    doc: Vec<&'static str>,
    kind: &'static str,
    python: &'static str,
    ffi: &'static str,
    unit: &'static str,
    cli: &'static str,
    rust: &'static str,
}

macro_rules! collect_settings {
    (settings: $( $(#[doc = $doc:literal])* $name:ident : $kind:ident { python $py:ident, ffi $ffi:ident $unit:ident, cli $cli:literal } $rust:ident $apply:expr, )*) => {
        vec![$( Setting {
            doc: vec![$($doc.trim()),*],
            kind: stringify!($kind),
            python: stringify!($py),
            ffi: stringify!($ffi),
            unit: stringify!($unit),
            cli: $cli,
            rust: stringify!($rust),
        } ),*]
    };
}

/// The configuration guide: every setting of a client, with its name, type and unit in every
/// language, from the one list of settings.
fn render_configuration() -> String {
    let settings: Vec<Setting> = wallet_sdk::for_each_client_setting!(collect_settings);
    let rust_type = |s: &Setting| match s.kind {
        "Duration" => "`Duration`",
        "Count" => "`u32`",
        "Bytes" => "`usize`",
        "Text" | "SecretText" => "text",
        "Flag" => "`bool`",
        "Pems" => "PEM bytes, once per certificate",
        "Codes" => "`AddressTypeCodes`",
        other => panic!("a setting of kind {other}: say how each language writes it"),
    };
    let python_type = |s: &Setting| match s.kind {
        "Duration" => "`float` seconds",
        "Count" | "Bytes" => "`int`",
        "Text" => "`str`",
        "SecretText" => "`str` or `Secret`",
        "Flag" => "`bool`",
        "Pems" => "list of PEM `str`",
        "Codes" => "`dict` of codes",
        _ => unreachable!(),
    };
    let ffi_type = |s: &Setting, node: bool| match (s.kind, s.unit) {
        ("Duration", "ms") => "milliseconds",
        ("Duration", "s") => "seconds",
        ("Count" | "Bytes", _) => "integer",
        ("Text", _) => "text",
        ("SecretText", _) if node => "`Secret` or text",
        ("SecretText", _) => "`Secret`",
        ("Flag", _) => "boolean",
        ("Pems", _) => "list of PEM texts",
        ("Codes", _) if node => "`{ legacy, p2shSegwit, bech32, mweb }`",
        ("Codes", _) => "`AddressTypeCodes`",
        _ => unreachable!(),
    };
    let mut out = String::from(
        "<!-- Generated from the client settings' list (core/src/settings.rs) by \
         core/tests/operation_reference.rs; do not edit by hand. -->\n\
         # Configuration\n\n\
         A client needs the service's base URL and a credential, an API key or your node's URL \
         ([Before you start](../start.md)). Every other setting has a default that suits \
         production. Each language has the same settings, under its own names:\n\n\
         - **Rust**: methods of `ClientBuilder` (`Client::builder()`, or \
         `Client::builder_from_env()?` for the base URL and key of the environment), then \
         `.build()?`.\n\
         - **Python**: keyword arguments of `Client(base_url, api_key, …)`, `AsyncClient(…)` and \
         their `from_env(…)`.\n\
         - **Kotlin, Java and Swift**: fields of `WalletClientConfig`, given to `WalletClient` \
         (Java: `JavaWalletClient`); `WalletClient.fromEnv()` takes the defaults.\n\
         - **Node**: properties of the object given to `new Client({ baseUrl, apiKey, … })` or \
         `Client.fromEnv({ … })`, named as Kotlin's fields.\n\
         - **The command line**: flags of `wallet` before the subcommand, durations in seconds, \
         e.g. `wallet --timeout 30 wallet-balance shop`.\n\n\
         The environment gives only the base URL (`WALLET_SDK_BASE_URL`) and the credential \
         (`WALLET_SDK_API_KEY`).\n\n\
         ## Every setting\n\n\
         | setting | Rust (`ClientBuilder`) | Python | Kotlin, Java, Swift | Node | CLI |\n\
         |---|---|---|---|---|---|\n",
    );
    for s in wallet_sdk::settings::CLIENT_SETTINGS.iter().take(2) {
        let ffi = camel(s.ffi);
        writeln!(out, "| {} | `{}` | `{}` | `{ffi}` | `{}` | `{}` |", s.about.trim_end_matches('.'), s.rust, s.python, if s.name == "credential" { "apiKey".to_string() } else { ffi.clone() }, s.cli).unwrap();
    }
    for s in &settings {
        let ffi = camel(s.ffi);
        let about = s.doc[0].trim_end_matches('.');
        writeln!(
            out,
            "| [{about}](#{}) | `{}` ({}) | `{}` ({}) | `{ffi}` ({}) | `{ffi}` ({}) | `{}` |",
            s.rust,
            s.rust,
            rust_type(s),
            s.python,
            python_type(s),
            ffi_type(s, false),
            ffi_type(s, true),
            s.cli
        )
        .unwrap();
    }
    out.push_str("\n## What each does\n");
    for s in &settings {
        writeln!(out, "\n### `{}`\n\n{}", s.rust, s.doc.join(" ")).unwrap();
    }
    out
}
