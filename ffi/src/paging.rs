//! Paged reads: [`WalletTransactionPager`] and [`AddressTransactionPager`] hand out the core's
//! pages one at a time (the core checks that the pages advance). The Kotlin `Flow` and the Swift
//! `AsyncThrowingStream` over entries (`walletTransactionsPages`, `addressTransactionPages`) are
//! built on them in the hand-written extensions.

use std::sync::Arc;

use tokio::sync::Mutex;

use crate::client::{guarded, unsigned, WalletClient};
use crate::error::WalletError;
use crate::{CancelToken, AddressTxEntry, WalletTx};

macro_rules! pager {
    ($(#[$m:meta])* $name:ident, $core:ty, $item:ty, $operation:ident) => {
        $(#[$m])*
        #[derive(uniffi::Object)]
        pub struct $name {
            pages: Arc<Mutex<$core>>,
            token: Option<Arc<CancelToken>>,
        }

        #[uniffi::export]
        impl $name {
            /// The next page (newest entries first), or `null`/`nil` after the last one.
            pub async fn next_page(&self) -> Result<Option<Vec<$item>>, WalletError> {
                let pages = self.pages.clone();
                guarded(async move { pages.lock().await.next_page().await }, self.token.clone(), Some(wallet_sdk::operations::$operation.name)).await
            }
        }

        impl $name {
            pub(crate) fn new(pages: $core, token: Option<Arc<CancelToken>>) -> Arc<$name> {
                Arc::new($name { pages: Arc::new(Mutex::new(pages)), token })
            }
        }
    };
}

pager!(
    /// A wallet's transactions, page after page (`WalletClient.walletTransactionsPager`).
    WalletTransactionPager, wallet_sdk::WalletTransactionPages, WalletTx, WALLET_TRANSACTIONS
);
pager!(
    /// An address's history, page after page (`WalletClient.addressTransactionPager`).
    AddressTransactionPager, wallet_sdk::AddressTransactionPages, AddressTxEntry, ADDRESS_TRANSACTION
);

/// The page size of the pagers when none is given (`walletTransactionsPages`,
/// `addressTransactionPages`): 100, the same in every language.
#[uniffi::export]
pub fn default_page_size() -> u32 {
    wallet_sdk::DEFAULT_PAGE_SIZE
}

#[uniffi::export]
impl WalletClient {
    /// The wallet's transactions in pages of `page_size` (1 to 500), newest first.
    pub fn wallet_transactions_pager(&self, wallet_name: String, page_size: i32) -> Result<Arc<WalletTransactionPager>, WalletError> {
        let page_size = unsigned("page_size", page_size)?;
        Ok(WalletTransactionPager::new(self.core().wallet_transactions_pages(&wallet_name, page_size), self.token()))
    }

    /// The address's history in pages of `page_size` (1 to 500), newest first.
    pub fn address_transaction_pager(&self, address: String, page_size: i32) -> Result<Arc<AddressTransactionPager>, WalletError> {
        let page_size = unsigned("page_size", page_size)?;
        Ok(AddressTransactionPager::new(self.core().address_transaction_pages(&address, page_size), self.token()))
    }
}
