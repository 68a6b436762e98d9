package org.walletsdk;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.walletsdk.JavaCallerTest.clientWithKey;
import static org.walletsdk.JavaCallerTest.fund;
import static org.walletsdk.JavaCallerTest.hold;
import static org.walletsdk.JavaCallerTest.mintKey;
import static org.walletsdk.JavaCallerTest.unique;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.Test;

/**
 * Cancellation from Java, counted with the debug library's `inFlightCalls` (a test-only export,
 * absent from the release library that the packed jar carries, so this class is not part of
 * JavaCallerTest's run against the jar).
 */
public class JavaCancellationTest {
    /** The future of a balance read that the sandbox holds for 6 s, started 300 ms ago. */
    private static CompletableFuture<WalletBalance> heldRead(JavaWalletClient c, String key, String w) throws Exception {
        hold("/api/Wallet/balance", 6_000, key);
        CompletableFuture<WalletBalance> f = c.walletBalanceAsync(w);
        Thread.sleep(300);
        assertFalse("done while the sandbox holds it", f.isDone());
        return f;
    }

    /** The client's Rust calls still running, once they have had up to 2 s to end. */
    private static long callsInFlightAfterAWhile(JavaWalletClient c) throws InterruptedException {
        long n = c.client.inFlightCalls();
        for (int i = 0; i < 100 && n > 0; i++) {
            Thread.sleep(20);
            n = c.client.inFlightCalls();
        }
        return n;
    }

    @Test
    public void cancellingTheFutureOfAReadAbortsTheRustCall() throws Exception {
        String key = mintKey();
        try (JavaWalletClient c = clientWithKey(key)) {
            String w = unique("cancel");
            c.createWallet(w);
            long started = System.nanoTime();
            CompletableFuture<WalletBalance> f = heldRead(c, key, w);
            assertTrue(c.client.inFlightCalls() >= 1);
            assertTrue(f.cancel(true));
            try {
                f.get();
                fail("a cancelled future gave a result");
            } catch (CancellationException expected) {
            }
            // the Rust call is gone long before the sandbox would have answered
            long n = callsInFlightAfterAWhile(c);
            long elapsedMs = (System.nanoTime() - started) / 1_000_000;
            assertEquals("calls still running " + elapsedMs + " ms after the start", 0L, n);
            assertTrue("took " + elapsedMs + " ms", elapsedMs < 4_000);
            assertEquals(0L, c.walletBalance(w).getConfirmed().getLitoshis()); // still usable
        }
    }

