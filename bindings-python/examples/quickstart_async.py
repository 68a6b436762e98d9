import asyncio
import secrets

import wallet_sdk


async def main() -> None:
    async with wallet_sdk.AsyncClient.from_env() as client:
        wallet = await client.create_importable_wallet(f"py_demo_{secrets.token_hex(4)}")
        addresses = await asyncio.gather(
            *(client.create_address(wallet.wallet_name, address_type=t) for t in ("legacy", "bech32"))
        )
        balances = await asyncio.gather(*(client.address_balance(a.address) for a in addresses))
        for a, b in zip(addresses, balances):
            print(a.address_type, a.address, f"{b.confirmed:f}")
        try:  # cancelling (or timing out) the awaiting task cancels the request
            await asyncio.wait_for(client.wallet_balance(wallet.wallet_name), timeout=10)
        except wallet_sdk.WalletSdkError as e:
            print("failed:", e.kind, e)


asyncio.run(main())
