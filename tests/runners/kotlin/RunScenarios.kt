// The Kotlin runner of the shared scenarios (tests/scenarios/*.json, format in tests/README.md).
//
// Each step calls the public `WalletClient` suspend method it names (a `when` over the
// operations' snake_case names, docs/operations.md; the methods camelCase), checks the expectations and writes one
// transcript line, in the same form as the other languages' runners. Result fields are found by
// the scenario's snake_case path turned camelCase, on the records' properties (Java reflection on
// their fields: no kotlin-reflect). The pages pseudo-ops collect the binding's pagers
// (`walletTransactionsPages` / `addressTransactionPages`, Flows of pages).
//
//     tests/runners/kotlin/build.sh                      # Maven (bindings-kotlin/build.sh), once per source change
//     scripts/with-sandbox bindings-kotlin/build/scenarios/run-scenarios TRANSCRIPT
//     bindings-kotlin/build/scenarios/run-hostile CELLS NAME   # one hostile-answer cell (scripts/test-hostile)
package org.walletsdk.scenarios

import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.withTimeoutOrNull
import org.walletsdk.*
import java.io.File
import java.lang.reflect.Modifier
import java.net.HttpURLConnection
import java.net.URI
import kotlin.random.Random
import kotlin.system.exitProcess

val REGTEST_PREFIXES = listOf("m", "n", "Q", "2", "rltc1", "tmweb1")

/** How long a `watch_wallet` step waits for its `count` events (and a `wait_for_payment` step beyond its own timeout) before the step fails. */
const val WATCH_TIMEOUT_MS = 60_000L

/** The proxied client's settle time: `resolve` of a lost request says `not_applied` once it has passed. */
const val PROXIED_SETTLE_TIME_MS = 2_000L

fun env(name: String): String = System.getenv(name)?.takeIf { it.isNotEmpty() }
    ?: throw IllegalStateException("$name is not set: run under scripts/with-sandbox")

// ---- JSON: a small reader (keeps key order: the transcript lists fields in file order) and writer

class JsonReader(private val s: String) {
    private var i = 0

    fun read(): Any? = value().also { ws(); require(i == s.length) { "trailing text at $i" } }

    private fun ws() { while (i < s.length && s[i].isWhitespace()) i++ }

    private fun value(): Any? {
        ws()
        return when (val c = s[i]) {
            '{' -> {
                i++
                val m = LinkedHashMap<String, Any?>()
                ws()
                if (s[i] == '}') i++ else do {
                    ws(); val k = string(); ws(); expect(':')
                    m[k] = value(); ws()
                } while (next(",}") == ',')
                m
            }
            '[' -> {
                i++
                val l = ArrayList<Any?>()
                ws()
                if (s[i] == ']') i++ else do {
                    l += value(); ws()
                } while (next(",]") == ',')
                l
            }
            '"' -> string()
            't' -> { i += 4; true }
            'f' -> { i += 5; false }
            'n' -> { i += 4; null }
            else -> {
                val start = i
                while (i < s.length && (s[i] == '-' || s[i] == '+' || s[i] == '.' || s[i] == 'e' || s[i] == 'E' || s[i].isDigit())) i++
                val t = s.substring(start, i)
                require(t.isNotEmpty()) { "unexpected `$c` at $start" }
                t.toLongOrNull() ?: t.toDouble()
            }
        }
    }

    private fun expect(c: Char) { next(c.toString()) }

    private fun next(oneOf: String): Char = s[i++].also { require(it in oneOf) { "expected one of `$oneOf` at ${i - 1}" } }

    private fun string(): String {
        expect('"')
        val b = StringBuilder()
        while (true) {
            when (val c = s[i++]) {
                '"' -> return b.toString()
                '\\' -> when (val e = s[i++]) {
                    'n' -> b.append('\n'); 't' -> b.append('\t'); 'r' -> b.append('\r')
                    'b' -> b.append('\b'); 'f' -> b.append('\u000c')
                    'u' -> { b.append(s.substring(i, i + 4).toInt(16).toChar()); i += 4 }
                    else -> b.append(e)
                }
                else -> b.append(c)
            }
        }
    }
}

fun toJson(v: Any?): String = when (v) {
    null -> "null"
    is String -> buildString {
        append('"')
        for (c in v) when {
            c == '"' -> append("\\\""); c == '\\' -> append("\\\\"); c == '\n' -> append("\\n")
            c < ' ' -> append("\\u%04x".format(c.code)); else -> append(c)
        }
        append('"')
    }
    is Map<*, *> -> v.entries.joinToString(",", "{", "}") { toJson(it.key.toString()) + ":" + toJson(it.value) }
    is List<*> -> v.joinToString(",", "[", "]") { toJson(it) }
    else -> v.toString()
}

