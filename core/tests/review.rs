//! The review before signing at home (`offline::review_transaction`), offline: an honest build
//! passes with its fee and roles; each hostile change of it (another payee, an added output, a
//! dropped change that raises the fee, a foreign input, a litoshi more or less to a recipient, a
//! wrong service fee, a relative lock time, a future lock time) is refused as a
//! `transaction_mismatch` naming it; and, as a property, any change of any recipient's amount or
//! script is refused.

use bitcoin::{absolute::LockTime, transaction::Version, Amount as Coins, OutPoint, ScriptBuf, Sequence, Transaction, TxIn, TxOut};
use proptest::prelude::*;
use wallet_sdk::offline::{self, FeePolicy, KeyAddressType, Network, OutputRole, Prevout, TransactionIntent};
use wallet_sdk::{Amount, ErrorKind};

const PHRASE: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

fn address(index: u32) -> String {
    offline::derive_key(PHRASE, &format!("m/84'/1'/0'/0/{index}"), KeyAddressType::P2wpkh, Network::Regtest, "").unwrap().address
}

fn script(address: &str) -> ScriptBuf {
    ScriptBuf::from_hex(&offline::parse_address(address, None).unwrap().script_pubkey.unwrap()).unwrap()
}

/// The sender (0), a recipient (1), the service (2), a stranger (3).
struct World {
    sender: String,
    recipient: String,
    service: String,
    stranger: String,
    prevouts: Vec<Prevout>,
}

fn world() -> World {
    let sender = address(0);
    let prevouts = (0..2)
        .map(|i| Prevout {
            txid: format!("{:064x}", 0xabc0 + i),
            vout: i,
            amount: Amount::from_litoshis(60_000_000),
            script_pubkey: script(&sender).to_hex_string(),
            redeem_script: None,
        })
        .collect();
    World { sender, recipient: address(1), service: address(2), stranger: address(3), prevouts }
}

fn intent(w: &World) -> TransactionIntent {
    TransactionIntent {
        sender_address: w.sender.clone(),
        recipients: vec![(w.recipient.clone(), Amount::from_litoshis(100_000_000))],
        change_address: None,
        service_fee: Some((w.service.clone(), Amount::from_litoshis(1_000_000))),
        fee_policy: FeePolicy::default(),
    }
}

/// An honest build: both prevouts in, the recipient, the service fee and change out, 3,000
/// litoshis of fee.
fn honest(w: &World) -> Transaction {
    Transaction {
        version: Version::TWO,
        lock_time: LockTime::ZERO,
        input: w.prevouts.iter().map(|p| TxIn { previous_output: OutPoint { txid: p.txid.parse().unwrap(), vout: p.vout }, sequence: Sequence::ENABLE_RBF_NO_LOCKTIME, ..Default::default() }).collect(),
        output: vec![
            TxOut { value: Coins::from_sat(100_000_000), script_pubkey: script(&w.recipient) },
            TxOut { value: Coins::from_sat(1_000_000), script_pubkey: script(&w.service) },
            TxOut { value: Coins::from_sat(18_997_000), script_pubkey: script(&w.sender) },
        ],
    }
}

fn review(w: &World, tx: &Transaction, intent: &TransactionIntent) -> wallet_sdk::Result<offline::TransactionReview> {
    offline::review_transaction(&bitcoin::consensus::encode::serialize_hex(tx), intent, &w.prevouts, Some(1000))
}

#[track_caller]
fn refused(w: &World, tx: &Transaction, intent: &TransactionIntent, says: &str) {
    let e = review(w, tx, intent).expect_err("a hostile build passed the review");
    assert_eq!(e.kind(), ErrorKind::TransactionMismatch, "{e}");
    assert!(e.to_string().contains(says), "`{e}` does not say `{says}`");
}

#[test]
fn an_honest_build_passes_with_its_roles_and_fee() {
    let w = world();
    let r = review(&w, &honest(&w), &intent(&w)).unwrap();
    assert_eq!(r.fee, Amount::from_litoshis(3_000));
    assert_eq!(r.outputs.iter().map(|o| o.role).collect::<Vec<_>>(), [OutputRole::Recipient, OutputRole::ServiceFee, OutputRole::Change]);
    assert_eq!(r.inputs.len(), 2);
    // two P2WPKH inputs (68 vbytes each), three P2WPKH outputs (31 each), 11 of frame
    assert_eq!(r.vsize, 11 + 2 * 68 + 3 * 31);
    assert_eq!(r.fee_rate, 3_000 / r.vsize);
}

