"""Payment URIs, QR codes and parse_input in Python (the rules are the core's, tested there
by table; here: the Python types, the errors, and a QR code read back by an independent
decoder, ZXing's C++ port)."""

from decimal import Decimal

import png
import pytest
import zxingcpp

from wallet_sdk import Amount, InvalidInputError
from wallet_sdk import offline

P2WPKH = "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w"
P2PKH = "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA"
MWEB = "ltcmweb1qqfhvyhttgsde9kwdytgxwx6lm3meauf3g7hfvmwnytzyusae8sqxyqs7th32a9h6fwuvu5qnr0e2w9p02vlyksnmmc6wh5krzh4hwqejwvn6u6kt"
WIF = "T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE"
PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"


def test_build_and_parse_round_trip():
    uri = offline.build_payment_uri(
        P2WPKH, network="mainnet", amount=Decimal("20.3"), label="Luke-Jr", message="Café & co", extras={"shop": "a b"}
    )
    assert uri == "litecoin:ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w?amount=20.3&label=Luke-Jr&message=Caf%C3%A9%20%26%20co&shop=a%20b"
    req = offline.parse_payment_uri(uri, offline.Network.MAINNET)
    assert req.address == P2WPKH and req.network == offline.Network.MAINNET
    assert req.amount == Amount("20.3") and isinstance(req.amount, Amount)
    assert (req.label, req.message, req.extras) == ("Luke-Jr", "Café & co", [("shop", "a b")])
    assert offline.build_payment_uri(req.address, network=req.network, amount=req.amount, label=req.label, message=req.message, extras=req.extras) == uri
    assert "PaymentRequest(address='ltc1q" in repr(req)


def test_bare_address_and_scheme_case():
    assert offline.parse_payment_uri(P2PKH, "mainnet").amount is None
    assert offline.parse_payment_uri("LITECOIN:" + P2WPKH.upper(), "mainnet").address == P2WPKH
    assert offline.parse_payment_uri(f"litecoin:{MWEB}?amount=0.1", "mainnet").amount == Amount("0.1")


@pytest.mark.parametrize(
    "uri, field",
    [
        (f"litecoin:{P2WPKH}?amount=1e-3", "amount"),
        (f"litecoin:{P2WPKH}?amount=1,5", "amount"),
        (f"litecoin:{P2WPKH}?amount=0.000000001", "amount"),
        (f"litecoin:{P2WPKH}?amount=1&amount=2", "amount"),
        (f"litecoin:{P2WPKH}?label=a&label=b", "label"),
        (f"litecoin:{P2WPKH}?req-somethingnew=1", "uri"),
        ("litecoin:" + "tltc1qpftpsvdn6mjp8celrkj0qxqy4jlapl959rlwg9", "address"),
    ],
)
def test_bad_uris_name_the_field(uri, field):
    with pytest.raises(InvalidInputError) as e:
        offline.parse_payment_uri(uri, "mainnet")
    assert e.value.field == field


def test_amounts_are_never_floats():
    with pytest.raises(InvalidInputError) as e:
        offline.build_payment_uri(P2WPKH, network="mainnet", amount=1.5)
    assert e.value.field == "amount"


def _decode_png(data: bytes) -> str:
    width, height, rows, _info = png.Reader(bytes=data).asDirect()
    pixels = bytearray()
    for row in rows:
        pixels.extend(255 if v else 0 for v in row)  # pypng gives 0/1 for 1-bit grey
    image = memoryview(bytes(pixels)).cast("B", (height, width))
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, found
    return found[0].text


@pytest.mark.parametrize("level", ["L", "M", "Q", "H"])
def test_qr_png_reads_back_with_an_independent_decoder(level):
    uri = offline.build_payment_uri(P2WPKH, network="mainnet", amount="0.5", label="Shop #1")
    qr = offline.payment_qr(uri, "png", error_correction=level, module_size=4)
    assert qr.format == "png" and qr.text is None and qr.data.startswith(b"\x89PNG")
    # the scheme and the bech32 address in upper case (alphanumeric mode), the query as it was
    assert qr.encoded_text == "LITECOIN:" + P2WPKH.upper() + uri[len("litecoin:") + len(P2WPKH):]
    assert _decode_png(qr.data) == qr.encoded_text
    assert offline.parse_payment_uri(qr.encoded_text, "mainnet") == offline.parse_payment_uri(uri, "mainnet")
    assert qr.width == (qr.modules + 8) * 4
    assert repr(qr).startswith("QrImage(format='png'")


def test_qr_svg_and_errors():
    qr = offline.payment_qr(P2PKH)
    assert qr.format == "svg" and qr.text.startswith("<?xml") and qr.data == qr.text.encode()
    lines = offline.payment_qr(P2PKH, "text").text.splitlines()
    assert len(lines[0]) == len(lines) * 2 - 1 or len(lines[0]) == len(lines) * 2
    assert set("".join(lines)) <= set("█▀▄ ")
    with pytest.raises(InvalidInputError) as e:
        offline.payment_qr("x", "gif")
    assert e.value.field == "format"
    with pytest.raises(InvalidInputError) as e:
        offline.payment_qr("x" * 8000, "png")
    assert e.value.field == "text"


def test_parse_input_kinds_and_no_secret_echoed():
    found = offline.parse_input(f"  litecoin:{P2WPKH}?amount=1\n", "mainnet")
    assert found.kind == "payment_uri" and found.payment_request.amount == Amount("1") and found.problem is None
    found = offline.parse_input(P2WPKH, "mainnet")
    assert found.kind == "address" and found.address.kind == "p2wpkh" and not found.is_secret
    for text, kind in [(WIF, "wif"), (PHRASE, "mnemonic")]:
        found = offline.parse_input(text, "mainnet")
        assert found.kind == kind and found.is_secret
        for shown in (repr(found), str(found)):
            assert WIF[:12] not in shown and "abandon" not in shown
    assert offline.parse_input(PHRASE, "mainnet").mnemonic_valid is True
    assert offline.parse_input(WIF, "mainnet").compressed is True
    # 64 hex digits may be a raw private key: a secret, never echoed
    bare = offline.parse_input("ab" * 32, "mainnet")
    assert bare.kind == "txid_or_private_key" and bare.is_secret and bare.txid is None
    assert "abab" not in repr(bare)
    assert offline.parse_input("\x00\ufffd" * 100, "mainnet").kind == "unknown"
    wrong = offline.parse_input(P2WPKH, "testnet")
    assert wrong.kind == "address" and wrong.problem
