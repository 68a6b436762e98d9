//! The JVM's call path (ADR 0018): the async methods of `WalletClient` without uniffi's
//! per-call machinery. The generated Kotlin (patched generator, `ffi/vendor/README.md`) writes
//! a call's arguments in uniffi's own buffer format into a reused direct buffer and makes one
//! direct-mapped call to `wallet_sdk_ffi_fast_call`; the call runs on the shared runtime, and
//! its result, also in uniffi's format, joins one queue. A single JVM thread takes finished
//! calls from that queue in batches (`wallet_sdk_ffi_fast_wait`) and resumes their coroutines.
//! No JNA structure, callback or per-call poll is involved.
//!
//! Every class loader that loads the generated Kotlin opens a channel of its own
//! (`wallet_sdk_ffi_fast_open`): its call ids carry the channel's number, its results join the
//! channel's queue, and one thread at a time may wait on that queue. Two loaders over the one
//! library then never see each other's results, which would be read as the wrong type. The methods are the very same
//! async methods the uniffi path calls, so behaviour (validation, retries, cancellation of
//! non-idempotent calls, panics) is shared.

use crate::{lock, runtime, WalletClient, WalletError};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, LazyLock, Mutex};
use uniffi::{Lift, Lower};
use wallet_sdk::OutcomeTokenCell;

type Tag = crate::UniFfiTag;

/// A started call: its result as uniffi writes it, and whether it is a success or an error.
pub(crate) type Call = Pin<Box<dyn Future<Output = Finished> + Send>>;
/// Reads one method's client and arguments from the buffer and starts nothing yet.
pub(crate) type Start = fn(&mut &[u8]) -> uniffi::Result<Call>;

pub(crate) struct Finished {
    pub(crate) ok: bool,
    pub(crate) bytes: Vec<u8>,
    /// What becomes of a success that nobody reads (its caller cancelled just as it finished).
    pub(crate) unread: Option<Unread>,
}

/// A success nobody read: the object handles written into it are taken back and released, and
/// the success of a create or a send goes to the abandoned-call listener, as the core
/// reports a call whose caller stopped waiting earlier.
pub(crate) struct Unread {
    release: fn(&[u8]),
    report: Option<Box<dyn FnOnce() + Send>>,
}

impl Finished {
    /// Releases and reports the result instead of handing it to the caller, who is gone.
    pub(crate) fn abandon(self) {
        if let Some(unread) = self.unread {
            (unread.release)(&self.bytes);
            if let Some(report) = unread.report {
                report();
            }
        }
    }
}

/// Reads a written result back, which takes back the handles in it, and drops it.
fn release<R: Lift<Tag>>(bytes: &[u8]) {
    let _ = R::try_read(&mut &bytes[..]);
}

/// The outcome of a method, written as the generated Kotlin reads it.
pub(crate) fn finish<R: Lower<Tag> + Lift<Tag>>(result: Result<R, WalletError>) -> Finished {
    let mut bytes = Vec::new();
    match result {
        Ok(value) => {
            R::write(value, &mut bytes);
            Finished { ok: true, bytes, unread: Some(Unread { release: release::<R>, report: None }) }
        }
        Err(error) => {
            <WalletError as Lower<Tag>>::write(error, &mut bytes);
            Finished { ok: false, bytes, unread: None }
        }
    }
}

/// The result of an operation, with its raw JSON (every operation's result record has it).
pub(crate) trait RawJsonOf {
    fn raw_json(&self) -> &str;
}

/// [`finish`] for operation `operation` of `client`: a success of a non-idempotent operation
/// that nobody reads is reported to the client's abandoned-call listener.
pub(crate) fn finish_operation<R: Lower<Tag> + Lift<Tag> + RawJsonOf>(
    client: &WalletClient,
    operation: &'static str,
    result: Result<R, WalletError>,
) -> Finished {
    let report = match &result {
        Ok(value) if wallet_sdk::operations::by_name(operation).is_some_and(|op| !op.idempotent) => {
            let (core, raw) = (client.core().clone(), value.raw_json().to_string());
            Some(Box::new(move || core.report_unread_success(operation, raw)) as Box<dyn FnOnce() + Send>)
        }
        _ => None,
    };
    let mut finished = finish(result);
    if let Some(unread) = &mut finished.unread {
        unread.report = report;
    }
    finished
}

