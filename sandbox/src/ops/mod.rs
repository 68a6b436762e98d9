//! The 43 operations (docs/operations.md), grouped as the helpers that implement them.

use crate::app::Route;

pub mod address;
pub mod chain;
pub mod seeds;
pub mod shared;
pub mod transactions;
pub mod wallet;

/// Every registered operation.
pub fn routes() -> Vec<Route> {
    let mut all = Vec::new();
    all.extend(seeds::routes());
    all.extend(wallet::routes());
    all.extend(address::routes());
    all.extend(transactions::routes());
    all.extend(chain::routes());
    all
}
