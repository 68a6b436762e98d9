// The JDK baseline of the side-by-side harness (bench/run.py): java.net.http.HttpClient,
// HTTP/1.1, N calls in flight (each completion starts the next call), the body read as a String
// and checked (the JDK has no JSON parser; a hand-rolled client would add one).
//
//     java -cp DIR RawJava URL CALLS WARM N     -> one JSON line, as the other clients print
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

public class RawJava {
    static final String KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl";
    static final String ADDRESS = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9";

    public static void main(String[] args) throws Exception {
        String url = args[0] + "/api/Address/address-balance?address=" + ADDRESS;
        int calls = Integer.parseInt(args[1]), warm = Integer.parseInt(args[2]), inFlight = Integer.parseInt(args[3]);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("nodeUrlOrApiAccessKey", KEY).GET().build();
        BenchRow.run("JDK java.net.http", calls, warm, inFlight, done ->
            client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((resp, err) -> {
                if (err != null || resp.statusCode() != 200 || !resp.body().contains("\"utxoCount\":3")) {
                    BenchRow.fail(err != null ? err : resp.statusCode());
                }
                done.run();
            }));
    }
}
