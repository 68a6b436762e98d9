//! Signing a transaction at home ([`sign_transaction_locally`]): the keys never leave the
//! caller, and the signatures are the ones Litecoin Core's `signrawtransactionwithkey` makes.

use bitcoin::hashes::{hash160, sha256, Hash};
use bitcoin::script::{Builder, PushBytesBuf};
use bitcoin::secp256k1::Message;
use bitcoin::sighash::{EcdsaSighashType, SighashCache};
use bitcoin::{Amount as Coins, OutPoint, ScriptBuf, Transaction, Witness};

use super::keys::{from_hex, WifKey};
use super::transaction::decode_transaction;
use super::{secp, Prevout, SecretText};
use crate::models::SignedTransaction;
use crate::raw_json::{FromData, RawJson};
use crate::{Error, Result};

/// Signs `unsigned_hex` with `keys` (WIF private keys of any Litecoin network), each input
/// against its [`Prevout`], as Litecoin Core's `signrawtransactionwithkey` does: SIGHASH_ALL,
/// RFC 6979 nonces with Core's low-R grinding, so the same transaction and keys give the same
/// bytes and txid as the service's `sign_transaction`, without the keys leaving the caller.
///
/// Signs P2PKH (compressed or not), P2SH-P2WPKH and P2WPKH inputs, and m-of-n multisig in
/// P2SH, P2SH-P2WSH and P2WSH when the prevout carries its `redeem_script` and at least m of
/// its keys are given. An input no key can sign is left as it was and the result is not
/// `complete`, with an error naming it (a multisig signed by several parties goes through a PSBT instead: see
/// [`psbt_from_transaction`](super::psbt_from_transaction)).
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `unsigned_hex` (not a transaction, or a
/// Litecoin MWEB one, which the SDK cannot sign), `keys` (not a WIF; never quoted) or
/// `prevouts` (one missing for an input, given twice, or with bad hex).
pub fn sign_transaction_locally<K: SecretText + ?Sized>(unsigned_hex: &str, keys: &[&K], prevouts: &[Prevout]) -> Result<SignedTransaction> {
    let unsigned = decode_transaction(unsigned_hex, "unsigned_hex")?;
    let keys = decode_keys(keys)?;
    let public_keys: Vec<Vec<u8>> = keys.iter().map(WifKey::public_key_bytes).collect();
    let spent = spent_outputs(&unsigned, prevouts)?;
    let mut signed = unsigned.clone();
    let mut cache = SighashCache::new(&unsigned);
    let mut unsigned_inputs = Vec::new();
    for (index, spent) in spent.iter().enumerate() {
        let solution = solve(&spent.script_pubkey, spent.redeem_script.as_ref(), &public_keys);
        let signatures = match &solution {
            Some(solution) => solution.sign(&mut cache, index, spent.value, &keys)?,
            None => Vec::new(),
        };
        match solution.and_then(|s| s.assemble(&signatures)) {
            Some((script_sig, witness)) => {
                signed.input[index].script_sig = script_sig;
                signed.input[index].witness = witness;
            }
            None => unsigned_inputs.push(index),
        }
    }
    signed_transaction(&signed, &unsigned_inputs)
}

/// The WIFs, decoded; errors name `keys` and never quote one.
pub(super) fn decode_keys<K: SecretText + ?Sized>(keys: &[&K]) -> Result<Vec<WifKey>> {
    keys.iter().map(|k| WifKey::decode(k.secret_text(), None, "keys")).collect()
}

/// The result of signing `tx` at home, of the same type as the service's `sign_transaction`:
/// its hex and id, `complete` when no input is left unsigned, and an error for each one that is
/// (as Core reports them).
pub(super) fn signed_transaction(tx: &Transaction, unsigned_inputs: &[usize]) -> Result<SignedTransaction> {
    let errors: Vec<serde_json::Value> = unsigned_inputs
        .iter()
        .map(|&i| {
            let outpoint = tx.input[i].previous_output;
            serde_json::json!({"txid": outpoint.txid.to_string(), "vout": outpoint.vout, "error": "no key given signs this input (or fewer than its multisig needs)"})
        })
        .collect();
    let text = serde_json::json!({
        "hex": bitcoin::consensus::encode::serialize_hex(tx),
        "complete": unsigned_inputs.is_empty(),
        "txid": tx.compute_txid().to_string(),
        "errors": errors,
    })
    .to_string();
    let raw = RawJson::from_trusted(text);
    let mut signed: SignedTransaction = raw.parse().map_err(|e| Error::new(crate::ErrorKind::Decode, format!("a signed transaction could not be read back: {e}")))?;
    signed.set_raw(raw);
    Ok(signed)
}

/// A prevout, read.
pub(super) struct Spent {
    pub(super) value: Coins,
    pub(super) script_pubkey: ScriptBuf,
    pub(super) redeem_script: Option<ScriptBuf>,
}

/// The prevout of each input, in the inputs' order.
pub(super) fn spent_outputs(tx: &Transaction, prevouts: &[Prevout]) -> Result<Vec<Spent>> {
    let bad = |why: String| Error::invalid_input("prevouts", why);
    let mut given = std::collections::HashMap::new();
    for p in prevouts {
        let txid: bitcoin::Txid = p.txid.parse().map_err(|_| bad(format!("`{}` is not a transaction id (64 hex digits)", p.txid)))?;
        let script = |hex: &str, what: &str| {
            from_hex(hex).map(ScriptBuf::from_bytes).ok_or_else(|| bad(format!("the {what} of {}:{} is not hex", p.txid, p.vout)))
        };
        let value = u64::try_from(p.amount.litoshis()).map_err(|_| bad(format!("the amount of {}:{} is negative", p.txid, p.vout)))?;
        let spent = Spent {
            value: Coins::from_sat(value),
            script_pubkey: script(&p.script_pubkey, "script_pubkey")?,
            redeem_script: p.redeem_script.as_deref().map(|h| script(h, "redeem_script")).transpose()?,
        };
        if given.insert(OutPoint { txid, vout: p.vout }, spent).is_some() {
            return Err(bad(format!("{}:{} is given twice", p.txid, p.vout)));
        }
    }
    tx.input
        .iter()
        .map(|input| {
            given.remove(&input.previous_output).ok_or_else(|| bad(format!("none is given for the input spending {}", input.previous_output)))
        })
        .collect()
}

/// How an output is spent: the script form and the keys whose signatures it needs.
pub(super) enum Solution {
    /// One key, its signature in the script (P2PKH).
    PubkeyHash(Vec<u8>),
    /// One key, its signature in the witness, bare (P2WPKH) or nested in P2SH with this
    /// redeem script.
    WitnessPubkeyHash { key: Vec<u8>, nested: Option<ScriptBuf> },
    /// m of the keys of a multisig script: in the script (P2SH), or in the witness, bare
    /// (P2WSH) or nested in P2SH with this redeem script.
    Multisig { required: usize, keys: Vec<Vec<u8>>, script: ScriptBuf, witness: bool, nested: Option<ScriptBuf> },
}

/// The solution of `script_pubkey`: with `redeem_script` (the multisig script, or a
/// P2SH-P2WPKH's redeem script) when it has one, the key found among `keys` (public keys, 33
/// bytes when compressed) otherwise (a P2SH-P2WPKH's key is known only by trying them); `None`
/// when neither tells how to spend it.
pub(super) fn solve(script_pubkey: &ScriptBuf, redeem_script: Option<&ScriptBuf>, keys: &[Vec<u8>]) -> Option<Solution> {
    let bytes = script_pubkey.as_bytes();
    let compressed = |k: &&Vec<u8>| k.len() == 33;
    let key_hashing_to = |hash: &[u8], compressed_only: bool| {
        keys.iter().filter(|k| !compressed_only || compressed(k)).find(|pk| hash160::Hash::hash(pk).as_byte_array() == hash).cloned()
    };
    let multisig = |script: &ScriptBuf, witness: bool, nested: Option<ScriptBuf>| {
        multisig_keys(script).map(|(required, keys)| Solution::Multisig { required, keys, script: script.clone(), witness, nested })
    };
    if script_pubkey.is_p2pkh() {
        return key_hashing_to(&bytes[3..23], false).map(Solution::PubkeyHash);
    }
    if script_pubkey.is_p2wpkh() {
        return key_hashing_to(&bytes[2..22], true).map(|key| Solution::WitnessPubkeyHash { key, nested: None });
    }
    if script_pubkey.is_p2wsh() {
        let script = redeem_script.filter(|s| sha256::Hash::hash(s.as_bytes()).as_byte_array() == &bytes[2..34])?;
        return multisig(script, true, None);
    }
    if !script_pubkey.is_p2sh() {
        return None;
    }
    let hash = &bytes[2..22];
    if let Some(redeem) = redeem_script {
        if hash160::Hash::hash(redeem.as_bytes()).as_byte_array() == hash {
            // a P2SH-P2WPKH redeem script given as such, or a legacy P2SH multisig
            if redeem.is_p2wpkh() {
                let key = key_hashing_to(&redeem.as_bytes()[2..22], true)?;
                return Some(Solution::WitnessPubkeyHash { key, nested: Some(redeem.clone()) });
            }
            return multisig(redeem, false, None);
        }
        let nested = ScriptBuf::new_p2wsh(&bitcoin::WScriptHash::hash(redeem.as_bytes()));
        return (hash160::Hash::hash(nested.as_bytes()).as_byte_array() == hash).then(|| multisig(redeem, true, Some(nested))).flatten();
    }
    keys.iter().filter(compressed).find_map(|key| {
        let key = key.clone();
        let nested = ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array(hash160::Hash::hash(&key).to_byte_array()));
        (hash160::Hash::hash(nested.as_bytes()).as_byte_array() == hash).then_some(Solution::WitnessPubkeyHash { key, nested: Some(nested) })
    })
}

