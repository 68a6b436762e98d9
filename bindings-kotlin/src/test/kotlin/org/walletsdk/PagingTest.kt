package org.walletsdk

import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertEquals
import org.junit.Test

/** Paged reads as Flows of pages, against the sandbox. */
class PagingTest {
    @Test
    fun flowsWalkEveryPageAndStopWhenTheCollectorStops(): Unit = runBlocking {
        val c = Sandbox.client()
        val w = Sandbox.unique("pages")
        c.createWallet(w)
        val address = c.createAddress(w).address
        repeat(5) { Sandbox.fund(address, "0.1", mine = false) }
        Sandbox.mine(1)

        val all = c.walletTransactions(w, WalletTransactionsOptions(count = 500)).items
        assertEquals(5, all.size)
        val pages = c.walletTransactionsPages(w, pageSize = 2).toList()
        assertEquals(listOf(2, 2, 1), pages.map { it.size })
        assertEquals(all.map { it.txid }, pages.flatten().map { it.txid })
        // the collector stops: no third request
        assertEquals(all.take(4).map { it.txid }, c.walletTransactionsPages(w, pageSize = 2).take(2).toList().flatten().map { it.txid })
        assertEquals(listOf(5), c.walletTransactionsPages(w).toList().map { it.size })
        assertEquals(100u, defaultPageSize())

        val history = c.addressTransactionPages(address, pageSize = 2).toList().flatten()
        assertEquals(5, history.size)
        assertEquals(5, history.map { it.txid }.toSet().size)

        val bad = expectError<WalletException.InvalidInputException>("negative page size") { c.walletTransactionsPages(w, pageSize = -1).toList() }
        assertEquals("page_size", bad.field)
    }
}