/** The text of a value where a string is expected: a string as is, anything else as JSON. */
fun canonicalJson(v: Any?): String = v as? String ?: toJson(v)

// ---- values of results

/** The entries of every page of a paged read. */
class Pages(val entries: List<Any?>)

/** A sandbox helper's answer or a pseudo-operation's result, its fields under snake_case names like results'. */
class SandboxOutput(val fields: Map<String, Any?>)

object Missing

/** The `WalletException` subclass of a kind: `not_found` → NotFoundException, `service_error` → ServiceErrorException. */
fun exceptionClassOf(kind: String) = camel(kind).replaceFirstChar { it.uppercase() } + "Exception"

fun snake(camel: String): String = camel.replace(Regex("[A-Z]")) { "_" + it.value.lowercase() }
fun camel(snake: String): String = snake.split('_').mapIndexed { i, p -> if (i == 0) p else p.replaceFirstChar { it.uppercase() } }.joinToString("")

/** The properties of a result record (its instance fields), by camelCase name. */
fun properties(record: Any): Map<String, Any?> = when (record) {
    is SandboxOutput -> record.fields.mapKeys { camel(it.key) }
    else -> generateSequence<Class<*>>(record.javaClass) { it.superclass }
        .flatMap { it.declaredFields.asSequence() }
        .filter { !Modifier.isStatic(it.modifiers) }
        .associate { f -> f.isAccessible = true; f.name to f.get(record) }
}

/** Values that are leaves of a path (not records to look into). */
fun isLeaf(v: Any?) = v == null || v is String || v is Number || v is Boolean || v is Secret || v is Amount ||
    v is Map<*, *> || v is Enum<*>

fun fieldAt(value: Any?, path: String): Any? {
    var cur = value
    for (part in path.split('.').filter { it.isNotEmpty() }) {
        cur = when {
            cur is List<*> -> part.toIntOrNull()?.let { cur.getOrElse(it) { Missing } } ?: Missing
            cur is Pages -> if (part == "entries") cur.entries else Missing
            isLeaf(cur) -> Missing
            else -> properties(cur!!).let { if (camel(part) in it) it[camel(part)] else Missing }
        }
        if (cur === Missing) return Missing
    }
    return cur
}

/** The value as substituted into later steps (secrets revealed). */
fun plain(v: Any?): Any? = when (v) {
    is Secret -> v.reveal()
    is Amount -> v.toLtcString()
    is Enum<*> -> v.toString()
    is Int -> v.toLong()
    else -> v
}

/** The canonical text of a value in a transcript (secrets `[REDACTED]`, amounts with 8 decimals). */
fun canonical(v: Any?): String = when (v) {
    null -> "null"
    is Secret -> "[REDACTED]"
    is Amount -> v.toLtcString()
    is Enum<*> -> v.toString()
    is String, is Boolean, is Number -> v.toString()
    is List<*> -> "[${v.size} items]"
    is Pages -> "{…}"
    else -> "{…}"
}

// ---- the runner

class Args(private val m: Map<String, Any?>) {
    fun all(): Map<String, Any?> = m
    fun get(name: String): Any? = m[name]
    fun s(name: String): String = os(name) ?: ""
    fun os(name: String): String? = m[name]?.let { canonicalJson(it) }
    fun secret(name: String) = Secret(s(name))
    fun osecret(name: String) = os(name)?.let { Secret(it) }
    fun amount(name: String) = Amount.ofLtc(s(name))
    fun oamount(name: String) = os(name)?.let { Amount.ofLtc(it) }
    fun network(name: String) = Network.entries.firstOrNull { it.toString() == s(name) }
        ?: throw IllegalArgumentException("unknown network `${s(name)}`")
    fun int(name: String): Int? = (m[name] as? Long)?.toInt()
    fun long(name: String): Long? = m[name] as? Long
    fun addressType(name: String): AddressType? = os(name)?.let {
        when (it) {
            "legacy" -> AddressType.Legacy
            "p2sh-segwit" -> AddressType.P2shSegwit
            "bech32" -> AddressType.Bech32
            "mweb" -> AddressType.Mweb
            else -> AddressType.RawName(it)
        }
    }
    fun list(name: String): List<String> = (m[name] as? List<*>)?.filterIsInstance<String>() ?: emptyList()
    fun intList(name: String): List<Int> = (m[name] as? List<*>)?.filterIsInstance<Long>()?.map { it.toInt() } ?: emptyList()
}

