//! The eight operations whose answers carry a secret (`Operation::secret_outputs`: a wallet's
//! passphrase or recovery phrase, a private key, a one-time code), and the variant
//! `address_private_key_v2_with_passphrase`. The untyped call redacts their whole answer (and
//! knows no variant), so they go through the core's typed methods: the typed result keeps its
//! public fields in `raw()` (secrets redacted there too) and hands the secrets over as
//! `Secret`s, which the CLI puts back only when `--reveal-secrets` is given.

use serde_json::{Map, Value};
use wallet_sdk::{AddressPrivateKeyOptions, AddressType, Client, Secret, WalletDefaultAddressOptions};

/// An answer: its redacted JSON and its secrets by wire field name.
pub struct SecretAnswer {
    pub redacted: Value,
    pub secrets: Vec<(&'static str, Secret)>,
}

fn text<'a>(args: &'a Map<String, Value>, name: &str) -> &'a str {
    args.get(name).and_then(Value::as_str).unwrap_or("")
}

fn secret(args: &Map<String, Value>, name: &str) -> Option<Secret> {
    args.get(name).and_then(Value::as_str).map(Secret::new)
}

fn address_type(args: &Map<String, Value>) -> Option<AddressType> {
    args.get("address_type").and_then(Value::as_str).map(AddressType::from_name)
}

/// Runs the method (an operation's or a variant's name) typed when its answer carries a
/// secret; `None` for the others.
pub async fn call(client: &Client, method: &str, args: &Map<String, Value>) -> Option<wallet_sdk::Result<SecretAnswer>> {
    let answer = |raw: &wallet_sdk::RawJson, secrets: Vec<(&'static str, Secret)>| SecretAnswer { redacted: raw.to_value(), secrets };
    let empty = Secret::new("");
    Some(match method {
        "create_encrypted_wallet" => client
            .create_encrypted_wallet(text(args, "wallet_name"))
            .await
            .map(|r| answer(r.raw(), vec![("encryptedPassphrase", r.passphrase.clone())])),
        "create_importable_wallet" => client
            .create_importable_wallet(text(args, "wallet_name"))
            .await
            .map(|r| answer(r.raw(), vec![("mnemonics", r.mnemonics.clone())])),
        "create_importable_encrypted_wallet" => {
            client.create_importable_encrypted_wallet(text(args, "wallet_name")).await.map(|r| {
                answer(r.raw(), vec![("mnemonics", r.mnemonics.clone()), ("encryptedPassphrase", r.passphrase.clone())])
            })
        }
        "address_private_key" => {
            let options = AddressPrivateKeyOptions { passphrase: secret(args, "passphrase") };
            client
                .address_private_key(text(args, "wallet_name"), text(args, "address"), options)
                .await
                .map(|r| answer(r.raw(), vec![("privateKey", r.private_key.clone())]))
        }
        "address_private_key_v2" => {
            let mnemonics = secret(args, "mnemonics").unwrap_or(empty);
            client
                .address_private_key_v2(text(args, "wallet_name"), text(args, "address"), &mnemonics)
                .await
                .map(|r| answer(r.raw(), vec![("privateKey", r.private_key.clone())]))
        }
        "address_private_key_v2_with_passphrase" => {
            let passphrase = secret(args, "passphrase").unwrap_or(empty);
            client
                .address_private_key_v2_with_passphrase(text(args, "wallet_name"), text(args, "address"), &passphrase)
                .await
                .map(|r| answer(r.raw(), vec![("privateKey", r.private_key.clone())]))
        }
        "get_blockchain_otp" => client
            .get_blockchain_otp(text(args, "signature"))
            .await
            .map(|r| answer(r.raw(), vec![("code", r.code.clone())])),
        "wallet_default_address" => {
            let mnemonics = secret(args, "mnemonics").unwrap_or(empty);
            let options = WalletDefaultAddressOptions { address_type: address_type(args) };
            client
                .wallet_default_address(&mnemonics, options)
                .await
                .map(|r| answer(r.raw(), r.private_key.iter().map(|k| ("privateKey", k.clone())).collect()))
        }
        "wallet_default_address_v2" => {
            let mnemonics = secret(args, "mnemonics").unwrap_or(empty);
            let options = WalletDefaultAddressOptions { address_type: address_type(args) };
            client
                .wallet_default_address_v2(&mnemonics, options)
                .await
                .map(|r| answer(r.raw(), r.private_key.iter().map(|k| ("privateKey", k.clone())).collect()))
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use crate::ops::methods;

    /// Every method with a secret answer is handled here, and no other.
    #[test]
    fn covers_exactly_the_secret_answers() {
        let handled = [
            "create_encrypted_wallet",
            "create_importable_wallet",
            "create_importable_encrypted_wallet",
            "address_private_key",
            "address_private_key_v2",
            "address_private_key_v2_with_passphrase",
            "get_blockchain_otp",
            "wallet_default_address",
            "wallet_default_address_v2",
        ];
        let mut secret: Vec<&str> = methods().filter(|m| !m.op.secret_outputs.is_empty()).map(|m| m.name).collect();
        secret.sort_unstable();
        let mut h = handled.to_vec();
        h.sort_unstable();
        assert_eq!(secret, h);
        let source = include_str!("typed.rs");
        for name in handled {
            assert!(source.contains(&format!("\"{name}\" =>")), "{name} has no arm");
        }
    }
}
