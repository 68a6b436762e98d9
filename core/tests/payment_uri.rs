//! Payment URIs, their QR codes and `parse_input` (`wallet_sdk::offline`): a table of valid and
//! invalid URIs (BIP21's and BIP321's examples with Litecoin addresses from
//! `tests/data/offline/vectors.json`), the build → parse round trip on arbitrary requests, QR
//! codes read back by an independent decoder (rqrr), and no secret in what `parse_input` gives.

use proptest::prelude::*;
use wallet_sdk::offline::{
    self, build_payment_uri, parse_input, parse_payment_uri, payment_qr, InputKind, Network, PaymentRequest, QrErrorCorrection,
    QrFormat,
};
use wallet_sdk::Amount;

// valid addresses of vectors.json (parse_address), one of each kind and network
const MAIN_P2PKH: &str = "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA";
const MAIN_P2SH: &str = "MHrYRxAiMNBTku3eoDHwhA1LQGDjUStZW2";
const MAIN_P2WPKH: &str = "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w";
const MAIN_P2WSH: &str = "ltc1qa9dykljtgeayhm8ygx25sc22p0wzgudpe4hw9dyvaz0ye3j5kduq9mf68z";
const MAIN_P2TR: &str = "ltc1ppu2gv0tujus0f6eggrk7eqmaf0567x6zer4fcuhz4z7ztzq9u9yseqxltc";
const MAIN_WITNESS_UNKNOWN: &str = "ltc1zjwls6j8c4u";
const MAIN_MWEB: &str = "ltcmweb1qqfhvyhttgsde9kwdytgxwx6lm3meauf3g7hfvmwnytzyusae8sqxyqs7th32a9h6fwuvu5qnr0e2w9p02vlyksnmmc6wh5krzh4hwqejwvn6u6kt";
const TEST_P2PKH: &str = "mwXn5Vhicdav8Av3KMokx4YNuHoGRKxtWs";
const TEST_P2SH: &str = "QXaUgLHkZcbJb2j5XgMYzY8cF9YM48Y81Z";
const TEST_P2WPKH: &str = "tltc1qpftpsvdn6mjp8celrkj0qxqy4jlapl959rlwg9";
const TEST_P2TR: &str = "tltc1pfnh6ljtrdgk4hh3acvu39a742vaqmd2khnd0tp9d0prcnvpq6zgqn0ecgk";
const REG_P2WPKH: &str = "rltc1q3kquwp848h4juq7rl5q3wqsr29pd3d6wprzz8k";
const REG_WITNESS_UNKNOWN: &str = "rltc1sp4r7tfack86dyy6mhs0ptnzrccdhce92kuvzuna7085xg8qm7kxm0fq7xzfsd889mzm4we";
const TEST_MWEB: &str = "tmweb1qqfhvyhttgsde9kwdytgxwx6lm3meauf3g7hfvmwnytzyusae8sqxyqs7th32a9h6fwuvu5qnr0e2w9p02vlyksnmmc6wh5krzh4hwqejwvjnad2u";

const ADDRESSES: [(&str, Network); 15] = [
    (MAIN_P2PKH, Network::Mainnet),
    (MAIN_P2SH, Network::Mainnet),
    (MAIN_P2WPKH, Network::Mainnet),
    (MAIN_P2WSH, Network::Mainnet),
    (MAIN_P2TR, Network::Mainnet),
    (MAIN_WITNESS_UNKNOWN, Network::Mainnet),
    (MAIN_MWEB, Network::Mainnet),
    (TEST_P2PKH, Network::Testnet),
    (TEST_P2SH, Network::Testnet),
    (TEST_P2WPKH, Network::Testnet),
    (TEST_P2TR, Network::Testnet),
    (TEST_MWEB, Network::Testnet),
    (TEST_P2PKH, Network::Regtest),
    (REG_P2WPKH, Network::Regtest),
    (REG_WITNESS_UNKNOWN, Network::Regtest),
];

