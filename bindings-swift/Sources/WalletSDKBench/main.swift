// verify_message through the Swift bindings (uniffi, C calls) per call, for `make bench`
// (bench/swift/run.sh): the same message, address and signature as core/benches/offline.rs and
// bench/kotlin, best of five rounds after a warm-up, printed in the Rust bench's line format.
import Foundation
import WalletSDK

let address = "LZEyQ5Kez1CnmCAehso3wqu2LH6ux251aL"
let message = "Trust no one"
let signature = "IC5ptVNBb5AbIQAISbQxPem7QY7F/pijKxOUXs8M62GFciVCLvhp9XM/j+3Fu+RKbuEOxtzvUSFcxLnD36FXYfU="

precondition(verifyMessage(address: address, message: message, signature: signature), "the signature must verify")
let calls = 20_000
for _ in 0..<calls { _ = verifyMessage(address: address, message: message, signature: signature) }
var best = 0.0
for _ in 0..<5 {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls { _ = verifyMessage(address: address, message: message, signature: signature) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    best = max(best, Double(calls) / seconds)
}
let label = "verify_message (p2pkh), Swift".padding(toLength: 44, withPad: " ", startingAt: 0)
print("\(label) \(calls) calls ×5 \(String(format: "%8.1f", 1e6 / best)) µs/call \(String(format: "%8d", Int(best))) calls/s")
