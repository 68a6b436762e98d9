//! Signing a transaction at home ([`sign_transaction_locally`]): the keys never leave the
//! caller, and the signatures are the ones Litecoin Core's `signrawtransactionwithkey` makes.

use bitcoin::hashes::{hash160, sha256, Hash};
use bitcoin::script::{Builder, PushBytesBuf};
use bitcoin::secp256k1::Message;
use bitcoin::sighash::{EcdsaSighashType, SighashCache};
use bitcoin::{Amount as Coins, OutPoint, ScriptBuf, Transaction, Witness};

use super::keys::{from_hex, WifKey};
use super::transaction::decode_transaction;
use super::{secp, SecretText};
use crate::{Amount, Error, Result};

/// The output an input spends, as the chain has it (read with `get_utxo_details`, never taken
/// from the transaction being signed): what a signature commits to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prevout {
    /// The id of the transaction that made the output (64 hex digits).
    pub txid: String,
    /// Its index in that transaction.
    pub vout: u32,
    /// Its value.
    pub amount: Amount,
    /// Its output script, as hex.
    pub script_pubkey: String,
    /// For a multisig output (P2SH, P2SH-P2WSH or P2WSH), the multisig script as hex: the
    /// redeem script of `create_multisig_address`. Absent for single-key outputs.
    pub redeem_script: Option<String>,
}

/// A transaction signed by [`sign_transaction_locally`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedTransaction {
    /// The transaction as hex, ready for `broadcast_transaction` when `complete`.
    pub hex: String,
    /// Its id.
    pub txid: String,
    /// `true` when every input is signed; otherwise the inputs without a key (or with fewer
    /// keys than a multisig needs) are left as they were.
    pub complete: bool,
}

