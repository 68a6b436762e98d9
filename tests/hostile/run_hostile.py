#!/usr/bin/env python3
"""The driver of the hostile-answer cells (tests/hostile/README.md), run by scripts/test-hostile
under scripts/with-sandbox: for each language and cell of tests/hostile/cells.json it

1. mints a fresh API key from the sandbox (so that rules and hit counters are the cell's own),
2. arms the cell's rule on the fault proxy, scoped to that key,
3. starts that language's runner on that one cell in a child process of its own (a crash, a
   stack overflow, an abort or a memory cap is that cell's failure, never the driver's),
4. and checks: the child exited 0; it printed one `HOSTILE-RESULT {json}` line; the call ended
   with one of the cell's expected kinds (`ok` for a success); the request went through the
   proxy's rule (`/_proxy/hits` for the key); and none of the planted secrets (cells.json's
   `secrets`) nor the API key appears, whole or in part, anywhere in the child's stdout or
   stderr.

One line per cell: `hostile <language> <cell>: ok` or `hostile <language> <cell>: FAILED <why>`;
each outcome is also appended as a JSON line to --results. `--summary RESULTS` prints the table
of every language and the closing line `N passed, N failed`.

    run_hostile.py --lang rust --results R [--cells C] [--only SUBSTR] [--jobs N] [--timeout S]
    run_hostile.py --summary R

The runner of each language is given by an environment variable (scripts/test-hostile sets them):
HOSTILE_RUST_BIN (the scenarios test binary), HOSTILE_PYTHON (the venv's python),
HOSTILE_KOTLIN (bindings-kotlin/build/scenarios/run-hostile), HOSTILE_SWIFT (a launcher that runs
the Swift runner in the Swift root with the cell's name), Node's runner
(tests/runners/node/run-hostile.mjs, over the package built by bindings-node/build.sh), HOSTILE_CLI (the `wallet` binary, built
with `panic = "abort"`: run through cli_cell.py).
"""

import argparse
import base64
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["rust", "python", "python-async", "kotlin", "swift", "node", "cli"]
MARK = "HOSTILE-RESULT "
# A leaked part of a secret this long (or four consecutive words of a phrase) is found.
FRAGMENT = 24
# Secrets shorter than this may occur by chance in big bodies: looked for only where planted.
SHORT = 16
# How many requests of the call the rule answers (the SDK's retries included).
RULE_COUNT = 10
# Each child's address space, except the JVM's (which reserves far more than it uses: its heap
# is capped with -Xmx instead).
MEMORY_CAP = 8 * 1024**3
JAVA_OPTS = "-Xmx3g -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto"
# Node's heap, capped like the JVM's (V8 too reserves far more address space than it uses)
NODE_HEAP_MB = 3072
KEEP_OUTPUT = 64 * 1024


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        sys.exit(f"{name} is not set: run under scripts/with-sandbox (scripts/test-hostile does)")
    return value


