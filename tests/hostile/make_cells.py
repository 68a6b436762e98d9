#!/usr/bin/env python3
"""Writes tests/hostile/cells.json, the hostile-answer cells of the fault matrix, from
the tables below; `--check` fails when the file differs from what they give (scripts/test-hostile
runs it). The cells are data: each language's runner reads cells.json (tests/hostile/README.md).

    tests/hostile/make_cells.py            rewrite cells.json
    tests/hostile/make_cells.py --check    is cells.json up to date?
    tests/hostile/make_cells.py --new-secrets
                                           print a fresh set of secrets (to paste into SECRETS)

The planted secrets are literals, made once by `--new-secrets` (see `new_secrets`): a 12-word
BIP39 English phrase (128 random bits, the 4-bit SHA-256 checksum, words from the bip39 crate's
English list), Litecoin WIFs (base58check of 0xb0 / 0xef, a random key below the curve order,
0x01 for compressed), an xprv (base58check of a BIP32 depth-1 mainnet private node with random
chain code and key), an HS256-shaped JWT (random signature) and a base64url passphrase. They are
valid (scripts/test-hostile checks the phrase and the WIFs with the SDK's offline toolkit), and no
runner ever gives any of them to the SDK, except `bip39_input`, the mnemonics argument of the
wallet_default_address cells.
"""

import base64
import hashlib
import json
import os
import re
import secrets
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "cells.json"

SECRETS = {
    "bip39": "miracle trend senior erase east pen dignity usual empty fly else undo",
    "bip39_input": "clock cross twice merge empty spray punch humble team swap cake accident",
    "wif": "TAZPh1vAvCB6bCHm2pFLfByxYF55KDcvbui2op9EWqWoDwiRLGEq",
    "wif_testnet": "cQ9HtFbH9ND9uvk7o2QnQJYGsuDvn9tKSitT9g3JCPWBfTQ4ev7p",
    "xprv": "xprv9vdF37nwnk2cnWToaQYu3V3yFgqvpQ4tPstHy3YtM7nMo26URS455MCDbyBLEtSpbro2revc6ph2cPcp2D3pJ8gTm4FcgPUHqMN74ENwFGY",
    "jwt": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJob3N0aWxlLWNlbGwiLCJleHAiOjQxMDI0NDQ4MDB9.Ik_R3sWI8w5fzZhCBSQwiFGxKR6qDfRacABtHUspR5Y",
    "passphrase": "8QOwQetOVq_DZd8f3fp8t9O9r3PAmkLC",
    # a one-time code, and a number standing for any secret sent as a JSON number
    "otp": "483920",
    "number": "7308416259",
}

DEPTH = 1_000_000
DEPTH_LIMIT = 128  # the core's limit (only for the doc: the cells go far past it)
ADDRESS = "rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg"
WALLET = "hostile_w"

# op -> (path, args, a valid `data` for it, idempotent?)
OPS = {
    "address_balance": ("/api/Address/address-balance", {"address": ADDRESS},
                        {"address": ADDRESS, "confirmed": 1.5, "unconfirmed": 0, "height": 120, "utxoCount": 1}, True),
    "create_wallet": ("/api/Wallet/create", {"wallet_name": WALLET},
                      {"walletName": WALLET, "encrypted": False, "importable": False}, False),
    "wallet_transactions": ("/api/Wallet/transactions", {"wallet_name": WALLET}, None, True),
    "create_importable_wallet": ("/api/Wallet/create-importable-wallet", {"wallet_name": WALLET}, None, False),
    "create_encrypted_wallet": ("/api/Wallet/create-encrypted-wallet", {"wallet_name": WALLET}, None, False),
    "address_private_key": ("/api/Address/address-private-key", {"wallet_name": WALLET, "address": ADDRESS}, None, True),
    "get_blockchain_otp": ("/api/Utilities/get-blockchain-otp", {"signature": "H2hvc3RpbGUtY2VsbC1zaWduYXR1cmUtbm90LWNoZWNrZWQ="}, None, True),
    "wallet_default_address_v2": ("/api/Wallet/wallet-default-address-v2", {"mnemonics": SECRETS["bip39_input"]}, None, True),
    "wallet_default_address": ("/api/Wallet/wallet-default-address", {"mnemonics": SECRETS["bip39_input"]}, None, True),
    "verify_otp": ("/api/Utilities/verify-otp", {"signature": "H2hvc3RpbGUtY2VsbC1zaWduYXR1cmUtbm90LWNoZWNrZWQ=", "code": SECRETS["otp"]}, None, False),
}


