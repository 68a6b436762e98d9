"""The logging bridge: a DEBUG record per call on the ``wallet_sdk`` logger, with the call's
facts and never a secret; nothing when the logger does not take DEBUG."""
import asyncio
import logging
import subprocess
import sys

import pytest

import wallet_sdk as w
from conftest import env, make_async_client, make_client, unique


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def records():
    logger = logging.getLogger("wallet_sdk")
    handler = Records()
    old = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler.records
    logger.removeHandler(handler)
    logger.setLevel(old)


def calls(records):
    return [r.wallet_sdk_call for r in records if hasattr(r, "wallet_sdk_call")]


def test_each_call_is_logged_with_its_facts_and_no_secret(records):
    c = make_client()
    name = unique("logged")
    wallet = c.create_encrypted_wallet(name)
    address = c.create_address(name, passphrase=wallet.passphrase).address
    wif = c.address_private_key(name, address, passphrase=wallet.passphrase).private_key
    with pytest.raises(w.NotFoundError):
        c.wallet_balance(unique("missing"))
    with pytest.raises(w.InvalidInputError):
        c.wallet_balance("")

    logged = calls(records)
    assert [e["operation"] for e in logged] == ["create_encrypted_wallet", "create_address", "address_private_key", "wallet_balance", "wallet_balance"]
    for e in logged[:3]:
        assert (e["attempts"], e["status"], e["error_kind"]) == (1, 200, None)
        assert e["request_id"] and e["latency"] >= 0
    assert [(e["error_kind"], e["status"], e["attempts"]) for e in logged[3:]] == [("not_found", 404, 1), ("invalid_input", None, 0)]
    text = "\n".join(f"{r.getMessage()} {r.__dict__}" for r in records)
    for secret in (wallet.passphrase.reveal(), wif.reveal(), env("WALLET_SDK_API_KEY")):
        assert secret not in text


def test_async_calls_are_logged_too(records):
    async def run():
        async with make_async_client() as c:
            await c.blockchain_info()

    asyncio.run(run())
    assert [e["operation"] for e in calls(records)] == ["blockchain_info"]


def test_nothing_is_logged_when_the_logger_does_not_take_debug():
    logger = logging.getLogger("wallet_sdk")
    handler = Records()
    logger.addHandler(handler)
    old = logger.level
    logger.setLevel(logging.INFO)
    try:
        make_client().blockchain_info()
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)
    assert calls(handler.records) == []


NO_LOGGING_SCRIPT = """
import sys, wallet_sdk as w
assert "logging" not in sys.modules, "import wallet_sdk imported logging"
with w.Client.from_env() as c:
    c.blockchain_info()
assert "logging" not in sys.modules, "a call imported logging"
import logging
records = []
class Keep(logging.Handler):
    def emit(self, record):
        records.append(record)
logger = logging.getLogger("wallet_sdk")
logger.addHandler(Keep())
logger.setLevel(logging.DEBUG)
with w.Client.from_env() as c:
    c.blockchain_info()
assert [r.wallet_sdk_call["operation"] for r in records] == ["blockchain_info"], records
"""


def test_logging_is_imported_by_the_program_not_by_the_sdk():
    """``import wallet_sdk`` and its calls leave ``logging`` unimported (it was a third of the
    import's time); a program that imports it later and asks for DEBUG gets the records."""
    out = subprocess.run([sys.executable, "-c", NO_LOGGING_SCRIPT], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-1500:]