/** The dispatch table: every operation through its public typed method. */
suspend fun call(c: WalletClient, op: String, a: Args): Any? = when (op) {
    "create_address" -> c.createAddress(a.s("wallet_name"), CreateAddressOptions(label = a.os("label"), addressType = a.addressType("address_type"), passphrase = a.osecret("passphrase")))
    "create_multisig_address" -> c.createMultisigAddress(a.s("wallet_name"), a.list("addresses"), a.int("n_required") ?: 0, a.addressType("address_type") ?: AddressType.Legacy, CreateMultisigAddressOptions(passphrase = a.osecret("passphrase")))
    "address_details" -> c.addressDetails(a.s("wallet_name"), a.s("address"))
    "sign_message" -> c.signMessage(a.s("message"), a.secret("private_key"))
    "verify_message" -> c.verifyMessage(a.s("address"), a.s("message"), a.s("signature"))
    "address_transaction" -> c.addressTransaction(a.s("address"), AddressTransactionOptions(take = a.int("take"), skip = a.int("skip")))
    "address_balance" -> c.addressBalance(a.s("address"))
    "address_private_key" -> c.addressPrivateKey(a.s("wallet_name"), a.s("address"), AddressPrivateKeyOptions(passphrase = a.osecret("passphrase")))
    "address_private_key_v2" -> c.addressPrivateKeyV2(a.s("wallet_name"), a.s("address"), a.secret("mnemonics"))
    "address_private_key_v2_with_passphrase" -> c.addressPrivateKeyV2WithPassphrase(a.s("wallet_name"), a.s("address"), a.secret("passphrase"))
    "screen_address" -> c.screenAddress(a.s("wallet_name"), a.s("address"), a.secret("mnemonics"))
    "generate_default_address" -> c.generateDefaultAddress(a.s("wallet_name"), GenerateDefaultAddressOptions(addressType = a.addressType("address_type"), label = a.os("label"), passphrase = a.osecret("passphrase")))
    "blockchain_info" -> c.blockchainInfo()
    "block_stat" -> c.blockStat(a.s("block_height"))
    "block_header" -> c.blockHeader(a.s("block_height"))
    "block_transaction" -> c.blockTransaction(a.s("block_hash"))
    "transaction_details" -> c.transactionDetails(a.s("txid"))
    "get_utxo_details" -> c.getUtxoDetails(a.s("txid"), a.int("vout") ?: 0)
    "send_funds_from_wallet" -> c.sendFundsFromWallet(
        a.s("wallet_name"), a.s("recipient_address"), a.amount("amount"),
        SendFundsFromWalletOptions(recipientName = a.os("recipient_name"), description = a.os("description"), amountIncludeFees = a.get("amount_include_fees") as? Boolean, passphrase = a.osecret("passphrase"), idempotencyKey = a.os("idempotency_key")),
    )
    "create_raw_transaction" -> c.createRawTransaction(a.s("wallet_name"), a.s("sender_address"), a.s("recipient_address"), a.amount("amount"))
    "create_raw_transaction_v2" -> c.createRawTransactionV2(a.s("sender_address"), a.s("recipient_address"), a.amount("amount"), a.list("utxos"), a.intList("vouts"))
    "create_raw_transaction_v3" -> c.createRawTransactionV3(a.s("wallet_name"), a.s("sender_address"), a.s("recipient_address"), a.amount("amount"), a.s("service_fee_address"), a.amount("service_fee_amount"))
    "sign_transaction" -> c.signTransaction(a.s("wallet_name"), a.s("tx_hex"), a.secret("private_key"))
    "broadcast_transaction" -> c.broadcastTransaction(a.s("signed_tx_hex"))
    "get_blockchain_otp" -> c.getBlockchainOtp(a.s("signature"))
    "verify_otp" -> c.verifyOtp(a.s("signature"), a.secret("code"))
    "create_wallet" -> c.createWallet(a.s("wallet_name"))
    "encrypt_wallet" -> c.encryptWallet(a.s("wallet_name"), a.secret("passphrase"))
    "create_encrypted_wallet" -> c.createEncryptedWallet(a.s("wallet_name"))
    "create_importable_wallet" -> c.createImportableWallet(a.s("wallet_name"))
    "create_importable_encrypted_wallet" -> c.createImportableEncryptedWallet(a.s("wallet_name"))
    "import_wallet" -> c.importWallet(a.s("wallet_name"), a.secret("mnemonics"))
    "wallet_details" -> c.walletDetails(a.s("wallet_name"))
    "wallet_transactions" -> c.walletTransactions(a.s("wallet_name"), WalletTransactionsOptions(skip = a.int("skip"), count = a.int("count")))
    "wallet_balance" -> c.walletBalance(a.s("wallet_name"))
    "wallet_addresses" -> c.walletAddresses(a.s("wallet_name"))
    "change_passphrase" -> c.changePassphrase(a.s("wallet_name"), a.secret("old_passphrase"), a.secret("new_passphrase"))
    "official_address" -> c.officialAddress(a.s("wallet_name"))
    "sign_wallet_message" -> c.signWalletMessage(a.s("wallet_name"), a.s("address"), a.s("message"), SignWalletMessageOptions(passphrase = a.osecret("passphrase")))
    "wallet_address_balance" -> c.walletAddressBalance(a.s("wallet_name"), a.s("address"))
    "wallet_address_transactions" -> c.walletAddressTransactions(a.s("wallet_name"), a.s("address"))
    "set_wallet_mnemonics" -> c.setWalletMnemonics(a.s("wallet_name"), a.secret("mnemonics"), SetWalletMnemonicsOptions(passphrase = a.osecret("passphrase")))
    "wallet_default_address" -> c.walletDefaultAddress(a.secret("mnemonics"), WalletDefaultAddressOptions(addressType = a.addressType("address_type")))
    "wallet_default_address_v2" -> c.walletDefaultAddressV2(a.secret("mnemonics"), WalletDefaultAddressOptions(addressType = a.addressType("address_type")))
    // the pagers (Flows of pages): every entry of every page
    "wallet_transactions_pages" -> Pages(c.walletTransactionsPages(a.s("wallet_name"), a.int("page_size") ?: defaultPageSize().toInt()).toList().flatten())
    "address_transaction_pages" -> Pages(c.addressTransactionPages(a.s("address"), a.int("page_size") ?: defaultPageSize().toInt()).toList().flatten())
    // the offline payment functions (no client)
    "build_payment_uri" -> SandboxOutput(mapOf("uri" to buildPaymentUri(a.s("address"), a.network("network"), amount = a.oamount("amount"), label = a.os("label"), message = a.os("message"))))
    "parse_payment_uri" -> parsePaymentUri(a.s("uri"), a.network("network"))
    "parse_input" -> parseInput(a.s("text"), a.network("network"))
    // signing at home: the prevouts read from the chain, the key kept here
    "sign_transaction_locally" -> signTransactionLocally(a.s("unsigned_hex"), listOf(a.secret("key")), c.prevoutsFor(a.s("unsigned_hex")))
    "psbt_round_trip" -> {
        val unsigned = psbtFromTransaction(a.s("unsigned_hex"), c.prevoutsFor(a.s("unsigned_hex")))
        val signed = signPsbt(unsigned, listOf(a.secret("key")))
        val done = finalizePsbt(signed)
        SandboxOutput(mapOf("hex" to done.hex, "txid" to done.txid, "complete" to done.complete, "unsigned_psbt" to unsigned, "signed_psbt" to signed))
    }
    "review_transaction" -> c.reviewTransaction(a.s("unsigned_hex"), TransactionIntent(a.s("sender_address"), listOf(Recipient(a.s("recipient_address"), a.amount("amount")))))
    "send_signed_locally" -> {
        val build = if (a.s("build") == "local") BuildMode.LOCAL else BuildMode.SERVICE
        val sent = c.sendSignedLocally(a.s("sender_address"), a.s("recipient_address"), a.amount("amount"), listOf(a.secret("key")), SendLocallyOptions(feeRate = a.long("fee_rate"), build = build))
        SandboxOutput(mapOf("txid" to sent.txid, "fee" to sent.fee, "fee_rate" to sent.review.feeRate))
    }
    "estimate_fee_rate" -> c.estimateFeeRate(a.int("target_blocks"))
    // the wallet event stream: `count` events collected (within WATCH_TIMEOUT_MS), and a payment waited for
    "watch_wallet" -> {
        val count = a.int("count") ?: 1
        val options = WatchOptions(cursor = a.os("cursor"), pollIntervalMs = a.long("poll_interval_ms") ?: 200L, confirmations = a.int("confirmations"), history = a.int("history"))
        val events = ArrayList<WalletEvent>()
        val done = withTimeoutOrNull(WATCH_TIMEOUT_MS) { c.watchWallet(a.s("wallet_name"), options).take(count).collect { events += it } }
        val incomplete = when {
            done == null -> "${events.size} of $count events within ${WATCH_TIMEOUT_MS / 1000} s"
            events.size < count -> "the stream ended after ${events.size} of $count events"
            else -> null
        }
        SandboxOutput(mapOf("events" to events.toList(), "cursor" to events.lastOrNull()?.cursor, "incomplete" to incomplete))
    }
    "wait_for_payment" -> {
        val timeoutMs = a.long("timeout_ms")
        val options = WaitForPaymentOptions(confirmations = a.int("confirmations"), timeoutMs = timeoutMs, pollIntervalMs = a.long("poll_interval_ms") ?: 200L)
        val bound = (timeoutMs ?: 0L) + WATCH_TIMEOUT_MS
        val p = withTimeoutOrNull(bound) { c.waitForPayment(a.s("wallet_name"), a.s("address"), a.amount("amount"), options) }
        if (p == null) SandboxOutput(mapOf("incomplete" to "no answer within ${bound / 1000} s"))
        else SandboxOutput(mapOf("status" to p.status.toString(), "received" to p.received, "confirmations" to p.confirmations, "txids" to p.txids, "incomplete" to null))
    }
    else -> throw IllegalArgumentException("the scenario names an unknown operation `$op`")
}

