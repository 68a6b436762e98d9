//! [`parse_input`]: what a pasted or scanned text is (address, payment URI, key, phrase,
//! transaction), without ever keeping a secret it may be.

use bitcoin::secp256k1::{PublicKey, SecretKey};

use super::address::{decode_base58_check, Base58};
use super::keys::from_hex;
use super::mnemonic::phrase_shape;
use super::payment::{parse_payment_uri, URI_SCHEME};
use super::{parse_address, wif_to_key, InputKind, Network, ParsedInput};

/// The longest text [`parse_input`] reads (1 MiB): the hex of a transaction of 512 KiB, more
/// than a standard transaction's 400 000 weight units allow. Longer text is
/// [`InputKind::Unknown`].
pub const MAX_INPUT_LEN: usize = 1 << 20;

impl ParsedInput {
    fn of(kind: InputKind) -> ParsedInput {
        ParsedInput {
            kind,
            is_secret: kind.is_secret(),
            network: None,
            address: None,
            payment_request: None,
            compressed: None,
            mnemonic_valid: None,
            word_count: None,
            depth: None,
            txid: None,
            problem: None,
        }
    }
}

impl InputKind {
    /// `true` for the kinds that are secrets (WIF, phrase, extended private key, and 64 hex
    /// digits, which may be a raw private key): a wallet may warn that such a text should not be
    /// shared, pasted or shown.
    pub fn is_secret(self) -> bool {
        matches!(self, InputKind::Wif | InputKind::Mnemonic | InputKind::ExtendedPrivateKey | InputKind::TxidOrPrivateKey)
    }
}

/// Says what a pasted or scanned text is, trying these in order on the text without its
/// surrounding white space (the first that fits wins):
///
/// 1. a payment URI: the scheme `litecoin:` in any case ([`parse_payment_uri`]);
/// 2. an address ([`parse_address`](super::parse_address)), of any kind and network;
/// 3. a WIF private key: network and compression only;
/// 4. a BIP39 phrase: 12 to 24 words all of the English list (read as
///    [`validate_mnemonic`](super::validate_mnemonic) reads them): word count and validity only;
/// 5. an extended public key (`xpub`, `ypub`, `zpub`, `Ltub`, `Mtub`; `tpub`, `upub`, `vpub`,
///    `ttub` on the test networks): network and depth;
/// 6. an extended private key (`xprv`, `yprv`, `zprv`, `Ltpv`, `Mtpv`; `tprv`, `uprv`,
///    `vprv`, `ttpv`): network only;
/// 7. 64 hex characters: a transaction id or a 32-byte hex private key, which cannot be told
///    apart ([`InputKind::TxidOrPrivateKey`], a secret, never echoed);
/// 8. a raw transaction: hex that decodes as a transaction with `bitcoin`'s consensus rules
///    (Litecoin MWEB transactions, with their extension flag, do not: they are
///    [`InputKind::Unknown`]);
/// 9. anything else, and text longer than [`MAX_INPUT_LEN`]: [`InputKind::Unknown`].
///
/// An address, URI, WIF or extended key of another network keeps its kind, with
/// [`ParsedInput::problem`] saying so. Never fails and never panics; the result never holds a
/// key or a word of a phrase.
///
/// ```
/// use wallet_sdk::offline::{parse_input, InputKind, Network};
///
/// let found = parse_input(" ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w\n", Network::Mainnet);
/// assert_eq!(found.kind, InputKind::Address);
/// assert_eq!(found.address.unwrap().kind.as_str(), "p2wpkh");
///
/// let found = parse_input("T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE", Network::Mainnet);
/// assert_eq!((found.kind, found.compressed), (InputKind::Wif, Some(true)));
/// assert!(found.kind.is_secret() && !format!("{found:?}").contains("T5MZ5z9W"));
///
/// let found = parse_input("litecoin:LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA?amount=2", Network::Testnet);
/// assert_eq!(found.kind, InputKind::PaymentUri);
/// assert!(found.problem.unwrap().contains("wrong network"));
/// ```
pub fn parse_input(text: &str, network: Network) -> ParsedInput {
    if text.len() > MAX_INPUT_LEN {
        let mut found = ParsedInput::of(InputKind::Unknown);
        found.problem = Some(format!("is longer than {MAX_INPUT_LEN} bytes"));
        return found;
    }
    let text = text.trim();
    if text.split_once(':').is_some_and(|(scheme, _)| scheme.eq_ignore_ascii_case(URI_SCHEME)) {
        let mut found = ParsedInput::of(InputKind::PaymentUri);
        match parse_payment_uri(text, network) {
            Ok(request) => {
                found.network = Some(network);
                found.payment_request = Some(request);
            }
            Err(e) => found.problem = Some(e.message().to_string()),
        }
        return found;
    }
    if let Some(found) = address(text, network).or_else(|| wif(text, network)) {
        return found;
    }
    if let Some((words, valid)) = phrase_shape(text) {
        let mut found = ParsedInput::of(InputKind::Mnemonic);
        found.word_count = Some(words);
        found.mnemonic_valid = Some(valid);
        if !valid {
            found.problem = Some("not a valid BIP39 phrase: the word count or the checksum is wrong".into());
        }
        return found;
    }
    if let Some(found) = extended_key(text, network) {
        return found;
    }
    if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        // a raw private key is 64 hex digits too: not echoed
        return ParsedInput::of(InputKind::TxidOrPrivateKey);
    }
    if let Some(txid) = raw_transaction_id(text) {
        let mut found = ParsedInput::of(InputKind::RawTransaction);
        found.txid = Some(txid);
        return found;
    }
    ParsedInput::of(InputKind::Unknown)
}

