//! The table of the operations, generated from their one description (`core/src/description.rs`):
//! method, path, where each input goes (with its exact wire name), idempotency and secret
//! inputs and outputs. Request building, the CLI and the docs are driven by it.
//!
//! Bindings and tests use [`ALL`] to check that every operation is exposed.

/// HTTP method of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HttpMethod {
    /// `GET` (no body).
    Get,
    /// `POST` with a JSON body.
    Post,
}

impl HttpMethod {
    /// `"GET"` or `"POST"`.
    pub fn as_str(self) -> &'static str {
        match self {
            HttpMethod::Get => "GET",
            HttpMethod::Post => "POST",
        }
    }
}

/// Where an input travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// An HTTP request header.
    Header,
    /// A URL query parameter.
    Query,
    /// A field of the JSON body.
    Body,
    /// Not sent as a field of its own: an input the SDK itself uses (`idempotency_key` of
    /// `send_funds_from_wallet`, kept in the description it sends; docs/adr/0014).
    Sdk,
}

/// How an input value is written on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A string.
    Text,
    /// An integer.
    Integer,
    /// An [`crate::Amount`] written as a plain-decimal JSON number.
    Amount,
    /// A boolean.
    Boolean,
    /// A JSON array of strings.
    TextArray,
    /// A list of strings joined with commas into one string (multisig `addresses`).
    TextListCommaJoined,
    /// A JSON array of integers.
    IntegerArray,
    /// An [`crate::AddressType`] written as its integer code (0 legacy … 3 mweb).
    AddressTypeCode,
    /// An [`crate::AddressType`] written as Core's name (`legacy`, `p2sh-segwit`, …).
    AddressTypeName,
}

/// Whether an input must be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Must be given and non-empty.
    Required,
    /// Sent only when the caller gave it.
    Optional,
    /// Optional for the caller; sent as `""` when not given (wire-required field).
    EmptyWhenAbsent,
}

/// One input of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The SDK parameter name (snake_case, one name per concept: `wallet_name`, `passphrase`).
    pub sdk_name: &'static str,
    /// The exact wire name (header, query or body field), odd spellings included.
    pub wire_name: &'static str,
    /// Where it travels.
    pub location: Location,
    /// How it is written.
    pub kind: ValueKind,
    /// Whether it must be given.
    pub presence: Presence,
    /// `true` for secrets (never logged, traced or put in error text).
    pub secret: bool,
}

/// One method of the description: one of the 43 operations, or a variant of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operation {
    /// The operation's snake_case name, as errors, logs and spans report it (a variant reports
    /// the operation it sends).
    pub name: &'static str,
    /// The snake_case method name (Rust, Python, the CLI with `-` for `_`); `name` except for a
    /// variant.
    pub method_name: &'static str,
    /// The camelCase method name (Kotlin, Swift, Java).
    pub camel_name: &'static str,
    /// One line: what it does (CLI help, the docs' tables).
    pub summary: &'static str,
    /// Its documentation, as every language shows it.
    pub doc: &'static str,
    /// The API group (`Wallet`, `Address`, `Transactions`, `Litecoin`, `Blocks`, `Utilities`).
    pub group: &'static str,
    /// The HTTP method.
    pub method: HttpMethod,
    /// The path appended to the base URL.
    pub path: &'static str,
    /// Where the credential (`nodeUrlOrApiAccessKey`) travels: a header, or the query for
    /// `wallet_details`.
    pub credential_location: Location,
    /// The inputs besides the credential, one entry per place each travels: the required ones
    /// in the order of the method's arguments, then the optional ones (the fields of
    /// [`Operation::options_type`] in Rust, Kotlin and Swift, keyword arguments in Python).
    pub params: &'static [Param],
    /// The name of the options record (`""` when the method has no optional input).
    pub options_type: &'static str,
    /// The name of the result type (a model of [`crate::models`]).
    pub result_type: &'static str,
    /// `true` when the SDK may retry automatically.
    pub idempotent: bool,
    /// Wire names of secret fields in the response `data`.
    pub secret_outputs: &'static [&'static str],
    /// For a variant, the operation it sends in another form.
    pub variant_of: Option<&'static Operation>,
    /// What makes a call of it exactly-once, and how [`crate::Client::resolve`] checks one.
    pub exactly_once: ExactlyOnce,
    /// For a paged read, how its pages are asked for ([`crate::Pages`] follows them).
    pub paging: Option<Paging>,
}

