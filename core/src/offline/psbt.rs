//! PSBT (BIP174) for external signers: a hardware or air-gapped signer, or the other parties of
//! a multisig, sign a PSBT exported here; the signatures are combined and the transaction
//! finalized and extracted here. PSBTs travel as base64 text.

use base64::Engine;
use bitcoin::psbt::Psbt;
use bitcoin::sighash::SighashCache;
use bitcoin::{ScriptBuf, TxOut};

use super::signing::{decode_keys, signed_transaction, solve, spent_outputs, Spent};
use super::Prevout;
use crate::models::SignedTransaction;
use super::transaction::decode_transaction;
use super::{keys::WifKey, SecretText};
use crate::{Error, Result};

/// The longest PSBT read, in base64 characters (4 MiB): far more than any transaction a node
/// relays needs, and a bound on the work a hostile text can cause.
pub const MAX_PSBT_LEN: usize = 4 * 1024 * 1024;

/// An unsigned PSBT of `unsigned_hex`, each input with its prevout (the output it spends, as
/// the chain has it) and, for a multisig, its scripts: what a signer needs to check the amounts
/// and sign. Inputs that are not segwit carry their prevout as a witness UTXO only: a signer
/// that wants the whole previous transaction (Litecoin Core's, many hardware signers) signs
/// their segwit inputs only.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `unsigned_hex` (not a transaction, or
/// one with signatures already) or `prevouts`.
pub fn psbt_from_transaction(unsigned_hex: &str, prevouts: &[Prevout]) -> Result<String> {
    let tx = decode_transaction(unsigned_hex, "unsigned_hex")?;
    let spent = spent_outputs(&tx, prevouts)?;
    let mut psbt = Psbt::from_unsigned_tx(tx).map_err(|_| Error::invalid_input("unsigned_hex", "is already (partly) signed: a PSBT starts from an unsigned transaction"))?;
    for (input, spent) in psbt.inputs.iter_mut().zip(spent) {
        let Spent { value, script_pubkey, redeem_script } = spent;
        if let Some(script) = redeem_script {
            if script_pubkey.is_p2wsh() {
                input.witness_script = Some(script);
            } else if ScriptBuf::new_p2sh(&script.script_hash()) == script_pubkey {
                input.redeem_script = Some(script);
            } else {
                input.redeem_script = Some(ScriptBuf::new_p2wsh(&script.wscript_hash()));
                input.witness_script = Some(script);
            }
        }
        input.witness_utxo = Some(TxOut { value, script_pubkey });
    }
    Ok(encode(&psbt))
}

/// Adds the signatures `keys` (WIF private keys) make to `psbt`, as Core's signer makes them
/// (SIGHASH_ALL, low R), for every input they can sign; the others are left as they were.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `psbt` (not a PSBT, longer than
/// [`MAX_PSBT_LEN`], or an input without its prevout) or `keys` (never quoted).
pub fn sign_psbt<K: SecretText + ?Sized>(psbt: &str, keys: &[&K]) -> Result<String> {
    let mut psbt = read(psbt, "psbt")?;
    let keys = decode_keys(keys)?;
    let public_keys: Vec<Vec<u8>> = keys.iter().map(WifKey::public_key_bytes).collect();
    let tx = psbt.unsigned_tx.clone();
    let mut cache = SighashCache::new(&tx);
    for (index, input) in psbt.inputs.iter_mut().enumerate() {
        if input.final_script_sig.is_some() || input.final_script_witness.is_some() {
            continue;
        }
        let spent = spent_of(input, &tx, index)?;
        let Some(solution) = solve(&spent.script_pubkey, input.witness_script.as_ref().or(input.redeem_script.as_ref()), &public_keys) else { continue };
        for (public_key, signature) in solution.sign(&mut cache, index, spent.value, &keys)? {
            let (Ok(public_key), Ok(signature)) = (bitcoin::PublicKey::from_slice(&public_key), bitcoin::ecdsa::Signature::from_slice(&signature)) else {
                continue;
            };
            input.partial_sigs.insert(public_key, signature);
        }
        if let super::signing::Solution::WitnessPubkeyHash { nested: Some(redeem), .. } = &solution {
            input.redeem_script.get_or_insert_with(|| redeem.clone());
        }
    }
    Ok(encode(&psbt))
}

