"""The Python runner of the shared scenarios (tests/scenarios/*.json, format in tests/README.md).

Each step calls the public ``wallet_sdk.Client`` method it names (by reflection: the SDK's
parameter names are the scenario's argument names), checks the expectations and writes one
transcript line, in the same form as the other languages' runners.

    scripts/with-sandbox .venv/bin/python tests/runners/python/run_scenarios.py [--async] [TRANSCRIPT]

With ``--async`` every call goes through ``wallet_sdk.AsyncClient`` instead, awaited on an
event loop of the runner's own; its transcript must be the same.

``--hostile CELLS NAME [--async]`` runs one hostile-answer cell instead (tests/hostile/README.md,
scripts/test-hostile): one call through the fault proxy, one ``HOSTILE-RESULT`` line.
"""

import asyncio

import itertools
import json
import logging
import os
import re
import secrets
import sys
import threading
import urllib.request
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import wallet_sdk as w
from wallet_sdk import offline as wo

ROOT = Path(__file__).resolve().parents[3]
AMOUNT_ARGS = {"amount", "service_fee_amount"}
# the signing-at-home steps (pseudo-operations: tests/README.md)
HOME_OPS = {"sign_transaction_locally", "psbt_round_trip", "review_transaction", "send_signed_locally", "estimate_fee_rate"}
REGTEST_PREFIXES = ("m", "n", "Q", "2", "rltc1", "tmweb1")
# How long a watch_wallet step waits for its `count` events (and a wait_for_payment step beyond
# its own timeout) before the step fails: a hung stream fails the step, not the run.
WATCH_TIMEOUT = 60.0
# The proxied client's settle time: resolve of a lost request says not_applied once it has passed.
PROXIED_SETTLE_TIME = 2.0


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        sys.exit(f"{name} is not set: run under scripts/with-sandbox")
    return value


def sandbox_post(path: str, body: Any) -> Any:
    return http(env("WALLET_SDK_BASE_URL"), "POST", path, body)


def http(base: str, method: str, path: str, body: Any = None) -> Any:
    """One request to the sandbox or the fault proxy's control API: the answer's ``data``, or the
    whole JSON when it has no envelope."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base.rstrip("/") + path, data=data, headers={"content-type": "application/json"}, method=method)
    with urllib.request.urlopen(req, timeout=300) as r:
        v = json.loads(r.read())
    return v.get("data", v)


def camel(name: str) -> str:
    first, *rest = name.split("_")
    return first + "".join(p[:1].upper() + p[1:] for p in rest)


def snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


class Pages:
    """The entries of every page of a paged read."""

    def __init__(self, entries: List[Any]) -> None:
        self.entries = entries


class Record:
    """A pseudo-operation's result (a payment URI, proxy counters): fields as attributes."""

    def __init__(self, **fields: Any) -> None:
        for k, v in fields.items():
            setattr(self, k, v)


class SandboxOutput:
    def __init__(self, data: Dict[str, Any]) -> None:
        for k, v in data.items():
            setattr(self, snake(k), v)


MISSING = object()


def field_at(value: Any, path: str) -> Any:
    for part in filter(None, path.split(".")):
        if isinstance(value, list):
            try:
                value = value[int(part)]
            except (ValueError, IndexError):
                return MISSING
        else:
            value = getattr(value, part, MISSING)
        if value is MISSING:
            return MISSING
    return value


# Every secret value the run handled (checked or passed on): none may appear in its DEBUG log.
SECRETS_SEEN: set = set()

# The attributes Python's logging puts on every record (times, thread and process ids). They are not
# the SDK's to check, and a short numeric secret (a six-digit OTP code) can occur in their digits.
LOGGING_OWN_ATTRIBUTES = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


def holds_secret(text: str, secret: str) -> bool:
    """Whether the text holds the secret. A secret of digits only (an OTP code) counts as a whole
    number, so that the same six digits inside a latency or a request id are not a leak."""
    if secret.isdigit():
        return re.search(rf"(?<![0-9.]){secret}(?![0-9])", text) is not None
    return secret in text