impl Solution {
    /// The public keys whose signatures it takes, in the order they are written.
    pub(super) fn keys(&self) -> Vec<&[u8]> {
        match self {
            Solution::PubkeyHash(key) | Solution::WitnessPubkeyHash { key, .. } => vec![key],
            Solution::Multisig { keys, .. } => keys.iter().map(Vec::as_slice).collect(),
        }
    }

    /// The signatures `keys` make for input `index` (public key, signature with its sighash
    /// byte), in the solution's order, as many as it takes and no more (Core's rule).
    pub(super) fn sign(&self, cache: &mut SighashCache<&Transaction>, index: usize, value: Coins, keys: &[WifKey]) -> Result<Vec<(Vec<u8>, Vec<u8>)>> {
        let needed = match self {
            Solution::Multisig { required, .. } => *required,
            _ => 1,
        };
        let mut signatures = Vec::new();
        for public_key in self.keys() {
            if signatures.len() == needed {
                break;
            }
            let Some(key) = keys.iter().find(|k| k.public_key_bytes() == public_key) else { continue };
            let sighash = match self {
                Solution::PubkeyHash(_) => {
                    let code = ScriptBuf::new_p2pkh(&bitcoin::PubkeyHash::hash(public_key));
                    cache.legacy_signature_hash(index, &code, EcdsaSighashType::All.to_u32()).map_err(sighash_error)?.to_byte_array()
                }
                Solution::WitnessPubkeyHash { .. } => {
                    let code = ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::hash(public_key));
                    cache.p2wpkh_signature_hash(index, &code, value, EcdsaSighashType::All).map_err(sighash_error)?.to_byte_array()
                }
                Solution::Multisig { script, witness: false, .. } => {
                    cache.legacy_signature_hash(index, script, EcdsaSighashType::All.to_u32()).map_err(sighash_error)?.to_byte_array()
                }
                Solution::Multisig { script, witness: true, .. } => {
                    cache.p2wsh_signature_hash(index, script, value, EcdsaSighashType::All).map_err(sighash_error)?.to_byte_array()
                }
            };
            signatures.push((public_key.to_vec(), signature(sighash, key)));
        }
        Ok(signatures)
    }

    /// The input's script and witness from `signatures` (public key, signature), or `None` when
    /// they are not enough.
    pub(super) fn assemble(&self, signatures: &[(Vec<u8>, Vec<u8>)]) -> Option<(ScriptBuf, Witness)> {
        let signature_of = |key: &[u8]| signatures.iter().find(|(k, _)| k.as_slice() == key).map(|(_, s)| s.clone());
        let nested_script = |nested: &Option<ScriptBuf>| match nested {
            Some(redeem) => Builder::new().push_slice(push(redeem.to_bytes())).into_script(),
            None => ScriptBuf::new(),
        };
        match self {
            Solution::PubkeyHash(key) => {
                let sig = signature_of(key)?;
                Some((Builder::new().push_slice(push(sig)).push_slice(push(key.clone())).into_script(), Witness::new()))
            }
            Solution::WitnessPubkeyHash { key, nested } => Some((nested_script(nested), Witness::from_slice(&[signature_of(key)?, key.clone()]))),
            Solution::Multisig { required, keys, script, witness, nested } => {
                let sigs: Vec<Vec<u8>> = keys.iter().filter_map(|k| signature_of(k)).take(*required).collect();
                if sigs.len() < *required {
                    return None;
                }
                if *witness {
                    let mut items = vec![Vec::new()];
                    items.extend(sigs);
                    items.push(script.to_bytes());
                    Some((nested_script(nested), Witness::from_slice(&items)))
                } else {
                    let builder = sigs.into_iter().fold(Builder::new().push_opcode(bitcoin::opcodes::OP_0), |b, s| b.push_slice(push(s)));
                    Some((builder.push_slice(push(script.to_bytes())).into_script(), Witness::new()))
                }
            }
        }
    }
}

