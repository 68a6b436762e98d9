"""Watching many wallets from several worker processes, the jobs and the cursors in Redis
(docs/guides/scaling-out.md), checked on the sandbox: a worker is killed with SIGKILL while it handles an
event, and at the end every payment must have been handled exactly once.

    run.sh [--workers 3] [--wallets 6]      (run.sh starts Redis and, if needed, a sandbox)

Needs WALLET_SDK_BASE_URL, WALLET_SDK_API_KEY (a sandbox's: it funds wallets through
/sandbox/fund) and SCALING_REDIS_URL. Exits 1 when a check fails.

Redis keys (all under one prefix per run):
  queue                 list of wallet names waiting for a worker (the jobs)
  processing:<worker>   the job a worker holds (LMOVE from the queue: at most one)
  hb:<worker>           the worker's heartbeat, with a TTL; gone means dead
  lease:<wallet>        who holds the wallet now (a fencing token, checked in every commit)
  cursor:<wallet>       the cursor of the last event handled (all the watch's state)
  done:<wallet>         set of "txid:kind" handled: the idempotency record
  ledger                the handler's effect, one line per event handled (what must not double)
  delivered             hash "wallet:txid:kind" -> times the stream handed it to a worker
"""

import argparse
import asyncio
import importlib
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from typing import Any, Dict, List, Optional, Tuple

import wallet_sdk

# imported by name, so that a type check of the examples does not depend on redis being installed
redis: Any = importlib.import_module("redis")
aioredis: Any = importlib.import_module("redis.asyncio")

POLL_INTERVAL = 0.2  # seconds between two polls of a wallet's list (default 2)
SLICE = 1.5  # seconds a worker keeps a wallet before giving the job back
HANDLING = 0.25  # seconds the handler "works" on one event (a database write, an e-mail...)
HEARTBEAT_TTL = 2.0  # a worker whose heartbeat is older than this is dead
DEADLINE = 90.0  # seconds for the whole run to see every payment handled


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        sys.exit(f"{name} is not set: run this through run.sh")
    return value


# ------------------------------------------------------------------------------------- worker


async def commit(r: Any, p: str, worker: str, wallet: str, token: str, event: wallet_sdk.WalletEvent) -> bool:
    """Records the event's effect and its cursor in one transaction, once per (wallet, txid,
    kind). False when the lease was lost (another worker holds the wallet now)."""
    record = f"{event.txid}:{event.kind}"
    async with r.pipeline(transaction=True) as pipe:
        try:
            await pipe.watch(p + "lease:" + wallet, p + "done:" + wallet)
            if await pipe.get(p + "lease:" + wallet) != token:
                return False
            first = not await pipe.sismember(p + "done:" + wallet, record)
            pipe.multi()
            if first:
                pipe.sadd(p + "done:" + wallet, record)
                line = {"wallet": wallet, "txid": event.txid, "kind": event.kind, "amount": str(event.amount), "worker": worker}
                pipe.rpush(p + "ledger", json.dumps(line))
            else:
                pipe.hincrby(p + "stats", "duplicates_skipped", 1)
            pipe.set(p + "cursor:" + wallet, event.cursor)
            pipe.delete(p + "inflight:" + worker)
            await pipe.execute()
            return True
        except redis.WatchError:
            return False


async def work_on(r: Any, client: wallet_sdk.AsyncClient, p: str, worker: str, wallet: str, token: str) -> None:
    """One time slice of one wallet: resume from the stored cursor, handle what comes."""
    loop = asyncio.get_running_loop()
    cursor: Optional[str] = await r.get(p + "cursor:" + wallet)
    events = client.watch_wallet(wallet, cursor=cursor, poll_interval=POLL_INTERVAL)
    end = loop.time() + SLICE
    while (left := end - loop.time()) > 0:
        try:
            event = await asyncio.wait_for(events.__anext__(), timeout=left)
        except asyncio.TimeoutError:
            return  # cancelling the wait stops the polling; the cursor in Redis is unchanged
        record = f"{wallet}:{event.txid}:{event.kind}"
        await r.hincrby(p + "delivered", record, 1)
        await r.set(p + "inflight:" + worker, record)
        await asyncio.sleep(HANDLING)
        if not await commit(r, p, worker, wallet, token, event):
            print(f"{worker}: lost the lease of {wallet}, leaving it", file=sys.stderr)
            return


async def heartbeat(r: Any, p: str, worker: str) -> None:
    while True:
        await r.set(p + "hb:" + worker, os.getpid(), px=int(HEARTBEAT_TTL * 1000))
        await asyncio.sleep(HEARTBEAT_TTL / 4)


