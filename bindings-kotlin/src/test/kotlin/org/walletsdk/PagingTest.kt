package org.walletsdk

import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import org.junit.Assert.assertEquals
import org.junit.Test

/** Paged reads as Flows of entries, against the sandbox. */
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
        assertEquals(all.map { it.txid }, c.walletTransactionsPages(w, pageSize = 2).toList().map { it.txid })
        assertEquals(all.take(3).map { it.txid }, c.walletTransactionsPages(w, pageSize = 2).take(3).toList().map { it.txid })

        val history = c.addressTransactionPages(address, pageSize = 2).toList()
        assertEquals(5, history.size)
        assertEquals(5, history.map { it.txid }.toSet().size)

        val bad = expectError<WalletException.InvalidInputException>("negative page size") { c.walletTransactionsPages(w, pageSize = -1).toList() }
        assertEquals("page_size", bad.field)
    }
}
