//! The review of a transaction before it is signed at home ([`review_transaction`]): a build
//! that the service (or anyone between) returns is checked, output by output and input by input,
//! against what the caller asked for, with the inputs' values and scripts read from the chain.

use std::collections::HashMap;

use bitcoin::{ScriptBuf, Transaction};

use super::Prevout;
use super::transaction::decode_transaction;
use super::{parse_address, Network, OutputRole, ReviewedInput, ReviewedOutput, TransactionReview};
use crate::{Amount, Error, ErrorKind, Result};

/// What the caller asked a transaction to do; [`review_transaction`] refuses any other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransactionIntent {
    /// The address whose outputs it spends (every input must be one of them) and where change
    /// goes unless `change_address` says otherwise.
    pub sender_address: String,
    /// Who is paid and how much: each one exactly once, with exactly that amount.
    pub recipients: Vec<(String, Amount)>,
    /// Where change may go besides the sender (at most one change output).
    pub change_address: Option<String>,
    /// The service fee output of `create_raw_transaction_v3`: its address and amount, exactly.
    pub service_fee: Option<(String, Amount)>,
    /// The most the transaction may pay in fees.
    pub fee_policy: FeePolicy,
}

/// The most a transaction may pay to the miners. The defaults refuse what no honest build of a
/// payment needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeePolicy {
    /// The fee in total. Default 0.01 LTC.
    pub max_fee: Amount,
    /// The fee per virtual byte of the signed transaction, in litoshis. Default 1,000 (a
    /// hundred times the relay minimum of 10).
    pub max_fee_rate: u64,
}

impl Default for FeePolicy {
    fn default() -> Self {
        FeePolicy { max_fee: Amount::from_litoshis(1_000_000), max_fee_rate: 1_000 }
    }
}

/// The smallest sequence a reviewed input may have: final (`0xffffffff`), final without
/// replacement (`0xfffffffe`, Core's anti-fee-sniping form) or replaceable (`0xfffffffd`).
/// Anything lower is a relative lock time, which no payment needs.
const MIN_SEQUENCE: u32 = 0xffff_fffd;

/// Lock times from here on are times, not heights.
const LOCKTIME_THRESHOLD: u32 = 500_000_000;