pub(crate) fn failed(message: String) -> Finished {
    let mut bytes = Vec::new();
    <WalletError as Lower<Tag>>::write(WalletError::internal(message), &mut bytes);
    Finished { ok: false, bytes, unread: None }
}

pub(crate) fn read<T: Lift<Tag>>(args: &mut &[u8]) -> uniffi::Result<T> {
    T::try_read(args)
}

/// The client whose handle the JVM lends for the start of a call (it keeps the object alive
/// until `wallet_sdk_ffi_fast_call` returns): a clone of our own, without a round trip.
pub(crate) fn client(args: &mut &[u8]) -> uniffi::Result<Arc<WalletClient>> {
    let raw = <u64 as Lift<Tag>>::try_read(args)?;
    if raw == 0 {
        uniffi::deps::anyhow::bail!("no client handle");
    }
    // SAFETY: the handle is a live `Arc<WalletClient>` of uniffi's (`Handle::from_arc`),
    // borrowed for the duration of this synchronous call.
    Ok(unsafe { uniffi::ffi::Handle::from_raw_unchecked(raw).into_arc_borrowed::<WalletClient>() })
}

/// The methods that go this way, by their snake_case name: the 43 operations (declared with
/// the operations in `client.rs`) and the hand-written async methods of `WalletClient`.
static METHODS: LazyLock<Vec<(&'static str, Start)>> = LazyLock::new(|| {
    let mut methods: Vec<(&'static str, Start)> = crate::client::FAST_OPERATIONS.to_vec();
    methods.push(("call", |args| {
        let client = client(args)?;
        let (operation, arguments_json): (String, String) = (read(args)?, read(args)?);
        Ok(Box::pin(async move { finish(client.call(operation, arguments_json).await) }))
    }));
    methods.push(("wait_for_payment", |args| {
        let client = client(args)?;
        let (wallet_name, address) = (read(args)?, read(args)?);
        let (amount, options) = (read(args)?, read(args)?);
        Ok(Box::pin(async move { finish(client.wait_for_payment(wallet_name, address, amount, options).await) }))
    }));
    methods.push(("resolve_token", |args| {
        let client = client(args)?;
        let token = read(args)?;
        Ok(Box::pin(async move { finish(client.resolve_token(token).await) }))
    }));
    methods.push(("resolve", |args| {
        let client = client(args)?;
        let error = read(args)?;
        Ok(Box::pin(async move { finish(client.resolve(error).await) }))
    }));
    methods.push(("prevouts_for", |args| {
        let client = client(args)?;
        let unsigned_hex = read(args)?;
        Ok(Box::pin(async move { finish(client.prevouts_for(unsigned_hex).await) }))
    }));
    methods.push(("review_transaction", |args| {
        let client = client(args)?;
        let (unsigned_hex, intent) = (read(args)?, read(args)?);
        Ok(Box::pin(async move { finish(client.review_transaction(unsigned_hex, intent).await) }))
    }));
    methods.push(("estimate_fee_rate", |args| {
        let client = client(args)?;
        let target_blocks = read(args)?;
        Ok(Box::pin(async move { finish(client.estimate_fee_rate(target_blocks).await) }))
    }));
    methods.push(("send_signed_locally", |args| {
        let client = client(args)?;
        let (sender_address, recipient_address) = (read(args)?, read(args)?);
        let (amount, keys, options) = (read(args)?, read(args)?, read(args)?);
        Ok(Box::pin(async move { finish(client.send_signed_locally(sender_address, recipient_address, amount, keys, options).await) }))
    }));
    methods
});

/// A finished call waiting for the JVM's completion thread.
struct Done {
    call: i64,
    finished: Finished,
    /// The call's outcome cell: a cancel that comes once the call has ended still seals it.
    cell: Option<OutcomeTokenCell>,
}

/// Bits of a call id below its channel's number: a channel may start 2^40 calls.
const CHANNEL_SHIFT: u32 = 40;
/// Channels at most, one per class loader of the generated Kotlin (number 0 is never opened).
const CHANNELS: usize = 64;