/// One PSBT with the signatures and data of all of `psbts` (the same transaction, signed by
/// different parties).
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `psbts`: none given, one that is not a
/// PSBT, or one of another transaction.
pub fn combine_psbts(psbts: &[&str]) -> Result<String> {
    let (first, rest) = psbts.split_first().ok_or_else(|| Error::invalid_input("psbts", "none is given"))?;
    let mut combined = read(first, "psbts")?;
    for other in rest {
        combined.combine(read(other, "psbts")?).map_err(|_| Error::invalid_input("psbts", "they are not all of the same transaction"))?;
    }
    Ok(encode(&combined))
}

/// The transaction of `psbt`, each input finalized from its signatures (as Core's
/// `finalizepsbt` does) and extracted; `complete` is `false`, and the inputs without enough
/// signatures are left unsigned, when some input cannot be finalized yet.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `psbt`.
pub fn finalize_psbt(psbt: &str) -> Result<SignedTransaction> {
    let psbt = read(psbt, "psbt")?;
    let mut tx = psbt.unsigned_tx.clone();
    let mut unsigned_inputs = Vec::new();
    for (index, input) in psbt.inputs.iter().enumerate() {
        if input.final_script_sig.is_some() || input.final_script_witness.is_some() {
            tx.input[index].script_sig = input.final_script_sig.clone().unwrap_or_default();
            tx.input[index].witness = input.final_script_witness.clone().unwrap_or_default();
            continue;
        }
        let spent = spent_of(input, &psbt.unsigned_tx, index)?;
        let signatures: Vec<(Vec<u8>, Vec<u8>)> = input.partial_sigs.iter().map(|(k, s)| (k.to_bytes(), s.to_vec())).collect();
        let public_keys: Vec<Vec<u8>> = signatures.iter().map(|(k, _)| k.clone()).collect();
        let redeem = input.witness_script.as_ref().or(input.redeem_script.as_ref());
        match solve(&spent.script_pubkey, redeem, &public_keys).and_then(|s| s.assemble(&signatures)) {
            Some((script_sig, witness)) => {
                tx.input[index].script_sig = script_sig;
                tx.input[index].witness = witness;
            }
            None => unsigned_inputs.push(index),
        }
    }
    signed_transaction(&tx, &unsigned_inputs)
}

fn read(text: &str, field: &str) -> Result<Psbt> {
    if text.len() > MAX_PSBT_LEN {
        return Err(Error::invalid_input(field, format!("is {} characters long, more than the {MAX_PSBT_LEN} read", text.len())));
    }
    let not_a_psbt = || Error::invalid_input(field, "is not a PSBT (base64 of a BIP174 PSBT)");
    let bytes = base64::engine::general_purpose::STANDARD.decode(text.trim()).map_err(|_| not_a_psbt())?;
    let psbt = Psbt::deserialize(&bytes).map_err(|_| not_a_psbt())?;
    if psbt.unsigned_tx.input.len() != psbt.inputs.len() {
        return Err(Error::invalid_input(field, "is not a PSBT: its inputs do not match its transaction's"));
    }
    Ok(psbt)
}

/// A PSBT as base64 text.
fn encode(psbt: &Psbt) -> String {
    base64::engine::general_purpose::STANDARD.encode(psbt.serialize())
}

/// The prevout a PSBT input carries.
fn spent_of(input: &bitcoin::psbt::Input, tx: &bitcoin::Transaction, index: usize) -> Result<Spent> {
    let vout = tx.input[index].previous_output.vout as usize;
    let out = input
        .witness_utxo
        .clone()
        .or_else(|| input.non_witness_utxo.as_ref().and_then(|prev| prev.output.get(vout).cloned()))
        .ok_or_else(|| Error::invalid_input("psbt", format!("input {index} carries no prevout (witness or previous transaction)")))?;
    Ok(Spent { value: out.value, script_pubkey: out.script_pubkey, redeem_script: None })
}
