// The README's quickstart (the block below this comment is the README's, checked by
// scripts/check-readme-examples), built and run against the sandbox by run-tests.sh.
import Foundation
import WalletSDK

let client = try WalletClient(config: WalletClientConfig(
    baseUrl: ProcessInfo.processInfo.environment["WALLET_SDK_BASE_URL"]!,
    credential: Secret(value: ProcessInfo.processInfo.environment["WALLET_SDK_API_KEY"]!)))
let name = "sw_demo_\(Int(Date().timeIntervalSince1970 * 1000))"
let wallet = try await client.createEncryptedWallet(walletName: name)
print(wallet.passphrase)                                   // [REDACTED]; .reveal() to use it
let address = try await client.createAddress(walletName: name,
    options: CreateAddressOptions(addressType: .legacy, passphrase: wallet.passphrase))
let balance = try await client.addressBalance(address: address.address)
print(balance.confirmed.ltcString, "LTC")                  // exact 8-decimal text; .ltc is the Decimal
do {
    _ = try await client.sendFundsFromWallet(walletName: name, recipientAddress: address.address,
                                             amount: try Amount(ltc: "0.1"),
                                             options: SendFundsFromWalletOptions(passphrase: wallet.passphrase))
} catch let e as WalletError {
    print(e.localizedDescription, e.kind, e.status ?? 0, e.serviceCode ?? "-")  // a new wallet has no coins yet
}