async def worker_main(p: str, worker: str) -> None:
    r = aioredis.from_url(env("SCALING_REDIS_URL"), decode_responses=True)
    await r.set(p + "hb:" + worker, os.getpid(), px=int(HEARTBEAT_TTL * 1000))
    beat = asyncio.create_task(heartbeat(r, p, worker))
    leases = 0
    async with wallet_sdk.AsyncClient.from_env(timeout=30, backoff=0.1) as client:
        while not await r.exists(p + "stop"):
            await r.sadd(p + "workers", worker)
            # the job moves atomically from the queue to this worker's list: a crash here or
            # later leaves it there, where the reaper finds it
            wallet = await r.blmove(p + "queue", p + "processing:" + worker, 0.5, "LEFT", "RIGHT")
            if wallet is None:
                continue
            leases += 1
            token = f"{worker}#{leases}"
            await r.set(p + "lease:" + wallet, token)
            try:
                await work_on(r, client, p, worker, wallet, token)
            except wallet_sdk.WalletSdkError as e:  # the job goes back; the cursor is as it was
                print(f"{worker}: {wallet}: {e.kind}: {e}", file=sys.stderr)
            # give the job back to the end of the queue (nothing if the reaper already did)
            await r.lmove(p + "processing:" + worker, p + "queue", "LEFT", "RIGHT")
    beat.cancel()
    await r.delete(p + "hb:" + worker)
    await r.srem(p + "workers", worker)
    await r.aclose()


# ------------------------------------------------------------------------------ coordinator


def sandbox(path: str, body: Dict[str, Any]) -> Dict[str, Any]:
    req = urllib.request.Request(
        env("WALLET_SDK_BASE_URL").rstrip("/") + path,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=120) as answer:
        v = json.loads(answer.read())
    data: Dict[str, Any] = v.get("data", v)
    return data


def short(record: str) -> str:
    """wallet:txid:kind with the txid cut to 12 digits, for the report."""
    wallet, txid, kind = record.split(":")
    return f"{wallet}:{txid[:12]}:{kind}"