def j(v) -> str:
    return json.dumps(v, separators=(",", ":"))


def t(text: str, repeat: int = 1) -> dict:
    return {"text": text, "repeat": repeat} if repeat != 1 else {"text": text}


def deep(shape: str) -> list:
    """A value nested DEPTH levels: `[[[…]]]` or `{"a":{"a":…0…}}`."""
    if shape == "array":
        return [t("[", DEPTH), t("]", DEPTH)]
    return [t('{"a":', DEPTH), t("0"), t("}", DEPTH)]


def envelope_ok(data_parts: list) -> list:
    return [t('{"successful":true,"message":"ok","data":')] + data_parts + [t("}")]


def cell(name: str, op: str, parts: list, expect: list, about: str, status: int = 200, headers=None, content_type=None) -> dict:
    path, args, _, _ = OPS[op]
    rule = {"path": path, "action": "respond", "status": status}
    if content_type:
        rule["contentType"] = content_type
    if headers:
        rule["headers"] = headers
    rule["bodyParts"] = merge(parts)
    return {"name": name, "about": about, "op": op, "args": args, "rule": rule, "expect": expect}


def merge(parts: list) -> list:
    """Adjacent single texts joined (shorter rules, same bytes)."""
    out: list = []
    for p in parts:
        if out and "text" in p and "text" in out[-1] and "repeat" not in p and "repeat" not in out[-1]:
            out[-1] = {"text": out[-1]["text"] + p["text"]}
        else:
            out.append(dict(p))
    return out


def unreadable_2xx(op: str) -> list:
    """A 2xx the SDK cannot read: `decode`, or `outcome_unknown` for a non-idempotent operation."""
    return ["decode"] if OPS[op][3] else ["outcome_unknown"]


def deep_cells() -> list:
    cells = []
    for op in ("address_balance", "create_wallet"):
        valid = OPS[op][2]
        valid_fields = j(valid)[1:-1]
        for shape in ("array", "object"):
            d = deep(shape)
            cells += [
                cell(f"deep-{shape}-data.{op}", op, envelope_ok(d), unreadable_2xx(op),
                     f"`data` nested {DEPTH} levels ({shape}s)"),
                cell(f"deep-{shape}-unknown-key-in-data.{op}", op,
                     envelope_ok([t("{" + valid_fields + ',"extra":')] + d + [t("}")]), unreadable_2xx(op),
                     f"valid `data` with an unknown key nested {DEPTH} levels ({shape}s)"),
                cell(f"deep-{shape}-unknown-key-in-envelope.{op}", op,
                     [t('{"successful":true,"message":"ok","data":' + j(valid) + ',"extra":')] + d + [t("}")], unreadable_2xx(op),
                     f"valid answer with an unknown envelope key nested {DEPTH} levels ({shape}s)"),
                cell(f"deep-{shape}-body.{op}", op, d, unreadable_2xx(op),
                     f"the whole body nested {DEPTH} levels ({shape}s)"),
                cell(f"deep-{shape}-error-body.{op}", op,
                     [t('{"successful":false,"message":"internal error","error":{"code":"server_error","details":')] + d + [t("}}")],
                     ["service_unavailable"] if OPS[op][3] else ["outcome_unknown"],
                     f"HTTP 500 failure whose `error.details` is nested {DEPTH} levels ({shape}s)", status=500),
                cell(f"deep-{shape}-message.{op}", op,
                     [t('{"successful":false,"message":')] + d + [t(',"error":{"code":"validation_failed"}}')],
                     ["validation"],
                     f"HTTP 400 failure whose `message` is nested {DEPTH} levels ({shape}s)", status=400),
            ]
    return cells


