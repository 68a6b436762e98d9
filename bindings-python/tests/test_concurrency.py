"""Cancellation of in-flight async calls, one Client shared by 16 threads, fork."""

import asyncio
import os
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import wallet_sdk as w
from conftest import env, fault, make_async_client, make_client, unique


def test_cancelling_the_task_cancels_the_request():
    """A sandbox delay keeps the request in flight; cancelling the task returns at once."""

    async def go():
        c = make_async_client()
        fault("/api/Address/address-balance", 5000)
        task = asyncio.ensure_future(c.address_balance("mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV"))
        await asyncio.sleep(0.5)
        assert not task.done()
        t0 = time.monotonic()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert time.monotonic() - t0 < 1.0
        # the client is still usable
        assert (await c.blockchain_info()).chain == "regtest"
        # a timeout through asyncio.wait_for cancels too
        fault("/api/Blocks/blockchain-info", 5000)
        t0 = time.monotonic()
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(c.blockchain_info(), 0.5)
        assert time.monotonic() - t0 < 1.5

    asyncio.run(go())


def test_cancel_drops_the_connection():
    """Against a local server that never answers: after cancel the client closes its socket,
    so the request is really abandoned (the Rust future was dropped)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    port = srv.getsockname()[1]
    closed = threading.Event()

    def serve():
        conn, _ = srv.accept()
        conn.settimeout(10)
        try:
            while conn.recv(4096):
                pass
            closed.set()  # EOF: the client hung up
        except OSError:
            pass
        finally:
            conn.close()

    threading.Thread(target=serve, daemon=True).start()

    async def go():
        c = w.AsyncClient(f"http://127.0.0.1:{port}", node_url="http://u:p@127.0.0.1:1", max_attempts=1)
        task = asyncio.ensure_future(c.blockchain_info())
        await asyncio.sleep(0.5)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(go())
    assert closed.wait(5), "the connection stayed open after the task was cancelled"
    srv.close()


def test_async_gather_and_context_manager():
    async def go():
        async with make_async_client() as c:
            infos = await asyncio.gather(*(c.blockchain_info() for _ in range(8)))
            assert {i.chain for i in infos} == {"regtest"}
        assert c.closed

    asyncio.run(go())


def test_no_completion_is_lost_when_many_finish_at_once():
    """The bridge wakes the loop once per batch of finished calls: two thousand calls that finish
    close together on the runtime's threads, in two loops one after the other, each complete
    (a lost wake-up would hang here until the timeout; with the bridge's disarm and read
    swapped, one run in about fifteen of ten calls hung)."""

    async def go() -> None:
        c = make_async_client()
        for _ in range(100):
            done = await asyncio.wait_for(asyncio.gather(*(c.blockchain_info() for _ in range(10))), timeout=10)
            assert {d.chain for d in done} == {"regtest"}

    asyncio.run(go())
    asyncio.run(go())


def test_sixteen_threads_share_one_client():
    c = make_client()
    names = [unique(f"t{i}") for i in range(16)]
    barrier = threading.Barrier(16)

    def work(name):
        barrier.wait()
        created = c.create_wallet(name)
        bal = c.wallet_balance(name)
        info = c.blockchain_info()
        return created.wallet_name, bal.confirmed_litoshis, info.chain

    with ThreadPoolExecutor(16) as ex:
        results = list(ex.map(work, names))
    assert results == [(n, 0, "regtest") for n in names]


def test_gil_is_released_while_waiting():
    c = make_client()
    fault("/api/Blocks/blockchain-info", 1500)
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        c.blockchain_info()
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 50, "another Python thread could not run while the call waited"


def run_in_forked_child(check) -> None:
    """Runs ``check()`` (which returns True when all is well) in a forked child and asserts it
    succeeded there; the child never returns into the test run."""
    r, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        code = 1
        try:
            os.close(r)
            os.write(wfd, b"ok" if check() else b"bad")
            code = 0
        except BaseException as e:  # report, never continue the test run in the child
            os.write(wfd, repr(e).encode()[:500])
        finally:
            os._exit(code)
    os.close(wfd)
    _, status = os.waitpid(pid, 0)
    out = os.read(r, 1000)
    os.close(r)
    assert out == b"ok" and os.WEXITSTATUS(status) == 0, out


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_client_works_in_a_forked_child():
    c = make_client()
    assert c.blockchain_info().chain == "regtest"  # runtime and pool exist in the parent

    def check():
        info = c.blockchain_info()
        name = unique("fork")
        c.create_wallet(name)
        return info.chain == "regtest" and c.wallet_balance(name).confirmed_litoshis == 0

    run_in_forked_child(check)
    assert c.blockchain_info().chain == "regtest"  # the parent still works


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_async_client_works_in_a_forked_child():
    c = make_async_client()

    async def chain(client):
        return (await client.blockchain_info()).chain

    assert asyncio.run(chain(c)) == "regtest"  # the runtime and the pool exist in the parent

    async def story():
        name = unique("afork")
        await c.create_wallet(name)
        balance = await c.wallet_balance(name)
        fresh = make_async_client()  # a client created in the child works too
        return await chain(c) == "regtest" and balance.confirmed_litoshis == 0 and await chain(fresh) == "regtest"

    run_in_forked_child(lambda: asyncio.run(asyncio.wait_for(story(), 60)))
    assert asyncio.run(chain(c)) == "regtest"  # the parent still works


EXIT_SCRIPT = """
import asyncio, wallet_sdk as w

async def main():
    async with w.AsyncClient.from_env() as c:
        await asyncio.gather(*(c.blockchain_info() for _ in range(10)))
        await asyncio.wait_for(c.blockchain_info(), timeout=10)

asyncio.run(main())
"""


def test_the_interpreter_exits_cleanly_after_async_calls():
    """The runtime threads behind AsyncClient are stopped before the interpreter finalizes.
    Without that, about one exit in 25-40 crashed (a runtime thread released Python objects
    during finalization); 40 runs make a regression very likely to show."""
    for _ in range(40):
        out = subprocess.run([sys.executable, "-c", EXIT_SCRIPT], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, (out.returncode, out.stderr[-1500:])
        assert "Fatal Python error" not in out.stderr, out.stderr[-1500:]