/// Signs `unsigned_hex` with `keys` (WIF private keys of any Litecoin network), each input
/// against its [`Prevout`], as Litecoin Core's `signrawtransactionwithkey` does: SIGHASH_ALL,
/// RFC 6979 nonces with Core's low-R grinding, so the same transaction and keys give the same
/// bytes and txid as the service's `sign_transaction`, without the keys leaving the caller.
///
/// Signs P2PKH (compressed or not), P2SH-P2WPKH and P2WPKH inputs, and m-of-n multisig in
/// P2SH, P2SH-P2WSH and P2WSH when the prevout carries its `redeem_script` and at least m of
/// its keys are given. An input no key can sign is left as it was and the result is not
/// `complete` (a multisig signed by several parties goes through a PSBT instead).
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `unsigned_hex` (not a transaction, or a
/// Litecoin MWEB one, which the SDK cannot sign), `keys` (not a WIF; never quoted) or
/// `prevouts` (one missing for an input, given twice, or with bad hex).
pub fn sign_transaction_locally<K: SecretText + ?Sized>(unsigned_hex: &str, keys: &[&K], prevouts: &[Prevout]) -> Result<SignedTransaction> {
    let unsigned = decode_transaction(unsigned_hex, "unsigned_hex")?;
    let keys = keys.iter().map(|k| WifKey::decode(k.secret_text(), None, "keys")).collect::<Result<Vec<_>>>()?;
    let spent = spent_outputs(&unsigned, prevouts)?;
    let mut signed = unsigned.clone();
    let mut cache = SighashCache::new(&unsigned);
    let mut complete = true;
    for (index, prevout) in spent.iter().enumerate() {
        match sign_input(&mut cache, index, prevout, &keys)? {
            Some((script_sig, witness)) => {
                signed.input[index].script_sig = script_sig;
                signed.input[index].witness = witness;
            }
            None => complete = false,
        }
    }
    Ok(SignedTransaction {
        hex: bitcoin::consensus::encode::serialize_hex(&signed),
        txid: signed.compute_txid().to_string(),
        complete,
    })
}

/// A prevout, read.
struct Spent {
    value: Coins,
    script_pubkey: ScriptBuf,
    redeem_script: Option<ScriptBuf>,
}

/// The prevout of each input, in the inputs' order.
fn spent_outputs(tx: &Transaction, prevouts: &[Prevout]) -> Result<Vec<Spent>> {
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

/// The script and witness that sign input `index`, or `None` when the keys cannot sign it.
fn sign_input(cache: &mut SighashCache<&Transaction>, index: usize, spent: &Spent, keys: &[WifKey]) -> Result<Option<(ScriptBuf, Witness)>> {
    let spk = &spent.script_pubkey;
    let bytes = spk.as_bytes();
    if spk.is_p2pkh() {
        let Some(key) = keys.iter().find(|k| hash160::Hash::hash(&k.public_key_bytes()).as_byte_array() == &bytes[3..23]) else {
            return Ok(None);
        };
        let sighash = cache.legacy_signature_hash(index, spk, EcdsaSighashType::All.to_u32()).map_err(sighash_error)?;
        let script_sig = Builder::new().push_slice(signature(sighash.to_byte_array(), key)).push_slice(push(key.public_key_bytes())).into_script();
        return Ok(Some((script_sig, Witness::new())));
    }
    if spk.is_p2wpkh() {
        return p2wpkh(cache, index, spent, keys, &bytes[2..22]).map(|w| w.map(|w| (ScriptBuf::new(), w)));
    }
    if spk.is_p2wsh() {
        let Some(script) = spent.redeem_script.as_ref().filter(|s| sha256::Hash::hash(s.as_bytes()).as_byte_array() == &bytes[2..34]) else {
            return Ok(None);
        };
        return p2wsh(cache, index, spent, keys, script).map(|w| w.map(|w| (ScriptBuf::new(), w)));
    }
    if spk.is_p2sh() {
        let hash = &bytes[2..22];
        if let Some(redeem) = spent.redeem_script.as_ref() {
            if hash160::Hash::hash(redeem.as_bytes()).as_byte_array() == hash {
                // legacy P2SH multisig
                let Some(sigs) = multisig(keys, redeem, |key| {
                    cache.legacy_signature_hash(index, redeem, EcdsaSighashType::All.to_u32()).map(|h| signature(h.to_byte_array(), key)).map_err(sighash_error)
                })?
                else {
                    return Ok(None);
                };
                let script_sig = sigs.into_iter().fold(Builder::new().push_opcode(bitcoin::opcodes::OP_0), |b, s| b.push_slice(s)).push_slice(push(redeem.to_bytes())).into_script();
                return Ok(Some((script_sig, Witness::new())));
            }
            let nested = ScriptBuf::new_p2wsh(&bitcoin::WScriptHash::hash(redeem.as_bytes()));
            if hash160::Hash::hash(nested.as_bytes()).as_byte_array() == hash {
                let witness = p2wsh(cache, index, spent, keys, redeem)?;
                return Ok(witness.map(|w| (Builder::new().push_slice(push(nested.to_bytes())).into_script(), w)));
            }
            return Ok(None);
        }
        // P2SH-P2WPKH: the key whose witness program hashes to the script's hash
        for key in keys.iter().filter(|k| k.compressed) {
            let program = hash160::Hash::hash(&key.public_key_bytes());
            let nested = ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_byte_array(program.to_byte_array()));
            if hash160::Hash::hash(nested.as_bytes()).as_byte_array() == hash {
                let witness = p2wpkh(cache, index, spent, std::slice::from_ref(key), program.as_byte_array())?;
                return Ok(witness.map(|w| (Builder::new().push_slice(push(nested.to_bytes())).into_script(), w)));
            }
        }
    }
    Ok(None)
}

/// The witness of a P2WPKH spend (also nested in P2SH) by the key of `program`.
fn p2wpkh(cache: &mut SighashCache<&Transaction>, index: usize, spent: &Spent, keys: &[WifKey], program: &[u8]) -> Result<Option<Witness>> {
    let Some(key) = keys.iter().find(|k| k.compressed && hash160::Hash::hash(&k.public_key_bytes()).as_byte_array() == program) else {
        return Ok(None);
    };
    let code = ScriptBuf::new_p2wpkh(&bitcoin::WPubkeyHash::from_slice(program).map_err(|_| sighash_error("a witness program of 20 bytes"))?);
    let sighash = cache.p2wpkh_signature_hash(index, &code, spent.value, EcdsaSighashType::All).map_err(sighash_error)?;
    Ok(Some(Witness::from_slice(&[signature(sighash.to_byte_array(), key).as_bytes().to_vec(), key.public_key_bytes()])))
}

/// The witness of a P2WSH multisig spend (also nested in P2SH).
fn p2wsh(cache: &mut SighashCache<&Transaction>, index: usize, spent: &Spent, keys: &[WifKey], script: &ScriptBuf) -> Result<Option<Witness>> {
    let Some(sigs) = multisig(keys, script, |key| {
        cache.p2wsh_signature_hash(index, script, spent.value, EcdsaSighashType::All).map(|h| signature(h.to_byte_array(), key)).map_err(sighash_error)
    })?
    else {
        return Ok(None);
    };
    let mut items: Vec<Vec<u8>> = vec![Vec::new()];
    items.extend(sigs.iter().map(|s| s.as_bytes().to_vec()));
    items.push(script.to_bytes());
    Ok(Some(Witness::from_slice(&items)))
}

/// The signatures of an m-of-n multisig script, in the order of its keys, as Core makes them
/// (the first m keys given, in the script's order); `None` when fewer than m keys are given or
/// the script is not a multisig.
fn multisig(keys: &[WifKey], script: &ScriptBuf, mut sign: impl FnMut(&WifKey) -> Result<PushBytesBuf>) -> Result<Option<Vec<PushBytesBuf>>> {
    let Some((required, public_keys)) = multisig_keys(script) else { return Ok(None) };
    let mut sigs = Vec::new();
    for public_key in public_keys {
        if sigs.len() == required {
            break;
        }
        if let Some(key) = keys.iter().find(|k| k.public_key_bytes() == public_key) {
            sigs.push(sign(key)?);
        }
    }
    Ok((sigs.len() == required).then_some(sigs))
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

/// Core's signature: DER, low R (RFC 6979 with Core's extra-entropy counter), SIGHASH_ALL.
fn signature(sighash: [u8; 32], key: &WifKey) -> PushBytesBuf {
    let sig = secp().sign_ecdsa_low_r(&Message::from_digest(sighash), &key.secret);
    let mut bytes = sig.serialize_der().to_vec();
    bytes.push(EcdsaSighashType::All as u8);
    push(bytes)
}

/// Bytes to push (every push here is far below the 520-byte limit).
fn push(bytes: Vec<u8>) -> PushBytesBuf {
    PushBytesBuf::try_from(bytes).unwrap_or_default()
}

fn sighash_error(why: impl std::fmt::Display) -> Error {
    Error::invalid_input("unsigned_hex", format!("cannot be signed: {why}"))
}