/// A text of `kind` read for `network` (`read(Some(network))`), or else for its own network
/// (`read(None)`) with the first error as the problem; `None` when it is not of `kind`.
fn of_some_network<T>(
    kind: InputKind,
    network: Network,
    read: impl Fn(Option<Network>) -> crate::Result<T>,
    fill: impl Fn(&mut ParsedInput, T) -> Network,
) -> Option<ParsedInput> {
    let mut found = ParsedInput::of(kind);
    match read(Some(network)) {
        Ok(value) => found.network = Some(fill(&mut found, value)),
        Err(e) => {
            // the details of another network are not given: only its name and the problem
            let own = read(None).ok()?;
            found.network = Some(fill(&mut ParsedInput::of(kind), own));
            found.problem = Some(e.message().to_string());
        }
    }
    Some(found)
}

fn address(text: &str, network: Network) -> Option<ParsedInput> {
    of_some_network(InputKind::Address, network, |n| parse_address(text, n), |found, info| {
        let n = info.network;
        found.address = Some(info);
        n
    })
}

fn wif(text: &str, network: Network) -> Option<ParsedInput> {
    // the key's public half and the info are dropped here; no secret is kept
    of_some_network(InputKind::Wif, network, |n| wif_to_key(text, n), |found, info| {
        found.compressed = Some(info.compressed);
        info.network
    })
}

/// BIP32 version bytes: (version, private, mainnet).
const EXTENDED_KEY_VERSIONS: [(u32, bool, bool); 18] = [
    (0x0488_B21E, false, true), // xpub
    (0x0488_ADE4, true, true),  // xprv
    (0x049D_7CB2, false, true), // ypub
    (0x049D_7878, true, true),  // yprv
    (0x04B2_4746, false, true), // zpub
    (0x04B2_430C, true, true),  // zprv
    (0x019D_A462, false, true), // Ltub
    (0x019D_9CFE, true, true),  // Ltpv
    (0x01B2_6EF6, false, true), // Mtub
    (0x01B2_6792, true, true),  // Mtpv
    (0x0435_87CF, false, false), // tpub
    (0x0435_8394, true, false),  // tprv
    (0x044A_5262, false, false), // upub
    (0x044A_4E28, true, false),  // uprv
    (0x045F_1CF6, false, false), // vpub
    (0x045F_18BC, true, false),  // vprv
    (0x0436_F6E1, false, false), // ttub
    (0x0436_EF7D, true, false),  // ttpv
];

/// An extended key (78 bytes of Base58Check with a known version); the private key is checked
/// and erased, never kept.
fn extended_key(text: &str, network: Network) -> Option<ParsedInput> {
    let Base58::Payload(data) = decode_base58_check(text, 78) else {
        return None;
    };
    if data.len() != 78 {
        return None;
    }
    let version = u32::from_be_bytes([data[0], data[1], data[2], data[3]]);
    let &(_, private, mainnet) = EXTENDED_KEY_VERSIONS.iter().find(|(v, _, _)| *v == version)?;
    let key = &data[45..78];
    let mut found = ParsedInput::of(if private { InputKind::ExtendedPrivateKey } else { InputKind::ExtendedPublicKey });
    let valid_key = if private {
        key[0] == 0 && SecretKey::from_slice(&key[1..]).map(|mut k| k.non_secure_erase()).is_ok()
    } else {
        found.depth = Some(data[4]);
        PublicKey::from_slice(key).is_ok()
    };
    let own = match (mainnet, network) {
        (true, _) => Network::Mainnet,
        (false, Network::Mainnet) => Network::Testnet,
        (false, n) => n,
    };
    found.network = Some(own);
    found.problem = if !valid_key {
        Some("the key data of this extended key is invalid".into())
    } else if own != network {
        Some(format!("wrong network: this is a {own} extended key, not a {network} one"))
    } else {
        None
    };
    Some(found)
}

