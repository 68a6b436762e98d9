package org.walletsdk

import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/**
 * Payment URIs, QR codes and `parseInput` from Kotlin (the rules are the core's, tested there by
 * table): the Kotlin types, the errors, and no secret in any `toString()`.
 */
class PaymentsTest {
    private companion object {
        const val P2WPKH = "ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w"
        const val WIF = "T5MZ5z9WqJxzVxYyVPecTJUSDkzDWrUYe1JuSX2AqJ9jKmLJrvTE"
        const val PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    }

    private fun invalidField(call: () -> Unit): String? = try {
        call()
        fail("expected InvalidInput")
        null
    } catch (e: WalletException.InvalidInputException) {
        e.field
    }

    @Test
    fun buildAndParseRoundTrip() {
        val uri = buildPaymentUri(
            P2WPKH, Network.MAINNET, amount = Amount.ofLtc("20.3"), label = "Luke-Jr", message = "Café & co",
            extras = listOf(PaymentUriParameter("shop", "a b")),
        )
        assertEquals("litecoin:$P2WPKH?amount=20.3&label=Luke-Jr&message=Caf%C3%A9%20%26%20co&shop=a%20b", uri)
        val request = parsePaymentUri(uri, Network.MAINNET)
        assertEquals(P2WPKH, request.address)
        assertEquals(Amount.ofLtc("20.3"), request.amount)
        assertEquals("Café & co", request.message)
        assertEquals(listOf(PaymentUriParameter("shop", "a b")), request.extras)
        assertEquals(uri, buildPaymentUri(request.address, request.network, request.amount, request.label, request.message, request.extras))
        assertNull(parsePaymentUri("LITECOIN:${P2WPKH.uppercase()}", Network.MAINNET).amount)
    }

    @Test
    fun badUrisNameTheField() {
        assertEquals("amount", invalidField { parsePaymentUri("litecoin:$P2WPKH?amount=1e-3", Network.MAINNET) })
        assertEquals("label", invalidField { parsePaymentUri("litecoin:$P2WPKH?label=a&label=b", Network.MAINNET) })
        assertEquals("uri", invalidField { parsePaymentUri("litecoin:$P2WPKH?req-new=1", Network.MAINNET) })
        assertEquals("address", invalidField { parsePaymentUri("litecoin:$P2WPKH", Network.TESTNET) })
    }

    @Test
    fun qrCodes() {
        val png = paymentQr("litecoin:$P2WPKH?amount=0.5", QrFormat.PNG, QrErrorCorrection.H, 4u)
        assertArrayEquals(byteArrayOf(0x89.toByte(), 'P'.code.toByte(), 'N'.code.toByte(), 'G'.code.toByte()), png.data.copyOfRange(0, 4))
        assertEquals("LITECOIN:${P2WPKH.uppercase()}?amount=0.5", png.encodedText)
        assertEquals((png.modules + 8) * 4, png.width)
        val svg = paymentQr(P2WPKH, QrFormat.SVG)
        assertTrue(svg.text!!.startsWith("<?xml"))
        assertEquals("text", invalidField { paymentQr("x".repeat(8000), QrFormat.PNG) })
    }

    @Test
    fun parseInputTellsWhatATextIs() {
        val uri = parseInput("  litecoin:$P2WPKH?amount=1\n", Network.MAINNET)
        assertEquals(InputKind.PAYMENT_URI, uri.kind)
        assertEquals(Amount.ofLtc("1"), uri.paymentRequest!!.amount)
        assertEquals(InputKind.ADDRESS, parseInput(P2WPKH, Network.MAINNET).kind)
        for ((text, kind) in listOf(WIF to InputKind.WIF, PHRASE to InputKind.MNEMONIC)) {
            val found = parseInput(text, Network.MAINNET)
            assertEquals(kind, found.kind)
            assertTrue(found.isSecret)
            assertFalse(found.toString(), found.toString().contains(WIF.take(12)) || found.toString().contains("abandon"))
        }
        assertEquals(true, parseInput(PHRASE, Network.MAINNET).mnemonicValid)
        assertEquals(InputKind.UNKNOWN, parseInput("\u0000".repeat(100), Network.MAINNET).kind)
    }
}
