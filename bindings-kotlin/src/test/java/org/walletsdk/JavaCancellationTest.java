package org.walletsdk;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.walletsdk.JavaCallerTest.clientWithKey;
import static org.walletsdk.JavaCallerTest.hold;
import static org.walletsdk.JavaCallerTest.mintKey;
import static org.walletsdk.JavaCallerTest.unique;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.junit.Test;

/**
 * Cancellation from Java, counted with the debug library's `inFlightCalls` (a test-only export,
 * absent from the release library that the packed jar carries, so this class is not part of
 * JavaCallerTest's run against the jar).
 */
public class JavaCancellationTest {
    @Test
    public void cancellingTheFutureOfAReadAbortsTheRustCall() throws Exception {
        String key = mintKey();
        try (JavaWalletClient c = clientWithKey(key)) {
            String w = unique("cancel");
            c.createWallet(w);
            hold("/api/Wallet/balance", 6_000, key);
            long started = System.nanoTime();
            CompletableFuture<WalletBalance> f = c.walletBalanceAsync(w);
            Thread.sleep(500);
            assertFalse("done while the sandbox holds it", f.isDone());
            assertTrue(c.client.inFlightCalls() >= 1);
            assertTrue(f.cancel(true));
            try {
                f.get();
                fail("a cancelled future gave a result");
            } catch (CancellationException expected) {
            }
            // the Rust call is gone long before the sandbox would have answered
            long n = c.client.inFlightCalls();
            for (int i = 0; i < 100 && n > 0; i++) {
                Thread.sleep(20);
                n = c.client.inFlightCalls();
            }
            long elapsedMs = (System.nanoTime() - started) / 1_000_000;
            assertEquals("calls still running " + elapsedMs + " ms after the start", 0L, n);
            assertTrue("took " + elapsedMs + " ms", elapsedMs < 4_000);
            assertEquals(0L, c.walletBalance(w).getConfirmed().getLitoshis()); // still usable
        }
    }
}
