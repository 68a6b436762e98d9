//! Reading the wallet's listing, newest first, far enough to meet what the cursor remembers.

use std::collections::HashSet;


use crate::client::Client;
use crate::error::{Error, ErrorKind, Result};
use crate::methods::WalletTransactionsOptions;

use super::*;

/// A poll's view of the wallet's list: entries newest first, each once.
pub(super) struct Listing {
    pub(super) entries: Vec<Entry>,
    /// The list was read to its end (an empty page).
    pub(super) reached_end: bool,
}

/// How many times a scan starts over when the list moved by more than a page under it.
pub(super) const MAX_RESTARTS: u32 = 3;

/// Reads the wallet's list from the newest entry, pages overlapping by one entry: each page
/// must contain the last entry of the page before (entries only ever move down, as new ones
/// arrive on top); when it does not, the scan starts over. Stops when `enough` says so, at the
/// end of the list, or after [`MAX_SCAN_ENTRIES`] entries.
pub(super) async fn scan(client: &Client, wallet_name: &str, page_size: u32, mut enough: impl FnMut(&[Entry]) -> bool) -> Result<Listing> {
    let page_size = page_size.clamp(1, 500);
    let max_requests = (MAX_SCAN_ENTRIES / page_size.max(2) + 4) * (MAX_RESTARTS + 1) * 2;
    let mut requests = 0;
    let mut restarts = 0;
    'scan: loop {
        let mut entries: Vec<Entry> = Vec::new();
        let mut keys: HashSet<u64> = HashSet::new();
        let mut skip: u32 = 0;
        let mut last: Option<u64> = None;
        loop {
            if enough(&entries) || entries.len() >= MAX_SCAN_ENTRIES as usize {
                return Ok(Listing { entries, reached_end: false });
            }
            requests += 1;
            if requests > max_requests {
                return Ok(Listing { entries, reached_end: false });
            }
            let page = client
                .wallet_transactions(wallet_name, WalletTransactionsOptions { skip: Some(skip), count: Some(page_size) })
                .await?;
            let items: Vec<Entry> = page.items.into_iter().map(Entry::from_tx).collect();
            if items.is_empty() {
                return Ok(Listing { entries, reached_end: true });
            }
            let start = match last {
                None => 0,
                Some(k) => match items.iter().position(|e| e.key == k) {
                    Some(j) => j + 1,
                    None => {
                        restarts += 1;
                        if restarts > MAX_RESTARTS {
                            return Err(Error::new(
                                ErrorKind::ServiceError,
                                format!(
                                    "watch_wallet failed: the wallet's transaction list moved by more than a page \
                                     between two requests {MAX_RESTARTS} times in a row"
                                ),
                            )
                            .set_operation(crate::operations::WALLET_TRANSACTIONS.name));
                        }
                        continue 'scan;
                    }
                },
            };
            if start >= items.len() {
                if items.len() == 1 {
                    return Ok(Listing { entries, reached_end: true });
                }
                // the page ended at the entry we knew: ask again from there
                skip = skip.saturating_add(u32::try_from(start - 1).unwrap_or(u32::MAX));
                continue;
            }
            let n = items.len();
            last = Some(items[n - 1].key);
            for e in items.into_iter().skip(start) {
                if keys.insert(e.key) {
                    entries.push(e);
                }
            }
            skip = skip.saturating_add(u32::try_from(n - 1).unwrap_or(u32::MAX).max(1));
        }
    }
}
