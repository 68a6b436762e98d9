package org.walletsdk

import java.net.HttpURLConnection
import java.net.URI
import kotlin.random.Random

/** Test helpers: the launcher's environment and the sandbox-only endpoints (no credential). */
object Sandbox {
    fun env(name: String): String = System.getenv(name)?.takeIf { it.isNotEmpty() }
        ?: error("$name is not set: run the tests through bindings-kotlin/run-tests.sh (scripts/with-sandbox)")

    val baseUrl: String get() = env("WALLET_SDK_BASE_URL")
    val apiKey: String get() = env("WALLET_SDK_API_KEY")
    val compatRealKey: String get() = env("WALLET_SDK_API_KEY_COMPAT_REAL")

    fun client(key: String = apiKey, timeoutMs: ULong = 120_000uL): WalletClient =
        WalletClient(
            WalletClientConfig(
                baseUrl = baseUrl,
                credential = Secret(key),
                timeoutMs = timeoutMs,
                baseBackoffMs = 100uL,
                userAgentSuffix = "wallet-sdk-kotlin-tests",
            ),
        )

    fun unique(tag: String): String = "kt_${tag}_%08x".format(Random.nextInt())

    /** POSTs JSON to a sandbox-only endpoint and returns the response body text. */
    fun post(path: String, json: String): String {
        val conn = URI(baseUrl.trimEnd('/') + path).toURL().openConnection() as HttpURLConnection
        conn.requestMethod = "POST"
        conn.doOutput = true
        conn.connectTimeout = 10_000
        conn.readTimeout = 300_000
        conn.setRequestProperty("Content-Type", "application/json")
        conn.outputStream.use { it.write(json.toByteArray()) }
        val code = conn.responseCode
        val body = (if (code < 400) conn.inputStream else conn.errorStream)?.use { it.readBytes().decodeToString() } ?: ""
        check(code in 200..299) { "sandbox $path failed: HTTP $code $body" }
        return body
    }

    /** A string or number field of a flat JSON answer (enough for the sandbox's small answers). */
    fun field(json: String, name: String): String =
        Regex("\"$name\"\\s*:\\s*(\"([^\"]*)\"|(-?[0-9.]+))").find(json)?.let { it.groups[2]?.value ?: it.groups[3]!!.value }
            ?: error("no field $name in $json")

    fun fund(address: String, ltc: String, mine: Boolean = true): String =
        field(post("/sandbox/fund", """{"address":"$address","amount":$ltc,"mine":$mine}"""), "txid")

    fun mine(blocks: Int): String = post("/sandbox/mine", """{"blocks":$blocks}""")

    fun mintKey(ttlSeconds: Long, compat: String): String =
        field(post("/sandbox/keys", """{"ttlSeconds":$ttlSeconds,"compat":"$compat"}"""), "apiKey")

    fun delay(path: String, delayMs: Long, count: Int = 1) {
        post("/sandbox/faults", """{"path":"$path","delayMs":$delayMs,"count":$count}""")
    }
}

/** Runs [block] and returns the exception of type [T] it must throw. */
inline fun <reified T : WalletException> expectError(what: String, block: () -> Any?): T {
    try {
        val v = block()
        throw AssertionError("$what: expected ${T::class.simpleName}, got success $v")
    } catch (e: WalletException) {
        if (e !is T) throw AssertionError("$what: expected ${T::class.simpleName}, got ${e::class.simpleName}: ${e.message}", e)
        check(!e.message.isNullOrEmpty())
        return e
    }
}
