//! What the fuzz targets share: the planted secrets (real, valid instances of each shape), the
//! JSON generators (deep nesting, huge strings and numbers, many and repeated keys), the log
//! capture and the two oracles (docs/fuzzing.md).
//!
//! Every target reads its input as a fixed header of a few bytes (choices: operation, status,
//! mode, secret, site…) followed by free bytes (a body, a text, arguments). A real answer or a
//! real argument text is thus a seed as it is, behind a header; `fuzz/tools/make-seeds` writes
//! them. In the free bytes `$a`…`$n` stand for a planted secret and `$S` for the one the header
//! chooses (see [`Secrets::by_letter`]).

pub mod json_oracles;

use std::fmt::Write as _;
use std::io;
use std::sync::{Mutex, Once, OnceLock};

use bitcoin::hashes::{hmac, sha256, Hash, HashEngine};

// ------------------------------------------------------------------------------------------
// Input header

/// Fixed-size choices at the front of an input; missing bytes read as zero.
#[derive(Clone, Copy)]
pub struct Head<const N: usize>(pub [u8; N]);

impl<const N: usize> Head<N> {
    /// Splits `data` into the header (zero-padded) and the rest.
    pub fn split(data: &[u8]) -> (Head<N>, &[u8]) {
        let n = data.len().min(N);
        let mut h = [0u8; N];
        h[..n].copy_from_slice(&data[..n]);
        (Head(h), &data[n..])
    }

    /// Byte `i`.
    pub fn byte(&self, i: usize) -> u8 {
        self.0[i]
    }

    /// Little-endian u16 at `i`.
    pub fn u16(&self, i: usize) -> u16 {
        u16::from_le_bytes([self.0[i], self.0[i + 1]])
    }

    /// Little-endian u32 at `i`.
    pub fn u32(&self, i: usize) -> u32 {
        u32::from_le_bytes([self.0[i], self.0[i + 1], self.0[i + 2], self.0[i + 3]])
    }
}

/// A count from four header bytes: the top two bits of the first pick the scale, so that small
/// counts (around serde_json's 128 levels, a page's 500 entries) are as likely as huge ones.
pub fn scaled(raw: u32, max: u32) -> u32 {
    let scale = match raw >> 30 {
        0 => 300,
        1 => 10_000,
        _ => max,
    };
    (raw & 0x3fff_ffff) % scale.min(max).max(1)
}

/// A nesting depth from four header bytes: up to `max` (~1,000,000 in the targets), or less
/// while triaging with `WALLET_SDK_FUZZ_MAX_DEPTH` (never set by scripts/fuzz) to look past a
/// known stack overflow.
pub fn depth(raw: u32, max: u32) -> usize {
    static CAP: OnceLock<u32> = OnceLock::new();
    let cap = *CAP.get_or_init(|| std::env::var("WALLET_SDK_FUZZ_MAX_DEPTH").ok().and_then(|v| v.parse().ok()).unwrap_or(u32::MAX));
    scaled(raw, max).min(cap) as usize
}

/// Text of the first `max` bytes for a `Debug` of an input.
/// A target's input: an `N`-byte header of choices, then free bytes.
pub struct Input<'a, const N: usize> {
    pub head: Head<N>,
    pub rest: &'a [u8],
}

impl<'a, const N: usize> libfuzzer_sys::arbitrary::Arbitrary<'a> for Input<'a, N> {
    fn arbitrary(u: &mut libfuzzer_sys::arbitrary::Unstructured<'a>) -> libfuzzer_sys::arbitrary::Result<Self> {
        let all = u.bytes(u.len())?;
        let (head, rest) = Head::split(all);
        Ok(Input { head, rest })
    }
}

impl<const N: usize> std::fmt::Debug for Input<'_, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Input {{ head: {:?}, rest: {} }}", self.head.0, preview(self.rest, 300))
    }
}

