"""What a caller's own values may cost the untyped call: deep or self-containing arguments are
refused as invalid input (naming the argument) before anything is sent, never a crash."""

import pytest

import wallet_sdk as w

KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl"


def client() -> w.Client:
    # nothing listens there: these calls must fail before sending
    return w.Client("http://127.0.0.1:9", KEY, max_attempts=1, timeout=2)


def deep(depth: int) -> list:
    v: list = []
    for _ in range(depth):
        v = [v]
    return v


@pytest.mark.parametrize("depth", [129, 100_000])
def test_deep_arguments_are_invalid_input(depth: int) -> None:
    with pytest.raises(w.InvalidInputError) as e:
        client().call("wallet_balance", {"wallet_name": "w", "extra": deep(depth)})
    assert e.value.field == "extra"
    assert "nests deeper than 128 levels" in str(e.value)


def test_a_list_that_contains_itself_is_invalid_input() -> None:
    loop: list = []
    loop.append(loop)
    cyclic: dict = {}
    cyclic["self"] = cyclic
    for value in (loop, cyclic):
        with pytest.raises(w.InvalidInputError):
            client().call("wallet_balance", {"wallet_name": "w", "extra": value})


def test_async_call_refuses_them_too() -> None:
    import asyncio

    async def go() -> None:
        c = w.AsyncClient("http://127.0.0.1:9", KEY, max_attempts=1, timeout=2)
        with pytest.raises(w.InvalidInputError):
            await c.call("wallet_balance", {"wallet_name": "w", "extra": deep(100_000)})

    asyncio.run(go())
