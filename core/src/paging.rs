//! One cursor for every paged read (the operations whose description says `paged`:
//! `wallet_transactions`, `address_transaction`), following the pages as the description says
//! they are asked for.
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

use std::collections::HashSet;
use std::marker::PhantomData;

use crate::client::Client;
use crate::error::{Error, ErrorKind, Result};
use crate::models::{AddressTransactions, AddressTxEntry, WalletTransactions, WalletTx};
use crate::operations::{self as ops, Operation};
use crate::raw_json::{FromData, RawJson};
use crate::request::Args;

/// A result that is one page of a paged read: its entries, and the total when the answer
/// reports one.
pub trait Page: FromData + Send {
    /// One entry of the page.
    type Entry: Send;
    /// The page's raw JSON (to tell a page from one seen before).
    fn page_raw(&self) -> &RawJson;
    /// The entries, and the total the answer reports.
    fn into_entries(self) -> (Vec<Self::Entry>, Option<i64>);
}

impl Page for WalletTransactions {
    type Entry = WalletTx;
    fn page_raw(&self) -> &RawJson {
        self.raw()
    }
    fn into_entries(self) -> (Vec<WalletTx>, Option<i64>) {
        (self.items, None)
    }
}

impl Page for AddressTransactions {
    type Entry = AddressTxEntry;
    fn page_raw(&self) -> &RawJson {
        self.raw()
    }
    fn into_entries(self) -> (Vec<AddressTxEntry>, Option<i64>) {
        (self.items, self.total)
    }
}

/// Follows a paged read page after page (newest first), as its description says its pages are
/// asked for ([`Operation::paging`]); call [`next_page`](Self::next_page) until `None`.
pub struct Pages<P: Page> {
    client: Client,
    op: &'static Operation,
    /// The read's own inputs (the wallet, the address), without the position and the size.
    args: Args,
    page_size: u32,
    skip: u32,
    done: bool,
    seen: HashSet<u64>,
    page: PhantomData<fn() -> P>,
}

impl<P: Page> Clone for Pages<P> {
    fn clone(&self) -> Self {
        Pages { client: self.client.clone(), op: self.op, args: self.args.clone(), page_size: self.page_size, skip: self.skip, done: self.done, seen: self.seen.clone(), page: PhantomData }
    }
}

impl<P: Page> std::fmt::Debug for Pages<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pages").field("operation", &self.op.name).field("page_size", &self.page_size).field("skip", &self.skip).field("done", &self.done).finish()
    }
}

/// A wallet's transactions, page after page ([`Client::wallet_transactions_pages`]).
pub type WalletTransactionPages = Pages<WalletTransactions>;
/// An address's history, page after page ([`Client::address_transaction_pages`]).
pub type AddressTransactionPages = Pages<AddressTransactions>;

impl<P: Page> Pages<P> {
    fn new(client: &Client, op: &'static Operation, args: Args, page_size: u32) -> Pages<P> {
        Pages { client: client.clone(), op, args, page_size: page_size.max(1), skip: 0, done: false, seen: HashSet::new(), page: PhantomData }
    }

    /// The next page, or `None` after the last one (an empty page, or the reported total
    /// reached).
    pub async fn next_page(&mut self) -> Result<Option<Vec<P::Entry>>> {
        if self.done {
            return Ok(None);
        }
        let Some(paging) = self.op.paging else {
            return Err(Error::new(ErrorKind::InvalidInput, format!("{} is not a paged read", self.op.name)).set_operation(self.op.name));
        };
        let args = self.args.clone().put(paging.skip, self.skip).put(paging.size, self.page_size);
        let page = self.client.execute::<P>(self.op, args).await?;
        let fingerprint = fingerprint(page.page_raw().member("items").unwrap_or("null"));
        let (entries, total) = page.into_entries();
        if entries.is_empty() {
            self.done = true;
            return Ok(None);
        }
        self.skip = check_progress(&mut self.seen, fingerprint, self.op.name, self.skip, entries.len())?;
        if paging.reports_total && total.is_some_and(|t| i64::from(self.skip) >= t) {
            self.done = true;
        }
        Ok(Some(entries))
    }

    /// Every remaining entry (fetches all pages).
    pub async fn collect_all(mut self) -> Result<Vec<P::Entry>> {
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
fn check_progress(seen: &mut HashSet<u64>, fingerprint: u64, op: &'static str, skip: u32, entries: usize) -> Result<u32> {
    let fail = |why: String| Err(Error::new(ErrorKind::ServiceError, format!("{op} failed: {why}")).set_operation(op));
    if !seen.insert(fingerprint) {
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
        Pages::new(self, &ops::WALLET_TRANSACTIONS, Args::new().put("wallet_name", wallet_name), page_size)
    }

    /// A cursor over an address's history, newest first, one page of `page_size` entries
    /// (1..=500; [`DEFAULT_PAGE_SIZE`] by default in the other languages) per request.
    pub fn address_transaction_pages(&self, address: &str, page_size: u32) -> AddressTransactionPages {
        Pages::new(self, &ops::ADDRESS_TRANSACTION, Args::new().put("address", address), page_size)
    }
}