fun sandboxPost(path: String, body: Map<String, Any?>): Map<*, *> = http(env("WALLET_SDK_BASE_URL"), "POST", path, body)

/** One request to the sandbox or the fault proxy's control API: the answer's `data`, or the whole JSON without an envelope. */
fun http(base: String, method: String, path: String, body: Map<String, Any?>?): Map<*, *> {
    val conn = URI(base.trimEnd('/') + path).toURL().openConnection() as HttpURLConnection
    conn.requestMethod = method
    conn.readTimeout = 300_000
    if (body != null) {
        conn.doOutput = true
        conn.setRequestProperty("Content-Type", "application/json")
        conn.outputStream.use { it.write(toJson(body).toByteArray()) }
    }
    val code = conn.responseCode
    val text = (if (code < 400) conn.inputStream else conn.errorStream)?.use { it.readBytes().decodeToString() } ?: ""
    check(code in 200..299) { "$method $path: HTTP $code $text" }
    val v = JsonReader(text).read() as Map<*, *>
    return (v["data"] as? Map<*, *>) ?: v
}

class Runner(vars: Map<String, Any?>) {
    val vars: Map<String, String> = vars.mapValues { (_, kind) -> unique(kind as String) }
    val outputs = LinkedHashMap<String, Any?>()
    /** The errors of failed steps with an `id`, for `resolve` (`error_of`). */
    private val errors = HashMap<String, WalletException>()
    private val clients = HashMap<String, Result<WalletClient>>()

