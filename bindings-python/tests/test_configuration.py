"""Constructor keywords peculiar to the Python clients, against the sandbox. The stories every
language shares are the scenarios of tests/scenarios (make test-scenarios)."""

import pytest

import wallet_sdk as w
from conftest import make_client, unique


def test_address_type_codes_are_configurable():
    """operations.md C1: the integer codes of address types are a convention; a client can
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
