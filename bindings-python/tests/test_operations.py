"""Every one of the 43 operations through Client and through AsyncClient, against the sandbox:
once successfully and once with a documented failure (default-mode key)."""

from decimal import Decimal

import pytest

import wallet_sdk as w
from conftest import AsyncDriver, fund, make_async_client, make_client, mine, unique

ABANDON = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
MSG = "hello litecoin"


def expect(kind_cls, fn, *args, **kwargs):
    with pytest.raises(kind_cls) as e:
        fn(*args, **kwargs)
    err = e.value
    assert isinstance(err, w.WalletSdkError)
    assert err.message and str(err) == err.message
    return err


def every_operation(c, tag: str, seen: set) -> str:
    """The whole story; `c` is a Client or an AsyncDriver. Records each operation called."""

    class Recorder:
        def __getattr__(self, name):
            seen.add(name)
            return getattr(c, name)

    r = Recorder()
    missing = unique(f"{tag}_missing")

    info = r.blockchain_info()
    assert isinstance(info, w.BlockchainInfo) and info.chain == "regtest"
    assert isinstance(info.raw, dict)
    height = info.blocks

    w1 = unique(f"{tag}_plain")
    created = r.create_wallet(w1)
    assert created.wallet_name == w1
    expect(w.ConflictError, r.create_wallet, w1)

    official = r.official_address(w1)
    assert official.address
    expect(w.NotFoundError, r.official_address, missing)

    details = r.wallet_details(w1)
    assert details.encrypted is False
    e = expect(w.NotFoundError, r.wallet_details, missing)
    assert e.status == 404 and e.code == "wallet_not_found" and e.request_id and e.kind == "not_found"
    assert "also answers 404 when the API key is rejected" in str(e)

    bal = r.wallet_balance(w1)
    assert bal.confirmed == Decimal("0") and bal.confirmed_litoshis == 0
    expect(w.NotFoundError, r.wallet_balance, missing)

    legacy = r.create_address(w1, address_type=w.AddressType.LEGACY, label="e2e")
    assert legacy.address_type == "legacy"
    legacy2 = r.create_address(w1, address_type="legacy")
    bech = r.create_address(w1, address_type=w.AddressType.BECH32)
    assert bech.address_type == "bech32"
    dflt = r.create_address(w1)
    assert dflt.address.startswith("rltc1")
    expect(w.ValidationError, r.create_address, w1, address_type="taproot")

    other = unique(f"{tag}_other")
    r.create_wallet(other)
    foreign = r.create_address(other, address_type=w.AddressType.LEGACY).address

    fund(legacy.address, "2.5")
    fund(bech.address, "1")

    wab = r.wallet_address_balance(w1, legacy.address)
    assert wab.confirmed == Decimal("2.5") and wab.confirmed_litoshis == 250_000_000
    expect(w.NotFoundError, r.wallet_address_balance, w1, foreign)

    ab = r.address_balance(legacy.address)
    assert ab.confirmed == Decimal("2.50000000") and ab.unconfirmed == 0
    assert isinstance(ab.confirmed, Decimal) and isinstance(ab.confirmed_litoshis, int)
    expect(w.ValidationError, r.address_balance, "not-an-address")

    ad = r.address_details(w1, legacy.address)
    assert ad.is_mine is True
    expect(w.ValidationError, r.address_details, w1, "not-an-address")

    was = r.wallet_addresses(w1)
    assert any(a.address == legacy.address for a in was.addresses)
    expect(w.NotFoundError, r.wallet_addresses, missing)

    wt = r.wallet_transactions(w1, skip=0, count=1)
    assert len(wt.items) == 1 and isinstance(wt.items[0], w.WalletTx)
    expect(w.NotFoundError, r.wallet_transactions, missing)

    wat = r.wallet_address_transactions(w1, legacy.address)
    assert wat.items
    expect(w.NotFoundError, r.wallet_address_transactions, w1, foreign)

    at = r.address_transaction(legacy.address, take=10)
    assert at.items and at.items[0].received == Decimal("2.5")
    expect(w.ValidationError, r.address_transaction, "not-an-address")

    sig = r.sign_wallet_message(w1, legacy.address, MSG)
    expect(w.RejectedError, r.sign_wallet_message, w1, bech.address, MSG)

    assert r.verify_message(legacy.address, MSG, sig.signature).valid is True
    assert r.verify_message(legacy.address, "another message", sig.signature).valid is False
    expect(w.RejectedError, r.verify_message, bech.address, MSG, sig.signature)

    pk = r.address_private_key(w1, legacy.address)
    assert isinstance(pk.private_key, w.Secret) and pk.private_key.reveal()
    assert pk.raw["privateKey"] == "[REDACTED]"
    assert pk.private_key.reveal() not in repr(pk) and pk.private_key.reveal() not in str(pk)
    expect(w.ValidationError, r.address_private_key, w1, foreign)

    sm = r.sign_message(MSG, pk.private_key)
    assert sm.signature == sig.signature and sm.address == legacy.address
    assert r.sign_message(MSG, pk.private_key.reveal()).signature == sig.signature  # str works too
    expect(w.ValidationError, r.sign_message, MSG, w.Secret("cNotAKey"))

    otp = r.get_blockchain_otp(sig.signature)
    assert isinstance(otp.code, w.Secret) and len(otp.code.reveal()) == 6
    assert otp.code.reveal() not in repr(otp)
    expect(w.ValidationError, r.get_blockchain_otp, "bm90IGEgc2lnbmF0dXJl")
    ok = r.verify_otp(sig.signature, otp.code)
    assert ok.valid is True, ok.reason
    expect(w.ValidationError, r.verify_otp, sig.signature, "12")

    raw = r.create_raw_transaction(w1, legacy.address, foreign, Decimal("0.5"))
    assert raw.hex
    expect(w.InsufficientFundsError, r.create_raw_transaction, w1, legacy.address, foreign, "1000")
    expect(w.InvalidInputError, r.create_raw_transaction, w1, legacy.address, foreign, 0.5)
    signed = r.sign_transaction(w1, raw.hex, pk.private_key)
    assert signed.complete is True
    expect(w.ValidationError, r.sign_transaction, w1, "00", pk.private_key)
    sent = r.broadcast_transaction(signed.hex)
    assert sent.txid == signed.txid
    expect(w.RejectedError, r.broadcast_transaction, raw.hex)

    td = r.transaction_details(sent.txid)
    assert td.txid == sent.txid
    zeros = "0" * 64
    expect(w.NotFoundError, r.transaction_details, zeros)

    mine(1)
    change = raw.change_position
    utxo = r.get_utxo_details(sent.txid, change)
    assert utxo.address == legacy.address
    expect(w.NotFoundError, r.get_utxo_details, sent.txid, 99)

    v2 = r.create_raw_transaction_v2(legacy.address, foreign, w.Amount("0.1"), [sent.txid], [change])
    assert v2.hex
    expect(w.ValidationError, r.create_raw_transaction_v2, legacy.address, foreign, "0.1", [sent.txid], [change, 0])

    v3 = r.create_raw_transaction_v3(w1, legacy.address, foreign, "0.1", legacy2.address, Decimal("0.01"))
    assert len(v3.outputs) >= 2
    expect(w.ValidationError, r.create_raw_transaction_v3, w1, legacy.address, foreign, "0.1", foreign, "0.01")

    tip = r.blockchain_info().blocks
    assert tip > height
    stats = r.block_stat(str(tip))
    assert stats.height == tip
    expect(w.NotFoundError, r.block_stat, "0")
    header = r.block_header(str(tip))
    expect(w.NotFoundError, r.block_header, "99999999")
    bt = r.block_transaction(header.hash)
    assert bt.transactions
    expect(w.NotFoundError, r.block_transaction, zeros)

    paid = r.send_funds_from_wallet(w1, foreign, Decimal("0.1"), description="e2e")
    assert len(paid.txid) == 64
    expect(w.InsufficientFundsError, r.send_funds_from_wallet, w1, foreign, "100000")
    e = expect(w.InvalidInputError, r.send_funds_from_wallet, w1, foreign, 1)
    assert isinstance(e, ValueError) and "bare int" in str(e)

    ms = r.create_multisig_address(w1, [legacy.address, legacy2.address], 2, w.AddressType.LEGACY)
    assert ms.address
    expect(w.ValidationError, r.create_multisig_address, w1, [legacy.address, legacy2.address], 3, "legacy")

    pp = w.Secret("pp-" + unique("x"))
    enc = r.encrypt_wallet(w1, pp)
    assert enc.encrypted is True
    expect(w.ConflictError, r.encrypt_wallet, w1, pp)
    pp2 = "pp2-" + unique("y")
    r.change_passphrase(w1, pp, pp2)
    e = expect(w.WalletLockedError, r.change_passphrase, w1, pp, pp2)
    assert pp.reveal() not in str(e) and pp2 not in str(e)
    expect(w.WalletLockedError, r.create_address, w1, address_type=w.AddressType.LEGACY)
    r.create_address(w1, passphrase=pp2)

    st = r.set_wallet_mnemonics(w1, ABANDON, passphrase=pp2)
    assert st.hd_seed_id
    expect(w.ConflictError, r.set_wallet_mnemonics, w1, ABANDON, passphrase=pp2)

    w2 = unique(f"{tag}_enc")
    cw2 = r.create_encrypted_wallet(w2)
    assert isinstance(cw2.passphrase, w.Secret) and cw2.passphrase.reveal()
    assert cw2.raw["encryptedPassphrase"] == "[REDACTED]"
    assert cw2.passphrase.reveal() not in repr(cw2)
    expect(w.ConflictError, r.create_encrypted_wallet, w2)

    w3 = unique(f"{tag}_imp")
    cw3 = r.create_importable_wallet(w3)
    assert len(cw3.mnemonics.reveal().split(" ")) == 12
    assert cw3.mnemonics.reveal() not in repr(cw3) and cw3.raw["mnemonics"] == "[REDACTED]"
    expect(w.ConflictError, r.create_importable_wallet, w3)
    w3_official = r.official_address(w3).address

    w4 = unique(f"{tag}_impenc")
    cw4 = r.create_importable_encrypted_wallet(w4)
    assert cw4.mnemonics and cw4.passphrase
    expect(w.ConflictError, r.create_importable_encrypted_wallet, w4)

    w5 = unique(f"{tag}_import")
    iw = r.import_wallet(w5, cw3.mnemonics)
    assert iw.official_address == w3_official
    expect(w.ValidationError, r.import_wallet, unique("bad"), "abandon abandon")

    da = r.wallet_default_address(cw3.mnemonics, address_type=w.AddressType.BECH32)
    assert da.address == w3_official
    expect(w.RejectedError, r.wallet_default_address, cw3.mnemonics, address_type=w.AddressType.MWEB)
    v2a = r.wallet_default_address_v2(ABANDON, address_type="legacy")
    assert v2a.address == "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV"
    expect(w.ValidationError, r.wallet_default_address_v2, "abandon abandon")

    pk2 = r.address_private_key_v2(w3, w3_official, cw3.mnemonics)
    assert pk2.private_key.reveal()
    expect(w.WalletLockedError, r.address_private_key_v2, w3, w3_official, cw4.mnemonics)

    sc = r.screen_address(w3, foreign, cw3.mnemonics)
    assert sc.is_valid is True
    expect(w.WalletLockedError, r.screen_address, w3, foreign, cw4.mnemonics)

    gd = r.generate_default_address(w3, address_type=w.AddressType.P2SH_SEGWIT)
    assert gd.address_type == "p2sh-segwit"
    expect(w.RejectedError, r.generate_default_address, w3, address_type=w.AddressType.MWEB)

    e = expect(w.InvalidInputError, r.wallet_balance, "")
    assert str(e) == "invalid input `wallet_name`: it is required and must not be empty"
    assert e.attempts == 0
    return legacy.address


ALL_OPS = {o[0] for o in w._native._operations()}


def test_client_every_operation():
    seen: set = set()
    with make_client() as c:
        legacy = every_operation(c, "s", seen)
        pages = list(c.address_transaction_pages(legacy, page_size=1))
        assert len(pages) >= 2 and all(len(p) == 1 for p in pages)
        assert isinstance(pages[0][0], w.AddressTxEntry)
    assert seen == ALL_OPS, sorted(ALL_OPS - seen)


def test_async_client_every_operation():
    seen: set = set()
    ac = make_async_client()
    d = AsyncDriver(ac)
    try:
        legacy = every_operation(d, "a", seen)

        async def pages():
            out = []
            async for p in ac.address_transaction_pages(legacy, page_size=1):
                out.append(p)
            return out

        got = d._loop.run_until_complete(pages())
        assert len(got) >= 2 and isinstance(got[0][0], w.AddressTxEntry)
    finally:
        d.close()
    assert seen == ALL_OPS, sorted(ALL_OPS - seen)


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
