// The README's quickstart (the block below this comment is the README's, checked by
// scripts/check-readme-examples), compiled and run against the sandbox by run-examples.sh.
import org.walletsdk.*
import java.math.BigDecimal

suspend fun main() {
    val client = WalletClient(WalletClientConfig(
        baseUrl = System.getenv("WALLET_SDK_BASE_URL"),
        credential = Secret(System.getenv("WALLET_SDK_API_KEY")),   // API key or node URL
        timeoutMs = 30_000L,
    ))
    val name = "kt_demo_${System.currentTimeMillis()}"
    val wallet = client.createEncryptedWallet(name)
    println(wallet.passphrase)                       // [REDACTED]; wallet.passphrase.reveal() to use it
    val address = client.createAddress(name, CreateAddressOptions(
        addressType = AddressType.Legacy, passphrase = wallet.passphrase))
    val balance = client.addressBalance(address.address)
    println("${balance.confirmed.toLtcString()} LTC") // exact 8-decimal text; .ltc is the BigDecimal
    try {
        client.sendFundsFromWallet(name, address.address, Amount.ofLtc(BigDecimal("0.1")),
            SendFundsFromWalletOptions(passphrase = wallet.passphrase))
    } catch (e: WalletException.InsufficientFundsException) {
        println(e.message)                           // a new wallet has no coins yet
    } catch (e: WalletException) {
        println("${e.kind} ${e.status} ${e.serviceCode}: ${e.message}")
    }
}