/// One loader's finished calls, and whether its completion thread is waiting here.
#[derive(Default)]
struct Channel {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// A thread is inside [`wallet_sdk_ffi_fast_wait`] for this channel.
    waiter: std::sync::atomic::AtomicBool,
    /// The call ids issued to this channel so far ([`wallet_sdk_ffi_fast_next_call`]).
    issued: std::sync::atomic::AtomicI64,
}

static CHANNEL_LIST: LazyLock<Vec<Channel>> = LazyLock::new(|| (0..CHANNELS).map(|_| Channel::default()).collect());
static OPENED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The channel of call id `call`, if it names an opened one.
fn channel_of(call: i64) -> Option<&'static Channel> {
    opened_channel(call >> CHANNEL_SHIFT)
}

/// Channel `n`, if it is open.
fn opened_channel(n: i64) -> Option<&'static Channel> {
    let n = usize::try_from(n).ok().filter(|&n| n >= 1 && n <= OPENED.load(Ordering::Acquire))?;
    CHANNEL_LIST.get(n)
}

/// Issues the next call id of channel `channel` (`channel << 40` + a counter), for one call of
/// [`wallet_sdk_ffi_fast_call`] on that channel; -1 when the channel is not open or has issued
/// all of its 2^40 ids. The ids come from here, never from the JVM, so that a loader cannot
/// start a call under an id whose result another loader's completion thread would read.
#[no_mangle]
pub extern "C" fn wallet_sdk_ffi_fast_next_call(channel: i64) -> i64 {
    let Some(opened) = opened_channel(channel) else { return -1 };
    let n = opened.issued.fetch_add(1, Ordering::Relaxed) + 1;
    if n < 1 << CHANNEL_SHIFT {
        channel << CHANNEL_SHIFT | n
    } else {
        -1
    }
}

/// Whether `call` is an id that [`wallet_sdk_ffi_fast_next_call`] issued to `channel`.
fn issued_to(channel: i64, call: i64) -> bool {
    let counter = call & ((1 << CHANNEL_SHIFT) - 1);
    call >> CHANNEL_SHIFT == channel
        && counter >= 1
        && opened_channel(channel).is_some_and(|opened| counter <= opened.issued.load(Ordering::Relaxed))
}

/// Opens a channel for one loader of the generated Kotlin: its number, or -1 when every channel
/// is taken.
#[no_mangle]
pub extern "C" fn wallet_sdk_ffi_fast_open() -> i64 {
    wallet_sdk::panic::catch_quietly(|| {
        let n = OPENED.fetch_add(1, Ordering::AcqRel) + 1;
        if n < CHANNELS {
            LazyLock::force(&CHANNEL_LIST);
            n as i64
        } else {
            OPENED.fetch_sub(1, Ordering::AcqRel);
            -1
        }
    })
    .unwrap_or(-1)
}

#[derive(Default)]
struct Queue {
    done: Vec<Done>,
    /// Whether the completion thread sleeps on `READY` (a wake-up is a system call: skipped
    /// when it is awake anyway).
    waiting: bool,
    /// The calls of the batch last handed out, freed when the next one is asked for (the
    /// completion thread has read them by then, or given back the ones it did not read).
    handed_out: Vec<Done>,
    /// The outcome cells of calls given back unread before their cancel had sealed them: the
    /// caller took the call back just before the completion thread read it, and its cancel,
    /// which always follows, seals the cell here.
    unread_cells: HashMap<i64, OutcomeTokenCell>,
}

/// The running calls, to abort one when its coroutine is cancelled, with the outcome cell of a
/// call that may be non-idempotent (sealed then).
static RUNNING: LazyLock<Mutex<HashMap<i64, (tokio::task::AbortHandle, Option<OutcomeTokenCell>)>>> = LazyLock::new(Mutex::default);

fn push(call: i64, finished: Finished, cell: Option<OutcomeTokenCell>) {
    // a call id of no opened channel: nobody can read its result
    let Some(channel) = channel_of(call) else { return finished.abandon() };
    let mut queue = lock(&channel.queue);
    queue.done.push(Done { call, finished, cell });
    if queue.waiting {
        channel.ready.notify_one();
    }
}

/// Reports the call as failed if its task ends without a result: a panic outside the core
/// call's own task, or an abort (then the JVM side has forgotten the call and ignores it).
struct Reporter {
    call: i64,
    cell: Option<OutcomeTokenCell>,
    reported: bool,
}

