//! Waiting for a payment to an address, and the blocking forms of the stream and the wait.

use std::time::Duration;


use crate::amount::Amount;
use crate::client::Client;
use crate::error::{Error, Result};

use super::*;

/// Options of [`Client::wait_for_payment`].
#[derive(Clone, Debug)]
pub struct WaitForPaymentOptions {
    /// Confirmations a payment needs to count (default 1; 0 counts mempool payments).
    pub confirmations: u32,
    /// How long to wait; `None` waits until paid. At the timeout the answer is `underpaid`
    /// (not an error) when less arrived.
    pub timeout: Option<Duration>,
    /// The pause between two polls (default 2 s).
    pub poll_interval: Duration,
    /// Entries per `wallet_transactions` request (default 100, 1..=500).
    pub page_size: u32,
}

impl Default for WaitForPaymentOptions {
    fn default() -> Self {
        WaitForPaymentOptions { confirmations: 1, timeout: None, poll_interval: Duration::from_secs(2), page_size: 100 }
    }
}

/// Sums the payments to `address` with at least `confirmations` in a listing.
pub(super) fn tally(entries: &[Entry], address: &str, confirmations: i32) -> (Vec<String>, i64, i64) {
    let mut txids = Vec::new();
    let mut total: i64 = 0;
    let mut fewest: Option<i64> = None;
    for e in entries.iter().rev() {
        let c = e.confirmations();
        if e.class != Class::Receive || e.tx.address.as_deref() != Some(address) || c < confirmations || c < 0 || e.tx.abandoned == Some(true) {
            continue;
        }
        let amount = e.tx.amount.map(Amount::litoshis).unwrap_or(0).max(0);
        total = total.saturating_add(amount);
        fewest = Some(fewest.map_or(i64::from(c), |f| f.min(i64::from(c))));
        if let Some(t) = &e.tx.txid {
            if !txids.contains(t) {
                txids.push(t.clone());
            }
        }
    }
    (txids, total, fewest.unwrap_or(0))
}

impl Client {
    /// Watches a wallet: a stream of [`WalletEvent`]s (see the [module docs](crate::events)).
    ///
    /// Polls `wallet_transactions` every [`WatchOptions::poll_interval`], newest first, reading
    /// down to where the cursor left off (at most [`MAX_SCAN_ENTRIES`] entries a poll). Without a
    /// cursor the newest [`WatchOptions::history`] entries already in the wallet are reported
    /// first. Options and the cursor are checked on the first [`WalletEvents::next`].
    pub fn watch_wallet(&self, wallet_name: &str, options: WatchOptions) -> WalletEvents {
        WalletEvents::new(self.clone(), wallet_name, options)
    }

    /// Waits until the payments to `address` (a receiving address of the wallet) with the
    /// confirmations asked for add up to `amount`: `paid` when they are exactly `amount`,
    /// `overpaid` when more; at the timeout, `underpaid` with what arrived. Payments made before
    /// the call count too (every entry of the wallet's list is read, at most
    /// [`MAX_SCAN_ENTRIES`]); replaced and abandoned ones do not.
    pub async fn wait_for_payment(&self, wallet_name: &str, address: &str, amount: Amount, options: WaitForPaymentOptions) -> Result<Payment> {
        if wallet_name.is_empty() {
            return Err(Error::invalid_input("wallet_name", "must not be empty"));
        }
        if address.is_empty() {
            return Err(Error::invalid_input("address", "must not be empty"));
        }
        if !amount.is_positive() {
            return Err(Error::invalid_input("amount", "must be greater than zero"));
        }
        if options.page_size == 0 || options.page_size > 500 {
            return Err(Error::invalid_input("page_size", "must be from 1 to 500"));
        }
        let confirmations = i32::try_from(options.confirmations).unwrap_or(i32::MAX);
        let deadline = options.timeout.map(|t| tokio::time::Instant::now() + t);
        loop {
            let listing = scan(self, wallet_name, options.page_size, |_| false).await?;
            let (txids, total, fewest) = tally(&listing.entries, address, confirmations);
            let payment = |status| Payment { txids: txids.clone(), received: Amount::from_litoshis(total), confirmations: fewest, status };
            if total >= amount.litoshis() {
                return Ok(payment(if total == amount.litoshis() { PaymentStatus::Paid } else { PaymentStatus::Overpaid }));
            }
            let pause = match deadline {
                Some(d) => {
                    let now = tokio::time::Instant::now();
                    if now >= d {
                        return Ok(payment(PaymentStatus::Underpaid));
                    }
                    options.poll_interval.min(d - now)
                }
                None => options.poll_interval,
            };
            tokio::time::sleep(pause).await;
        }
    }
}

/// The blocking form of [`WalletEvents`]: an endless iterator (see
/// [`crate::blocking::Client::watch_wallet`]).
#[derive(Debug)]
pub struct BlockingWalletEvents {
    pub(super) client: crate::blocking::Client,
    pub(super) events: WalletEvents,
}

impl BlockingWalletEvents {
    /// The cursor of the last event returned; see [`WalletEvents::cursor`].
    pub fn cursor(&self) -> Option<&str> {
        self.events.cursor()
    }
}

impl Iterator for BlockingWalletEvents {
    type Item = Result<WalletEvent>;
    fn next(&mut self) -> Option<Self::Item> {
        let events = &mut self.events;
        match self.client.run(|_| async move { Ok(events.next().await) }) {
            Ok(item) => item,
            Err(e) => Some(Err(e)),
        }
    }
}

impl crate::blocking::Client {
    /// Watches a wallet: the blocking form of [`crate::Client::watch_wallet`], an iterator that
    /// waits (on the client's own runtime) for each event.
    pub fn watch_wallet(&self, wallet_name: &str, options: WatchOptions) -> BlockingWalletEvents {
        BlockingWalletEvents { client: self.clone(), events: self.async_client().watch_wallet(wallet_name, options) }
    }

    /// Waits for a payment: the blocking form of [`crate::Client::wait_for_payment`].
    pub fn wait_for_payment(&self, wallet_name: &str, address: &str, amount: Amount, options: WaitForPaymentOptions) -> Result<Payment> {
        self.run(|c| async move { c.wait_for_payment(wallet_name, address, amount, options).await })
    }
}
