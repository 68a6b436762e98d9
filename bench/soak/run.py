"""The soak's driver (make soak): scripts/soak builds what runs, then runs this.

    run.py --soak-bin PATH [--client KEY=CMD]... [--skip KEY=REASON]... [--broken KEY=REASON]...

Starts the soak responder (bench/soak/rust/soak.rs, role `responder`), runs every language's
soak program once per phase (success, cancel, fail), each phase in a fresh process, one after the
other, and prints one table: language x phase x calls, RSS after the warm-up and after the phase,
open fds, threads, pass/fail. Exits 1 when a row fails.

A row passes when every call ended as its phase wants (a balance; a cancellation; an error), the
RSS grew by at most SOAK_RSS_LIMIT_KB (default 10240 kB = 10 MiB) and the open fds and the threads
after the phase (after a settle of up to SOAK_SETTLE_SECS, default 15 s, in the program) are at
most their warm-up level; for the fds, plus the idle keep-alive connections the pool may hold
beyond the warm-up's: at most one per call in flight (SOAK_IN_FLIGHT) to each keep-alive port the
phase uses (see bench/README.md, Soak).

Sizes: SOAK_CALLS (default 1,000,000), SOAK_CANCEL_CALLS and SOAK_FAIL_CALLS (default 100,000),
SOAK_WARMUP (default 20,000, capped at the phase's calls), SOAK_IN_FLIGHT (default 16);
SOAK_ONLY=rust,py-sync,py-async,kotlin,java-blocking,swift,node picks languages. SOAK_CANCEL_AFTER_MS (default 2):
when a cancelled call is cancelled. SOAK_MALLOC_ARENA_MAX (default 2): MALLOC_ARENA_MAX of the
programs (the Swift command sets 2 itself).
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LANGS = [
    ("rust", "Rust Client"),
    ("py-sync", "Python Client (threads)"),
    ("py-async", "Python AsyncClient"),
    ("kotlin", "Kotlin WalletClient"),
    ("java-blocking", "Java JavaWalletClient, blocking"),
    ("swift", "Swift WalletClient"),
    ("node", "Node Client"),
]
PHASES = ["success", "cancel", "fail"]
# how each language cancels a call in flight
CANCEL_HOW = {
    "rust": "future dropped (tokio timeout)",
    "py-async": "asyncio.wait_for",
    "kotlin": "withTimeoutOrNull",
    "java-blocking": "Thread.interrupt()",
    "swift": "Task.cancel()",
    "node": "AbortSignal.timeout",
}
# keep-alive ports a phase talks to (the pool may keep idle connections to each)
KEEP_ALIVE_PORTS = {"success": 1, "cancel": 0, "fail": 2}


def env_int(name, default):
    return int(os.environ.get(name, default))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--soak-bin", required=True)
    ap.add_argument("--client", action="append", default=[])
    ap.add_argument("--skip", action="append", default=[])  # toolchain missing: skipped
    ap.add_argument("--broken", action="append", default=[])  # build failed: the rows fail
    args = ap.parse_args()

    sizes = {
        "success": env_int("SOAK_CALLS", 1_000_000),
        "cancel": env_int("SOAK_CANCEL_CALLS", 100_000),
        "fail": env_int("SOAK_FAIL_CALLS", 100_000),
    }
    warmup = env_int("SOAK_WARMUP", 20_000)
    in_flight = env_int("SOAK_IN_FLIGHT", 16)
    rss_limit = env_int("SOAK_RSS_LIMIT_KB", 10_240)
    only = [x for x in os.environ.get("SOAK_ONLY", "").split(",") if x]

    py = os.path.join(ROOT, ".venv", "bin", "python")
    py_soak = os.path.join(ROOT, "bench", "soak", "python", "soak.py")
    commands = {
        "rust": [args.soak_bin, "client"],
        "py-sync": [py, py_soak, "sync"],
        "py-async": [py, py_soak, "async"],
        "node": ["node", "--expose-gc", os.path.join(ROOT, "bench", "soak", "node", "soak.mjs")],
    }
    for c in args.client:
        key, cmd = c.split("=", 1)
        commands[key] = shlex.split(cmd)
    skipped = dict(s.split("=", 1) for s in args.skip)
    broken = dict(s.split("=", 1) for s in args.broken)

    # Fewer glibc malloc arenas: each thread's arena otherwise keeps freed memory of its own, so that
    # RSS moves by several MiB with no leak (seen with the JVM: +/-6 MiB over 20,000 calls; with 2
    # arenas, +/-0.1 MiB). A leak grows RSS all the same. (The Swift command sets it too.)
    os.environ["MALLOC_ARENA_MAX"] = os.environ.get("SOAK_MALLOC_ARENA_MAX", "2")
    responder = subprocess.Popen([args.soak_bin, "responder"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
    ports = ",".join(responder.stdout.readline().split())
    print(f"soak: responder ports (ok, slow, 500, undecodable, refused) {ports}; "
          f"calls: success {sizes['success']:,}, cancel {sizes['cancel']:,}, fail {sizes['fail']:,}; "
          f"warm-up {warmup:,} each; {in_flight} in flight", file=sys.stderr, flush=True)

    rows = []  # (lang label, phase, calls, result dict or None, verdict, note)
    failed = False
    started = time.monotonic()
    for key, label in LANGS:
        if only and key not in only:
            continue
        for phase in PHASES:
            calls = sizes[phase]
            if key in broken:
                rows.append((label, phase, calls, None, "FAIL", broken[key]))
                failed = True
                continue
            if key in skipped:
                rows.append((label, phase, calls, None, "skipped", skipped[key]))
                continue
            if key not in commands:
                rows.append((label, phase, calls, None, "skipped", "not built"))
                continue
            if phase == "cancel" and key == "py-sync":
                rows.append((label, phase, calls, None, "n/a", "the sync Client has no cancellation"))
                continue
            warm = min(warmup, calls)
            fd_slack = in_flight * KEEP_ALIVE_PORTS[phase]
            cmd = commands[key] + [ports, phase, str(calls), str(warm), str(in_flight), str(fd_slack),
                                   os.environ.get("SOAK_CANCEL_AFTER_MS", "2"),
                                   os.environ.get("SOAK_SETTLE_SECS", "15")]
            t0 = time.monotonic()
            # generous: the slowest client (Kotlin) makes a few thousand calls a second
            limit = 600 + (calls + warm) / 200
            try:
                proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, timeout=limit)
            except subprocess.TimeoutExpired:
                rows.append((label, phase, calls, None, "FAIL", f"timed out after {limit:.0f} s"))
                failed = True
                continue
            line = next((l for l in proc.stdout.splitlines() if l.startswith("{")), None)
            if proc.returncode != 0 or line is None:
                rows.append((label, phase, calls, None, "FAIL", f"exit {proc.returncode}, no result"))
                failed = True
                continue
            r = json.loads(line)
            problems = []
            if r["expected"] != calls:
                problems.append(f"{calls - r['expected']:,} calls ended otherwise: ok {r['ok']}, "
                                f"cancelled {r['cancelled']}, errors {r['errors']}")
            growth = r["rss_after_kb"] - r["rss_before_kb"]
            if growth > rss_limit:
                problems.append(f"RSS +{growth:,} kB > {rss_limit:,} kB")
            if r["fds_after"] > r["fds_before"] + fd_slack:
                problems.append(f"fds {r['fds_before']} -> {r['fds_after']} (slack {fd_slack})")
            # Swift's concurrency runtime grows its cooperative pool lazily, up to one thread per
            # core: a thread it starts late (seen on a loaded machine, never more than one, never
            # one of the SDK's) is no leak. A leak per call would show as many.
            thread_slack = (os.cpu_count() or 1) if key == "swift" else 0
            if r["threads_after"] > r["threads_before"] + thread_slack:
                problems.append(f"threads {r['threads_before']} -> {r['threads_after']} (slack {thread_slack})")
            note = "; ".join(problems)
            if not problems:
                errors = ", ".join(f"{k} {v:,}" for k, v in sorted(r["errors"].items()))
                note = {"success": "", "cancel": CANCEL_HOW.get(key, ""), "fail": errors}[phase]
            note = (note + "; " if note else "") + f"{r['secs']:.1f} s, {calls / max(r['secs'], 1e-9):,.0f}/s"
            verdict = "pass" if not problems else "FAIL"
            failed |= bool(problems)
            rows.append((label, phase, calls, r, verdict, note))
            print(f"soak: {key} {phase}: {verdict} ({time.monotonic() - t0:.1f} s) {line}",
                  file=sys.stderr, flush=True)

    responder.stdin.close()
    tail = responder.stdout.read().strip()
    responder.wait(timeout=10)
    print(f"soak: responder served {tail}", file=sys.stderr)
    print(f"soak: {time.monotonic() - started:.0f} s in all", file=sys.stderr)

    print()
    print("| language | phase | calls | RSS before | RSS after | growth | fds before → after "
          "| threads before → after | result | notes |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|---|")
    for label, phase, calls, r, verdict, note in rows:
        if r is None:
            print(f"| {label} | {phase} | {calls:,} | | | | | | {verdict} | {note} |")
            continue
        mib = lambda kb: f"{kb / 1024:.1f} MiB"
        growth = r["rss_after_kb"] - r["rss_before_kb"]
        print(f"| {label} | {phase} | {calls:,} | {mib(r['rss_before_kb'])} | {mib(r['rss_after_kb'])} "
              f"| {growth / 1024:+.1f} MiB | {r['fds_before']} → {r['fds_after']} "
              f"| {r['threads_before']} → {r['threads_after']} | {verdict} | {note} |")
    try:
        served = json.loads(tail)
        cancels = sum(r[2] + min(warmup, r[2]) for r in rows if r[1] == "cancel" and r[3] is not None)
        print(f"\nThe responder's slow port got {served['slow']:,} requests for {cancels:,} cancelled calls "
              f"(warm-ups included); the client went away before the answer on "
              f"{served['slow_abandoned']:,} of them.")
    except (ValueError, KeyError):
        pass
    print(f"{time.monotonic() - started:.0f} s in all; {'FAILED' if failed else 'every row passed or was skipped'}.")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
