"""wallet_sdk.offline: every case of core/tests/data/offline/vectors.json (the rules of its
``how_to_run``, as core/tests/offline_vectors.rs reads them), argument types, secrets, garbage
input, and the stub. Needs no sandbox, except the last test (skipped without one), which
compares default_address and derive_key with the sandbox's answers for fresh phrases.
"""

import ast
import inspect
import json
import os
import pickle
import random
import re
import threading
from pathlib import Path

import pytest

import wallet_sdk
from wallet_sdk import offline

VECTORS = Path(__file__).resolve().parents[2] / "core" / "tests" / "data" / "offline" / "vectors.json"
TYPES = ["p2pkh", "p2sh-p2wpkh", "p2wpkh"]
PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
WIF = "cPsZQu3vG7RtqZk9nfq2ufnspK1vy6MWt3kp2VmZ9hPzpjK4Zfjm"

_vectors = json.loads(VECTORS.read_text())


def cases(section):
    return [pytest.param(c, id=c["id"]) for c in _vectors[section]]


def expect(case, call, check):
    """Runs ``call`` and checks its outcome against the case: ``result`` (by ``check``) or
    ``error`` (an InvalidInputError naming the field; the message containing
    ``message_contains``)."""
    want = case.get("error")
    if want is None:
        check(call(), case["result"])
        return
    assert want["kind"] == "invalid_input"
    with pytest.raises(wallet_sdk.InvalidInputError) as e:
        call()
    assert e.value.kind == "invalid_input"
    assert e.value.field == want["field"], str(e.value)
    if want["message_contains"] is not None:
        assert want["message_contains"] in str(e.value)


# ------------------------------------------------------------------ the vector file


