package org.walletsdk

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File
import java.nio.charset.CharacterCodingException
import kotlin.random.Random

/**
 * The offline toolkit (no sandbox calls): every case of the shared vector file
 * `core/tests/data/offline/vectors.json` with the rules of its `how_to_run` (the same as the Rust
 * runner `core/tests/offline_vectors.rs`), plus what is peculiar to Kotlin: no secret in any
 * `toString()`, and garbage input never crashes. run-tests.sh gives the file's path in
 * `WALLET_SDK_OFFLINE_VECTORS`.
 */
class OfflineTest {
    private companion object {
        /** The sections this runner knows; the file must have exactly these. */
        val SECTIONS = listOf(
            "parse_address", "sign_message", "verify_message", "wif_to_key", "address_from_public_key",
            "generate_mnemonic", "validate_mnemonic", "mnemonic_to_seed", "derive_key", "default_address",
        )

        val vectors: Map<String, Any?> by lazy {
            val path = System.getenv("WALLET_SDK_OFFLINE_VECTORS")?.takeIf { it.isNotEmpty() }
                ?: error("WALLET_SDK_OFFLINE_VECTORS is not set: run the tests through bindings-kotlin/run-tests.sh")
            @Suppress("UNCHECKED_CAST")
            MiniJson.parse(File(path).readText(Charsets.UTF_8)) as Map<String, Any?>
        }

        const val PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    }

    // ------------------------------------------------------------------ reading the cases

    @Suppress("UNCHECKED_CAST")
    private fun cases(section: String): List<Map<String, Any?>> {
        val cases = vectors[section] as? List<Map<String, Any?>> ?: error("no section $section")
        assertTrue("section $section is empty", cases.isNotEmpty())
        return cases
    }

    @Suppress("UNCHECKED_CAST")
    private fun Map<String, Any?>.obj(key: String): Map<String, Any?> = this[key] as Map<String, Any?>

    private val Map<String, Any?>.id: String get() = this["id"] as String

    /** args[name] as a string (present and not null). */
    private fun Map<String, Any?>.s(name: String): String =
        obj("args")[name] as? String ?: error("$id: args.$name is not a string")

    private fun Map<String, Any?>.network(): Network? = (obj("args")["network"] as String?)?.let(::networkNamed)

    private fun Map<String, Any?>.addressType(): KeyAddressType? = (obj("args")["address_type"] as String?)?.let(::typeNamed)

    /** The enums print the core's names (`mainnet`, `p2sh-p2wpkh`…): the file's names. */
    private fun networkNamed(name: String) = Network.entries.single { it.toString() == name }

    private fun typeNamed(name: String) = KeyAddressType.entries.single { it.toString() == name }

    /**
     * Runs [call] for [case] and checks its outcome: the case's `result` (compared by [check]) or
     * its `error` (InvalidInput naming the field; the message contains `message_contains`).
     * Failures are collected in [failures] so that one run lists them all.
     */
    private fun <T> expect(case: Map<String, Any?>, failures: MutableList<String>, call: () -> T, check: (T, Any?) -> Unit) {
        val id = case.id
        val want = case["error"] as Map<*, *>?
        val outcome = try {
            Result.success(call())
        } catch (e: WalletException) {
            Result.failure(e)
        }
        try {
            if (want == null) {
                val e = outcome.exceptionOrNull()
                if (e != null) throw AssertionError("expected ${case["result"]}, got ${e::class.simpleName}: ${e.message}")
                check(outcome.getOrThrow(), case["result"])
            } else {
                val e = outcome.exceptionOrNull() ?: throw AssertionError("expected an error, got ${outcome.getOrNull()}")
                if (e !is WalletException.InvalidInputException) throw AssertionError("expected InvalidInput, got ${e::class.simpleName}: ${e.message}")
                assertEquals("invalid_input", want["kind"])
                assertEquals("invalid_input", e.kind)
                assertEquals(e.message, want["field"], e.field)
                (want["message_contains"] as String?)?.let { part ->
                    assertTrue("message ${e.message} does not contain $part", e.message.contains(part))
                }
            }
        } catch (failure: AssertionError) {
            failures += "$id: ${failure.message}"
        }
    }