/// Checks `unsigned_hex` against `intent`, each input against its prevout read from the chain
/// (`prevouts`: `get_utxo_details`, never the answer being checked), and `tip_height`, the
/// chain's height, when known (a lock time past the next block is refused).
///
/// Refused, each with the first mismatch named: a version other than 1 or 2; a lock time that
/// is a time, or a height past the next block; an input with a relative lock time; an input
/// that does not spend one of the sender's outputs; a recipient missing, paid twice or paid a
/// different amount (by a single litoshi); a service fee other than the declared one; a second
/// change output, or change to an address the intent does not name; any other output; a fee
/// above the policy's total or rate.
///
/// # Errors
/// [`TransactionMismatch`](crate::ErrorKind::TransactionMismatch) for a transaction that does
/// something else; [`InvalidInput`](crate::ErrorKind::InvalidInput) for an input of the review
/// itself (`unsigned_hex`, an address of the intent, a prevout missing).
pub fn review_transaction(unsigned_hex: &str, intent: &TransactionIntent, prevouts: &[Prevout], tip_height: Option<u32>) -> Result<TransactionReview> {
    let tx = decode_transaction(unsigned_hex, "unsigned_hex")?;
    let IntentScripts { sender, change, mut wanted } = intent_scripts(intent)?;

    check_header(&tx, tip_height)?;
    let inputs = check_inputs(&tx, prevouts, &sender)?;

    let mut outputs = Vec::new();
    let mut changes = 0;
    for (index, output) in tx.output.iter().enumerate() {
        let amount = Amount::from_litoshis(i64::try_from(output.value.to_sat()).unwrap_or(i64::MAX));
        if let Some(at) = wanted.iter().position(|(script, _, value, _)| *script == output.script_pubkey && *value == amount) {
            let (_, address, _, role) = wanted.remove(at);
            outputs.push(ReviewedOutput { address: address.to_string(), amount, role });
            continue;
        }
        let change_to = if output.script_pubkey == sender {
            Some(intent.sender_address.as_str())
        } else if change.as_ref() == Some(&output.script_pubkey) {
            intent.change_address.as_deref()
        } else {
            None
        };
        match change_to {
            Some(address) if changes == 0 && !wanted.iter().any(|(script, ..)| *script == output.script_pubkey) => {
                changes += 1;
                outputs.push(ReviewedOutput { address: address.to_string(), amount, role: OutputRole::Change });
            }
            Some(_) if changes > 0 => return Err(mismatch(format!("output {index} is a second change output"))),
            _ => {
                let paid = wanted.iter().find(|(script, ..)| *script == output.script_pubkey);
                return Err(mismatch(match paid {
                    Some((_, address, value, _)) => format!("output {index} pays {amount} LTC to {address}, which should receive {value} LTC"),
                    None => format!("output {index} pays {amount} LTC to a script that is not in the intent ({})", output.script_pubkey.to_hex_string()),
                }));
            }
        }
    }
    if let Some((_, address, amount, role)) = wanted.first() {
        let what = if *role == OutputRole::ServiceFee { "the service fee" } else { "the payment" };
        return Err(mismatch(format!("{what} of {amount} LTC to {address} is missing")));
    }

    let total_in: i64 = inputs.iter().map(|i| i.amount.litoshis()).sum();
    let total_out: i64 = outputs.iter().map(|o| o.amount.litoshis()).sum();
    let fee = total_in - total_out;
    if fee < 0 {
        return Err(mismatch(format!("the outputs ({} LTC) spend more than the inputs ({} LTC)", Amount::from_litoshis(total_out), Amount::from_litoshis(total_in))));
    }
    let vsize = signed_vsize(&tx, prevouts_in_order(&tx, prevouts));
    let fee_rate = u64::try_from(fee).unwrap_or(0) / vsize.max(1);
    let fee = Amount::from_litoshis(fee);
    if fee > intent.fee_policy.max_fee {
        return Err(mismatch(format!("the fee of {fee} LTC is above the most allowed, {} LTC", intent.fee_policy.max_fee)));
    }
    if fee_rate > intent.fee_policy.max_fee_rate {
        return Err(mismatch(format!("the fee rate of {fee_rate} litoshis per vbyte is above the most allowed, {}", intent.fee_policy.max_fee_rate)));
    }
    Ok(TransactionReview { inputs, outputs, fee, fee_rate, vsize })
}

/// The output scripts an intent names.
struct IntentScripts<'a> {
    sender: ScriptBuf,
    change: Option<ScriptBuf>,
    /// The outputs it asks for: script, address, amount, role.
    wanted: Vec<(ScriptBuf, &'a str, Amount, OutputRole)>,
}

/// Checks the addresses of `intent` (all of one network, none MWEB) without a transaction:
/// errors name the intent's field.
pub(crate) fn review_intent_addresses(intent: &TransactionIntent) -> Result<()> {
    intent_scripts(intent).map(|_| ())
}