    /** The scenario's own key, so that the proxy's rules and counters of one scenario in one language touch nothing else. */
    private val proxyKey: String by lazy {
        sandboxPost("/sandbox/keys", mapOf("ttlSeconds" to 3600L, "compat" to "default"))["apiKey"] as String
    }
    val lines = ArrayList<String>()
    val failures = ArrayList<String>()
    val called = HashSet<String>()

    private fun unique(kind: String): String {
        val n = "%08x".format(Random.nextInt())
        return if (kind == "wallet") "sc_kt_$n" else "scenario text kt $n"
    }

    fun resolve(ref: String): Any? {
        vars[ref]?.let { return it }
        val step = ref.substringBefore('.')
        val path = if ('.' in ref) ref.substringAfter('.') else ""
        val out = outputs[step] ?: throw IllegalStateException("no output of step `$step` for \${$ref}")
        val v = fieldAt(out, path)
        check(v !== Missing) { "step `$step` has no field `$path`" }
        return plain(v)
    }

    fun substitute(v: Any?): Any? = when (v) {
        is String -> {
            var out: String = v
            while (true) {
                val start = out.indexOf("\${")
                if (start < 0) break
                val end = out.indexOf('}', start)
                out = out.substring(0, start) + canonicalJson(resolve(out.substring(start + 2, end))) + out.substring(end + 1)
            }
            out
        }
        is List<*> -> v.map { substitute(it) }
        is Map<*, *> -> v.entries.associate { it.key as String to substitute(it.value) }
        else -> v
    }

    /** Values of variables and earlier outputs by their names (longest first, ties by name), request ids by `*`. */
    fun normalize(text: String): String {
        val known = ArrayList<Pair<String, String>>()
        for ((n, v) in vars) known += v to "\${$n}"
        for ((step, out) in outputs) {
            if (out == null || out is Pages) continue
            for ((name, v) in properties(out)) {
                if (name != "rawJson" && v is String && v.length >= 8) known += v to "\${$step.${snake(name)}}"
            }
        }
        known.sortWith(compareByDescending<Pair<String, String>> { it.first.length }.thenBy { it.second })
        var out = text
        for ((value, name) in known) out = out.replace(value, name)
        val i = out.indexOf("[request id ")
        if (i >= 0) {
            val end = out.indexOf(']', i).let { if (it < 0) out.length - 1 else it }
            out = out.substring(0, i) + "[request id *]" + out.substring(end + 1)
        }
        return out
    }