pub fn preview(bytes: &[u8], max: usize) -> String {
    let cut = &bytes[..bytes.len().min(max)];
    let mut s = format!("{:?}", String::from_utf8_lossy(cut));
    if bytes.len() > max {
        let _ = write!(s, "… ({} bytes)", bytes.len());
    }
    s
}

// ------------------------------------------------------------------------------------------
// Secrets

/// One planted secret: what it is and its text.
#[derive(Clone, Debug)]
pub struct Secret {
    /// A short name for findings (`mnemonic12`, `wif_mainnet`, …).
    pub kind: &'static str,
    /// The text.
    pub text: String,
}

/// The secrets the targets plant, each a real, valid instance of its shape, and the call's own
/// secrets (credential, passphrases…) which the SDK knows.
pub struct Secrets {
    /// A valid 12-word BIP39 English phrase.
    pub mnemonic12: String,
    /// A valid 24-word BIP39 English phrase.
    pub mnemonic24: String,
    /// A compressed-key WIF of Litecoin mainnet (version 0xB0).
    pub wif_mainnet: String,
    /// A compressed-key WIF of Litecoin testnet/regtest (version 0xEF).
    pub wif_testnet: String,
    /// A BIP32 mainnet extended private key (`xprv…`).
    pub xprv: String,
    /// A BIP32 testnet extended private key (`tprv…`).
    pub tprv: String,
    /// A JWT (HS256, valid signature) that is not the call's credential.
    pub jwt: String,
    /// 64 hex digits: a raw private key, planted only under a key such as `privateKey`.
    pub hex_key: String,
    /// The call's credential when it is an API key (a JWT).
    pub credential_jwt: String,
    /// The call's credential when it is a node URL.
    pub credential_node_url: String,
    /// The password of [`Secrets::credential_node_url`].
    pub node_password: String,
    /// The call's `passphrase` input.
    pub passphrase: String,
    /// The call's `old_passphrase` input.
    pub old_passphrase: String,
    /// The call's `new_passphrase` input.
    pub new_passphrase: String,
    /// The call's `mnemonics` input (another valid 12-word phrase).
    pub call_mnemonic: String,
    /// The call's `private_key` input (another mainnet WIF).
    pub call_wif: String,
    /// The call's `code` input (an OTP code: too short to be checked).
    pub otp_code: String,
}

fn digest(tag: &str) -> [u8; 32] {
    sha256::Hash::hash(tag.as_bytes()).to_byte_array()
}