    /** Runs [each] on every case of [section] and fails listing every failed case. */
    private fun runSection(section: String, each: (Map<String, Any?>, MutableList<String>) -> Unit) {
        val failures = mutableListOf<String>()
        val all = cases(section)
        for (case in all) {
            try {
                each(case, failures)
            } catch (failure: AssertionError) {
                failures += "${case.id}: ${failure.message}"
            }
        }
        assertTrue("$section: ${failures.size} of ${all.size} cases failed:\n" + failures.joinToString("\n"), failures.isEmpty())
        println("offline vectors: $section: ${all.size} cases passed")
    }

    // ------------------------------------------------------------------ the vector file

    @Test
    fun theFileHasEverySectionAndNothingElse() {
        val listed = vectors.filter { (_, v) -> v is List<*> && v.firstOrNull() is Map<*, *> }.keys.toList()
        assertEquals(SECTIONS, listed)
        val ids = mutableSetOf<String>()
        for (section in SECTIONS) {
            for (case in cases(section)) {
                assertTrue("two cases ${case.id}", ids.add(case.id))
                assertNotEquals("${case.id}: result or error", case.containsKey("result"), case.containsKey("error"))
            }
        }
    }

    @Test
    fun parseAddressVectors() = runSection("parse_address") { case, failures ->
        val (address, network) = case.s("address") to case.network()
        var ok = false
        expect(case, failures, { parseAddress(address, network).also { ok = true } }) { info, want ->
            want as Map<*, *>
            val got = mapOf(
                "address" to info.address,
                "network" to info.network.toString(),
                "kind" to info.kind.toString(),
                "witness_version" to info.witnessVersion?.toLong(),
                "script_pubkey" to info.scriptPubkey,
            )
            assertEquals(want, got)
        }
        assertEquals("${case.id}: isValidAddress", ok, isValidAddress(address, network))
    }

    @Test
    fun signMessageVectors() = runSection("sign_message") { case, failures ->
        expect(case, failures, { signMessage(Secret(case.s("private_key")), case.s("message"), case.addressType()) }) { sig, want ->
            assertEquals(want, sig)
        }
    }

    @Test
    fun verifyMessageVectors() = runSection("verify_message") { case, failures ->
        val got = verifyMessage(case.s("address"), case.s("message"), case.s("signature"))
        if (got != case["result"]) failures += "${case.id}: expected ${case["result"]}, got $got"
    }

    @Test
    fun wifToKeyVectors() = runSection("wif_to_key") { case, failures ->
        expect(case, failures, { wifToKey(Secret(case.s("wif")), case.network()) }) { info, want ->
            want as Map<*, *>
            assertEquals(want["network"], info.network.toString())
            assertEquals(want["compressed"], info.compressed)
            assertEquals(want["public_key"], info.publicKey)
            val addresses = want["addresses"] as Map<*, *>
            for (t in KeyAddressType.entries) {
                val a = addresses[t.toString()]
                if (a != null) {
                    assertEquals("$t", a, info.address(t))
                } else {
                    val e = try {
                        throw AssertionError("$t: expected an error, got ${info.address(t)}")
                    } catch (e: WalletException.InvalidInputException) {
                        e
                    }
                    assertEquals("$t", "address_type", e.field)
                }
            }
        }
    }

    @Test
    fun addressFromPublicKeyVectors() = runSection("address_from_public_key") { case, failures ->
        expect(case, failures, { addressFromPublicKey(case.s("public_key"), case.addressType()!!, case.network()!!) }) { a, want ->
            assertEquals(want, a)
        }
    }

    @Test
    fun generateMnemonicVectors() = runSection("generate_mnemonic") { case, failures ->
        val n = (case.obj("args")["word_count"] as Long).toInt()
        expect(case, failures, { generateMnemonic(n) }) { phrase, want ->
            assertEquals((want as Map<*, *>)["word_count"], phrase.reveal().split(' ').size.toLong())
            assertTrue(validateMnemonic(phrase))
            assertNotEquals(phrase.reveal(), generateMnemonic(n).reveal())
            assertEquals("[REDACTED]", phrase.toString())
        }
    }

