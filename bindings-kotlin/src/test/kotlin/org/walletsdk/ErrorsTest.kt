package org.walletsdk

import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** Error mapping in both compat modes; the text a Kotlin user sees is the SDK's message. */
class ErrorsTest {
    @Test
    fun defaultModeErrorsCarryMessageStatusAndCode(): Unit = runBlocking {
        val c = Sandbox.client()
        val missing = Sandbox.unique("missing")
        val e = expectError<WalletException.NotFoundException>("walletBalance missing") { c.walletBalance(missing) }
        assertEquals(404, e.status)
        assertEquals("wallet_not_found", e.serviceCode)
        assertEquals("wallet_balance", e.operation)
        assertEquals("not_found", (e as WalletException).kind)
        assertEquals(404, (e as WalletException).status)
        assertFalse(e.isRetryable)
        assertTrue(e.message, e.message.startsWith("wallet_balance failed: not found (HTTP 404, code `wallet_not_found`"))
        // what a Kotlin user actually sees
        assertEquals("org.walletsdk.WalletException\$NotFoundException: ${e.message}", e.toString())
        assertEquals(e.message, e.localizedMessage)

        // expired key (service side, within the local skew) and a forged key
        val expired = Sandbox.mintKey(-5, "default")
        val ce = expectError<WalletException.CredentialExpiredException>("expired key") { Sandbox.client(expired).blockchainInfo() }
        assertEquals(401, ce.status)
        assertEquals("nodeUrlOrApiAccessKey", ce.field)
        assertFalse(ce.message.contains(expired))
        val parts = Sandbox.apiKey.split('.').toMutableList()
        parts[2] = "Zm9yZ2VkLXNpZ25hdHVyZQ"
        val forged = parts.joinToString(".")
        val cr = expectError<WalletException.CredentialRejectedException>("forged key") { Sandbox.client(forged).walletBalance("kt_whatever") }
        assertFalse(cr.message.contains(forged))

        // key rotation on a live client
        val rotating = Sandbox.client(Sandbox.mintKey(-3600, "default"))
        val local = expectError<WalletException.CredentialExpiredException>("long expired") { rotating.blockchainInfo() }
        assertTrue(local.message, local.message.endsWith("nothing was sent"))
        rotating.setCredential(Secret(Sandbox.apiKey))
        rotating.blockchainInfo()
    }

    @Test
    fun compatRealErrors(): Unit = runBlocking {
        val c = Sandbox.client(Sandbox.compatRealKey)
        c.blockchainInfo()
        val missing = Sandbox.unique("cr_missing")
        for ((name, call) in listOf<Pair<String, suspend () -> Any>>(
            "wallet_balance" to { c.walletBalance(missing) },
            "wallet_details" to { c.walletDetails(missing) },
            "address_balance" to { c.addressBalance("not-an-address") },
            "official_address" to { c.officialAddress(missing) },
        )) {
            val e = expectError<WalletException.ServiceErrorException>(name) { call() }
            assertEquals(200, e.status)
            assertNull(e.serviceCode)
            assertTrue(e.message, e.message.startsWith("$name failed: the service reported an error (HTTP 200): "))
        }
        val expired = Sandbox.mintKey(-5, "real")
        val e = expectError<WalletException.CredentialRejectedException>("expired compat key") { Sandbox.client(expired).blockchainInfo() }
        assertEquals(404, e.status)
        assertTrue(e.message, e.message.contains("the service answered 404 with an empty body, which is how it answers a rejected or expired API key"))
        assertFalse(e.message.contains(expired))
    }

    @Test
    fun configurationErrors() {
        val e = expectError<WalletException.InsecureTransportException>("plain http") {
            WalletClient(WalletClientConfig(baseUrl = "http://wallet.example.com", credential = Secret(Sandbox.apiKey)))
        }
        assertEquals(
            "refusing plain http to `wallet.example.com`: the credential would travel unencrypted; use https, or call allow_insecure_http(true) if you accept that",
            e.message,
        )
        val bad = expectError<WalletException.InvalidInputException>("amount") { Amount.ofLtc("0.123456789") }
        assertEquals("invalid input `amount`: `0.123456789` is not a valid LTC amount: more than 8 decimals", bad.message)
    }

    @Test
    fun rustPanicsBecomeExceptions(): Unit = runBlocking {
        val e = expectError<WalletException.InternalException>("async panic") { selfTestPanic("boom") }
        // fixed text: the panic's own goes to the debug log, scrubbed
        assertEquals("internal error in wallet-sdk (a bug, please report it; the panic is in the debug log of `wallet_sdk::panic`)", e.message)
        val s = expectError<WalletException.InternalException>("sync panic") { selfTestPanicSync("boom") }
        assertEquals("internal", (s as WalletException).kind)
        selfTestPanic("") // no panic, no error
    }

    @Test
    fun oneClassPerCoreKindAndAnAccessorPerCoreField() {
        val classes = WalletException::class.java.declaredClasses
            .filter { WalletException::class.java.isAssignableFrom(it) }
            .map { it.simpleName }.toSet()
        val expected = errorKinds().map { kind ->
            kind.split('_').joinToString("") { it.replaceFirstChar(Char::uppercaseChar) } + "Exception"
        }.toSet()
        assertEquals(expected, classes)

        // each core field is a getter of WalletException, its own or an extension (ExtensionsKt)
        val extensions = Class.forName("org.walletsdk.ExtensionsKt").methods
        for (field in errorFields()) {
            val camel = field.split('_').mapIndexed { i, w -> if (i == 0) w else w.replaceFirstChar(Char::uppercaseChar) }.joinToString("")
            val getter = if (field == "retryable") "isRetryable" else "get" + camel.replaceFirstChar(Char::uppercaseChar)
            val member = WalletException::class.java.methods.any { it.name == getter && it.parameterCount == 0 }
            val extension = extensions.any { it.name == getter && it.parameterTypes.contentEquals(arrayOf(WalletException::class.java)) }
            assertTrue("no accessor $getter for the core error field $field", member || extension)
        }
    }

    @Test
    fun nodeErrorsKeepTheServiceAndNodeFields(): Unit = runBlocking {
        val e = expectError<WalletException.ValidationException>("broadcast of garbage") { Sandbox.client().broadcastTransaction("00") }
        val w = e as WalletException
        assertEquals("validation", w.kind)
        assertEquals(-22L, w.nodeCode)
        assertTrue(w.nodeMessage.orEmpty().isNotEmpty())
        assertTrue(w.serviceMessage.orEmpty().isNotEmpty())
        assertEquals(1, w.attempts)
        assertEquals("broadcast_transaction", w.operation)
        assertTrue(w.requestId.orEmpty().isNotEmpty())
        assertNull(w.retryAfter)
        assertEquals(e.nodeCode, w.nodeCode) // the generated member and the extension agree
    }
}