/// `m <key>… n OP_CHECKMULTISIG`: m and the keys.
fn multisig_keys(script: &ScriptBuf) -> Option<(usize, Vec<Vec<u8>>)> {
    use bitcoin::script::Instruction;
    let instructions: Vec<Instruction<'_>> = script.instructions().collect::<std::result::Result<_, _>>().ok()?;
    let small = |i: &Instruction<'_>| match i {
        Instruction::Op(op) => {
            let code = op.to_u8();
            (0x51..=0x60).contains(&code).then(|| usize::from(code - 0x50))
        }
        Instruction::PushBytes(_) => None,
    };
    let (first, rest) = instructions.split_first()?;
    let (last, middle) = rest.split_last()?;
    let (count, keys) = middle.split_last()?;
    if *last != Instruction::Op(bitcoin::opcodes::all::OP_CHECKMULTISIG) {
        return None;
    }
    let (required, total) = (small(first)?, small(count)?);
    let keys: Vec<Vec<u8>> = keys
        .iter()
        .map(|i| match i {
            Instruction::PushBytes(b) if b.len() == 33 || b.len() == 65 => Some(b.as_bytes().to_vec()),
            _ => None,
        })
        .collect::<Option<_>>()?;
    (keys.len() == total && required <= total).then_some((required, keys))
}

/// Core's signature: DER, low R (RFC 6979 with Core's extra-entropy counter), then the
/// SIGHASH_ALL byte.
fn signature(sighash: [u8; 32], key: &WifKey) -> Vec<u8> {
    let sig = secp().sign_ecdsa_low_r(&Message::from_digest(sighash), &key.secret);
    let mut bytes = sig.serialize_der().to_vec();
    bytes.push(EcdsaSighashType::All as u8);
    bytes
}

/// Bytes to push (no push here comes near the limit of a push).
fn push(bytes: Vec<u8>) -> PushBytesBuf {
    PushBytesBuf::try_from(bytes).unwrap_or_default()
}

pub(super) fn sighash_error(why: impl std::fmt::Display) -> Error {
    Error::invalid_input("unsigned_hex", format!("cannot be signed: {why}"))
}