fn intent_scripts(intent: &TransactionIntent) -> Result<IntentScripts<'_>> {
    // the intent's network: testnet and regtest share Base58 prefixes, so one regtest
    // address (bech32 `rltc`) makes them all regtest
    let named = std::iter::once(intent.sender_address.as_str())
        .chain(intent.recipients.iter().map(|(a, _)| a.as_str()))
        .chain(intent.change_address.as_deref())
        .chain(intent.service_fee.as_ref().map(|(a, _)| a.as_str()));
    let networks: Vec<Network> = named.filter_map(|a| parse_address(a, None).ok().map(|i| i.network)).collect();
    let network = if networks.contains(&Network::Regtest) {
        Network::Regtest
    } else {
        parse_address(&intent.sender_address, None).map_err(|e| e.with_field_name("sender_address"))?.network
    };
    let script_of = |address: &str, field: &str| -> Result<ScriptBuf> {
        let info = parse_address(address, Some(network)).map_err(|e| e.with_field_name(field))?;
        let hex = info.script_pubkey.ok_or_else(|| Error::invalid_input(field, "an MWEB address cannot be reviewed: its outputs have no script"))?;
        Ok(ScriptBuf::from_hex(&hex).unwrap_or_default())
    };
    let sender = script_of(&intent.sender_address, "sender_address")?;
    let change = intent.change_address.as_deref().map(|a| script_of(a, "change_address")).transpose()?;
    let mut wanted: Vec<(ScriptBuf, &str, Amount, OutputRole)> = Vec::new();
    for (address, amount) in &intent.recipients {
        wanted.push((script_of(address, "recipients")?, address, *amount, OutputRole::Recipient));
    }
    if let Some((address, amount)) = &intent.service_fee {
        wanted.push((script_of(address, "service_fee")?, address, *amount, OutputRole::ServiceFee));
    }

    Ok(IntentScripts { sender, change, wanted })
}

fn mismatch(why: String) -> Error {
    Error::new(ErrorKind::TransactionMismatch, format!("the transaction does not match what was asked for: {why}; nothing was signed"))
        .with_field_name("unsigned_hex")
}

/// Version and lock time.
fn check_header(tx: &Transaction, tip_height: Option<u32>) -> Result<()> {
    if !matches!(tx.version.0, 1 | 2) {
        return Err(mismatch(format!("its version is {}, not 1 or 2", tx.version.0)));
    }
    let lock_time = tx.lock_time.to_consensus_u32();
    if lock_time >= LOCKTIME_THRESHOLD {
        return Err(mismatch(format!("its lock time {lock_time} is a date, which no payment needs")));
    }
    if let Some(tip) = tip_height.filter(|tip| lock_time > tip.saturating_add(1)) {
        return Err(mismatch(format!("its lock time {lock_time} is past the next block ({})", tip + 1)));
    }
    Ok(())
}

/// Each input spends one of the sender's outputs, with a plain sequence.
fn check_inputs(tx: &Transaction, prevouts: &[Prevout], sender: &ScriptBuf) -> Result<Vec<ReviewedInput>> {
    let by_outpoint: HashMap<(String, u32), &Prevout> = prevouts.iter().map(|p| ((p.txid.to_ascii_lowercase(), p.vout), p)).collect();
    let mut inputs = Vec::new();
    for (index, input) in tx.input.iter().enumerate() {
        let outpoint = input.previous_output;
        let Some(prevout) = by_outpoint.get(&(outpoint.txid.to_string(), outpoint.vout)) else {
            return Err(Error::invalid_input("prevouts", format!("none is given for input {index}, spending {outpoint}")));
        };
        if input.sequence.0 < MIN_SEQUENCE {
            return Err(mismatch(format!("input {index} has the sequence 0x{:08x}, a relative lock time", input.sequence.0)));
        }
        if ScriptBuf::from_hex(&prevout.script_pubkey).ok().as_ref() != Some(sender) {
            return Err(mismatch(format!("input {index} spends {outpoint}, which does not belong to the sender")));
        }
        inputs.push(ReviewedInput { txid: outpoint.txid.to_string(), vout: outpoint.vout, amount: prevout.amount });
    }
    Ok(inputs)
}

fn prevouts_in_order<'a>(tx: &Transaction, prevouts: &'a [Prevout]) -> Vec<Option<&'a Prevout>> {
    tx.input
        .iter()
        .map(|i| prevouts.iter().find(|p| p.vout == i.previous_output.vout && p.txid.eq_ignore_ascii_case(&i.previous_output.txid.to_string())))
        .collect()
}

