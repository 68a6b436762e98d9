// verifyMessage and isValidAddress through JNA's direct mapping (docs/adr/0006): uniffi's generic
// Kotlin call path marshals a status structure and a buffer per string through JNA, which costs
// about as much as the verification itself, and it throws on a string that is not valid Unicode;
// these pass byte arrays to one C function of the library each and never throw.
package org.walletsdk

import com.sun.jna.Native
import java.nio.CharBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction

/** The library's C entry points `wallet_sdk_*_utf8` (ffi/src/offline.rs). */
private object DirectOffline {
    init {
        // the library uniffi loads (same name, same override property), so one copy is mapped
        val name = System.getProperty("uniffi.component.wallet_sdk_ffi.libraryOverride") ?: "wallet_sdk_ffi"
        Native.register(DirectOffline::class.java, name)
    }

    @JvmStatic
    external fun wallet_sdk_verify_message_utf8(
        address: ByteArray, addressLen: Int,
        message: ByteArray, messageLen: Int,
        signature: ByteArray, signatureLen: Int,
    ): Byte

    @JvmStatic
    external fun wallet_sdk_is_valid_address_utf8(address: ByteArray, addressLen: Int, network: Int): Byte
}

/** Strict UTF-8: a string that has none (a lone surrogate) gives `null`, never a replacement. */
private fun utf8(text: String): ByteArray? = try {
    val encoded = Charsets.UTF_8.newEncoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .encode(CharBuffer.wrap(text))
    ByteArray(encoded.remaining()).also { encoded.get(it) }
} catch (_: CharacterCodingException) {
    null
}

/**
 * `true` when [signature] (base64) signs [message] for [address]. Strict: the canonical padded
 * base64 of 65 bytes, an address of a Litecoin network, and a header family that matches the
 * address type (BIP137). Any malformed input gives `false` (a string that is not valid Unicode
 * too); never throws.
 */
fun verifyMessage(address: String, message: String, signature: String): Boolean {
    val a = utf8(address) ?: return false
    val m = utf8(message) ?: return false
    val s = utf8(signature) ?: return false
    return DirectOffline.wallet_sdk_verify_message_utf8(a, a.size, m, m.size, s, s.size) == 1.toByte()
}

/**
 * The rules of [parseAddress] as `true`/`false`: with [network], an address of another network
 * is invalid. Never throws (a string that is not valid Unicode is `false`).
 */
fun isValidAddress(address: String, network: Network? = null): Boolean {
    val a = utf8(address) ?: return false
    val code = when (network) {
        null -> -1
        Network.MAINNET -> 0
        Network.TESTNET -> 1
        Network.REGTEST -> 2
    }
    return DirectOffline.wallet_sdk_is_valid_address_utf8(a, a.size, code) == 1.toByte()
}
