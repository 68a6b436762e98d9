//! The idempotency keys in flight in this process: one sender per key, and a key held until its
//! send settles.

use std::collections::HashMap;
use std::sync::atomic::AtomicU8;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

use crate::decode::{self};
use crate::error::{Error, ErrorKind, Result};
use crate::locks::lock;
use crate::operations::Operation;
use super::*;

/// What a client's keyed sends learnt about the service, shared by its clones.
#[derive(Debug, Default)]
pub(crate) struct KeyedSends {
    /// 0 not known yet, 1 the service keeps descriptions, 2 it does not.
    pub(super) storage: AtomicU8,
}

pub(super) const STORAGE_KEPT: u8 = 1;
pub(super) const STORAGE_NOT_KEPT: u8 = 2;

/// The keys of this process whose sends are running or may still take effect, by
/// `base URL\nwallet\nkey`: every client of the process sees them, so that two clients of one
/// process are one writer. (After `fork()` a child starts with none: its parent's sends are
/// the parent's.)
pub(super) static KEYS: Mutex<Option<(u32, HashMap<String, KeyState>)>> = Mutex::new(None);

pub(super) enum KeyState {
    /// A look-up or a send of the key is running.
    Running,
    /// A send of the key ended without a settled outcome: its request may take effect until
    /// `until`. What `resolve` needs to find out is kept for the refusal of a second send.
    Unsettled { until: Instant, info: Box<ResolveInfo> },
}

pub(super) fn with_keys<R>(f: impl FnOnce(&mut HashMap<String, KeyState>) -> R) -> R {
    let mut keys = lock(&KEYS);
    let pid = crate::process::process_id();
    if keys.as_ref().is_none_or(|(owner, _)| *owner != pid) {
        *keys = Some((pid, HashMap::new()));
    }
    let (_, map) = keys.as_mut().expect("set above");
    f(map)
}

/// Holds a key from the look-up until the send settles: an answer came, the request certainly
/// never left, or its settle time has passed. It belongs to the send, not to the caller: a
/// caller that stops waiting leaves it with the request, which runs on (docs/adr/0002).
pub(crate) struct KeyHold {
    pub(super) slot: String,
    pub(super) settle: Duration,
    /// What resolves the send, once it is about to go out.
    pub(super) info: Option<Box<ResolveInfo>>,
    /// The request may have been written.
    pub(super) sending: bool,
    pub(super) done: bool,
}

/// What a keyed send found when it asked for its key.
pub(super) enum Entered {
    /// The key is this send's until its request settles.
    Held(KeyHold),
    /// An earlier send of the key in this process may still take effect for `wait`: this send
    /// may only replay what the wallet already shows, or refuse with the earlier send's info.
    Unsettled { info: Box<ResolveInfo>, wait: Duration },
}

pub(super) fn key_slot(client: &impl Service, wallet: &str, key: &str) -> String {
    format!("{}\n{wallet}\n{key}", client.base_url())
}

impl KeyHold {
    pub(super) fn enter(client: &impl Service, op: &'static Operation, wallet: &str, key: &str) -> Result<Entered> {
        let slot = key_slot(client, wallet, key);
        let now = Instant::now();
        with_keys(|keys| {
            keys.retain(|_, state| !matches!(state, KeyState::Unsettled { until, .. } if *until <= now));
            match keys.get(&slot) {
                Some(KeyState::Running) => Err(Error::new(
                    ErrorKind::Conflict,
                    format!(
                        "{}: a send with this idempotency_key is already running in this process for wallet `{wallet}`; nothing was \
                         sent — one sender per key at a time",
                        op.name
                    ),
                )
                .set_operation(op.name)),
                Some(KeyState::Unsettled { until, info }) => {
                    Ok(Entered::Unsettled { info: info.clone(), wait: until.saturating_duration_since(now) })
                }
                None => {
                    keys.insert(slot.clone(), KeyState::Running);
                    Ok(Entered::Held(KeyHold { slot, settle: client.settle_time(), info: None, sending: false, done: false }))
                }
            }
        })
    }

    /// The request is about to be written: from now on only its outcome releases the key.
    pub(crate) fn sending(&mut self) {
        self.sending = true;
    }

    /// The send's request returned: an answer or a certain failure releases the key; anything
    /// else keeps it for the settle time.
    pub(crate) fn settle(mut self, result: &Result<decode::Answer>) {
        let pending = match result {
            Ok(_) => false,
            Err(e) => may_still_take_effect(e),
        };
        self.finish(pending);
    }

    pub(super) fn finish(&mut self, pending: bool) {
        self.done = true;
        let info = self.info.take();
        let until = Instant::now().checked_add(self.settle);
        with_keys(|keys| match (pending, info, until) {
            (true, Some(mut info), Some(until)) => {
                info.settles_at = Some(until);
                keys.insert(std::mem::take(&mut self.slot), KeyState::Unsettled { until, info });
            }
            // without what resolves it, or never settling: held as running for good
            (true, _, _) => {}
            (false, ..) => {
                keys.remove(&self.slot);
            }
        });
    }
}

/// `resolve` found the key's send in the wallet: a later send of the key replays it, so an
/// unsettled earlier send no longer holds the key.
pub(super) fn key_found(client: &impl Service, wallet: &str, key: &str) {
    let slot = key_slot(client, wallet, key);
    with_keys(|keys| {
        if matches!(keys.get(&slot), Some(KeyState::Unsettled { .. })) {
            keys.remove(&slot);
        }
    });
}

/// The refusal of a keyed send whose earlier send may still take effect: nothing was sent, and
/// the error resolves the earlier send.
pub(super) fn unsettled_error(op: &'static Operation, info: ResolveInfo, wait: Duration) -> Error {
    Error::new(
        ErrorKind::OutcomeUnknown,
        format!(
            "{}: outcome unknown: an earlier send with this idempotency_key in this process may still take effect (its \
             request can be in flight for {} s more) and the wallet does not show it yet; nothing was sent — resolve this \
             error or its outcome token (it waits until then and looks the key up) instead of sending again",
            op.name,
            wait.as_secs() + 1
        ),
    )
    .set_operation(op.name)
    .with_resolve_info(info)
}

impl Drop for KeyHold {
    fn drop(&mut self) {
        if !self.done {
            // dropped unsettled: during the look-up nothing was sent; after, the request may run on
            let sending = self.sending;
            self.finish(sending);
        }
    }
}

/// Whether a failed non-idempotent request may still take effect (or has): it may have reached
/// the service, and no answer of the service itself settled it (a 2xx or a 4xx does; a 5xx may
/// come from a gateway while the service works on).
pub(crate) fn may_still_take_effect(e: &Error) -> bool {
    e.may_have_reached_service() && !e.status().is_some_and(|s| (200..500).contains(&s))
}

pub(super) fn not_kept_error(op: &'static Operation) -> Error {
    Error::invalid_input(
        KEY_INPUT,
        "this service does not keep the description of a send in the wallet's transactions (or does not show it), so a \
         send with this key could not be found again and exactly-once cannot be promised; nothing was sent — send \
         without idempotency_key, and look the payment up yourself before repeating it",
    )
    .set_operation(op.name)
}
