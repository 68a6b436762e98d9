"""Drives the side-by-side harness of make bench and prints its tables (bench/run.sh builds first).

    python bench/run.py --rust-bin PATH [--client KEY=CMD]... [--skip KEY=REASON]... [--size-lib PATH]

A single-threaded responder pinned to core 0 (taskset, where it exists and there are two cores)
answers every call with the same canned envelope; each client runs in its own process pinned to
core 1, one after the other, on the same responder, with the same warm-up. With BENCH_ROUNDS > 1
the clients are interleaved round by round and each row shows the median round. Raw Rust runs
again after every client, and each client's ratio is against the mean of the raw runs just
before and after it, so slow drift of the machine's load falls out of the ratio rather than
into it; the ratio column is the median over the rounds (the raw row: the median of all its
runs), and the range column the lowest and highest req/s of the counted runs.

Each counted run lasts at least BENCH_SECS: a row's first run takes BENCH_CALLS calls, later runs
enough calls for BENCH_SECS × 1.2 at the speed of the row's previous run; a run that ends sooner
only measures the row's speed (a probe, printed, not counted) and runs again with enough calls
for BENCH_SECS × 1.2 at that speed (twice at most: the third run counts whatever its length). A
row slower than BENCH_CALLS in BENCH_SECS keeps BENCH_CALLS.

The JVM's rows (JIT_ROWS) warm up for BENCH_JIT_WARMUP_SECS at the speed of the row's previous
run (at least BENCH_WARMUP calls), so a JVM row's first run is always a probe: a JVM compiles
hot code while it runs, on the one core it is pinned to, and after 1,000 calls its compilers
still took about a sixth of that core for the whole counted run (async-profiler). Native and
Python rows need no more than BENCH_WARMUP.

Environment (defaults in brackets): BENCH_CALLS [20000], BENCH_SECS [2] (0: every run takes
BENCH_CALLS), BENCH_WARMUP [1000], BENCH_JIT_WARMUP_SECS [3], BENCH_IN_FLIGHT [64],
BENCH_THREADS [16], BENCH_ROUNDS [3], BENCH_MEMORY [1] (0 skips the memory rows), BENCH_PAIR_SECS
[0.5] and BENCH_PAIR_CYCLES [60] (the Java API against Kotlin in one JVM, see paired_table),
BENCH_ONLY (comma-separated row keys: raw,raw-hyper,sdk,py-async,py-sync,aiohttp,pyreqwest-async,
pyreqwest-sync,java,kotlin,java-sdk,java-blocking,java-pair,okhttp,swift,swift-urlsession,node,node-undici,
node-fetch,size).

`--client KEY=CMD` adds a client built elsewhere (bench/run.sh: the JDK, Kotlin and Swift ones);
CMD is a shell-quoted command to which URL CALLS WARM N are appended (for the key `java-pair`,
the program of paired_table: URL STRETCH_SECS WARM_SECS CYCLES N). `--skip KEY=REASON` prints
a row skipped for REASON (its toolchain is missing). `--size-lib` adds the size and start-up
table: the newest wheel in `--size-wheels DIR` (default target/wheels-python; bench/run.sh builds
the shipped ones, profile dist), `import wallet_sdk` in a fresh interpreter, and the given FFI
library after `strip`.
"""

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# The APIs that `--pair` compares in one JVM, each ÷ the first, and the target ratio (the Java
# API within 10% of Kotlin; targets: bench/README.md).
PAIRED = [("java-sdk", "kotlin", 0.9), ("java-blocking", "kotlin", 0.9)]

# rows that run on the JVM (see the JIT warm-up above)
JIT_ROWS = {"java", "kotlin", "java-sdk", "java-blocking", "okhttp"}