def big_cells() -> list:
    op = "address_balance"
    valid = OPS[op][2]
    fields = j(valid)[1:-1]
    huge = 8 * 1024 * 1024
    n_items = 5_000_000
    return [
        cell("huge-string-unknown-key." + op, op,
             envelope_ok([t("{" + fields + ',"extra":"'), t("A", huge), t('"}')]), ["ok", "decode"],
             f"a {huge // 1048576} MiB string in an unknown key of a valid answer (the default response cap is 16 MiB)"),
        cell("long-number-unknown-key." + op, op,
             envelope_ok([t("{" + fields + ',"extra":1'), t("0", 1_000_000), t("}")]), ["ok", "decode"],
             "a number of a million digits in an unknown key of a valid answer"),
        cell("long-number-amount." + op, op,
             envelope_ok([t('{"address":"' + ADDRESS + '","unconfirmed":0,"confirmed":1'), t("0", 1_000_000), t("}")]), ["decode"],
             "the amount `confirmed` as a number of a million digits"),
        cell("million-keys-in-data." + op, op,
             envelope_ok([t("{" + fields + ","), {"text": '"k#":0,', "repeat": 1_000_000, "counter": "#"}, t('"last":0}')]), ["decode"],
             "valid `data` with a million more keys k0..k999999 (11 MB: more object members than its size allows)"),
        cell("duplicate-keys-in-data." + op, op,
             envelope_ok([t("{" + fields + ","), t('"x":0,', 1_000_000), t('"confirmed":2,"confirmed":3,"address":"' + ADDRESS + '"}')]), ["ok", "decode"],
             "valid `data` with one key a million times and known keys twice"),
        cell("duplicate-envelope-keys." + op, op,
             [t('{"successful":false,"successful":true,"message":"ok","data":null,"data":' + j(valid) + "}")], ["ok", "decode"],
             "`successful` false then true, `data` null then valid"),
        cell("invalid-utf8." + op, op,
             envelope_ok([t('{"address":"'), {"hex": "fffe80c328"}, t('","confirmed":1.5,"unconfirmed":0}')]), ["decode"],
             "bytes that are not UTF-8 in a string of a JSON body"),
        cell("cut-after-escape-in-string." + op, op,
             envelope_ok([t('{"address":"'), t("x", 12_000), t("\\")])[:-1], ["decode"],
             "a 12 kB answer cut right after a backslash inside a string (past the scanner's quick path)"),
        cell("cut-after-escape-in-string.create_wallet", "create_wallet",
             envelope_ok([t('{"walletName":"'), t("x", 12_000), t("\\")])[:-1], ["outcome_unknown"],
             "a 12 kB answer to a create cut right after a backslash inside a string"),
        cell("cut-after-escape-in-error-body." + op, op,
             [t('{"successful":false,"message":"'), t("x", 12_000), t("\\")], ["service_unavailable"],
             "an HTTP 500 body of 12 kB cut right after a backslash inside a string", status=500),
        cell("five-million-empty-items.wallet_transactions", "wallet_transactions",
             envelope_ok([t('{"walletName":"' + WALLET + '","items":['), t("{},", n_items - 1), t("{}]}")]), ["decode"],
             f"{n_items:,} empty items (15 MB of body, gigabytes once decoded) on a list operation"),
    ]


