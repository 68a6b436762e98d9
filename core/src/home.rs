//! Signing at home, the client's part: the prevouts of a transaction read from the chain
//! ([`Client::prevouts_for`]), the review of a build against the caller's intent
//! ([`Client::review_transaction`]) and a fee rate from recent blocks
//! ([`Client::estimate_fee_rate`]). The signing itself is offline
//! ([`crate::offline::sign_transaction_locally`]).

use crate::client::Client;
use crate::error::{Error, ErrorKind, Result};
use crate::offline::{self, Prevout, TransactionIntent, TransactionReview};

/// The most inputs a transaction may have to be reviewed: each costs a read of its prevout.
pub const MAX_REVIEWED_INPUTS: usize = 500;

/// The relay minimum of Litecoin Core, in litoshis per virtual byte: the floor of
/// [`Client::estimate_fee_rate`].
pub const MIN_RELAY_FEE_RATE: u64 = 10;

/// The blocks [`Client::estimate_fee_rate`] reads, back from the tip.
const FEE_WINDOW: u32 = 6;

/// A fee rate, in litoshis per virtual byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct FeeRate {
    /// Litoshis per virtual byte.
    pub litoshis_per_vbyte: u64,
}

impl Client {
    /// The output each input of `unsigned_hex` spends, read from the chain with
    /// `get_utxo_details` (its value and script): what [`offline::sign_transaction_locally`] and
    /// [`Client::review_transaction`] need, never taken from the service's build.
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) on `unsigned_hex`;
    /// [`TransactionMismatch`](ErrorKind::TransactionMismatch) when an input spends an output
    /// that is not unspent, or there are more than [`MAX_REVIEWED_INPUTS`]; the errors of
    /// `get_utxo_details`.
    pub async fn prevouts_for(&self, unsigned_hex: &str) -> Result<Vec<Prevout>> {
        let tx = offline::decode_transaction(unsigned_hex, "unsigned_hex")?;
        if tx.input.len() > MAX_REVIEWED_INPUTS {
            return Err(mismatch(format!("it has {} inputs, more than the {MAX_REVIEWED_INPUTS} a review reads", tx.input.len())));
        }
        let mut prevouts = Vec::with_capacity(tx.input.len());
        for (index, input) in tx.input.iter().enumerate() {
            let (txid, vout) = (input.previous_output.txid.to_string(), input.previous_output.vout);
            let utxo = match self.get_utxo_details(&txid, vout).await {
                Ok(utxo) => utxo,
                Err(e) if e.kind() == ErrorKind::NotFound => {
                    return Err(mismatch(format!("input {index} spends {txid}:{vout}, which is not an unspent output")));
                }
                Err(e) => return Err(e),
            };
            let (Some(amount), Some(script_pubkey)) = (utxo.value, utxo.script_pub_key_hex) else {
                return Err(Error::new(ErrorKind::Decode, format!("get_utxo_details gave no value or script for {txid}:{vout}")));
            };
            prevouts.push(Prevout { txid, vout, amount, script_pubkey, redeem_script: None });
        }
        Ok(prevouts)
    }

    /// Checks `unsigned_hex` against `intent` before anything signs it
    /// ([`offline::review_transaction`]), with its inputs read from the chain
    /// ([`Client::prevouts_for`]) and the chain's height (a lock time past the next block is
    /// refused).
    ///
    /// # Errors
    /// [`TransactionMismatch`](ErrorKind::TransactionMismatch) naming the first mismatch;
    /// [`InvalidInput`](ErrorKind::InvalidInput) on the review's own inputs; the errors of the
    /// reads.
    pub async fn review_transaction(&self, unsigned_hex: &str, intent: &TransactionIntent) -> Result<TransactionReview> {
        let prevouts = self.prevouts_for(unsigned_hex).await?;
        let tip = self.blockchain_info().await?.blocks.and_then(|h| u32::try_from(h).ok());
        offline::review_transaction(unsigned_hex, intent, &prevouts, tip)
    }

    /// A fee rate for a transaction to confirm within about `target_blocks` blocks (default 6),
    /// from the fee-rate percentiles of the last 6 blocks (`block_stat`): the 90th percentile for
    /// the next block, the 75th for 2, the median for 3 to 6, the 25th for 7 to 24 and the 10th
    /// beyond, the highest of the blocks that hold more than their coinbase; never below the
    /// relay minimum ([`MIN_RELAY_FEE_RATE`], 10 litoshis per vbyte), which is also the answer
    /// when the recent blocks are empty.
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) on `target_blocks` 0; the errors of
    /// `blockchain_info` and `block_stat`.
    pub async fn estimate_fee_rate(&self, target_blocks: Option<u32>) -> Result<FeeRate> {
        let target = target_blocks.unwrap_or(6);
        let percentile = match target {
            0 => return Err(Error::invalid_input("target_blocks", "must be at least 1")),
            1 => 4,
            2 => 3,
            3..=6 => 2,
            7..=24 => 1,
            _ => 0,
        };
        let tip = self.blockchain_info().await?.blocks.unwrap_or(0).max(0);
        let mut rate = MIN_RELAY_FEE_RATE;
        for height in (tip - i64::from(FEE_WINDOW) + 1).max(1)..=tip {
            let stats = self.block_stat(&height.to_string()).await?;
            if stats.txs.unwrap_or(0) > 1 {
                if let Some(r) = stats.fee_rate_percentiles.get(percentile).and_then(|r| u64::try_from(*r).ok()) {
                    rate = rate.max(r);
                }
            }
        }
        Ok(FeeRate { litoshis_per_vbyte: rate })
    }
}

fn mismatch(why: String) -> Error {
    Error::new(ErrorKind::TransactionMismatch, format!("the transaction does not match what was asked for: {why}; nothing was signed"))
}
