"""The fault matrix of the 13 non-idempotent operations (broadcasting is safe to repeat since
ADR 0014), through the Python binding, against the
sandbox behind the project's fault proxy (wallet-fault-proxy, started by scripts/with-sandbox).

For each cell: the exception class, ``retryable``, and how many requests reached the proxy and
the sandbox: exactly one for a non-idempotent operation. Then echoed secrets, cancellation of a
held request, the abandoned-call report, and the untyped call.
"""

import asyncio
import json
import logging
import pickle
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from typing import Any, Callable, Dict, List, Optional

import pytest

import wallet_sdk as w
from conftest import env, fund, make_client, mint_key, sandbox_post, unique

PASSPHRASE = 'correct horse/battery "staple"'
MNEMONICS = "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject"
NEW_PASSPHRASE = "n3w-pa55phrase!"


_key_serial = iter(range(1, 1_000_000))
_key_lock = threading.Lock()


def fresh_key() -> str:
    """An API key no other test uses: keys minted in the same second with the same lifetime
    are identical, so each gets its own lifetime."""
    with _key_lock:
        n = next(_key_serial)
    return mint_key(7200 + n, "default")


def proxy(path: str, body: Any = None) -> Any:
    url = env("WALLET_FAULT_PROXY_URL").rstrip("/") + path
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"}, method="GET" if body is None else "POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def arm(path: str, key: str, action: str, **params: Any) -> None:
    rule = {"path": path, "action": action, "count": 1, "header": {"name": "nodeUrlOrApiAccessKey", "value": key}, **params}
    proxy("/_proxy/rules", rule)


def hits(path: str, key: str) -> Dict[str, int]:
    q = urllib.parse.urlencode({"path": path, "key": key})
    return proxy(f"/_proxy/hits?{q}")


def proxied_client(key: str, **kw: Any) -> w.Client:
    kw.setdefault("timeout", 1.5)
    kw.setdefault("backoff", 0.01)
    kw.setdefault("max_backoff", 0.05)
    return w.Client(env("WALLET_FAULT_PROXY_URL"), key, **kw)


# The 13 non-idempotent operations: path, and a call through the public typed method.
NON_IDEMPOTENT: Dict[str, tuple] = {
    "create_address": ("/api/Address/create", lambda c, n: c.create_address(n, passphrase=PASSPHRASE)),
    "create_multisig_address": (
        "/api/Address/create-muti-sig-address",
        lambda c, n: c.create_multisig_address(n, ["rltc1qaaa", "rltc1qbbb"], 1, "bech32", passphrase=PASSPHRASE),
    ),
    "generate_default_address": ("/api/Address/generate-default-address", lambda c, n: c.generate_default_address(n, passphrase=PASSPHRASE)),
    "send_funds_from_wallet": (
        "/api/Transactions/send-funds-from-wallet",
        lambda c, n: c.send_funds_from_wallet(n, "rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9", Decimal("0.1"), passphrase=PASSPHRASE),
    ),
    "verify_otp": ("/api/Utilities/verify-otp", lambda c, n: c.verify_otp("c2lnbmF0dXJl", "481516")),
    "create_wallet": ("/api/Wallet/create", lambda c, n: c.create_wallet(n)),
    "encrypt_wallet": ("/api/Wallet/encrypt-wallet", lambda c, n: c.encrypt_wallet(n, PASSPHRASE)),
    "create_encrypted_wallet": ("/api/Wallet/create-encrypted-wallet", lambda c, n: c.create_encrypted_wallet(n)),
    "create_importable_wallet": ("/api/Wallet/create-importable-wallet", lambda c, n: c.create_importable_wallet(n)),
    "create_importable_encrypted_wallet": (
        "/api/Wallet/create-importable-encrypted-wallet",
        lambda c, n: c.create_importable_encrypted_wallet(n),
    ),
    "import_wallet": ("/api/Wallet/import-wallet", lambda c, n: c.import_wallet(n, MNEMONICS)),
    "change_passphrase": ("/api/Wallet/change-passphrase", lambda c, n: c.change_passphrase(n, PASSPHRASE, NEW_PASSPHRASE)),
    "set_wallet_mnemonics": ("/api/Wallet/set-wallet-mnemonics", lambda c, n: c.set_wallet_mnemonics(n, MNEMONICS, passphrase=PASSPHRASE)),
}

