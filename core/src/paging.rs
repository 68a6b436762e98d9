//! Page cursors for the paged reads (`wallet_transactions`, `address_transaction`).
//!
//! A page shorter than asked for does not end the iteration: a service may cap its page size
//! below the caller's. Only an empty page, or reaching the reported `total`, ends it. A service
//! that ignores `skip`, or answers a page seen before (two pages in turn), is an error, never an
//! endless loop; so is a position past [`MAX_PAGED_ENTRIES`], and `collect_all` holds at most
//! that many entries.

/// The page size every language's pagers use when the caller gives none (Rust callers pass it:
/// `client.wallet_transactions_pages(wallet, DEFAULT_PAGE_SIZE)`). The service's own default is
/// 25 and its maximum 500; 100 takes a quarter of the requests of 25 for a long history.
pub const DEFAULT_PAGE_SIZE: u32 = 100;

/// The most entries a pager follows (and `collect_all` collects): a hostile or broken service
/// cannot keep a pager going, or its memory growing, past it.
pub const MAX_PAGED_ENTRIES: u32 = 1_000_000;

use crate::client::Client;
use crate::error::{Error, ErrorKind, Result};
use crate::methods::{AddressTransactionOptions, WalletTransactionsOptions};
use crate::models::{AddressTxEntry, WalletTx};
use crate::raw_json::RawJson;
use std::collections::HashSet;

/// Fetches a wallet's transactions page after page (newest first). Create it with
/// [`Client::wallet_transactions_pages`]; call [`next_page`](Self::next_page) until `None`.
#[derive(Clone, Debug)]
pub struct WalletTransactionPages {
    client: Client,
    wallet_name: String,
    page_size: u32,
    skip: u32,
    done: bool,
    seen: HashSet<u64>,
}

impl WalletTransactionPages {
    /// The next page, or `None` after the last one (an empty page).
    pub async fn next_page(&mut self) -> Result<Option<Vec<WalletTx>>> {
        if self.done {
            return Ok(None);
        }
        let page = self
            .client
            .wallet_transactions(
                &self.wallet_name,
                WalletTransactionsOptions { skip: Some(self.skip), count: Some(self.page_size) },
            )
            .await?;
        if page.items.is_empty() {
            self.done = true;
            return Ok(None);
        }
        self.skip = check_progress(&mut self.seen, page.raw(), "wallet_transactions", self.skip, page.items.len())?;
        Ok(Some(page.items))
    }

    /// Every remaining entry (fetches all pages).
    pub async fn collect_all(mut self) -> Result<Vec<WalletTx>> {
        let mut all = Vec::new();
        while let Some(p) = self.next_page().await? {
            // bounded by next_page: the position never passes MAX_PAGED_ENTRIES
            all.extend(p);
        }
        Ok(all)
    }
}

/// Fetches an address's history page after page (newest first). Create it with
/// [`Client::address_transaction_pages`].
#[derive(Clone, Debug)]
pub struct AddressTransactionPages {
    client: Client,
    address: String,
    page_size: u32,
    skip: u32,
    done: bool,
    seen: HashSet<u64>,
}

impl AddressTransactionPages {
    /// The next page, or `None` after the last one.
    pub async fn next_page(&mut self) -> Result<Option<Vec<AddressTxEntry>>> {
        if self.done {
            return Ok(None);
        }
        let page = self
            .client
            .address_transaction(&self.address, AddressTransactionOptions { take: Some(self.page_size), skip: Some(self.skip) })
            .await?;
        if page.items.is_empty() {
            self.done = true;
            return Ok(None);
        }
        self.skip = check_progress(&mut self.seen, page.raw(), "address_transaction", self.skip, page.items.len())?;
        if page.total.is_some_and(|t| i64::from(self.skip) >= t) {
            self.done = true;
        }
        Ok(Some(page.items))
    }

    /// Every remaining entry (fetches all pages).
    pub async fn collect_all(mut self) -> Result<Vec<AddressTxEntry>> {
        let mut all = Vec::new();
        while let Some(p) = self.next_page().await? {
            // bounded by next_page: the position never passes MAX_PAGED_ENTRIES
            all.extend(p);
        }
        Ok(all)
    }
}

/// The position after this page; fails when the page repeats one seen before (the service
/// ignores `skip`, or answers pages in turn), or when the position would pass
/// [`MAX_PAGED_ENTRIES`].
fn check_progress(seen: &mut HashSet<u64>, raw: &RawJson, op: &'static str, skip: u32, entries: usize) -> Result<u32> {
    let fail = |why: String| Err(Error::new(ErrorKind::ServiceError, format!("{op} failed: {why}")).set_operation(op));
    if !seen.insert(fingerprint(raw.member("items").unwrap_or("null"))) {
        return fail(format!(
            "the service answered skip={skip} with the same entries as an earlier page; it seems to ignore `skip`, so the \
             pages were not followed further"
        ));
    }
    match u32::try_from(entries).ok().and_then(|n| skip.checked_add(n)).filter(|next| *next <= MAX_PAGED_ENTRIES) {
        Some(next) => Ok(next),
        None => fail(format!(
            "the pages go past {MAX_PAGED_ENTRIES} entries, the most a pager follows; read further pages with skip yourself"
        )),
    }
}

/// A hash of a JSON text.
fn fingerprint(json: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    json.hash(&mut h);
    h.finish()
}

impl Client {
    /// A cursor over the wallet's transactions, newest first, one page of `page_size` entries
    /// (1..=500; [`DEFAULT_PAGE_SIZE`] is what the other languages use by default) per request.
    pub fn wallet_transactions_pages(&self, wallet_name: &str, page_size: u32) -> WalletTransactionPages {
        WalletTransactionPages { client: self.clone(), wallet_name: wallet_name.to_string(), page_size: page_size.max(1), skip: 0, done: false, seen: HashSet::new() }
    }

    /// A cursor over an address's history, newest first, one page of `page_size` entries
    /// (1..=500; [`DEFAULT_PAGE_SIZE`] by default in the other languages) per request.
    pub fn address_transaction_pages(&self, address: &str, page_size: u32) -> AddressTransactionPages {
        AddressTransactionPages { client: self.clone(), address: address.to_string(), page_size: page_size.max(1), skip: 0, done: false, seen: HashSet::new() }
    }
}