/// Base64url without padding (a JWT's segments).
pub fn b64url(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn jwt(payload: &str, key: &[u8]) -> String {
    let signing_input = format!("{}.{}", b64url(br#"{"alg":"HS256","typ":"JWT"}"#), b64url(payload.as_bytes()));
    let mut engine = hmac::HmacEngine::<sha256::Hash>::new(key);
    engine.input(signing_input.as_bytes());
    let mac = hmac::Hmac::<sha256::Hash>::from_engine(engine);
    format!("{signing_input}.{}", b64url(mac.as_byte_array()))
}

fn wif(version: u8, tag: &str) -> String {
    let mut payload = vec![version];
    payload.extend_from_slice(&digest(tag));
    payload.push(0x01);
    bitcoin::base58::encode_check(&payload)
}

fn phrase(tag: &str, bytes: usize) -> String {
    bip39::Mnemonic::from_entropy(&digest(tag)[..bytes]).expect("valid entropy length").to_string()
}

impl Secrets {
    fn make() -> Secrets {
        let seed = digest("wallet-sdk fuzz seed");
        let xprv = bitcoin::bip32::Xpriv::new_master(bitcoin::NetworkKind::Main, &seed).expect("a valid seed");
        let tprv = bitcoin::bip32::Xpriv::new_master(bitcoin::NetworkKind::Test, &seed).expect("a valid seed");
        let s = Secrets {
            mnemonic12: phrase("fuzz mnemonic 12", 16),
            mnemonic24: phrase("fuzz mnemonic 24", 32),
            wif_mainnet: wif(0xB0, "fuzz wif mainnet"),
            wif_testnet: wif(0xEF, "fuzz wif testnet"),
            xprv: xprv.to_string(),
            tprv: tprv.to_string(),
            jwt: jwt(r#"{"sub":"someone-else","iat":1700000000,"exp":4102444800}"#, b"not the sdk's key"),
            hex_key: digest("fuzz hex key").iter().map(|b| format!("{b:02x}")).collect(),
            credential_jwt: jwt(r#"{"sub":"fuzz-caller","exp":4102444800}"#, b"the call's key"),
            credential_node_url: "http://fuzzrpc:N0de-Pa55w0rd-7Qx@127.0.0.1:9332".to_string(),
            node_password: "N0de-Pa55w0rd-7Qx".to_string(),
            passphrase: "Pp-7f3kQ92mZx41vTc".to_string(),
            old_passphrase: "Old-Pp-5hW2c8RtY0".to_string(),
            new_passphrase: "New-Pp-9jL4v6NbE3".to_string(),
            call_mnemonic: phrase("fuzz call mnemonic", 16),
            call_wif: wif(0xB0, "fuzz call wif"),
            otp_code: "493817".to_string(),
        };
        // every planted secret is a real instance of its shape
        use wallet_sdk::offline::{self, Network};
        for m in [&s.mnemonic12, &s.mnemonic24, &s.call_mnemonic] {
            assert!(offline::validate_mnemonic(m.as_str()), "{m}");
        }
        assert_eq!(s.mnemonic12.split(' ').count(), 12);
        assert_eq!(s.mnemonic24.split(' ').count(), 24);
        assert!(offline::wif_to_key(s.wif_mainnet.as_str(), Some(Network::Mainnet)).is_ok());
        assert!(offline::wif_to_key(s.call_wif.as_str(), Some(Network::Mainnet)).is_ok());
        assert!(offline::wif_to_key(s.wif_testnet.as_str(), Some(Network::Testnet)).is_ok());
        assert!(s.xprv.starts_with("xprv") && s.tprv.starts_with("tprv"));
        assert!(wallet_sdk::Credential::parse(s.credential_jwt.as_str()).is_ok());
        assert!(wallet_sdk::Credential::parse(s.credential_node_url.as_str()).is_ok());
        s
    }

    /// The secrets, made once.
    pub fn get() -> &'static Secrets {
        static S: OnceLock<Secrets> = OnceLock::new();
        S.get_or_init(Secrets::make)
    }

    /// The letters of `$a`…`$n`.
    pub const LETTERS: &'static [u8] = b"abcdefghijklmn";

    /// The secret of a `$` letter, given the call's credential: `a` 12 words, `b` 24 words,
    /// `c` mainnet WIF, `d` testnet WIF, `e` xprv, `f` tprv, `g` a foreign JWT, `h` the call's
    /// credential, `i` the node URL's password (the credential again when it is a JWT), `j` the
    /// passphrase, `k` the call's phrase, `l` the call's WIF, `m`/`n` the old/new passphrase.
    pub fn by_letter(&self, letter: u8, node_url: bool) -> Option<Secret> {
        let (kind, text) = match letter {
            b'a' => ("mnemonic12", &self.mnemonic12),
            b'b' => ("mnemonic24", &self.mnemonic24),
            b'c' => ("wif_mainnet", &self.wif_mainnet),
            b'd' => ("wif_testnet", &self.wif_testnet),
            b'e' => ("xprv", &self.xprv),
            b'f' => ("tprv", &self.tprv),
            b'g' => ("jwt", &self.jwt),
            b'h' | b'i' if !node_url => ("credential_jwt", &self.credential_jwt),
            b'h' => ("credential_node_url", &self.credential_node_url),
            b'i' => ("node_password", &self.node_password),
            b'j' => ("passphrase", &self.passphrase),
            b'k' => ("call_mnemonic", &self.call_mnemonic),
            b'l' => ("call_wif", &self.call_wif),
            b'm' => ("old_passphrase", &self.old_passphrase),
            b'n' => ("new_passphrase", &self.new_passphrase),
            _ => return None,
        };
        Some(Secret { kind, text: text.clone() })
    }

    /// The value a call sends for one secret input (by SDK name).
    pub fn input_value(&self, sdk_name: &str) -> &str {
        match sdk_name {
            "passphrase" => &self.passphrase,
            "old_passphrase" => &self.old_passphrase,
            "new_passphrase" => &self.new_passphrase,
            "mnemonics" => &self.call_mnemonic,
            "private_key" => &self.call_wif,
            "code" => &self.otp_code,
            _ => &self.passphrase,
        }
    }

    /// `true` when the secret of this kind is something the SDK must never show in this call:
    /// every secret shape, the credential; a passphrase only when the call sent it (otherwise
    /// it is just a string to the SDK).
    pub fn is_checked(kind: &str, call_inputs: &[&str]) -> bool {
        match kind {
            "passphrase" => call_inputs.contains(&"passphrase"),
            "old_passphrase" => call_inputs.contains(&"old_passphrase"),
            "new_passphrase" => call_inputs.contains(&"new_passphrase"),
            _ => true,
        }
    }
}

// ------------------------------------------------------------------------------------------
// Planting

/// How a planted secret is written. In JSON strings it may be escaped (the check looks for
/// what it reads as once decoded).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Form {
    /// As it is.
    Plain,
    /// Every character as `\uXXXX` (JSON strings only).
    EscapedAll,
    /// Every third character as `\uXXXX` (JSON strings only).
    EscapedSome,
    /// Upper case.
    Upper,
    /// A phrase's words joined by commas.
    Commas,
    /// A phrase's words on lines (`\n` in JSON).
    Lines,
    /// `/` written `\/` (JSON strings only).
    Slashes,
}

impl Form {
    /// The form chosen by a header byte.
    pub fn from_byte(b: u8) -> Form {
        [Form::Plain, Form::EscapedAll, Form::EscapedSome, Form::Upper, Form::Commas, Form::Lines, Form::Slashes][usize::from(b) % 7]
    }

    /// `(text to insert, text it reads as)`: in a JSON string (`json`) or in plain text.
    pub fn write(self, secret: &str, json: bool) -> (String, String) {
        let phrase = secret.contains(' ');
        let escape = |every: usize| {
            let mut out = String::new();
            for (i, c) in secret.chars().enumerate() {
                if i % every == 0 && (c as u32) < 0x10000 {
                    let _ = write!(out, "\\u{:04x}", c as u32);
                } else {
                    out.push(c);
                }
            }
            out
        };
        match self {
            Form::EscapedAll if json => (escape(1), secret.to_string()),
            Form::EscapedSome if json => (escape(3), secret.to_string()),
            Form::Slashes if json => (secret.replace('/', "\\/"), secret.to_string()),
            // only a phrase stays the same secret in upper case or with other separators (a
            // base58 key, a JWT or a password would be another string)
            Form::Upper if phrase => (secret.to_uppercase(), secret.to_uppercase()),
            Form::Commas if phrase => (secret.replace(' ', ","), secret.replace(' ', ",")),
            Form::Lines if phrase && json => (secret.replace(' ', "\\n"), secret.replace(' ', "\n")),
            Form::Lines if phrase => (secret.replace(' ', "\n"), secret.replace(' ', "\n")),
            _ => (secret.to_string(), secret.to_string()),
        }
    }
}

/// A secret as planted in one input: its kind, what it reads as, and where it was put.
#[derive(Clone, Debug)]
pub struct Planted {
    /// The secret's kind.
    pub kind: &'static str,
    /// What the planted text reads as (after JSON decoding): what must never come out.
    pub text: String,
    /// Where it was put (`message`, `X-Request-Id`…, `$ in body` for a `$` marker in free bytes;
    /// `+` between several).
    pub site: String,
}

/// Replaces each `$a`…`$n` and `$S` in `bytes` with a secret in `form` (`json`: the escapes of
/// JSON strings are allowed) and records what was planted.
pub fn substitute(
    bytes: &[u8],
    chosen: u8,
    form: Form,
    json: bool,
    node_url: bool,
    site: &'static str,
    planted: &mut Vec<Planted>,
) -> Vec<u8> {
    let s = Secrets::get();
    if memchr_dollar(bytes).is_none() {
        return bytes.to_vec();
    }
    let mut out = Vec::with_capacity(bytes.len() + 64);
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'$' && i + 1 < bytes.len() {
            let letter = match bytes[i + 1] {
                b'S' => Some(Secrets::LETTERS[usize::from(chosen) % Secrets::LETTERS.len()]),
                l if Secrets::LETTERS.contains(&l) => Some(l),
                _ => None,
            };
            if let Some(secret) = letter.and_then(|l| s.by_letter(l, node_url)) {
                let (text, reads_as) = form.write(&secret.text, json);
                out.extend_from_slice(text.as_bytes());
                plant(planted, secret.kind, reads_as, site);
                i += 2;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// Records a planted secret; the same text planted again adds its site.
pub fn plant(planted: &mut Vec<Planted>, kind: &'static str, text: String, site: &str) {
    match planted.iter_mut().find(|p| p.text == text) {
        Some(p) if !p.site.split('+').any(|s| s == site) => {
            p.site.push('+');
            p.site.push_str(site);
        }
        Some(_) => {}
        None => planted.push(Planted { kind, text, site: site.to_string() }),
    }
}

fn memchr_dollar(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'$')
}

/// `s` as a JSON string literal's inside, but with the planted escapes of `raw` kept: `raw` is
/// inserted verbatim between the quotes.
pub fn quoted(raw: &str) -> String {
    format!("\"{raw}\"")
}

// ------------------------------------------------------------------------------------------
// Generators

/// The shape of a deeply nested value.
pub fn deep(depth: usize, shape: u8, inner: &str) -> String {
    let (open, close): (&str, &str) = match shape % 6 {
        0 => ("[", "]"),
        1 => ("{\"a\":", "}"),
        2 => ("[{\"data\":", "}]"),
        3 => ("{\"privateKey\":", "}"),
        4 => ("[1,", "]"),
        _ => ("{\"error\":{\"message\":\"m\",\"x\":", "}}"),
    };
    let mut s = String::with_capacity(depth * (open.len() + close.len()) + inner.len());
    for _ in 0..depth {
        s.push_str(open);
    }
    s.push_str(inner);
    // shape bit 3: leave it unclosed (a truncated body)
    if shape & 0x08 == 0 {
        for _ in 0..depth {
            s.push_str(close);
        }
    }
    s
}

/// A huge scalar: `kind` picks a long string, a long integer, a long fraction, a huge exponent,
/// many escapes or many 4-byte characters; `len` its size.
pub fn huge(kind: u8, len: usize, secret: Option<&str>) -> String {
    let mut s = String::with_capacity(len + 64);
    match kind % 8 {
        0 => {
            s.push('"');
            s.extend(std::iter::repeat_n('x', len / 2));
            if let Some(secret) = secret {
                s.push(' ');
                s.push_str(secret);
                s.push(' ');
            }
            s.extend(std::iter::repeat_n('y', len / 2));
            s.push('"');
        }
        1 => s.extend(std::iter::repeat_n('9', len.max(1))),
        2 => {
            s.push_str("0.");
            s.extend(std::iter::repeat_n('1', len.max(1)));
        }
        3 => {
            s.push_str("1e");
            s.extend(std::iter::repeat_n('9', len.clamp(1, 40)));
        }
        4 => {
            s.push('"');
            for _ in 0..len / 6 {
                s.push_str("\\u0000");
            }
            s.push('"');
        }
        5 => {
            s.push('"');
            s.extend(std::iter::repeat_n('\u{1F600}', len / 4));
            s.push('"');
        }
        6 => {
            s.push('-');
            s.extend(std::iter::repeat_n('9', len.max(1)));
            s.push_str(".5e-");
            s.extend(std::iter::repeat_n('9', len.clamp(1, 40)));
        }
        _ => {
            s.push('"');
            for _ in 0..len / 12 {
                s.push_str("\\ud800\\udc00");
            }
            s.push_str("\\ud800\"");
        }
    }
    s
}

/// An object with `n` members: distinct keys, one key repeated, or an array of `n` empty
/// objects under `items` (the entry count a page could claim); `value` is the last member's
/// value.
pub fn many(kind: u8, n: usize, key: &str, value: &str) -> String {
    let mut s = String::with_capacity(n * 8 + value.len() + 32);
    match kind % 4 {
        0 => {
            s.push('{');
            for i in 0..n {
                let _ = write!(s, "\"k{i}\":{i},");
            }
            let _ = write!(s, "\"{key}\":{value}}}");
        }
        1 => {
            s.push('{');
            for _ in 0..n {
                let _ = write!(s, "\"{key}\":null,");
            }
            let _ = write!(s, "\"{key}\":{value}}}");
        }
        2 => {
            s.push_str("{\"items\":[");
            for _ in 0..n {
                s.push_str("{},");
            }
            let _ = write!(s, "{{\"{key}\":{value}}}],\"total\":{n}}}");
        }
        _ => {
            s.push('[');
            for _ in 0..n {
                s.push_str("\"\",");
            }
            let _ = write!(s, "{value}]");
        }
    }
    s
}

// ------------------------------------------------------------------------------------------
// Log capture

static LOGS: Mutex<Vec<u8>> = Mutex::new(Vec::new());

struct Capture;

impl io::Write for Capture {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        LOGS.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Installs (once) a subscriber that formats every event of every level, with its spans'
/// fields, into a buffer that [`take_logs`] empties.
pub fn capture_logs() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_ansi(false)
            .with_target(true)
            .with_writer(|| Capture)
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("no other subscriber");
    });
}

/// What was logged since the last call.
pub fn take_logs() -> String {
    let mut logs = LOGS.lock().unwrap_or_else(|e| e.into_inner());
    let text = String::from_utf8_lossy(&logs).into_owned();
    logs.clear();
    text
}

// ------------------------------------------------------------------------------------------
// Stack overflows

/// Makes a stack overflow a finding that libFuzzer records. Under libFuzzer's own `main` the
/// Rust runtime's overflow handler is not installed, and libFuzzer's SIGSEGV handler runs on the
/// overflowed stack itself, so the process would die without saving the input. This installs
/// (once) a SIGSEGV/SIGBUS handler on an alternate stack that says so and aborts: libFuzzer's
/// SIGABRT handler then saves the input as `crash-…` ("deadly signal").
pub fn catch_stack_overflow() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| unsafe {
        const ALT_STACK: usize = 4 << 20; // room for libFuzzer's crash report
        let stack = libc::mmap(
            std::ptr::null_mut(),
            ALT_STACK,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        assert_ne!(stack, libc::MAP_FAILED, "an alternate signal stack");
        let ss = libc::stack_t { ss_sp: stack, ss_flags: 0, ss_size: ALT_STACK };
        assert_eq!(libc::sigaltstack(&ss, std::ptr::null_mut()), 0);
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_fault as extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) as usize;
        action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut action.sa_mask);
        for signal in [libc::SIGSEGV, libc::SIGBUS] {
            assert_eq!(libc::sigaction(signal, &action, std::ptr::null_mut()), 0);
        }
    });
}