def reap(r: Any, p: str) -> List[Tuple[str, str]]:
    """Moves the jobs of every worker whose heartbeat expired back to the queue. Safe to run
    anywhere, any number of times: each LMOVE moves a job once."""
    moved = []
    for worker in r.smembers(p + "workers"):
        if r.exists(p + "hb:" + worker):
            continue
        while (wallet := r.lindex(p + "processing:" + worker, -1)) is not None:
            r.delete(p + "lease:" + wallet)  # fences the old holder out, should it still run
            if r.lmove(p + "processing:" + worker, p + "queue", "RIGHT", "LEFT") is not None:
                moved.append((worker, wallet))
        r.srem(p + "workers", worker)
    return moved


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--wallets", type=int, default=6)
    args = ap.parse_args()
    started = time.monotonic()
    p = f"scaling:{secrets.token_hex(4)}:"
    r = redis.Redis.from_url(env("SCALING_REDIS_URL"), decode_responses=True)
    client = wallet_sdk.Client.from_env(timeout=60, backoff=0.1)

    wallets: List[Tuple[str, str]] = []
    for i in range(args.wallets):
        name = f"py_scale_{p.split(':')[1]}_{i}"
        client.create_wallet(name)
        wallets.append((name, client.create_address(name).address))
    r.rpush(p + "queue", *[name for name, _ in wallets])

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that the finally below runs
    workers = {f"w{i}": subprocess.Popen([sys.executable, __file__, "--worker", f"w{i}", "--prefix", p]) for i in range(args.workers)}
    try:
        return coordinate(r, p, wallets, workers, started)
    finally:  # never leave a worker behind, whatever failed
        for proc in workers.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def coordinate(r: Any, p: str, wallets: List[Tuple[str, str]], workers: Dict[str, "subprocess.Popen[bytes]"], started: float) -> int:
    """Funds the wallets while the workers run, kills one, and checks the outcome."""
    reaped: List[Tuple[str, str]] = []
    stop_reaper = threading.Event()

    def reaper() -> None:
        rr = redis.Redis.from_url(env("SCALING_REDIS_URL"), decode_responses=True)
        while not stop_reaper.wait(0.25):
            reaped.extend(reap(rr, p))

    threading.Thread(target=reaper, daemon=True).start()

    payments: List[Tuple[str, str, str]] = []  # (wallet, txid, amount)

    def pay(i: int, amount: str, mine: bool) -> None:
        name, address = wallets[i % len(wallets)]
        payments.append((name, sandbox("/sandbox/fund", {"address": address, "amount": amount, "mine": mine})["txid"], amount))

    # round 1: a payment to every wallet, in the mempool (received), then one block (confirmed)
    for i in range(len(wallets)):
        pay(i, f"0.{i + 1:02d}", mine=False)
    time.sleep(1.0)
    sandbox("/sandbox/mine", {"blocks": 1})

    # kill a worker while it handles an event (after the delivery, before the commit)
    victim, killed_on = "w0", ""
    until = time.monotonic() + 20
    while time.monotonic() < until and not killed_on:
        killed_on = r.get(p + "inflight:" + victim) or ""
        if not killed_on:
            time.sleep(0.02)
    workers[victim].send_signal(signal.SIGKILL)
    workers[victim].wait()

    # round 2 while the victim's job waits for the reaper: some mined at once, some later
    for i in range(len(wallets) // 2):
        pay(i * 2, f"0.2{i}", mine=True)
    pay(1, "0.31", mine=False)
    pay(2, "0.32", mine=False)
    time.sleep(0.5)
    sandbox("/sandbox/mine", {"blocks": 1})

    def missing() -> List[str]:
        out = []
        for name, txid, _ in payments:
            done = r.smembers(p + "done:" + name)
            out += [f"{name} {txid} {kind}" for kind in ("received", "confirmed") if f"{txid}:{kind}" not in done]
        return out

    while missing() and time.monotonic() - started < DEADLINE:
        time.sleep(0.25)
    r.set(p + "stop", 1)
    for w, proc in workers.items():
        try:
            proc.wait(timeout=SLICE + 10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    stop_reaper.set()

    # the checks: the ledger (the handler's effect) holds each payment's received and confirmed
    # exactly once, and nothing else
    ledger = [json.loads(line) for line in r.lrange(p + "ledger", 0, -1)]
    counts: Dict[Tuple[str, str, str], int] = {}
    for line in ledger:
        k = (line["wallet"], line["txid"], line["kind"])
        counts[k] = counts.get(k, 0) + 1
    expected = {(name, txid, kind) for name, txid, _ in payments for kind in ("received", "confirmed")}
    lost = sorted(expected - set(counts))
    doubled = sorted(k for k, n in counts.items() if n > 1)
    unexpected = sorted(set(counts) - expected)
    amounts_ok = all(line["amount"] == str(wallet_sdk.Amount(a)) for name, txid, a in payments
                     for line in ledger if (line["wallet"], line["txid"]) == (name, txid))
    delivered = {k: int(v) for k, v in r.hgetall(p + "delivered").items()}
    redelivered = {k: n - 1 for k, n in delivered.items() if n > 1}
    stats = r.hgetall(p + "stats")
    victim_jobs = [wallet for w, wallet in reaped if w == victim]

    print(f"workers:            {len(workers)} ({', '.join(workers)}), slice {SLICE} s, poll {POLL_INTERVAL} s")
    print(f"wallets:            {len(wallets)}")
    print(f"payments:           {len(payments)} (each must give one received and one confirmed)")
    print(f"events handled:     {len(ledger)} (expected {len(expected)}), deliveries {sum(delivered.values())}")
    print(f"killed worker:      {victim} (SIGKILL while handling {short(killed_on) if killed_on else 'nothing (no event in flight in 20 s)'})")
    print(f"reaped jobs:        {', '.join(f'{w}:{wallet}' for w, wallet in reaped) or 'none'}"
          f" (heartbeat TTL {HEARTBEAT_TTL} s)")
    print(f"redeliveries seen:  {sum(redelivered.values())}" + (f" ({', '.join(short(k) for k in sorted(redelivered))})" if redelivered else ""))
    print(f"duplicates skipped: {int(stats.get('duplicates_skipped', 0))} (records already present)")
    print(f"lost events:        {len(lost)}" + "".join(f"\n  {short(':'.join(k))}" for k in lost))
    print(f"duplicated events:  {len(doubled)}" + "".join(f"\n  {short(':'.join(k))}" for k in doubled))
    print(f"unexpected events:  {len(unexpected)}" + "".join(f"\n  {short(':'.join(k))}" for k in unexpected))
    print(f"time:               {time.monotonic() - started:.1f} s")
    failures = []
    if lost or doubled or unexpected:
        failures.append("events lost, duplicated or unexpected")
    if not amounts_ok:
        failures.append("an amount differs from the payment's")
    if not killed_on:
        failures.append("the victim was not killed while handling an event")
    elif killed_on not in redelivered:
        failures.append(f"the event in flight at the kill ({killed_on}) was not delivered again")
    if not victim_jobs:
        failures.append("the reaper did not move the killed worker's job back to the queue")
    for w, proc in workers.items():
        if w != victim and proc.returncode != 0:
            failures.append(f"worker {w} exited with {proc.returncode}")
    print("result:             " + ("FAILED: " + "; ".join(failures) if failures else "ok: every payment handled exactly once"))
    return 1 if failures else 0


if __name__ == "__main__":
    if "--worker" in sys.argv:
        ap = argparse.ArgumentParser()
        ap.add_argument("--worker", required=True)
        ap.add_argument("--prefix", required=True)
        a = ap.parse_args()
        asyncio.run(worker_main(a.prefix, a.worker))
    else:
        sys.exit(main())