impl Reporter {
    // queued before it leaves RUNNING: a cancel always finds the call in one of the two
    fn report(mut self, finished: Finished) {
        self.reported = true;
        push(self.call, finished, self.cell.clone());
        lock(&RUNNING).remove(&self.call);
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        if !self.reported {
            push(self.call, failed("internal error: the call ended without a result".into()), self.cell.clone());
            lock(&RUNNING).remove(&self.call);
        }
    }
}

/// Reads method `method`'s client and arguments from `len` bytes at `args` (before returning)
/// and gives its call, not yet polled, with the outcome cell to run it with (see
/// [`crate::client::ON_CALL_TASK`]), or the failure to report instead.
///
/// # Safety
/// As for [`wallet_sdk_ffi_fast_call`].
pub(crate) unsafe fn start(method: i32, args: *const u8, len: i32) -> Result<(Call, Option<OutcomeTokenCell>), Finished> {
    let args: &[u8] = match usize::try_from(len) {
        Ok(len) if !args.is_null() => std::slice::from_raw_parts(args, len),
        _ => &[],
    };
    let Some(&(name, start)) = usize::try_from(method).ok().and_then(|i| METHODS.get(i)) else {
        return Err(failed(format!("internal error: no method {method}")));
    };
    // the untyped call may be of any operation
    let may_not_repeat = name == "call" || wallet_sdk::operations::by_name(name).is_some_and(|op| !op.idempotent);
    match wallet_sdk::panic::catch_quietly(|| start(&mut { args })) {
        Ok(Ok(future)) => Ok((future, may_not_repeat.then(OutcomeTokenCell::new))),
        Ok(Err(e)) => Err(failed(format!("internal error: unreadable arguments of {name}: {e}"))),
        Err(_) => Err(panicked()),
    }
}

impl Finished {
    /// Itself, or a failure when its length does not fit the JVM's `Int`.
    pub(crate) fn within_jvm_limit(self) -> Finished {
        if i32::try_from(self.bytes.len()).is_ok() {
            self
        } else {
            // the caller gets an error, not the result: its handles are released, and a success
            // of a create or send is reported as one the caller did not read
            self.abandon();
            failed("internal error: a result of 2 GiB or more".into())
        }
    }
}

pub(crate) fn panicked() -> Finished {
    failed(wallet_sdk::panic::INTERNAL_ERROR.into())
}

/// The index of a method for [`wallet_sdk_ffi_fast_call`], or -1.
///
/// # Safety
/// `name` points at `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn wallet_sdk_ffi_fast_method(name: *const u8, len: i32) -> i32 {
    let Ok(len) = usize::try_from(len) else { return -1 };
    if name.is_null() {
        return -1;
    }
    let name = std::slice::from_raw_parts(name, len);
    wallet_sdk::panic::catch_quietly(|| METHODS.iter().position(|(n, _)| n.as_bytes() == name).map_or(-1, |i| i as i32)).unwrap_or(-1)
}

/// Starts method `method` with the client handle and arguments in `args` (uniffi's buffer
/// format, read before this returns); its result comes back through
/// [`wallet_sdk_ffi_fast_wait`] of channel `channel` under `call`, an id issued to that channel
/// by [`wallet_sdk_ffi_fast_next_call`]. Returns 0, or -1 without starting anything (nor reading
/// `args`) when `call` is not such an id. Never unwinds.
///
/// # Safety
/// `args` points at `len` readable bytes; object handles in it are owned by this call, as
/// with uniffi's own calls.
#[no_mangle]
pub unsafe extern "C" fn wallet_sdk_ffi_fast_call(channel: i64, method: i32, args: *const u8, len: i32, call: i64) -> i32 {
    if !issued_to(channel, call) {
        return -1;
    }
    let (future, cell) = match start(method, args, len) {
        Ok(started) => started,
        Err(failure) => {
            push(call, failure, None);
            return 0;
        }
    };
    let spawned = wallet_sdk::panic::catch_quietly(move || {
        let reporter = Reporter { call, cell: cell.clone(), reported: false };
        // Registered under the lock so that a call finishing at once finds its entry to remove.
        let mut running = lock(&RUNNING);
        let task = runtime().spawn(crate::client::ON_CALL_TASK.scope(cell.clone(), async move {
            let finished = future.await;
            reporter.report(finished);
        }));
        running.insert(call, (task.abort_handle(), cell));
    });
    if spawned.is_err() {
        // no runtime (the OS refused its threads): the call fails rather than hangs
        push(call, failed("internal error: the SDK's runtime could not start".into()), None);
    }
    0
}

