//! WIF private keys (Core's `DecodeSecret`) and the addresses of one key.

use std::fmt;

use bitcoin::secp256k1::{PublicKey, SecretKey};

use super::address::{decode_base58_check, to_hex, Base58, Payload, WIF_BITCOIN, WIF_MAINNET, WIF_TEST};
use super::{secp, KeyAddressType, Network, PrivateKeyInfo, SecretText};
use crate::{Error, Result};

impl PrivateKeyInfo {
    /// The key's address of `address_type` on [`PrivateKeyInfo::network`]. Segwit types need a
    /// compressed key.
    pub fn address(&self, address_type: KeyAddressType) -> Result<String> {
        address_from_public_key(&self.public_key, address_type, self.network)
    }
}

/// Reads a WIF private key (Core's `DecodeSecret`): Base58Check, version `0xB0` (mainnet) or
/// `0xEF` (testnet and regtest), 32 key bytes, then `0x01` for a compressed key. With
/// `network`, a WIF of another network is invalid. As in Core, white space around it is ignored.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on field `wif`; the message never quotes it.
///
/// ```
/// use wallet_sdk::offline::{wif_to_key, KeyAddressType, Network};
///
/// let info = wif_to_key("T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE", None)?;
/// assert_eq!((info.network, info.compressed), (Network::Mainnet, true));
/// assert_eq!(info.public_key, "03631bfa4ccc9005da40c9a12bc460a33121624d6922c9f89b13cd51c5ce4af9a8");
/// assert_eq!(info.address(KeyAddressType::P2wpkh)?, "ltc1q0lq2ptpa5yxhv8synd6mv0zxaawpv3jfe7eu65");
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn wif_to_key(wif: &(impl SecretText + ?Sized), network: Option<Network>) -> Result<PrivateKeyInfo> {
    let key = WifKey::decode(wif.secret_text(), network, "wif")?;
    Ok(PrivateKeyInfo { network: key.network, compressed: key.compressed, public_key: to_hex(&key.public_key_bytes()) })
}

/// The address of `address_type` for a public key given as hex (33 bytes compressed, or 65
/// uncompressed for P2PKH only).
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on field `public_key` (not hex, not a point
/// of the curve) or `address_type` (segwit with an uncompressed key).
///
/// ```
/// use wallet_sdk::offline::{address_from_public_key, KeyAddressType, Network};
///
/// let public_key = "03631bfa4ccc9005da40c9a12bc460a33121624d6922c9f89b13cd51c5ce4af9a8";
/// assert_eq!(address_from_public_key(public_key, KeyAddressType::P2pkh, Network::Mainnet)?, "LWsSqaThn1SgEqM2ZuqeharYTR6XXZqnYc");
/// assert_eq!(address_from_public_key(public_key, KeyAddressType::P2shP2wpkh, Network::Mainnet)?, "M81CLpEzJLknUMTD2HxBcHx4jfTRZo8mDP");
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn address_from_public_key(public_key: &str, address_type: KeyAddressType, network: Network) -> Result<String> {
    let bytes = from_hex(public_key).ok_or_else(|| Error::invalid_input("public_key", "must be hex"))?;
    if !matches!((bytes.len(), bytes.first()), (33, Some(2 | 3)) | (65, Some(4))) {
        return Err(Error::invalid_input("public_key", "must be a 33-byte compressed or 65-byte uncompressed SEC1 public key"));
    }
    PublicKey::from_slice(&bytes).map_err(|_| Error::invalid_input("public_key", "is not a point of the secp256k1 curve"))?;
    if bytes.len() == 65 && address_type != KeyAddressType::P2pkh {
        return Err(uncompressed_segwit());
    }
    Ok(Payload::of_key(&bytes, address_type).encode(network))
}

pub(crate) fn uncompressed_segwit() -> Error {
    Error::invalid_input("address_type", "segwit addresses (p2sh-p2wpkh, p2wpkh) need a compressed key; this key is uncompressed")
}

pub(crate) fn from_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok()).collect()
}

/// A decoded WIF. The key is erased on drop and never printed.
pub(crate) struct WifKey {
    pub(crate) secret: SecretKey,
    pub(crate) compressed: bool,
    pub(crate) network: Network,
}

impl fmt::Debug for WifKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WifKey").field("compressed", &self.compressed).field("network", &self.network).finish_non_exhaustive()
    }
}

impl Drop for WifKey {
    fn drop(&mut self) {
        self.secret.non_secure_erase();
    }
}

