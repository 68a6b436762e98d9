//! `wallet request` and `wallet parse`: getting paid, offline. A payment request is printed as
//! its `litecoin:` URI and a QR code drawn in the terminal (or written as SVG or PNG); any text a
//! customer pastes or scans is told apart (`parse`), without echoing a key or a phrase.

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};
use serde_json::{json, Value};
use wallet_sdk::offline::{self, Network, ParsedInput, PaymentRequest, QrErrorCorrection, QrFormat};
use wallet_sdk::Amount;

use crate::exit::Failure;

/// The QR file formats.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum QrFile {
    Svg,
    Png,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Payments {
    /// Print a litecoin: payment URI and its QR code (no service)
    Request {
        /// The address to be paid
        address: String,
        /// The amount asked for, in LTC (at most 8 decimals), e.g. 0.25
        #[arg(long)]
        amount: Option<String>,
        /// The recipient's name
        #[arg(long)]
        label: Option<String>,
        /// What the payment is for
        #[arg(long)]
        message: Option<String>,
        /// Another parameter of the URI (repeatable)
        #[arg(long = "param", value_name = "KEY=VALUE")]
        params: Vec<String>,
        /// The network the address must belong to
        #[arg(long, default_value = "mainnet")]
        network: Network,
        /// Write the QR code to PATH (a new file) as SVG or PNG instead of drawing it
        #[arg(long, value_name = "PATH")]
        qr_out: Option<PathBuf>,
        /// The format of --qr-out (default: from PATH's extension, else svg)
        #[arg(long, value_enum)]
        qr_format: Option<QrFile>,
        /// QR error correction: L, M, Q or H
        #[arg(long, default_value = "M", value_parser = error_correction)]
        error_correction: QrErrorCorrection,
        /// Print the URI only
        #[arg(long)]
        no_qr: bool,
    },
    /// Tell what a text is: address, payment URI, WIF, recovery phrase, extended key, txid, raw
    /// transaction (keys and phrases are never echoed)
    Parse {
        /// The text; '-' or nothing reads it from stdin (a private key or phrase only from there:
        /// given here it is refused, as it would stay in the shell's history)
        text: Option<String>,
        /// The network to check it against
        #[arg(long, default_value = "mainnet")]
        network: Network,
    },
}

fn error_correction(s: &str) -> Result<QrErrorCorrection, String> {
    QrErrorCorrection::from_name(s).ok_or_else(|| "must be L, M, Q or H".to_string())
}

/// The request as JSON (amounts as LTC text).
pub fn request_json(r: &PaymentRequest) -> Value {
    let extras: Vec<Value> = r.extras.iter().map(|(k, v)| json!([k, v])).collect();
    json!({
        "address": r.address, "network": r.network.as_str(), "amount": r.amount.map(|a| a.to_string()),
        "label": r.label, "message": r.message, "extras": extras,
    })
}

fn parsed_json(p: &ParsedInput) -> Value {
    json!({
        "kind": p.kind.as_str(), "isSecret": p.kind.is_secret(), "network": p.network.map(|n| n.as_str()),
        "address": p.address.as_ref().map(|a| json!({
            "address": a.address, "kind": a.kind.as_str(), "witnessVersion": a.witness_version, "scriptPubkey": a.script_pubkey,
        })),
        "paymentRequest": p.payment_request.as_ref().map(request_json),
        "compressed": p.compressed, "mnemonicValid": p.mnemonic_valid, "wordCount": p.word_count,
        "depth": p.depth, "txid": p.txid, "problem": p.problem,
    })
}

/// Runs one command; returns what to show, and the QR drawing to print after it (if any).
pub fn run(cmd: &Payments) -> Result<(Value, Option<String>), Failure> {
    match cmd {
        Payments::Request { address, amount, label, message, params, network, qr_out, qr_format, error_correction, no_qr } => {
            let amount = amount.as_deref().map(Amount::from_ltc).transpose()?;
            let extras = params
                .iter()
                .map(|p| p.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| Failure::Usage("--param takes KEY=VALUE".into()))?;
            let uri = offline::build_payment_uri(address, amount, label.as_deref(), message.as_deref(), &extras, *network)?;
            let request = offline::parse_payment_uri(&uri, *network)?;
            let mut shown = json!({ "uri": uri, "request": request_json(&request) });
            let mut drawing = None;
            if let Some(path) = qr_out {
                let by_extension = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"));
                let format = match qr_format.unwrap_or(if by_extension { QrFile::Png } else { QrFile::Svg }) {
                    QrFile::Svg => QrFormat::Svg,
                    QrFile::Png => QrFormat::Png,
                };
                let qr = offline::payment_qr(&uri, format, *error_correction, None)?;
                write_new(path, &qr.data)?;
                shown["qrFile"] = json!(path.display().to_string());
            } else if !no_qr {
                drawing = Some(offline::payment_qr(&uri, QrFormat::Text, *error_correction, None)?.text.unwrap_or_default());
            }
            Ok((shown, drawing))
        }
        Payments::Parse { text, network } => {
            let (text, from_argument) = match text.as_deref() {
                Some(t) if t != "-" => (t.to_string(), true),
                _ => (read_stdin()?, false),
            };
            let parsed = offline::parse_input(&text, *network);
            // a key or phrase given as an argument is already in `ps` and the shell's history:
            // refused (without a word of it), so that the habit does not stick
            if from_argument && parsed.kind.is_secret() {
                return Err(Failure::Usage(
                    "this text is a secret (a private key or a recovery phrase): give it on stdin instead of as an \
                     argument, where `ps` and the shell's history keep it: wallet parse - (then paste it)"
                        .into(),
                ));
            }
            Ok((parsed_json(&parsed), None))
        }
    }
}

fn read_stdin() -> Result<String, Failure> {
    let mut stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("paste the text, then Ctrl-D:");
    }
    let mut text = String::new();
    // one more byte than parse_input reads: a longer text is unknown, not cut to size
    stdin
        .by_ref()
        .take(offline::MAX_INPUT_LEN as u64 + 1)
        .read_to_string(&mut text)
        .map_err(|e| Failure::Usage(format!("cannot read the text from stdin: {e}")))?;
    Ok(text)
}

/// Writes a new file (never over an existing one).
fn write_new(path: &PathBuf, data: &[u8]) -> Result<(), Failure> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| Failure::Local(format!("cannot create {}: {e}", path.display())))?;
    file.write_all(data).map_err(|e| Failure::Local(format!("cannot write {}: {e}", path.display())))
}
