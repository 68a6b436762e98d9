//! The cursor: the stream's state as signed text, which detects changes and never supplies an
//! amount or an address.


use base64::Engine as _;

use crate::error::{Error, Result};
use crate::state_key::{Purpose, TAG_LEN};

use super::*;

pub(super) fn bad_cursor(why: impl std::fmt::Display) -> Error {
    Error::invalid_input("cursor", why)
}

/// Encodes a state as cursor text, signed with the client's state key.
pub(super) fn encode(state: &State, rules: &Rules) -> String {
    let mut b = Vec::with_capacity(64);
    b.push(CURSOR_VERSION);
    b.extend_from_slice(&rules.tag);
    b.push(u8::try_from(state.anchor.len().min(ANCHORS)).unwrap_or(0));
    for k in state.anchor.iter().take(ANCHORS) {
        b.extend_from_slice(&k.to_le_bytes());
    }
    let seen = &state.seen[..state.seen.len().min(MAX_SEEN)];
    b.extend_from_slice(&u16::try_from(seen.len()).unwrap_or(0).to_le_bytes());
    for k in seen {
        b.extend_from_slice(&k.to_le_bytes());
    }
    let tracked = &state.tracked[..state.tracked.len().min(MAX_TRACKED)];
    b.extend_from_slice(&u16::try_from(tracked.len()).unwrap_or(0).to_le_bytes());
    for t in tracked {
        b.extend_from_slice(&t.txid);
        let address = t.address.as_deref().filter(|a| a.len() <= MAX_ADDRESS_LEN);
        let flags = u8::from(t.send)
            | u8::from(t.vout.is_some()) << 1
            | u8::from(t.block.is_some()) << 2
            | u8::from(t.confirmed) << 3
            | u8::from(address.is_some()) << 4
            | u8::from(t.gone) << 5;
        b.push(flags);
        if let Some(v) = t.vout {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&t.amount.to_le_bytes());
        b.extend_from_slice(&t.confirmations.to_le_bytes());
        if let Some(h) = t.block {
            b.extend_from_slice(&h);
        }
        if let Some(a) = address {
            b.push(u8::try_from(a.len()).unwrap_or(0));
            b.extend_from_slice(a.as_bytes());
        }
    }
    let signature = rules.key.tag(Purpose::Cursor, &b);
    b.extend_from_slice(&signature);
    format!("{CURSOR_PREFIX}{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&b))
}

/// The body's first byte.
pub(super) const CURSOR_VERSION: u8 = 2;

/// Reads bytes of a cursor body, never past its end.
pub(super) struct Reader<'a> {
    pub(super) bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.bytes.len() < n {
            return Err(bad_cursor("the cursor is cut short"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }
    pub(super) fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    pub(super) fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        Ok(self.take(N)?.try_into().expect("N bytes"))
    }
    pub(super) fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    pub(super) fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(self.array()?))
    }
}

/// Decodes cursor text for the wallet of `rules`; every malformed, forged or oversized cursor
/// is an `invalid_input` error naming `cursor`. The work is bounded by [`MAX_CURSOR_LEN`].
pub(super) fn decode(text: &str, rules: &Rules) -> Result<State> {
    if text.len() > MAX_CURSOR_LEN {
        return Err(bad_cursor(format!("a cursor is at most {MAX_CURSOR_LEN} characters, this one has {}", text.len())));
    }
    let Some(body) = text.strip_prefix(CURSOR_PREFIX) else {
        return Err(bad_cursor("not a cursor of watch_wallet (or one of a newer format)"));
    };
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|_| bad_cursor("the cursor is not valid base64url"))?;
    if bytes.len() < 1 + TAG_LEN {
        return Err(bad_cursor("the cursor is cut short"));
    }
    let (payload, signature) = bytes.split_at(bytes.len() - TAG_LEN);
    if !rules.key.verifies(Purpose::Cursor, payload, signature) {
        return Err(bad_cursor(
            "the cursor's signature does not match: it was changed or cut, or signed with another state key (a client \
             without `state_key` signs with a random key of its process, so its cursors resume only there)",
        ));
    }
    let mut r = Reader { bytes: payload };
    if r.u8()? != CURSOR_VERSION {
        return Err(bad_cursor("unknown cursor version"));
    }
    if r.array::<4>()? != rules.tag {
        return Err(bad_cursor("the cursor belongs to another wallet"));
    }
    let anchors = usize::from(r.u8()?);
    if anchors > ANCHORS {
        return Err(bad_cursor("too many anchors"));
    }
    let mut state = State::default();
    for _ in 0..anchors {
        state.anchor.push(r.u64()?);
    }
    let seen = usize::from(r.u16()?);
    if seen > MAX_SEEN {
        return Err(bad_cursor(format!("more than {MAX_SEEN} handled entries")));
    }
    for _ in 0..seen {
        state.seen.push(r.u64()?);
    }
    let tracked = usize::from(r.u16()?);
    if tracked > MAX_TRACKED {
        return Err(bad_cursor(format!("more than {MAX_TRACKED} followed entries")));
    }
    for _ in 0..tracked {
        let txid = r.array::<32>()?;
        let flags = r.u8()?;
        if flags & 0b1100_0000 != 0 {
            return Err(bad_cursor("unknown entry flags"));
        }
        let vout = if flags & 2 != 0 { Some(u32::from_le_bytes(r.array()?)) } else { None };
        let amount = i64::from_le_bytes(r.array()?);
        let confirmations = i32::from_le_bytes(r.array()?);
        let block = if flags & 4 != 0 { Some(r.array::<8>()?) } else { None };
        let address = if flags & 16 != 0 {
            let len = usize::from(r.u8()?);
            let raw = r.take(len)?;
            let text = std::str::from_utf8(raw).ok().and_then(|a| storable_address(Some(a)));
            Some(text.ok_or_else(|| bad_cursor("an address in the cursor is not printable ASCII"))?)
        } else {
            None
        };
        state.tracked.push(Tracked {
            txid,
            send: flags & 1 != 0,
            vout,
            address,
            amount,
            confirmations,
            block,
            confirmed: flags & 8 != 0,
            gone: flags & 32 != 0,
        });
    }
    if !r.bytes.is_empty() {
        return Err(bad_cursor("unexpected bytes after the cursor's content"));
    }
    Ok(state)
}