/// What a row expects: the request's fields, or the error's field and a part of its message.
enum Want {
    Ok(Req),
    Err(&'static str, &'static str),
}

struct Req {
    address: &'static str,
    amount: Option<i64>,
    label: Option<&'static str>,
    message: Option<&'static str>,
    extras: &'static [(&'static str, &'static str)],
}

const fn req(address: &'static str) -> Req {
    Req { address, amount: None, label: None, message: None, extras: &[] }
}

const fn ok(address: &'static str) -> Want {
    Want::Ok(req(address))
}

fn table() -> Vec<(String, Network, Want)> {
    use Network::*;
    let a = MAIN_P2PKH;
    let legacy_p2sh_now: &'static str = offline::parse_address("3B5fQsEXEaV8v6U3ejYc8XaKXAkyQj2MjV", None).unwrap().address.leak();
    let mut rows = vec![
        // BIP21 / BIP321 examples, with a Litecoin address
        (format!("litecoin:{a}"), Mainnet, ok(a)),
        (format!("litecoin:{a}?label=Luke-Jr"), Mainnet, Want::Ok(Req { label: Some("Luke-Jr"), ..req(a) })),
        (format!("litecoin:{a}?amount=20.3&label=Luke-Jr"), Mainnet, Want::Ok(Req { amount: Some(2_030_000_000), label: Some("Luke-Jr"), ..req(a) })),
        (
            format!("litecoin:{a}?amount=50&label=Luke-Jr&message=Donation%20for%20project%20xyz"),
            Mainnet,
            Want::Ok(Req { amount: Some(5_000_000_000), label: Some("Luke-Jr"), message: Some("Donation for project xyz"), ..req(a) }),
        ),
        (format!("litecoin:{a}?req-somethingyoudontunderstand=50&req-somethingelseyoudontget=999"), Mainnet, Want::Err("uri", "`req-somethingyoudontunderstand`")),
        (
            format!("litecoin:{a}?somethingyoudontunderstand=50&somethingelseyoudontget=999"),
            Mainnet,
            Want::Ok(Req { extras: &[("somethingyoudontunderstand", "50"), ("somethingelseyoudontget", "999")], ..req(a) }),
        ),
        (format!("litecoin:{a}?lightning=lnltc420bogusinvoice"), Mainnet, Want::Ok(Req { extras: &[("lightning", "lnltc420bogusinvoice")], ..req(a) })),
        (format!("litecoin:{a}?label=Luke-Jr&label=Matt"), Mainnet, Want::Err("label", "twice")),
        ("litecoin:?lightning=lnltc420bogusinvoice".into(), Mainnet, Want::Err("address", "empty")),
        ("litecoin:".into(), Mainnet, Want::Err("address", "empty")),
        // BIP321: upper-case QR form, case-insensitive scheme and keys
        (
            format!("LITECOIN:{}?AMOUNT=1&LABEL=Shop&LTC={}", MAIN_P2WPKH.to_uppercase(), MAIN_P2TR.to_uppercase()),
            Mainnet,
            Want::Ok(Req { amount: Some(100_000_000), label: Some("Shop"), extras: &[("ltc", "LTC1PPU2GV0TUJUS0F6EGGRK7EQMAF0567X6ZER4FCUHZ4Z7ZTZQ9U9YSEQXLTC")], ..req(MAIN_P2WPKH) }),
        ),
        (format!("LiteCoin:{MAIN_P2SH}?Message=hi"), Mainnet, Want::Ok(Req { message: Some("hi"), ..req(MAIN_P2SH) })),
        // bare addresses of every kind and network
        (MAIN_P2WPKH.into(), Mainnet, ok(MAIN_P2WPKH)),
        (format!("  {a}\n"), Mainnet, ok(a)),
        (format!("litecoin:{MAIN_MWEB}?amount=0.1"), Mainnet, Want::Ok(Req { amount: Some(10_000_000), ..req(MAIN_MWEB) })),
        (format!("litecoin:{TEST_MWEB}"), Regtest, ok(TEST_MWEB)),
        (format!("litecoin:{TEST_P2WPKH}"), Testnet, ok(TEST_P2WPKH)),
        (format!("litecoin:{REG_P2WPKH}"), Regtest, ok(REG_P2WPKH)),
        (format!("litecoin:{TEST_P2PKH}"), Regtest, ok(TEST_P2PKH)),
        (format!("litecoin:{TEST_P2SH}"), Testnet, ok(TEST_P2SH)),
        (format!("litecoin:{MAIN_WITNESS_UNKNOWN}"), Mainnet, ok(MAIN_WITNESS_UNKNOWN)),
        // legacy P2SH is given in its current form
        ("litecoin:3B5fQsEXEaV8v6U3ejYc8XaKXAkyQj2MjV".into(), Mainnet, ok(legacy_p2sh_now)),
        // addresses that are not for this network, or not Litecoin's
        (format!("litecoin:{TEST_P2WPKH}"), Mainnet, Want::Err("address", "wrong network")),
        (format!("litecoin:{REG_P2WPKH}"), Testnet, Want::Err("address", "wrong network")),
        ("litecoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2".into(), Mainnet, Want::Err("address", "Bitcoin")),
        ("litecoin:ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4x".into(), Mainnet, Want::Err("address", "checksum")),
        (format!("bitcoin:{a}"), Mainnet, Want::Err("uri", "`bitcoin:`")),
        (format!("litecoin://{a}"), Mainnet, Want::Err("address", "")),
        (format!("litecoin:{a}#x"), Mainnet, Want::Err("uri", "fragment")),
        // amounts
        (format!("litecoin:{a}?amount=.5"), Mainnet, Want::Ok(Req { amount: Some(50_000_000), ..req(a) })),
        (format!("litecoin:{a}?amount=1."), Mainnet, Want::Ok(Req { amount: Some(100_000_000), ..req(a) })),
        (format!("litecoin:{a}?amount=0.00000001"), Mainnet, Want::Ok(Req { amount: Some(1), ..req(a) })),
        (format!("litecoin:{a}?amount=84000000"), Mainnet, Want::Ok(Req { amount: Some(8_400_000_000_000_000), ..req(a) })),
        (format!("litecoin:{a}?amount=84000000.00000001"), Mainnet, Want::Err("amount", "84000000")),
        (format!("litecoin:{a}?amount=0.000000001"), Mainnet, Want::Err("amount", "8 decimals")),
        (format!("litecoin:{a}?amount=0"), Mainnet, Want::Err("amount", "greater than zero")),
        (format!("litecoin:{a}?amount=50,000.00"), Mainnet, Want::Err("amount", "digits")),
        (format!("litecoin:{a}?amount=1e-3"), Mainnet, Want::Err("amount", "exponent")),
        (format!("litecoin:{a}?amount=-1"), Mainnet, Want::Err("amount", "sign")),
        (format!("litecoin:{a}?amount=+1"), Mainnet, Want::Err("amount", "sign")),
        (format!("litecoin:{a}?amount=."), Mainnet, Want::Err("amount", "digits")),
        (format!("litecoin:{a}?amount="), Mainnet, Want::Err("amount", "digits")),
        (format!("litecoin:{a}?amount=1.2.3"), Mainnet, Want::Err("amount", "one `.`")),
        (format!("litecoin:{a}?amount=%31"), Mainnet, Want::Err("amount", "digits")),
        (format!("litecoin:{a}?amount=1%20"), Mainnet, Want::Err("amount", "spaces")),
        (format!("litecoin:{a}?amount=1&amount=1"), Mainnet, Want::Err("amount", "twice")),
        // percent-encoding, `+`, keys
        (format!("litecoin:{a}?label=%E2%82%AC%20caf%C3%A9"), Mainnet, Want::Ok(Req { label: Some("€ café"), ..req(a) })),
        (format!("litecoin:{a}?label=a+b"), Mainnet, Want::Ok(Req { label: Some("a+b"), ..req(a) })),
        (format!("litecoin:{a}?label=%C3"), Mainnet, Want::Err("label", "UTF-8")),
        (format!("litecoin:{a}?message=%zz"), Mainnet, Want::Err("message", "percent")),
        (format!("litecoin:{a}?message=a&MESSAGE=b"), Mainnet, Want::Err("message", "twice")),
        (format!("litecoin:{a}?label"), Mainnet, Want::Ok(Req { label: Some(""), ..req(a) })),
        (format!("litecoin:{a}?&&label=x&"), Mainnet, Want::Ok(Req { label: Some("x"), ..req(a) })),
        (format!("litecoin:{a}?=x"), Mainnet, Want::Err("uri", "empty key")),
        (format!("litecoin:{a}?foo&bar="), Mainnet, Want::Ok(Req { extras: &[("foo", ""), ("bar", "")], ..req(a) })),
        (format!("litecoin:{a}?FOO=1&foo=2"), Mainnet, Want::Ok(Req { extras: &[("foo", "1"), ("foo", "2")], ..req(a) })),
        (format!("litecoin:{a}?%61mount=2"), Mainnet, Want::Ok(Req { amount: Some(200_000_000), ..req(a) })),
        (format!("litecoin:{a}?lightning=a%26b%3Dc"), Mainnet, Want::Ok(Req { extras: &[("lightning", "a&b=c")], ..req(a) })),
        (format!("litecoin:{a}?x=%FF"), Mainnet, Want::Err("uri", "UTF-8")),
        (format!("litecoin:{a}?%FF=1"), Mainnet, Want::Err("uri", "UTF-8")),
        // proof of payment (BIP321): `pop` once, `req-pop` not implemented
        (format!("litecoin:{a}?pop=myapp%3Apaid"), Mainnet, Want::Ok(Req { extras: &[("pop", "myapp:paid")], ..req(a) })),
        (format!("litecoin:{a}?pop=a%3A&pop=b%3A"), Mainnet, Want::Err("uri", "`pop` appears twice")),
        (format!("litecoin:{a}?req-pop=myapp%3A"), Mainnet, Want::Err("uri", "`req-pop`")),
        (format!("litecoin:{a}?req-{}=1", "x".repeat(40)), Mainnet, Want::Err("uri", "44 characters")),
    ];
    rows.push((format!("litecoin:{a}?message={}", "x".repeat(offline::MAX_URI_LEN)), Mainnet, Want::Err("uri", "longer than 16384 bytes")));
    rows
}