# Pairs of rows compared with each other (the first ÷ the second, the target ratio): the Rust
# Client against a raw hyper-util client built as its transport is, the Python clients against
# pyreqwest's and aiohttp, Kotlin against OkHttp and the JDK, Swift against URLSession. The Java
# API against Kotlin (within 10%) is measured in one JVM (PAIRED).
VERSUS = [
    ("sdk", "raw-hyper", 0.95),
    ("py-async", "pyreqwest-async", 1.5),
    ("py-sync", "pyreqwest-sync", 1),
    ("py-async", "aiohttp", 4),
    ("kotlin", "okhttp", 1),
    ("kotlin", "java", 3),
    ("swift", "swift-urlsession", 1),
    ("node", "node-undici", 1),
    ("node", "node-fetch", 1),
]


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
    parser.add_argument("--client", action="append", default=[], metavar="KEY=CMD")
    parser.add_argument("--skip", action="append", default=[], metavar="KEY=REASON")
    parser.add_argument("--size-lib", help="the FFI library whose stripped copy is measured")
    parser.add_argument("--size-wheels", default="target/wheels-python", help="the folder of the wheel measured")
    args = parser.parse_args()

    calls = env_int("BENCH_CALLS", 20000)
    warm = env_int("BENCH_WARMUP", 1000)
    in_flight = env_int("BENCH_IN_FLIGHT", 64)
    threads = env_int("BENCH_THREADS", 16)
    rounds = env_int("BENCH_ROUNDS", 3)
    min_secs = float(os.environ.get("BENCH_SECS", 2))
    jit_warm_secs = float(os.environ.get("BENCH_JIT_WARMUP_SECS", 3))
    py = [sys.executable, str(HERE / "python" / "clients.py")]
    # CALLS and WARM are filled in per run (see BENCH_SECS and BENCH_JIT_WARMUP_SECS)
    sizes = ["CALLS", "WARM"]

    clients = {
        "raw": [args.rust_bin, "raw", "URL", *sizes, str(in_flight)],
        "raw-hyper": [args.rust_bin, "raw-hyper", "URL", *sizes, str(in_flight)],
        "sdk": [args.rust_bin, "sdk", "URL", *sizes, str(in_flight)],
        "py-async": [*py, "async", "URL", *sizes, str(in_flight)],
        "py-sync": [*py, "sync", "URL", *sizes, str(threads)],
        "aiohttp": [*py, "aiohttp", "URL", *sizes, str(in_flight)],
        "pyreqwest-async": [*py, "pyreqwest-async", "URL", *sizes, str(in_flight)],
        "pyreqwest-sync": [*py, "pyreqwest-sync", "URL", *sizes, str(threads)],
    }
    pair = None  # the program of the "java-pair" measurement (PAIRED), not a row of its own
    for spec in args.client:
        key, cmd = spec.split("=", 1)
        if key == "java-pair":
            pair = shlex.split(cmd)
            continue
        clients[key] = [*shlex.split(cmd), "URL", *sizes, str(in_flight)]
    skipped = dict(spec.split("=", 1) for spec in args.skip)
    only = os.environ.get("BENCH_ONLY")
    if only:
        keep = set(only.split(",")) | {"raw"}  # the ratio needs raw Rust
        clients = {k: v for k, v in clients.items() if k in keep}
        skipped = {k: v for k, v in skipped.items() if k in keep}

    responder = subprocess.Popen(pinned(0) + [args.rust_bin, "responder"],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{responder.stdout.readline().strip()}"
        pin_note = "responder on core 0, clients on core 1" if pinned(0) else "not pinned (no taskset or one core)"
        length = f"runs of at least {min_secs:g} s (≥ {calls} calls)" if min_secs > 0 else f"{calls} calls a run"
        jit_note = f" ({jit_warm_secs:g} s of calls for the JVM's rows)" if jit_warm_secs > 0 else ""
        print(f"# {length} after {warm} warm-up{jit_note}, {rounds} round(s), {pin_note}; "
              f"load average {os.getloadavg()[0]:.2f} at start", flush=True)

        # Raw Rust runs before the first client and again after each one, so that every
        # client's ratio is taken against the mean of the raw runs just before and just after it.
        results = {k: [] for k in clients}  # per run: (row, req/s, ratio to the raw runs around it)
        others = [k for k in clients if k != "raw"]

        calls_of = {k: calls for k in clients}  # the next run's calls, per row
        warm_of = {k: warm for k in clients}  # the next run's warm-up calls, per row

        def run(key, r):
            # a run shorter than BENCH_SECS (a row's first, or one in a suddenly faster moment)
            # only measures the speed and is run again with more calls, twice at most
            for retry in range(3):
                n, w = calls_of[key], warm_of[key]
                row = run_client([url if a == "URL" else str(n) if a == "CALLS" else str(w) if a == "WARM" else a
                                  for a in clients[key]])
                if row is None:
                    return None
                rate = row["calls"] / row["secs"]
                if key in JIT_ROWS:
                    warm_of[key] = max(warm, int(rate * jit_warm_secs))
                if min_secs > 0:
                    calls_of[key] = max(calls, int(rate * min_secs * 1.2))
                short = row["secs"] < min_secs and calls_of[key] > n
                # a JVM row's first run warms up for BENCH_WARMUP calls only: its speed sets the
                # warm-up of the runs that count (half of it or less is a run that was not warm)
                cold = w * 2 < warm_of[key]
                if retry < 2 and (short or cold):
                    print(f"#   probe: {row['client']}: {rate:,.0f} req/s in {row['secs']:.2f} s; again with "
                          f"{calls_of[key]} calls after {warm_of[key]} warm-up", file=sys.stderr, flush=True)
                    continue
                print(f"#   round {r + 1}: {row['client']}: {rate:,.0f} req/s ({row['calls']} calls, "
                      f"{row['secs']:.2f} s)", file=sys.stderr, flush=True)
                return row, rate

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
                    results[key].append((got[0], got[1], ratio, r))
                before = after

        def median_ratio(key):
            return statistics.median(x[2] for x in results[key])

        end_load = os.getloadavg()[0]

        print()
        print(f"| client | req/s | p50 | p99 | × raw Rust |{' req/s range |' if rounds > 1 else ''}")
        print(f"|---|---:|---:|---:|---:|{'---:|' if rounds > 1 else ''}")
        for key, runs in results.items():
            if not runs:
                print(f"| {key} | failed | | | |")
                continue
            runs = sorted(runs, key=lambda x: x[1])
            row, rate = runs[len(runs) // 2][:2]
            ratio = median_ratio(key)
            spread = f" {runs[0][1]:,.0f}–{runs[-1][1]:,.0f} |" if rounds > 1 else ""
            # µs to three decimals of a ms: a sequential call's p50 is tens of µs
            print(f"| {row['client']} | {rate:,.0f} | {row['p50_us'] / 1000:.3f} ms | "
                  f"{row['p99_us'] / 1000:.3f} ms | {ratio:.2f} |{spread}")
        for key, reason in skipped.items():
            print(f"| {key} | skipped: {reason} | | | |")

        # Against each other through their ratios to raw Rust, so that the load's drift between
        # the two rows' runs falls out as it does for the ratio column; with more than one
        # round also the range of the rounds' own quotients (the rows' ratios of the same round).
        versus = [(a, b, target, median_ratio(a) / median_ratio(b))
                  for a, b, target in VERSUS if results.get(a) and results.get(b)]
        if versus:
            print()
        for a, b, target, times in versus:
            of_b = {y[3]: y[2] for y in results[b]}
            by_round = [x[2] / of_b[x[3]] for x in results[a] if x[3] in of_b] if rounds > 1 else []
            spread = f", rounds {min(by_round):.2f}–{max(by_round):.2f}×" if by_round else ""
            print(f"{results[a][0][0]['client']} ÷ {results[b][0][0]['client']}: {times:.2f}×{spread} "
                  f"(target ≥ {target}×: {'met' if times >= target else 'not met'})")
        print(f"\n# load average {end_load:.2f} at the end of the throughput rows", flush=True)
        if pair:
            paired_table(pair, url, in_flight, jit_warm_secs)

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
    if args.size_lib:
        size_table(Path(args.size_lib), HERE.parent / args.size_wheels)


def paired_table(cmd, url, in_flight, warm_secs):
    """The Java API against Kotlin in one JVM (bench/kotlin/JvmPairBench.kt, ADR 0026): the APIs
    take turns in stretches of BENCH_PAIR_SECS, BENCH_PAIR_CYCLES times, and each quotient is the
    median of the cycles' own quotients, so that the machine's moments and the JIT's choices in
    separate processes, which moved the rows' ratios by 20 % from run to run, fall out."""
    stretch = float(os.environ.get("BENCH_PAIR_SECS", 0.5))
    cycles = max(2, env_int("BENCH_PAIR_CYCLES", 60))  # quartiles need two cycles
    names = {"kotlin": f"Kotlin WalletClient, {in_flight} coroutines",
             "java-sdk": f"Java JavaWalletClient futures, {in_flight} in flight",
             "java-blocking": f"Java JavaWalletClient blocking, {in_flight} threads"}
    print(f"\n# one JVM: each API {cycles} times for {stretch:g} s in turn, after {max(warm_secs, 0.5):g} s of "
          "warm-up each", flush=True)
    got = run_client(cmd + [url, str(stretch), str(max(warm_secs, 0.5)), str(cycles), str(in_flight)])
    if got is None:
        print("| java-pair | failed | |")
        return
    print("| API, one JVM | median req/s | req/s range |")
    print("|---|---:|---:|")
    for api, name in names.items():
        rates = got[api]
        print(f"| {name} | {statistics.median(rates):,.0f} | {min(rates):,.0f}–{max(rates):,.0f} |")
    print()
    for a, b, target in PAIRED:
        quotients = [x / y for x, y in zip(got[a], got[b])]
        low, times, high = statistics.quantiles(quotients, n=4)
        print(f"{names[a]} ÷ {names[b]}, one JVM: {times:.2f}× (the middle half of the cycles "
              f"{low:.2f}–{high:.2f}×) (target ≥ {target}×: {'met' if times >= target else 'not met'})")


def size_table(lib, wheel_dir):
    """The size and start-up targets: wheel ≤ 5 MB, `import wallet_sdk` ≤ 30 ms, stripped
    FFI library ≤ 8 MB (MB = 10^6 bytes)."""
    print()
    print("| size and start-up | value | target | met |")
    print("|---|---:|---:|---|")

    def line(what, value, unit, target):
        print(f"| {what} | {value:.2f} {unit} | ≤ {target} {unit} | {'yes' if value <= target else 'no'} |")

    wheels = sorted(wheel_dir.glob("*.whl"), key=lambda w: w.stat().st_mtime)
    if wheels:
        line(f"wheel `{wheels[-1].name}`", wheels[-1].stat().st_size / 1e6, "MB", 5)
    else:
        print(f"| wheel | skipped: none in {wheel_dir} | ≤ 5 MB | |")

    # Wall time of a fresh interpreter that imports wallet_sdk minus one that does nothing, both
    # pinned like the clients and interleaved; the first pair only warms the page cache.
    runs = 15
    def wall(code):
        start = time.perf_counter()
        subprocess.run(pinned(1) + [sys.executable, "-c", code], check=True)
        return time.perf_counter() - start
    pairs = [(wall("import wallet_sdk"), wall("pass")) for _ in range(runs + 1)][1:]
    bare = statistics.median(p[1] for p in pairs)
    line(f"`import wallet_sdk` (median of {runs} fresh interpreters, less a bare start of {bare * 1e3:.1f} ms)",
         (statistics.median(p[0] for p in pairs) - bare) * 1e3, "ms", 30)

    if not shutil.which("strip"):
        print("| stripped FFI library | skipped: no strip | ≤ 8 MB | |")
        return
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / lib.name
        shutil.copyfile(lib, copy)
        subprocess.run(["strip", str(copy)], check=True)
        line(f"`{lib.name}`, stripped copy ({lib.stat().st_size / 1e6:.2f} MB unstripped)",
             copy.stat().st_size / 1e6, "MB", 8)


if __name__ == "__main__":
    main()
