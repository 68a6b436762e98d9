//! Building results in your own tests (feature `testing`): the result types are
//! `#[non_exhaustive]`, so they cannot be written as struct literals outside this crate.
//!
//! ```
//! let balance: wallet_sdk::WalletBalance =
//!     wallet_sdk::testing::result_from_json(serde_json::json!({"confirmed": 1.5, "unconfirmed": 0})).unwrap();
//! assert_eq!(balance.confirmed, wallet_sdk::Amount::from_ltc("1.5").unwrap());
//! ```

use serde_json::Value;

use crate::raw_json::FromData;
use crate::error::{Error, ErrorKind, Result};
use crate::raw_json::RawJson;

/// A result as the SDK would decode it from this `data` JSON (field names as on the wire), its
/// raw JSON included.
pub fn result_from_json<T: FromData>(data: Value) -> Result<T> {
    let mut out = T::deserialize(&data)
        .map_err(|e| Error::new(ErrorKind::Decode, format!("result_from_json: {e}")))?;
    out.set_raw(RawJson::from_trusted(data.to_string()));
    Ok(out)
}