def secret_data_cells() -> list:
    """Bare-string and number `data` on the operations whose answers carry secrets."""
    cases = [
        ("create_importable_wallet", "bip39"),
        ("create_encrypted_wallet", "passphrase"),
        ("address_private_key", "wif"),
        ("get_blockchain_otp", "otp"),
        ("wallet_default_address_v2", "wif"),
        ("wallet_default_address_v2", "bip39_input"),
        ("wallet_default_address", "bip39_input"),
        ("wallet_default_address", "bip39"),
    ]
    cells = []
    for op, secret in cases:
        seen = " (the call's own mnemonics argument)" if secret == "bip39_input" else ""
        cells.append(cell(f"bare-string-data-{secret}.{op}", op, envelope_ok([t(j(SECRETS[secret]))]), unreadable_2xx(op),
                          f"`data` is the string of a secret ({secret}){seen}"))
    for op in dict.fromkeys(op for op, _ in cases):
        number = SECRETS["otp"] if op == "get_blockchain_otp" else SECRETS["number"]
        name = "otp" if op == "get_blockchain_otp" else "number"
        cells.append(cell(f"number-data-{name}.{op}", op, envelope_ok([t(number)]), unreadable_2xx(op),
                          f"`data` is a JSON number ({name} {number})"))
    return cells


def echo_cells() -> list:
    """Failure answers that echo a secret the SDK never saw, in every text the SDK may show."""
    op = "address_balance"
    cells = []
    for secret in ("bip39", "wif", "wif_testnet", "xprv", "jwt"):
        s = SECRETS[secret]
        # the real service's compat shape (HTTP 200, successful false): message, error.*, errors
        body200 = {
            "successful": False, "message": f"Error: the node refused {s}", "data": None,
            "error": {"code": s, "field": s, "nodeCode": -5, "nodeMessage": f"Invalid key {s}"},
            "errors": {s: [f"The value {s} is invalid."]},
        }
        cells.append(cell(f"echo-200-{secret}.{op}", op, [t(j(body200))], ["service_error"],
                          f"HTTP 200 `successful: false` echoing a {secret} in message, error.code, error.field, "
                          "error.nodeMessage, errors and X-Request-Id", headers={"X-Request-Id": f"req-{s}"}))
        # an ASP.NET validation problem: no message (so `title`), the field from `errors`' key
        body400 = {
            "type": "https://tools.ietf.org/html/rfc7231#section-6.5.1",
            "title": f"One or more validation errors occurred: {s}", "status": 400,
            "errors": {s: [f"The {s} field is invalid."]},
            "successful": False, "error": {"code": s, "nodeMessage": f"Invalid key {s}"},
        }
        cells.append(cell(f"echo-400-{secret}.{op}", op, [t(j(body400))], ["validation"],
                          f"HTTP 400 problem+json echoing a {secret} in title, errors' key, error.code, "
                          "error.nodeMessage and X-Request-Id", status=400, content_type="application/problem+json",
                          headers={"X-Request-Id": f"req-{s}"}))
    return cells


def echoed_input_cells() -> list:
    """Failure answers that echo the call's own secret input in a shape other than the one sent:
    the phrase as a JSON array of its words, half of a phrase, the one-time code as a number."""
    words = SECRETS["bip39_input"].split(" ")
    as_array = j(words)
    body = {
        "title": f"The mnemonic words {as_array} are not valid", "status": 400,
        "errors": {"mnemonics": words}, "successful": False,
        "error": {"code": "invalid_mnemonic", "nodeMessage": f"words={as_array}"},
    }
    cells = [cell("echo-word-array-bip39_input.wallet_default_address", "wallet_default_address", [t(j(body))], ["validation"],
                  "HTTP 400 echoing the call's phrase as a JSON array of its words (title, errors, error.nodeMessage)",
                  status=400, content_type="application/problem+json")]
    half = " ".join(SECRETS["bip39"].split(" ")[:6])
    failure = {"successful": False, "message": f"could not store the phrase starting {half}",
               "error": {"code": "internal", "nodeMessage": f"seed words: {half}"}}
    cells.append(cell("echo-half-phrase-bip39.create_importable_wallet", "create_importable_wallet", [t(j(failure))], ["outcome_unknown"],
                      "HTTP 500 quoting six words of a phrase (half of one) in message and error.nodeMessage", status=500))
    otp = int(SECRETS["otp"])
    wrong = {"successful": False, "message": f"code {otp} is wrong", "data": {"code": otp},
             "error": {"code": "otp_invalid", "field": "code", "nodeMessage": f"expected other than {otp}"}}
    cells.append(cell("echo-number-otp.verify_otp", "verify_otp", [t(j(wrong))], ["validation"],
                      "HTTP 400 echoing the call's one-time code as a number and in texts", status=400))
    return cells


