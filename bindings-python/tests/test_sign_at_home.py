"""Signing at home from Python against the sandbox's node (the rules are the core's, proved there
on the node): a local signature is the service's byte for byte, a build that pays a litoshi more
is refused, a PSBT signed and finalized here completes, and ``send_signed_locally`` pays, sync
and asyncio, without the key in any request."""

import asyncio

import pytest

import wallet_sdk as w
from wallet_sdk import offline

from conftest import fund, make_async_client, make_client, mint_key, sandbox_post, unique

PHRASE = offline.generate_mnemonic(12)


def key(path: str, kind: str) -> offline.DerivedKey:
    return offline.derive_key(PHRASE, path, kind, "regtest")


def prevout(client: w.Client, txid: str, address: str) -> offline.Prevout:
    for vout in range(2):
        utxo = client.get_utxo_details(txid, vout)
        if utxo.address == address:
            return offline.Prevout(txid, vout, utxo.value, utxo.script_pub_key_hex)
    raise AssertionError(f"{txid} pays nothing to {address}")


def test_a_local_signature_is_the_services_and_a_foreign_build_is_refused() -> None:
    c = make_client()
    wallet = unique("py_home")
    c.create_wallet(wallet)
    sender = key("m/84'/1'/0'/0/0", "p2wpkh")
    recipient = key("m/84'/1'/0'/0/1", "p2wpkh").address
    funding = fund(sender.address, "0.8")
    spent = prevout(c, funding, sender.address)
    raw = c.create_raw_transaction_v2(sender.address, recipient, "0.3", [funding], [spent.vout])

    local = offline.sign_transaction_locally(raw.hex, [sender.private_key], [spent])
    service = c.sign_transaction(wallet, raw.hex, sender.private_key)
    assert (local.hex, local.txid, local.complete) == (service.hex, service.txid, True)
    assert [(p.txid, p.vout, p.amount) for p in c.prevouts_for(raw.hex)] == [(spent.txid, spent.vout, spent.amount)]

    intent = offline.TransactionIntent(sender.address, {recipient: "0.3"})
    review = c.review_transaction(raw.hex, intent)
    assert review.fee == w.Amount(str(raw.fee))
    assert [o.role for o in review.outputs][0] == "recipient"
    with pytest.raises(w.TransactionMismatchError) as e:
        c.review_transaction(raw.hex, offline.TransactionIntent(sender.address, [(recipient, "0.30000001")]))
    assert "should receive 0.30000001 LTC" in str(e.value)

    psbt = offline.sign_psbt(offline.psbt_from_transaction(raw.hex, [spent]), [sender.private_key])
    finalized = offline.finalize_psbt(psbt)
    assert finalized.hex == local.hex
    assert c.broadcast_transaction(finalized.hex).txid == local.txid
    assert c.estimate_fee_rate().litoshis_per_vbyte >= 10
    with pytest.raises(w.InvalidInputError) as bad:
        offline.sign_transaction_locally(raw.hex, ["not a key"], [spent])
    assert bad.value.field == "keys" and "not a key" not in str(bad.value)


def test_send_signed_locally_pays_in_both_builds_and_no_request_carries_the_key() -> None:
    api_key = mint_key(3600, "default")
    c = make_client(api_key)
    recipient = key("m/84'/1'/0'/0/9", "p2wpkh").address
    for build, path, kind in [("service", "m/84'/1'/0'/0/5", "p2wpkh"), ("local", "m/49'/1'/0'/0/5", "p2sh-p2wpkh")]:
        sender = key(path, kind)
        fund(sender.address, "0.5")
        sent = c.send_signed_locally(sender.address, recipient, "0.2", [sender.private_key], build=build)
        assert sent.review.outputs[0].amount == w.Amount("0.2")
        assert c.broadcast_transaction(sent.hex).txid == sent.txid
        for request in sandbox_post("/sandbox/requests", {"apiKey": api_key})["requests"]:
            assert sender.private_key.reveal() not in request
            assert PHRASE.reveal() not in request

    async def go() -> None:
        ac = make_async_client(api_key)
        sender = key("m/84'/1'/0'/0/6", "p2wpkh")
        fund(sender.address, "0.5")
        sent = await ac.send_signed_locally(sender.address, recipient, "0.1", [sender.private_key], build="local", fee_rate=15)
        assert sent.review.fee_rate >= 15
        assert (await ac.estimate_fee_rate(1)).litoshis_per_vbyte >= 10

    asyncio.run(go())


def test_keys_from_a_phrase_sign_as_the_derived_keys_do() -> None:
    paths = ["m/84'/1'/0'/0/0", "m/49'/1'/0'/0/3"]
    keys = offline.keys_from_phrase(PHRASE, paths, "regtest")
    assert [k.reveal() for k in keys] == [offline.derive_key(PHRASE, p, "p2wpkh", "regtest").private_key.reveal() for p in paths]
    assert all(isinstance(k, w.Secret) and repr(k) == "Secret('[REDACTED]')" for k in keys)
    with pytest.raises(w.InvalidInputError) as bad:
        offline.keys_from_phrase(PHRASE, ["m/84'/1'", "84/0"], "regtest")
    assert bad.value.field == "paths" and "path 1" in str(bad.value)
    with pytest.raises(w.InvalidInputError) as none:
        offline.keys_from_phrase(PHRASE, [], "regtest")
    assert none.value.field == "paths"


def test_a_wallets_build_with_a_service_fee_and_a_local_one_pay_it_exactly() -> None:
    c = make_client()
    wallet = unique("py_home_fee")
    c.create_wallet(wallet)
    sender = c.create_address(wallet, address_type="bech32").address
    private_key = c.address_private_key(wallet, sender).private_key
    recipient, platform = key("m/84'/1'/0'/0/20", "p2wpkh").address, key("m/84'/1'/0'/0/21", "p2wpkh").address
    fund(sender, "1")
    for options in [dict(wallet_name=wallet), dict(wallet_name=wallet, service_fee=(platform, "0.015")), dict(build="local", service_fee=(platform, "0.015"))]:
        sent = c.send_signed_locally(sender, recipient, "0.1", [private_key], **options)
        fees = [(o.address, o.amount) for o in sent.review.outputs if o.role == "service_fee"]
        assert fees == ([(platform, w.Amount("0.015"))] if "service_fee" in options else []), options
        assert c.transaction_details(sent.txid).txid == sent.txid
        sandbox_post("/sandbox/mine", {"blocks": 1})  # a wallet builds from confirmed coins only
    with pytest.raises(w.InvalidInputError) as e:
        c.send_signed_locally(sender, recipient, "0.1", [private_key], service_fee=(platform, "0.015"))
    assert e.value.field == "wallet_name"