/// The id of a transaction given in hex, if the hex decodes as one.
fn raw_transaction_id(text: &str) -> Option<String> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let bytes = from_hex(text)?;
    // a walk over the structure first: every count fits in the bytes left, so that the decoder
    // allocates at most a small multiple of the text
    walk_transaction(&bytes)?;
    let tx: bitcoin::Transaction = bitcoin::consensus::deserialize(&bytes).ok()?;
    Some(tx.compute_txid().to_string())
}

/// Reads a serialised transaction's layout without keeping anything; `None` unless it is
/// exactly one transaction (with or without witnesses).
fn walk_transaction(bytes: &[u8]) -> Option<()> {
    /// The smallest input: outpoint (36), empty script (1), sequence (4).
    const MIN_INPUT: usize = 41;
    /// The smallest output: value (8), empty script (1).
    const MIN_OUTPUT: usize = 9;
    let mut r = Reader { bytes, at: 0 };
    r.skip(4)?;
    let mut inputs = r.count(MIN_INPUT)?;
    let segwit = inputs == 0;
    if segwit {
        if r.byte()? != 1 {
            return None;
        }
        inputs = r.count(MIN_INPUT)?;
    }
    for _ in 0..inputs {
        r.skip(36)?;
        r.skip_var_bytes()?;
        r.skip(4)?;
    }
    for _ in 0..r.count(MIN_OUTPUT)? {
        r.skip(8)?;
        r.skip_var_bytes()?;
    }
    if segwit {
        for _ in 0..inputs {
            for _ in 0..r.count(1)? {
                r.skip_var_bytes()?;
            }
        }
    }
    r.skip(4)?;
    (r.at == bytes.len()).then_some(())
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    fn skip(&mut self, n: u64) -> Option<()> {
        let n = usize::try_from(n).ok().filter(|&n| n <= self.left())?;
        self.at += n;
        Some(())
    }

    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    /// A compact-size integer.
    fn var_int(&mut self) -> Option<u64> {
        let width = match self.byte()? {
            0xFD => 2,
            0xFE => 4,
            0xFF => 8,
            b => return Some(u64::from(b)),
        };
        let mut value = 0u64;
        for i in 0..width {
            value |= u64::from(self.byte()?) << (8 * i);
        }
        Some(value)
    }

    /// A count of items of at least `min_size` bytes each, which the bytes left can hold.
    fn count(&mut self, min_size: usize) -> Option<u64> {
        let n = self.var_int()?;
        (n <= (self.left() / min_size) as u64).then_some(n)
    }

    fn skip_var_bytes(&mut self) -> Option<()> {
        let n = self.var_int()?;
        self.skip(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Litecoin Core's key_io_valid.json: a compressed mainnet WIF.
    const WIF: &str = "T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE";
    const ABANDON: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
    // BIP32 test vector 1, master keys.
    const XPRV: &str = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi";
    const XPUB: &str = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8";
    // the genesis coinbase (Bitcoin's; any transaction in Bitcoin's format decodes).
    const GENESIS_TX: &str = "01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000";

    fn no_secret_in(found: &ParsedInput, secret: &str) {
        let debug = format!("{found:?}");
        assert!(!debug.contains(secret), "{debug}");
        for word in ["abandon", "about"] {
            assert!(!debug.contains(word), "{debug}");
        }
    }

    #[test]
    fn secrets_are_recognised_and_never_kept() {
        let found = parse_input(WIF, Network::Mainnet);
        assert_eq!((found.kind, found.network, found.compressed, found.problem.as_deref()), (InputKind::Wif, Some(Network::Mainnet), Some(true), None));
        no_secret_in(&found, &WIF[4..40]);
        let found = parse_input(WIF, Network::Regtest);
        assert_eq!((found.kind, found.network, found.compressed), (InputKind::Wif, Some(Network::Mainnet), None));
        assert!(found.problem.as_deref().unwrap().contains("wrong network"));
        no_secret_in(&found, &WIF[4..40]);

        let found = parse_input(&format!("\n {} ", ABANDON.to_uppercase()), Network::Mainnet);
        assert_eq!((found.kind, found.word_count, found.mnemonic_valid), (InputKind::Mnemonic, Some(12), Some(true)));
        no_secret_in(&found, "ABANDON");
        let found = parse_input(&ABANDON.replace("about", "zoo"), Network::Mainnet);
        assert_eq!((found.kind, found.mnemonic_valid), (InputKind::Mnemonic, Some(false)));
        no_secret_in(&found, "zoo");
        assert_eq!(parse_input("abandon abandon abandon", Network::Mainnet).kind, InputKind::Unknown);

        let found = parse_input(XPRV, Network::Mainnet);
        assert_eq!((found.kind, found.network, found.depth, found.problem.as_deref()), (InputKind::ExtendedPrivateKey, Some(Network::Mainnet), None, None));
        assert!(found.kind.is_secret());
        no_secret_in(&found, &XPRV[4..60]);
        let found = parse_input(XPUB, Network::Testnet);
        assert_eq!((found.kind, found.network, found.depth), (InputKind::ExtendedPublicKey, Some(Network::Mainnet), Some(0)));
        assert!(found.problem.unwrap().contains("wrong network"));
    }

    #[test]
    fn addresses_uris_and_transactions() {
        let found = parse_input("tltc1qpftpsvdn6mjp8celrkj0qxqy4jlapl959rlwg9", Network::Testnet);
        assert_eq!((found.kind, found.network, found.problem), (InputKind::Address, Some(Network::Testnet), None));
        let found = parse_input("mwXn5Vhicdav8Av3KMokx4YNuHoGRKxtWs", Network::Regtest);
        assert_eq!(found.address.unwrap().network, Network::Regtest);
        let found = parse_input("mwXn5Vhicdav8Av3KMokx4YNuHoGRKxtWs", Network::Mainnet);
        assert_eq!((found.kind, found.network, found.address), (InputKind::Address, Some(Network::Testnet), None));

        let found = parse_input("Litecoin:MHrYRxAiMNBTku3eoDHwhA1LQGDjUStZW2?label=x", Network::Mainnet);
        assert_eq!(found.payment_request.unwrap().label.as_deref(), Some("x"));
        let found = parse_input("litecoin:MHrYRxAiMNBTku3eoDHwhA1LQGDjUStZW2?req-x=1", Network::Mainnet);
        assert_eq!((found.kind, found.payment_request), (InputKind::PaymentUri, None));
        assert!(found.problem.unwrap().contains("req-x"));

        let found = parse_input(GENESIS_TX, Network::Mainnet);
        assert_eq!(found.kind, InputKind::RawTransaction);
        let txid = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b";
        assert_eq!(found.txid.as_deref(), Some(txid));
        let found = parse_input(&txid.to_uppercase(), Network::Mainnet);
        assert_eq!((found.kind, found.txid.as_deref()), (InputKind::TxidOrPrivateKey, None));
        assert!(found.kind.is_secret() && !format!("{found:?}").to_lowercase().contains(txid));
        // one byte more or less is no transaction
        assert_eq!(parse_input(&GENESIS_TX[..GENESIS_TX.len() - 2], Network::Mainnet).kind, InputKind::Unknown);
        assert_eq!(parse_input(&format!("{GENESIS_TX}00"), Network::Mainnet).kind, InputKind::Unknown);
        for text in ["", "hello", "bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "01000000", "ff"] {
            assert_eq!(parse_input(text, Network::Mainnet).kind, InputKind::Unknown, "{text}");
        }
        assert_eq!(parse_input(&"0".repeat(MAX_INPUT_LEN + 2), Network::Mainnet).kind, InputKind::Unknown);
    }

    #[test]
    fn counts_that_do_not_fit_are_refused_before_decoding() {
        // version, then 0xffffffff inputs announced in 5 bytes
        assert_eq!(walk_transaction(&[1, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF]), None);
        // segwit marker, then a huge witness item count
        let mut tx = vec![2, 0, 0, 0, 0, 1, 1];
        tx.extend([0u8; 36]);
        tx.extend([0, 0, 0, 0, 0]);
        tx.extend([0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
        assert_eq!(walk_transaction(&tx), None);
    }
}
