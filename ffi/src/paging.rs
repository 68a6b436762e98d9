//! Paged reads: one pager object per paged read (generated from the description by
//! `for_each_paged_read!`), handing out the core's pages one at a time (the core checks that the
//! pages advance). The Kotlin `Flow` and the Swift `AsyncThrowingStream` of pages over each pager
//! are generated with the bindings (`ffi/scripts/gen-pages.py`).

use std::sync::Arc;

use tokio::sync::Mutex;

use crate::client::{exported_types, guarded, unsigned, CoreArg, WalletClient};
use crate::error::WalletError;
use crate::*;

macro_rules! declare_pager {
    ({$name:ident $camel:ident $const:ident $ret:ident $entry:ident [$pages:ident $cursor:ident $pager:ident] [$($paging:ident)*] ($($arg:ident : $ty:ident),*)}) => {
        /// The pages of a paged read, one request per page, newest first (its `Flow` or
        /// `AsyncThrowingStream` of pages is the client's method of the constructor's name).
        #[derive(uniffi::Object)]
        pub struct $pager {
            pages: Arc<Mutex<wallet_sdk::$cursor>>,
            token: Option<Arc<CancelToken>>,
        }

        #[uniffi::export]
        impl $pager {
            /// A pager of `page_size` entries per request (1 to 500); the client's cancel token
            /// cancels its requests too.
            #[uniffi::constructor]
            pub fn $pages(client: Arc<WalletClient>, $($arg: exported_types::$ty,)* page_size: i32) -> Result<Arc<Self>, WalletError> {
                let page_size = unsigned("page_size", page_size)?;
                let pages = client.core().$pages($(CoreArg::core_arg(&$arg, stringify!($arg))?,)* page_size);
                Ok(Arc::new($pager { pages: Arc::new(Mutex::new(pages)), token: client.token() }))
            }

            /// The next page (newest entries first), or `null`/`nil` after the last one.
            pub async fn next_page(&self) -> Result<Option<Vec<$entry>>, WalletError> {
                let pages = self.pages.clone();
                guarded(async move { pages.lock().await.next_page().await }, self.token.clone(), Some(wallet_sdk::operations::$const.name)).await
            }
        }
    };
}

wallet_sdk::for_each_paged_read!(declare_pager);

/// The page size of the pagers when none is given: 100, the same in every language.
#[uniffi::export]
pub fn default_page_size() -> u32 {
    wallet_sdk::DEFAULT_PAGE_SIZE
}