def test_every_section_of_the_file_is_run_here():
    """The core's tests check the file itself (offline_vectors.rs); here, that each of its
    sections has its test below, so that a new section cannot go unrun in Python."""
    listed = [k for k, v in _vectors.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
    untested = [section for section in listed if f"test_{section}" not in globals()]
    assert listed and not untested, untested


@pytest.mark.parametrize("case", cases("parse_address"))
def test_parse_address(case):
    address, network = case["args"]["address"], case["args"]["network"]
    assert offline.is_valid_address(address, network) == ("result" in case)

    def check(info, want):
        got = {
            "address": info.address,
            "network": info.network.value,
            "kind": info.kind,
            "witness_version": info.witness_version,
            "script_pubkey": info.script_pubkey,
        }
        assert got == want
        assert isinstance(info.network, offline.Network)

    expect(case, lambda: offline.parse_address(address, network), check)


@pytest.mark.parametrize("case", cases("sign_message"))
def test_sign_message(case):
    a = case["args"]
    for key in (a["private_key"], wallet_sdk.Secret(a["private_key"])):
        expect(case, lambda: offline.sign_message(key, a["message"], a["address_type"]), lambda sig, want: assert_equal(sig, want))


@pytest.mark.parametrize("case", cases("verify_message"))
def test_verify_message(case):
    a = case["args"]
    assert offline.verify_message(a["address"], a["message"], a["signature"]) is case["result"]


@pytest.mark.parametrize("case", cases("wif_to_key"))
def test_wif_to_key(case):
    a = case["args"]

    def check(info, want):
        assert info.network.value == want["network"]
        assert info.compressed is want["compressed"]
        assert info.public_key == want["public_key"]
        for t in TYPES:
            if t in want["addresses"]:
                assert info.address(t) == want["addresses"][t], t
            else:
                with pytest.raises(wallet_sdk.InvalidInputError) as e:
                    info.address(t)
                assert e.value.field == "address_type"

    for wif in (a["wif"], wallet_sdk.Secret(a["wif"])):
        expect(case, lambda: offline.wif_to_key(wif, a["network"]), check)


@pytest.mark.parametrize("case", cases("address_from_public_key"))
def test_address_from_public_key(case):
    a = case["args"]
    expect(
        case,
        lambda: offline.address_from_public_key(a["public_key"], a["address_type"], a["network"]),
        lambda address, want: assert_equal(address, want),
    )


@pytest.mark.parametrize("case", cases("generate_mnemonic"))
def test_generate_mnemonic(case):
    n = case["args"]["word_count"]

    def check(phrase, want):
        assert isinstance(phrase, wallet_sdk.Secret)
        assert len(phrase.reveal().split(" ")) == want["word_count"]
        assert offline.validate_mnemonic(phrase)
        assert phrase != offline.generate_mnemonic(n)

    expect(case, lambda: offline.generate_mnemonic(n), check)


@pytest.mark.parametrize("case", cases("validate_mnemonic"))
def test_validate_mnemonic(case):
    phrase = case["args"]["phrase"]
    assert offline.validate_mnemonic(phrase) is case["result"]
    assert offline.validate_mnemonic(wallet_sdk.Secret(phrase)) is case["result"]


@pytest.mark.parametrize("case", cases("mnemonic_to_seed"))
def test_mnemonic_to_seed(case):
    a = case["args"]

    def check(seed, want):
        assert isinstance(seed, wallet_sdk.Secret)
        assert seed.reveal() == want

    expect(case, lambda: offline.mnemonic_to_seed(a["mnemonic"], a["passphrase"]), check)


@pytest.mark.parametrize("case", cases("derive_key"))
def test_derive_key(case):
    a = case["args"]

    def check(key, want):
        assert key.path == want["path"]
        assert key.address == want["address"]
        assert isinstance(key.private_key, wallet_sdk.Secret)
        if "public_key" in want:
            assert key.public_key == want["public_key"]
            info = offline.wif_to_key(key.private_key, a["network"])
            assert info.public_key == key.public_key, "the WIF is not the key"
            assert info.compressed
        if "private_key" in want:
            assert key.private_key.reveal() == want["private_key"]

    expect(
        case,
        lambda: offline.derive_key(a["mnemonic"], a["path"], a["address_type"], a["network"], a["passphrase"]),
        check,
    )


@pytest.mark.parametrize("case", cases("default_address"))
def test_default_address(case):
    a = case["args"]
    expect(
        case,
        lambda: offline.default_address(a["mnemonic"], a["address_type"], network=a["network"]),
        lambda address, want: assert_equal(address, want),
    )


def assert_equal(got, want):
    assert got == want


# ------------------------------------------------------------------ argument types


def test_networks_and_address_types_as_enums_names_or_address_type():
    key = offline.derive_key(PHRASE, "m/84'/1'/0'/0/0", "p2wpkh", "regtest")
    assert offline.derive_key(PHRASE, "m/84'/1'/0'/0/0", offline.KeyAddressType.P2WPKH, offline.Network.REGTEST) == key
    assert offline.derive_key(PHRASE, "m/84'/1'/0'/0/0", "bech32", "regtest") == key  # Core's name
    assert offline.derive_key(PHRASE, "m/84'/1'/0'/0/0", wallet_sdk.AddressType.BECH32, "regtest") == key
    assert [t.value for t in (offline.KeyAddressType.P2PKH, offline.KeyAddressType.P2SH_P2WPKH, offline.KeyAddressType.P2WPKH)] == TYPES
    assert [n.value for n in (offline.Network.MAINNET, offline.Network.TESTNET, offline.Network.REGTEST)] == ["mainnet", "testnet", "regtest"]
    assert offline.Network.MAINNET == offline.Network.MAINNET and offline.Network.MAINNET != offline.Network.REGTEST
    assert len({offline.Network.MAINNET, offline.Network.MAINNET, offline.Network.TESTNET}) == 2
    assert offline.default_address(PHRASE, network="regtest") == offline.default_address(PHRASE, "p2wpkh", network=offline.Network.REGTEST)
    assert offline.parse_address(key.address, "regtest").network == offline.Network.REGTEST


def test_defaults_are_the_issues():
    # sign_message: p2pkh; derive_key and mnemonic_to_seed: empty passphrase; generate_mnemonic: 12 words
    assert offline.sign_message(WIF, "m") == offline.sign_message(WIF, "m", "p2pkh")
    assert offline.derive_key(PHRASE, "m/0", "p2pkh", "mainnet") == offline.derive_key(PHRASE, "m/0", "p2pkh", "mainnet", "")
    assert offline.mnemonic_to_seed(PHRASE) == offline.mnemonic_to_seed(PHRASE, wallet_sdk.Secret(""))
    assert len(offline.generate_mnemonic().reveal().split()) == 12


def test_bad_arguments_raise_invalid_input_naming_the_field():
    for call, field in [
        (lambda: offline.parse_address("LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", "main"), "network"),
        (lambda: offline.is_valid_address("x", "Mainnet"), "network"),
        (lambda: offline.sign_message(WIF, "m", "mweb"), "address_type"),
        (lambda: offline.sign_message(WIF, "m", wallet_sdk.AddressType.MWEB), "address_type"),
        (lambda: offline.sign_message("not a wif", "m"), "private_key"),
        (lambda: offline.wif_to_key(WIF, "mainnet"), "wif"),
        (lambda: offline.derive_key(PHRASE, "m/x", "p2pkh", "mainnet"), "path"),
        (lambda: offline.derive_key(PHRASE + " abandon", "m", "p2pkh", "mainnet"), "mnemonic"),
        (lambda: offline.generate_mnemonic(13), "word_count"),
        (lambda: offline.address_from_public_key("00", "p2pkh", "mainnet"), "public_key"),
    ]:
        with pytest.raises(wallet_sdk.InvalidInputError) as e:
            call()
        assert e.value.field == field, str(e.value)
        assert isinstance(e.value, ValueError) and isinstance(e.value, wallet_sdk.WalletSdkError)


def test_wrong_python_types_raise_type_error():
    for call in [
        lambda: offline.parse_address(b"LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA"),
        lambda: offline.parse_address("x", 1),
        lambda: offline.verify_message(None, "m", "s"),
        lambda: offline.sign_message(WIF, "m", 0),
        lambda: offline.wif_to_key(1),
        lambda: offline.validate_mnemonic(["abandon"]),
        lambda: offline.generate_mnemonic("12"),
        lambda: offline.default_address(PHRASE, "p2pkh"),  # network is keyword-only and required
    ]:
        with pytest.raises(TypeError):
            call()


# ------------------------------------------------------------------ secrets


def test_results_and_errors_never_show_a_secret():
    phrase = offline.generate_mnemonic(24)
    seed = offline.mnemonic_to_seed(phrase, "pass")
    key = offline.derive_key(phrase, "m/44'/2'/0'/0/0", "p2pkh", "mainnet")
    secrets = [phrase.reveal(), seed.reveal(), key.private_key.reveal()]
    shown = [repr(phrase), str(phrase), repr(seed), str(seed), repr(key), str(key), repr(key.private_key)]
    shown += [repr(offline.wif_to_key(key.private_key)), repr(offline.parse_address(key.address)), repr([key])]
    for text in shown:
        for s in secrets:
            assert s not in text, f"secret in {text}"
    assert repr(key) == (
        f"DerivedKey(path=\"m/44'/2'/0'/0/0\", address={key.address!r}, public_key={key.public_key!r}, "
        "private_key=Secret('[REDACTED]'))"
    )
    with pytest.raises(TypeError):
        pickle.dumps(key)
    with pytest.raises(TypeError):
        pickle.dumps(phrase)


def test_errors_never_quote_a_key_or_a_word():
    wif = "T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE"
    bad_wif = wif[:-1] + "F"
    # a BIP39 vector phrase with its last word replaced by a non-word, then by a wrong checksum word
    words = "legal winner thank year wave sausage worth useful legal winner thank".split()
    unknown_word = " ".join(words + ["zzzz"])
    bad_checksum = " ".join(words + ["thank"])
    for call in [
        lambda: offline.wif_to_key(bad_wif),
        lambda: offline.wif_to_key(wif, "regtest"),
        lambda: offline.sign_message(bad_wif, "m"),
        lambda: offline.sign_message(wallet_sdk.Secret(bad_wif), "m"),
        lambda: offline.derive_key(unknown_word, "m", "p2pkh", "mainnet"),
        lambda: offline.default_address(bad_checksum, network="regtest"),
        lambda: offline.mnemonic_to_seed(unknown_word, "pass"),
        lambda: offline.mnemonic_to_seed(wallet_sdk.Secret(bad_checksum)),
    ]:
        with pytest.raises(wallet_sdk.InvalidInputError) as e:
            call()
        text = f"{e.value} {e.value!r} {e.value.__dict__}"
        for s in [wif, bad_wif, wif[1:20], bad_wif[1:20], "zzzz", "legal", "winner", "sausage", "useful"]:
            assert s not in text, f"{s!r} in {text}"


def test_reprs_are_readable():
    info = offline.parse_address("3B5fQsEXEaV8v6U3ejYc8XaKXAkyQj2MjV")
    assert repr(info) == (
        "AddressInfo(address='MHHoikeVBhLZibjwkcXwxApiqsMRUeS9KH', network=Network.MAINNET, kind='p2sh', "
        "witness_version=None, script_pubkey='a914670193af6be67d58ea1bde9a2f150bbd44a20b5487')"
    )
    k = offline.wif_to_key("T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE")
    assert repr(k) == (
        "PrivateKeyInfo(network=Network.MAINNET, compressed=True, "
        "public_key='03631bfa4ccc9005da40c9a12bc460a33121624d6922c9f89b13cd51c5ce4af9a8')"
    )
    assert repr(offline.Network.REGTEST) == "Network.REGTEST"
    assert repr(offline.KeyAddressType.P2SH_P2WPKH) == "KeyAddressType.P2SH_P2WPKH"


# ------------------------------------------------------------------ garbage input


def _garbage(rng):
    valid = [
        "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA",
        "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w",
        "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU=",
        WIF,
        PHRASE,
        "m/44'/2'/0'/0/0",
    ]
    out = ["", " ", "\x00", "m", "m/", "m//", "m/2147483648", "m/" + "0/" * 300, "1" * 5000, "ltc1" + "q" * 5000,
           "ltcmweb1" + "q" * 400, "=" * 100, "A" * 88, "é" * 50, "\u3000".join(["abandon"] * 12), "🦀" * 30]
    for _ in range(300):
        s = list(rng.choice(valid))
        for _ in range(rng.randint(1, 4)):
            op = rng.randint(0, 2)
            i = rng.randrange(len(s) + 1)
            if op == 0 and s:
                del s[min(i, len(s) - 1)]
            elif op == 1:
                s.insert(i, chr(rng.choice([rng.randint(0, 127), rng.randint(128, 0x2FFF), rng.randint(0x10000, 0x10FFFF)])))
            elif s:
                s[min(i, len(s) - 1)] = chr(rng.randint(32, 126))
        out.append("".join(s))
    for _ in range(100):
        out.append("".join(chr(rng.randint(0, 0x10FFFF)) for _ in range(rng.randint(0, 100))).encode("utf-8", "replace").decode("utf-8", "replace"))
    return out


def test_garbage_never_crashes():
    rng = random.Random(12)
    inputs = _garbage(rng)
    for s in inputs:
        assert offline.is_valid_address(s) in (True, False)
        assert offline.validate_mnemonic(s) in (True, False)
        assert offline.verify_message(s, s, s) is False
        assert offline.verify_message("LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL", "Trust no one", s) is False
        for call in [
            lambda: offline.parse_address(s),
            lambda: offline.parse_address(s, "regtest"),
            lambda: offline.wif_to_key(s),
            lambda: offline.sign_message(s, s),
            lambda: offline.address_from_public_key(s, "p2pkh", "mainnet"),
            lambda: offline.derive_key(PHRASE, s, "p2wpkh", "mainnet"),
            lambda: offline.default_address(s, network="mainnet"),
        ]:
            try:
                call()
            except wallet_sdk.InvalidInputError as e:
                assert e.field in ("address", "wif", "private_key", "public_key", "path", "mnemonic")
    # a str that is not valid Unicode (a lone surrogate) cannot reach Rust: a UnicodeEncodeError
    for call in [lambda: offline.verify_message("\ud800", "m", "s"), lambda: offline.validate_mnemonic("\udfff")]:
        with pytest.raises(UnicodeEncodeError):
            call()


def test_calls_from_threads_agree():
    signature = offline.sign_message(WIF, "threads", "p2wpkh")
    address = offline.wif_to_key(WIF).address("p2wpkh")
    results = []

    def work():
        results.append(all(offline.verify_message(address, "threads", signature) for _ in range(200)))

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 8


# ------------------------------------------------------------------ module and stub


def _stub():
    tree = ast.parse((Path(offline.__file__).with_suffix(".pyi")).read_text())
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {}
    for n in tree.body:
        if isinstance(n, ast.ClassDef):
            members = {}
            for item in n.body:
                if isinstance(item, ast.FunctionDef):
                    members[item.name] = item
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    members[item.target.id] = item
            classes[n.name] = members
    return functions, classes


def test_the_issues_signatures():
    want = {
        "parse_address": "(address, network=None)",
        "is_valid_address": "(address, network=None)",
        "sign_message": "(private_key, message, address_type='p2pkh')",
        "verify_message": "(address, message, signature)",
        "wif_to_key": "(wif, network=None)",
        "address_from_public_key": "(public_key, address_type, network)",
        "generate_mnemonic": "(word_count=12)",
        "validate_mnemonic": "(phrase)",
        "mnemonic_to_seed": "(mnemonic, passphrase='')",
        "derive_key": "(mnemonic, path, address_type, network, passphrase='')",
        "default_address": "(mnemonic, address_type=None, *, network)",
    }
    assert {name: str(inspect.signature(getattr(offline, name))) for name in want} == want


def test_the_stub_matches_the_module():
    functions, classes = _stub()
    public = set(offline.__all__)
    assert {n for n in public if inspect.isroutine(getattr(offline, n))} == set(functions)
    assert {n for n in public if isinstance(getattr(offline, n), type)} == set(classes)
    for name, node in functions.items():
        params = list(inspect.signature(getattr(offline, name)).parameters.values())
        stub_args = node.args.args + node.args.kwonlyargs
        assert [p.name for p in params] == [a.arg for a in stub_args], name
        assert [p.kind == p.KEYWORD_ONLY for p in params] == [a in node.args.kwonlyargs for a in stub_args], name
        stub_defaults = [ast.literal_eval(d) for d in node.args.defaults] + [
            ast.literal_eval(d) for d in node.args.kw_defaults if d is not None
        ]
        assert [p.default for p in params if p.default is not p.empty] == stub_defaults, name
        assert getattr(offline, name).__doc__, name
    for name, members in classes.items():
        cls = getattr(offline, name)
        assert cls.__doc__ and cls.__module__ == "wallet_sdk.offline", name
        assert {m for m in vars(cls) if not m.startswith("_")} == {m for m in members if not m.startswith("_")}, name
    assert set(offline.__all__) <= set(dir(offline))
    assert offline.DEFAULT_ADDRESS_PATH == "m/0'/0'/0'"


def test_the_wheel_ships_the_stub():
    assert Path(offline.__file__).with_suffix(".pyi").exists()


def test_the_readme_examples_run(capsys):
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme[readme.index("## Offline toolkit"):readme.index("## Development")]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) >= 12
    exec(compile("\n".join(blocks), "README.md (Offline toolkit)", "exec"), {})
    assert "[REDACTED]" in capsys.readouterr().out


