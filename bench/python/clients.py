"""The Python half of the side-by-side harness of make bench (bench/run.py drives it).

    python clients.py aiohttp URL CALLS WARM N   # aiohttp + json.loads, N calls in flight
    python clients.py async   URL CALLS WARM N   # wallet_sdk.AsyncClient, N tasks in flight
    python clients.py sync    URL CALLS WARM T   # wallet_sdk.Client, T threads
    python clients.py pyreqwest-async URL CALLS WARM N  # pyreqwest's async Client + its json(), N in flight
    python clients.py pyreqwest-sync  URL CALLS WARM T  # pyreqwest's SyncClient + its json(), T threads
    python clients.py mem-aiohttp URL            # peak RSS growth of one 15 MiB page
    python clients.py mem-sdk     URL            # the same through Client.wallet_transactions

Each run prints one JSON line, as the Rust half does.
"""

import asyncio
import json
import os
import sys
import threading
import time

# A structurally valid, long-lived JWT: the responder does not check it.
KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl"
ADDRESS = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9"
BALANCE = "/api/Address/address-balance"
PAGE = "/api/Wallet/transactions"


def row(client, secs, latencies):
    latencies.sort()
    pct = lambda p: latencies[min(int(len(latencies) * p), len(latencies) - 1)] * 1e6
    print(json.dumps({"client": client, "calls": len(latencies), "secs": secs,
                      "p50_us": round(pct(0.50), 1), "p99_us": round(pct(0.99), 1)}), flush=True)


async def drive_async(calls, in_flight, call):
    """`in_flight` tasks pulling from one counter (what a semaphore of N would allow)."""
    remaining = [calls]
    latencies = []

    async def worker():
        while remaining[0] > 0:
            remaining[0] -= 1
            t = time.perf_counter()
            await call()
            latencies.append(time.perf_counter() - t)

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(in_flight)))
    return time.perf_counter() - start, latencies


async def run_aiohttp(url, calls, warm, in_flight):
    import aiohttp

    connector = aiohttp.TCPConnector(limit=in_flight)
    async with aiohttp.ClientSession(connector=connector) as session:
        async def call():
            async with session.get(url + BALANCE, params={"address": ADDRESS},
                                   headers={"nodeUrlOrApiAccessKey": KEY}) as resp:
                assert resp.status == 200
                envelope = json.loads(await resp.read())
                assert envelope["successful"] and envelope["data"]["utxoCount"] == 3

        await drive_async(warm, in_flight, call)
        secs, lat = await drive_async(calls, in_flight, call)
    row(f"aiohttp + json.loads, {in_flight} in flight", secs, lat)


async def run_async(url, calls, warm, in_flight):
    from wallet_sdk import AsyncClient

    async with AsyncClient(url, KEY) as client:
        async def call():
            balance = await client.address_balance(ADDRESS)
            assert balance.utxo_count == 3

        await drive_async(warm, in_flight, call)
        secs, lat = await drive_async(calls, in_flight, call)
    row(f"Python AsyncClient, {in_flight} in flight", secs, lat)


async def run_pyreqwest_async(url, calls, warm, in_flight):
    # pyreqwest (reqwest and tokio under Python, its own serde JSON decoder): its async client with
    # the defaults, as the SDK's AsyncClient has its own; one client, N asyncio tasks
    from pyreqwest.client import ClientBuilder

    async with ClientBuilder().build() as client:
        async def call():
            resp = await client.get(url + BALANCE).query({"address": ADDRESS}) \
                .header("nodeUrlOrApiAccessKey", KEY).build().send()
            assert resp.status == 200
            envelope = await resp.json()
            assert envelope["successful"] and envelope["data"]["utxoCount"] == 3

        await drive_async(warm, in_flight, call)
        secs, lat = await drive_async(calls, in_flight, call)
    row(f"pyreqwest async Client + json(), {in_flight} in flight", secs, lat)