    @Test
    fun validateMnemonicVectors() = runSection("validate_mnemonic") { case, failures ->
        val got = validateMnemonic(Secret(case.s("phrase")))
        if (got != case["result"]) failures += "${case.id}: expected ${case["result"]}, got $got"
    }

    @Test
    fun mnemonicToSeedVectors() = runSection("mnemonic_to_seed") { case, failures ->
        val passphrase = case.s("passphrase")
        expect(case, failures, { mnemonicToSeed(Secret(case.s("mnemonic")), Secret(passphrase)) }) { seed, want ->
            assertEquals(want, seed.reveal())
            // no passphrase is the empty one
            if (passphrase.isEmpty()) assertEquals(want, mnemonicToSeed(Secret(case.s("mnemonic"))).reveal())
        }
    }

    @Test
    fun deriveKeyVectors() = runSection("derive_key") { case, failures ->
        val network = case.network()!!
        val call = { deriveKey(Secret(case.s("mnemonic")), case.s("path"), case.addressType()!!, network, Secret(case.s("passphrase"))) }
        expect(case, failures, call) { key, want ->
            want as Map<*, *>
            assertEquals(want["path"], key.path)
            assertEquals(want["address"], key.address)
            (want["public_key"] as String?)?.let { publicKey ->
                assertEquals(publicKey, key.publicKey)
                val info = wifToKey(key.privateKey, network)
                assertEquals("the WIF is not the key", key.publicKey, info.publicKey)
                assertTrue(info.compressed)
            }
            (want["private_key"] as String?)?.let { assertEquals(it, key.privateKey.reveal()) }
            assertFalse(key.toString().contains(key.privateKey.reveal()))
        }
    }

    @Test
    fun defaultAddressVectors() = runSection("default_address") { case, failures ->
        expect(case, failures, { defaultAddress(Secret(case.s("mnemonic")), case.addressType(), case.network()!!) }) { a, want ->
            assertEquals(want, a)
        }
    }

    // ------------------------------------------------------------------ Kotlin's own

    @Test
    fun noSecretInAnyToString() {
        val key = deriveKey(Secret(PHRASE), "m/84'/1'/0'/0/0", KeyAddressType.P2WPKH, Network.REGTEST, Secret("TREZOR"))
        val wif = key.privateKey.reveal()
        assertTrue(wif.startsWith("c"))
        assertEquals("[REDACTED]", key.privateKey.toString())
        assertTrue(key.toString(), key.toString().startsWith("DerivedKey(path=m/84'/1'/0'/0/0, address=${key.address}, publicKey=${key.publicKey}"))
        assertTrue(key.toString(), key.toString().endsWith("privateKey=[REDACTED])"))
        val info = wifToKey(key.privateKey)
        assertEquals("PrivateKeyInfo(network=testnet, compressed=true, publicKey=${key.publicKey})", info.toString())
        val address = parseAddress(key.address)
        assertEquals(AddressKind.P2WPKH, address.kind)
        assertEquals(Network.REGTEST, address.network)
        assertEquals("AddressInfo(address=${key.address}, network=regtest, kind=p2wpkh, witnessVersion=0, scriptPubkey=${address.scriptPubkey})", address.toString())
        for (printed in listOf(generateMnemonic(24), mnemonicToSeed(Secret(PHRASE)), Secret(wif))) {
            assertEquals("[REDACTED]", printed.toString())
        }
        // errors never quote a key or a word
        val typo = wif.dropLast(1) + (if (wif.last() == 'a') 'b' else 'a')
        for (e in listOf(
            expectInvalid("wif") { wifToKey(Secret(typo)) },
            expectInvalid("private_key") { signMessage(Secret(typo), "m") },
            expectInvalid("mnemonic") { deriveKey(Secret(PHRASE.replace("about", "zebra")), "m/0", KeyAddressType.P2PKH, Network.MAINNET) },
            expectInvalid("mnemonic") { defaultAddress(Secret("abandon zzsecretword " + PHRASE.substringAfter(' ').substringAfter(' ')), null, Network.MAINNET) },
        )) {
            assertFalse(e.message, e.message.contains(typo) || e.message.contains("zebra") || e.message.contains("zzsecretword"))
            assertFalse(e.toString().contains(typo))
        }
    }

