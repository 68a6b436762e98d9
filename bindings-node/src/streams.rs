//! What follows pages and events: a pager per paged read (generated from the description by
//! `wallet_sdk::for_each_paged_read!`, as `<method>Pages`), the wallet's event stream
//! (`watchWallet`) and `waitForPayment`. Each `next…` answers `{ok}` or `{error}`; `{ok: null}`
//! after the last page. The core keeps the pages advancing and the cursors signed.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use napi_derive::napi;
use serde_json::{json, Value};
use tokio::sync::Mutex;
use wallet_sdk::fields::ToField;
use wallet_sdk::{Error, Page, Pages, WaitForPaymentOptions, WalletEvents, WatchOptions};

use crate::client::{read, Cancels, NativeClient};
use crate::values;

type NextPage<'a> = Pin<Box<dyn Future<Output = wallet_sdk::Result<Option<Vec<Value>>>> + Send + 'a>>;

/// The pages of any paged read.
trait PageSource: Send {
    fn next(&mut self) -> NextPage<'_>;
}

impl<P: Page + 'static> PageSource for Pages<P>
where
    P::Entry: ToField + Send,
{
    fn next(&mut self) -> NextPage<'_> {
        Box::pin(async move { Ok(self.next_page().await?.map(|page| page.into_iter().map(|e| values::value(e.into_field())).collect())) })
    }
}

/// The pages of a paged read, newest first (the package's async iterator of pages).
#[napi]
pub struct NativePages {
    source: Arc<Mutex<Box<dyn PageSource>>>,
    cancels: Cancels,
}

#[napi]
impl NativePages {
    /// The next page's entries, or `null` after the last page; `{aborted}` once
    /// `client.cancel(cancelId)` came.
    #[napi]
    pub async fn next(&self, cancel_id: Option<u32>) -> Value {
        let source = self.source.clone();
        read(&self.cancels, cancel_id, async move {
            let mut source = source.lock().await;
            values::outcome(source.next().await, |page| page.map_or(Value::Null, Value::Array))
        })
        .await
    }
}

macro_rules! declare_node_pager {
    ({$name:ident $camel:ident $const:ident $ret:ident $entry:ident [$pages:ident $cursor:ident $pager:ident] [$($paging:ident)*] ($($arg:ident : $ty:ident),*)}) => {
        #[napi]
        impl NativeClient {
            /// The pages of this paged read, `pageSize` entries per request (1 to 500).
            #[napi]
            pub fn $pages(&self, $($arg: String,)* page_size: u32) -> NativePages {
                let pages = self.core().$pages($(&$arg,)* page_size);
                NativePages { source: Arc::new(Mutex::new(Box::new(pages))), cancels: self.cancels() }
            }
        }
    };
}
wallet_sdk::for_each_paged_read!(declare_node_pager);

/// A wallet's events as they happen (the package's async iterator of events).
#[napi]
pub struct NativeEvents {
    events: Arc<Mutex<WalletEvents>>,
    cancels: Cancels,
}

fn event(e: wallet_sdk::WalletEvent) -> Value {
    json!({
        "$type": "WalletEvent", "kind": e.kind.as_str(), "txid": e.txid, "address": e.address,
        "amount": { "$amount": e.amount.litoshis().to_string() }, "confirmations": e.confirmations, "cursor": e.cursor,
    })
}

#[napi]
impl NativeEvents {
    /// The next event (waiting for one), or `{error}`: a stream's error ends it; `{aborted}`
    /// once `client.cancel(cancelId)` came.
    #[napi]
    pub async fn next(&self, cancel_id: Option<u32>) -> Value {
        let events = self.events.clone();
        read(&self.cancels, cancel_id, async move {
            let mut events = events.lock().await;
            match events.next().await {
                Some(r) => values::outcome(r, event),
                None => json!({ "ok": null }),
            }
        })
        .await
    }
}

/// A whole number of milliseconds of an options object.
fn millis(options: &Value, name: &str, field: &str) -> Result<Option<Duration>, Error> {
    match options.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().map(|ms| Some(Duration::from_millis(ms))).ok_or_else(|| Error::invalid_input(field, "must be a whole number of milliseconds")),
    }
}

fn count(options: &Value, name: &str, field: &str) -> Result<Option<u32>, Error> {
    match options.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().and_then(|n| u32::try_from(n).ok()).map(Some).ok_or_else(|| Error::invalid_input(field, "must be a whole number")),
    }
}

#[napi]
impl NativeClient {
    /// The events of `walletName`: `options` `{cursor, pollIntervalMs, confirmations, pageSize,
    /// history}`. `{ok: events}` or `{error}` (a bad option).
    #[napi]
    pub fn watch_wallet(&self, wallet_name: String, options: Option<Value>) -> napi::Result<NativeEvents> {
        let options = options.unwrap_or(Value::Null);
        let build = || -> Result<WatchOptions, Error> {
            let mut o = WatchOptions { cursor: options.get("cursor").and_then(Value::as_str).map(str::to_string), ..WatchOptions::default() };
            if let Some(d) = millis(&options, "pollIntervalMs", "poll_interval")? {
                o.poll_interval = d;
            }
            if let Some(n) = count(&options, "confirmations", "confirmations")? {
                o.confirmations = n;
            }
            if let Some(n) = count(&options, "pageSize", "page_size")? {
                o.page_size = n;
            }
            if let Some(n) = count(&options, "history", "history")? {
                o.history = n;
            }
            Ok(o)
        };
        match build() {
            Ok(o) => Ok(NativeEvents { events: Arc::new(Mutex::new(self.core().watch_wallet(&wallet_name, o))), cancels: self.cancels() }),
            Err(e) => Err(napi::Error::from_reason(format!("wallet-sdk-error:{}", values::error(&e)))),
        }
    }

    /// Waits for `amount` (LTC text) to `address` of `walletName`: `options` `{confirmations,
    /// timeoutMs, pollIntervalMs, pageSize}`; `{ok: payment}` or `{error}`.
    #[napi]
    pub async fn wait_for_payment(&self, wallet_name: String, address: String, amount: String, options: Option<Value>, cancel_id: Option<u32>) -> Value {
        let options = options.unwrap_or(Value::Null);
        let run = async {
            let mut o = WaitForPaymentOptions { timeout: millis(&options, "timeoutMs", "timeout")?, ..WaitForPaymentOptions::default() };
            if let Some(n) = count(&options, "confirmations", "confirmations")? {
                o.confirmations = n;
            }
            if let Some(d) = millis(&options, "pollIntervalMs", "poll_interval")? {
                o.poll_interval = d;
            }
            if let Some(n) = count(&options, "pageSize", "page_size")? {
                o.page_size = n;
            }
            let amount = wallet_sdk::Amount::from_ltc(&amount)?;
            self.core().wait_for_payment(&wallet_name, &address, amount, o).await
        };
        let answer = async {
            values::outcome(run.await, |p| {
                json!({
                    "$type": "Payment", "txids": p.txids, "received": { "$amount": p.received.litoshis().to_string() },
                    "confirmations": p.confirmations, "status": p.status.as_str(),
                })
            })
        };
        self.read(cancel_id, answer).await
    }
}
