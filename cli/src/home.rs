//! `wallet send --sign-locally`, `wallet review` and `wallet psbt …`: signing at home. Private
//! keys come only from a file or stdin (`--keys-file PATH`, `-` for stdin: one WIF per line),
//! never from an argument or the environment, and never reach the service.

use std::io::Read;

use clap::{Subcommand, ValueEnum};
use serde_json::{json, Value};
use wallet_sdk::offline::{self, FeePolicy, TransactionIntent, TransactionReview};
use wallet_sdk::{Amount, Client, Secret, SignedTransaction};

use crate::exit::Failure;

/// Who builds the transaction of `wallet send`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Build {
    /// The service (create-raw-transaction-v2 from the sender's outputs)
    Service,
    /// This machine, from the sender's unspent outputs at the fee rate
    Local,
}

/// Keys derived from a recovery phrase instead of read as WIFs.
#[derive(clap::Args, Debug)]
pub struct PhrasePaths {
    /// Derive a key at this BIP32 path (repeatable, e.g. m/84'/2'/0'/0/0): the keys file then
    /// holds a BIP39 phrase, not WIFs (its BIP39 passphrase, if any, in WALLET_BIP39_PASSPHRASE)
    #[arg(long = "path", value_name = "PATH")]
    paths: Vec<String>,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Home {
    /// Pay from an address whose key stays on this machine: build, review, sign here, broadcast
    Send {
        /// Sign on this machine (the only way `wallet send` signs: the key never reaches the
        /// service; a wallet kept by the service sends with `send-funds-from-wallet`)
        #[arg(long, required = true)]
        sign_locally: bool,
        /// The address paying (the keys' address)
        #[arg(long)]
        from: String,
        /// The address paid
        #[arg(long)]
        to: String,
        /// The amount in LTC, e.g. 0.25
        #[arg(long)]
        amount: String,
        /// The file of the private keys, one WIF per line ('-': stdin)
        #[arg(long, value_name = "PATH")]
        keys_file: String,
        /// Who builds the transaction
        #[arg(long, value_enum, default_value = "service")]
        build: Build,
        /// The fee rate of a local build, in litoshis per vbyte (default: estimated)
        #[arg(long)]
        fee_rate: Option<u64>,
        /// Where change goes (local builds; default the sender)
        #[arg(long)]
        change_address: Option<String>,
        /// The service's wallet that holds the sender's address: a service build from its coins
        /// (create-raw-transaction, or -v3 with --service-fee)
        #[arg(long)]
        wallet: Option<String>,
        /// An output paying exactly this besides the recipient, e.g. a platform's fee (service
        /// builds need --wallet)
        #[arg(long, value_name = "ADDRESS=LTC")]
        service_fee: Option<String>,
        #[command(flatten)]
        keys_from: PhrasePaths,
    },
    /// Check an unsigned transaction against what it should do, before anything signs it
    Review {
        /// The unsigned transaction's hex ('-': stdin)
        unsigned_hex: String,
        /// The address paying: every input must be one of its outputs
        #[arg(long)]
        from: String,
        /// A payment it must make, ADDRESS=LTC (repeatable)
        #[arg(long = "pay", value_name = "ADDRESS=LTC", required = true)]
        pay: Vec<String>,
        /// The only other address change may go to
        #[arg(long)]
        change_address: Option<String>,
        /// The service fee it must pay, ADDRESS=LTC
        #[arg(long, value_name = "ADDRESS=LTC")]
        service_fee: Option<String>,
        /// The most it may pay in fees, in LTC (default 0.01)
        #[arg(long)]
        max_fee: Option<String>,
        /// The most it may pay per vbyte, in litoshis (default 1000)
        #[arg(long)]
        max_fee_rate: Option<u64>,
    },
    /// PSBTs for hardware, air-gapped and multisig signers
    #[command(subcommand)]
    Psbt(Psbt),
}

/// `wallet psbt …`.
#[derive(Subcommand, Debug)]
pub enum Psbt {
    /// An unsigned PSBT of a transaction, each input with its prevout read from the chain
    Export {
        /// The unsigned transaction's hex ('-': stdin)
        unsigned_hex: String,
    },
    /// Add the signatures of the keys in --keys-file to a PSBT (no service)
    Sign {
        /// The PSBT, base64 ('-': stdin)
        psbt: String,
        /// The file of the private keys, one WIF per line ('-': stdin)
        #[arg(long, value_name = "PATH")]
        keys_file: String,
        #[command(flatten)]
        keys_from: PhrasePaths,
    },
    /// One PSBT with the signatures of several (no service)
    Combine {
        /// The PSBTs, base64
        #[arg(required = true)]
        psbts: Vec<String>,
    },
    /// The signed transaction of a PSBT, ready to broadcast (no service)
    Finalize {
        /// The PSBT, base64 ('-': stdin)
        psbt: String,
    },
}

impl Home {
    /// Whether the command needs the service.
    pub fn online(&self) -> bool {
        matches!(self, Home::Send { .. } | Home::Review { .. } | Home::Psbt(Psbt::Export { .. }))
    }
}

/// Runs one command (`client` for those that need the service).
pub async fn run(cmd: &Home, client: Option<&Client>) -> Result<Value, Failure> {
    let client = || client.ok_or_else(|| Failure::Local("this command needs the service".into()));
    match cmd {
        Home::Send { from, to, amount, keys_file, build, fee_rate, change_address, wallet, service_fee, keys_from, .. } => {
            let keys = read_keys(keys_file, &keys_from.paths)?;
            let keys: Vec<&Secret> = keys.iter().collect();
            let options = wallet_sdk::SendLocallyOptions {
                fee_rate: *fee_rate,
                change_address: change_address.clone(),
                build: match build {
                    Build::Service => wallet_sdk::BuildMode::Service,
                    Build::Local => wallet_sdk::BuildMode::Local,
                },
                fee_policy: None,
                wallet_name: wallet.clone(),
                service_fee: service_fee.as_deref().map(|f| pair(f, "--service-fee")).transpose()?,
            };
            let sent = client()?.send_signed_locally(from, to, Amount::from_ltc(amount)?, &keys, options).await?;
            Ok(json!({ "txid": sent.txid, "hex": sent.hex, "fee": sent.fee.to_string(), "review": review_json(&sent.review) }))
        }
        Home::Review { unsigned_hex, from, pay, change_address, service_fee, max_fee, max_fee_rate } => {
            let default = FeePolicy::default();
            let intent = TransactionIntent {
                sender_address: from.clone(),
                recipients: pay.iter().map(|p| pair(p, "--pay")).collect::<Result<_, _>>()?,
                change_address: change_address.clone(),
                service_fee: service_fee.as_deref().map(|p| pair(p, "--service-fee")).transpose()?,
                fee_policy: FeePolicy {
                    max_fee: max_fee.as_deref().map(Amount::from_ltc).transpose()?.unwrap_or(default.max_fee),
                    max_fee_rate: max_fee_rate.unwrap_or(default.max_fee_rate),
                },
            };
            let review = client()?.review_transaction(&text_or_stdin(unsigned_hex)?, &intent).await?;
            Ok(review_json(&review))
        }
        Home::Psbt(Psbt::Export { unsigned_hex }) => {
            let hex = text_or_stdin(unsigned_hex)?;
            let prevouts = client()?.prevouts_for(&hex).await?;
            Ok(json!({ "psbt": offline::psbt_from_transaction(&hex, &prevouts)? }))
        }
        Home::Psbt(Psbt::Sign { psbt, keys_file, keys_from }) => {
            let psbt = text_or_stdin(psbt)?;
            let keys = read_keys(keys_file, &keys_from.paths)?;
            let keys: Vec<&Secret> = keys.iter().collect();
            Ok(json!({ "psbt": offline::sign_psbt(&psbt, &keys)? }))
        }
        Home::Psbt(Psbt::Combine { psbts }) => {
            let psbts: Vec<&str> = psbts.iter().map(String::as_str).collect();
            Ok(json!({ "psbt": offline::combine_psbts(&psbts)? }))
        }
        Home::Psbt(Psbt::Finalize { psbt }) => Ok(signed_json(&offline::finalize_psbt(&text_or_stdin(psbt)?)?)),
    }
}

fn signed_json(s: &SignedTransaction) -> Value {
    json!({ "hex": s.hex, "txid": s.txid, "complete": s.complete })
}

fn review_json(r: &TransactionReview) -> Value {
    json!({
        "inputs": r.inputs.iter().map(|i| json!({ "txid": i.txid, "vout": i.vout, "amount": i.amount.to_string() })).collect::<Vec<_>>(),
        "outputs": r.outputs.iter().map(|o| json!({ "address": o.address, "amount": o.amount.to_string(), "role": o.role.as_str() })).collect::<Vec<_>>(),
        "fee": r.fee.to_string(), "feeRate": r.fee_rate, "vsize": r.vsize,
    })
}

/// `ADDRESS=LTC`.
fn pair(text: &str, flag: &str) -> Result<(String, Amount), Failure> {
    let (address, amount) = text.split_once('=').ok_or_else(|| Failure::Usage(format!("{flag} takes ADDRESS=LTC")))?;
    Ok((address.to_string(), Amount::from_ltc(amount)?))
}

/// The text, or stdin's when it is `-`.
fn text_or_stdin(text: &str) -> Result<String, Failure> {
    if text != "-" {
        return Ok(text.to_string());
    }
    let mut s = String::new();
    std::io::stdin().take(8 * 1024 * 1024).read_to_string(&mut s).map_err(|e| Failure::Usage(format!("cannot read stdin: {e}")))?;
    Ok(s.trim().to_string())
}

/// The keys of a file (or stdin), one WIF per line (blank lines are skipped); or, with
/// `paths`, the keys at those paths of the phrase the file holds.
fn read_keys(path: &str, paths: &[String]) -> Result<Vec<Secret>, Failure> {
    let text = Secret::new(if path == "-" {
        let mut s = String::new();
        std::io::stdin().take(1024 * 1024).read_to_string(&mut s).map_err(|e| Failure::Usage(format!("cannot read the keys from stdin: {e}")))?;
        s
    } else {
        std::fs::read_to_string(path).map_err(|e| Failure::Usage(format!("cannot read the keys from {path}: {e}")))?
    });
    if !paths.is_empty() {
        let passphrase = Secret::new(std::env::var(crate::secrets::env_name("bip39_passphrase")).unwrap_or_default());
        let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
        // the network only names the keys' WIF prefix; signing takes a key of any network
        return Ok(offline::keys_from_phrase(text.expose().trim(), &paths, offline::Network::Mainnet, &passphrase)?);
    }
    let keys: Vec<Secret> = text.expose().lines().map(str::trim).filter(|l| !l.is_empty()).map(|l| Secret::new(l.to_string())).collect();
    if keys.is_empty() {
        return Err(Failure::Usage(format!("no key in {}", if path == "-" { "stdin" } else { path })));
    }
    Ok(keys)
}