GATEWAY_PAGE = "<html><body><h1>504 Gateway Time-out</h1></body></html>"

# (name, action, rule params, expected class, forwarded to the sandbox?)
CELLS = [
    ("reset after forwarding", "reset_after_forward", {}, w.OutcomeUnknownError, 1),
    ("FIN after forwarding", "close_after_forward", {}, w.OutcomeUnknownError, 1),
    ("500 after forwarding", "status_after_forward", {"status": 500}, w.OutcomeUnknownError, 1),
    ("502 after forwarding", "status_after_forward", {"status": 502, "body": "<h1>502</h1>"}, w.OutcomeUnknownError, 1),
    ("504 after forwarding", "status_after_forward", {"status": 504, "body": GATEWAY_PAGE}, w.OutcomeUnknownError, 1),
    ("500 before forwarding", "status_before_forward", {"status": 500}, w.OutcomeUnknownError, 0),
    ("503 before forwarding", "status_before_forward", {"status": 503, "headers": {"Retry-After": "0"}}, w.OutcomeUnknownError, 0),
    ("503 after forwarding", "status_after_forward", {"status": 503}, w.OutcomeUnknownError, 1),
    ("429 before forwarding", "status_before_forward", {"status": 429, "headers": {"Retry-After": "0"}}, w.RateLimitedError, 0),
    ("a huge Retry-After", "status_before_forward", {"status": 429, "headers": {"Retry-After": "100000000000000000000"}}, w.RateLimitedError, 0),
    ("a truncated body", "truncate_after_forward", {}, w.OutcomeUnknownError, 1),
    ("a slow body", "slow_body_after_forward", {"delayMs": 400}, w.OutcomeUnknownError, 1),
    ("a timeout", "hang", {}, w.OutcomeUnknownError, 0),
    ("an undecodable 2xx", "respond", {"status": 200, "body": "<html>captive portal</html>", "contentType": "text/html"}, w.OutcomeUnknownError, 0),
    ("a 2xx of another shape", "respond", {"status": 200, "body": '{"error":"locked"}', "contentType": "application/json"}, w.OutcomeUnknownError, 0),
]


def run_cell(cell: tuple) -> List[str]:
    name, action, params, expected, forwarded = cell
    key = fresh_key()
    c = proxied_client(key)
    failures = []
    for op, (path, call) in NON_IDEMPOTENT.items():
        arm(path, key, action, **params)
        try:
            call(c, unique("fm"))
            failures.append(f"{op} / {name}: succeeded")
            continue
        except w.WalletSdkError as e:
            err = e
        time.sleep(0.1)  # room for a retry that must not come
        h = hits(path, key)
        problems = []
        if type(err) is not expected:
            problems.append(f"{type(err).__name__} (want {expected.__name__})")
        if err.retryable:
            problems.append("retryable")
        if h != {"hits": 1, "forwarded": forwarded}:
            problems.append(f"hits {h}")
        if err.operation != op:
            problems.append(f"operation {err.operation}")
        if name == "a huge Retry-After" and not (err.retry_after is not None and err.retry_after <= 86400):
            problems.append(f"retry_after {err.retry_after}")
        if problems:
            failures.append(f"{op} / {name}: {', '.join(problems)}: {err}")
        proxy("/_proxy/rules", {"path": path, "action": "forward", "count": 1, "header": {"name": "nodeUrlOrApiAccessKey", "value": "nobody"}})
    c.close()
    return failures