    fun client(spec: String): Result<WalletClient> {
        val base = if (spec == "proxied") env("WALLET_FAULT_PROXY_URL") else env("WALLET_SDK_BASE_URL")
        val credential = when (spec) {
            "proxied" -> proxyKey
            "default" -> env("WALLET_SDK_API_KEY")
            "compat_real" -> env("WALLET_SDK_API_KEY_COMPAT_REAL")
            "node_url" -> env("WALLET_SANDBOX_NODE_URL")
            else -> canonicalJson(substitute(spec))
        }
        return clients.getOrPut("$base\n$credential") {
            runCatching {
                // the proxied client's lost requests settle in 2 s, so that resolve can say not_applied
                val settle = if (spec == "proxied") PROXIED_SETTLE_TIME_MS else null
                WalletClient(WalletClientConfig(baseUrl = base, credential = Secret(credential), timeoutMs = 120_000L, baseBackoffMs = 100L, settleTimeMs = settle))
            }
        }
    }

    /** Checks one expected field: (passed, its transcript text). */
    fun check(result: Any?, path: String, matcher: Any?): Pair<Boolean, String> {
        val actual = fieldAt(result, path)
        if (actual === Missing) return false to "(missing)"
        val shown = normalize(canonical(actual))
        fun show(ok: Boolean, text: String) = ok to (if (ok) text else shown)
        if (matcher is Map<*, *>) {
            when {
                "ref" in matcher -> {
                    val name = matcher["ref"] as String
                    val want = resolve(name)
                    return show(plain(actual) == want || canonical(actual) == canonicalJson(want), "\${$name}")
                }
                "prefix" in matcher -> {
                    val prefixes = (matcher["prefix"] as List<*>).map { it as String }
                    return show(actual is String && prefixes.any { actual.startsWith(it) }, "prefix(${prefixes.joinToString("|")})")
                }
                "len" in matcher -> return show(actual is String && actual.length.toLong() == matcher["len"], "len(${matcher["len"]})")
                "min" in matcher -> return show(actual is Long && actual >= (matcher["min"] as Long), ">=${matcher["min"]}")
                "count" in matcher || "min_items" in matcher -> {
                    var ok = actual is List<*>
                    val n = (actual as? List<*>)?.size?.toLong() ?: -1
                    if (ok && "count" in matcher) ok = n == matcher["count"]
                    if (ok && "min_items" in matcher) ok = n >= (matcher["min_items"] as Long)
                    return show(ok, if ("count" in matcher) "${matcher["count"]} items" else ">=${matcher["min_items"]} items")
                }
                "has_item" in matcher -> {
                    val want = matcher["has_item"] as Map<*, *>
                    val ok = actual is List<*> && actual.any { item -> want.all { (p, m) -> check(item, p as String, m).first } }
                    return show(ok, "has_item(${want.keys.joinToString(",")})")
                }
            }
        }
        return when (matcher) {
            "non_empty" -> show((actual is String && actual.isNotEmpty()) || (actual is List<*> && actual.isNotEmpty()), "non_empty")
            "secret" -> (actual is Secret && !actual.isEmpty()) to shown
            "regtest_address" -> show(actual is String && REGTEST_PREFIXES.any { actual.startsWith(it) }, "regtest_address")
            else -> (canonical(actual) == canonicalJson(substitute(matcher))) to shown
        }
    }