/// The virtual size once signed: the unsigned transaction's weight, plus what each input's
/// signature adds by its script type (signatures counted at 72 bytes, public keys at 33).
fn signed_vsize(tx: &Transaction, prevouts: Vec<Option<&Prevout>>) -> u64 {
    let mut weight = tx.weight().to_wu();
    let mut segwit = false;
    for prevout in prevouts.into_iter().flatten() {
        let script = ScriptBuf::from_hex(&prevout.script_pubkey).unwrap_or_default();
        // scriptSig bytes count 4 weight units each, witness bytes one
        weight += if script.is_p2pkh() {
            4 * (1 + 72 + 1 + 33)
        } else if script.is_p2wpkh() {
            segwit = true;
            1 + 1 + 72 + 1 + 33
        } else if script.is_p2sh() {
            segwit = true;
            4 * 23 + 1 + 1 + 72 + 1 + 33
        } else {
            4 * (1 + 72 + 1 + 33)
        };
    }
    if segwit && !tx.input.iter().any(|i| !i.witness.is_empty()) {
        weight += 2; // the segwit marker and flag
    }
    weight.div_ceil(4)
}

/// A transaction paying the intent's recipients and service fee from `coins` (the sender's
/// unspent outputs, largest first): the fewest that cover the amount and the fee at `fee_rate` litoshis per
/// vbyte of the signed size, change to the intent's change address (or the sender) unless it
/// is below `dust`, which then goes to the fee. Version 2, no lock time, replaceable.
///
/// # Errors
/// [`InsufficientFunds`](crate::ErrorKind::InsufficientFunds) when all of `coins` do not cover
/// it; [`InvalidInput`](crate::ErrorKind::InvalidInput) on an address of the intent.
pub(crate) fn build_payment(intent: &TransactionIntent, coins: &[Prevout], fee_rate: u64, dust: i64) -> Result<String> {
    let scripts = intent_scripts(intent)?;
    // every output the intent names (the recipients, then the service fee), in that order
    let paid: Vec<bitcoin::TxOut> = scripts
        .wanted
        .iter()
        .map(|(script, _, amount, _)| bitcoin::TxOut { value: bitcoin::Amount::from_sat(u64::try_from(amount.litoshis()).unwrap_or(0)), script_pubkey: script.clone() })
        .collect();
    let amount = scripts.wanted.iter().fold(0i64, |sum, (_, _, a, _)| sum.saturating_add(a.litoshis()));
    let change_script = scripts.change.clone().unwrap_or(scripts.sender.clone());
    let rate = i64::try_from(fee_rate).unwrap_or(i64::MAX);
    let mut tx = Transaction { version: bitcoin::transaction::Version::TWO, lock_time: bitcoin::absolute::LockTime::ZERO, input: Vec::new(), output: Vec::new() };
    let mut total = 0i64;
    for (count, coin) in coins.iter().enumerate() {
        let txid = coin.txid.parse().map_err(|_| Error::invalid_input("prevouts", format!("`{}` is not a transaction id", coin.txid)))?;
        tx.input.push(bitcoin::TxIn {
            previous_output: bitcoin::OutPoint { txid, vout: coin.vout },
            sequence: bitcoin::Sequence::ENABLE_RBF_NO_LOCKTIME,
            ..Default::default()
        });
        total += coin.amount.litoshis();
        tx.output.clone_from(&paid);
        let used = prevouts_in_order(&tx, &coins[..=count]);
        let fee_alone = rate.saturating_mul(signed_vsize(&tx, used.clone()) as i64);
        if total < amount.saturating_add(fee_alone) {
            continue;
        }
        tx.output.push(bitcoin::TxOut { value: bitcoin::Amount::ZERO, script_pubkey: change_script.clone() });
        let change = total - amount - rate.saturating_mul(signed_vsize(&tx, used) as i64);
        if let (true, Some(output)) = (change >= dust, tx.output.last_mut()) {
            output.value = bitcoin::Amount::from_sat(change as u64);
        } else {
            tx.output.pop();
        }
        return Ok(bitcoin::consensus::encode::serialize_hex(&tx));
    }
    Err(Error::new(
        ErrorKind::InsufficientFunds,
        format!("{} has {} LTC in unspent outputs; {} LTC and the fee need more", intent.sender_address, Amount::from_litoshis(total), Amount::from_litoshis(amount)),
    ))
}
