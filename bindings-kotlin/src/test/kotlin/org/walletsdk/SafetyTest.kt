package org.walletsdk

import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * A create or a send is never repeated by accident and never vanishes: a gateway's 504 after the
 * service acted, an unreadable 2xx and a coroutine cancelled while the sandbox holds the request
 * (docs/adr/0002). Each test mints its own API key and scopes its proxy rules and
 * sandbox delays to it; the client talks to the sandbox through the fault proxy, whose counters
 * prove how many requests reached the sandbox.
 */
class SafetyTest {
    private val create = "/api/Wallet/create"
    private val send = "/api/Transactions/send-funds-from-wallet"

    private class Setup(val key: String) {
        /** Through the fault proxy. */
        val client = Sandbox.client(key, url = Sandbox.proxyUrl)

        /** Straight to the sandbox. */
        val direct = Sandbox.client(key)

        /** Abandoned calls the client's listener was told about. */
        val told = LinkedBlockingQueue<AbandonedCallInfo>()

        init {
            client.setAbandonedCallListener { told.add(it) }
        }

        fun nextTold(): AbandonedCallInfo =
            told.poll(10, TimeUnit.SECONDS) ?: throw AssertionError("the abandoned-call listener was not told within 10 s")
    }

    private fun setup() = Setup(Sandbox.mintKey(3600, "default"))

    /** A wallet holding 1 LTC (confirmed) and an address of another wallet to pay. */
    private suspend fun fundedWallet(s: Setup): Pair<String, String> {
        val payer = Sandbox.unique("payer")
        s.direct.createWallet(payer)
        val address = s.direct.createAddress(payer, CreateAddressOptions(addressType = AddressType.Legacy)).address
        Sandbox.fund(address, "1")
        val payee = Sandbox.unique("payee")
        s.direct.createWallet(payee)
        return payer to s.direct.createAddress(payee, CreateAddressOptions(addressType = AddressType.Legacy)).address
    }

    /** The create reached the sandbox exactly once and took effect (creating [w] again conflicts). */
    private suspend fun assertCreatedOnce(s: Setup, w: String) {
        assertEquals(1L to 1L, Sandbox.proxyHits(create, s.key))
        expectError<WalletException.ConflictException>("createWallet again") { s.direct.createWallet(w) }
        assertTrue("no (other) abandoned call", s.told.isEmpty())
    }

    /** The send reached the sandbox exactly once and paid [recipient] exactly once. */
    private suspend fun assertPaidOnce(s: Setup, payer: String, recipient: String) {
        assertEquals(1L to 1L, Sandbox.proxyHits(send, s.key))
        val sends = s.direct.walletTransactions(payer, WalletTransactionsOptions(count = 500)).items
            .count { it.category == "send" && it.address == recipient }
        assertEquals("exactly one payment", 1, sends)
        assertTrue("no (other) abandoned call", s.told.isEmpty())
    }

    private fun assertOutcomeUnknownAfterGateway504(e: WalletException.OutcomeUnknownException, operation: String) {
        assertFalse("retryable: ${e.message}", e.retryable)
        assertFalse(e.isRetryable)
        assertEquals(504, e.status)
        assertEquals("outcome_unknown", e.kind)
        assertEquals(operation, e.operation)
        assertEquals(
            "$operation: outcome unknown (HTTP 504, code `server_error`): non-JSON body (content type `text/html`): " +
                "<html><head><title>504 Gateway Time-out</title></head><body><h1>504 Gateway Time-out</h1></body></html> — " +
                "a gateway may answer so after the service acted; it was not repeated automatically — check whether it " +
                "took effect before trying again",
            e.message,
        )
    }

    @Test
    fun gateway504AfterForwardOnCreateWalletIsOutcomeUnknownAndSentOnce(): Unit = runBlocking {
        val s = setup()
        val w = Sandbox.unique("gw504")
        Sandbox.proxyRule(create, "status_after_forward", s.key, ""","status":504""")
        val e = expectError<WalletException.OutcomeUnknownException>("createWallet behind a 504") { s.client.createWallet(w) }
        assertOutcomeUnknownAfterGateway504(e, "create_wallet")
        assertCreatedOnce(s, w)
    }

    @Test
    fun gateway504AfterForwardOnSendIsOutcomeUnknownAndSentOnce(): Unit = runBlocking {
        val s = setup()
        val (payer, recipient) = fundedWallet(s)
        Sandbox.proxyRule(send, "status_after_forward", s.key, ""","status":504""")
        val e = expectError<WalletException.OutcomeUnknownException>("sendFundsFromWallet behind a 504") {
            s.client.sendFundsFromWallet(payer, recipient, Amount.ofLtc("0.1"))
        }
        assertOutcomeUnknownAfterGateway504(e, "send_funds_from_wallet")
        assertPaidOnce(s, payer, recipient)
    }

