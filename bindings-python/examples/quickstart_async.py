import asyncio
import secrets

import wallet_sdk


async def main() -> None:
    async with wallet_sdk.AsyncClient.from_env() as client:
        name = f"py_demo_{secrets.token_hex(4)}"
        await client.create_importable_wallet(name)  # its .mnemonics is shown once: keep it
        addresses = await asyncio.gather(
            *(client.create_address(name, address_type=t) for t in ("legacy", "bech32"))
        )
        balances = await asyncio.gather(*(client.address_balance(a.address) for a in addresses))
        for a, b in zip(addresses, balances):
            print(a.address_type, a.address, f"{b.confirmed:f}")
        try:  # timing out (or cancelling) the awaiting task cancels the request of a read
            await asyncio.wait_for(client.wallet_balance(name), timeout=10)
        except asyncio.TimeoutError:  # the builtin TimeoutError since Python 3.11
            print("no answer within 10 s")
        except wallet_sdk.WalletSdkError as e:
            print("failed:", e.kind, e)


asyncio.run(main())
