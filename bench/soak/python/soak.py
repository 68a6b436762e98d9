"""The Python half of the soak (make soak; scripts/soak drives it).

    python soak.py sync  PORTS PHASE CALLS WARM N SLACK CANCEL_MS SETTLE_S   # Client, N threads
    python soak.py async PORTS PHASE CALLS WARM N SLACK CANCEL_MS SETTLE_S   # AsyncClient, N tasks

PORTS is the responder's "OK,SLOW,E500,GARBAGE,REFUSED" (bench/soak/rust/soak.rs). PHASE:
  success  address_balance against OK
  cancel   (async only) address_balance against SLOW, cancelled after CANCEL_MS by
           asyncio.wait_for (the task is cancelled while the request is in flight)
  fail     address_balance against REFUSED, E500 and GARBAGE in turn (max_attempts=1)

WARM calls of the same kind first, then VmRSS, open fds and threads; the phase; gc.collect() and a
settle of up to SETTLE_S seconds for the threads to come back to the warm-up's level and the fds to
at most SLACK above it (idle keep-alive connections the pool may keep); the same again. Prints one JSON
line, as the Rust half does.
"""

import asyncio
import gc
import json
import os
import sys
import threading
import time

# A structurally valid, long-lived JWT: the responder does not check it.
KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl"
ADDRESS = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9"


def measure():
    """(VmRSS kB, open fds, threads) of this process."""
    rss = threads = 0
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    return rss, len(os.listdir("/proc/self/fd")), threads


def thread_names():
    """The names of this process's threads (/proc/self/task/*/comm), for the report of a thread
    that stayed."""
    names = []
    for t in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{t}/comm") as f:
                names.append(f.read().strip())
        except OSError:
            pass
    return sorted(names)


class Outcomes:
    def __init__(self):
        self.ok = 0
        self.cancelled = 0
        self.errors = {}
        self.lock = threading.Lock()

    def error(self, e):
        kind = getattr(e, "kind", type(e).__name__)
        with self.lock:
            self.errors[kind] = self.errors.get(kind, 0) + 1

    def expected(self, phase):
        return {"success": self.ok, "cancel": self.cancelled}.get(phase, sum(self.errors.values()))


def settle(before, wait, slack):
    gc.collect()
    time.sleep(0.5)
    deadline = time.monotonic() + wait
    after = measure()
    while (after[1] > before[1] + slack or after[2] > before[2]) and time.monotonic() < deadline:
        time.sleep(0.25)
        gc.collect()
        after = measure()
    return after


def report(lang, phase, calls, warm, n, secs, out, before, after, names_before):
    if after[2] > before[2]:
        print(f"soak: threads before: {names_before}\nsoak: threads after: {thread_names()}", file=sys.stderr)
    print(json.dumps({
        "lang": lang, "phase": phase, "calls": calls, "warmup": warm, "in_flight": n,
        "secs": round(secs, 3), "ok": out.ok, "cancelled": out.cancelled, "errors": out.errors,
        "expected": out.expected(phase),
        "rss_before_kb": before[0], "rss_after_kb": after[0],
        "fds_before": before[1], "fds_after": after[1],
        "threads_before": before[2], "threads_after": after[2],
    }), flush=True)


def clients(cls, ports):
    return [cls(f"http://127.0.0.1:{p}", KEY, max_attempts=1, no_proxy=True) for p in ports]


def run_sync(ports, phase, calls, warm, threads, slack, cancel_after, wait):
    from wallet_sdk import Client, WalletSdkError

    if phase == "cancel":
        raise SystemExit("the sync Client has no cancellation")
    ok, slow, e500, garbage, refused = clients(Client, ports)
    failing = [refused, e500, garbage]

    def drive(n, out):
        shares = [n // threads + (1 if i < n % threads else 0) for i in range(threads)]
        starts = [sum(shares[:i]) for i in range(threads)]

        def worker(first, share):
            for i in range(first, first + share):
                try:
                    client = ok if phase == "success" else failing[i % 3]
                    balance = client.address_balance(ADDRESS)
                    assert balance.utxo_count == 3
                    with out.lock:
                        out.ok += 1
                except WalletSdkError as e:
                    out.error(e)

        pool = [threading.Thread(target=worker, args=(f, s)) for f, s in zip(starts, shares)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()

    drive(warm, Outcomes())
    before = settle((1 << 30, 1 << 30, 1 << 30), 0, 0)
    names_before = thread_names()
    out = Outcomes()
    start = time.perf_counter()
    drive(calls, out)
    secs = time.perf_counter() - start
    after = settle(before, wait, slack)
    report("py-sync", phase, calls, warm, threads, secs, out, before, after, names_before)
    for c in (ok, slow, e500, garbage, refused):
        c.close()


async def run_async(ports, phase, calls, warm, in_flight, slack, cancel_after, wait):
    from wallet_sdk import AsyncClient, WalletSdkError

    ok, slow, e500, garbage, refused = clients(AsyncClient, ports)
    failing = [refused, e500, garbage]

    async def one(i, out):
        try:
            if phase == "success":
                balance = await ok.address_balance(ADDRESS)
            elif phase == "cancel":
                try:
                    balance = await asyncio.wait_for(slow.address_balance(ADDRESS), cancel_after)
                except asyncio.TimeoutError:
                    out.cancelled += 1
                    return
            else:
                balance = await failing[i % 3].address_balance(ADDRESS)
            assert balance.utxo_count == 3
            out.ok += 1
        except WalletSdkError as e:
            out.error(e)

    async def drive(n, out):
        counter = iter(range(n))

        async def worker():
            for i in counter:
                await one(i, out)

        await asyncio.gather(*(worker() for _ in range(in_flight)))

    await drive(warm, Outcomes())
    await asyncio.sleep(0.5)
    before = measure()
    names_before = thread_names()
    out = Outcomes()
    start = time.perf_counter()
    await drive(calls, out)
    secs = time.perf_counter() - start
    # settle in the loop (the bridge completes cancelled calls on it), then measure
    gc.collect()
    await asyncio.sleep(0.5)
    deadline = time.monotonic() + wait
    after = measure()
    while (after[1] > before[1] + slack or after[2] > before[2]) and time.monotonic() < deadline:
        await asyncio.sleep(0.25)
        gc.collect()
        after = measure()
    report("py-async", phase, calls, warm, in_flight, secs, out, before, after, names_before)
    for c in (ok, slow, e500, garbage, refused):
        await c.close()


def main():
    kind, ports, phase = sys.argv[1], [int(p) for p in sys.argv[2].split(",")], sys.argv[3]
    calls, warm, n, slack = (int(x) for x in sys.argv[4:8])
    cancel_after, wait = float(sys.argv[8]) / 1e3, float(sys.argv[9])
    if kind == "sync":
        run_sync(ports, phase, calls, warm, n, slack, cancel_after, wait)
    elif kind == "async":
        asyncio.run(run_async(ports, phase, calls, warm, n, slack, cancel_after, wait))
    else:
        raise SystemExit(f"unknown client {kind}")


if __name__ == "__main__":
    main()