    @Test
    fun aKeyedSendWhoseAnswerIsLostResolvesAppliedAndIsPaidOnce(): Unit = runBlocking {
        val s = setup()
        val (payer, recipient) = fundedWallet(s)
        Sandbox.proxyRule(send, "status_after_forward", s.key, ""","status":504""")
        val options = SendFundsFromWalletOptions(idempotencyKey = "kt-inv-1")
        val e = expectError<WalletException.OutcomeUnknownException>("keyed send behind a 504") {
            s.client.sendFundsFromWallet(payer, recipient, Amount.ofLtc("0.1"), options)
        }
        assertTrue(e.outcomeToken.orEmpty().contains("kt-inv-1"))
        val r = s.client.resolve(e)
        assertEquals(r.reason, ResolutionState.APPLIED, r.state)
        assertEquals("applied", r.state.toString())
        assertEquals(r.txid, r.sent?.txid)
        assertEquals(r.txid, s.client.resolveToken(e.outcomeToken!!).txid)
        val again = s.client.sendFundsFromWallet(payer, recipient, Amount.ofLtc("0.1"), options)
        assertTrue(again.replayed)
        assertEquals(r.txid, again.txid)
        assertPaidOnce(s, payer, recipient)
        // an error with nothing to look up resolves to unknown
        val plain = expectError<WalletException.NotFoundException>("missing wallet") { s.client.walletBalance(Sandbox.unique("none")) }
        assertEquals(ResolutionState.UNKNOWN, s.client.resolve(plain).state)
    }

