//! The id of a signed transaction, computed locally ([`transaction_id`]): what lets
//! `broadcast_transaction` be repeated safely and a broadcast whose answer was lost be looked up.

use crate::Error;

/// The longest transaction hex [`transaction_id`] reads: 2 MiB of text, a transaction of 1 MiB,
/// more than the 400 000 weight units a node relays allow (at most 400 kB of bytes).
pub const MAX_RAW_TRANSACTION_HEX_LEN: usize = 2 * 1024 * 1024;

/// The flag bit of Litecoin's MWEB extension in a transaction's flag byte (after the `00`
/// marker that segwit introduced); bit 0 is segwit's witness flag.
const MWEB_FLAG: u8 = 0x08;
const WITNESS_FLAG: u8 = 0x01;

/// The transaction id (txid) of a signed (or unsigned) transaction given in hex, computed
/// locally: the double SHA-256 of the transaction without its witnesses, in display byte order
/// (lower-case hex), as Litecoin Core and `broadcast_transaction` report it.
///
/// Legacy and segwit serialisations are read (by the `bitcoin` crate's consensus rules, which
/// Litecoin shares for these forms). The text must be exactly one transaction: hex digits of
/// either case, no spaces or prefix, at most [`MAX_RAW_TRANSACTION_HEX_LEN`] characters. Every
/// count in it is checked against the bytes that follow before anything is decoded, so a
/// hostile count never makes a large allocation.
///
/// **Litecoin MWEB transactions are refused**: a transaction whose flag byte has the MWEB bit
/// (`0x08`) carries extension data this function does not parse, and the id of a transaction
/// that lives only in the extension block comes from its MWEB kernel, not from its bytes. The
/// error says so; such a transaction can still be broadcast, but without the local id (see
/// `broadcast_transaction`).
///
/// Errors are `invalid_input` naming `raw_tx_hex`, and never quote the text.
///
/// ```
/// // a coinbase-style transaction with one input and one output
/// let hex = "01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff0704ffff001d0104ffffffff0100f2052a0100000043410496b538e853519c726a2c91e61ec11600ae1390813a627c66fb8be7947be63c52da7589379515d4e0a604f8141781e62294721166bf621e73a82cbf2342c858eeac00000000";
/// assert_eq!(
///     wallet_sdk::offline::transaction_id(hex)?,
///     "0e3e2357e806b6cdb1f70b54c3a3a17b6714ee1f0e68bebb44a74b1efd512098"
/// );
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn transaction_id(raw_tx_hex: &str) -> Result<String, Error> {
    Ok(decode_transaction(raw_tx_hex, "raw_tx_hex")?.compute_txid().to_string())
}

/// The transaction of a hex text (checked as [`transaction_id`] checks it); errors name
/// `field` and never quote the text.
pub(crate) fn decode_transaction(hex: &str, field: &str) -> Result<bitcoin::Transaction, Error> {
    let invalid = |why: &str| Error::invalid_input(field, why);
    let bytes = transaction_bytes(hex, &invalid)?;
    bitcoin::consensus::deserialize(&bytes).map_err(|_| invalid("is not a transaction: it does not decode with the consensus rules"))
}

/// The bytes of the hex, once its length, its digits and its layout are known to be right.
fn transaction_bytes(hex: &str, invalid: &dyn Fn(&str) -> Error) -> Result<Vec<u8>, Error> {
    if hex.is_empty() {
        return Err(invalid("it is required and must not be empty"));
    }
    if hex.len() > MAX_RAW_TRANSACTION_HEX_LEN {
        return Err(invalid(&format!(
            "is {} characters long, more than the {MAX_RAW_TRANSACTION_HEX_LEN} read (a transaction of 1 MiB)",
            hex.len()
        )));
    }
    if let Some(at) = hex.bytes().position(|b| !b.is_ascii_hexdigit()) {
        return Err(invalid(&format!("must be hex digits only (character {at} is not)")));
    }
    if !hex.len().is_multiple_of(2) {
        return Err(invalid("has an odd number of hex digits"));
    }
    let bytes = super::keys::from_hex(hex).ok_or_else(|| invalid("must be hex digits only"))?;
    check_layout(&bytes).map_err(|why| invalid(&why))?;
    Ok(bytes)
}

