"""No secret in any repr, str or exception text."""

import asyncio

import pytest

import wallet_sdk as w
from conftest import env, make_async_client, make_client, unique


def _texts(obj):
    out = [repr(obj), str(obj)]
    if isinstance(obj, w.Model):
        for v in obj.to_dict().values():
            out += _texts(v) if isinstance(v, (w.Model, w.Secret)) else [repr(v), str(v)]
        if isinstance(obj, w.ResultModel):
            out += [repr(obj.raw), obj.raw_json]
    return out


def test_result_secrets_never_print():
    c = make_client()
    imp = c.create_importable_encrypted_wallet(unique("sec"))
    secrets = [imp.mnemonics.reveal(), imp.passphrase.reveal()]
    assert all(secrets)
    wallet = imp.wallet_name
    pk = c.address_private_key(wallet, imp.official_address, passphrase=imp.passphrase)
    secrets.append(pk.private_key.reveal())
    sig = c.sign_wallet_message(wallet, c.create_address(wallet, address_type="legacy", passphrase=imp.passphrase).address, "m", passphrase=imp.passphrase)
    otp = c.get_blockchain_otp(sig.signature)
    secrets.append(otp.code.reveal())
    for obj in (imp, pk, otp):
        for text in _texts(obj):
            for s in secrets:
                assert s not in text, f"secret in {text[:80]}"
    assert imp.raw["mnemonics"] == "[REDACTED]" and imp.raw["encryptedPassphrase"] == "[REDACTED]"
    assert pk.raw["privateKey"] == "[REDACTED]" and otp.raw["code"] == "[REDACTED]"


def test_secret_inputs_never_in_errors():
    c = make_client()
    wallet = c.create_encrypted_wallet(unique("sec_err")).wallet_name
    bad = "wrong-passphrase-Zq81"
    with pytest.raises(w.WalletLockedError) as e:
        c.create_address(wallet, passphrase=bad)
    texts = f"{e.value} {e.value!r} {e.value.__dict__}"
    assert bad not in texts
    phrase = "abandon " * 11 + "zoo"
    with pytest.raises(w.WalletSdkError) as e:
        c.wallet_default_address(phrase)
    assert phrase.strip() not in f"{e.value} {e.value!r} {e.value.__dict__}"


def test_credentials_never_print():
    key = env("WALLET_SDK_API_KEY")
    node = env("WALLET_SANDBOX_NODE_URL")
    for c in (make_client(), w.Client(env("WALLET_SDK_BASE_URL"), node_url=node)):
        assert key not in repr(c) and node not in repr(c) and "@" not in repr(c)
    with pytest.raises(w.NotFoundError) as e:
        make_client().wallet_details(unique("nope"))  # the key travels in the query
    assert key not in f"{e.value} {e.value!r} {e.value.__dict__}"

    async def go():
        c = make_async_client()
        assert key not in repr(c)
        with pytest.raises(w.NotFoundError) as e:
            await c.wallet_details(unique("nope"))
        assert key not in f"{e.value} {e.value!r} {e.value.__dict__}"

    asyncio.run(go())