#[test]
fn hostile_builds_are_refused_naming_the_mismatch() {
    let w = world();
    let i = intent(&w);
    let mut tx = honest(&w);
    tx.output[0].script_pubkey = script(&w.stranger);
    refused(&w, &tx, &i, "output 0 pays 1.00000000 LTC to a script that is not in the intent");

    let mut tx = honest(&w);
    tx.output.push(TxOut { value: Coins::from_sat(1_000), script_pubkey: script(&w.stranger) });
    tx.output[2].value = Coins::from_sat(18_996_000);
    refused(&w, &tx, &i, "output 3 pays");

    let mut tx = honest(&w);
    tx.output.pop(); // no change: the 0.18997 LTC go to the miners
    refused(&w, &tx, &i, "is above the most allowed");

    let mut tx = honest(&w);
    tx.input[1].previous_output.vout = 7;
    let mut foreign = w.prevouts.clone();
    foreign[1] = Prevout { vout: 7, script_pubkey: script(&w.stranger).to_hex_string(), ..foreign[1].clone() };
    let e = offline::review_transaction(&bitcoin::consensus::encode::serialize_hex(&tx), &i, &foreign, None).unwrap_err();
    assert!(e.to_string().contains("input 1 spends") && e.to_string().contains("does not belong to the sender"), "{e}");

    for delta in [-1i64, 1] {
        let mut tx = honest(&w);
        tx.output[0].value = Coins::from_sat((100_000_000 + delta) as u64);
        tx.output[2].value = Coins::from_sat((18_997_000 - delta) as u64);
        refused(&w, &tx, &i, "which should receive 1.00000000 LTC");
    }

    let mut tx = honest(&w);
    tx.output[1].value = Coins::from_sat(2_000_000);
    tx.output[2].value = Coins::from_sat(17_997_000);
    refused(&w, &tx, &i, "which should receive 0.01000000 LTC");

    let mut tx = honest(&w);
    tx.output.swap(1, 2); // change first is fine; then drop the service fee
    tx.output.pop();
    refused(&w, &tx, &i, "the service fee of 0.01000000 LTC");

    let mut tx = honest(&w);
    tx.input[0].sequence = Sequence(144);
    refused(&w, &tx, &i, "relative lock time");

    let mut tx = honest(&w);
    tx.lock_time = LockTime::from_consensus(5_000);
    refused(&w, &tx, &i, "past the next block");

    let mut tx = honest(&w);
    tx.version = Version(3);
    refused(&w, &tx, &i, "version is 3");

    let mut tx = honest(&w);
    tx.output.push(TxOut { value: Coins::from_sat(1_000), script_pubkey: script(&w.sender) });
    tx.output[2].value = Coins::from_sat(18_996_000);
    refused(&w, &tx, &i, "second change output");

    let strict = TransactionIntent { fee_policy: FeePolicy { max_fee: Amount::from_litoshis(2_999), ..FeePolicy::default() }, ..i.clone() };
    refused(&w, &honest(&w), &strict, "the fee of 0.00003000 LTC is above");
}

#[test]
fn change_to_a_named_address_passes_and_an_intents_bad_address_is_an_input_error() {
    let w = world();
    let mut tx = honest(&w);
    tx.output[2].script_pubkey = script(&w.stranger);
    let with_change = TransactionIntent { change_address: Some(w.stranger.clone()), ..intent(&w) };
    assert_eq!(review(&w, &tx, &with_change).unwrap().outputs[2].role, OutputRole::Change);

    let bad = TransactionIntent { recipients: vec![("ltc1-not-an-address".into(), Amount::from_litoshis(1))], ..intent(&w) };
    let e = review(&w, &honest(&w), &bad).unwrap_err();
    assert_eq!((e.kind(), e.field()), (ErrorKind::InvalidInput, Some("recipients")));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any other amount to the recipient or the service, or any other script for either, is
    /// refused, whatever the change absorbs.
    #[test]
    fn any_change_to_a_paid_output_is_refused(output in 0usize..2, delta in -50_000i64..50_000, other_script in any::<bool>()) {
        let w = world();
        let mut tx = honest(&w);
        prop_assume!(delta != 0 || other_script);
        let value = tx.output[output].value.to_sat() as i64 + delta;
        tx.output[output].value = Coins::from_sat(value as u64);
        tx.output[2].value = Coins::from_sat((18_997_000 - delta) as u64);
        if other_script {
            tx.output[output].script_pubkey = script(&w.stranger);
        }
        let e = review(&w, &tx, &intent(&w)).unwrap_err();
        prop_assert_eq!(e.kind(), ErrorKind::TransactionMismatch);
    }
}

/// `estimate_fee_rate` against a service of three blocks (through an in-memory transport): the
/// percentile the target asks for, the highest over the blocks that hold more than their
/// coinbase, never below the relay minimum.
#[tokio::test]
async fn the_fee_rate_is_the_targets_percentile_of_recent_blocks_floored_at_the_relay_minimum() {
    use wallet_sdk::{Client, TransportRequest, TransportResponse, MIN_RELAY_FEE_RATE};
    let client = Client::builder()
        .base_url("https://wallet.example.com")
        .credential("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl")
        .transport(|request: TransportRequest| {
            let url = request.url.to_string();
            let data = if url.contains("blockchain-info") {
                r#"{"chain":"regtest","blocks":3}"#
            } else if url.ends_with("blockheight=1") {
                r#"{"height":1,"txs":3,"feeRatePercentiles":[1,2,20,60,45]}"#
            } else if url.ends_with("blockheight=2") {
                r#"{"height":2,"txs":5,"feeRatePercentiles":[1,2,30,40,50]}"#
            } else {
                // the coinbase alone: its percentiles are not a market
                r#"{"height":3,"txs":1,"feeRatePercentiles":[99,99,99,99,99]}"#
            };
            let body = format!(r#"{{"successful":true,"data":{data}}}"#);
            async move { Ok(TransportResponse::new(200, body)) }
        })
        .build()
        .unwrap();
    for (target, rate) in [(Some(1), 50), (Some(2), 60), (None, 30), (Some(6), 30), (Some(10), MIN_RELAY_FEE_RATE), (Some(100), MIN_RELAY_FEE_RATE)] {
        assert_eq!(client.estimate_fee_rate(target).await.unwrap().litoshis_per_vbyte, rate, "target {target:?}");
    }
    assert_eq!(client.estimate_fee_rate(Some(0)).await.unwrap_err().field(), Some("target_blocks"));
}