def test_every_fault_on_every_non_idempotent_operation():
    with ThreadPoolExecutor(max_workers=len(CELLS)) as pool:
        failures = [f for cell_failures in pool.map(run_cell, CELLS) for f in cell_failures]
    assert not failures, f"{len(failures)} cells failed:\n" + "\n".join(failures)


def test_504_after_forwarding_happened_and_is_outcome_unknown():
    key = fresh_key()
    name = unique("gw")
    arm("/api/Wallet/create", key, "status_after_forward", status=504, body=GATEWAY_PAGE, headers={"X-Request-Id": "gw-1"})
    with pytest.raises(w.OutcomeUnknownError) as caught:
        proxied_client(key, timeout=60).create_wallet(name)
    e = caught.value
    assert (e.status, e.code, e.request_id, e.retryable, e.attempts) == (504, "server_error", "gw-1", False, 1)
    assert str(e).startswith("create_wallet: outcome unknown (HTTP 504, code `server_error`)"), str(e)
    assert "check whether it took effect before trying again" in str(e)
    with pytest.raises(w.ConflictError):
        make_client(key).create_wallet(name)  # the service did create it
    # the same answer to a read is retried (and the read then succeeds)
    arm("/api/Blocks/blockchain-info", key, "status_after_forward", status=504)
    assert proxied_client(key).blockchain_info().chain == "regtest"
    assert hits("/api/Blocks/blockchain-info", key) == {"hits": 2, "forwarded": 2}


def test_async_client_follows_the_same_rules():
    key = fresh_key()
    arm("/api/Wallet/create", key, "status_after_forward", status=502)

    async def go() -> w.WalletSdkError:
        async with w.AsyncClient(env("WALLET_FAULT_PROXY_URL"), key, timeout=60) as c:
            try:
                await c.create_wallet(unique("agw"))
            except w.WalletSdkError as e:
                return e
        raise AssertionError("no error")

    e = asyncio.run(go())
    assert type(e) is w.OutcomeUnknownError and not e.retryable and e.status == 502
    assert hits("/api/Wallet/create", key) == {"hits": 1, "forwarded": 1}


def test_undecodable_answers_keep_their_redacted_body():
    key = fresh_key()
    body = json.dumps({"weird": {"mnemonics": MNEMONICS, "note": f"import of {MNEMONICS} done"}})
    arm("/api/Wallet/import-wallet", key, "respond", status=200, body=body, contentType="application/json")
    with pytest.raises(w.OutcomeUnknownError) as caught:
        proxied_client(key).import_wallet(unique("raw"), MNEMONICS)
    assert caught.value.raw_body == '{"weird":{"mnemonics":"[REDACTED]","note":"import of [REDACTED] done"}}'
    # an answer that carries secrets of its own is never kept
    arm("/api/Wallet/create-importable-wallet", key, "respond", status=200, body='"a bare secret"', contentType="application/json")
    with pytest.raises(w.OutcomeUnknownError) as caught:
        proxied_client(key).create_importable_wallet(unique("raw"))
    assert caught.value.raw_body is None and "a bare secret" not in f"{caught.value} {caught.value!r}"
    # a read: DecodeError with the body
    arm("/api/Blocks/blockchain-info", key, "respond", status=200, body="not json", contentType="text/plain")
    with pytest.raises(w.DecodeError) as caught:
        proxied_client(key, max_attempts=1).blockchain_info()
    assert caught.value.raw_body == "not json"


def _every_text(e: w.WalletSdkError) -> str:
    return " | ".join([str(e), repr(e), repr(e.__dict__)])


