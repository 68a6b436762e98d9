// swift-tools-version:6.0
// WalletSDK: Swift bindings of the wallet SDK (uniffi over the Rust core), Swift 6 language mode.
//
// Apple platforms: the native library comes as `WalletSDKFFI.xcframework` (built on macOS by
// `build-xcframework.sh`), a binary target. Linux: the same Swift sources link the host-built
// `libwallet_sdk_ffi.so` through a system-library module (`Sources/WalletSDKFFI`, written by
// `run-tests.sh`), because a binaryTarget XCFramework cannot be used there.
// The Swift sources in `Sources/WalletSDK/Generated` are generated (not committed).
import PackageDescription

#if os(Linux)
let ffiTarget: Target = .systemLibrary(name: "WalletSDKFFI", path: "Sources/WalletSDKFFI")
#else
let ffiTarget: Target = .binaryTarget(name: "WalletSDKFFI", path: "WalletSDKFFI.xcframework")
#endif

let package = Package(
    name: "WalletSDK",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    products: [
        .library(name: "WalletSDK", targets: ["WalletSDK"]),
    ],
    targets: [
        ffiTarget,
        .target(name: "WalletSDK", dependencies: ["WalletSDKFFI"], path: "Sources/WalletSDK"),
        .testTarget(name: "WalletSDKTests", dependencies: ["WalletSDK"], path: "Tests/WalletSDKTests"),
        // the runner of the shared scenarios (../tests/scenarios), run by run-scenarios.sh; not a product
        .executableTarget(name: "WalletSDKScenarios", dependencies: ["WalletSDK"], path: "Sources/WalletSDKScenarios"),
        // the README's quickstart as a program, built and run against the sandbox by run-tests.sh
        .executableTarget(name: "WalletSDKQuickstart", dependencies: ["WalletSDK"], path: "Sources/WalletSDKQuickstart"),
        // verify_message per call for `make bench` (bench/swift/run.sh)
        .executableTarget(name: "WalletSDKBench", dependencies: ["WalletSDK"], path: "Sources/WalletSDKBench"),
        // the Swift WalletClient and URLSession rows of bench/run.py (bench/swift/clients.sh)
        .executableTarget(name: "WalletSDKClientBench", dependencies: ["WalletSDK"], path: "Sources/WalletSDKClientBench"),
    ],
    swiftLanguageModes: [.v6]
)
