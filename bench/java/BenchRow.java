// What the JVM rows written in Java share (RawJava, OkHttpJava): N calls in flight taken from one
// counter (each completion starts the next call), the same untimed warm-up first, and one JSON
// line, as every client of bench/run.py prints.
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

final class BenchRow {
    /** Starts one call; runs `done` once its answer has arrived and been checked. */
    interface Call {
        void start(Runnable done);
    }

    private BenchRow() {}

    static void run(String client, int calls, int warm, int inFlight, Call call) throws InterruptedException {
        drive(call, warm, inFlight);
        long start = System.nanoTime();
        long[] lat = drive(call, calls, inFlight);
        double secs = (System.nanoTime() - start) / 1e9;
        Arrays.sort(lat);
        System.out.printf(Locale.ROOT, "{\"client\":\"%s, %d in flight\",\"calls\":%d,\"secs\":%.6f,\"p50_us\":%.1f,\"p99_us\":%.1f}%n",
            client, inFlight, calls, secs, lat[(int) (calls * 0.50)] / 1e3, lat[Math.min((int) (calls * 0.99), calls - 1)] / 1e3);
        System.exit(0);
    }

    static void fail(Object why) {
        System.err.println("bad answer: " + why);
        System.exit(1);
    }

    private static long[] drive(Call call, int calls, int inFlight) throws InterruptedException {
        long[] lat = new long[calls];
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(calls);
        for (int i = 0; i < Math.min(inFlight, calls); i++) {
            startNext(call, next, calls, lat, done);
        }
        done.await();
        return lat;
    }

    private static void startNext(Call call, AtomicInteger next, int calls, long[] lat, CountDownLatch done) {
        int i = next.getAndIncrement();
        if (i >= calls) return;
        long t = System.nanoTime();
        call.start(() -> {
            lat[i] = System.nanoTime() - t;
            done.countDown();
            startNext(call, next, calls, lat, done);
        });
    }
}
