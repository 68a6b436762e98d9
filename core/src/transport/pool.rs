//! The client's idle connections: one list per origin, taken newest first, closed ones and
//! those idle too long dropped.

use std::time::Instant;



use super::*;

/// A connection's sending side as the idle list sees it.
pub(crate) trait Closable {
    /// The connection's task has ended: it takes no more requests.
    fn is_closed(&self) -> bool;
}

impl Closable for Pooled {
    fn is_closed(&self) -> bool {
        self.sender.is_closed()
    }
}

/// The idle connections of one client, the most recently used last. That one is taken first:
/// it is the least likely to have been closed by the other side, and the warmest in the caches.
pub(crate) struct IdleConnections<S> {
    pub(super) connections: Vec<(S, Instant)>,
    /// The process whose runtime runs the connections' tasks (see `Drop`).
    pub(super) process: u32,
}

impl<S> Default for IdleConnections<S> {
    fn default() -> Self {
        IdleConnections { connections: Vec::new(), process: crate::process::process_id() }
    }
}

impl<S> Drop for IdleConnections<S> {
    /// In a child after `fork()` the connections are let go of undropped, as the kept timers
    /// are (docs/adr/0021): dropping one wakes its task in the parent's runtime, which takes a
    /// lock of that runtime that another thread of the parent may have held when the process
    /// was copied.
    fn drop(&mut self) {
        if crate::process::process_id() != self.process {
            std::mem::forget(std::mem::take(&mut self.connections));
        }
    }
}

impl<S: Closable> IdleConnections<S> {
    /// A connection idle for less than [`IDLE_TIMEOUT`] and not closed, if there is one; the
    /// ones passed over on the way are dropped.
    pub(crate) fn take(&mut self, now: Instant) -> Option<S> {
        while let Some((connection, since)) = self.connections.pop() {
            if now.saturating_duration_since(since) >= IDLE_TIMEOUT {
                // the others have been idle longer still
                self.connections.clear();
                return None;
            }
            if !connection.is_closed() {
                return Some(connection);
            }
        }
        None
    }

    /// Keeps `connection`, idle from `now`; the oldest ones go once they have been idle too long.
    pub(crate) fn put(&mut self, connection: S, now: Instant) {
        let expired = |since: &Instant| now.saturating_duration_since(*since) >= IDLE_TIMEOUT;
        if self.connections.first().is_some_and(|(_, since)| expired(since)) {
            self.connections.retain(|(_, since)| !expired(since));
        }
        if !connection.is_closed() {
            self.connections.push((connection, now));
        }
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.connections.len()
    }
}