# ------------------------------------------------------------------ against the sandbox


@pytest.mark.skipif(not os.environ.get("WALLET_SDK_BASE_URL"), reason="needs the sandbox (bindings-python/run-tests.sh)")
def test_default_address_and_bip44_keys_equal_the_sandboxs_answers():
    from conftest import make_client

    phrases = [offline.generate_mnemonic(n) for n in (12, 18, 24)]
    bip44 = {"p2pkh": "m/44'/1'/0'/0/0", "p2sh-p2wpkh": "m/49'/1'/0'/0/0", "p2wpkh": "m/84'/1'/0'/0/0"}
    CORE_NAMES = {"p2pkh": "legacy", "p2sh-p2wpkh": "p2sh-segwit", "p2wpkh": "bech32"}
    with make_client() as c:
        for phrase in phrases:
            for t in (None, wallet_sdk.AddressType.LEGACY, wallet_sdk.AddressType.P2SH_SEGWIT, wallet_sdk.AddressType.BECH32):
                assert offline.default_address(phrase, t, network="regtest") == c.wallet_default_address(phrase, address_type=t).address
            for name, path in bip44.items():
                served = c.wallet_default_address_v2(phrase, address_type=CORE_NAMES[name])
                assert offline.derive_key(phrase, path, name, "regtest").address == served.address, (name, path)