#[test]
fn uri_table() {
    let rows = table();
    assert!(rows.len() >= 30);
    for (uri, network, want) in rows {
        let got = parse_payment_uri(&uri, network);
        match (want, got) {
            (Want::Ok(Req { address, amount, label, message, extras }), Ok(request)) => {
                let expected = PaymentRequest {
                    address: address.into(),
                    network,
                    amount: amount.map(Amount::from_litoshis),
                    label: label.map(Into::into),
                    message: message.map(Into::into),
                    extras: extras.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
                };
                assert_eq!(request, expected, "{uri}");
                // what is read is written back the same way, and read again to the same request
                let built = build_payment_uri(&request.address, request.amount, request.label.as_deref(), request.message.as_deref(), &request.extras, network).unwrap();
                assert_eq!(parse_payment_uri(&built, network).unwrap(), request, "{uri} -> {built}");
            }
            (Want::Err(field, part), Err(e)) => {
                assert_eq!(e.kind(), wallet_sdk::ErrorKind::InvalidInput, "{uri}");
                assert_eq!(e.field(), Some(field), "{uri}: {e}");
                assert!(e.message().contains(part), "{uri}: {e}");
            }
            (_, got) => panic!("{uri}: unexpected {got:?}"),
        }
    }
}

#[test]
fn build_writes_canonical_encoded_uris() {
    let uri = build_payment_uri(
        MAIN_P2WPKH,
        Some(Amount::from_litoshis(1)),
        Some("Zoë & Co = 100% + more"),
        None,
        &[("Lightning".into(), "lnltc1x".into()), ("pop".into(), "app:done?x=1".into())],
        Network::Mainnet,
    )
    .unwrap();
    assert_eq!(uri, "litecoin:ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w?amount=0.00000001&label=Zo%C3%AB%20%26%20Co%20%3D%20100%25%20%2B%20more&lightning=lnltc1x&pop=app:done?x%3D1");
    // a legacy P2SH address is written in its current form
    assert!(build_payment_uri("3B5fQsEXEaV8v6U3ejYc8XaKXAkyQj2MjV", None, None, None, &[], Network::Mainnet).unwrap().starts_with("litecoin:M"));
    let fails = |amount: Option<i64>, extras: &[(&str, &str)], network: Network| {
        let extras: Vec<(String, String)> = extras.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        build_payment_uri(MAIN_P2PKH, amount.map(Amount::from_litoshis), None, None, &extras, network).unwrap_err().field().map(str::to_string)
    };
    assert_eq!(fails(Some(0), &[], Network::Mainnet).as_deref(), Some("amount"));
    assert_eq!(fails(Some(-5), &[], Network::Mainnet).as_deref(), Some("amount"));
    assert_eq!(fails(Some(8_400_000_000_000_001), &[], Network::Mainnet).as_deref(), Some("amount"));
    assert_eq!(fails(None, &[], Network::Testnet).as_deref(), Some("address"));
    for extras in [&[("", "x")][..], &[("Amount", "1")], &[("label", "x")], &[("REQ-x", "1")], &[("pop", "a:"), ("POP", "b:")]] {
        assert_eq!(fails(None, extras, Network::Mainnet).as_deref(), Some("extras"), "{extras:?}");
    }
    let huge = "é".repeat(offline::MAX_URI_LEN);
    assert_eq!(build_payment_uri(MAIN_P2PKH, None, Some(&huge), None, &[], Network::Mainnet).unwrap_err().field(), Some("uri"));
}

