//! Litecoin signed messages: Core's `signmessagewithprivkey` / `verifymessage` for P2PKH, and
//! the BIP137 header families for P2SH-P2WPKH and P2WPKH.

use base64::Engine as _;
use bitcoin::consensus::Encodable;
use bitcoin::hashes::{sha256d, Hash, HashEngine};
use bitcoin::secp256k1::ecdsa::{RecoverableSignature, RecoveryId};
use bitcoin::secp256k1::Message;

use super::address::{decode, Payload};
use super::keys::{uncompressed_segwit, WifKey};
use super::{secp, KeyAddressType, SecretText};
use crate::Result;

/// What Core prefixes to every signed message (`MESSAGE_MAGIC`), serialised with its length.
const MESSAGE_MAGIC: &str = "Litecoin Signed Message:\n";

/// The length in base64 of a 65-byte compact signature.
const SIGNATURE_BASE64_LEN: usize = 88;

/// Core's `MessageHash`: double SHA-256 of the magic and the message, each preceded by its
/// compact-size length.
pub(crate) fn message_hash(message: &str) -> [u8; 32] {
    let mut engine = sha256d::Hash::engine();
    for part in [MESSAGE_MAGIC, message] {
        bitcoin::consensus::encode::VarInt::from(part.len()).consensus_encode(&mut engine).expect("hash engines do not fail");
        engine.input(part.as_bytes());
    }
    sha256d::Hash::from_engine(engine).to_byte_array()
}

/// The first header byte of each family (BIP137); the recovery id (0 to 3) is added to it.
fn header_base(address_type: KeyAddressType, compressed: bool) -> u8 {
    match address_type {
        KeyAddressType::P2pkh if compressed => 31,
        KeyAddressType::P2pkh => 27,
        KeyAddressType::P2shP2wpkh => 35,
        KeyAddressType::P2wpkh => 39,
    }
}