def http(method: str, url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        raise RuntimeError(f"{method} {urllib.parse.urlsplit(url).path}: HTTP {e.code} {e.read()[:300]!r}") from None


KEYS_SEEN: set = set()
KEYS_LOCK = threading.Lock()


def mint_key() -> str:
    """A credential no other cell of this run has. The sandbox's keys are deterministic (the same
    claims give the same token), so each asks for a different lifetime; a repeat is refused."""
    for _ in range(20):
        ttl = 86_400 + random.randrange(10_000_000)
        key = http("POST", env("WALLET_SDK_BASE_URL").rstrip("/") + "/sandbox/keys", {"ttlSeconds": ttl})["data"]["apiKey"]
        with KEYS_LOCK:
            if key not in KEYS_SEEN:
                KEYS_SEEN.add(key)
                return key
    raise RuntimeError("the sandbox keeps minting keys already used")


def arm(rule: Dict[str, Any], key: str) -> None:
    rule = dict(rule, header={"name": "nodeUrlOrApiAccessKey", "value": key})
    rule.setdefault("count", RULE_COUNT)
    answer = http("POST", env("WALLET_FAULT_PROXY_URL").rstrip("/") + "/_proxy/rules", rule)
    if answer != {"armed": True}:
        raise RuntimeError(f"the proxy did not arm the rule: {answer}")


def hits(path: str, key: str) -> int:
    query = urllib.parse.urlencode({"path": path, "key": key})
    return int(http("GET", env("WALLET_FAULT_PROXY_URL").rstrip("/") + "/_proxy/hits?" + query)["hits"])


def node(method: str, params: List[Any], wallet: Optional[str] = None) -> Any:
    """A JSON-RPC call to the sandbox's node (WALLET_SANDBOX_NODE_URL holds its credentials)."""
    url = urllib.parse.urlsplit(env("WALLET_SANDBOX_NODE_URL"))
    auth = base64.b64encode(f"{urllib.parse.unquote(url.username or '')}:{urllib.parse.unquote(url.password or '')}".encode()).decode()
    path = f"/wallet/{urllib.parse.quote(wallet)}" if wallet else "/"
    body = json.dumps({"jsonrpc": "1.0", "id": "hostile", "method": method, "params": params}).encode()
    req = urllib.request.Request(f"http://{url.hostname}:{url.port}{path}", data=body, method="POST",
                                 headers={"content-type": "application/json", "authorization": "Basic " + auth})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            answer = json.loads(r.read())
    except urllib.error.HTTPError as e:
        answer = json.loads(e.read() or b"{}")
    if answer.get("error"):
        raise RuntimeError(f"node {method}: {answer['error']}")
    return answer["result"]


# ---- build cells: transactions made on the node for the cells' answers (README, "Builds")

AMOUNT = re.compile(r'"@amount:([0-9.]+)@"')


def with_amounts(value: Any) -> str:
    """JSON text in which every `Decimal` is a plain decimal number (the service's shape; a
    float would not say 0.3999 exactly)."""
    text = json.dumps(value, separators=(",", ":"), default=lambda d: f"@amount:{d:f}@")
    return AMOUNT.sub(lambda m: m.group(1), text)


def build_vars(lang: str, coins: Dict[str, Tuple[str, str]]) -> Tuple[Dict[str, str], Dict[str, Dict[str, Any]]]:
    """A node wallet of this run with the build cells' addresses (`sender`, `recipient`,
    `stranger`) and the sender's WIF (`sender_key`), and `coins` paid to their owners and mined:
    name -> txid, vout, value."""
    wallet = f"hostile-build-{lang}-{os.getpid()}-{random.randrange(1 << 30)}"
    node("createwallet", [wallet])
    names = {n: node("getnewaddress", ["", "bech32"], wallet) for n in ("sender", "recipient", "stranger")}
    names["sender_key"] = node("dumpprivkey", [names["sender"]], wallet)
    made = {}
    for coin, (owner, ltc) in coins.items():
        body = {"address": names[owner], "amount": ltc, "mine": True}
        txid = http("POST", env("WALLET_SDK_BASE_URL").rstrip("/") + "/sandbox/fund", body)["data"]["txid"]
        tx = node("getrawtransaction", [txid, True])
        vout = next(o["n"] for o in tx["vout"] if names[owner] in (o["scriptPubKey"].get("addresses") or [o["scriptPubKey"].get("address")]))
        made[coin] = {"txid": txid, "vout": vout, "value": Decimal(ltc)}
    return names, made


def substitute(value: Any, names: Dict[str, str]) -> Any:
    if isinstance(value, str):
        return re.sub(r"\$\{([a-z_]+)\}", lambda m: names[m.group(1)], value)
    return value


def materialize(doc: Dict[str, Any], lang: str) -> Tuple[Dict[str, Any], Dict[str, str]]:
    """The cells with every `rule.build` made into the answer's body and the `${…}` of `args`
    filled in, and the names filled in (their secrets are looked for like the planted ones)."""
    cells = [c for c in doc["cells"] if "build" in c["rule"]]
    if not cells:
        return doc, {}
    names, coins = build_vars(lang, doc["build_coins"])
    made = []
    for c in doc["cells"]:
        spec = c["rule"].get("build")
        if spec is None:
            made.append(c)
            continue
        inputs = [coins[n] for n in spec["inputs"]]
        outputs = [{names[owner]: ltc} for owner, ltc in spec["outputs"]]
        hex_ = node("createrawtransaction", [[{"txid": i["txid"], "vout": i["vout"]} for i in inputs], outputs])
        claimed = spec.get("claimed_input_ltc")
        data = {
            "hex": hex_, "fee": Decimal(spec["claimed_fee"]), "changePosition": 1 if len(outputs) > 1 else None,
            "inputs": [{"txid": i["txid"], "vout": i["vout"], "amount": Decimal(claimed) if claimed else i["value"]} for i in inputs],
            "outputs": [{"address": names[owner], "amount": Decimal(ltc)} for owner, ltc in spec["outputs"]],
        }
        body = with_amounts({"successful": True, "message": "Raw transaction created", "data": data})
        rule = {k: v for k, v in c["rule"].items() if k != "build"}
        rule["bodyParts"] = [{"text": body}]
        made.append(dict(c, rule=rule, args={k: substitute(v, names) for k, v in c["args"].items()}))
    return dict(doc, cells=made), names


# ---- secrets: the planted ones and the key, whole and in parts


def fragments(name: str, secret: str) -> List[str]:
    """Parts of a secret whose presence in a text means that the secret leaked (in full or cut):
    every run of four words of a phrase; windows of FRAGMENT - 8 characters every 8 (any leaked
    run of FRAGMENT characters holds one whole); only the payload and signature of a JWT (its
    header is the same in every HS256 token)."""
    if " " in secret:
        words = secret.split(" ")
        return [" ".join(words[i : i + 4]) for i in range(len(words) - 3)]
    if secret.count(".") == 2 and secret.startswith("eyJ"):
        secret = secret.split(".", 1)[1]
    if len(secret) < FRAGMENT:
        return []
    width = FRAGMENT - 8
    return [secret[i : i + width] for i in range(0, len(secret) - width + 1, 8)]


def words_of(text: str) -> str:
    """The text's letters in lower case, every other run of characters one space: a phrase's
    words are then found whatever joins them (`","` of a JSON array, escapes, line breaks)."""
    return " ".join(re.findall(r"[a-z]+", text.lower()))


def leaks(text: str, secrets: Dict[str, str]) -> List[Tuple[str, str]]:
    """(secret name, "whole" or "part") of every secret found in text."""
    found = []
    as_words = None
    for name, secret in secrets.items():
        if secret and secret in text:
            found.append((name, "whole"))
        elif any(f in text for f in fragments(name, secret)):
            found.append((name, "part"))
        elif " " in secret:
            as_words = words_of(text) if as_words is None else as_words
            if any(f in as_words for f in fragments(name, secret)):
                found.append((name, "part"))
    return found


def where(name: str, secret: str, result: Optional[Dict[str, Any]], stdout: str, stderr: str) -> List[str]:
    """The places a leaked secret was found: fields of the result line, stderr, other stdout."""
    pieces = [secret] + fragments(name, secret)

    def has(text: Any) -> bool:
        text = text if isinstance(text, str) else json.dumps(text)
        return any(p in text for p in pieces)

    places = []
    if result is not None:
        for key, value in result.items():
            if key == "fields" and isinstance(value, dict):
                places += [f"fields.{k}" for k, v in value.items() if v is not None and has(v)]
            elif value is not None and has(value):
                places.append(key)
    rest = "\n".join(line for line in stdout.splitlines() if MARK not in line)
    if has(rest):
        places.append("stdout")
    if has(stderr):
        places.append("stderr")
    return places


def self_test(planted: Dict[str, str]) -> None:
    """The leak finder finds what it must (whole secrets, cut ones, a phrase's words) and not the
    header every HS256 token shares: a driver that cannot fail would pass every cell."""
    phrase, wif, jwt = planted["bip39"], planted["wif"], planted["jwt"]
    words = phrase.split(" ")
    cases = [
        (f"message: {phrase}.", [("bip39", "whole")]),
        ("excerpt …" + " ".join(words[3:7]) + "…", [("bip39", "part")]),
        ('errors: ["' + '","'.join(words) + '"]', [("bip39", "part")]),
        ('words=[\\"' + '\\",\\"'.join(words[2:8]) + '\\"]', [("bip39", "part")]),
        ("key " + wif[5 : 5 + FRAGMENT] + "…", [("wif", "part")]),
        ("code " + wif.upper(), []),
        (jwt.split(".")[0] + ".[REDACTED]", []),
        ("[request id req-" + jwt.split(".")[2][:FRAGMENT] + "]", [("jwt", "part")]),
        ("[REDACTED] [REDACTED]", []),
    ]
    for text, want in cases:
        got = leaks(text, planted)
        assert got == want, f"leak finder self-test: {text[:60]!r}: {got} != {want}"


# ---- one cell in one language


def command(lang: str, cells_path: Path, name: str) -> Tuple[List[str], Dict[str, str]]:
    extra: Dict[str, str] = {}
    if lang == "rust":
        cmd = [env("HOSTILE_RUST_BIN"), "hostile_cell", "--exact", "--nocapture", "--test-threads=1"]
        extra = {"HOSTILE_CELL": name, "HOSTILE_CELLS": str(cells_path)}
    elif lang in ("python", "python-async"):
        cmd = [env("HOSTILE_PYTHON"), str(ROOT / "tests/runners/python/run_scenarios.py"), "--hostile", str(cells_path), name]
        cmd += ["--async"] if lang == "python-async" else []
    elif lang == "kotlin":
        cmd = [env("HOSTILE_KOTLIN"), str(cells_path), name]
        extra = {"HOSTILE_JAVA_OPTS": JAVA_OPTS}
    elif lang == "swift":
        cmd = [env("HOSTILE_SWIFT"), name]
    elif lang == "node":
        cmd = ["node", f"--max-old-space-size={NODE_HEAP_MB}", str(ROOT / "tests/runners/node/run-hostile.mjs"), str(cells_path), name]
    elif lang == "cli":
        cmd = [sys.executable, str(ROOT / "tests/hostile/cli_cell.py"), str(cells_path), name]
        env("HOSTILE_CLI")
    else:
        raise ValueError(lang)
    return cmd, extra


def describe_exit(code: int, lang: str) -> str:
    # launchers (a shell before the Swift binary) report a signal as 128 + N
    if code < 0 or (lang == "swift" and code > 128):
        sig = -code if code < 0 else code - 128
        try:
            sname = signal.Signals(sig).name
        except ValueError:
            sname = f"signal {sig}"
        hint = {"SIGSEGV": " (a stack overflow?)", "SIGABRT": " (an abort: stack overflow or allocation failure?)", "SIGKILL": " (killed: memory?)"}.get(sname, "")
        return f"killed by {sname}{hint}"
    return f"exit status {code}"


def last_lines(text: str, secrets: Dict[str, str], n: int = 2) -> str:
    """The end of the child's stderr for a failure line, any secret in it masked."""
    lines = [l.strip() for l in text.splitlines() if l.strip()][-n:]
    out = " | ".join(lines)
    for name, secret in secrets.items():
        for piece in [secret] + fragments(name, secret):
            out = out.replace(piece, f"<{name}>")
    return out[:300]


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def sent_in_requests(key: str, secrets: Dict[str, str]) -> List[str]:
    """The names of the secrets that a request made with this API key carried, whole (the
    sandbox's record of each key's requests)."""
    seen = http("POST", env("WALLET_SDK_BASE_URL").rstrip("/") + "/sandbox/requests", {"apiKey": key})["data"]["requests"]
    return [n for n, v in secrets.items() if any(v in r for r in seen)]


def run_cell(lang: str, cell: Dict[str, Any], cells_path: Path, planted: Dict[str, str], timeout: float, out_dir: Path) -> Dict[str, Any]:
    name = cell["name"]
    started = time.monotonic()
    problems: List[str] = []
    key = mint_key()
    # long secrets are looked for in every cell; short ones (an OTP, a number) only where the cell
    # plants them (a million numbered keys hold every 6-digit number)
    mine = json.dumps(cell["rule"]) + json.dumps(cell["args"])
    secrets = {n: v for n, v in planted.items() if len(v) >= SHORT or v in mine}
    secrets["credential"] = key
    arm(cell["rule"], key)
    cmd, extra = command(lang, cells_path, name)
    child_env = dict(os.environ, WALLET_SDK_API_KEY=key, **extra)
    with tempfile.TemporaryFile() as so, tempfile.TemporaryFile() as se:
        proc = subprocess.Popen(cmd, stdout=so, stderr=se, stdin=subprocess.DEVNULL, env=child_env, start_new_session=True,
                                preexec_fn=None if lang in ("kotlin", "node") else limit_memory)
        try:
            code: Optional[int] = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            code = None
        so.seek(0)
        se.seek(0)
        stdout = so.read().decode("utf-8", "replace")
        stderr = se.read().decode("utf-8", "replace")
    elapsed = time.monotonic() - started
    if code is None:
        problems.append(f"timed out after {timeout:.0f} s")
    elif code != 0:
        problems.append(describe_exit(code, lang) + (f": {last_lines(stderr, secrets)}" if stderr.strip() else ""))
    lines = [l[l.index(MARK):] for l in stdout.splitlines() if MARK in l]
    result: Optional[Dict[str, Any]] = None
    if len(lines) == 1:
        try:
            result = json.loads(lines[0][len(MARK):])
        except ValueError as e:
            problems.append(f"unreadable result line ({e})")
    elif code == 0:
        problems.append(f"{len(lines)} result lines instead of 1")
    kind = result.get("kind") if result else None
    if result is not None and kind not in cell["expect"]:
        problems.append(f"kind {kind}, expected {'|'.join(cell['expect'])}")
    try:
        if hits(cell["rule"]["path"], key) < 1:
            problems.append("the call never reached the proxy's rule")
        problems += [f"{p} was reached" for p in cell.get("unreached", []) if hits(p, key) > 0]
        problems += [f"{p} was never reached" for p in cell.get("reached", []) if hits(p, key) < 1]
    except Exception as e:  # the proxy itself failed: that is worth knowing too
        problems.append(f"proxy hits unavailable: {e}")
    given = {n: v for n, v in secrets.items() if v in json.dumps(cell["args"]) and n != "credential"}
    if given:
        problems += [f"a request carried {n}" for n in sent_in_requests(key, given)]
    for secret_name, how in leaks(stdout + "\n" + stderr, secrets):
        places = where(secret_name, secrets[secret_name], result, stdout, stderr)
        problems.append(f"{secret_name} ({how}) in {', '.join(places) or 'the output'}")
    status = "ok" if not problems else "FAILED " + "; ".join(problems)
    # the child's output, cut, for a look afterwards (target/, never committed)
    cell_dir = out_dir / lang
    cell_dir.mkdir(parents=True, exist_ok=True)
    (cell_dir / f"{name}.out").write_text(stdout[:KEEP_OUTPUT])
    (cell_dir / f"{name}.err").write_text(stderr[:KEEP_OUTPUT])
    return {"lang": lang, "cell": name, "ok": not problems, "status": status, "kind": kind, "exit": code, "seconds": round(elapsed, 1)}


def run(args: argparse.Namespace) -> int:
    doc = json.loads(Path(args.cells).read_text())
    self_test(doc["secrets"])
    doc["cells"] = [c for c in doc["cells"] if not args.only or any(o in c["name"] for o in args.only)]
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    if args.materialized and len(args.lang) != 1:
        sys.exit("--materialized takes one --lang")
    lock = threading.Lock()
    failed = 0
    # rules left armed by an earlier run (a cell's rule answers up to RULE_COUNT requests) go
    http("POST", env("WALLET_FAULT_PROXY_URL").rstrip("/") + "/_proxy/reset", {})
    jobs = []
    for lang in args.lang:
        # the cells as this language's runner reads them: the build cells made for this run
        made, names = materialize(doc, lang)
        cells_path = Path(args.materialized or out_dir / f"cells-{lang}.json")
        cells_path.write_text(json.dumps(made))
        planted = dict(doc["secrets"], **{n: v for n, v in names.items() if n.endswith("_key")})
        jobs += [(lang, c, cells_path, planted) for c in made["cells"]]
    with open(args.results, "a") as results, ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_cell, lang, c, cells_path, planted, args.timeout, out_dir) for lang, c, cells_path, planted in jobs]
        for (lang, c, _, _), fut in zip(jobs, futures):
            try:
                r = fut.result()
            except Exception as e:  # the driver's own trouble (sandbox, proxy): the cell fails, named
                r = {"lang": lang, "cell": c["name"], "ok": False, "status": f"FAILED driver: {e}", "kind": None, "exit": None, "seconds": 0}
            with lock:
                failed += not r["ok"]
                print(f"hostile {lang} {r['cell']}: {r['status']}", flush=True)
                results.write(json.dumps(r) + "\n")
                results.flush()
    return 1 if failed else 0


