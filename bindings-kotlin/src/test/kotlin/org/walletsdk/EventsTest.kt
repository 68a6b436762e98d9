package org.walletsdk

import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertEquals
import org.junit.Test

/**
 * The wallet event stream (`watchWallet`, a Flow) and `waitForPayment` against the sandbox's real
 * node: a payment's events, resuming from a saved cursor, the payment statuses. The rules
 * (reorgs, replacements, page shifts, cursor bounds) are the core's, tested there.
 */
class EventsTest {
    @Test
    fun eventsOfAPaymentAndResumingFromACursor(): Unit = runBlocking {
        val c = Sandbox.client()
        val w = Sandbox.unique("events")
        c.createWallet(w)
        val address = c.createAddress(w).address
        val txid = Sandbox.fund(address, "0.5", mine = false)
        val fast = WatchOptions(pollIntervalMs = 200)
        val received = c.watchWallet(w, fast).first()
        assertEquals(WalletEventKind.RECEIVED, received.kind)
        assertEquals("received", received.kind.toString())
        assertEquals(txid, received.txid)
        assertEquals(Amount.ofLtc("0.5"), received.amount)
        Sandbox.mine(1)
        val confirmed = c.watchWallet(w, fast.copy(cursor = received.cursor)).first()
        assertEquals(WalletEventKind.CONFIRMED to txid, confirmed.kind to confirmed.txid)

        // a new watch from the saved cursor repeats nothing: its first event is the next payment
        val second = Sandbox.fund(address, "0.25", mine = true)
        val next = c.watchWallet(w, fast.copy(cursor = confirmed.cursor)).take(2).toList()
        assertEquals(listOf(WalletEventKind.RECEIVED to second, WalletEventKind.CONFIRMED to second), next.map { it.kind to it.txid })

        val bad = expectError<WalletException.InvalidInputException>("forged cursor") { c.watchWallet(w, WatchOptions(cursor = "wev1.forged")).first() }
        assertEquals("cursor", bad.field)
    }

    @Test
    fun waitForPaymentStatuses(): Unit = runBlocking {
        val c = Sandbox.client()
        val w = Sandbox.unique("wait")
        c.createWallet(w)
        val address = c.createAddress(w).address
        Sandbox.fund(address, "0.3", mine = true)
        val under = c.waitForPayment(w, address, Amount.ofLtc("1"), WaitForPaymentOptions(timeoutMs = 500, pollIntervalMs = 100))
        assertEquals(PaymentStatus.UNDERPAID to Amount.ofLtc("0.3"), under.status to under.received)
        assertEquals(PaymentStatus.PAID, c.waitForPayment(w, address, Amount.ofLtc("0.3")).status)
        assertEquals("overpaid", c.waitForPayment(w, address, Amount.ofLtc("0.1")).status.toString())
    }
}