    @Test
    fun unreadable2xxToCreateWalletKeepsTheRawBody(): Unit = runBlocking {
        val s = setup()
        val w = Sandbox.unique("raw")
        Sandbox.proxyRule(create, "respond_after_forward", s.key, ""","body":"<p>all good</p>"""")
        val e = expectError<WalletException.OutcomeUnknownException>("createWallet, unreadable 2xx") { s.client.createWallet(w) }
        assertFalse(e.retryable)
        assertEquals(200, e.status)
        assertEquals(
            "create_wallet: outcome unknown: the service answered HTTP 200, so the operation probably took effect, but the " +
                "answer could not be read (the body is not JSON (content type `application/json; charset=utf-8`); body starts " +
                "with: <p>all good</p>); it was not repeated automatically — check whether it took effect before trying again",
            e.message,
        )
        assertEquals("<p>all good</p>", e.rawBody)
        assertEquals(e.rawBody, e.info.rawBody)
        assertCreatedOnce(s, w)
        // errors of readable answers have no raw body
        val nf = expectError<WalletException.NotFoundException>("walletBalance missing") { s.client.walletBalance(Sandbox.unique("none")) }
        assertNull(nf.rawBody)
    }

    @Test
    fun cancellingCreateWalletWhileHeldTellsTheListener(): Unit = runBlocking {
        val s = setup()
        val w = Sandbox.unique("held")
        Sandbox.delay(create, 1_500, apiKey = s.key)
        val started = System.nanoTime()
        val outcome = try {
            withTimeout(300) { s.client.createWallet(w) }
            throw AssertionError("createWallet finished within 300 ms although the sandbox held it")
        } catch (e: CancellationException) {
            // coroutine cancellation stays a CancellationException (structured concurrency), and
            // says that the request may have left, with the token that resolves it
            e.cancelledOutcomes.single()
        }
        val elapsedMs = (System.nanoTime() - started) / 1_000_000
        assertTrue("gave up after $elapsedMs ms", elapsedMs < 1_500)
        assertEquals("create_wallet", outcome.info.operation)
        assertTrue(outcome.message!!, outcome.message!!.startsWith("create_wallet: outcome unknown: the call was cancelled"))
        val token = outcome.outcomeToken!!
        assertTrue(token, token.contains(w))
        // signed with the process's key: another client of the process resolves it, a client
        // with another state key refuses it, and so does the process's for a changed token
        val otherKey = WalletClient(
            WalletClientConfig(baseUrl = Sandbox.baseUrl, credential = Secret(s.key), stateKey = Secret("another-state-key-of-at-least-32-chars")),
        )
        val underAnotherKey = expectError<WalletException.InvalidInputException>("resolveToken under another key") { otherKey.resolveToken(token) }
        assertEquals("token", underAnotherKey.field)
        val changed = expectError<WalletException.InvalidInputException>("a changed token") { s.direct.resolveToken(token.replace(w, w + "x")) }
        assertEquals("token", changed.field)
        assertEquals(ResolutionState.APPLIED, s.direct.resolveToken(token).state)
        val call = s.nextTold()
        assertEquals("create_wallet", call.operation)
        assertTrue("$call", call.succeeded)
        assertEquals(200, call.status)
        assertNull(call.error)
        assertTrue("$call", call.rawJson!!.contains(w))
        assertCreatedOnce(s, w)
    }

    @Test
    fun cancellingSendWhileHeldTellsTheListener(): Unit = runBlocking {
        val s = setup()
        val (payer, recipient) = fundedWallet(s)
        Sandbox.delay(send, 1_500, apiKey = s.key)
        try {
            withTimeout(300) { s.client.sendFundsFromWallet(payer, recipient, Amount.ofLtc("0.1")) }
            throw AssertionError("sendFundsFromWallet finished within 300 ms although the sandbox held it")
        } catch (e: CancellationException) {
        }
        val call = s.nextTold()
        assertEquals("send_funds_from_wallet", call.operation)
        assertTrue("$call", call.succeeded)
        assertNotNull(call.requestId)
        assertTrue("$call", Regex("\"txid\"\\s*:\\s*\"[0-9a-f]{64}\"").containsMatchIn(call.rawJson!!))
        assertPaidOnce(s, payer, recipient)
    }

    @Test
    fun aCancelledKeyedSendKeepsItsKeyUntilItsRequestLands(): Unit = runBlocking {
        val s = setup()
        val (payer, recipient) = fundedWallet(s)
        val options = SendFundsFromWalletOptions(idempotencyKey = "kt-can-1")
        Sandbox.delay(send, 2_000, apiKey = s.key)
        val token = try {
            withTimeout(500) { s.client.sendFundsFromWallet(payer, recipient, Amount.ofLtc("0.1"), options) }
            throw AssertionError("sendFundsFromWallet finished within 500 ms although the sandbox held it")
        } catch (e: CancellationException) {
            e.cancelledOutcomes.single().outcomeToken!!
        }
        assertTrue(token, token.contains("kt-can-1"))
        // the retry at once pays nothing: the first request still holds the key
        expectError<WalletException.ConflictException>("keyed retry while the first is held") {
            s.client.sendFundsFromWallet(payer, recipient, Amount.ofLtc("0.1"), options)
        }
        // the token waits for the held request to settle, then finds it
        val r = s.client.resolveToken(token)
        assertEquals(r.reason, ResolutionState.APPLIED, r.state)
        val call = s.nextTold()
        assertTrue("$call", call.succeeded)
        assertEquals(r.txid, Regex("\"txid\"\\s*:\\s*\"([0-9a-f]{64})\"").find(call.rawJson!!)!!.groupValues[1])
        val again = s.client.sendFundsFromWallet(payer, recipient, Amount.ofLtc("0.1"), options)
        assertTrue(again.replayed)
        assertPaidOnce(s, payer, recipient)
    }

    @Test
    fun aKeyedSendCancelledThroughATokenCarriesItsOutcomeToken(): Unit = runBlocking {
        val s = setup()
        val (payer, recipient) = fundedWallet(s)
        val options = SendFundsFromWalletOptions(idempotencyKey = "kt-can-2")
        Sandbox.delay(send, 2_000, apiKey = s.key)
        val token = CancelToken()
        val cancelling = Thread {
            Thread.sleep(500)
            token.cancel()
        }
        cancelling.start()
        val e = expectError<WalletException.OutcomeUnknownException>("keyed send cancelled through a token") {
            s.client.withCancelToken(token).sendFundsFromWallet(payer, recipient, Amount.ofLtc("0.1"), options)
        }
        assertTrue(e.outcomeToken.orEmpty(), e.outcomeToken.orEmpty().contains("kt-can-2"))
        val r = s.client.resolveToken(e.outcomeToken!!)
        assertEquals(r.reason, ResolutionState.APPLIED, r.state)
        assertTrue(s.nextTold().succeeded)
        assertPaidOnce(s, payer, recipient)
    }

    @Test
    fun theUntypedCallReadsAndRefusesBadArguments(): Unit = runBlocking {
        val s = setup()
        val w = Sandbox.unique("untyped")
        s.direct.createWallet(w)
        val json = s.client.call("wallet_balance", """{"wallet_name":"$w"}""")
        assertTrue(json, Regex("\"confirmed\"\\s*:\\s*0(\\.0+)?[,}]").containsMatchIn(json))
        val bad = expectError<WalletException.InvalidInputException>("call with bad JSON") { s.client.call("wallet_balance", "{wallet_name: 1}") }
        assertEquals("invalid input `arguments_json`: not valid JSON: key must be a string at line 1 column 2", bad.message)
        assertEquals("arguments_json", bad.field)
        assertFalse(bad.retryable)
        val notObject = expectError<WalletException.InvalidInputException>("call with an array") { s.client.call("wallet_balance", "[]") }
        assertEquals("invalid input `arguments_json`: must be a JSON object of arguments, not an array", notObject.message)
        val missing = expectError<WalletException.InvalidInputException>("call without wallet_name") { s.client.call("wallet_balance", "{}") }
        assertEquals("wallet_name", missing.field)
        assertEquals("refused inputs are never sent", 1L to 1L, Sandbox.proxyHits("/api/Wallet/balance", s.key))
    }
}