def sdk_record_text(record: logging.LogRecord) -> str:
    """The record's message and every field the SDK attached to it."""
    fields = {k: v for k, v in vars(record).items() if k not in LOGGING_OWN_ATTRIBUTES}
    return f"{record.getMessage()} {fields!r}"


def plain(v: Any) -> Any:
    """The value as substituted into later steps (secrets revealed)."""
    if isinstance(v, w.Secret):
        SECRETS_SEEN.add(v.reveal())
        return v.reveal()
    if isinstance(v, Decimal):
        return format(v, ".8f")
    if isinstance(v, w.Amount):
        return str(v)
    if isinstance(v, wo.Network):
        return v.value
    return v


def canonical(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, w.Secret):
        SECRETS_SEEN.add(v.reveal())
        return "[REDACTED]"
    if isinstance(v, Decimal):
        return format(v, ".8f")
    if isinstance(v, w.Amount):
        return str(v)
    if isinstance(v, wo.Network):
        return v.value
    if isinstance(v, (int, str)):
        return str(v)
    if isinstance(v, list):
        return f"[{len(v)} items]"
    return "{…}"


def canonical_json(v: Any) -> str:
    return v if isinstance(v, str) else json.dumps(v)


class Runner:
    def __init__(self, vars_: Dict[str, str], loop: Optional[asyncio.AbstractEventLoop]) -> None:
        self.loop = loop
        self.vars = {name: self.unique(kind) for name, kind in vars_.items()}
        self.outputs: Dict[str, Any] = {}
        # the errors of failed steps with an id, for resolve (error_of)
        self.errors: Dict[str, w.WalletSdkError] = {}
        # the scenario's own API key for the proxied client and the proxy steps (made on first use)
        self._proxy_key: Optional[str] = None
        self.clients: Dict[str, Any] = {}
        self.lines: List[str] = []
        self.failures: List[str] = []

    @staticmethod
    def unique(kind: str) -> str:
        n = secrets.token_hex(4)
        return f"sc_py_{n}" if kind == "wallet" else f"scenario text py {n}"

    def resolve(self, ref: str) -> Any:
        if ref in self.vars:
            return self.vars[ref]
        step, _, path = ref.partition(".")
        value = field_at(self.outputs[step], path)
        if value is MISSING:
            raise KeyError(f"step `{step}` has no field `{path}`")
        return plain(value)

    def substitute(self, v: Any) -> Any:
        if isinstance(v, str):
            out = v
            while "${" in out:
                start = out.index("${")
                end = out.index("}", start)
                value = self.resolve(out[start + 2 : end])
                out = out[:start] + canonical_json(value) + out[end + 1 :]
            return out
        if isinstance(v, list):
            return [self.substitute(x) for x in v]
        if isinstance(v, dict):
            return {k: self.substitute(x) for k, x in v.items()}
        return v

    def normalize(self, text: str) -> str:
        known: List[Tuple[str, str]] = [(value, f"${{{name}}}") for name, value in self.vars.items()]
        for step, out in self.outputs.items():
            for name in dir(out):
                if name.startswith("_"):
                    continue
                value = getattr(out, name, None)
                if isinstance(value, str) and len(value) >= 8:
                    known.append((value, f"${{{step}.{name}}}"))
        known.sort(key=lambda vn: (-len(vn[0]), vn[1]))
        for value, name in known:
            text = text.replace(value, name)
        i = text.find("[request id ")
        if i >= 0:
            end = text.find("]", i)
            text = text[:i] + "[request id *]" + text[end + 1 :]
        return text

    def proxy_key(self) -> str:
        """The scenario's own key, so that the proxy's rules and counters of one scenario in one
        language touch nothing else."""
        if self._proxy_key is None:
            self._proxy_key = sandbox_post("/sandbox/keys", {"ttlSeconds": 3600, "compat": "default"})["apiKey"]
            SECRETS_SEEN.add(self._proxy_key)
        return self._proxy_key

    def client(self, spec: str) -> Any:
        base = env("WALLET_SDK_BASE_URL")
        if spec == "proxied":
            base, credential = env("WALLET_FAULT_PROXY_URL"), self.proxy_key()
        else:
            credential = {
                "default": lambda: env("WALLET_SDK_API_KEY"),
                "compat_real": lambda: env("WALLET_SDK_API_KEY_COMPAT_REAL"),
                "node_url": lambda: env("WALLET_SANDBOX_NODE_URL"),
            }.get(spec, lambda: str(self.substitute(spec)))()
        slot = f"{base}\n{credential}"
        if slot not in self.clients:
            kind = w.AsyncClient if self.loop else w.Client
            try:
                settle = {"settle_time": PROXIED_SETTLE_TIME} if spec == "proxied" else {}
                self.clients[slot] = kind(base, credential, timeout=120, backoff=0.1, **settle)
            except w.WalletSdkError as e:
                self.clients[slot] = e
        return self.clients[slot]

    def call(self, client: Any, op: str, args: Dict[str, Any]) -> Any:
        if isinstance(client, w.WalletSdkError):
            raise client
        args = {k: Decimal(str(v)) if k in AMOUNT_ARGS and v is not None else v for k, v in args.items()}
        # the offline payment functions (no client)
        if op == "build_payment_uri":
            return Record(uri=wo.build_payment_uri(args.pop("address"), **args))
        if op == "parse_payment_uri":
            return wo.parse_payment_uri(**args)
        if op == "parse_input":
            return wo.parse_input(**args)
        if op == "resolve":
            error = self.errors[args["error_of"]]
            if self.loop:
                return self.loop.run_until_complete(self._await(client.resolve, {"error_or_token": error}))
            return client.resolve(error)
        if op in HOME_OPS:
            return self.sign_at_home(client, op, args)
        if op == "watch_wallet":
            return self.watch(client, args)
        if op == "wait_for_payment":
            return self.wait_for_payment(client, args)
        if op in ("wallet_transactions_pages", "address_transaction_pages"):
            first = args.pop("wallet_name", None) or args.pop("address")
            pages = getattr(client, op)(first, **args)
            if self.loop:
                return Pages(self.loop.run_until_complete(self._collect(pages)))
            return Pages(list(itertools.chain.from_iterable(pages)))
        if self.loop:
            return self.loop.run_until_complete(self._await(getattr(client, op), args))
        return getattr(client, op)(**args)

    def call_cancelled(self, spec: str, op: str, args: Dict[str, Any], after: float) -> Any:
        """The call given up after ``after`` seconds: ``asyncio.wait_for`` cancels it, and what its
        caller learns is the step's error. A blocking call cannot be cancelled, so the sync runner
        makes this one with an ``AsyncClient`` of the same settings."""
        args = {k: Decimal(str(v)) if k in AMOUNT_ARGS and v is not None else v for k, v in args.items()}

        async def given_up(client: Any) -> Any:
            return await asyncio.wait_for(getattr(client, op)(**args), after)

        if self.loop:
            return self.loop.run_until_complete(given_up(self.client(spec)))
        base, credential = (env("WALLET_FAULT_PROXY_URL"), self.proxy_key()) if spec == "proxied" else (env("WALLET_SDK_BASE_URL"), env("WALLET_SDK_API_KEY"))
        settle = {"settle_time": PROXIED_SETTLE_TIME} if spec == "proxied" else {}

        async def with_own_client() -> Any:
            async with w.AsyncClient(base, credential, timeout=120, backoff=0.1, **settle) as client:
                return await given_up(client)

        return asyncio.run(with_own_client())

    def watch(self, client: Any, args: Dict[str, Any]) -> Record:
        """``count`` events of ``watch_wallet`` (within WATCH_TIMEOUT): ``events`` and the last
        one's ``cursor``; ``incomplete`` says why fewer arrived."""
        count = args.get("count", 1)
        options = {"cursor": args.get("cursor"), "poll_interval": args.get("poll_interval_ms", 200) / 1000}
        options.update({k: args[k] for k in ("confirmations", "history") if k in args})
        events: List[Any] = []
        incomplete: Optional[str] = None
        if self.loop:

            async def collect() -> None:
                stream = client.watch_wallet(args["wallet_name"], **options)
                async for event in stream:
                    events.append(event)
                    if len(events) == count:
                        break

            try:
                self.loop.run_until_complete(asyncio.wait_for(collect(), WATCH_TIMEOUT))
            except asyncio.TimeoutError:
                incomplete = f"{len(events)} of {count} events within {WATCH_TIMEOUT:.0f} s"
        else:
            # the blocking iterator cannot be interrupted: it runs in a daemon thread, left behind
            # (still polling) if it hangs
            stream = client.watch_wallet(args["wallet_name"], **options)
            failure: List[BaseException] = []

            def collect() -> None:
                try:
                    for event in stream:
                        events.append(event)
                        if len(events) == count:
                            break
                except BaseException as e:  # noqa: BLE001 - handed to the step
                    failure.append(e)

            worker = threading.Thread(target=collect, daemon=True)
            worker.start()
            worker.join(WATCH_TIMEOUT)
            if worker.is_alive():
                incomplete = f"{len(events)} of {count} events within {WATCH_TIMEOUT:.0f} s"
            elif failure:
                raise failure[0]
        got = list(events)
        if incomplete is None and len(got) < count:
            incomplete = f"the stream ended after {len(got)} of {count} events"
        return Record(events=got, cursor=got[-1].cursor if got else None, incomplete=incomplete)

    def wait_for_payment(self, client: Any, args: Dict[str, Any]) -> Record:
        """``wait_for_payment`` (``timeout_ms``, ``poll_interval_ms``, ``confirmations``), bounded by
        its timeout plus WATCH_TIMEOUT: the Payment's fields."""
        timeout = args["timeout_ms"] / 1000 if "timeout_ms" in args else None
        kwargs = {"timeout": timeout, "poll_interval": args.get("poll_interval_ms", 200) / 1000}
        if "confirmations" in args:
            kwargs["confirmations"] = args["confirmations"]
        call = (args["wallet_name"], args["address"], args["amount"])
        bound = (timeout or 0) + WATCH_TIMEOUT
        if self.loop:
            async def wait() -> Any:
                return await client.wait_for_payment(*call, **kwargs)

            try:
                p = self.loop.run_until_complete(asyncio.wait_for(wait(), bound))
            except asyncio.TimeoutError:
                return Record(incomplete=f"no answer within {bound:.0f} s")
        else:
            out: List[Any] = []
            failure: List[BaseException] = []

            def wait() -> None:
                try:
                    out.append(client.wait_for_payment(*call, **kwargs))
                except BaseException as e:  # noqa: BLE001 - handed to the step
                    failure.append(e)

            worker = threading.Thread(target=wait, daemon=True)
            worker.start()
            worker.join(bound)
            if failure:
                raise failure[0]
            if not out:
                return Record(incomplete=f"no answer within {bound:.0f} s")
            p = out[0]
        return Record(status=p.status, received=p.received, confirmations=p.confirmations, txids=list(p.txids), incomplete=None)

    def sign_at_home(self, client: Any, op: str, args: Dict[str, Any]) -> Any:
        """Signing at home: the prevouts read from the chain, the key kept here."""

        def run(method: Any, *a: Any, **kw: Any) -> Any:
            if self.loop:
                # the coroutine is made inside the running loop, as pyo3's futures need
                async def call() -> Any:
                    return await method(*a, **kw)

                return self.loop.run_until_complete(call())
            return method(*a, **kw)

        if op in ("sign_transaction_locally", "psbt_round_trip"):
            prevouts = run(client.prevouts_for, args["unsigned_hex"])
            if op == "sign_transaction_locally":
                return wo.sign_transaction_locally(args["unsigned_hex"], [args["key"]], prevouts)
            unsigned = wo.psbt_from_transaction(args["unsigned_hex"], prevouts)
            signed = wo.sign_psbt(unsigned, [args["key"]])
            done = wo.finalize_psbt(signed)
            return Record(hex=done.hex, txid=done.txid, complete=done.complete, unsigned_psbt=unsigned, signed_psbt=signed)
        if op == "review_transaction":
            intent = wo.TransactionIntent(args["sender_address"], [(args["recipient_address"], args["amount"])])
            return run(client.review_transaction, args["unsigned_hex"], intent)
        if op == "send_signed_locally":
            sent = run(client.send_signed_locally, args["sender_address"], args["recipient_address"], args["amount"], [args["key"]],
                       build=args.get("build", "service"), fee_rate=args.get("fee_rate"))
            return Record(txid=sent.txid, fee=sent.fee, fee_rate=sent.review.fee_rate)
        return run(client.estimate_fee_rate, args.get("target_blocks"))

    @staticmethod
    async def _await(method: Any, args: Dict[str, Any]) -> Any:
        return await method(**args)

    @staticmethod
    async def _collect(pages: Any) -> List[Any]:
        return [entry async for page in pages for entry in page]

    def check(self, result: Any, path: str, matcher: Any) -> Tuple[bool, str]:
        actual = field_at(result, path)
        if actual is MISSING:
            return False, "(missing)"
        shown = self.normalize(canonical(actual))
        if isinstance(matcher, dict):
            if "ref" in matcher:
                want = self.resolve(matcher["ref"])
                ok = plain(actual) == want or canonical(actual) == canonical_json(want)
                return ok, f"${{{matcher['ref']}}}" if ok else shown
            if "prefix" in matcher:
                ok = isinstance(actual, str) and any(actual.startswith(p) for p in matcher["prefix"])
                return ok, f"prefix({'|'.join(matcher['prefix'])})" if ok else shown
            if "len" in matcher:
                ok = isinstance(actual, str) and len(actual) == matcher["len"]
                return ok, f"len({matcher['len']})" if ok else shown
            if "min" in matcher:
                ok = isinstance(actual, int) and not isinstance(actual, bool) and actual >= matcher["min"]
                return ok, f">={matcher['min']}" if ok else shown
            if "count" in matcher or "min_items" in matcher:
                ok = isinstance(actual, list)
                if ok and "count" in matcher:
                    ok = len(actual) == matcher["count"]
                if ok and "min_items" in matcher:
                    ok = len(actual) >= matcher["min_items"]
                want = f"{matcher['count']} items" if "count" in matcher else f">={matcher['min_items']} items"
                return ok, want if ok else shown
            if "has_item" in matcher:
                want = matcher["has_item"]
                ok = isinstance(actual, list) and any(all(self.check(item, p, m)[0] for p, m in want.items()) for item in actual)
                return ok, f"has_item({','.join(want)})" if ok else shown
        if matcher == "non_empty":
            ok = isinstance(actual, (str, list)) and len(actual) > 0
            return ok, "non_empty" if ok else shown
        if matcher == "secret":
            return isinstance(actual, w.Secret) and bool(actual), shown
        if matcher == "regtest_address":
            ok = isinstance(actual, str) and actual.startswith(REGTEST_PREFIXES)
            return ok, "regtest_address" if ok else shown
        return canonical(actual) == canonical_json(self.substitute(matcher)), shown

    def step(self, scenario: Dict[str, Any], index: int, step: Dict[str, Any]) -> None:
        label = f"{scenario['name']}#{index}"
        args = self.substitute(step.get("args", {}))
        if "sandbox" in step and "expect" not in step:
            out = self.sandbox(step["sandbox"], args)
            if "id" in step:
                self.outputs[step["id"]] = out
            self.lines.append(f"{label} sandbox.{step['sandbox']} ok")
            return
        result: Any = None
        error: Optional[w.WalletSdkError] = None
        if "sandbox" in step:
            op = f"sandbox.{step['sandbox']}"
            result = self.sandbox(step["sandbox"], args)
        elif "proxy" in step:
            op = f"proxy.{step['proxy']}"
            result = self.proxy(step["proxy"], args)
            if "expect" not in step:
                self.lines.append(f"{label} {op} ok")
                return
        else:
            op = step["op"]
            spec = step.get("client", scenario.get("client", "default"))
            try:
                if "cancel_after_ms" in step:
                    result = self.call_cancelled(spec, op, args, step["cancel_after_ms"] / 1000)
                else:
                    result = self.call(self.client(spec), op, args)
            except w.WalletSdkError as e:
                error = e
        expect = step["expect"]
        line = f"{label} {op}"
        failed = False
        if error is None and "ok" in expect:
            line += " ok"
            for path, matcher in expect["ok"].items():
                ok, text = self.check(result, path, matcher)
                failed |= not ok
                line += f" {path}={'' if ok else 'MISMATCH:'}{text}"
        elif error is not None and "error" in expect:
            want = expect["error"]
            line += f" error kind={error.kind}"
            failed |= want.get("kind") != error.kind
            facts = {"field": error.field, "status": error.status, "code": error.code, "message": self.normalize(error.message)}
            for name, actual in facts.items():
                if name in want:
                    ok = want[name] == actual
                    failed |= not ok
                    line += f" {name}={'' if ok else 'MISMATCH:'}{canonical_json(actual) if actual is not None else 'null'}"
        elif error is None:
            failed = True
            line += " UNEXPECTED-SUCCESS"
        else:
            failed = True
            line += f" UNEXPECTED-ERROR kind={error.kind} message={self.normalize(error.message)}"
        # a watch or wait that did not finish in time fails its step
        why = getattr(result, "incomplete", None) if error is None else None
        if isinstance(why, str):
            failed = True
            line += f" INCOMPLETE({why})"
        if error is None and "id" in step:
            self.outputs[step["id"]] = result
        if error is not None and "id" in step:
            self.errors[step["id"]] = error
        if failed:
            self.failures.append(line)
        self.lines.append(line)

    def proxy(self, helper: str, a: Dict[str, Any]) -> Any:
        """A fault-proxy step: ``arm`` one rule (the args are its fields, docs/fault-proxy.md;
        ``count`` 1 unless given) scoped to the scenario's proxy key, or ``forwarded``: how many
        requests of that key on ``path`` the proxy wrote to the sandbox (``hits``, ``forwarded``)."""
        key, base = self.proxy_key(), env("WALLET_FAULT_PROXY_URL")
        if helper == "arm":
            rule = {"count": 1, **a, "header": {"name": "nodeUrlOrApiAccessKey", "value": key}}
            out = http(base, "POST", "/_proxy/rules", rule)
            if out.get("armed") is not True:
                raise RuntimeError(f"the proxy did not arm the rule: {out}")
            return Record()
        if helper == "forwarded":
            out = http(base, "GET", f"/_proxy/hits?path={a['path']}&key={key}")
            return Record(hits=out["hits"], forwarded=out["forwarded"])
        raise ValueError(f"unknown proxy step `{helper}`")

    def sandbox(self, helper: str, a: Dict[str, Any]) -> Any:
        if helper == "fund":
            body = {"address": a["address"], "amount": a["amount"], "mine": a.get("mine", True), "replaceable": a.get("replaceable", False)}
            out = sandbox_post("/sandbox/fund", body)
        elif helper == "reorg":
            depth = a.get("depth", 1)
            body = {"depth": depth, "blocks": a.get("blocks", depth + 1), "dropTransactions": a.get("drop_transactions", False)}
            out = sandbox_post("/sandbox/reorg", body)
        elif helper == "replace":
            out = sandbox_post("/sandbox/replace", {"txid": a["txid"], "walletName": a.get("wallet_name")})
        elif helper == "mine":
            out = sandbox_post("/sandbox/mine", {"blocks": a.get("blocks", 1)})
        elif helper == "key":
            out = sandbox_post("/sandbox/keys", {"ttlSeconds": a.get("ttl_seconds"), "compat": a.get("compat")})
            SECRETS_SEEN.add(out.get("apiKey", ""))
        elif helper == "forged_key":
            parts = env("WALLET_SDK_API_KEY").split(".")
            parts[2] = "Zm9yZ2VkLXNpZ25hdHVyZQ"
            out = {"apiKey": ".".join(parts)}
        else:
            # any other helper: its endpoint, with the args' names in camelCase
            out = sandbox_post(f"/sandbox/{helper}", {camel(k): v for k, v in a.items()})
        return SandboxOutput(out)