def drive_threads(n, threads, call):
    """`n` calls split in fixed shares over `threads` threads; (seconds, latencies)."""
    shares = [n // threads + (1 if i < n % threads else 0) for i in range(threads)]
    per_thread = [[] for _ in range(threads)]

    def worker(share, out):
        for _ in range(share):
            t = time.perf_counter()
            call()
            out.append(time.perf_counter() - t)

    pool = [threading.Thread(target=worker, args=(s, o)) for s, o in zip(shares, per_thread)]
    start = time.perf_counter()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return time.perf_counter() - start, [x for out in per_thread for x in out]


def run_pyreqwest_sync(url, calls, warm, threads):
    from pyreqwest.client import SyncClientBuilder

    with SyncClientBuilder().build() as client:
        def call():
            resp = client.get(url + BALANCE).query({"address": ADDRESS}) \
                .header("nodeUrlOrApiAccessKey", KEY).build().send()
            assert resp.status == 200
            envelope = resp.json()
            assert envelope["successful"] and envelope["data"]["utxoCount"] == 3

        drive_threads(warm, threads, call)
        secs, lat = drive_threads(calls, threads, call)
    row(f"pyreqwest SyncClient + json(), {threads} threads", secs, lat)


def run_sync(url, calls, warm, threads):
    from wallet_sdk import Client

    client = Client(url, KEY)

    def call():
        balance = client.address_balance(ADDRESS)
        assert balance.utxo_count == 3

    drive_threads(warm, threads, call)
    secs, lat = drive_threads(calls, threads, call)
    client.close()
    row(f"Python Client, {threads} threads", secs, lat)


def status_kb(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def memory(kind, url):
    """RSS before, peak after one 15 MiB page (the peak reset through /proc/self/clear_refs)."""
    if kind == "mem-sdk":
        from wallet_sdk import Client

        client = Client(url, KEY)
        client.address_balance(ADDRESS)  # warm
        fetch = lambda: len(client.wallet_transactions("bench").items)
        label = "Python Client.wallet_transactions"
    else:
        import aiohttp

        loop = asyncio.new_event_loop()
        session = loop.run_until_complete(_session())

        async def get():
            async with session.get(url + PAGE, headers={"nodeUrlOrApiAccessKey": KEY, "walletName": "bench"}) as r:
                return len(json.loads(await r.read())["data"]["items"])

        async def warm():
            async with session.get(url + BALANCE, params={"address": ADDRESS}) as r:
                json.loads(await r.read())

        loop.run_until_complete(warm())
        fetch = lambda: loop.run_until_complete(get())
        label = "aiohttp + json.loads"
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass
    before = status_kb("VmRSS")
    entries = fetch()
    peak = status_kb("VmHWM")
    if kind != "mem-sdk":
        loop.run_until_complete(session.close())
    print(json.dumps({"client": label, "entries": entries, "rss_before_kb": before,
                      "peak_kb": peak, "growth_kb": max(peak - before, 0)}), flush=True)


async def _session():
    import aiohttp

    return aiohttp.ClientSession()


def main():
    kind, url = sys.argv[1], sys.argv[2]
    if kind.startswith("mem-"):
        return memory(kind, url)
    calls, warm, n = (int(a) for a in sys.argv[3:6])
    if kind == "aiohttp":
        asyncio.run(run_aiohttp(url, calls, warm, n))
    elif kind == "async":
        asyncio.run(run_async(url, calls, warm, n))
    elif kind == "sync":
        run_sync(url, calls, warm, n)
    elif kind == "pyreqwest-async":
        asyncio.run(run_pyreqwest_async(url, calls, warm, n))
        # pyreqwest's runtime threads can abort the interpreter's shutdown ("PyGILState_Release:
        # thread state must be current"), which would fail a run whose row is already printed
        os._exit(0)
    elif kind == "pyreqwest-sync":
        run_pyreqwest_sync(url, calls, warm, n)
        os._exit(0)
    else:
        sys.exit(f"unknown client {kind}")


if __name__ == "__main__":
    main()
