"""Speed of wallet_sdk.offline from Python, beside the Rust figures of core/benches/offline.rs.

    .venv/bin/python bindings-python/benches/offline.py              # also runs the Rust bench (cargo)
    .venv/bin/python bindings-python/benches/offline.py --rust FILE  # Rust figures from a saved run
    .venv/bin/python bindings-python/benches/offline.py --no-rust    # Python only

Sequential calls in one thread with the inputs of the Rust bench, each line the best of 5
rounds after a warm-up (as the Rust bench measures), and the ratio to Rust's calls/s where the
Rust bench has a line of the same name. The issue's target: each binding >= 0.8x Rust per call
for verify_message. The last line shows what releasing the GIL buys: two threads verifying.
Not a test: speed is compared here, on one machine, never asserted in the test suite.
"""

import argparse
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Dict, Optional

from wallet_sdk import offline

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^(?P<name>.+?)\s+\d+ calls ×5\s+(?P<us>[\d.]+) µs/call\s+(?P<rate>\d+) calls/s")

# Litecoin Core's own message test (util_tests.cpp), as in core/benches/offline.rs
ADDRESS = "LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL"
MESSAGE = "Trust no one"
SIGNATURE = "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU="
WIF = "cPsZQu3vG7RtqZk9nfq2ufnspK1vy6MWt3kp2VmZ9hPzpjK4Zfjm"
PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"


def rust_figures(args: argparse.Namespace) -> Dict[str, float]:
    """calls/s by line name, from a saved run of the Rust bench or a fresh one."""
    if args.no_rust:
        return {}
    if args.rust:
        text = Path(args.rust).read_text(encoding="utf-8")
    else:
        print("running the Rust bench: cargo bench -p wallet-sdk --bench offline", file=sys.stderr)
        try:
            run = subprocess.run(
                ["cargo", "bench", "-q", "-p", "wallet-sdk", "--bench", "offline"],
                cwd=ROOT, capture_output=True, text=True, check=True,
            )
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"no Rust figures ({e}); Python only", file=sys.stderr)
            return {}
        text = run.stdout
    out = {}
    for line in text.splitlines():
        m = LINE.match(line.strip())
        if m:
            out[m["name"].strip()] = float(m["rate"])
    return out


def measure(name: str, calls: int, f: Callable[[], object], rust: Dict[str, float]) -> float:
    for _ in range(calls // 10):
        f()
    rounds = 5
    per_round = max(calls // rounds, 1)
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(per_round):
            f()
        best = min(best, time.perf_counter() - t)
    rate = per_round / best
    report(name, per_round, best * 1e6 / per_round, rate, rust.get(name))
    return rate


def report(name: str, per_round: int, us: float, rate: float, rust_rate: Optional[float]) -> None:
    ratio = f"  {rate / rust_rate:5.2f}x Rust ({rust_rate:.0f}/s)" if rust_rate else ""
    print(f"{name:<44} {per_round:>6} calls ×5  {us:>9.1f} µs/call  {rate:>8.0f} calls/s{ratio}")


def threaded_rate(f: Callable[[], object], calls: int, threads: int) -> float:
    per = calls // threads

    def work() -> None:
        for _ in range(per):
            f()

    best = 0.0
    for _ in range(3):
        ts = [threading.Thread(target=work) for _ in range(threads)]
        t = time.perf_counter()
        for x in ts:
            x.start()
        for x in ts:
            x.join()
        best = max(best, per * threads / (time.perf_counter() - t))
    return best


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rust", metavar="FILE", help="output of `cargo bench -p wallet-sdk --bench offline`")
    p.add_argument("--no-rust", action="store_true", help="do not run or read the Rust bench")
    args = p.parse_args()
    rust = rust_figures(args)

    assert offline.verify_message(ADDRESS, MESSAGE, SIGNATURE)
    verify = lambda: offline.verify_message(ADDRESS, MESSAGE, SIGNATURE)  # noqa: E731
    rate = measure("verify_message (p2pkh)", 20_000, verify, rust)
    p2wpkh = offline.wif_to_key(WIF, "regtest").address("p2wpkh")
    segwit_signature = offline.sign_message(WIF, MESSAGE, "p2wpkh")
    measure("verify_message (p2wpkh)", 20_000, lambda: offline.verify_message(p2wpkh, MESSAGE, segwit_signature), rust)
    measure("sign_message (p2pkh)", 10_000, lambda: offline.sign_message(WIF, MESSAGE, "p2pkh"), rust)
    measure("parse_address (bech32)", 100_000, lambda: offline.parse_address("ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w"), rust)
    measure("parse_address (base58)", 100_000, lambda: offline.parse_address(ADDRESS), rust)
    measure("validate_mnemonic (12 words)", 20_000, lambda: offline.validate_mnemonic(PHRASE), rust)
    measure("derive_key m/84'/2'/0'/0/0", 200, lambda: offline.derive_key(PHRASE, "m/84'/2'/0'/0/0", "p2wpkh", "mainnet"), rust)

    two = threaded_rate(verify, 20_000, 2)
    print(f"{'verify_message (p2pkh), 2 Python threads':<44} {'':>16}  {'':>16}  {two:>8.0f} calls/s  {two / rate:5.2f}x one thread (GIL released)")
    rust_rate = rust.get("verify_message (p2pkh)")
    if rust_rate:
        verdict = "meets" if rate >= 0.8 * rust_rate else "MISSES"
        print(f"verify_message: Python {rate:.0f}/s, Rust {rust_rate:.0f}/s: {rate / rust_rate:.2f}x, {verdict} the target >= 0.8x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