impl WifKey {
    /// Core's `DecodeSecret` on every network; errors name `field` and never quote the text.
    pub(crate) fn decode(text: &str, network: Option<Network>, field: &str) -> Result<WifKey> {
        let bad = |why: &str| Error::invalid_input(field, why);
        let data = match decode_base58_check(text, 34) {
            Base58::Foreign if text.is_empty() => return Err(bad("is empty")),
            Base58::Foreign => return Err(bad("is not a WIF private key: not Base58")),
            Base58::Invalid(why) => return Err(bad(&why)),
            Base58::Payload(data) => data,
        };
        let compressed = match data.len() {
            33 => false,
            34 if data[33] == 1 => true,
            34 => return Err(bad("invalid WIF: the compression flag must be 0x01")),
            21 => return Err(bad("this is an address, not a private key")),
            n => return Err(bad(&format!("wrong length: a {n}-byte Base58 payload, a WIF has 33 or 34"))),
        };
        let own: &[Network] = match data[0] {
            WIF_MAINNET => &[Network::Mainnet],
            WIF_TEST => &[Network::Testnet, Network::Regtest],
            WIF_BITCOIN => return Err(bad("this is a Bitcoin private key (version 0x80), not a Litecoin one")),
            v => return Err(bad(&format!("unknown prefix: WIF version byte 0x{v:02x} (Litecoin uses 0xb0 on mainnet, 0xef on testnet and regtest)"))),
        };
        let network = match network {
            None => own[0],
            Some(n) if own.contains(&n) => n,
            Some(n) => return Err(bad(&format!("wrong network: this is a {} private key, not a {n} one", own[0]))),
        };
        let secret = SecretKey::from_slice(&data[1..33]).map_err(|_| bad("the key is out of range (zero, or not below the curve order)"))?;
        Ok(WifKey { secret, compressed, network })
    }

    pub(crate) fn public_key(&self) -> PublicKey {
        PublicKey::from_secret_key(secp(), &self.secret)
    }

    /// The serialised public key (33 or 65 bytes, as the WIF says).
    pub(crate) fn public_key_bytes(&self) -> Vec<u8> {
        let pk = self.public_key();
        if self.compressed {
            pk.serialize().to_vec()
        } else {
            pk.serialize_uncompressed().to_vec()
        }
    }
}

/// WIF of a key: Base58Check(version ‖ key ‖ 0x01 if compressed).
pub(crate) fn encode_wif(secret: &SecretKey, compressed: bool, network: Network) -> crate::Secret {
    let mut data = zeroize::Zeroizing::new(Vec::with_capacity(34));
    data.push(super::address::wif_version(network));
    data.extend_from_slice(&secret.secret_bytes());
    if compressed {
        data.push(1);
    }
    crate::Secret::new(bitcoin::base58::encode_check(&data))
}

#[cfg(test)]
mod tests {
    use super::*;

    // key_io_valid.json (Litecoin Core): a compressed mainnet WIF.
    const WIF: &str = "T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE";

    #[test]
    fn errors_never_quote_the_wif() {
        let mut broken = WIF.to_string();
        broken.replace_range(10..11, if &WIF[10..11] == "a" { "b" } else { "a" });
        let e = wif_to_key(&broken, None).unwrap_err();
        assert_eq!(e.field(), Some("wif"));
        assert!(e.message().contains("checksum"), "{}", e.message());
        assert!(!e.message().contains(&broken[..20]));
        let e = wif_to_key(WIF, Some(Network::Regtest)).unwrap_err();
        assert!(e.message().contains("wrong network"));
        assert!(!format!("{e:?}").contains(WIF));
    }

    #[test]
    fn round_trip_and_debug() {
        let key = WifKey::decode(WIF, None, "wif").unwrap();
        assert!(key.compressed);
        assert_eq!(encode_wif(&key.secret, true, Network::Mainnet).expose(), WIF);
        assert!(!format!("{key:?}").contains(&to_hex(&key.secret.secret_bytes())));
    }

    #[test]
    fn public_key_input_checks() {
        let info = wif_to_key(WIF, None).unwrap();
        assert!(address_from_public_key(&info.public_key, KeyAddressType::P2wpkh, Network::Mainnet).unwrap().starts_with("ltc1q"));
        assert_eq!(address_from_public_key("zz", KeyAddressType::P2pkh, Network::Mainnet).unwrap_err().field(), Some("public_key"));
        let not_on_curve = format!("02{}", "ff".repeat(32));
        assert!(address_from_public_key(&not_on_curve, KeyAddressType::P2pkh, Network::Mainnet).is_err());
    }
}
