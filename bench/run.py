"""Drives the side-by-side harness of issue 13 and prints one table (bench/run.sh builds first).

    python bench/run.py --rust-bin PATH [--java-dir DIR]

A single-threaded responder pinned to core 0 (taskset, where it exists and there are two cores)
answers every call with the same canned envelope; each client runs in its own process pinned to
core 1, one after the other, on the same responder, with the same warm-up. With BENCH_ROUNDS > 1
the clients are interleaved round by round and each row shows the median round. Raw Rust runs
again after every client, and each client's ratio is against the mean of the raw runs just
before and after it, so slow drift of the machine's load falls out of the ratio rather than
into it; the ratio column is the median over the rounds (the raw row: the median of all its
runs).

Environment (defaults in brackets): BENCH_CALLS [20000], BENCH_WARMUP [1000], BENCH_IN_FLIGHT
[64], BENCH_THREADS [16], BENCH_ROUNDS [3], BENCH_MEMORY [1] (0 skips the memory rows),
BENCH_ONLY (comma-separated client keys: raw,sdk,aiohttp,py-async,py-sync,java).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def env_int(name, default):
    return int(os.environ.get(name, default))


def pinned(cpu):
    """The taskset prefix for `cpu`, or nothing where it cannot pin (no taskset, one core)."""
    if shutil.which("taskset") and (os.cpu_count() or 1) >= 2:
        return ["taskset", "-c", str(cpu)]
    return []


def run_client(cmd):
    out = subprocess.run(pinned(1) + cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(f"failed: {' '.join(cmd)}\n{out.stderr}\n")
        return None
    lines = [l for l in out.stdout.splitlines() if l.startswith("{")]
    return json.loads(lines[-1]) if lines else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rust-bin", required=True)
    parser.add_argument("--java-dir", help="directory with the compiled RawJava.class")
    args = parser.parse_args()

    calls = env_int("BENCH_CALLS", 20000)
    warm = env_int("BENCH_WARMUP", 1000)
    in_flight = env_int("BENCH_IN_FLIGHT", 64)
    threads = env_int("BENCH_THREADS", 16)
    rounds = env_int("BENCH_ROUNDS", 3)
    py = [sys.executable, str(HERE / "python" / "clients.py")]
    sizes = [str(calls), str(warm)]

    clients = {
        "raw": [args.rust_bin, "raw", "URL", *sizes, str(in_flight)],
        "sdk": [args.rust_bin, "sdk", "URL", *sizes, str(in_flight)],
        "py-async": [*py, "async", "URL", *sizes, str(in_flight)],
        "py-sync": [*py, "sync", "URL", *sizes, str(threads)],
        "aiohttp": [*py, "aiohttp", "URL", *sizes, str(in_flight)],
    }
    if args.java_dir:
        clients["java"] = ["java", "-cp", args.java_dir, "RawJava", "URL", *sizes, str(in_flight)]
    only = os.environ.get("BENCH_ONLY")
    if only:
        keep = set(only.split(",")) | {"raw"}  # the ratio needs raw Rust
        clients = {k: v for k, v in clients.items() if k in keep}

    responder = subprocess.Popen(pinned(0) + [args.rust_bin, "responder"],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{responder.stdout.readline().strip()}"
        pin_note = "responder on core 0, clients on core 1" if pinned(0) else "not pinned (no taskset or one core)"
        print(f"# {calls} calls after {warm} warm-up, {rounds} round(s), {pin_note}; "
              f"load average {os.getloadavg()[0]:.2f} at start", flush=True)

        # Raw Rust runs before the first client and again after each one, so that every
        # client's ratio is taken against the mean of the raw runs just before and just after it.
        results = {k: [] for k in clients}  # per run: (row, req/s, ratio to the raw runs around it)
        others = [k for k in clients if k != "raw"]

        def run(key, r):
            row = run_client([url if a == "URL" else a for a in clients[key]])
            if row is not None:
                rate = row["calls"] / row["secs"]
                print(f"#   round {r + 1}: {row['client']}: {rate:,.0f} req/s", file=sys.stderr, flush=True)
                return row, rate
            return None

        for r in range(rounds):
            before = run("raw", r)
            if before:
                results["raw"].append((before[0], before[1], 1.0))
            for key in others:
                got = run(key, r)
                after = run("raw", r)
                if after:
                    results["raw"].append((after[0], after[1], 1.0))
                if got:
                    around = [x[1] for x in (before, after) if x]
                    ratio = got[1] / statistics.mean(around) if around else float("nan")
                    results[key].append((got[0], got[1], ratio))
                before = after

        print()
        print(f"| client | req/s | p50 | p99 | × raw Rust |{' req/s range |' if rounds > 1 else ''}")
        print(f"|---|---:|---:|---:|---:|{'---:|' if rounds > 1 else ''}")
        for key, runs in results.items():
            if not runs:
                print(f"| {key} | failed | | | |")
                continue
            runs.sort(key=lambda x: x[1])
            row, rate, _ = runs[len(runs) // 2]
            ratio = statistics.median(x[2] for x in runs)
            spread = f" {runs[0][1]:,.0f}–{runs[-1][1]:,.0f} |" if rounds > 1 else ""
            print(f"| {row['client']} | {rate:,.0f} | {row['p50_us'] / 1000:.2f} ms | "
                  f"{row['p99_us'] / 1000:.2f} ms | {ratio:.2f} |{spread}")

        if env_int("BENCH_MEMORY", 1):
            print()
            print("| one 15 MiB `wallet_transactions` page | entries | RSS before | peak RSS growth | × body |")
            print("|---|---:|---:|---:|---:|")
            body = None
            for cmd in ([args.rust_bin, "mem-raw", url], [args.rust_bin, "mem-sdk", url],
                        [*py, "mem-aiohttp", url], [*py, "mem-sdk", url]):
                row = run_client(cmd)
                if row is None:
                    continue
                body = row.get("body_bytes", body)
                growth = row["growth_kb"] * 1024
                times = f"{growth / body:.1f}" if body else "?"
                print(f"| {row['client']} | {row['entries']:,} | {row['rss_before_kb'] / 1024:.0f} MiB | "
                      f"{growth / 2**20:.0f} MiB | {times} |")
    finally:
        responder.stdin.close()
        try:
            responder.wait(timeout=5)
        except subprocess.TimeoutExpired:
            responder.kill()


if __name__ == "__main__":
    main()