    @Test
    fun defaultsAreTheCoresDefaults() {
        val wif = "T81WVKSHdGwXTwFbqcuvhHWnPZPdcjNCJNqnzujBH2PjupFRTTc9" // Litecoin Core's util_tests
        val signature = signMessage(Secret(wif), "Trust no one")
        assertEquals("IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU=", signature)
        assertEquals(signature, signMessage(Secret(wif), "Trust no one", KeyAddressType.P2PKH))
        assertTrue(verifyMessage("LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL", "Trust no one", signature))
        assertEquals(12, generateMnemonic().reveal().split(' ').size)
        assertEquals(defaultAddress(Secret(PHRASE), KeyAddressType.P2WPKH, Network.MAINNET), defaultAddress(Secret(PHRASE), network = Network.MAINNET))
        assertEquals("ltc1qudgftjfc5pgrujhu8r8qsfvn3zxx0x95d70dee", defaultAddress(Secret(PHRASE), network = Network.MAINNET))
    }

    @Test
    fun garbageNeverCrashes() {
        val rnd = Random(20240612)
        val alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0qpzry9x8gf2tvdw0s3jn54khce6mua7l=+/ '\"\\\u0000\n\té€\u0301" // single UTF-16 units only
        fun garbage(): String = when (rnd.nextInt(6)) {
            0 -> ""
            1 -> String(CharArray(rnd.nextInt(1, 120)) { alphabet[rnd.nextInt(alphabet.length)] })
            2 -> String(CharArray(rnd.nextInt(1, 40)) { rnd.nextInt(1, 0xD7FF).toChar() })
            3 -> listOf("ltc1", "tltc1", "rltc1", "ltcmweb1", "tmweb1", "bc1", "M", "L", "Q", "m/", "m/84'/").random(rnd) +
                String(CharArray(rnd.nextInt(0, 200)) { alphabet[rnd.nextInt(alphabet.length)] })
            4 -> "x".repeat(rnd.nextInt(10_000, 200_000))
            else -> List(rnd.nextInt(1, 30)) { listOf("abandon", "about", "zoo", "wrong", "ABANDON", "", "\u3000", "😀").random(rnd) }.joinToString(" ")
        }
        val types = listOf<KeyAddressType?>(null) + KeyAddressType.entries
        val networks = listOf<Network?>(null) + Network.entries
        repeat(300) {
            val (a, b, c) = Triple(garbage(), garbage(), garbage())
            val net = networks.random(rnd)
            val type = types.random(rnd)
            isValidAddress(a, net)
            verifyMessage(a, b, c)
            validateMnemonic(Secret(a))
            for (call in listOf(
                { parseAddress(a, net) },
                { signMessage(Secret(a), b, type) },
                { wifToKey(Secret(a), net) },
                { addressFromPublicKey(a, type ?: KeyAddressType.P2PKH, net ?: Network.MAINNET) },
                { mnemonicToSeed(Secret(a), Secret(b)) },
                { deriveKey(Secret(a), b, type ?: KeyAddressType.P2WPKH, net ?: Network.REGTEST, Secret(c)) },
                { deriveKey(Secret(PHRASE), a, type ?: KeyAddressType.P2WPKH, net ?: Network.REGTEST) },
                { defaultAddress(Secret(a), type, net ?: Network.TESTNET) },
                { generateMnemonic(rnd.nextInt()) },
            )) {
                try {
                    call()
                } catch (e: WalletException.InvalidInputException) {
                    assertTrue(e.message, e.message.isNotEmpty() && e.field != null)
                }
            }
        }
        // A lone UTF-16 surrogate is not text: the yes/no functions say `false` (their own direct
        // path), the others' generated String converter refuses it before Rust is called.
        assertFalse(verifyMessage("\uD800", "m", "s"))
        assertFalse(verifyMessage("LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL", "Trust no one\uDC00", "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU="))
        assertFalse(isValidAddress("L\uDC00"))
        try {
            parseAddress("L\uDC00", null)
            throw AssertionError("a lone surrogate reached Rust")
        } catch (e: CharacterCodingException) {
            // expected
        }
        // the direct and the generic path agree
        for (network in listOf<Network?>(null) + Network.entries) {
            assertEquals(isValidAddressThroughUniffi("rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9", network), isValidAddress("rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9", network))
        }
        assertTrue(verifyMessageThroughUniffi("LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL", "Trust no one", "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU="))
    }

