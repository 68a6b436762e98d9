// The Swift rows of the side-by-side harness (bench/run.py; built by bench/swift/clients.sh):
//
//     WalletSDKClientBench sdk        URL CALLS WARM N   # WalletClient.addressBalance, N tasks
//     WalletSDKClientBench urlsession URL CALLS WARM N   # URLSession + JSONDecoder, N tasks
//
// The same call as the other rows (GET /api/Address/address-balance with the credential header,
// the envelope decoded and checked), WARM untimed calls first, then CALLS timed ones. Prints one
// JSON line, as the other clients do.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WalletSDK

// A structurally valid, long-lived JWT: the responder does not check it.
let key = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl"
let address = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9"

// What a hand-rolled client would decode: the envelope and the balance, typed.
struct Envelope: Decodable {
    let successful: Bool
    let data: Balance
}

struct Balance: Decodable {
    let address: String
    let confirmed: Double
    let unconfirmed: Double
    let height: Int
    let utxoCount: Int
}

typealias Call = @Sendable () async throws -> Void

func makeCall(_ kind: String, _ base: String, _ inFlight: Int) throws -> (String, Call) {
    switch kind {
    case "sdk":
        let client = try WalletClient(config: WalletClientConfig(baseUrl: base, credential: Secret(value: key)))
        return ("Swift WalletClient (async), \(inFlight) in flight", {
            let balance = try await client.addressBalance(address: address)
            precondition(balance.utxoCount == 3)
        })
    case "urlsession":
        // the row measures URLSession's async API, which is iOS 15 / macOS 12 (Linux: always there)
        guard #available(iOS 15, macOS 12, tvOS 15, watchOS 8, *) else { fatalError("the urlsession row needs iOS 15 / macOS 12") }
        // as many connections as calls in flight, as aiohttp's connector limit in the Python row
        let config = URLSessionConfiguration.ephemeral
        config.httpMaximumConnectionsPerHost = inFlight
        let session = URLSession(configuration: config)
        var request = URLRequest(url: URL(string: "\(base)/api/Address/address-balance?address=\(address)")!)
        request.setValue(key, forHTTPHeaderField: "nodeUrlOrApiAccessKey")
        let get = request
        return ("URLSession + JSONDecoder, \(inFlight) in flight", {
            let (data, response) = try await session.data(for: get)
            precondition((response as? HTTPURLResponse)?.statusCode == 200)
            let envelope = try JSONDecoder().decode(Envelope.self, from: data)
            precondition(envelope.successful && envelope.data.utxoCount == 3)
        })
    default:
        fatalError("unknown client \(kind)")
    }
}

/// `inFlight` tasks, each making its share of `calls` one after the other; every call's latency
/// in ns. (Fixed shares need no shared counter, which Swift 6 would make an actor hop per call.)
func drive(_ calls: Int, _ inFlight: Int, _ call: @escaping Call) async throws -> [UInt64] {
    try await withThrowingTaskGroup(of: [UInt64].self) { group in
        for i in 0..<inFlight {
            let share = calls / inFlight + (i < calls % inFlight ? 1 : 0)
            group.addTask {
                var latencies: [UInt64] = []
                latencies.reserveCapacity(share)
                for _ in 0..<share {
                    let start = DispatchTime.now().uptimeNanoseconds
                    try await call()
                    latencies.append(DispatchTime.now().uptimeNanoseconds - start)
                }
                return latencies
            }
        }
        var all: [UInt64] = []
        for try await part in group { all += part }
        return all
    }
}

let args = CommandLine.arguments
let (calls, warm, inFlight) = (Int(args[3])!, Int(args[4])!, Int(args[5])!)
let (label, call) = try makeCall(args[1], args[2], inFlight)
_ = try await drive(warm, inFlight, call)
let start = DispatchTime.now().uptimeNanoseconds
let latencies = try await drive(calls, inFlight, call).sorted()
let secs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let pct = { (p: Double) in Double(latencies[min(Int(Double(calls) * p), calls - 1)]) / 1e3 }
print("{\"client\":\"\(label)\"," + String(format: "\"calls\":%d,\"secs\":%.6f,\"p50_us\":%.1f,\"p99_us\":%.1f}",
                                                calls, secs, pct(0.50), pct(0.99)))
