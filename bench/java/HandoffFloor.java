// What a thread per call costs on one core, without the SDK: the floor under the
// `java-blocking` row (docs/adr/0022 gives what it showed).
//
// One service thread does WORK_US of busy work per request and completes the request's
// CompletableFuture. Two ways to keep N requests in flight against it:
//   futures  each completion starts the next request on the service thread (no other thread
//            runs: what the Kotlin and Java-futures rows do, batched on one thread);
//   threads  N platform threads each submit a request and wait in get() (what the
//            java-blocking row does: every call wakes its own thread).
// The ratio threads ÷ futures is the best a blocking API can reach at that work per call.
//
//     javac -d /tmp/floor bench/java/HandoffFloor.java
//     taskset -c 1 java -cp /tmp/floor HandoffFloor CALLS N WORK_US
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

public final class HandoffFloor {
    private final ConcurrentLinkedQueue<CompletableFuture<Long>> requests = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean sleeping = new AtomicBoolean();
    private final long workNanos;
    private volatile Thread service;
    private volatile boolean stop;

    private HandoffFloor(long workNanos) {
        this.workNanos = workNanos;
    }

    private void submit(CompletableFuture<Long> request) {
        requests.add(request);
        if (sleeping.get() && sleeping.compareAndSet(true, false)) LockSupport.unpark(service);
    }

    private void serve() {
        long sink = 0;
        while (!stop) {
            CompletableFuture<Long> request = requests.poll();
            if (request == null) {
                sleeping.set(true);
                if (requests.isEmpty() && !stop) LockSupport.park();
                sleeping.set(false);
                continue;
            }
            long until = System.nanoTime() + workNanos;
            while (System.nanoTime() < until) sink++;
            request.complete(sink);
        }
    }

    private void startFuture(AtomicInteger next, int calls, CountDownLatch done) {
        if (next.getAndIncrement() >= calls) return;
        CompletableFuture<Long> request = new CompletableFuture<>();
        request.thenRun(() -> {
            done.countDown();
            startFuture(next, calls, done);
        });
        submit(request);
    }

    private double futures(int calls, int inFlight) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(calls);
        long start = System.nanoTime();
        for (int i = 0; i < inFlight; i++) startFuture(next, calls, done);
        done.await();
        return calls / ((System.nanoTime() - start) / 1e9);
    }

    private double threads(int calls, int threads) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        Thread[] workers = new Thread[threads];
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            workers[t] = new Thread(() -> {
                while (next.getAndIncrement() < calls) {
                    CompletableFuture<Long> request = new CompletableFuture<>();
                    submit(request);
                    request.join();
                }
            });
            workers[t].start();
        }
        for (Thread worker : workers) worker.join();
        return calls / ((System.nanoTime() - start) / 1e9);
    }

    public static void main(String[] args) throws InterruptedException {
        int calls = Integer.parseInt(args[0]);
        int inFlight = Integer.parseInt(args[1]);
        HandoffFloor floor = new HandoffFloor(Long.parseLong(args[2]) * 1000);
        floor.service = new Thread(floor::serve);
        floor.service.setDaemon(true);
        floor.service.start();
        // warm-up of both paths, then alternating measured rounds
        floor.futures(calls / 10, inFlight);
        floor.threads(calls / 10, inFlight);
        for (int round = 0; round < 3; round++) {
            double f = floor.futures(calls, inFlight);
            double t = floor.threads(calls, inFlight);
            System.out.println(String.format(Locale.ROOT, "futures %.0f/s, threads %.0f/s, threads/futures %.2f", f, t, t / f));
        }
        floor.stop = true;
    }
}