/// Follows the serialisation's counts (inputs, outputs, scripts, witness items) without
/// keeping anything: each one must fit in the bytes left, and the last byte must end the
/// transaction.
fn check_layout(bytes: &[u8]) -> Result<(), String> {
    let short = || "is not a transaction: it ends early or a count in it is larger than what follows".to_string();
    let mut at = Cursor { bytes, at: 4 };
    if bytes.len() < 10 {
        return Err(short());
    }
    let mut flags = 0u8;
    if bytes[4] == 0 {
        // segwit's marker: a flag byte follows
        flags = bytes[5];
        if flags & MWEB_FLAG != 0 {
            return Err("is a Litecoin MWEB transaction (its flag byte has the MWEB bit 0x08): its id cannot be \
                        computed locally, since the SDK does not read MWEB extension data"
                .to_string());
        }
        if flags != WITNESS_FLAG {
            return Err(format!("is not a transaction: unknown flag byte 0x{flags:02x}"));
        }
        at.at = 6;
    }
    let inputs = at.count(41).ok_or_else(short)?;
    for _ in 0..inputs {
        at.skip(36).ok_or_else(short)?;
        at.script().ok_or_else(short)?;
        at.skip(4).ok_or_else(short)?;
    }
    let outputs = at.count(9).ok_or_else(short)?;
    for _ in 0..outputs {
        at.skip(8).ok_or_else(short)?;
        at.script().ok_or_else(short)?;
    }
    if flags & WITNESS_FLAG != 0 {
        for _ in 0..inputs {
            let items = at.count(1).ok_or_else(short)?;
            for _ in 0..items {
                at.script().ok_or_else(short)?;
            }
        }
    }
    at.skip(4).ok_or_else(short)?;
    if at.at != bytes.len() {
        return Err(format!("is not one transaction: {} bytes follow its end", bytes.len() - at.at));
    }
    Ok(())
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn skip(&mut self, n: u64) -> Option<()> {
        let end = self.at.checked_add(usize::try_from(n).ok()?)?;
        (end <= self.bytes.len()).then(|| self.at = end)
    }

    /// A compact-size number of items each at least `min_size` bytes long, when that many fit.
    fn count(&mut self, min_size: u64) -> Option<u64> {
        let first = *self.bytes.get(self.at)?;
        self.at += 1;
        let width = match first {
            0xFD => 2,
            0xFE => 4,
            0xFF => 8,
            small => return self.fits(u64::from(small), min_size),
        };
        let raw = self.bytes.get(self.at..self.at + width)?;
        self.at += width;
        let n = raw.iter().rev().fold(0u64, |n, b| (n << 8) | u64::from(*b));
        self.fits(n, min_size)
    }

    fn fits(&self, n: u64, min_size: u64) -> Option<u64> {
        let left = (self.bytes.len() - self.at) as u64;
        (n.checked_mul(min_size)? <= left).then_some(n)
    }

    /// A length-prefixed byte string (script, witness item).
    fn script(&mut self) -> Option<()> {
        let len = self.count(1)?;
        self.skip(len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A signed P2WPKH spend (BIP143's native P2WPKH example, signed form) and its txid.
    const SEGWIT: &str = "01000000000102fff7f7881a8099afa6940d42d1e7f6362bec38171ea3edf433541db4e4ad969f00000000494830450221008b9d1dc26ba6a9cb62127b02742fa9d754cd3bebf337f7a55d114c8e5cdd30be022040529b194ba3f9281a99f2b1c0a19c0489bc22ede944ccf4ecbab4cc618ef3ed01eeffffffef51e1b804cc89d182d279655c3aa89e815b1b309fe287d9b2b55d57b90ec68a0100000000ffffffff02202cb206000000001976a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac9093510d000000001976a9143bde42dbee7e4dbe6a21b2d50ce2f0167faa815988ac000247304402203609e17b84f6a7d30c80bfa610b5b4542f32a8a0d5447a12fb1366d7f01cc44a0220573a954c4518331561406f90300e8f3358f51928d43c212a8caed02de67eebee0121025476c2e83188368da1ff3e292e7acafcdb3566bb0ad253f62fc70f07aeeea35711000000";

    #[test]
    fn segwit_ids_leave_the_witness_out() {
        assert_eq!(transaction_id(SEGWIT).unwrap(), "e8151a2af31c368a35053ddd4bdb285a8595c769a3ad83e0fa02314a602d4609");
        assert_eq!(transaction_id(&SEGWIT.to_uppercase()).unwrap(), transaction_id(SEGWIT).unwrap());
    }

    #[test]
    fn refusals_name_the_input_and_never_quote_it() {
        let mweb = format!("{}0008{}", &SEGWIT[..8], &SEGWIT[12..]);
        let cases = [
            ("", "invalid input `raw_tx_hex`: it is required and must not be empty"),
            ("0200zz", "invalid input `raw_tx_hex`: must be hex digits only (character 4 is not)"),
            ("020", "invalid input `raw_tx_hex`: has an odd number of hex digits"),
            ("0200aa", "invalid input `raw_tx_hex`: is not a transaction: it ends early or a count in it is larger than what follows"),
            (mweb.as_str(), "invalid input `raw_tx_hex`: is a Litecoin MWEB transaction (its flag byte has the MWEB bit 0x08): its id cannot be computed locally, since the SDK does not read MWEB extension data"),
        ];
        for (hex, want) in cases {
            let e = transaction_id(hex).unwrap_err();
            assert_eq!(e.to_string(), want);
            assert_eq!(e.field(), Some("raw_tx_hex"));
        }
        let extra = format!("{SEGWIT}00");
        assert_eq!(transaction_id(&extra).unwrap_err().to_string(), "invalid input `raw_tx_hex`: is not one transaction: 1 bytes follow its end");
        let odd_flag = format!("{}0002{}", &SEGWIT[..8], &SEGWIT[12..]);
        assert!(transaction_id(&odd_flag).unwrap_err().to_string().contains("unknown flag byte 0x02"));
        let big = "00".repeat(MAX_RAW_TRANSACTION_HEX_LEN / 2 + 1);
        assert!(transaction_id(&big).unwrap_err().to_string().contains("more than the 2097152 read"));
    }

    #[test]
    fn a_huge_count_is_refused_before_decoding() {
        // version, then 0xFF: 2^64-1 inputs announced by nine bytes
        let hex = format!("02000000ff{}00000000", "ff".repeat(8));
        assert!(transaction_id(&hex).unwrap_err().to_string().contains("ends early or a count"));
        // every prefix of a real transaction is refused, none panics
        for end in (0..SEGWIT.len()).step_by(2) {
            assert!(transaction_id(&SEGWIT[..end]).is_err(), "{end}");
        }
    }
}