BUILD_PATH = "/api/Transactions/create-raw-transaction-v2"
BROADCAST_PATH = "/api/Transactions/broadcast-transaction"
SIGN_PATH = "/api/Transactions/sign-transaction"
# The coins each driver run makes on the node for the build cells: name -> (owner, LTC). The
# owners are addresses of a node wallet of that run; the sender's key is given to the SDK.
BUILD_COINS = {"coin": ("sender", "0.6"), "spare": ("sender", "0.6"), "foreign": ("stranger", "0.3")}
PAYMENT = "0.2"
# what the service builds for that payment from `coin`: the recipient, then the change
HONEST = [["recipient", PAYMENT], ["sender", "0.3999"]]


def build_cells() -> list:
    """send_signed_locally through the fault proxy, whose answer to the service's build
    (create_raw_transaction_v2) is a transaction the driver makes on the node (`rule.build`:
    inputs are BUILD_COINS, outputs (owner, LTC); the answer claims `claimed_fee` and, when given,
    `claimed_input_ltc` as the value of every input). Each hostile build must be refused as
    transaction_mismatch before any signature: the service's signing and broadcast paths are
    never reached (`unreached`), and no request carries the sender's key (the sandbox's record)."""
    hostile = [
        ("pays-another-address", "pays the payment to a stranger", ["coin"], [["stranger", PAYMENT], ["sender", "0.3999"]]),
        ("adds-an-output", "adds an output to a stranger, taken from the change", ["coin"], HONEST[:1] + [["sender", "0.3998"], ["stranger", "0.0001"]]),
        ("drops-the-change", "drops the change: the miners get 0.3999 LTC", ["coin"], HONEST[:1]),
        ("spends-a-foreign-input", "spends a coin of a stranger as well", ["coin", "foreign"], HONEST[:1] + [["sender", "0.6998"]]),
        ("raises-the-fee", "raises the fee to 0.0201 LTC (the default cap is 0.01)", ["coin"], HONEST[:1] + [["sender", "0.3799"]]),
        ("one-litoshi-less", "pays the recipient one litoshi less", ["coin"], [["recipient", "0.19999999"], ["sender", "0.39990001"]]),
        ("one-litoshi-more", "pays the recipient one litoshi more", ["coin"], [["recipient", "0.20000001"], ["sender", "0.39989999"]]),
    ]
    args = {"sender_address": "${sender}", "recipient_address": "${recipient}", "amount": PAYMENT, "key": "${sender_key}", "build": "service"}

    def one(name: str, about: str, inputs: list, outputs: list, expect: list, **claims) -> dict:
        build_spec = {"inputs": inputs, "outputs": outputs, "claimed_fee": claims.get("claimed_fee", "0.0001")}
        if "claimed_input_ltc" in claims:
            build_spec["claimed_input_ltc"] = claims["claimed_input_ltc"]
        rule = {"path": BUILD_PATH, "action": "respond", "status": 200, "build": build_spec}
        c = {"name": f"build-{name}.send_signed_locally", "about": about, "op": "send_signed_locally", "args": args, "rule": rule, "expect": expect}
        if expect == ["transaction_mismatch"]:
            c["unreached"] = [SIGN_PATH, BROADCAST_PATH]
        else:
            c["reached"] = [BROADCAST_PATH]
        return c

    cells = [one(n, f"the service's build {about}", i, o, ["transaction_mismatch"]) for n, about, i, o in hostile]
    cells.append(one("claims-prevout-values", "the service's build raises the fee to 0.0201 LTC and claims its input worth 0.02 LTC more (0.62) and a fee of 0.0001",
                     ["coin"], HONEST[:1] + [["sender", "0.3799"]], ["transaction_mismatch"], claimed_input_ltc="0.62"))
    cells.append(one("honest-lying-fee", "an honest build from the spare coin whose answer claims a fee of one litoshi: signed and sent, the fee read from the chain",
                     ["spare"], HONEST, ["ok"], claimed_fee="0.00000001"))
    return cells


