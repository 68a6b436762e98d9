//! One cursor for every paged read (the operations whose description says `paged`), following
//! the pages as the description says they are asked for. The cursor types and the clients'
//! methods are generated from the description (`for_each_paged_read!`).
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
use crate::methods::input_type;
use crate::models::*;
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

/// A `total` in the answer, when the description says the answer reports one.
macro_rules! reported_total {
    ($page:ident total) => { $page.total };
    ($page:ident) => { None };
}

/// For each paged read: its result as a [`Page`], its cursor type and the client's method.
macro_rules! declare_cursor {
    ({$name:ident $camel:ident $const:ident $ret:ident $entry:ident [$pages:ident $cursor:ident $pager:ident] [$skip:ident $size:ident $($total:ident)?] ($($arg:ident : $ty:ident),*)}) => {
        impl Page for $ret {
            type Entry = $entry;
            fn page_raw(&self) -> &RawJson {
                self.raw()
            }
            fn into_entries(self) -> (Vec<$entry>, Option<i64>) {
                let page = self;
                (page.items, reported_total!(page $($total)?))
            }
        }

        #[doc = concat!("The pages of [`Client::", stringify!($name), "`], one after another ([`Client::", stringify!($pages), "`]).")]
        pub type $cursor = Pages<$ret>;

        impl Client {
            #[doc = concat!("A cursor over the pages of [`Client::", stringify!($name), "`], newest first: one request of `page_size` entries (1..=500; [`DEFAULT_PAGE_SIZE`] is what the other languages use by default) per page.")]
            pub fn $pages(&self, $($arg: input_type!($ty),)* page_size: u32) -> $cursor {
                Pages::new(self, &ops::$const, Args::new()$(.put(stringify!($arg), $arg))*, page_size)
            }
        }
    };
}

crate::for_each_paged_read!(declare_cursor);