extern "C" fn on_fault(_signal: libc::c_int, _info: *mut libc::siginfo_t, _context: *mut libc::c_void) {
    const MESSAGE: &[u8] = b"\nFINDING [stack_overflow] SIGSEGV in the fuzz target: a stack overflow (the code under test is safe Rust)\n";
    unsafe {
        libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
        libc::abort();
    }
}

// ------------------------------------------------------------------------------------------
// Oracles

/// Finding classes to ignore while triaging (comma-separated substrings of the class, from
/// `WALLET_SDK_FUZZ_SKIP`, e.g. `sink=log,kind=mnemonic12`): never set by scripts/fuzz.
fn skipped(class: &str) -> bool {
    static SKIP: OnceLock<Vec<String>> = OnceLock::new();
    SKIP.get_or_init(|| {
        std::env::var("WALLET_SDK_FUZZ_SKIP")
            .map(|v| v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect())
            .unwrap_or_default()
    })
    .iter()
    .any(|s| class.contains(s.as_str()))
}

/// Fails the run with a finding (a panic: libFuzzer saves the input), unless its class is
/// skipped.
pub fn finding(class: String, detail: impl std::fmt::Display) {
    if skipped(&class) {
        return;
    }
    panic!("FINDING [{class}]\n{detail}");
}

