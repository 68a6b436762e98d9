// The OkHttp row of the side-by-side harness (bench/run.py): OkHttp's async client (HTTP/1.1,
// its connection pool, N calls in flight: each completion starts the next call) and Jackson
// decoding the envelope and the balance into typed classes, as a hand-written Android or JVM
// client of the service would.
//
//     java -cp ... OkHttpJava URL CALLS WARM N     -> one JSON line, as the other clients print
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

public class OkHttpJava {
    static final String KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl";
    static final String ADDRESS = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9";
    static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public static class Balance {
        public String address;
        public double confirmed;
        public double unconfirmed;
        public long height;
        public long utxoCount;
    }

    public static class BalanceEnvelope {
        public boolean successful;
        public String message;
        public Balance data;
    }

    public static void main(String[] args) throws Exception {
        String url = args[0] + "/api/Address/address-balance?address=" + ADDRESS;
        int calls = Integer.parseInt(args[1]), warm = Integer.parseInt(args[2]), inFlight = Integer.parseInt(args[3]);
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(inFlight);
        dispatcher.setMaxRequestsPerHost(inFlight);
        OkHttpClient client = new OkHttpClient.Builder()
            .dispatcher(dispatcher)
            .connectionPool(new ConnectionPool(inFlight, 5, TimeUnit.MINUTES))
            .protocols(List.of(Protocol.HTTP_1_1))
            .build();
        Request request = new Request.Builder().url(url).header("nodeUrlOrApiAccessKey", KEY).build();
        BenchRow.run("OkHttp + Jackson", calls, warm, inFlight, done -> client.newCall(request).enqueue(new Callback() {
            @Override
            public void onFailure(Call call, IOException e) {
                BenchRow.fail(e);
            }

            @Override
            public void onResponse(Call call, Response response) throws IOException {
                try (response) {
                    BalanceEnvelope envelope = JSON.readValue(response.body().byteStream(), BalanceEnvelope.class);
                    if (response.code() != 200 || !envelope.successful || envelope.data.utxoCount != 3) {
                        BenchRow.fail(response.code());
                    }
                }
                done.run();
            }
        }));
    }
}
