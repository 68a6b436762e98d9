// The JDK baseline of the side-by-side harness (bench/run.py): java.net.http.HttpClient,
// HTTP/1.1, N calls in flight (each completion starts the next call), the body read as a String
// and checked (the JDK has no JSON parser; a hand-rolled client would add one).
//
//     java -cp DIR RawJava URL CALLS WARM N     -> one JSON line, as the other clients print
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

public class RawJava {
    static final String KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl";
    static final String ADDRESS = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9";

    public static void main(String[] args) throws Exception {
        String url = args[0] + "/api/Address/address-balance?address=" + ADDRESS;
        int calls = Integer.parseInt(args[1]), warm = Integer.parseInt(args[2]), inFlight = Integer.parseInt(args[3]);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("nodeUrlOrApiAccessKey", KEY).GET().build();
        drive(client, request, warm, inFlight);
        long start = System.nanoTime();
        long[] lat = drive(client, request, calls, inFlight);
        double secs = (System.nanoTime() - start) / 1e9;
        Arrays.sort(lat);
        System.out.printf("{\"client\":\"JDK java.net.http, %d in flight\",\"calls\":%d,\"secs\":%.6f,\"p50_us\":%.1f,\"p99_us\":%.1f}%n",
            inFlight, calls, secs, lat[(int) (calls * 0.50)] / 1e3, lat[Math.min((int) (calls * 0.99), calls - 1)] / 1e3);
        System.exit(0);
    }

    static long[] drive(HttpClient client, HttpRequest request, int calls, int inFlight) throws InterruptedException {
        long[] lat = new long[calls];
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(calls);
        for (int i = 0; i < Math.min(inFlight, calls); i++) {
            start(client, request, next, calls, lat, done);
        }
        done.await();
        return lat;
    }

    static void start(HttpClient client, HttpRequest request, AtomicInteger next, int calls, long[] lat, CountDownLatch done) {
        int i = next.getAndIncrement();
        if (i >= calls) return;
        long t = System.nanoTime();
        client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((resp, err) -> {
            if (err != null || resp.statusCode() != 200 || !resp.body().contains("\"utxoCount\":3")) {
                System.err.println("bad answer: " + (err != null ? err : resp.statusCode()));
                System.exit(1);
            }
            lat[i] = System.nanoTime() - t;
            done.countDown();
            start(client, request, next, calls, lat, done);
        });
    }
}