thread_local! {
    /// The error of the call this thread cancelled last, until [`wallet_sdk_ffi_fast_cancelled_error`] reads it.
    static CANCELLED_ERROR: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Seals `cell` for a caller who stops waiting: when its request may have left, the
/// `OutcomeUnknown` error that says so (with its outcome token) is kept for this thread and its
/// length returned; 0 when nothing was sent (and now never will be).
pub(crate) fn seal_for_this_thread(cell: Option<&OutcomeTokenCell>) -> i32 {
    let Some(error) = cell.and_then(|cell| crate::client::sealed_error(cell.seal())) else { return 0 };
    let mut bytes = Vec::new();
    <WalletError as Lower<Tag>>::write(error, &mut bytes);
    let length = i32::try_from(bytes.len()).unwrap_or(0);
    CANCELLED_ERROR.with(|kept| *kept.borrow_mut() = if length > 0 { bytes } else { Vec::new() });
    length
}

/// Copies the error kept by this thread's last cancel (see [`wallet_sdk_ffi_fast_cancel`]) to
/// `out`, in uniffi's format, and forgets it. Returns its length, or -1 when there is none or
/// it does not fit in `capacity`.
///
/// # Safety
/// `out` points at `capacity` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn wallet_sdk_ffi_fast_cancelled_error(out: *mut u8, capacity: i32) -> i32 {
    let bytes = CANCELLED_ERROR.with(|kept| std::mem::take(&mut *kept.borrow_mut()));
    match usize::try_from(capacity) {
        Ok(capacity) if !out.is_null() && !bytes.is_empty() && bytes.len() <= capacity => {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), out, bytes.len());
            bytes.len() as i32
        }
        _ => -1,
    }
}

/// Stops waiting for `call`: its task is aborted, as when uniffi's future is dropped (a read's
/// or a broadcast's request is aborted; a create or a send under way runs on in the core and
/// reports to the abandoned-call listener). A call that has already finished but is not handed
/// out yet is taken back and abandoned ([`Finished::abandon`]); one handed out is left to the
/// completion thread. In every case the call's outcome cell is sealed: returns the length of
/// the `OutcomeUnknown` error to read with [`wallet_sdk_ffi_fast_cancelled_error`] when a
/// non-idempotent request may have left, 0 when none did (and none will).
#[no_mangle]
pub extern "C" fn wallet_sdk_ffi_fast_cancel(call: i64) -> i32 {
    wallet_sdk::panic::catch_quietly(|| {
        let running = lock(&RUNNING).remove(&call);
        if let Some((task, cell)) = running {
            task.abort();
            return seal_for_this_thread(cell.as_ref());
        }
        let Some(channel) = channel_of(call) else { return 0 };
        let (unread, given_back) = {
            let mut queue = lock(&channel.queue);
            let unread = queue.done.iter().position(|d| d.call == call).map(|i| queue.done.remove(i));
            // handed out and not read yet (the completion thread gives it back, without the
            // cell taken here), or given back already
            let handed_out = queue.handed_out.iter_mut().find(|d| d.call == call).and_then(|d| d.cell.take());
            let given_back = handed_out.or_else(|| queue.unread_cells.remove(&call));
            (unread, given_back)
        };
        let cell = match unread {
            Some(done) => {
                done.finished.abandon();
                done.cell
            }
            None => given_back,
        };
        seal_for_this_thread(cell.as_ref())
    })
    .unwrap_or(0)
}

/// The completion thread did not read `call` of the batch it was handed (its caller had gone):
/// the result is abandoned ([`Finished::abandon`]) instead of dropped.
#[no_mangle]
pub extern "C" fn wallet_sdk_ffi_fast_unread(call: i64) {
    let _ = wallet_sdk::panic::catch_quietly(|| {
        let unread = channel_of(call).and_then(|channel| {
            let mut queue = lock(&channel.queue);
            let mut done = queue.handed_out.iter().position(|d| d.call == call).map(|i| queue.handed_out.remove(i))?;
            if let Some(cell) = done.cell.take() {
                queue.unread_cells.insert(call, cell);
            }
            Some(done)
        });
        if let Some(done) = unread {
            done.finished.abandon();
        }
    });
}

