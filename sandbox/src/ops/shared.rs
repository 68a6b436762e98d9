//! What the operations share: address types, address validation, the wallet and passphrase
//! headers, and the mapping of node errors to the service's.

use serde_json::{json, Value};
use crate::app::Req;
use crate::error::ApiError;
use crate::node::{validate_wallet_name, WalletCallError};
use crate::rpc::RpcError;

/// The header carrying an encrypted wallet's passphrase.
pub const PASSPHRASE_HEADER: &str = "encryptedPassphrase";

/// Address types as requests name them: code 0..3 or Core's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressType {
    Legacy,
    P2shSegwit,
    Bech32,
    Mweb,
}

impl AddressType {
    /// Core's name, also the `addressType` string of responses.
    pub fn core_name(self) -> &'static str {
        match self {
            AddressType::Legacy => "legacy",
            AddressType::P2shSegwit => "p2sh-segwit",
            AddressType::Bech32 => "bech32",
            AddressType::Mweb => "mweb",
        }
    }

    fn from_code(code: i64) -> Option<AddressType> {
        match code {
            0 => Some(AddressType::Legacy),
            1 => Some(AddressType::P2shSegwit),
            2 => Some(AddressType::Bech32),
            3 => Some(AddressType::Mweb),
            _ => None,
        }
    }

    /// Parses an integer code, an integer-valued string or a Core name.
    pub fn parse(field: &str, value: &Value) -> Result<AddressType, ApiError> {
        let unknown = |shown: &str| {
            ApiError::validation(
                field,
                format!("Unknown address type '{shown}': use 0 (legacy), 1 (p2sh-segwit), 2 (bech32) or 3 (mweb)."),
            )
        };
        match value {
            Value::Number(n) => n.as_i64().and_then(Self::from_code).ok_or_else(|| unknown(&n.to_string())),
            Value::String(s) => {
                let s = s.trim();
                if let Ok(code) = s.parse::<i64>() {
                    return Self::from_code(code).ok_or_else(|| unknown(s));
                }
                [AddressType::Legacy, AddressType::P2shSegwit, AddressType::Bech32, AddressType::Mweb]
                    .into_iter()
                    .find(|t| t.core_name().eq_ignore_ascii_case(s))
                    .ok_or_else(|| unknown(s))
            }
            _ => Err(ApiError::validation(field, format!("{field} must be an address type code or name."))),
        }
    }

    /// A body field holding an address type; absent (or null/empty) → `None`.
    pub fn from_body(req: &Req, field: &str) -> Result<Option<AddressType>, ApiError> {
        match req.body(field) {
            None => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(v) => Self::parse(field, v).map(Some),
        }
    }
}

/// The `addressType` string of a `validateaddress` or `getaddressinfo` result.
pub fn kind_of(info: &Value) -> &'static str {
    let flag = |name: &str| info.get(name).and_then(Value::as_bool) == Some(true);
    if flag("ismweb") {
        "mweb"
    } else if flag("iswitness") {
        match info.get("witness_version").and_then(Value::as_i64) {
            None | Some(0) => "bech32",
            Some(_) => "unknown",
        }
    } else if flag("isscript") {
        "p2sh-segwit"
    } else if info.get("scriptPubKey").and_then(Value::as_str).is_some_and(|s| s.starts_with("76a914")) {
        "legacy"
    } else {
        "unknown"
    }
}

/// `validateaddress`: the result for a valid address, `validation_failed` naming `field` otherwise.
pub async fn validate_address(req: &Req, field: &str, address: &str) -> Result<Value, ApiError> {
    let info = req.node.rpc("validateaddress", json!([address])).await?;
    if info.get("isvalid").and_then(Value::as_bool) != Some(true) {
        return Err(ApiError::validation(field, format!("{field} is not a valid address for this network.")));
    }
    Ok(info)
}

/// Like [`validate_address`], and refuses MWEB addresses (`unsupported_address_type`).
pub async fn validate_non_mweb(req: &Req, field: &str, address: &str) -> Result<Value, ApiError> {
    let info = validate_address(req, field, address).await?;
    if kind_of(&info) == "mweb" {
        return Err(ApiError::unsupported_address_type(format!("MWEB addresses are not supported in {field} here.")).with_field(field));
    }
    Ok(info)
}

/// A required wallet-name header (`walletName` or `wallet`), checked as `crate::node` says.
pub fn wallet_header(req: &Req, header: &str) -> Result<String, ApiError> {
    let name = req.require_header(header)?;
    validate_wallet_name(header, &name)?;
    Ok(name)
}

/// The sandbox sends private keys only to a node on loopback.
pub fn require_loopback_node(req: &Req, field: &str) -> Result<(), ApiError> {
    let base = &req.node.rpc.endpoint().base;
    let host = url::Url::parse(base).ok().and_then(|u| u.host_str().map(|h| h.trim_matches(['[', ']']).to_string()));
    let loopback = match host.as_deref() {
        Some("localhost") => true,
        Some(h) => h.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback()),
        None => false,
    };
    if loopback {
        Ok(())
    } else {
        Err(ApiError::validation(field, "The sandbox sends private keys only to a node on loopback; use a loopback node URL."))
    }
}

/// Maps a wallet RPC failure: `specific` first (Core code and message), then the default mapping.
pub fn map_wallet_err(wallet: &str, e: WalletCallError, specific: impl Fn(i64, &str) -> Option<ApiError>) -> ApiError {
    if let Some(code) = e.rpc_code() {
        let message = e.rpc_message().to_string();
        if let Some(mapped) = specific(code, &message) {
            return mapped.with_node(code, &message);
        }
    }
    e.into_api(wallet)
}

/// Maps a node RPC failure: `specific` first (Core code and message), then the default mapping.
pub fn map_rpc_err(e: RpcError, specific: impl Fn(i64, &str) -> Option<ApiError>) -> ApiError {
    if let RpcError::Rpc { code, message } = &e {
        if let Some(mapped) = specific(*code, message) {
            return mapped.with_node(*code, message);
        }
    }
    ApiError::from(e)
}