/// How a paged read asks for its pages: the SDK names of its position and page-size inputs,
/// and whether its answer reports the total number of entries (then a pager stops there too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paging {
    /// The input of the position: how many entries to skip.
    pub skip: &'static str,
    /// The input of the page size.
    pub size: &'static str,
    /// The answer's `total` counts every entry.
    pub reports_total: bool,
}

/// What the SDK does to make an operation exactly-once, and how `resolve` finds out whether a
/// call whose outcome is unknown took effect: a property of the operation in its description,
/// never a match on its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactlyOnce {
    /// Nothing of its own: `resolve` answers `unknown` (an address creation may return an
    /// address the wallet already had, a passphrase or seed change leaves no trace, a one-time
    /// code is consumed).
    Nothing,
    /// A broadcast: its txid is computed locally, the node's "already have it" answers are a
    /// success (so it is safe to repeat), and `resolve` looks the txid up.
    Broadcast,
    /// A send that takes an `idempotency_key`: the key travels in the wallet-local
    /// description, a keyed retry finds the earlier send instead of paying again, and `resolve`
    /// looks for the key among the wallet's transactions.
    KeyedSend,
    /// Creates a wallet (or imports one) under the name given: `resolve` checks that it exists.
    CreatesWallet,
    /// Encrypts a wallet: `resolve` checks that it is encrypted.
    EncryptsWallet,
}

impl Param {
    /// What this input means, the same in every operation that takes it (the reference's and
    /// the Python docstrings' words).
    pub fn meaning(&self) -> &'static str {
        crate::inputs::input_meaning(self.sdk_name).unwrap_or("")
    }
}

impl Operation {
    /// [`Operation::doc`] as one paragraph (its lines joined by spaces).
    pub fn doc_paragraph(&self) -> String {
        self.doc.split('\n').map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
    }

    /// The error kinds that say something about this operation in particular, from its
    /// properties: `invalid_input` (refused before sending), `outcome_unknown` when it is not
    /// safe to repeat, `not_found` for a wallet (unless it creates it), transaction or block it
    /// names, `wallet_locked` when it unlocks a wallet with a passphrase or its recovery phrase,
    /// `conflict` when it creates or encrypts a wallet,
    /// `insufficient_funds` when it pays an amount. Any call may also end with the kinds of the
    /// credential, the service and the network (`credential_expired`, `rate_limited`,
    /// `timeout`, `transport`…).
    pub fn error_kinds(&self) -> Vec<crate::ErrorKind> {
        use crate::ErrorKind;
        let has = |names: &[&str]| self.params.iter().any(|p| names.contains(&p.sdk_name));
        let mut kinds = vec![ErrorKind::InvalidInput];
        if !self.idempotent {
            kinds.push(ErrorKind::OutcomeUnknown);
        }
        let creates_wallet = self.exactly_once == ExactlyOnce::CreatesWallet;
        // a wallet it names must exist, unless the call creates it
        if has(&["txid", "block_hash", "block_height"]) || (has(&["wallet_name"]) && !creates_wallet) {
            kinds.push(ErrorKind::NotFound);
        }
        let encrypts_wallet = self.exactly_once == ExactlyOnce::EncryptsWallet;
        // unlocks a wallet of its own with a passphrase or its phrase (encrypting sets one)
        if has(&["wallet_name"]) && has(&["passphrase", "old_passphrase", "mnemonics"]) && !creates_wallet && !encrypts_wallet {
            kinds.push(ErrorKind::WalletLocked);
        }
        if creates_wallet || encrypts_wallet {
            kinds.push(ErrorKind::Conflict);
        }
        if has(&["amount"]) {
            kinds.push(ErrorKind::InsufficientFunds);
        }
        kinds
    }

