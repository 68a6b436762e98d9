//! [`AddressType`]: the address kinds of Litecoin Core 0.21, with a raw escape hatch.

/// An address type to request. When an operation takes an optional address type and none is
/// chosen, the field is omitted (the service then uses its default; on the wire `0` would mean
/// legacy, so the SDK never sends a default).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AddressType {
    /// P2PKH (`legacy`, code 0); regtest addresses start with `m`/`n`.
    Legacy,
    /// P2SH-wrapped segwit (`p2sh-segwit`, code 1).
    P2shSegwit,
    /// Native segwit v0 (`bech32`, code 2).
    Bech32,
    /// MimbleWimble extension block (`mweb`, code 3).
    Mweb,
    /// Escape hatch: an integer code sent as is (written as its decimal text where the wire
    /// wants a name).
    RawCode(i32),
    /// Escape hatch: a name sent as is (sent as a JSON string where the wire wants a code;
    /// the sandbox accepts names everywhere).
    RawName(String),
}

/// The integer codes sent where the wire wants an address-type code. The default (0 legacy,
/// 1 p2sh-segwit, 2 bech32, 3 mweb) follows Litecoin Core 0.21's internal order, which is a
/// convention, not a published fact about the service (later Litecoin sources insert bech32m
/// before mweb): a client can be configured with another mapping
/// ([`crate::ClientBuilder::address_type_codes`]) without waiting for an SDK release.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AddressTypeCodes {
    /// Code of [`AddressType::Legacy`].
    pub legacy: i32,
    /// Code of [`AddressType::P2shSegwit`].
    pub p2sh_segwit: i32,
    /// Code of [`AddressType::Bech32`].
    pub bech32: i32,
    /// Code of [`AddressType::Mweb`].
    pub mweb: i32,
}

impl Default for AddressTypeCodes {
    fn default() -> Self {
        AddressTypeCodes { legacy: 0, p2sh_segwit: 1, bech32: 2, mweb: 3 }
    }
}

impl AddressTypeCodes {
    /// The code of `t` under this mapping (raw codes and integer-valued raw names as given).
    pub fn code_of(&self, t: &AddressType) -> Option<i32> {
        match t {
            AddressType::Legacy => Some(self.legacy),
            AddressType::P2shSegwit => Some(self.p2sh_segwit),
            AddressType::Bech32 => Some(self.bech32),
            AddressType::Mweb => Some(self.mweb),
            AddressType::RawCode(c) => Some(*c),
            AddressType::RawName(n) => n.trim().parse().ok(),
        }
    }
}

impl AddressType {
    /// The integer code under the default mapping (0 legacy, 1 p2sh-segwit, 2 bech32, 3 mweb),
    /// if it has one.
    pub fn code(&self) -> Option<i32> {
        AddressTypeCodes::default().code_of(self)
    }

    /// Core's name (`legacy`, `p2sh-segwit`, `bech32`, `mweb`, or the raw value).
    pub fn name(&self) -> String {
        match self {
            AddressType::Legacy => "legacy".into(),
            AddressType::P2shSegwit => "p2sh-segwit".into(),
            AddressType::Bech32 => "bech32".into(),
            AddressType::Mweb => "mweb".into(),
            AddressType::RawCode(c) => c.to_string(),
            AddressType::RawName(n) => n.clone(),
        }
    }

    /// Reads a name as returned in responses (`legacy`, `p2sh-segwit`, `bech32`, `mweb`);
    /// anything else becomes [`AddressType::RawName`].
    pub fn from_name(name: &str) -> AddressType {
        match name {
            "legacy" => AddressType::Legacy,
            "p2sh-segwit" => AddressType::P2shSegwit,
            "bech32" => AddressType::Bech32,
            "mweb" => AddressType::Mweb,
            other => AddressType::RawName(other.to_string()),
        }
    }

    /// The JSON value where the wire wants an integer code.
    pub(crate) fn code_json(&self, codes: &AddressTypeCodes) -> serde_json::Value {
        match codes.code_of(self) {
            Some(c) => serde_json::Value::from(c),
            // a raw name that is not a number travels as given
            None => serde_json::Value::String(self.name()),
        }
    }
}

impl std::fmt::Display for AddressType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}
