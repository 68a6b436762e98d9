// The Swift soak (make soak; built by bench/soak/swift/build.sh, driven by scripts/soak):
//
//     WalletSDKSoak OK,SLOW,E500,GARBAGE,REFUSED PHASE CALLS WARM N SLACK CANCEL_MS SETTLE_S
//
// PORTS are the soak responder's (bench/soak/rust/soak.rs). PHASE:
//   success  WalletClient.addressBalance against OK
//   cancel   the same against SLOW in a Task that is cancelled (Task.cancel()) after
//            CANCEL_MS, while the request is in flight
//   fail     against REFUSED, E500 and GARBAGE in turn (maxAttempts 1)
// N tasks (a task group), each making its share of the calls. WARM calls of the same kind first,
// then VmRSS, open fds and threads; the phase; a settle of up to SETTLE_S seconds for the threads
// to come back to the warm-up's level and the fds to at most SLACK above it (idle keep-alive
// connections the pool may keep); the same again. Prints one JSON line, as the other languages do.
import Foundation
import WalletSDK

// A structurally valid, long-lived JWT: the responder does not check it.
let key = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl"
let address = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9"

/// (VmRSS kB, open fds, threads) of this process.
func measure() -> [Int] {
    var rss = 0, threads = 0
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") {
        let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if line.hasPrefix("VmRSS:"), parts.count > 1 { rss = Int(parts[1]) ?? 0 }
        if line.hasPrefix("Threads:"), parts.count > 1 { threads = Int(parts[1]) ?? 0 }
    }
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    return [rss, fds, threads]
}

/// The names of this process's threads (`/proc/self/task/*/comm`), for the report of a thread that
/// stayed.
func threadNames() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.sorted()
}

struct Outcomes: Sendable {
    var ok = 0
    var cancelled = 0
    var errors: [String: Int] = [:]
    mutating func add(_ other: Outcomes) {
        ok += other.ok
        cancelled += other.cancelled
        for (k, v) in other.errors { errors[k, default: 0] += v }
    }
}

let args = CommandLine.arguments
let ports = args[1].split(separator: ",").map { Int($0)! }
let phase = args[2]
let (calls, warm, inFlight) = (Int(args[3])!, Int(args[4])!, Int(args[5])!)
let slack = Int(args[6])!
let cancelAfterNs = UInt64(Double(args[7])! * 1e6)
let settleNs = UInt64(Double(args[8])! * 1e9)
let clients = try ports.map {
    try WalletClient(config: WalletClientConfig(baseUrl: "http://127.0.0.1:\($0)", credential: Secret(value: key),
                                                maxAttempts: 1, noProxy: true))
}
let (ok, slow) = (clients[0], clients[1])
let failing = [clients[4], clients[2], clients[3]]  // refused, 500, undecodable

func record(_ result: Result<AddressBalance, any Error>, _ out: inout Outcomes) {
    switch result {
    case .success(let balance):
        precondition(balance.utxoCount == 3)
        out.ok += 1
    case .failure(let error as WalletError):
        out.errors[error.kind, default: 0] += 1
    case .failure(let error):
        out.errors[String(describing: type(of: error)), default: 0] += 1
    }
}

func one(_ i: Int, _ out: inout Outcomes) async {
    switch phase {
    case "success":
        record(await attempt({ try await ok.addressBalance(address: address) }), &out)
    case "cancel":
        let task = Task { try await slow.addressBalance(address: address) }
        try? await Task.sleep(nanoseconds: cancelAfterNs)
        task.cancel()
        switch await task.result {
        case .failure(is CancellationError):
            out.cancelled += 1
        case .failure(let error as WalletError) where error.kind == "cancelled":
            out.cancelled += 1
        case let other:
            record(other, &out)
        }
    case "fail":
        record(await attempt({ try await failing[i % 3].addressBalance(address: address) }), &out)
    default:
        fatalError("unknown phase \(phase)")
    }
}

func drive(_ n: Int) async -> Outcomes {
    await withTaskGroup(of: Outcomes.self) { group in
        var first = 0
        for w in 0..<inFlight {
            let share = n / inFlight + (w < n % inFlight ? 1 : 0)
            let start = first
            first += share
            group.addTask {
                var out = Outcomes()
                for i in start..<(start + share) { await one(i, &out) }
                return out
            }
        }
        var all = Outcomes()
        for await part in group { all.add(part) }
        return all
    }
}

func attempt(_ body: () async throws -> AddressBalance) async -> Result<AddressBalance, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
}

_ = await drive(warm)
try? await Task.sleep(nanoseconds: 500_000_000)
let before = measure()
let namesBefore = threadNames()
let start = DispatchTime.now().uptimeNanoseconds
let out = await drive(calls)
let secs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
try? await Task.sleep(nanoseconds: 500_000_000)
let deadline = DispatchTime.now().uptimeNanoseconds + settleNs
var after = measure()
while (after[1] > before[1] + slack || after[2] > before[2]) && DispatchTime.now().uptimeNanoseconds < deadline {
    try? await Task.sleep(nanoseconds: 250_000_000)
    after = measure()
}
if after[2] > before[2] {
    FileHandle.standardError.write(Data("soak: threads before: \(namesBefore)\nsoak: threads after: \(threadNames())\n".utf8))
}
let expected = phase == "success" ? out.ok : phase == "cancel" ? out.cancelled : out.errors.values.reduce(0, +)
let errors = out.errors.keys.sorted().map { "\"\($0)\":\(out.errors[$0]!)" }.joined(separator: ",")
print("{\"lang\":\"swift\",\"phase\":\"\(phase)\",\"calls\":\(calls),\"warmup\":\(warm),\"in_flight\":\(inFlight),"
    + String(format: "\"secs\":%.3f,", secs)
    + "\"ok\":\(out.ok),\"cancelled\":\(out.cancelled),\"errors\":{\(errors)},\"expected\":\(expected),"
    + "\"rss_before_kb\":\(before[0]),\"rss_after_kb\":\(after[0]),\"fds_before\":\(before[1]),\"fds_after\":\(after[1]),"
    + "\"threads_before\":\(before[2]),\"threads_after\":\(after[2])}")