/// Oracle (b) on one text: no planted secret appears in it.
pub fn check_text(sink: &str, text: &str, planted: &[Planted]) {
    for p in planted {
        if !p.text.is_empty() && text.contains(p.text.as_str()) {
            finding(
                format!("leak sink={sink} kind={} site={}", p.kind, p.site),
                format_args!("the planted {} ({:?}) appears in {sink}:\n{}", p.kind, p.text, preview(text.as_bytes(), 4000)),
            );
        }
    }
}

/// Oracle (b) on a JSON text the SDK hands out: the text itself, and every string (key or
/// value) of it once decoded (an escape such as `\u0070` hides a literal). Also checks that it
/// is valid JSON.
pub fn check_json(sink: &str, text: &str, planted: &[Planted]) {
    check_json_from(sink, text, planted, true)
}

/// [`check_json`] for a text made from `input_valid` (or invalid) JSON: invalid JSON made from
/// invalid input is its own class (`invalid_json_from_invalid_input`).
pub fn check_json_from(sink: &str, text: &str, planted: &[Planted], input_valid: bool) {
    check_text(sink, text, planted);
    match json_strings(text) {
        Some(strings) => {
            for s in &strings {
                check_text(&format!("{sink}.decoded_string"), s, planted);
            }
        }
        None => {
            let class = if input_valid { "invalid_json" } else { "invalid_json_from_invalid_input" };
            finding(format!("{class} sink={sink}"), format_args!("{sink} is not valid JSON:\n{}", preview(text.as_bytes(), 4000)))
        }
    }
}