# Results whose raw JSON is larger than this are not also printed through repr() and str().
HOSTILE_REPR_LIMIT = 1024 * 1024


def hostile(argv: List[str], use_async: bool) -> int:
    """One hostile-answer cell (tests/hostile/cells.json), in this process: scripts/test-hostile
    starts one per cell and language, so that a crash is that cell's failure.

        run_scenarios.py --hostile CELLS NAME [--async]

    The rule is already armed on the fault proxy for this process's credential
    WALLET_SDK_API_KEY; the call goes through WALLET_FAULT_PROXY_URL with the cell's args, and one
    line ``HOSTILE-RESULT {json}`` tells the outcome: the kind (``ok`` for a success), the
    error's message, ``str()``, ``repr()`` and attributes, or the result's ``raw_json``,
    ``repr()`` and ``str()``. The SDK's log records (DEBUG) go to stderr, checked for secrets too.
    """
    cells_path, name = argv
    cell = next(c for c in json.loads(Path(cells_path).read_text())["cells"] if c["name"] == name)

    class ToStderr(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            print(f"log {record.levelname} {sdk_record_text(record)}", file=sys.stderr, flush=True)

    sdk_logger = logging.getLogger("wallet_sdk")
    sdk_logger.setLevel(logging.DEBUG)
    sdk_logger.addHandler(ToStderr())
    base, key = env("WALLET_FAULT_PROXY_URL"), env("WALLET_SDK_API_KEY")
    loop = asyncio.new_event_loop() if use_async else None
    client = (w.AsyncClient if use_async else w.Client)(base, key, timeout=120, backoff=0.1)
    runner = Runner({}, loop)
    out: Dict[str, Any] = {"cell": name}
    try:
        result = runner.call(client, cell["op"], dict(cell["args"]))
    except w.WalletSdkError as e:
        out.update(kind=e.kind, message=e.message, str=str(e), repr=repr(e), fields={k: v for k, v in vars(e).items() if k != "message"})
    else:
        raw = getattr(result, "raw_json", None)
        out.update(kind="ok", raw_json=raw)
        if raw is not None and len(raw) > HOSTILE_REPR_LIMIT:
            out.update(repr="(not printed: the raw JSON is larger than 1 MiB)")
        else:
            out.update(repr=repr(result), str=str(result))
    print("HOSTILE-RESULT " + json.dumps(out, default=repr), flush=True)
    return 0


def main() -> int:
    argv = sys.argv[1:]
    if "--hostile" in argv:
        rest = [a for a in argv if a not in ("--hostile", "--async")]
        return hostile(rest, "--async" in argv)
    use_async = "--async" in argv
    argv = [a for a in argv if a != "--async"]
    name = "python-async" if use_async else "python"
    transcript_path = Path(argv[0]) if argv else ROOT / f"target/scenarios/{name}.txt"
    loop = asyncio.new_event_loop() if use_async else None
    # the whole run logs at DEBUG (one record per call); the log must hold no secret
    log_lines: List[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            log_lines.append(sdk_record_text(record))

    sdk_logger = logging.getLogger("wallet_sdk")
    sdk_logger.setLevel(logging.DEBUG)
    sdk_logger.addHandler(Keep())
    lines: List[str] = []
    failures: List[str] = []
    steps = 0
    for path in sorted((ROOT / "tests/scenarios").glob("*.json")):
        scenario = json.loads(path.read_text())
        runner = Runner(scenario.get("vars", {}), loop)
        for i, step in enumerate(scenario["steps"]):
            runner.step(scenario, i, step)
            steps += 1
        lines += runner.lines
        failures += runner.failures
    SECRETS_SEEN.add(env("WALLET_SDK_API_KEY"))
    leaked = [s for s in SECRETS_SEEN if s and any(holds_secret(line, s) for line in log_lines)]
    if leaked:
        failures.append(f"the DEBUG log holds {len(leaked)} of the run's {len(SECRETS_SEEN)} secrets")
    if not log_lines:
        failures.append("no call was logged at DEBUG")
    transcript_path.parent.mkdir(parents=True, exist_ok=True)
    transcript_path.write_text("\n".join(lines) + "\n")
    if failures:
        print(f"{name}: {len(failures)} of {steps} steps failed:\n" + "\n".join(failures))
        return 1
    print(f"{name}: {steps} steps passed; {len(log_lines)} DEBUG records, none holding any of the {len(SECRETS_SEEN)} secrets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