def build() -> str:
    doc = {
        "about": [
            "The hostile-answer cells of the fault matrix, written by tests/hostile/make_cells.py:",
            "edit the script, not this file. Each cell is one call of `op` with `args` through wallet-fault-proxy,",
            "which answers it with `rule` (bodyParts: docs/fault-proxy.md); scripts/test-hostile scopes the rule to",
            "a fresh API key and runs each cell in each language in a child process of its own. `expect`: the kinds",
            "the call may end with (`ok` for a success). No text the child prints may hold any of `secrets`.",
            "A `rule.build` is made by the driver on the node, with the `${…}` of `args` (tests/hostile/README.md, \"Builds\").",
        ],
        "depth": DEPTH,
        "secrets": SECRETS,
        "build_coins": BUILD_COINS,
        "cells": deep_cells() + big_cells() + secret_data_cells() + echo_cells() + echoed_input_cells() + build_cells(),
    }
    names = [c["name"] for c in doc["cells"]]
    assert len(names) == len(set(names)), "cell names repeat"
    assert all(re.fullmatch(r"[a-z0-9_.-]+", n) for n in names)
    return json.dumps(doc, indent=1, ensure_ascii=True) + "\n"


BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
CURVE_ORDER = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141


def base58check(payload: bytes) -> str:
    data = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    n, out = int.from_bytes(data, "big"), ""
    while n:
        n, r = divmod(n, 58)
        out = BASE58[r] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def new_secrets() -> dict:
    """How SECRETS were made (the English word list from the bip39 crate in cargo's registry)."""
    registry = Path(os.path.expanduser("~/.cargo/registry/src"))
    english = next(registry.glob("*/bip39-2*/src/language/english.rs"))
    words = re.findall(r'"([a-z]+)"', english.read_text())
    assert len(words) == 2048

    def phrase() -> str:
        entropy = secrets.token_bytes(16)
        n = (int.from_bytes(entropy, "big") << 4) | (hashlib.sha256(entropy).digest()[0] >> 4)
        return " ".join(words[(n >> (11 * (11 - i))) & 2047] for i in range(12))

    def key() -> bytes:
        while True:
            k = secrets.token_bytes(32)
            if 0 < int.from_bytes(k, "big") < CURVE_ORDER:
                return k

    def b64(b: bytes) -> str:
        return base64.urlsafe_b64encode(b).rstrip(b"=").decode()

    jwt = ".".join([b64(j({"alg": "HS256", "typ": "JWT"}).encode()), b64(j({"sub": "hostile-cell", "exp": 4102444800}).encode()), b64(secrets.token_bytes(32))])
    xprv = base58check(bytes.fromhex("0488ade4") + b"\x01" + secrets.token_bytes(4) + (0x80000000).to_bytes(4, "big") + secrets.token_bytes(32) + b"\x00" + key())
    return {
        "bip39": phrase(), "bip39_input": phrase(),
        "wif": base58check(b"\xb0" + key() + b"\x01"), "wif_testnet": base58check(b"\xef" + key() + b"\x01"),
        "xprv": xprv, "jwt": jwt, "passphrase": b64(secrets.token_bytes(24)), "otp": "483920", "number": "7308416259",
    }


def main() -> int:
    if "--new-secrets" in sys.argv:
        print(json.dumps(new_secrets(), indent=1))
        return 0
    text = build()
    if "--check" in sys.argv:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT} is not what tests/hostile/make_cells.py writes: run it", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    print(f"{OUT}: {len(json.loads(text)['cells'])} cells")
    return 0


if __name__ == "__main__":
    sys.exit(main())
