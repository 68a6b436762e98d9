"""Error mapping in both compat modes, credentials, timeouts; no secret in any error text."""

import asyncio
import time

import pytest

import wallet_sdk as w
from conftest import env, fault, make_async_client, make_client, mint_key, unique


def test_compat_real_failures_are_service_errors():
    key = env("WALLET_SDK_API_KEY_COMPAT_REAL")
    c = make_client(key)
    c.blockchain_info()
    missing = unique("cr_missing")
    for call in (
        lambda: c.wallet_balance(missing),
        lambda: c.wallet_details(missing),
        lambda: c.address_balance("not-an-address"),
        lambda: c.official_address(missing),
    ):
        with pytest.raises(w.ServiceError) as e:
            call()
        err = e.value
        assert err.kind == "service_error" and err.status == 200 and err.code is None
        assert err.service_message
        assert str(err).startswith(f"{err.operation} failed: the service reported an error (HTTP 200): ")
        assert key not in str(err) and key not in repr(err)
    name = unique("cr_dup")
    c.create_wallet(name)
    with pytest.raises(w.ServiceError):
        c.create_wallet(name)


def test_compat_real_rejected_key_is_a_404():
    expired = mint_key(-5, "real")
    c = make_client(expired)
    with pytest.raises(w.CredentialRejectedError) as e:
        c.blockchain_info()
    assert e.value.status == 404
    assert "the service answered 404 with an empty body" in str(e.value)
    with pytest.raises(w.CredentialRejectedError) as e:
        c.wallet_details(unique("cr"))  # key in the query
    assert expired not in str(e.value) and expired not in repr(e.value.__dict__)


def test_compat_real_async():
    async def go():
        async with make_async_client(env("WALLET_SDK_API_KEY_COMPAT_REAL")) as c:
            with pytest.raises(w.ServiceError) as e:
                await c.wallet_balance(unique("cr_async"))
            assert e.value.status == 200
    asyncio.run(go())


def test_default_mode_credential_errors():
    expired = mint_key(-5, "default")
    c = make_client(expired)
    with pytest.raises(w.CredentialExpiredError) as e:
        c.blockchain_info()
    assert e.value.status == 401 and e.value.field == "nodeUrlOrApiAccessKey" and e.value.code == "expired_credential"
    assert expired not in str(e.value)
    long_expired = mint_key(-3600, "default")
    c = make_client(long_expired)
    with pytest.raises(w.CredentialExpiredError) as e:
        c.blockchain_info()
    assert str(e.value).endswith("nothing was sent") and e.value.attempts == 0
    assert c.expires_at is not None and c.expires_at.timestamp() < time.time()
    c.set_credential(w.Secret(env("WALLET_SDK_API_KEY")))
    assert c.blockchain_info().chain == "regtest"
    good = env("WALLET_SDK_API_KEY")
    parts = good.split(".")
    forged = ".".join([parts[0], parts[1], "Zm9yZ2VkLXNpZ25hdHVyZQ"])
    with pytest.raises(w.CredentialRejectedError) as e:
        make_client(forged).wallet_balance("py_whatever")
    assert forged not in str(e.value) and e.value.status == 401


def test_node_url_credential():
    node = env("WALLET_SANDBOX_NODE_URL")
    c = w.Client(env("WALLET_SDK_BASE_URL"), node_url=node)
    assert c.expires_at is None
    assert c.blockchain_info().chain == "regtest"
    with pytest.raises(w.NotFoundError):
        c.wallet_balance(unique("nu_missing"))


def test_timeout_and_outcome_unknown():
    c = make_client(timeout=1.5)
    fault("/api/Blocks/blockchain-info", 4000)
    assert c.blockchain_info().chain == "regtest"  # retried after the slow attempt
    name = unique("slow")
    fault("/api/Wallet/create", 4000)
    with pytest.raises(w.OutcomeUnknownError) as e:
        c.create_wallet(name)
    assert e.value.attempts == 1 and not e.value.retryable
    time.sleep(4)
    with pytest.raises(w.ConflictError):
        make_client().create_wallet(name)  # it did happen
    fault("/api/Wallet/details", 4000, count=3)
    with pytest.raises(w.TimeoutError) as e:
        make_client(timeout=1.0, max_attempts=1).wallet_details(name)
    assert isinstance(e.value, TimeoutError)  # also the builtin
    assert env("WALLET_SDK_API_KEY") not in f"{e.value} {e.value!r} {e.value.__dict__}"


def test_a_caught_rust_panic_prints_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    """No panic message or backtrace of Rust's reaches stderr: the text goes to the debug log."""
    for _ in range(2):
        with pytest.raises(w.WalletSdkError):
            w._native._self_test_panic("quiet please")

    async def in_a_coroutine() -> None:
        await w._native._self_test_panic_async("quiet please")

    with pytest.raises(w.WalletSdkError):
        asyncio.run(in_a_coroutine())
    out, err = capfd.readouterr()
    assert "quiet please" not in out + err and "panicked" not in out + err, err


def test_a_rust_panic_is_an_ordinary_sdk_exception():
    """A panic inside the SDK (a bug) reaches Python as a WalletSdkError of kind "internal",
    which ``except Exception`` catches, in plain calls and in coroutines alike."""
    with pytest.raises(w.WalletSdkError) as caught:
        w._native._self_test_panic("boom")
    assert caught.value.kind == "internal"
    # fixed text: the panic's own goes to the debug log, scrubbed
    assert str(caught.value) == "internal error in wallet-sdk (a bug, please report it; the panic is in the debug log of `wallet_sdk::panic`)"

    async def in_a_coroutine():
        await w._native._self_test_panic_async("late")

    with pytest.raises(w.WalletSdkError) as caught:
        asyncio.run(in_a_coroutine())
    assert caught.value.kind == "internal"
    assert str(caught.value) == "internal error in wallet-sdk (a bug, please report it; the panic is in the debug log of `wallet_sdk::panic`)"
    # the process and the clients are fine afterwards
    assert make_client().blockchain_info().chain == "regtest"


def test_node_errors_keep_the_service_and_node_fields():
    with pytest.raises(w.ValidationError) as e:
        make_client().broadcast_transaction("00")
    err = e.value
    assert err.kind == "validation" and err.operation == "broadcast_transaction"
    assert err.node_code == -22
    assert err.node_message and err.service_message
    assert err.attempts == 1 and err.request_id
    assert err.retry_after is None and not err.retryable