    /// The inputs as the methods take them: one argument per SDK name (an input that travels
    /// twice, like `wallet_name` in a header and the body, is one argument), in order.
    pub fn arguments(&self) -> Vec<&'static Param> {
        let mut out: Vec<&'static Param> = Vec::new();
        for p in self.params {
            if !out.iter().any(|seen| seen.sdk_name == p.sdk_name) {
                out.push(p);
            }
        }
        out
    }

    /// Looks up an input by its SDK name (the first one, for `wallet_name` sent twice).
    pub fn param(&self, sdk_name: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.sdk_name == sdk_name)
    }

    /// The SDK name of a wire field of this operation, if any (for service error `field`s).
    /// The credential is no parameter of an operation (it is the client's): a service error
    /// about it names the wire field `nodeUrlOrApiAccessKey`, in its canonical spelling.
    pub fn sdk_name_of_wire(&self, wire: &str) -> Option<&'static str> {
        if wire.eq_ignore_ascii_case(CREDENTIAL_WIRE_NAME) {
            return Some(CREDENTIAL_WIRE_NAME);
        }
        self.params.iter().find(|p| p.wire_name.eq_ignore_ascii_case(wire)).map(|p| p.sdk_name)
    }
}

/// The wire name of the credential.
pub const CREDENTIAL_WIRE_NAME: &str = "nodeUrlOrApiAccessKey";

// ---- the table, generated from the one description (core/src/description.rs) ----

/// How an input of the description is written on the wire: its type, then `code`/`name`/
/// `comma_joined` when the type is written in more than one way.
macro_rules! value_kind {
    (Text $($how:ident)?) => { ValueKind::Text };
    (Secret $($how:ident)?) => { ValueKind::Text };
    (Amount) => { ValueKind::Amount };
    (Count) => { ValueKind::Integer };
    (Flag) => { ValueKind::Boolean };
    (TextList comma_joined) => { ValueKind::TextListCommaJoined };
    (TextList) => { ValueKind::TextArray };
    (CountList) => { ValueKind::IntegerArray };
    (AddressType code) => { ValueKind::AddressTypeCode };
    (AddressType name) => { ValueKind::AddressTypeName };
}

macro_rules! presence {
    ($default:ident empty_when_absent) => { Presence::EmptyWhenAbsent };
    ($default:ident $($how:ident)?) => { Presence::$default };
}

macro_rules! location {
    (header) => { Location::Header };
    (query) => { Location::Query };
    (body) => { Location::Body };
    (sdk) => { Location::Sdk };
}

/// One [`Param`] per place an input travels (`wallet_name` of `sign_transaction` travels twice).
macro_rules! params {
    ($( $presence:ident: $( $name:ident : $ty:ident [$($loc:ident $wire:literal $($how:ident)?),+] ),* ;)*) => {
        &[$($($(
            Param {
                sdk_name: stringify!($name),
                wire_name: $wire,
                location: location!($loc),
                kind: value_kind!($ty $($how)?),
                presence: presence!($presence $($how)?),
                secret: matches!(stringify!($ty).as_bytes(), b"Secret"),
            },
        )+)*)*]
    };
}

macro_rules! declare_operation_table {
    ($({$name:ident $ret:ident [$($doc:literal)*] $summary:literal [$const:ident $camel:ident, $group:ident, $method:ident $path:literal, retry = $retry:ident
        $(, exactly_once = $once:ident)? $(, paged = [$pskip:ident, $psize:ident $(, $ptotal:ident)?], cursor = [$($cursor:tt)*])? $(, secret_outputs = [$($secret_output:literal),*])? $(, credential = $credential:ident)? $(, variant_of = $base:ident)?] ($($arg:ident : $ty:ident [$($w:tt)*]),*) [$($oname:ident [$($shared:ident)?] [$($odoc:literal)*] { $([$($fdoc:literal)*] $f:ident : $ft:ident [$($fw:tt)*]),* })?]})*) => {
        $(
            #[doc = concat!("`", stringify!($method), " ", $path, "`: ", $summary, ".")]
            pub const $const: Operation = Operation {
                name: operation_name!($name $($base)?),
                method_name: stringify!($name),
                camel_name: stringify!($camel),
                summary: $summary,
                doc: concat!($($doc, "\n"),*),
                group: stringify!($group),
                method: http_method!($method),
                path: $path,
                credential_location: credential_location!($($credential)?),
                params: params!(Required: $($arg : $ty [$($w)*]),*; Optional: $($($f : $ft [$($fw)*]),*)?;),
                options_type: concat!($(stringify!($oname))?),
                result_type: stringify!($ret),
                idempotent: retry_safe!($retry),
                secret_outputs: &[$($($secret_output),*)?],
                variant_of: variant_of!($($base)?),
                exactly_once: exactly_once!($($once)?),
                paging: paging!($([$pskip, $psize $(, $ptotal)?])?),
            };
        )*

        /// Every method the description declares: the 43 operations, then their variants.
        pub const METHODS: [&Operation; 44] = [$(&$const),*];
    };
}