@pytest.mark.parametrize(
    "status,content_type,body",
    [
        (200, "application/json", json.dumps(MNEMONICS)),
        (200, "application/json", json.dumps({"echo": MNEMONICS, "walletName": "w"})),
        (200, "text/plain", "mnemonics=" + urllib.parse.quote_plus(MNEMONICS)),
        (500, "text/plain", f"failed for {MNEMONICS}"),
        (400, "application/json", json.dumps({"successful": False, "message": MNEMONICS, "error": {"code": MNEMONICS, "field": MNEMONICS, "nodeMessage": urllib.parse.quote(MNEMONICS)}})),
        (409, "application/json", json.dumps({"successful": False, "message": MNEMONICS.replace(" ", "+")})),
        (500, "text/plain", "credential KEY rejected"),
        (200, "application/json", json.dumps({"walletName": "w", "k": "KEY"})),
    ],
)
def test_echoed_secrets_never_reach_an_exception(status: int, content_type: str, body: str):
    key = fresh_key()
    body = body.replace("KEY", key)
    for op, path, call in [
        ("import_wallet", "/api/Wallet/import-wallet", lambda c: c.import_wallet(unique("echo"), MNEMONICS)),
        ("set_wallet_mnemonics", "/api/Wallet/set-wallet-mnemonics", lambda c: c.set_wallet_mnemonics(unique("echo"), MNEMONICS)),
    ]:
        arm(path, key, "respond", status=status, body=body, contentType=content_type)
        try:
            result = call(proxied_client(key))
            text = repr(result) + json.dumps(result.raw, default=str)
        except w.WalletSdkError as e:
            text = _every_text(e)
        for secret in [MNEMONICS, urllib.parse.quote_plus(MNEMONICS), urllib.parse.quote(MNEMONICS), key]:
            assert secret not in text, f"{op}: {secret!r} leaked in {text}"


def test_a_node_url_echoed_as_its_userinfo_is_scrubbed():
    node_url = env("WALLET_SANDBOX_NODE_URL")
    parsed = urllib.parse.urlsplit(node_url)
    for echo in [f"{parsed.username}:{parsed.password}", parsed.password]:
        arm("/api/Wallet/create", node_url, "status_before_forward", status=500, body=f"node {echo} down", contentType="text/plain")
        with pytest.raises(w.OutcomeUnknownError) as caught:
            w.Client(env("WALLET_FAULT_PROXY_URL"), node_url=node_url, max_attempts=1).create_wallet(unique("nu"))
        assert parsed.password not in _every_text(caught.value)
        assert "node [REDACTED] down" in str(caught.value)


def _funded_wallet() -> tuple:
    """A wallet with confirmed coins and an address of another wallet to pay."""
    c = make_client()
    payer = unique("payer")
    c.create_wallet(payer)
    funded = c.create_address(payer).address
    fund(funded, "2.0", mine=True)
    payee = unique("payee")
    c.create_wallet(payee)
    return payer, c.create_address(payee).address


