"""Constructor keywords peculiar to the Python clients, against the sandbox. The stories every
language shares are the scenarios of tests/scenarios (make test-scenarios)."""

import asyncio

import pytest

import wallet_sdk as w
from conftest import env, make_client, mint_key, sandbox_post, unique


def test_address_type_codes_are_configurable():
    """The integer codes of address types are the service's convention, not fixed; a client can
    send others. Here legacy is mapped to 2, so the sandbox makes a bech32 address."""
    c = make_client(address_type_codes={"legacy": 2})
    name = unique("codes")
    c.create_wallet(name)
    made = c.create_address(name, address_type=w.AddressType.LEGACY)
    assert made.address.startswith("rltc1q"), made.address
    assert make_client().create_address(name, address_type=w.AddressType.LEGACY).address[0] in "mn"
    with pytest.raises(w.InvalidInputError) as e:
        make_client(address_type_codes={"taproot": 4})
    assert e.value.field == "address_type_codes"


def test_per_call_options_on_a_copy():
    """``with_options`` gives a copy with another timeout or retry policy for some calls; the
    original keeps its own, and both share the connection pool and credential."""
    key = mint_key(3600 + 17, "default")
    c = make_client(key)
    fast = c.with_options(timeout=0.5, max_attempts=1)
    sandbox_post("/sandbox/faults", {"path": "/api/Blocks/blockchain-info", "delayMs": 2000, "count": 1, "apiKey": key})
    with pytest.raises(w.TimeoutError) as e:
        fast.blockchain_info()
    assert e.value.attempts == 1
    sandbox_post("/sandbox/faults", {"path": "/api/Blocks/blockchain-info", "delayMs": 1000, "count": 1, "apiKey": key})
    assert c.blockchain_info().chain == "regtest"  # the original waits
    for bad in (-1, float("nan"), 1e30):  # 1e30 s does not fit a duration: refused, never a panic
        with pytest.raises(w.InvalidInputError) as e:
            c.with_options(timeout=bad)
        assert e.value.field == "timeout"
    # no attempt at all is refused as the constructor refuses it, never turned into one
    with pytest.raises(w.InvalidInputError) as e:
        c.with_options(max_attempts=0)
    assert e.value.field == "max_attempts"

    async def go() -> None:
        ac = w.AsyncClient(env("WALLET_SDK_BASE_URL"), key, timeout=60)
        sandbox_post("/sandbox/faults", {"path": "/api/Blocks/blockchain-info", "delayMs": 2000, "count": 1, "apiKey": key})
        with pytest.raises(w.TimeoutError):
            await ac.with_options(timeout=0.5, max_attempts=1).blockchain_info()
        assert (await ac.blockchain_info()).chain == "regtest"

    asyncio.run(go())