macro_rules! http_method {
    (GET) => { HttpMethod::Get };
    (POST) => { HttpMethod::Post };
}

macro_rules! retry_safe {
    (safe) => { true };
    (never) => { false };
}

macro_rules! exactly_once {
    () => { ExactlyOnce::Nothing };
    (broadcast) => { ExactlyOnce::Broadcast };
    (keyed_send) => { ExactlyOnce::KeyedSend };
    (creates_wallet) => { ExactlyOnce::CreatesWallet };
    (encrypts_wallet) => { ExactlyOnce::EncryptsWallet };
}

macro_rules! paging {
    () => { None };
    ([$skip:ident, $size:ident]) => { Some(Paging { skip: stringify!($skip), size: stringify!($size), reports_total: false }) };
    ([$skip:ident, $size:ident, total]) => { Some(Paging { skip: stringify!($skip), size: stringify!($size), reports_total: true }) };
}

macro_rules! variant_of {
    () => { None };
    ($base:ident) => { Some(&$base) };
}

/// Where the credential travels: a header unless the description says otherwise.
macro_rules! credential_location {
    () => { Location::Header };
    ($place:ident) => { location!($place) };
}

/// A variant is named after the operation it sends (in errors, logs and spans).
macro_rules! operation_name {
    ($method:ident) => { stringify!($method) };
    ($method:ident $base:ident) => { $base.name };
}

crate::for_each_operation!(declare_operation_table);

const fn select<const N: usize>(variants: bool) -> [&'static Operation; N] {
    let mut out = [METHODS[0]; N];
    let (mut i, mut n) = (0, 0);
    while i < METHODS.len() {
        if METHODS[i].variant_of.is_some() == variants {
            out[n] = METHODS[i];
            n += 1;
        }
        i += 1;
    }
    assert!(n == N, "the description's count of operations or variants changed");
    out
}

/// All 43 operations, in the order of the description (grouped as the service groups them).
pub const ALL: [&Operation; 43] = select(false);

/// Methods that call one of the 43 operations in another form (e.g. with the passphrase
/// instead of the phrase). Every binding exposes them besides the 43; each one's
/// [`Operation::variant_of`] is the operation it sends.
pub const VARIANTS: [&Operation; 1] = select(true);

/// Looks an operation up by its snake_case or camelCase name.
pub fn by_name(name: &str) -> Option<&'static Operation> {
    ALL.iter().copied().find(|o| o.name == name || o.camel_name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind::*;

    #[test]
    fn the_error_kinds_to_expect_follow_the_properties_of_each_operation() {
        assert_eq!(SEND_FUNDS_FROM_WALLET.error_kinds(), [InvalidInput, OutcomeUnknown, NotFound, WalletLocked, InsufficientFunds]);
        assert_eq!(CREATE_ENCRYPTED_WALLET.error_kinds(), [InvalidInput, OutcomeUnknown, Conflict]);
        assert_eq!(ENCRYPT_WALLET.error_kinds(), [InvalidInput, OutcomeUnknown, NotFound, Conflict]);
        assert_eq!(IMPORT_WALLET.error_kinds(), [InvalidInput, OutcomeUnknown, Conflict]);
        assert_eq!(SCREEN_ADDRESS.error_kinds(), [InvalidInput, NotFound, WalletLocked]);
        assert_eq!(BROADCAST_TRANSACTION.error_kinds(), [InvalidInput]);
        assert_eq!(TRANSACTION_DETAILS.error_kinds(), [InvalidInput, NotFound]);
        for op in METHODS {
            let kinds = op.error_kinds();
            // a call that is safe to repeat never ends as outcome_unknown, and one that is not may
            assert_eq!(kinds.contains(&OutcomeUnknown), !op.idempotent, "{}", op.method_name);
            assert_eq!(kinds[0], InvalidInput, "{}", op.method_name);
        }
    }
}