/// Signs `message` as Litecoin Core does (`"\x19Litecoin Signed Message:\n"`, compact
/// recoverable ECDSA, RFC 6979 nonces) and returns the 65 bytes as padded base64.
///
/// `private_key` is a WIF. With [`KeyAddressType::P2pkh`] the header says compressed or
/// uncompressed as the WIF does, and the signature equals Core's `signmessagewithprivkey`;
/// [`KeyAddressType::P2shP2wpkh`] and [`KeyAddressType::P2wpkh`] use the BIP137 headers
/// 35–38 and 39–42 and need a compressed key.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on `private_key` (not a valid WIF; never
/// quoted) or `address_type` (segwit with an uncompressed key).
///
/// ```
/// use wallet_sdk::offline::{sign_message, KeyAddressType};
/// use wallet_sdk::Secret;
///
/// // Litecoin Core's own message test (util_tests.cpp)
/// let key = Secret::new("T81WVKSHdGwXTwFbqcuvhHWnPZPdcjNCJNqnzujBH2PjupFRTTc9");
/// let signature = sign_message(&key, "Trust no one", KeyAddressType::P2pkh)?;
/// assert_eq!(signature, "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU=");
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn sign_message(private_key: &(impl SecretText + ?Sized), message: &str, address_type: KeyAddressType) -> Result<String> {
    let key = WifKey::decode(private_key.secret_text(), None, "private_key")?;
    if !key.compressed && address_type != KeyAddressType::P2pkh {
        return Err(uncompressed_segwit());
    }
    let digest = Message::from_digest(message_hash(message));
    let (recovery_id, compact) = secp().sign_ecdsa_recoverable(&digest, &key.secret).serialize_compact();
    let mut bytes = [0u8; 65];
    bytes[0] = header_base(address_type, key.compressed) + recovery_id.to_i32() as u8;
    bytes[1..].copy_from_slice(&compact);
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// Verifies a Litecoin signed message. Strict, and never fails: any malformed input gives
/// `false`.
///
/// `true` only when `address` is a valid address of a Litecoin network, `signature` is the
/// canonical padded base64 of 65 bytes, its header belongs to the address's family (27–34 for
/// P2PKH, 35–38 for P2SH taken as P2SH-P2WPKH, 39–42 for P2WPKH; BIP137) and the key recovered
/// from it is the address's key. On P2PKH this is Core's `verifymessage`, except that Core also
/// takes a header of another family (it only looks at the header's low bits).
///
/// ```
/// use wallet_sdk::offline::verify_message;
///
/// let signature = "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU=";
/// assert!(verify_message("LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL", "Trust no one", signature));
/// assert!(!verify_message("LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL", "I never signed this", signature));
/// assert!(!verify_message("LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL", "Trust no one", signature.trim_end_matches('=')));
/// ```
pub fn verify_message(address: &str, message: &str, signature: &str) -> bool {
    if signature.len() != SIGNATURE_BASE64_LEN {
        return false;
    }
    let mut bytes = [0u8; 66];
    match base64::engine::general_purpose::STANDARD.decode_slice(signature, &mut bytes) {
        Ok(65) => {}
        _ => return false,
    }
    let Ok(decoded) = decode(address) else { return false };
    let header = bytes[0];
    let (family, compressed) = match header {
        27..=30 => (KeyAddressType::P2pkh, false),
        31..=34 => (KeyAddressType::P2pkh, true),
        35..=38 => (KeyAddressType::P2shP2wpkh, true),
        39..=42 => (KeyAddressType::P2wpkh, true),
        _ => return false,
    };
    let family_matches = match &decoded.payload {
        Payload::PubkeyHash(_) => family == KeyAddressType::P2pkh,
        Payload::ScriptHash(_) => family == KeyAddressType::P2shP2wpkh,
        Payload::Witness { version: 0, program } if program.len() == 20 => family == KeyAddressType::P2wpkh,
        _ => false,
    };
    if !family_matches {
        return false;
    }
    let Ok(recovery_id) = RecoveryId::from_i32(i32::from((header - 27) & 3)) else { return false };
    let Ok(signature) = RecoverableSignature::from_compact(&bytes[1..65], recovery_id) else { return false };
    let Ok(public_key) = secp().recover_ecdsa(&Message::from_digest(message_hash(message)), &signature) else { return false };
    let serialized = if compressed { public_key.serialize().to_vec() } else { public_key.serialize_uncompressed().to_vec() };
    Payload::of_key(&serialized, family) == decoded.payload
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_hash_layout() {
        // Core's message_hash test: the magic and the message, each with a one-byte length.
        let mut prefixed = vec![MESSAGE_MAGIC.len() as u8];
        prefixed.extend_from_slice(MESSAGE_MAGIC.as_bytes());
        prefixed.push(3);
        prefixed.extend_from_slice(b"...");
        assert_eq!(message_hash("..."), sha256d::Hash::hash(&prefixed).to_byte_array());
        assert_eq!(MESSAGE_MAGIC.len(), 0x19);
        // Longer than 252 bytes: a 3-byte compact size.
        let long = "x".repeat(300);
        let mut prefixed = vec![0x19];
        prefixed.extend_from_slice(MESSAGE_MAGIC.as_bytes());
        prefixed.extend_from_slice(&[0xfd, 0x2c, 0x01]);
        prefixed.extend_from_slice(long.as_bytes());
        assert_eq!(message_hash(&long), sha256d::Hash::hash(&prefixed).to_byte_array());
    }

    #[test]
    fn each_family_verifies_only_against_its_address() {
        let wif = "cPsZQu3vG7RtqZk9nfq2ufnspK1vy6MWt3kp2VmZ9hPzpjK4Zfjm";
        let info = super::super::wif_to_key(wif, Some(super::super::Network::Regtest)).unwrap();
        for &t in KeyAddressType::ALL {
            let sig = sign_message(wif, "m", t).unwrap();
            for &u in KeyAddressType::ALL {
                assert_eq!(verify_message(&info.address(u).unwrap(), "m", &sig), t == u, "{t} signature, {u} address");
            }
            assert!(!verify_message(&info.address(t).unwrap(), "n", &sig));
            // unpadded base64 is refused
            assert!(!verify_message(&info.address(t).unwrap(), "m", sig.trim_end_matches('=')));
        }
    }

    #[test]
    fn uncompressed_keys_sign_p2pkh_only() {
        let wif = "92dzMkJxPWn99ZQ7b6rWZQCKybwqWVvyDirELp6Xb4ZsbGwGnUh";
        let sig = sign_message(wif, "m", KeyAddressType::P2pkh).unwrap();
        let bytes = base64::engine::general_purpose::STANDARD.decode(&sig).unwrap();
        assert!((27..=30).contains(&bytes[0]));
        let e = sign_message(wif, "m", KeyAddressType::P2wpkh).unwrap_err();
        assert_eq!(e.field(), Some("address_type"));
    }
}