def test_cancelled_sends_run_once_and_are_reported():
    """Cancelling a create or a send while the sandbox holds the request: the caller gets
    OutcomeUnknownError (not CancelledError, not the builtin TimeoutError), the request runs
    exactly once, and the hook and the ``wallet_sdk`` logger are told what became of it."""
    key = fresh_key()
    payer, payee_address = _funded_wallet()
    name = unique("held")
    reports: List[w.AbandonedCall] = []
    told = threading.Event()

    def hook(call: w.AbandonedCall) -> None:
        reports.append(call)
        if len(reports) == 2:
            told.set()

    records: List[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    logger = logging.getLogger("wallet_sdk")
    handler = Keep()
    logger.addHandler(handler)
    try:
        sandbox_post("/sandbox/faults", {"path": "/api/Wallet/create", "delayMs": 1500, "apiKey": key})
        sandbox_post("/sandbox/faults", {"path": "/api/Transactions/send-funds-from-wallet", "delayMs": 1500, "apiKey": key})

        async def go() -> List[BaseException]:
            async with w.AsyncClient(env("WALLET_SDK_BASE_URL"), key, on_abandoned_call=hook) as c:
                out = []
                for coro in [c.create_wallet(name), c.send_funds_from_wallet(payer, payee_address, Decimal("0.25"))]:
                    try:
                        await asyncio.wait_for(coro, 0.3)
                    except BaseException as e:  # noqa: B902 - the point is which class arrives
                        out.append(e)
                # a task cancelled outright gives the same
                return out

        errors = asyncio.run(go())
        assert [type(e) for e in errors] == [w.OutcomeUnknownError, w.OutcomeUnknownError], errors
        assert not any(isinstance(e, (asyncio.CancelledError, TimeoutError)) for e in errors)
        assert all(not e.retryable for e in errors)
        assert told.wait(10), reports
        by_op = {r.operation: r for r in reports}
        assert by_op["create_wallet"].succeeded and by_op["create_wallet"].status == 200
        sent = by_op["send_funds_from_wallet"]
        assert sent.succeeded and sent.data["txid"]
        assert any(getattr(r, "wallet_sdk_abandoned_call", None) is not None for r in records)
    finally:
        logger.removeHandler(handler)
    c = make_client()
    with pytest.raises(w.ConflictError):
        c.create_wallet(name)  # it happened, once
    sends = [t for t in c.wallet_transactions(payer, count=100).items if t.category == "send" and t.address == payee_address]
    assert len(sends) == 1 and sends[0].txid == sent.data["txid"]


def test_cancelling_a_read_is_plain_cancellation():
    async def go() -> None:
        async with w.AsyncClient(env("WALLET_SDK_BASE_URL"), env("WALLET_SDK_API_KEY")) as c:
            task = asyncio.ensure_future(c.blockchain_info())
            await asyncio.sleep(0)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

    asyncio.run(go())


def test_amounts_and_raw_json_keep_every_digit_and_the_key_order():
    key = fresh_key()
    data = '{"unconfirmed":0.00000001,"confirmed":83999999.99999999,"note":12345678901234567890.123456789}'
    body = '{"successful": true, "data": %s}' % data.replace(",", ", ")
    for call in (lambda c: c.wallet_balance(unique("exact")), lambda c: c.call("wallet_balance", {"wallet_name": unique("exact")})):
        arm("/api/Wallet/balance", key, "respond", status=200, body=body, contentType="application/json")
        result = call(proxied_client(key))
        raw = result if isinstance(result, dict) else result.raw
        if not isinstance(result, dict):
            assert result.confirmed == Decimal("83999999.99999999") and result.confirmed_litoshis == 8_399_999_999_999_999
            assert result.unconfirmed_litoshis == 1
            assert result.raw_json == data, "compacted, every digit kept"
        assert raw["note"] == Decimal("12345678901234567890.123456789") and raw["confirmed"] == Decimal("83999999.99999999")
        assert list(raw) == ["unconfirmed", "confirmed", "note"]


def test_the_untyped_call():
    c = make_client()
    name = unique("call")
    created = c.call("create_wallet", {"wallet_name": name})
    assert created["walletName"] == name
    balance = c.call("walletBalance", {"wallet_name": name})
    assert balance["confirmed"] == Decimal("0") and isinstance(balance["confirmed"], (int, Decimal))
    with pytest.raises(w.InvalidInputError) as caught:
        c.call("send_funds_from_wallet", {"wallet_name": name, "recipient_address": "x", "amount": 0.5})
    assert caught.value.field == "amount"
    with pytest.raises(w.InvalidInputError) as caught:
        c.call("no_such_operation")
    assert str(caught.value) == "invalid input `operation`: `no_such_operation` is not the snake_case name of one of the 43 operations, such as `wallet_balance`"

    async def go() -> Any:
        async with w.AsyncClient(env("WALLET_SDK_BASE_URL"), env("WALLET_SDK_API_KEY")) as ac:
            return await ac.call("wallet_balance", {"wallet_name": name})

    assert asyncio.run(go()) == balance


def test_a_pages_entries_share_repeated_values_and_its_raw_json_is_made_on_first_read():
    key = fresh_key()
    entry = ('{"txid":"%064x","category":"send","address":"rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9","amount":-0.5,'
             '"vout":%d,"confirmations":2,"blockHash":"%064x","time":1795305274,"comment":"invoice %d"}')
    data = '{"walletName":"shared","skip":0,"count":3,"items":[%s]}' % ",".join(entry % (i + 1, i, 7, i) for i in range(3))
    arm("/api/Wallet/transactions", key, "respond", status=200, body='{"successful":true,"data":%s}' % data,
        contentType="application/json")
    page = proxied_client(key).wallet_transactions(unique("shared"))
    first, _, last = page.items
    # equal short strings, ints and amounts of a list's entries are one object each (memory);
    # distinct ones stay distinct
    assert first.category == "send" and first.category is last.category
    assert first.time == 1795305274 and first.time is last.time
    assert first.amount == Decimal("-0.5") and first.amount is last.amount and first.amount_litoshis is last.amount_litoshis
    assert first.address is last.address and first.block_hash is last.block_hash
    assert first.txid != last.txid and (first.comment, last.comment) == ("invoice 0", "invoice 2")
    # the raw text is copied into Python on first read, once
    assert page.raw_json == data and page.raw_json is page.raw_json
    assert page.raw["items"][2]["vout"] == 2
    # the models the native module makes are those of wallet_sdk._models: typed, read-only,
    # compared by value, never pickled; only results carry raw_json
    assert type(page) is w.WalletTransactions and isinstance(page, w.ResultModel)
    assert type(first) is w.WalletTx and not isinstance(first, w.ResultModel)
    assert not hasattr(first, "raw_json") and first == page.items[0] and first != last
    assert first.to_dict()["comment"] == "invoice 0" and "txid='%064x'" % 1 in repr(first)
    for model in (page, first):
        with pytest.raises(AttributeError, match="read-only"):
            model.comment = "changed"
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(page)


# ------------------------------------------------------------------ exactly-once (docs/adr/0014)

def _wallet_with_address(c: w.Client, tag: str, amount: str) -> tuple:
    name = unique(tag)
    c.create_wallet(name)
    address = c.create_address(name).address
    fund(address, amount)
    return name, address


def test_a_keyed_send_whose_answer_is_lost_resolves_applied_and_is_never_paid_twice():
    key = fresh_key()
    direct = make_client(key)
    wallet, _ = _wallet_with_address(direct, "pyks", "3")
    _, recipient = _wallet_with_address(direct, "pyks_to", "0.1")
    c = proxied_client(key, timeout=60)
    arm("/api/Transactions/send-funds-from-wallet", key, "status_after_forward", status=504)
    with pytest.raises(w.OutcomeUnknownError) as lost:
        c.send_funds_from_wallet(wallet, recipient, Decimal("0.25"), description="invoice 9", idempotency_key="py-inv-9")
    token = lost.value.outcome_token
    assert token and "py-inv-9" in token and "invoice" not in token
    r = c.resolve(lost.value)
    assert (r.state, r.secret_lost) == ("applied", False), r.reason
    assert r.sent.replayed and r.sent.txid == r.txid
    # the same answer from the token alone, as another process would resolve it
    assert c.resolve(token).txid == r.txid
    again = c.send_funds_from_wallet(wallet, recipient, Decimal("0.25"), description="invoice 9", idempotency_key="py-inv-9")
    assert again.replayed and again.txid == r.txid
    assert hits("/api/Transactions/send-funds-from-wallet", key)["forwarded"] == 1
    sends = [t for page in direct.wallet_transactions_pages(wallet) for t in page if t.category == "send"]
    assert [t.txid for t in sends] == [r.txid]
    assert sends[0].comment == "[wsdk-idem:py-inv-9] invoice 9"


def test_a_cancelled_keyed_send_keeps_its_key_until_its_request_settles():
    """The caller cancels a keyed send while the proxy holds its request, then sends the key
    again at once: nothing is sent twice; the retry is refused while the request runs, and
    replays it once it has landed."""
    key = fresh_key()
    direct = make_client(key)
    wallet, _ = _wallet_with_address(direct, "pycan", "3")
    _, recipient = _wallet_with_address(direct, "pycan_to", "0.1")
    path = "/api/Transactions/send-funds-from-wallet"
    arm(path, key, "delay_then_forward", delayMs=2000)

    async def go() -> None:
        async with w.AsyncClient(env("WALLET_FAULT_PROXY_URL"), key, timeout=30, settle_time=5) as c:
            send = lambda: c.send_funds_from_wallet(wallet, recipient, Decimal("0.2"), idempotency_key="py-can-1")  # noqa: E731
            task = asyncio.ensure_future(send())
            await asyncio.sleep(0.5)
            task.cancel()
            with pytest.raises(w.OutcomeUnknownError) as cancelled:
                await task
            assert cancelled.value.outcome_token
            with pytest.raises(w.ConflictError):
                await send()  # the first request is still on its way
            await asyncio.sleep(3)
            again = await send()
            assert again.replayed
            r = await c.resolve(cancelled.value)
            assert (r.state, r.txid) == ("applied", again.txid), r.reason

    asyncio.run(go())
    assert hits(path, key)["forwarded"] == 1


def test_resolve_in_asyncio_and_without_a_token():
    key = fresh_key()
    name = unique("pyimp")

    async def run() -> None:
        async with w.AsyncClient(env("WALLET_FAULT_PROXY_URL"), key, timeout=60) as c:
            arm("/api/Wallet/create-importable-wallet", key, "status_after_forward", status=504)
            with pytest.raises(w.OutcomeUnknownError) as lost:
                await c.create_importable_wallet(name)
            r = await c.resolve(lost.value)
            # the wallet exists, but its phrase was in the lost answer
            assert (r.state, r.wallet_name, r.secret_lost) == ("applied", name, True), r
            assert "Resolution(state='applied'" in repr(r)
            nothing = await c.resolve(w.NotFoundError("m", kind="not_found", operation="wallet_balance", attempts=1))
            assert (nothing.state, nothing.operation) == ("unknown", "wallet_balance")
            with pytest.raises(w.InvalidInputError) as bad:
                await c.resolve('{"v":1,"operation":"create_wallet","forged":1}')
            assert bad.value.field == "token"
            # the token is signed with the process's state key: a client with another key, or
            # the token changed, is refused naming `token`; the state key is never echoed
            token = lost.value.outcome_token
            assert token and '"sig":"' in token
            other_key = "another-state-key-of-at-least-32-chars"
            async with w.AsyncClient(env("WALLET_FAULT_PROXY_URL"), key, state_key=other_key) as other:
                with pytest.raises(w.InvalidInputError) as refused:
                    await other.resolve(token)
                assert refused.value.field == "token" and other_key not in str(refused.value)
            with pytest.raises(w.InvalidInputError) as changed:
                await c.resolve(token.replace(name, name + "x"))
            assert changed.value.field == "token"
            assert (await c.resolve(token)).state == "applied"
            with pytest.raises(w.InvalidInputError) as short:
                w.AsyncClient(env("WALLET_FAULT_PROXY_URL"), key, state_key="short")
            assert short.value.field == "state_key"

    asyncio.run(run())


def test_resolve_judges_an_error_without_a_token_as_the_core_does():
    c = make_client()
    never_sent = c.resolve(w.TimeoutError("m", kind="timeout", operation="create_wallet", attempts=0))
    assert never_sent.state == "not_applied" and never_sent.reason == "the request was never sent"
    refused = c.resolve(w.ConflictError("m", kind="conflict", operation="create_wallet", attempts=1, status=409))
    assert refused.state == "not_applied" and "refused" in refused.reason
    assert c.resolve(w.OutcomeUnknownError("m", kind="outcome_unknown", operation="create_address", attempts=1)).state == "unknown"
