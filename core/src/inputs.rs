//! What each input of the operations means. An input has one SDK name in every operation
//! (`wallet_name`, `passphrase`), so it has one meaning, written once here: the operation
//! reference (docs/operations.md) and the Python docstrings' `Args` take it from here.

/// `(SDK name, meaning)`, sorted by name.
const MEANINGS: &[(&str, &str)] = &[
    ("address", "A Litecoin address: legacy, P2SH, bech32 or MWEB."),
    ("address_type", "The kind of address: `legacy`, `p2sh-segwit`, `bech32` or `mweb`."),
    ("addresses", "The keys of the multisig address: addresses of the wallet, or hex public keys."),
    ("amount", "An exact amount of LTC, with at most 8 decimals."),
    ("amount_include_fees", "Take the fee out of `amount` (the recipient gets less) instead of adding it."),
    ("block_hash", "A block's hash, 64 hex digits."),
    ("block_height", "A block, by its height or its hash."),
    ("code", "The one-time code that `get_blockchain_otp` gave."),
    ("count", "How many entries one page holds."),
    ("description", "A note the wallet keeps with the transaction; it is not written on the chain."),
    ("idempotency_key", "Your key for this payment: sends with the same key pay once."),
    ("label", "A label the wallet keeps with the address."),
    ("message", "The text that is signed, or whose signature is checked."),
    ("mnemonics", "A recovery phrase: BIP39 words separated by spaces."),
    ("n_required", "How many of the keys must sign to spend."),
    ("new_passphrase", "The wallet's new passphrase."),
    ("old_passphrase", "The wallet's current passphrase."),
    ("passphrase", "The wallet's passphrase, when the wallet is encrypted."),
    ("private_key", "A private key in WIF."),
    ("recipient_address", "The address that is paid."),
    ("recipient_name", "A name for the recipient, which the wallet keeps with the transaction."),
    ("sender_address", "The address whose coins are spent."),
    ("service_fee_address", "The address that is paid the service fee."),
    ("service_fee_amount", "The service fee, an exact amount of LTC."),
    ("signature", "A message signature in base64, as `sign_message` gives it."),
    ("signed_tx_hex", "A signed transaction, hex-encoded."),
    ("skip", "How many entries to skip, newest first: the page's position."),
    ("take", "How many entries one page holds."),
    ("tx_hex", "The transaction to sign, hex-encoded."),
    ("txid", "A transaction id, 64 hex digits."),
    ("utxos", "The transactions whose outputs are spent, by id, one per input."),
    ("vout", "The index of the output in its transaction."),
    ("vouts", "The index of each spent output, in the order of `utxos`."),
    ("wallet_name", "The wallet's name, as it was created."),
];

/// What the input of that SDK name means (`None` for a name no operation has).
pub fn input_meaning(sdk_name: &str) -> Option<&'static str> {
    MEANINGS.binary_search_by(|(name, _)| (*name).cmp(sdk_name)).ok().map(|i| MEANINGS[i].1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_input_of_every_operation_has_a_meaning_and_the_table_is_sorted() {
        assert!(super::MEANINGS.windows(2).all(|w| w[0].0 < w[1].0), "MEANINGS must be sorted by name");
        for op in crate::operations::METHODS {
            for p in op.params {
                assert!(super::input_meaning(p.sdk_name).is_some(), "{}: no meaning for the input `{}`", op.method_name, p.sdk_name);
            }
        }
        assert!(super::MEANINGS.iter().all(|(name, _)| crate::operations::METHODS.iter().any(|op| op.params.iter().any(|p| p.sdk_name == *name))), "a meaning of an input no operation has");
    }
}