    fun step(scenario: Map<*, *>, index: Int, step: Map<*, *>) {
        val label = "${scenario["name"]}#$index"
        @Suppress("UNCHECKED_CAST")
        val args = Args(substitute(step["args"] ?: emptyMap<String, Any?>()) as Map<String, Any?>)
        val sandboxHelper = step["sandbox"] as String?
        if (sandboxHelper != null && "expect" !in step) {
            val out = sandbox(sandboxHelper, args)
            (step["id"] as String?)?.let { outputs[it] = out }
            lines += "$label sandbox.$sandboxHelper ok"
            return
        }
        var result: Any? = null
        var error: WalletException? = null
        val op: String
        val helper = step["proxy"] as String?
        if (sandboxHelper != null) {
            op = "sandbox.$sandboxHelper"
            result = sandbox(sandboxHelper, args)
        } else if (helper != null) {
            op = "proxy.$helper"
            result = proxy(helper, args)
            if ("expect" !in step) {
                lines += "$label $op ok"
                return
            }
        } else {
            op = step["op"] as String
            called += op
            val spec = (step["client"] ?: scenario["client"] ?: "default") as String
            try {
                val c = client(spec).getOrThrow()
                result = runBlocking {
                    val cancelAfter = (step["cancel_after_ms"] as Number?)?.toLong()
                    if (op == "resolve") {
                        val of = args.s("error_of")
                        c.resolve(errors[of] ?: throw IllegalStateException("resolve: no failed step `$of`"))
                    } else if (cancelAfter != null) {
                        // given up by withTimeout: what the caller learns is the step's error
                        try {
                            withTimeout(cancelAfter) { call(c, op, args) }
                        } catch (e: CancellationException) {
                            throw e.cancelledOutcomes.singleOrNull() ?: throw IllegalStateException("$label: cancelled before its request left")
                        }
                    } else {
                        call(c, op, args)
                    }
                }
            } catch (e: WalletException) {
                error = e
            }
        }
        val expect = step["expect"] as Map<*, *>
        var line = "$label $op"
        var failed = false
        if (error == null && "ok" in expect) {
            line += " ok"
            for ((path, matcher) in expect["ok"] as Map<*, *>) {
                val (ok, text) = check(result, path as String, matcher)
                failed = failed || !ok
                line += " $path=${if (ok) "" else "MISMATCH:"}$text"
            }
        } else if (error != null && "error" in expect) {
            val want = expect["error"] as Map<*, *>
            val info = error.info
            line += " error kind=${info.kind}"
            failed = failed || want["kind"] != info.kind
            val facts = linkedMapOf<String, Any?>("field" to info.field, "status" to info.status?.toLong(), "code" to info.serviceCode, "message" to normalize(info.message))
            for ((name, actual) in facts) {
                if (name !in want) continue
                val ok = want[name] == actual
                failed = failed || !ok
                line += " $name=${if (ok) "" else "MISMATCH:"}${canonicalJson(actual)}"
            }
        } else if (error == null) {
            failed = true
            line += " UNEXPECTED-SUCCESS"
        } else {
            failed = true
            line += " UNEXPECTED-ERROR kind=${error.info.kind} message=${normalize(error.info.message)}"
        }
        // a watch or wait that did not finish in time fails its step
        val why = if (error == null) (result as? SandboxOutput)?.fields?.get("incomplete") as? String else null
        if (why != null) {
            failed = true
            line += " INCOMPLETE($why)"
        }
        if (error == null) (step["id"] as String?)?.let { outputs[it] = result }
        if (error != null) (step["id"] as String?)?.let { errors[it] = error }
        if (failed) failures += line
        // Kotlin's own: the exception is the subclass of its kind (not part of the transcript)
        if (error != null && error.javaClass.simpleName != exceptionClassOf(error.info.kind)) {
            failures += "$label: ${error.javaClass.simpleName} thrown for kind ${error.info.kind}"
        }
        lines += line
    }

    /**
     * A fault-proxy step: `arm` one rule (the args are its fields, docs/fault-proxy.md; `count` 1
     * unless given) scoped to the scenario's proxy key, or `forwarded`: how many requests of that
     * key on `path` the proxy wrote to the sandbox (`hits`, `forwarded`).
     */
    private fun proxy(helper: String, a: Args): SandboxOutput {
        val base = env("WALLET_FAULT_PROXY_URL")
        return when (helper) {
            "arm" -> {
                val rule = LinkedHashMap<String, Any?>()
                rule["count"] = 1L
                rule.putAll(a.all())
                rule["header"] = mapOf("name" to "nodeUrlOrApiAccessKey", "value" to proxyKey)
                val out = http(base, "POST", "/_proxy/rules", rule)
                check(out["armed"] == true) { "the proxy did not arm the rule: $out" }
                SandboxOutput(emptyMap())
            }
            "forwarded" -> {
                val out = http(base, "GET", "/_proxy/hits?path=${a.s("path")}&key=$proxyKey", null)
                SandboxOutput(mapOf("hits" to out["hits"], "forwarded" to out["forwarded"]))
            }
            else -> throw IllegalArgumentException("unknown proxy step `$helper`")
        }
    }

    private fun sandbox(helper: String, a: Args): SandboxOutput {
        val out: Map<*, *> = when (helper) {
            "fund" -> sandboxPost("/sandbox/fund", mapOf("address" to a.s("address"), "amount" to a.get("amount"), "mine" to (a.get("mine") as? Boolean ?: true), "replaceable" to (a.get("replaceable") as? Boolean ?: false)))
            "reorg" -> {
                val depth = a.long("depth") ?: 1L
                sandboxPost("/sandbox/reorg", mapOf("depth" to depth, "blocks" to (a.long("blocks") ?: (depth + 1)), "dropTransactions" to (a.get("drop_transactions") as? Boolean ?: false)))
            }
            "replace" -> sandboxPost("/sandbox/replace", mapOf("txid" to a.s("txid"), "walletName" to a.os("wallet_name")))
            "mine" -> sandboxPost("/sandbox/mine", mapOf("blocks" to (a.get("blocks") ?: 1L)))
            "key" -> sandboxPost("/sandbox/keys", mapOf("ttlSeconds" to a.get("ttl_seconds"), "compat" to a.get("compat")))
            "forged_key" -> {
                val parts = env("WALLET_SDK_API_KEY").split('.').toMutableList()
                parts[2] = "Zm9yZ2VkLXNpZ25hdHVyZQ"
                mapOf("apiKey" to parts.joinToString("."))
            }
            // any other helper: its endpoint, with the args' names in camelCase
            else -> sandboxPost("/sandbox/$helper", a.all().entries.associate { camel(it.key) to it.value })
        }
        return SandboxOutput(out.entries.associate { snake(it.key as String) to it.value })
    }
}