/// Oracle (b) on an error: its Display, its Debug and its raw body.
pub fn check_error(sink: &str, e: &wallet_sdk::Error, planted: &[Planted]) {
    check_text(&format!("{sink}.display"), &e.to_string(), planted);
    check_text(&format!("{sink}.debug"), &format!("{e:?}"), planted);
    if let Some(body) = e.raw_body() {
        check_text(&format!("{sink}.raw_body"), body, planted);
    }
}

/// Oracle (b) on the log events captured since the last [`take_logs`].
pub fn check_logs(planted: &[Planted]) {
    let logs = take_logs();
    check_text("log", &logs, planted);
}

/// Every string (keys and values) of a JSON text, decoded, or `None` when the text is not
/// valid JSON. Iterative: any depth.
pub fn json_strings(text: &str) -> Option<Vec<String>> {
    #[derive(Clone, Copy)]
    enum State {
        Value,
        ObjectStart,
        Key,
        ArrayStart,
        After,
    }
    let b = text.as_bytes();
    let mut i = 0usize;
    let mut stack: Vec<u8> = Vec::new();
    let mut out = Vec::new();
    let mut state = State::Value;
    let ws = |i: &mut usize| {
        while *i < b.len() && matches!(b[*i], b' ' | b'\n' | b'\r' | b'\t') {
            *i += 1;
        }
    };
    let string = |i: &mut usize| -> Option<String> {
        if b.get(*i) != Some(&b'"') {
            return None;
        }
        let mut j = *i + 1;
        loop {
            match *b.get(j)? {
                b'\\' => j += 2,
                b'"' => break,
                _ => j += 1,
            }
        }
        let s = serde_json::from_str::<String>(text.get(*i..=j)?).ok()?;
        *i = j + 1;
        Some(s)
    };
    loop {
        ws(&mut i);
        match state {
            State::Value => match *b.get(i)? {
                b'{' => {
                    stack.push(b'{');
                    i += 1;
                    state = State::ObjectStart;
                }
                b'[' => {
                    stack.push(b'[');
                    i += 1;
                    state = State::ArrayStart;
                }
                b'"' => {
                    out.push(string(&mut i)?);
                    state = State::After;
                }
                _ => {
                    let start = i;
                    while i < b.len() && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'+' | b'-' | b'.')) {
                        i += 1;
                    }
                    if !is_json_scalar(&b[start..i]) {
                        return None;
                    }
                    state = State::After;
                }
            },
            State::ObjectStart => {
                if *b.get(i)? == b'}' {
                    stack.pop();
                    i += 1;
                    state = State::After;
                } else {
                    state = State::Key;
                }
            }
            State::Key => {
                out.push(string(&mut i)?);
                ws(&mut i);
                if *b.get(i)? != b':' {
                    return None;
                }
                i += 1;
                state = State::Value;
            }
            State::ArrayStart => {
                if *b.get(i)? == b']' {
                    stack.pop();
                    i += 1;
                    state = State::After;
                } else {
                    state = State::Value;
                }
            }
            State::After => {
                let Some(&top) = stack.last() else {
                    return (i == b.len()).then_some(out);
                };
                match *b.get(i)? {
                    b',' => {
                        i += 1;
                        state = if top == b'{' { State::Key } else { State::Value };
                    }
                    b'}' if top == b'{' => {
                        stack.pop();
                        i += 1;
                    }
                    b']' if top == b'[' => {
                        stack.pop();
                        i += 1;
                    }
                    _ => return None,
                }
            }
        }
    }
}

