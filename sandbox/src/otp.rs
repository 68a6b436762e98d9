//! The sandbox's blockchain-bound one-time codes — a sandbox convention;
//! nothing about the real service's algorithm is known.
//!
//! `code = HOTP-truncate(HMAC-SHA256(secret, UTF8(signature) ‖ 0x00 ‖ tipHashHex ‖ 0x00 ‖ step)) mod 10⁶`,
//! valid for the last 3 active-chain blocks and the current or previous 300-second step.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// Length of one time step in seconds.
pub const STEP_SECONDS: u64 = 300;
/// A code is valid while its block is one of the last this many active-chain blocks.
pub const VALID_FOR_BLOCKS: u64 = 3;

/// The time step of a Unix time.
pub fn step_of(unix_seconds: u64) -> u64 {
    unix_seconds / STEP_SECONDS
}

/// The latest possible expiry of a code issued in `step`: the end of the next step.
pub fn expires_at(step: u64) -> u64 {
    (step + 2) * STEP_SECONDS
}

/// RFC 4226 §5.3 dynamic truncation: offset = low 4 bits of the last byte, then the 31-bit
/// big-endian number at that offset.
pub fn dynamic_truncation(mac: &[u8]) -> u32 {
    let offset = (mac[mac.len() - 1] & 0x0f) as usize;
    u32::from_be_bytes([mac[offset], mac[offset + 1], mac[offset + 2], mac[offset + 3]]) & 0x7fff_ffff
}

/// Six zero-padded decimal digits of a truncated value.
pub fn six_digits(truncated: u32) -> String {
    format!("{:06}", truncated % 1_000_000)
}

/// The code for one signature, tip hash and step.
pub fn code(secret: &[u8], signature: &str, tip_hash_hex: &str, step: u64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(signature.as_bytes());
    mac.update(&[0]);
    mac.update(tip_hash_hex.as_bytes());
    mac.update(&[0]);
    mac.update(step.to_string().as_bytes());
    six_digits(dynamic_truncation(&mac.finalize().into_bytes()))
}

/// Whether `candidate` is the code of `signature` for one of `recent_hashes` (the last 3
/// active-chain blocks) in the current or the previous step. Every combination is computed and
/// compared in constant time, so the answer's timing does not depend on which one matched.
pub fn verify(secret: &[u8], signature: &str, candidate: &str, recent_hashes: &[String], current_step: u64) -> bool {
    let mut matched = subtle::Choice::from(0u8);
    for hash in recent_hashes {
        for step in [current_step, current_step.saturating_sub(1)] {
            let expected = code(secret, signature, hash, step);
            matched |= expected.as_bytes().ct_eq(candidate.as_bytes());
        }
    }
    matched.into()
}

/// Whether a code has the shape U1 issues (exactly six ASCII digits).
pub fn is_well_formed(code: &str) -> bool {
    code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIGNATURE: &str = "IM3gNC/SO9K5KAAu0Sm/5AKQErPokqfSPqBUzyv2yjXKXqGb9Bj8QWq8RyPaV0CcouY8qHO7vDTVefYc14Ok1CM=";
    const TIP: &str = "c53985af60926b43deae3eb60dab4eab0a8efec0e4f6194764a582ddcbf0892f";

    #[test]
    fn pinned_example() {
        // a wallet signature, the tip of block 506 of the bootstrap chain, step 5984351.
        assert_eq!(code(b"sandbox-otp-secret", SIGNATURE, TIP, 5_984_351), "023971");
    }

    fn hex(s: &str) -> Vec<u8> {
        hex::decode(s).unwrap()
    }

    #[test]
    fn truncation_matches_rfc_4226_appendix_d() {
        // HMAC-SHA-1("12345678901234567890", count) and the resulting 6-digit HOTP values.
        let vectors = [
            ("cc93cf18508d94934c64b65d8ba7667fb7cde4b0", 0x4c93cf18, "755224"),
            ("75a48a19d4cbe100644e8ac1397eea747a2d33ab", 0x41397eea, "287082"),
            ("0bacb7fa082fef30782211938bc1c5e70416ff44", 0x082fef30, "359152"),
            ("66c28227d03a2d5529262ff016a1e6ef76557ece", 0x66ef7655, "969429"),
            ("a904c900a64b35909874b33e61c5938a8e15ed1c", 0x61c5938a, "338314"),
            ("a37e783d7b7233c083d4f62926c7a25f238d0316", 0x33c083d4, "254676"),
            ("bc9cd28561042c83f219324d3c607256c03272ae", 0x7256c032, "287922"),
            ("a4fb960c0bc06e1eabb804e5b397cdc4b45596fa", 0x04e5b397, "162583"),
            ("1b3c89f65e6c9e883012052823443f048b4332db", 0x2823443f, "399871"),
            ("1637409809a679dc698207310c8c7fc07290d9e5", 0x2679dc69, "520489"),
        ];
        for (mac, truncated, hotp) in vectors {
            assert_eq!(dynamic_truncation(&hex(mac)), truncated, "{mac}");
            assert_eq!(six_digits(dynamic_truncation(&hex(mac))), hotp, "{mac}");
        }
        // RFC 4226 §5.4 example: offset 0xa → 0x50ef7f19 → 872921.
        let example = hex("1f8698690e02ca16618550ef7f19da8e945b555a");
        assert_eq!(dynamic_truncation(&example), 0x50ef7f19);
        assert_eq!(six_digits(dynamic_truncation(&example)), "872921");
    }

    #[test]
    fn truncation_clears_the_top_bit_and_uses_the_last_offset() {
        let mut mac = [0xffu8; 32];
        mac[31] = 0xff; // offset 15
        assert_eq!(dynamic_truncation(&mac), 0x7fff_ffff);
        assert_eq!(six_digits(5), "000005");
    }

    #[test]
    fn verify_window_is_three_blocks_and_two_steps() {
        let secret = b"s";
        let hashes: Vec<String> = ["aa", "bb", "cc"].iter().map(|s| s.repeat(32)).collect();
        let step = 1000;
        for hash in &hashes {
            for s in [step, step - 1] {
                let c = code(secret, SIGNATURE, hash, s);
                assert!(verify(secret, SIGNATURE, &c, &hashes, step));
            }
        }
        // Two steps back, a fourth block, another signature or another secret: refused
        // (the inputs are fixed, so no accidental 1-in-10⁶ collision can make this flaky).
        let old = code(secret, SIGNATURE, &hashes[0], step - 2);
        assert!(!verify(secret, SIGNATURE, &old, &hashes, step));
        let fourth = code(secret, SIGNATURE, &"dd".repeat(32), step);
        assert!(!verify(secret, SIGNATURE, &fourth, &hashes, step));
        let c = code(secret, SIGNATURE, &hashes[0], step);
        assert!(!verify(secret, "other", &c, &hashes, step));
        assert!(!verify(b"t", SIGNATURE, &c, &hashes, step));
        assert!(!verify(secret, SIGNATURE, "12345", &hashes, step));
    }

    #[test]
    fn codes_depend_on_every_input() {
        let base = code(b"k", "sig", TIP, 7);
        // The 0x00 separators keep (sig, hash) boundaries unambiguous.
        assert_ne!(code(b"k", "sig\0c", &TIP[1..], 7), base);
        assert_eq!(base.len(), 6);
        assert_eq!(step_of(1_795_305_303), 5_984_351);
        assert_eq!(expires_at(5_984_351), 1_795_305_900);
        assert!(is_well_formed("023971"));
        assert!(!is_well_formed("23971"));
        assert!(!is_well_formed("02397a"));
        assert!(!is_well_formed("０23971"));
    }
}
