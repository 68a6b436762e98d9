//! Locks that cannot take the server down. A panic in a request (which its own task turns into one
//! 500) must not poison a shared lock and so fail every later request: the lock is taken over
//! instead. Each critical section here is short and its data stays usable if one stops half-way
//! (at worst a partly applied update, e.g. a partly indexed block).

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks `m`, taking over the data of a poisoned lock.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}