def summary(path: str, cells_path: str, wanted: List[str], only: List[str]) -> int:
    rows = [json.loads(l) for l in Path(path).read_text().splitlines() if l.strip()] if Path(path).exists() else []
    names = [c["name"] for c in json.loads(Path(cells_path).read_text())["cells"] if not only or any(o in c["name"] for o in only)]
    rows = [r for r in rows if r["cell"] in names]
    langs = [l for l in LANGUAGES if l in wanted or any(r["lang"] == l for r in rows)]
    by = {(r["lang"], r["cell"]): r for r in rows}
    # a cell of a wanted language that never ran (its runner could not start…) is a failure too
    for l in wanted:
        for n in names:
            if (l, n) not in by:
                r = {"lang": l, "cell": n, "ok": False, "status": "FAILED not run", "kind": None, "exit": None, "seconds": 0}
                by[(l, n)] = r
                rows.append(r)
                print(f"hostile {l} {n}: FAILED not run")
    if langs:
        width = max(len(n) for n in names)
        print(f"{'cell':<{width}}  " + "  ".join(f"{l:<12}" for l in langs))
        for n in names:
            cells = [by.get((l, n)) for l in langs]
            if all(c is None for c in cells):
                continue
            marks = ["-" if c is None else ("ok" if c["ok"] else f"FAIL {c['kind'] or ('crash' if c['exit'] else 'not run' if c['status'].endswith('not run') else '?')}") for c in cells]
            print(f"{n:<{width}}  " + "  ".join(f"{m:<12}" for m in marks))
        for l in langs:
            mine = [r for r in rows if r["lang"] == l]
            print(f"{l}: {sum(r['ok'] for r in mine)} passed, {sum(not r['ok'] for r in mine)} failed, {sum(r['seconds'] for r in mine):.0f} s in children")
    passed = sum(r["ok"] for r in rows)
    print(f"{passed} passed, {len(rows) - passed} failed")
    return 0 if rows and passed == len(rows) else 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--lang", action="append", choices=LANGUAGES, default=[])
    p.add_argument("--cells", default=str(ROOT / "tests/hostile/cells.json"))
    p.add_argument("--only", action="append", default=[], help="only cells whose name contains this (repeatable)")
    p.add_argument("--jobs", type=int, default=int(os.environ.get("HOSTILE_JOBS", "2")))
    p.add_argument("--timeout", type=float, default=float(os.environ.get("HOSTILE_TIMEOUT", "300")))
    p.add_argument("--results", default=str(ROOT / "target/hostile/results.jsonl"))
    p.add_argument("--out", default=str(ROOT / "target/hostile"))
    p.add_argument("--materialized", metavar="PATH", help="where the runner reads the cells (default OUT/cells-LANG.json)")
    p.add_argument("--summary", metavar="RESULTS")
    args = p.parse_args()
    if args.summary:
        return summary(args.summary, args.cells, args.lang, args.only)
    if not args.lang:
        p.error("--lang is required")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