// ---- hostile-answer cells (tests/hostile/cells.json, run by scripts/test-hostile)

/** Results whose raw JSON is larger than this are not also printed through toString(). */
const val HOSTILE_REPR_LIMIT = 1024 * 1024

/**
 * One hostile-answer cell, in this process (scripts/test-hostile starts one per cell, so that a
 * crash is that cell's failure): `RunScenarios --hostile CELLS NAME`. The rule is already armed
 * on the fault proxy for this process's credential WALLET_SDK_API_KEY; the call goes through
 * WALLET_FAULT_PROXY_URL with the cell's args, and one line `HOSTILE-RESULT {json}` tells the
 * outcome: the kind (`ok` for a success), the exception's message, `toString()` and `info`, or the
 * result's `rawJson` and `toString()`. Every call event goes to stderr, checked for secrets too.
 */
fun hostile(cellsPath: String, name: String): Int {
    val cells = (JsonReader(File(cellsPath).readText()).read() as Map<*, *>)["cells"] as List<*>
    val cell = cells.map { it as Map<*, *> }.first { it["name"] == name }
    @Suppress("UNCHECKED_CAST")
    val args = Args(cell["args"] as Map<String, Any?>)
    val client = WalletClient(WalletClientConfig(baseUrl = env("WALLET_FAULT_PROXY_URL"), credential = Secret(env("WALLET_SDK_API_KEY")), timeoutMs = 120_000L, baseBackoffMs = 100L))
    client.setLogger { event -> System.err.println("call event $event") }
    val out = linkedMapOf<String, Any?>("cell" to name)
    try {
        val result = runBlocking { call(client, cell["op"] as String, args) }
        val raw = result?.let { properties(it)["rawJson"] as? String }
        out["kind"] = "ok"
        out["raw_json"] = raw
        out["repr"] = if ((raw?.length ?: 0) > HOSTILE_REPR_LIMIT) "(not printed: the raw JSON is larger than 1 MiB)" else result.toString()
    } catch (e: WalletException) {
        val info = e.info
        out["kind"] = info.kind
        out["message"] = e.message
        out["repr"] = e.toString()
        out["fields"] = linkedMapOf<String, Any?>(
            "info" to info.toString(), "status" to info.status, "service_code" to info.serviceCode, "service_message" to info.serviceMessage,
            "request_id" to info.requestId, "field" to info.field, "operation" to info.operation, "node_code" to info.nodeCode,
            "node_message" to info.nodeMessage, "attempts" to info.attempts, "retryable" to info.retryable, "raw_body" to info.rawBody,
        )
    }
    println("HOSTILE-RESULT " + toJson(out))
    System.out.flush()
    return 0
}

fun main(argv: Array<String>) {
    if (argv.size == 3 && argv[0] == "--hostile") exitProcess(hostile(argv[1], argv[2]))
    require(argv.size == 2) { "usage: RunScenarios SCENARIOS_DIR TRANSCRIPT | RunScenarios --hostile CELLS NAME" }
    val files = File(argv[0]).listFiles { f -> f.name.endsWith(".json") }!!.sortedBy { it.name }
    val transcript = File(argv[1])
    val lines = ArrayList<String>()
    val failures = ArrayList<String>()
    val called = HashSet<String>()
    var steps = 0
    try {
        for (file in files) {
            val scenario = JsonReader(file.readText()).read() as Map<*, *>
            val runner = Runner((scenario["vars"] as Map<*, *>? ?: emptyMap<String, Any?>()).entries.associate { it.key as String to it.value })
            try {
                for ((i, step) in (scenario["steps"] as List<*>).withIndex()) {
                    runner.step(scenario, i, step as Map<*, *>)
                    steps++
                }
            } finally {
                lines += runner.lines
                failures += runner.failures
                called += runner.called
            }
        }
    } finally {
        transcript.parentFile?.mkdirs()
        transcript.writeText(lines.joinToString("\n") + "\n")
    }
    // every operation of the core's table is called at least once, through this dispatch table
    val missing = operationNames().filter { name -> called.none { camel(it) == name } }
    if (missing.isNotEmpty()) failures += "operations no scenario calls: $missing"
    if (failures.isNotEmpty()) {
        println("kotlin: ${failures.size} of $steps steps failed:\n" + failures.joinToString("\n"))
        exitProcess(1)
    }
    println("kotlin: $steps steps passed")
    exitProcess(0)
}