/// `true`, `false`, `null` or a number of the JSON grammar (any length: serde_json refuses
/// numbers beyond `f64`, the grammar does not).
fn is_json_scalar(t: &[u8]) -> bool {
    if matches!(t, b"true" | b"false" | b"null") {
        return true;
    }
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < t.len() && t[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > start
    };
    if t.first() == Some(&b'-') {
        i += 1;
    }
    match t.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if t.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(t.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(t.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == t.len()
}

/// Drops a `serde_json::Value` of any depth without recursion (serde_json's own drop recurses
/// and would overflow the harness's stack before the SDK's).
pub fn drop_deep(v: serde_json::Value) {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            serde_json::Value::Array(items) => stack.extend(items),
            serde_json::Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// A value nested `depth` levels deep (arrays, objects or both), built without recursion.
pub fn deep_value(depth: usize, shape: u8, inner: serde_json::Value) -> serde_json::Value {
    let mut v = inner;
    for level in 0..depth {
        v = match (shape % 3, level % 2) {
            (0, _) | (2, 0) => serde_json::Value::Array(vec![v]),
            _ => {
                let mut m = serde_json::Map::new();
                m.insert("a".to_string(), v);
                serde_json::Value::Object(m)
            }
        };
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_reads_valid_json_only() {
        assert_eq!(json_strings(r#"{"a":["b\u0063",1,{"d":null}]}"#).unwrap(), vec!["a", "bc", "d"]);
        assert!(json_strings("[1,]").is_none());
        assert!(json_strings("{\"a\" 1}").is_none());
        assert!(json_strings("[1] x").is_none());
        assert!(json_strings(&format!("[{}]", "9".repeat(500))).is_some());
        assert!(json_strings("[01]").is_none());
        assert!(json_strings(&deep(200_000, 0, "1")).is_some());
        assert!(json_strings(&deep(10, 8, "1")).is_none());
    }

    #[test]
    fn secrets_are_valid() {
        let s = Secrets::get();
        assert_eq!(s.hex_key.len(), 64);
    }
}