/// How long [`wallet_sdk_ffi_fast_wait`] looks for a finished call before it sleeps.
const SPIN: std::time::Duration = std::time::Duration::from_micros(50);

/// Size of one record of [`wallet_sdk_ffi_fast_wait`]: call id (i64), result address (i64),
/// result length (i32), success flag (i8), padding; native byte order.
const RECORD: usize = 24;

/// Waits until at least one call of channel `channel` has finished and writes up to `capacity`
/// records into `out`. The results they point at stay valid until the channel's next call of
/// this function, which frees them. Returns the number of records, or -1 when `channel` is not
/// open, `out` cannot hold a record, or another thread is waiting on the channel (one waiter at
/// a time: the results handed out are freed by the next wait).
///
/// # Safety
/// `out` points at `capacity * 24` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn wallet_sdk_ffi_fast_wait(channel: i64, out: *mut u8, capacity: i32) -> i32 {
    let capacity = usize::try_from(capacity).unwrap_or(0);
    let Some(channel) = opened_channel(channel) else { return -1 };
    if out.is_null() || capacity == 0 || channel.waiter.swap(true, Ordering::AcqRel) {
        return -1;
    }
    let n = wallet_sdk::panic::catch_quietly(|| wait(channel, out, capacity)).unwrap_or(-1);
    channel.waiter.store(false, Ordering::Release);
    n
}

/// [`wallet_sdk_ffi_fast_wait`] for its one waiter.
unsafe fn wait(channel: &Channel, out: *mut u8, capacity: usize) -> i32 {
    let mut queue = lock(&channel.queue);
    queue.handed_out.clear();
    if queue.done.is_empty() {
        // A call that ends within a few tens of µs (a sequential caller's next one) is taken
        // without sleeping: waking a sleeping thread costs the finishing worker a system call
        // and this thread a context switch. Yielding lets that worker run on a busy core.
        drop(queue);
        let until = std::time::Instant::now() + SPIN;
        loop {
            std::thread::yield_now();
            queue = lock(&channel.queue);
            if !queue.done.is_empty() || std::time::Instant::now() >= until {
                break;
            }
            drop(queue);
        }
    }
    while queue.done.is_empty() {
        queue.waiting = true;
        queue = channel.ready.wait(queue).unwrap_or_else(|poisoned| poisoned.into_inner());
        queue.waiting = false;
    }
    let n = queue.done.len().min(capacity);
    let batch: Vec<Done> = queue.done.drain(..n).collect();
    let out = std::slice::from_raw_parts_mut(out, n * RECORD);
    for (i, mut done) in batch.into_iter().enumerate() {
        done.finished = done.finished.within_jvm_limit();
        let record = &mut out[i * RECORD..(i + 1) * RECORD];
        record[0..8].copy_from_slice(&done.call.to_ne_bytes());
        record[8..16].copy_from_slice(&(done.finished.bytes.as_ptr() as i64).to_ne_bytes());
        record[16..20].copy_from_slice(&(done.finished.bytes.len() as i32).to_ne_bytes());
        record[20] = u8::from(done.finished.ok);
        // the bytes stay where the record points: moving the `Done` does not move them
        queue.handed_out.push(done);
    }
    n as i32
}

/// Queues `finished` as the result of `call` run with outcome cell `cell`, as a call's task does
/// when it ends.
#[cfg(test)]
pub(crate) fn push_for_test(call: i64, finished: Finished, cell: Option<OutcomeTokenCell>) {
    push(call, finished, cell);
}

/// A finished call, as an error.
#[cfg(test)]
pub(crate) fn failed_for_test() -> Finished {
    failed("a test's failure".into())
}

/// Moves `call`'s queued result to the batch handed out, as [`wallet_sdk_ffi_fast_wait`] does.
#[cfg(test)]
pub(crate) fn hand_out_for_test(call: i64) {
    let mut queue = lock(&channel_of(call).expect("an opened channel").queue);
    let i = queue.done.iter().position(|d| d.call == call).expect("queued");
    let done = queue.done.remove(i);
    queue.handed_out.push(done);
}
