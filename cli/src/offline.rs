//! `wallet offline …`: the core's offline toolkit (`wallet_sdk::offline`), no service and no
//! credential. Secret inputs (private keys, WIFs, recovery phrases) are read like those of the
//! operations; secret outputs are `[REDACTED]` unless `--reveal-secrets`.

use clap::{Args, Subcommand};
use serde_json::{json, Value};
use wallet_sdk::offline::{self, KeyAddressType, Network};

use crate::exit::Failure;
use crate::render::Output;
use crate::secrets::{self, SecretSource, Stdin};

/// The offline functions.
#[derive(Subcommand, Debug)]
pub enum Offline {
    /// Decode any Litecoin address: network, kind, witness version, scriptPubKey
    ParseAddress {
        address: String,
        /// Only accept an address of this network (mainnet, testnet, regtest)
        #[arg(long)]
        network: Option<Network>,
    },
    /// Whether an address is valid (on one network, with --network)
    IsValidAddress {
        address: String,
        /// Only accept an address of this network (mainnet, testnet, regtest)
        #[arg(long)]
        network: Option<Network>,
    },
    /// Sign a message with a WIF private key (Litecoin signed message, BIP137 headers)
    SignMessage {
        message: String,
        /// The address family of the signature: p2pkh, p2sh-p2wpkh, p2wpkh
        #[arg(long, default_value = "p2pkh")]
        address_type: KeyAddressType,
        #[command(flatten)]
        private_key: PrivateKeyFile,
    },
    /// Check a signed message against an address
    VerifyMessage { address: String, message: String, signature: String },
    /// What a WIF private key tells without revealing it: network, public key, addresses
    WifToKey {
        /// Only accept a WIF of this network
        #[arg(long)]
        network: Option<Network>,
        /// Read the WIF from PATH ('-': stdin, prompted without echo on a terminal); or set WALLET_WIF
        #[arg(long, value_name = "PATH")]
        wif_file: Option<String>,
    },
    /// A new BIP39 English recovery phrase (a secret: needs --reveal-secrets to be seen)
    GenerateMnemonic {
        /// 12, 15, 18, 21 or 24
        #[arg(long, default_value_t = 12)]
        words: u32,
    },
    /// Whether a recovery phrase is valid BIP39 English (word list and checksum)
    ValidateMnemonic {
        #[command(flatten)]
        mnemonics: MnemonicsFile,
    },
    /// The key at a BIP32 path of a recovery phrase, with its address
    DeriveKey {
        /// For example m/84'/2'/0'/0/0
        #[arg(long)]
        path: String,
        /// p2pkh, p2sh-p2wpkh or p2wpkh
        #[arg(long, default_value = "p2wpkh")]
        address_type: KeyAddressType,
        #[arg(long, default_value = "mainnet")]
        network: Network,
        #[command(flatten)]
        mnemonics: MnemonicsFile,
        /// Optional BIP39 passphrase: read from PATH ('-': stdin); or set WALLET_BIP39_PASSPHRASE
        #[arg(long, value_name = "PATH")]
        bip39_passphrase_file: Option<String>,
    },
    /// The address the service's wallet-default-address gives for a recovery phrase
    DefaultAddress {
        /// p2pkh, p2sh-p2wpkh or p2wpkh (default p2wpkh, as the service)
        #[arg(long)]
        address_type: Option<KeyAddressType>,
        #[arg(long, default_value = "mainnet")]
        network: Network,
        #[command(flatten)]
        mnemonics: MnemonicsFile,
    },
}

/// `--private-key-file`.
#[derive(Args, Debug)]
pub struct PrivateKeyFile {
    /// Read the WIF private key from PATH ('-': stdin, prompted without echo on a terminal); or set WALLET_PRIVATE_KEY
    #[arg(long, value_name = "PATH")]
    private_key_file: Option<String>,
}

/// `--mnemonics-file`.
#[derive(Args, Debug)]
pub struct MnemonicsFile {
    /// Read the recovery phrase from PATH ('-': stdin, prompted without echo on a terminal); or set WALLET_MNEMONICS
    #[arg(long, value_name = "PATH")]
    mnemonics_file: Option<String>,
}

fn required(name: &str, path: &Option<String>, stdin: &mut Stdin) -> Result<wallet_sdk::Secret, Failure> {
    secrets::read(name, SecretSource::path(path.clone()), true, stdin)?.ok_or_else(|| {
        Failure::Usage(format!(
            "needs `{name}`: give --{}-file PATH (or - for stdin) or set {}",
            name.replace('_', "-"),
            secrets::env_name(name)
        ))
    })
}

/// Runs one offline function and returns what it shows.
pub fn run(cmd: &Offline, out: &Output) -> Result<Value, Failure> {
    let mut stdin = Stdin::new();
    Ok(match cmd {
        Offline::ParseAddress { address, network } => {
            let i = offline::parse_address(address, *network)?;
            json!({
                "address": i.address, "network": i.network.as_str(), "kind": i.kind.as_str(),
                "witnessVersion": i.witness_version, "scriptPubkey": i.script_pubkey,
            })
        }
        Offline::IsValidAddress { address, network } => json!({ "valid": offline::is_valid_address(address, *network) }),
        Offline::SignMessage { message, address_type, private_key } => {
            let key = required("private_key", &private_key.private_key_file, &mut stdin)?;
            json!({ "signature": offline::sign_message(&key, message, *address_type)? })
        }
        Offline::VerifyMessage { address, message, signature } => {
            json!({ "valid": offline::verify_message(address, message, signature) })
        }
        Offline::WifToKey { network, wif_file } => {
            let wif = required("wif", wif_file, &mut stdin)?;
            let info = offline::wif_to_key(&wif, *network)?;
            let mut addresses = serde_json::Map::new();
            for &t in KeyAddressType::ALL {
                if let Ok(a) = info.address(t) {
                    addresses.insert(t.as_str().into(), a.into());
                }
            }
            json!({
                "network": info.network.as_str(), "compressed": info.compressed,
                "publicKey": info.public_key, "addresses": addresses,
            })
        }
        Offline::GenerateMnemonic { words } => json!({ "mnemonics": out.secret(&offline::generate_mnemonic(*words)?) }),
        Offline::ValidateMnemonic { mnemonics } => {
            let phrase = required("mnemonics", &mnemonics.mnemonics_file, &mut stdin)?;
            json!({ "valid": offline::validate_mnemonic(&phrase) })
        }
        Offline::DeriveKey { path, address_type, network, mnemonics, bip39_passphrase_file } => {
            let phrase = required("mnemonics", &mnemonics.mnemonics_file, &mut stdin)?;
            let source = SecretSource::path(bip39_passphrase_file.clone());
            let passphrase = secrets::read("bip39_passphrase", source, false, &mut stdin)?.unwrap_or_else(|| wallet_sdk::Secret::new(""));
            let k = offline::derive_key(&phrase, path, *address_type, *network, &passphrase)?;
            json!({
                "path": k.path, "address": k.address, "publicKey": k.public_key,
                "privateKey": out.secret(&k.private_key),
            })
        }
        Offline::DefaultAddress { address_type, network, mnemonics } => {
            let phrase = required("mnemonics", &mnemonics.mnemonics_file, &mut stdin)?;
            json!({ "address": offline::default_address(&phrase, *address_type, *network)? })
        }
    })
}
