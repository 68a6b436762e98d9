//! Page cursors for the paged reads (`wallet_transactions`, `address_transaction`).

use crate::client::Client;
use crate::error::Result;
use crate::methods::{AddressTransactionOptions, WalletTransactionsOptions};
use crate::models::{AddressTxEntry, WalletTx};

/// Fetches a wallet's transactions page after page (newest first). Create it with
/// [`Client::wallet_transactions_pages`]; call [`next_page`](Self::next_page) until `None`.
#[derive(Clone, Debug)]
pub struct WalletTransactionPages {
    client: Client,
    wallet_name: String,
    page_size: u32,
    skip: u32,
    done: bool,
}

impl WalletTransactionPages {
    /// The next page, or `None` after the last one. A short page ends the iteration.
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
        let n = page.items.len() as u32;
        self.skip += n;
        if n < self.page_size {
            self.done = true;
        }
        if n == 0 {
            return Ok(None);
        }
        Ok(Some(page.items))
    }

    /// Every remaining entry (fetches all pages).
    pub async fn collect_all(mut self) -> Result<Vec<WalletTx>> {
        let mut all = Vec::new();
        while let Some(p) = self.next_page().await? {
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
        let n = page.items.len() as u32;
        self.skip += n;
        let total_reached = page.total.is_some_and(|t| i64::from(self.skip) >= t);
        if n < self.page_size || total_reached {
            self.done = true;
        }
        if n == 0 {
            return Ok(None);
        }
        Ok(Some(page.items))
    }

    /// Every remaining entry (fetches all pages).
    pub async fn collect_all(mut self) -> Result<Vec<AddressTxEntry>> {
        let mut all = Vec::new();
        while let Some(p) = self.next_page().await? {
            all.extend(p);
        }
        Ok(all)
    }
}

impl Client {
    /// A cursor over the wallet's transactions, `page_size` entries per request (1..=500).
    pub fn wallet_transactions_pages(&self, wallet_name: &str, page_size: u32) -> WalletTransactionPages {
        WalletTransactionPages { client: self.clone(), wallet_name: wallet_name.to_string(), page_size: page_size.max(1), skip: 0, done: false }
    }

    /// A cursor over an address's history, `page_size` entries per request (1..=500).
    pub fn address_transaction_pages(&self, address: &str, page_size: u32) -> AddressTransactionPages {
        AddressTransactionPages { client: self.clone(), address: address.to_string(), page_size: page_size.max(1), skip: 0, done: false }
    }
}
