package org.walletsdk

import java.net.HttpURLConnection
import java.net.URI
import java.net.URLEncoder
import kotlin.random.Random

/** Test helpers: the launcher's environment and the sandbox-only endpoints (no credential). */
object Sandbox {
    fun env(name: String): String = System.getenv(name)?.takeIf { it.isNotEmpty() }
        ?: error("$name is not set: run the tests through bindings-kotlin/run-tests.sh (scripts/with-sandbox)")

    val baseUrl: String get() = env("WALLET_SDK_BASE_URL")
    val apiKey: String get() = env("WALLET_SDK_API_KEY")
    val compatRealKey: String get() = env("WALLET_SDK_API_KEY_COMPAT_REAL")

    /** The wallet-fault-proxy in front of the sandbox (docs/fault-proxy.md). */
    val proxyUrl: String get() = env("WALLET_FAULT_PROXY_URL")

    fun client(key: String = apiKey, timeoutMs: Long = 120_000L, url: String = baseUrl): WalletClient =
        WalletClient(
            WalletClientConfig(
                baseUrl = url,
                credential = Secret(key),
                timeoutMs = timeoutMs,
                baseBackoffMs = 100L,
                userAgentSuffix = "wallet-sdk-kotlin-tests",
            ),
        )

    fun unique(tag: String): String = "kt_${tag}_%08x".format(Random.nextInt())

    /** POSTs JSON to a sandbox-only endpoint (or the proxy's control API) and returns the body text. */
    fun post(path: String, json: String, url: String = baseUrl): String = request("POST", url.trimEnd('/') + path, json)

    /** GETs [url] (a control endpoint) and returns the body text. */
    fun get(url: String): String = request("GET", url, null)

    private fun request(method: String, url: String, json: String?): String {
        val conn = URI(url).toURL().openConnection() as HttpURLConnection
        conn.requestMethod = method
        conn.connectTimeout = 10_000
        conn.readTimeout = 300_000
        if (json != null) {
            conn.doOutput = true
            conn.setRequestProperty("Content-Type", "application/json")
            conn.outputStream.use { it.write(json.toByteArray()) }
        }
        val code = conn.responseCode
        val body = (if (code < 400) conn.inputStream else conn.errorStream)?.use { it.readBytes().decodeToString() } ?: ""
        check(code in 200..299) { "$method ${URI(url).path} failed: HTTP $code $body" }
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

    /** The sandbox holds the next [count] requests to [path] (only those with [apiKey], if given). */
    fun delay(path: String, delayMs: Long, count: Int = 1, apiKey: String? = null) {
        val scope = apiKey?.let { ""","apiKey":"$it"""" } ?: ""
        post("/sandbox/faults", """{"path":"$path","delayMs":$delayMs,"count":$count$scope}""")
    }

    /** Arms a fault-proxy rule for the requests to [path] that carry the API key [key]. */
    fun proxyRule(path: String, action: String, key: String, extra: String = "") {
        val rule = """{"path":"$path","action":"$action","header":{"name":"nodeUrlOrApiAccessKey","value":"$key"}$extra}"""
        post("/_proxy/rules", rule, proxyUrl)
    }

    /** (requests the proxy received, requests it forwarded to the sandbox) on [path] with key [key]. */
    fun proxyHits(path: String, key: String): Pair<Long, Long> {
        val q = "path=" + URLEncoder.encode(path, "UTF-8") + "&key=" + URLEncoder.encode(key, "UTF-8")
        val body = get(proxyUrl.trimEnd('/') + "/_proxy/hits?" + q)
        return field(body, "hits").toLong() to field(body, "forwarded").toLong()
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