fn request() -> impl Strategy<Value = PaymentRequest> {
    let key = "[a-z][a-z0-9._~-]{0,12}".prop_filter("keys with their own argument, or refused", |k| {
        !matches!(k.as_str(), "amount" | "label" | "message" | "pop") && !k.starts_with("req-")
    });
    (
        prop::sample::select(&ADDRESSES[..]),
        prop::option::of(1i64..=8_400_000_000_000_000),
        prop::option::of(any::<String>()),
        prop::option::of(any::<String>()),
        prop::collection::vec((key, any::<String>()), 0..4),
    )
        .prop_map(|((address, network), amount, label, message, extras)| PaymentRequest {
            address: address.to_string(),
            network,
            amount: amount.map(Amount::from_litoshis),
            label,
            message,
            extras,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// parse(build(x)) == x, for every kind of address, any amount, any Unicode text; and the
    /// QR form (scheme and bech32 address in upper case) reads to the same request.
    #[test]
    fn build_then_parse_round_trips(x in request()) {
        let uri = build_payment_uri(&x.address, x.amount, x.label.as_deref(), x.message.as_deref(), &x.extras, x.network).unwrap();
        prop_assert!(uri.is_ascii());
        prop_assert_eq!(&parse_payment_uri(&uri, x.network).unwrap(), &x);
        if let Ok(qr) = payment_qr(&uri, QrFormat::Svg, QrErrorCorrection::L, Some(1)) {
            prop_assert_eq!(&parse_payment_uri(&qr.encoded_text, x.network).unwrap(), &x);
        }
        let found = parse_input(&uri, x.network);
        prop_assert_eq!(found.kind, InputKind::PaymentUri);
        prop_assert_eq!(found.payment_request.as_ref(), Some(&x));
    }

    #[test]
    fn readers_never_panic(s in any::<String>(), n in 0usize..3, cut in any::<prop::sample::Index>()) {
        let network = Network::ALL[n];
        let _ = parse_payment_uri(&s, network);
        let _ = parse_payment_uri(&format!("litecoin:{MAIN_P2PKH}?{s}"), network);
        let _ = parse_input(&s, network);
        let hex: String = s.bytes().map(|b| format!("{b:02x}")).collect();
        let _ = parse_input(&hex, network);
        let uri = format!("LITECOIN:{}?label={s}", MAIN_P2WPKH.to_uppercase());
        let _ = parse_payment_uri(&uri[..uri.char_indices().nth(cut.index(uri.chars().count())).map_or(uri.len(), |(i, _)| i)], network);
    }
}

/// The pixels of a 1-bit (or any) grey PNG, as 8-bit grey.
fn png_grey(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let (w, h) = (info.width as usize, info.height as usize);
    let pixels = (0..h).flat_map(|y| buf[y * info.line_size..y * info.line_size + w].to_vec()).collect();
    (w, h, pixels)
}

fn decode_qr(png_bytes: &[u8]) -> String {
    let (w, h, pixels) = png_grey(png_bytes);
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| pixels[y * w + x]);
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code in the image");
    grids[0].decode().unwrap().1
}

#[test]
fn qr_png_reads_back_with_an_independent_decoder() {
    let bech32 = build_payment_uri(MAIN_P2WPKH, Some(Amount::from_litoshis(123_456_789)), Some("Café Ünïcode ☕"), Some("Order #42"), &[("lightning".into(), "lnltc1MiXeD".into())], Network::Mainnet).unwrap();
    let base58 = build_payment_uri(MAIN_P2PKH, None, Some("Luke-Jr"), None, &[], Network::Mainnet).unwrap();
    let mweb = build_payment_uri(TEST_MWEB, Some(Amount::from_litoshis(5)), None, None, &[], Network::Regtest).unwrap();
    for (uri, network) in [(&bech32, Network::Mainnet), (&base58, Network::Mainnet), (&mweb, Network::Regtest)] {
        for level in [QrErrorCorrection::L, QrErrorCorrection::M, QrErrorCorrection::Q, QrErrorCorrection::H] {
            let qr = payment_qr(uri, QrFormat::Png, level, Some(3)).unwrap();
            assert_eq!(qr.width, (qr.modules + 8) * 3);
            let text = decode_qr(&qr.data);
            assert_eq!(text, qr.encoded_text);
            assert_eq!(parse_payment_uri(&text, network).unwrap(), parse_payment_uri(uri, network).unwrap());
        }
    }
    // only the scheme and the bech32 address are upper-cased; the query is as it was
    let qr = payment_qr(&bech32, QrFormat::Png, QrErrorCorrection::default(), None).unwrap();
    let (scheme_and_address, query) = bech32.split_once('?').unwrap();
    assert_eq!(qr.encoded_text, format!("{}?{query}", scheme_and_address.to_uppercase()));
    assert_eq!(qr.width, (qr.modules + 8) * 8);
    assert!(qr.encoded_text.contains("lnltc1MiXeD"));
    // a Base58 address keeps its case
    assert_eq!(payment_qr(&base58, QrFormat::Png, QrErrorCorrection::M, Some(1)).unwrap().encoded_text, base58);
}

#[test]
fn qr_svg_sizes_and_limits() {
    let qr = payment_qr(MAIN_P2WPKH, QrFormat::Svg, QrErrorCorrection::M, Some(2)).unwrap();
    let svg = qr.text.as_deref().unwrap();
    assert!(svg.contains(&format!("width=\"{0}\" height=\"{0}\"", qr.width)), "{svg}");
    assert_eq!(qr.encoded_text, MAIN_P2WPKH.to_uppercase());
    assert!(!format!("{qr:?}").contains("svg"));
    // the largest text at H is 1273 bytes of arbitrary text; 1274 do not fit
    let fits = "é".repeat(1273 / 2);
    assert!(payment_qr(&fits, QrFormat::Png, QrErrorCorrection::H, Some(1)).is_ok());
    for (text, level) in [("x".repeat(2954), QrErrorCorrection::L), ("é".repeat(1274 / 2), QrErrorCorrection::H), ("1".repeat(100_000), QrErrorCorrection::L), (String::new(), QrErrorCorrection::M)] {
        let e = payment_qr(&text, QrFormat::Svg, level, None).unwrap_err();
        assert_eq!(e.field(), Some("text"), "{e}");
    }
    assert_eq!(payment_qr("x", QrFormat::Svg, QrErrorCorrection::M, Some(0)).unwrap_err().field(), Some("module_size"));
    assert_eq!(payment_qr("x", QrFormat::Svg, QrErrorCorrection::M, Some(33)).unwrap_err().field(), Some("module_size"));
}

#[test]
fn parse_input_never_keeps_a_secret() {
    // a regtest WIF of Core's key_io_valid.json, BIP32 vector 1's master keys, BIP39's first phrase
    let wif = "cPsZQu3vG7RtqZk9nfq2ufnspK1vy6MWt3kp2VmZ9hPzpjK4Zfjm";
    let xprv = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi";
    let phrase = "legal winner thank year wave sausage worth useful legal winner thank yellow";
    for &network in Network::ALL {
        for (secret, kind) in [(wif, InputKind::Wif), (xprv, InputKind::ExtendedPrivateKey), (phrase, InputKind::Mnemonic)] {
            let found = parse_input(&format!("\t{secret} "), network);
            assert_eq!(found.kind, kind);
            assert!(found.kind.is_secret());
            let debug = format!("{found:?}");
            assert!(!debug.contains(&secret[..20]), "{debug}");
            for word in ["legal", "winner", "thank", "yellow"] {
                assert!(!debug.contains(word), "{debug}");
            }
        }
    }
    let found = parse_input(wif, Network::Regtest);
    assert_eq!((found.network, found.compressed, found.problem), (Some(Network::Regtest), Some(true), None));
    let found = parse_input(phrase, Network::Mainnet);
    assert_eq!((found.word_count, found.mnemonic_valid), (Some(12), Some(true)));
}

/// The terminal drawing, read back by rqrr: every character is two module rows (`▀` the upper
/// one light, `▄` the lower one, `█` both); light is drawn, so a drawn half is a white pixel.
#[test]
fn qr_terminal_text_reads_back_with_an_independent_decoder() {
    let uri = build_payment_uri(MAIN_P2WPKH, Some(Amount::from_litoshis(50_000_000)), Some("Shop"), None, &[], Network::Mainnet).unwrap();
    let qr = payment_qr(&uri, QrFormat::Text, QrErrorCorrection::M, None).unwrap();
    let lines: Vec<Vec<char>> = qr.text.as_deref().unwrap().lines().map(|l| l.chars().collect()).collect();
    let side = (qr.modules + 8) as usize;
    assert_eq!(lines.len(), side.div_ceil(2));
    assert!(lines.iter().all(|l| l.len() == side && l.iter().all(|c| "█▀▄ ".contains(*c))));
    let light = |x: usize, y: usize| match lines[y / 2][x] {
        '█' => true,
        '▀' => y % 2 == 0,
        '▄' => y % 2 == 1,
        _ => false,
    };
    let scale = 4; // a few pixels per module, as a camera would see it
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(side * scale, side * scale, |x, y| {
        if light(x / scale, y / scale) { 255 } else { 0 }
    });
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1);
    assert_eq!(grids[0].decode().unwrap().1, qr.encoded_text);
}