    private fun expectInvalid(field: String, block: () -> Any?): WalletException.InvalidInputException {
        try {
            val v = block()
            throw AssertionError("expected InvalidInput on $field, got $v")
        } catch (e: WalletException.InvalidInputException) {
            assertEquals(e.message, field, e.field)
            return e
        }
    }
}

/**
 * A very small JSON reader for the vector file (the test classpath has no JSON library):
 * objects become ordered `Map<String, Any?>`, arrays `List<Any?>`, integers `Long`, other
 * numbers `Double`, plus `String`, `Boolean` and `null`. Strict enough for a trusted data file.
 */
private object MiniJson {
    fun parse(text: String): Any? {
        val r = Reader(text)
        val v = r.value()
        r.ws()
        check(r.i == text.length) { "JSON: trailing text at ${r.i}" }
        return v
    }

    private class Reader(val s: String) {
        var i = 0

        fun ws() {
            while (i < s.length && s[i] in " \t\r\n") i++
        }

        fun value(): Any? {
            ws()
            check(i < s.length) { "JSON: unexpected end" }
            return when (val c = s[i]) {
                '{' -> obj()
                '[' -> arr()
                '"' -> str()
                't' -> lit("true", true)
                'f' -> lit("false", false)
                'n' -> lit("null", null)
                else -> if (c == '-' || c.isDigit()) num() else error("JSON: unexpected '$c' at $i")
            }
        }

        private fun lit(word: String, v: Any?): Any? {
            check(s.startsWith(word, i)) { "JSON: bad literal at $i" }
            i += word.length
            return v
        }

        private fun obj(): Map<String, Any?> {
            val m = LinkedHashMap<String, Any?>()
            i++
            ws()
            if (s[i] == '}') return m.also { i++ }
            while (true) {
                ws()
                val k = str()
                ws()
                check(s[i++] == ':') { "JSON: ':' expected at ${i - 1}" }
                m[k] = value()
                ws()
                when (s[i++]) {
                    ',' -> continue
                    '}' -> return m
                    else -> error("JSON: ',' or '}' expected at ${i - 1}")
                }
            }
        }

        private fun arr(): List<Any?> {
            val l = ArrayList<Any?>()
            i++
            ws()
            if (s[i] == ']') return l.also { i++ }
            while (true) {
                l += value()
                ws()
                when (s[i++]) {
                    ',' -> continue
                    ']' -> return l
                    else -> error("JSON: ',' or ']' expected at ${i - 1}")
                }
            }
        }

        private fun str(): String {
            check(s[i++] == '"') { "JSON: string expected at ${i - 1}" }
            val b = StringBuilder()
            while (true) {
                when (val c = s[i++]) {
                    '"' -> return b.toString()
                    '\\' -> when (val e = s[i++]) {
                        '"', '\\', '/' -> b.append(e)
                        'b' -> b.append('\b')
                        'f' -> b.append('\u000C')
                        'n' -> b.append('\n')
                        'r' -> b.append('\r')
                        't' -> b.append('\t')
                        'u' -> b.append(s.substring(i, i + 4).toInt(16).toChar()).also { i += 4 }
                        else -> error("JSON: bad escape at ${i - 1}")
                    }
                    else -> b.append(c)
                }
            }
        }

        private fun num(): Any {
            val start = i
            while (i < s.length && s[i] in "+-0123456789.eE") i++
            val t = s.substring(start, i)
            return t.toLongOrNull() ?: t.toDouble()
        }
    }
}
