//! Signing at home, the client's part: the prevouts of a transaction read from the chain
//! ([`Client::prevouts_for`]), the review of a build against the caller's intent
//! ([`Client::review_transaction`]) and a fee rate from recent blocks
//! ([`Client::estimate_fee_rate`]). The signing itself is offline
//! ([`crate::offline::sign_transaction_locally`]).

use crate::client::Client;
use crate::error::{Error, ErrorKind, Result};
use crate::offline::{self, FeeRate, Prevout, SentTransaction, TransactionIntent, TransactionReview};

/// The most inputs a transaction may have to be reviewed: each costs a read of its prevout.
pub const MAX_REVIEWED_INPUTS: usize = 500;

/// The relay minimum of Litecoin Core, in litoshis per virtual byte: the floor of
/// [`Client::estimate_fee_rate`].
pub const MIN_RELAY_FEE_RATE: u64 = 10;

/// The blocks [`Client::estimate_fee_rate`] reads, back from the tip.
const FEE_WINDOW: u32 = 6;

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

/// How [`Client::send_signed_locally`] builds the transaction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BuildMode {
    /// The service builds it; the review checks it. Without
    /// [`wallet_name`](SendLocallyOptions::wallet_name): `create_raw_transaction_v2` from the
    /// sender's outputs the SDK chose. With it, the wallet that holds the sender's address
    /// chooses: `create_raw_transaction`, or `create_raw_transaction_v3` with a
    /// [`service_fee`](SendLocallyOptions::service_fee).
    #[default]
    Service,
    /// The SDK builds it from the sender's unspent outputs (largest first) at the fee rate.
    Local,
}

/// The optional inputs of [`Client::send_signed_locally`].
#[derive(Clone, Debug, Default)]
pub struct SendLocallyOptions {
    /// The fee rate of a local build, in litoshis per vbyte (default:
    /// [`Client::estimate_fee_rate`] for 6 blocks). A service build uses the service's.
    pub fee_rate: Option<u64>,
    /// Where the change goes (default: back to the sender). Local builds only.
    pub change_address: Option<String>,
    /// Who builds the transaction (default: the service).
    pub build: BuildMode,
    /// The most the transaction may pay in fees (default: [`offline::FeePolicy::default`]).
    pub fee_policy: Option<offline::FeePolicy>,
    /// The service's wallet that holds the sender's address, for a service build from its
    /// coins (`create_raw_transaction`, or `_v3` with a service fee). The wallet builds; the
    /// key still never leaves the caller.
    pub wallet_name: Option<String>,
    /// An output paying exactly this amount to this address besides the recipient (a
    /// platform's fee): built by `create_raw_transaction_v3` (a service build, which needs
    /// `wallet_name`) or locally, and checked by the review like the payment itself.
    pub service_fee: Option<(String, crate::Amount)>,
}

/// Change below this is left to the miners: Litecoin's dust limit for a P2PKH output.
const DUST: i64 = 5_460;

/// The most outputs of the sender [`Client::send_signed_locally`] looks at.
const MAX_COINS: usize = 200;

impl Client {
    /// Pays `amount` from `sender_address` to `recipient_address` without a key leaving the
    /// caller: builds the transaction (by the service, or locally from the sender's unspent
    /// outputs), reviews it against exactly this payment ([`Client::review_transaction`]'s
    /// checks, inputs read from the chain), signs it locally with `keys` (WIF private keys;
    /// [`offline::sign_transaction_locally`]) and broadcasts it. Nothing is signed when the
    /// review refuses the build, and nothing is sent unless every input is signed.
    ///
    /// Exactly once: the signed transaction is its own idempotency key. The broadcast is safe to
    /// repeat (the same txid), so it is retried like a read, and a failure after signing ends as
    /// the broadcast's error: one with no usable answer (a timeout, a lost connection, the
    /// service unavailable) carries a token that `resolve` answers from the txid, in any process.
    ///
    /// # Errors
    /// [`InvalidInput`](ErrorKind::InvalidInput) on an address, `amount`, `keys` (none of them
    /// signs the sender's outputs) or an option;
    /// [`InsufficientFunds`](ErrorKind::InsufficientFunds) when the sender's unspent outputs do
    /// not cover the amount and the fee; [`TransactionMismatch`](ErrorKind::TransactionMismatch)
    /// when the build is not this payment; the errors of the reads and of the broadcast.
    pub async fn send_signed_locally<K: offline::SecretText + ?Sized + Sync>(
        &self,
        sender_address: &str,
        recipient_address: &str,
        amount: crate::Amount,
        keys: &[&K],
        options: SendLocallyOptions,
    ) -> Result<SentTransaction> {
        if amount.litoshis() <= 0 {
            return Err(Error::invalid_input("amount", "must be greater than zero"));
        }
        if options.change_address.is_some() && options.build == BuildMode::Service {
            return Err(Error::invalid_input("change_address", "a service build sends change to the sender; use build = local"));
        }
        match (&options.wallet_name, options.build) {
            (Some(_), BuildMode::Local) => return Err(Error::invalid_input("wallet_name", "only a service build uses a wallet; a local build chooses the coins itself")),
            (None, BuildMode::Service) if options.service_fee.is_some() => {
                return Err(Error::invalid_input("wallet_name", "the service builds a service fee output only from a wallet (create_raw_transaction_v3): name it, or use build = local"));
            }
            (Some(name), _) if name.is_empty() => return Err(Error::invalid_input("wallet_name", "must not be empty")),
            _ => {}
        }
        if let Some((_, fee)) = &options.service_fee {
            if fee.litoshis() <= 0 {
                return Err(Error::invalid_input("service_fee", "its amount must be greater than zero"));
            }
        }
        let intent = TransactionIntent {
            sender_address: sender_address.to_string(),
            recipients: vec![(recipient_address.to_string(), amount)],
            change_address: options.change_address.clone(),
            service_fee: options.service_fee.clone(),
            fee_policy: options.fee_policy.unwrap_or_default(),
        };
        // the intent's addresses, checked before anything is read
        offline::review_intent_addresses(&intent)?;
        let unsigned = match (options.build, &options.wallet_name) {
            (BuildMode::Service, Some(wallet)) => self.wallet_build(wallet, &intent).await?,
            (BuildMode::Service, None) => self.service_build(&intent, &self.unspent_outputs(sender_address).await?).await?,
            (BuildMode::Local, _) => {
                let coins = self.unspent_outputs(sender_address).await?;
                let rate = match options.fee_rate {
                    Some(rate) => rate,
                    None => self.estimate_fee_rate(None).await?.litoshis_per_vbyte,
                };
                offline::build_payment(&intent, &coins, rate, DUST)?
            }
        };
        // every input's prevout read from the chain again: a build may spend what the sender
        // does not own, and the review must see it as such
        let prevouts = self.prevouts_for(&unsigned).await?;
        let tip = self.blockchain_info().await?.blocks.and_then(|h| u32::try_from(h).ok());
        let review = offline::review_transaction(&unsigned, &intent, &prevouts, tip)?;
        let signed = offline::sign_transaction_locally(&unsigned, keys, &prevouts)?;
        if signed.complete != Some(true) {
            return Err(Error::invalid_input("keys", "they do not sign every input: none of them is the sender's key"));
        }
        let sent = self.broadcast_transaction(&signed.hex).await?;
        Ok(SentTransaction { txid: sent.txid, hex: signed.hex, fee: review.fee, review })
    }