    @Test
    public void cancellingFuturesAtEveryMomentLeavesNothingBehind() throws Exception {
        // The futures take the direct call path (ADR 0018) without a coroutine: a cancel can land
        // while the call is being started, while it runs, or between its end and the completion
        // on the executor. None may leave a future undone, a call running, or stop later calls.
        ExecutorService cancellers = Executors.newFixedThreadPool(2);
        try (JavaWalletClient c = JavaWalletClient.fromEnv()) {
            Random random = new Random(24);
            List<CompletableFuture<BlockchainInfo>> futures = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                CompletableFuture<BlockchainInfo> call = c.blockchainInfoAsync();
                int pause = random.nextInt(4);
                int spins = random.nextInt(20_000);
                futures.add(call);
                if (pause == 3) continue; // never cancelled
                cancellers.execute(() -> {
                    if (pause == 1) for (int k = 0; k < spins; k++) Thread.onSpinWait();
                    if (pause == 2) Thread.yield();
                    call.cancel(true);
                });
            }
            int done = 0, cancelled = 0;
            for (CompletableFuture<BlockchainInfo> f : futures) {
                try {
                    assertTrue(f.get(60, TimeUnit.SECONDS).getBlocks() >= 0);
                    done++;
                } catch (CancellationException e) {
                    cancelled++;
                }
            }
            assertEquals(2_000, done + cancelled);
            assertTrue("some calls finished: " + done, done >= 400);
            long n = callsInFlightAfterAWhile(c);
            assertEquals(0L, n);
            c.blockchainInfoAsync().get(10, TimeUnit.SECONDS); // the completion thread still delivers
        } finally {
            cancellers.shutdownNow();
        }
    }

    @Test
    public void closingTheClientCancelsItsRunningFutures() throws Exception {
        String key = mintKey();
        JavaWalletClient c = clientWithKey(key);
        String w = unique("close");
        c.createWallet(w);
        long started = System.nanoTime();
        CompletableFuture<WalletBalance> f = heldRead(c, key, w);
        c.close();
        try {
            f.get(2, TimeUnit.SECONDS);
            fail("the future of a closed client gave a result");
        } catch (CancellationException expected) {
        }
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        assertTrue("took " + elapsedMs + " ms", elapsedMs < 3_000);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    public void futuresCompleteOnTheGivenExecutor() throws Exception {
        ExecutorService mine = Executors.newSingleThreadExecutor(r -> new Thread(r, "callers-own-executor"));
        try (JavaWalletClient c = new JavaWalletClient(WalletClient.Companion.fromEnv(), mine)) {
            // the executor is held until the callback is attached: a future completed before
            // would run the callback on this thread
            CountDownLatch attached = new CountDownLatch(1);
            mine.execute(() -> awaitQuietly(attached));
            AtomicReference<String> where = new AtomicReference<>();
            CompletableFuture<String> info = c.blockchainInfoAsync().whenComplete((i, error) -> where.set(Thread.currentThread().getName()))
                    .thenApply(i -> "done");
            attached.countDown();
            info.get(10, TimeUnit.SECONDS);
            assertEquals("callers-own-executor", where.get());
            // an error completes there too
            CountDownLatch attachedToo = new CountDownLatch(1);
            mine.execute(() -> awaitQuietly(attachedToo));
            AtomicReference<String> failedWhere = new AtomicReference<>();
            CompletableFuture<WalletBalance> missing = c.walletBalanceAsync(unique("missing"));
            try {
                CompletableFuture<WalletBalance> seen = missing.whenComplete((b, error) -> failedWhere.set(Thread.currentThread().getName()));
                attachedToo.countDown();
                seen.get(10, TimeUnit.SECONDS);
                fail("walletBalance of a wallet that does not exist succeeded");
            } catch (java.util.concurrent.ExecutionException e) {
                assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof WalletException.NotFoundException);
            }
            assertEquals("callers-own-executor", failedWhere.get());
        } finally {
            mine.shutdownNow();
        }
    }

    @Test
    public void aFutureOfAClosedClientFailsInsteadOfThrowing() throws Exception {
        JavaWalletClient c = JavaWalletClient.fromEnv();
        c.close();
        CompletableFuture<BlockchainInfo> f = c.blockchainInfoAsync();
        try {
            f.get(10, TimeUnit.SECONDS);
            fail("a closed client answered");
        } catch (java.util.concurrent.ExecutionException e) {
            assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof IllegalStateException);
        }
    }

    @Test
    public void aThreadInterruptedBeforeABlockingCreateStartsNothing() throws Exception {
        try (JavaWalletClient c = JavaWalletClient.fromEnv()) {
            String w = unique("preinterrupted");
            Thread.currentThread().interrupt();
            try {
                c.createWallet(w);
                fail("an interrupted thread created a wallet");
            } catch (Exception e) {
                assertTrue(String.valueOf(e), e instanceof InterruptedException);
            }
            assertFalse("the interrupt is consumed, as by other blocking methods", Thread.interrupted());
            assertEquals(0L, c.client.inFlightCalls());
            try {
                c.walletBalance(w);
                fail("the wallet exists: the interrupted create was sent");
            } catch (WalletException.NotFoundException expected) {
            }
        }
    }

    @Test
    public void interruptingABlockingCallCancelsIt() throws Exception {
        String key = mintKey();
        try (JavaWalletClient c = clientWithKey(key)) {
            String w = unique("interrupt");
            c.createWallet(w);
            hold("/api/Wallet/balance", 6_000, key);
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    c.walletBalance(w);
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            long started = System.nanoTime();
            caller.start();
            Thread.sleep(300);
            assertTrue("the blocking call ended while the sandbox holds it", caller.isAlive());
            caller.interrupt();
            caller.join(3_000);
            long elapsedMs = (System.nanoTime() - started) / 1_000_000;
            assertFalse("still blocked " + elapsedMs + " ms after the start", caller.isAlive());
            assertTrue(String.valueOf(thrown.get()), thrown.get() instanceof InterruptedException);
            long n = callsInFlightAfterAWhile(c);
            assertEquals(0L, n);
        }
    }

    @Test
    public void cancellingTheFutureOfAHeldCreateCarriesItsOutcome() throws Exception {
        String key = mintKey();
        try (JavaWalletClient c = clientWithKey(key)) {
            String w = unique("fcreate");
            hold("/api/Wallet/create", 1_500, key);
            CompletableFuture<CreatedWallet> f = c.createWalletAsync(w);
            Thread.sleep(300);
            assertTrue(f.cancel(true));
            try {
                f.get();
                fail("a cancelled future gave a result");
            } catch (CancellationException e) {
                List<WalletException.OutcomeUnknownException> outcomes = ExtensionsKt.getCancelledOutcomes(e);
                assertEquals(1, outcomes.size());
                String token = ExtensionsKt.getOutcomeToken(outcomes.get(0));
                assertTrue(String.valueOf(token), token != null && token.contains(w));
                assertEquals(ResolutionState.APPLIED, c.resolveToken(token).getState());
            }
            // a read cancelled in the same way carries nothing
            CompletableFuture<WalletBalance> read = heldRead(c, key, w);
            assertTrue(read.cancel(true));
            try {
                read.get();
                fail("a cancelled future gave a result");
            } catch (CancellationException e) {
                assertEquals(0, ExtensionsKt.getCancelledOutcomes(e).size());
            }
        }
    }

    @Test
    public void aKeyedSendInterruptedWhileHeldKeepsItsKeyUntilItsRequestLands() throws Exception {
        String key = mintKey();
        try (JavaWalletClient c = clientWithKey(key)) {
            String payer = unique("ikpay");
            c.createWallet(payer);
            fund(c.createAddress(payer).getAddress(), "1");
            String payee = unique("ikto");
            c.createWallet(payee);
            String recipient = c.createAddress(payee).getAddress();
            Amount amount = ExtensionsKt.ofLtc(Amount.Companion, "0.1");
            SendFundsFromWalletOptions options = new SendFundsFromWalletOptions(null, null, null, null, "java-int-1");
            hold("/api/Transactions/send-funds-from-wallet", 2_000, key);
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    c.sendFundsFromWallet(payer, recipient, amount, options);
                } catch (Throwable t) {
                    thrown.set(t);
                    stillInterrupted.set(Thread.currentThread().isInterrupted());
                }
            });
            caller.start();
            Thread.sleep(500);
            caller.interrupt();
            caller.join(3_000);
            // the send runs on in the core: the interrupted caller learns that, with its token
            assertTrue(String.valueOf(thrown.get()), thrown.get() instanceof WalletException.OutcomeUnknownException);
            assertTrue("the interrupt status is set again", stillInterrupted.get());
            String token = ExtensionsKt.getOutcomeToken((WalletException) thrown.get());
            assertTrue(String.valueOf(token), token != null && token.contains("java-int-1"));
            // the retry at once pays nothing: the first request still holds the key
            try {
                c.sendFundsFromWallet(payer, recipient, amount, options);
                fail("a second send of a key whose first send is on its way went out");
            } catch (WalletException.ConflictException expected) {
            }
            Resolution resolved = c.resolveToken(token); // waits for the held request to settle
            assertEquals(resolved.getReason(), ResolutionState.APPLIED, resolved.getState());
            SentFunds again = c.sendFundsFromWallet(payer, recipient, amount, options);
            assertTrue("the retry replays the first send", again.getReplayed());
            assertEquals(resolved.getTxid(), again.getTxid());
            long sends = c.walletTransactions(payer, new WalletTransactionsOptions(null, 100)).getItems().stream()
                    .filter(t -> "send".equals(t.getCategory()) && recipient.equals(t.getAddress()))
                    .count();
            assertEquals("exactly one payment", 1L, sends);
        }
    }
}
