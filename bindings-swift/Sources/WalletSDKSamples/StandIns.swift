// The stand-ins of the Markdown samples (CONTRIBUTING.md, Code samples): what a statements-only
// Swift sample may use without defining it. scripts/samples.py writes each ```swift block of the
// Markdown files into Generated/ (not committed) as the body of a function of this target, and
// bindings-swift/run-tests.sh builds it with the package. Nothing here runs.
import WalletSDK

private func standIn() -> Never { fatalError("a stand-in of the Markdown samples") }

/// the app's one client
var client: WalletClient { standIn() }
/// an address of the wallet, or one a customer pays to
var address: String { standIn() }
/// the API key the app was given
var apiKey: String { standIn() }
/// the cursor of the last event the app handled, if any
var savedCursor: String? { standIn() }

/// a logger with os.Logger's and swift-log's level methods
struct SampleLogger: Sendable {
    func debug(_ message: String) {}
    func info(_ message: String) {}
    func error(_ message: String) {}
}
let logger = SampleLogger()

/// the app's own handling of an event
func handle(_ facts: Any...) {}
/// the app stores the cursor of an event it handled
func saveCursor(_ cursor: String) {}
/// the app keeps an error's outcome token to resolve it later
func saveForLater(_ outcomeToken: String?) {}
