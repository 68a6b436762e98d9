import secrets
from decimal import Decimal

import wallet_sdk

# WALLET_SDK_BASE_URL and WALLET_SDK_API_KEY configure the client
with wallet_sdk.Client.from_env() as client:
    info = client.blockchain_info()
    print("chain:", info.chain, "height:", info.blocks)

    name = f"py_demo_{secrets.token_hex(4)}"
    wallet = client.create_encrypted_wallet(name)
    print(wallet)  # passphrase=Secret('[REDACTED]'); wallet.passphrase.reveal() on purpose

    address = client.create_address(
        name,
        address_type=wallet_sdk.AddressType.LEGACY,
        passphrase=wallet.passphrase,
    )
    balance = client.address_balance(address.address)
    print(address.address, f"{balance.confirmed:f}", "LTC =", balance.confirmed_litoshis, "litoshis")

    try:
        client.send_funds_from_wallet(
            name, address.address, Decimal("0.1"), passphrase=wallet.passphrase
        )
    except wallet_sdk.InsufficientFundsError as e:
        print("not yet funded:", e.kind, e.code, e.status)
