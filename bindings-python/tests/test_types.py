"""Amounts, secrets, address types and exceptions, without a service."""

import pickle
from decimal import Decimal

import pytest

import wallet_sdk as w


def test_amount_inputs():
    assert w.Amount("1.5").litoshis == 150_000_000
    assert w.Amount(Decimal("0.00005460")).litoshis == 5460
    assert w.Amount(Decimal("1E-8")).litoshis == 1
    assert w.Amount.from_ltc("2").ltc == Decimal("2.00000000")
    assert str(w.Amount.from_litoshis(-1640)) == "-0.00001640"
    assert repr(w.Amount("1.5")) == "Amount('1.50000000')"
    assert w.Amount("1.5") == w.Amount.from_litoshis(150_000_000)
    assert w.Amount("1") < w.Amount("2")
    assert len({w.Amount("1"), w.Amount("1.0")}) == 1
    assert isinstance(w.Amount("1.5").ltc, Decimal)


@pytest.mark.parametrize("bad", [1.5, 1, True, 0.0])
def test_amount_refuses_float_and_int(bad):
    with pytest.raises(w.InvalidInputError) as e:
        w.Amount(bad)
    assert isinstance(e.value, ValueError)
    assert e.value.kind == "invalid_input" and e.value.field == "amount"
    assert "Decimal" in str(e.value)


def test_amount_rules_are_the_cores():
    with pytest.raises(w.InvalidInputError) as e:
        w.Amount("0.123456789")
    assert str(e.value) == "invalid input `amount`: `0.123456789` is not a valid LTC amount: more than 8 decimals"
    with pytest.raises(w.InvalidInputError):
        w.Amount("0")
    with pytest.raises(TypeError):
        w.Amount(object())


def test_secret():
    s = w.Secret("hunter2")
    assert s.reveal() == "hunter2"
    assert repr(s) == "Secret('[REDACTED]')" and str(s) == "[REDACTED]"
    assert "hunter2" not in f"{s} {s!r} {[s]} {({'k': s})}"
    assert s == w.Secret("hunter2") and s != w.Secret("other")
    with pytest.raises(TypeError):
        pickle.dumps(s)


def test_address_type():
    assert w.AddressType.BECH32.value == "bech32" and w.AddressType.MWEB.code == 3
    assert w.AddressType.LEGACY == w.AddressType.LEGACY


def test_exception_hierarchy():
    kinds = dict(w._native._error_kinds())
    assert len(kinds) == 18
    classes = {c.kind: c for c in (getattr(w, n) for n in w.__all__) if isinstance(c, type) and issubclass(c, w.WalletSdkError) and c is not w.WalletSdkError}
    assert sorted(classes) == sorted(kinds)
    # each class is documented with what its kind means, as the core says it
    for kind, cls in classes.items():
        assert " ".join(cls.__doc__.split()).startswith(" ".join(kinds[kind].replace("`", "``").split())), kind
    assert issubclass(w.InvalidInputError, ValueError)
    assert issubclass(w.TimeoutError, TimeoutError) and w.TimeoutError is not TimeoutError
    e = w.NotFoundError("m", kind="not_found", status=404, code="wallet_not_found", request_id="r1", field="wallet_name")
    e2 = pickle.loads(pickle.dumps(e))
    assert type(e2) is w.NotFoundError and e2.code == "wallet_not_found" and e2.status == 404 and str(e2) == "m"


def test_every_field_of_the_core_error_is_an_attribute():
    # Python's names: the service's code is `code`; `retryable` is an attribute, not a method
    python_name = {"service_code": "code"}
    e = w.NotFoundError("m", kind="not_found")
    for field in w._native._error_fields():
        assert hasattr(e, python_name.get(field, field)), field


def test_client_config_errors():
    with pytest.raises(w.InvalidInputError) as e:
        w.Client("http://127.0.0.1:9", "not-a-jwt")
    assert e.value.kind == "invalid_input"
    with pytest.raises(w.InsecureTransportError) as e:
        w.Client("http://example.invalid", w.Secret("http://u:p@127.0.0.1:1"))
    assert "u:p" not in str(e.value)
    with pytest.raises(w.InvalidInputError):
        w.Client("http://127.0.0.1:9", "a", node_url="http://u:p@127.0.0.1:1")


def test_transport_error_and_closed_client():
    c = w.Client("http://127.0.0.1:9", node_url="http://user:pw@127.0.0.1:19443", max_attempts=1)
    assert repr(c) == "Client(base_url='http://127.0.0.1:9')"
    assert c.expires_at is None
    with pytest.raises(w.TransportError) as e:
        c.blockchain_info()
    assert e.value.operation == "blockchain_info" and "pw" not in str(e.value)
    with c:
        pass
    assert c.closed
    with pytest.raises(w.InvalidInputError, match="closed"):
        c.blockchain_info()


def test_from_env(monkeypatch):
    monkeypatch.delenv("WALLET_SDK_BASE_URL", raising=False)
    with pytest.raises(w.InvalidInputError, match="WALLET_SDK_BASE_URL"):
        w.Client.from_env()
    monkeypatch.setenv("WALLET_SDK_BASE_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("WALLET_SDK_API_KEY", "http://u:p@127.0.0.1:1")
    assert w.AsyncClient.from_env(timeout=5).base_url == "http://127.0.0.1:9"
