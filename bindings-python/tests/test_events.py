"""The wallet event stream and wait_for_payment in Python (sync and asyncio), on the sandbox's
real node: the events of a payment, resuming from a saved cursor, and the payment statuses.
The rules (reorgs, replacements, page shifts, cursor bounds) are the core's, tested there."""

import asyncio
from decimal import Decimal

import pytest

import wallet_sdk as w
from conftest import fund, make_async_client, make_client, sandbox_post, unique


def _payee(c: w.Client) -> tuple:
    name = unique("pyev")
    c.create_wallet(name)
    return name, c.create_address(name).address


def test_events_of_a_payment_and_resuming_from_a_cursor():
    c = make_client()
    wallet, address = _payee(c)
    txid = fund(address, "0.5", mine=False)
    events = c.watch_wallet(wallet, poll_interval=0.2)
    received = next(events)
    assert (received.kind, received.txid, received.address, received.amount) == ("received", txid, address, w.Amount("0.5"))
    assert received.confirmations == 0 and events.cursor == received.cursor
    assert "WalletEvent(kind='received'" in repr(received)
    sandbox_post("/sandbox/mine", {"blocks": 1})
    confirmed = next(events)
    assert (confirmed.kind, confirmed.txid, confirmed.confirmations) == ("confirmed", txid, 1)

    # a new watch from the saved cursor repeats nothing: its first event is the next payment
    second = fund(address, "0.25", mine=True)
    resumed = next(c.watch_wallet(wallet, cursor=confirmed.cursor, poll_interval=0.2))
    assert (resumed.kind, resumed.txid) == ("received", second)

    with pytest.raises(w.InvalidInputError) as bad:
        next(c.watch_wallet(wallet, cursor="wev1.forged"))
    assert bad.value.field == "cursor"


def test_wait_for_payment_statuses():
    c = make_client()
    wallet, address = _payee(c)
    fund(address, "0.3", mine=True)
    under = c.wait_for_payment(wallet, address, Decimal("1"), timeout=0.5, poll_interval=0.1)
    assert (under.status, under.received, under.confirmations) == ("underpaid", w.Amount("0.3"), 1)
    paid = c.wait_for_payment(wallet, address, "0.3")
    assert paid.status == "paid" and len(paid.txids) == 1
    over = c.wait_for_payment(wallet, address, "0.1", confirmations=0)
    assert over.status == "overpaid" and "Payment(status='overpaid'" in repr(over)


def test_async_watch_and_wait():
    async def run() -> None:
        async with make_async_client() as c:
            wallet = unique("pyeva")
            await c.create_wallet(wallet)
            address = (await c.create_address(wallet)).address
            txid = fund(address, "0.2", mine=True)
            events = c.watch_wallet(wallet, poll_interval=0.2)
            got = [await events.__anext__(), await events.__anext__()]
            assert [(e.kind, e.txid) for e in got] == [("received", txid), ("confirmed", txid)]
            # cancelling the awaiting task stops the polling
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(events.__anext__(), timeout=0.5)
            paid = await c.wait_for_payment(wallet, address, "0.2")
            assert paid.status == "paid" and paid.txids == [txid]

    asyncio.run(run())
