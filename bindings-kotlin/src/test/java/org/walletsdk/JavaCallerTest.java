package org.walletsdk;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.Test;

/**
 * The SDK from Java, without coroutines: JavaWalletClient's CompletableFuture and blocking methods
 * against the sandbox (scripts/with-sandbox exports WALLET_SDK_BASE_URL and WALLET_SDK_API_KEY).
 * Compiled by javac. In the `dist` build it runs (Failsafe) against the packed jar with no
 * jna.library.path, and then also checks that the native library came out of the jar.
 */
public class JavaCallerTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static String env(String name) {
        String v = System.getenv(name);
        if (v == null || v.isEmpty()) {
            throw new IllegalStateException(name + " is not set: run under scripts/with-sandbox");
        }
        return v;
    }

    static String unique(String tag) {
        return String.format("java_%s_%08x", tag, ThreadLocalRandom.current().nextInt());
    }

    /** POSTs JSON to a sandbox-only endpoint and returns the body. */
    private static String post(String path, String json) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create(env("WALLET_SDK_BASE_URL").replaceAll("/$", "") + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
        HttpResponse<String> res = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
        assertTrue(path + ": HTTP " + res.statusCode() + " " + res.body(), res.statusCode() / 100 == 2);
        return res.body();
    }

    /** A fresh API key, so that the sandbox's held requests below touch no other test. */
    static String mintKey() throws Exception {
        Matcher m = Pattern.compile("\"apiKey\"\\s*:\\s*\"([^\"]+)\"")
                .matcher(post("/sandbox/keys", "{\"ttlSeconds\":3600,\"compat\":\"default\"}"));
        assertTrue(m.find());
        return m.group(1);
    }

    /** The sandbox holds the next request to {@code path} made with {@code key} for {@code ms}. */
    static void hold(String path, long ms, String key) throws Exception {
        post("/sandbox/faults", "{\"path\":\"" + path + "\",\"delayMs\":" + ms + ",\"count\":1,\"apiKey\":\"" + key + "\"}");
    }

    /** Pays {@code address} {@code ltc} from the sandbox's miner and mines it. */
    static void fund(String address, String ltc) throws Exception {
        post("/sandbox/fund", "{\"address\":\"" + address + "\",\"amount\":" + ltc + ",\"mine\":true}");
    }

    static JavaWalletClient clientWithKey(String key) throws Exception {
        JavaWalletClient c = JavaWalletClient.fromEnv();
        c.client.setCredential(new Secret(key));
        return c;
    }

    @Test
    public void walletAddressBalanceAndTypedErrorThroughFutures() throws Exception {
        try (JavaWalletClient c = JavaWalletClient.fromEnv()) {
            String w = unique("fut");
            CreatedWallet wallet = c.createWalletAsync(w).get(60, TimeUnit.SECONDS);
            assertEquals(w, wallet.getWalletName());
            // the options argument left out (@JvmOverloads), and given
            CreatedAddress first = c.createAddressAsync(w).get(60, TimeUnit.SECONDS);
            CreatedAddress legacy = c.createAddressAsync(w, new CreateAddressOptions(null, AddressType.Legacy.INSTANCE, null))
                    .get(60, TimeUnit.SECONDS);
            assertFalse(first.getAddress().isEmpty());
            assertTrue(legacy.getAddress(), legacy.getAddress().startsWith("m") || legacy.getAddress().startsWith("n"));
            AddressBalance balance = c.addressBalanceAsync(legacy.getAddress()).get(60, TimeUnit.SECONDS);
            assertEquals(0L, balance.getConfirmed().getLitoshis());
            assertEquals(0L, balance.getUnconfirmed().getLitoshis());
            // futures compose without blocking
            long confirmed = c.walletBalanceAsync(w)
                    .thenApply(b -> b.getConfirmed().getLitoshis())
                    .get(60, TimeUnit.SECONDS);
            assertEquals(0L, confirmed);

            String missing = unique("missing");
            try {
                c.walletBalanceAsync(missing).get(60, TimeUnit.SECONDS);
                fail("walletBalance of a wallet that does not exist succeeded");
            } catch (ExecutionException e) {
                assertTrue("cause: " + e.getCause(), e.getCause() instanceof WalletException.NotFoundException);
                WalletException.NotFoundException nf = (WalletException.NotFoundException) e.getCause();
                assertEquals(Integer.valueOf(404), ExtensionsKt.getStatus(nf));
                assertEquals("not_found", ExtensionsKt.getKind(nf));
                assertNotNull(nf.getMessage());
            }
        }
    }

    @Test
    public void gettingPaidFromJava() throws Exception {
        try (JavaWalletClient c = JavaWalletClient.fromEnv()) {
            String w = unique("paid");
            c.createWallet(w);
            String address = c.createAddress(w).getAddress();
            Matcher txid = Pattern.compile("\"txid\"\\s*:\\s*\"([0-9a-f]{64})\"")
                    .matcher(post("/sandbox/fund", "{\"address\":\"" + address + "\",\"amount\":0.4,\"mine\":true}"));
            assertTrue(txid.find());
            try (WalletEventStream events = c.client.walletEventStream(w, new WatchOptions(null, 200L, null, null, null, null))) {
                WalletEvent received = c.nextEventAsync(events).get(60, TimeUnit.SECONDS);
                assertEquals(WalletEventKind.RECEIVED, received.getKind());
                assertEquals(txid.group(1), received.getTxid());
                assertEquals(WalletEventKind.CONFIRMED, c.nextEvent(events).getKind());
            }
            Payment paid = c.waitForPaymentAsync(w, address, ExtensionsKt.ofLtc(Amount.Companion, "0.4")).get(60, TimeUnit.SECONDS);
            assertEquals(PaymentStatus.PAID, paid.getStatus());
            assertEquals(ResolutionState.UNKNOWN, c.resolve(new WalletException.NotFoundException(
                    "m", 404, null, null, null, null, null, "wallet_balance", null, null, 1, false, null, null)).getState());
        }
    }

    @Test
    public void aPaymentRequestAndItsQrCodeFromJava() throws Exception {
        Amount amount = Wallet_sdk_ffiKt.amountFromLtc("0.25");
        String uri = Wallet_sdk_ffiKt.buildPaymentUri("ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w", Network.MAINNET, amount, "Coffee shop", null, null);
        assertEquals("litecoin:ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w?amount=0.25&label=Coffee%20shop", uri);
        QrImage png = JavaOffline.paymentQr(uri, QrFormat.PNG);
        assertEquals(QrFormat.PNG, png.getFormat());
        assertEquals((byte) 0x89, png.getData()[0]);
        assertEquals("PNG", new String(png.getData(), 1, 3, java.nio.charset.StandardCharsets.US_ASCII));
        // the same as Kotlin's: the module size and error correction reach the core
        QrImage small = JavaOffline.paymentQr(uri, QrFormat.SVG, QrErrorCorrection.H, 2);
        assertTrue(small.getWidth() < JavaOffline.paymentQr(uri, QrFormat.SVG, QrErrorCorrection.H, 8).getWidth());
        for (int bad : new int[] {-1, 0, 33}) {
            try {
                JavaOffline.paymentQr(uri, QrFormat.PNG, null, bad);
                fail("module size " + bad);
            } catch (WalletException.InvalidInputException e) {
                assertEquals("module_size", e.getField());
                assertTrue(e.getMessage(), e.getMessage().contains("not " + bad));
            }
        }
    }

    @Test
    public void signingAtHomeFromJava() throws Exception {
        Secret phrase = Wallet_sdk_ffiKt.generateMnemonic(12);
        String path = "m/84'/1'/0'/0/0";
        List<Secret> keys = Wallet_sdk_ffiKt.keysFromPhrase(phrase, List.of(path), Network.REGTEST, null);
        DerivedKey sender = Wallet_sdk_ffiKt.deriveKey(phrase, path, KeyAddressType.P2WPKH, Network.REGTEST, null);
        assertEquals(sender.getPrivateKey().reveal(), keys.get(0).reveal());
        String recipient = Wallet_sdk_ffiKt.deriveKey(phrase, "m/84'/1'/0'/0/1", KeyAddressType.P2WPKH, Network.REGTEST, null).getAddress();
        fund(sender.getAddress(), "0.5");
        try (JavaWalletClient c = JavaWalletClient.fromEnv()) {
            Amount amount = ExtensionsKt.ofLtc(Amount.Companion, "0.2");
            SendLocallyOptions local = new SendLocallyOptions(12L, null, BuildMode.LOCAL, null, null, null);
            SentTransaction sent = c.sendSignedLocallyAsync(sender.getAddress(), recipient, amount, keys, local).get(60, TimeUnit.SECONDS);
            assertEquals(sent.getTxid(), c.broadcastTransaction(sent.getHex()).getTxid());
            assertEquals(amount, sent.getReview().getOutputs().get(0).getAmount());
            // the sent transaction reviewed again: its input is spent now, so it is refused (blocking too)
            List<Recipient> same = List.of(new Recipient(recipient, amount));
            try {
                c.reviewTransaction(sent.getHex(), new TransactionIntent(sender.getAddress(), same, null, null, null));
                fail("the review passed a transaction whose input is spent");
            } catch (WalletException.TransactionMismatchException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("not an unspent output"));
            }
        }
    }

    @Test
    public void blockingCallsThrowTheKotlinExceptionClasses() throws Exception {
        try (JavaWalletClient c = JavaWalletClient.fromEnv()) {
            BlockchainInfo info = c.blockchainInfo();
            assertNotNull(info.getChain());
            String w = unique("blk");
            c.createWallet(w);
            assertEquals(0L, c.walletBalance(w).getConfirmed().getLitoshis());
            try {
                c.createWallet(w);
                fail("creating the wallet twice succeeded");
            } catch (WalletException.ConflictException e) {
                assertFalse(ExtensionsKt.isRetryable(e));
            }
            try {
                c.walletBalance(unique("missing"));
                fail("walletBalance of a wallet that does not exist succeeded");
            } catch (WalletException.NotFoundException e) {
                assertEquals("not_found", ExtensionsKt.getKind(e));
            }
        }
    }

    /**
     * Blocking calls wait inside the native library and are woken in batches, with threads past
     * the 256th sharing a wake-up bit: 300 threads at once must each get their own answer.
     */
    @Test
    public void threeHundredBlockingThreadsEachGetTheirOwnAnswer() throws Exception {
        try (JavaWalletClient c = JavaWalletClient.fromEnv()) {
            long tip = c.blockchainInfo().getBlocks();
            int threads = 300;
            CountDownLatch start = new CountDownLatch(1);
            AtomicInteger right = new AtomicInteger();
            List<Thread> callers = new ArrayList<>();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            for (int i = 0; i < threads; i++) {
                long height = i % (tip + 1);
                Thread t = new Thread(() -> {
                    try {
                        start.await();
                        for (int round = 0; round < 3; round++) {
                            BlockHeader header = c.blockHeader(Long.toString(height));
                            if (header.getHeight() != height) {
                                throw new AssertionError("asked for " + height + ", got " + header.getHeight());
                            }
                        }
                        right.incrementAndGet();
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                t.start();
                callers.add(t);
            }
            start.countDown();
            for (Thread t : callers) {
                t.join(120_000);
                assertFalse("a caller is still blocked after 120 s", t.isAlive());
            }
            assertEquals(failures.toString(), threads, right.get());
        }
    }

    /**
     * A blocking call's result comes back in the thread's own 4 KiB buffer when it fits; a
     * larger one is read from native memory instead. Both must lift the same way.
     */
    @Test
    public void aBlockingResultLargerThanTheThreadsBufferComesBackWhole() throws Exception {
        try (JavaWalletClient c = JavaWalletClient.fromEnv()) {
            String w = unique("large");
            c.createWallet(w);
            java.util.Set<String> created = new java.util.HashSet<>();
            for (int i = 0; i < 60; i++) {
                created.add(c.createAddress(w).getAddress());
            }
            WalletAddresses listed = c.walletAddresses(w);
            assertTrue("the result is too small to test this: " + listed.getRawJson().length(),
                    listed.getRawJson().length() > 4096);
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (WalletAddress a : listed.getAddresses()) {
                seen.add(a.getAddress());
            }
            assertTrue(seen.containsAll(created));
            // and a small one right after, on the same thread
            assertEquals(0L, c.walletBalance(w).getConfirmed().getLitoshis());
        }
    }

    @Test
    public void cancellingTheFutureOfACreateTellsTheListener() throws Exception {
        String key = mintKey();
        try (JavaWalletClient c = clientWithKey(key)) {
            LinkedBlockingQueue<AbandonedCallInfo> told = new LinkedBlockingQueue<>();
            c.client.setAbandonedCallListener(told::add);
            String w = unique("held");
            hold("/api/Wallet/create", 1_500, key);
            long started = System.nanoTime();
            CompletableFuture<CreatedWallet> f = c.createWalletAsync(w);
            Thread.sleep(300);
            assertTrue(f.cancel(true));
            assertTrue(f.isCancelled());
            long elapsedMs = (System.nanoTime() - started) / 1_000_000;
            assertTrue("gave up after " + elapsedMs + " ms", elapsedMs < 1_500);
            // the Rust future was dropped: the core runs the create on and reports it
            AbandonedCallInfo call = told.poll(10, TimeUnit.SECONDS);
            assertNotNull("the abandoned-call listener was not told within 10 s", call);
            assertEquals("create_wallet", call.getOperation());
            assertTrue(call.toString(), call.getSucceeded());
            assertNull(call.getError());
            assertTrue(call.toString(), call.getRawJson().contains(w));
            try {
                c.createWallet(w);
                fail("the abandoned create did not take effect");
            } catch (WalletException.ConflictException expected) {
            }
        }
    }

    /** In the dist build: the library came out of the jar, not from a directory on a search path. */
    @Test
    public void nativeLibraryLocation() {
        File lib = NativeLibrary.getInstance("wallet_sdk_ffi").getFile();
        URL resource = JavaWalletClient.class.getClassLoader().getResource(Platform.RESOURCE_PREFIX + "/libwallet_sdk_ffi.so");
        System.out.println("libwallet_sdk_ffi loaded from " + lib + " (jna.library.path="
                + System.getProperty("jna.library.path") + ", resource " + resource + ")");
        if (Boolean.getBoolean("wallet.expectNativeInJar")) {
            assertNull(System.getProperty("jna.library.path"));
            assertNotNull("no " + Platform.RESOURCE_PREFIX + "/libwallet_sdk_ffi.so on the classpath", resource);
            assertEquals(resource.toString(), "jar", resource.getProtocol());
            // JNA extracted it from the jar into a temporary file (and deleted that once loaded)
            assertTrue(lib.getPath(), lib.getName().startsWith("jna") && !lib.getPath().contains("/target/"));
        } else {
            assertTrue(lib.getPath(), lib.isFile());
        }
    }
}