    /// The unspent outputs paying `address`, from its history (`address_transaction`,
    /// `transaction_details`) and checked unspent (`get_utxo_details`), largest first.
    async fn unspent_outputs(&self, address: &str) -> Result<Vec<Prevout>> {
        let mut coins = Vec::new();
        let mut pages = self.address_transaction_pages(address, crate::DEFAULT_PAGE_SIZE);
        'pages: while let Some(page) = pages.next_page().await? {
            for entry in page {
                let (Some(txid), true) = (entry.txid, entry.received.is_some_and(|r| r.litoshis() > 0)) else { continue };
                let details = self.transaction_details(&txid).await?;
                for out in details.outputs.iter().filter(|o| o.address.as_deref() == Some(address)) {
                    let Some(vout) = out.n.and_then(|n| u32::try_from(n).ok()) else { continue };
                    match self.get_utxo_details(&txid, vout).await {
                        Ok(utxo) => {
                            if let (Some(amount), Some(script_pubkey)) = (utxo.value, utxo.script_pub_key_hex) {
                                coins.push(Prevout { txid: txid.clone(), vout, amount, script_pubkey, redeem_script: None });
                            }
                        }
                        Err(e) if e.kind() == ErrorKind::NotFound => {}
                        Err(e) => return Err(e),
                    }
                    if coins.len() == MAX_COINS {
                        break 'pages;
                    }
                }
            }
        }
        coins.sort_by_key(|c| std::cmp::Reverse(c.amount));
        Ok(coins)
    }

    /// The build of the service's wallet that holds the sender's address:
    /// `create_raw_transaction_v3` with the intent's service fee, else `create_raw_transaction`.
    async fn wallet_build(&self, wallet: &str, intent: &TransactionIntent) -> Result<String> {
        let (recipient, amount) = &intent.recipients[0];
        let raw = match &intent.service_fee {
            Some((fee_address, fee)) => self.create_raw_transaction_v3(wallet, &intent.sender_address, recipient, *amount, fee_address, *fee).await?,
            None => self.create_raw_transaction(wallet, &intent.sender_address, recipient, *amount).await?,
        };
        Ok(raw.hex)
    }

    /// The service's build (`create_raw_transaction_v2`) from the fewest largest coins that
    /// cover the amount, one more each time the service finds them short of the fee.
    async fn service_build(&self, intent: &TransactionIntent, coins: &[Prevout]) -> Result<String> {
        let (recipient, amount) = &intent.recipients[0];
        if coins.is_empty() {
            return Err(Error::new(ErrorKind::InsufficientFunds, format!("{} has no unspent output to pay with", intent.sender_address)));
        }
        let mut count = 0;
        let mut sum = 0;
        while sum <= amount.litoshis() && count < coins.len() {
            sum += coins[count].amount.litoshis();
            count += 1;
        }
        loop {
            let used = &coins[..count];
            let txids = used.iter().map(|c| c.txid.clone()).collect();
            let vouts = used.iter().map(|c| c.vout).collect();
            match self.create_raw_transaction_v2(&intent.sender_address, recipient, *amount, txids, vouts).await {
                Ok(raw) => return Ok(raw.hex),
                Err(e) if e.kind() == ErrorKind::InsufficientFunds && count < coins.len() => count += 1,
                Err(e) => return Err(e),
            }
        }
    }
}
