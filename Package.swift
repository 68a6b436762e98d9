// swift-tools-version:6.0
// WalletSDK: Swift bindings of the wallet SDK (uniffi over the Rust core), Swift 6 language mode.
// The one Swift package of the repository, at its root so that `.package(url:)` finds it; every
// target lives in `bindings-swift/` (bindings-swift/README.md; how it is built: CONTRIBUTING.md, "The Swift binding").
//
// Apple platforms: the native library comes as `WalletSDKFFI.xcframework` (built on macOS by
// `bindings-swift/build-xcframework.sh`), a binary target; a release replaces its `path:` with
// `url:` + `checksum:` (CONTRIBUTING.md, "Releasing the Swift package"). Linux: the same Swift sources link
// the host-built `libwallet_sdk_ffi.so` through a system-library module
// (`bindings-swift/Sources/WalletSDKFFI`, written by `bindings-swift/swift-root.sh`), because a
// binaryTarget XCFramework cannot be used there.
// The Swift sources in `bindings-swift/Sources/WalletSDK/Generated` are generated (not committed).
//
// Platforms: the declared minimums are those of the XCFramework's slices (build-xcframework.sh:
// IPHONEOS_DEPLOYMENT_TARGET=13.0, MACOSX_DEPLOYMENT_TARGET=10.15). Anything newer that a target
// uses is behind `@available` / `#available` (CONTRIBUTING.md, "Apple platforms").
import PackageDescription

#if os(Linux)
let ffiTarget: Target = .systemLibrary(name: "WalletSDKFFI", path: "bindings-swift/Sources/WalletSDKFFI")
#else
let ffiTarget: Target = .binaryTarget(name: "WalletSDKFFI", path: "bindings-swift/WalletSDKFFI.xcframework")
#endif

let package = Package(
    name: "WalletSDK",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    products: [
        .library(name: "WalletSDK", targets: ["WalletSDK"]),
    ],
    targets: [
        ffiTarget,
        .target(name: "WalletSDK", dependencies: ["WalletSDKFFI"], path: "bindings-swift/Sources/WalletSDK"),
        .testTarget(name: "WalletSDKTests", dependencies: ["WalletSDK"], path: "bindings-swift/Tests/WalletSDKTests"),
        // The programs below are not products: a package that depends on WalletSDK never builds them.
        // the runner of the shared scenarios (tests/scenarios) and of the hostile cells, run by
        // bindings-swift/run-scenarios.sh and scripts/test-hostile
        .executableTarget(name: "WalletSDKScenarios", dependencies: ["WalletSDK"], path: "bindings-swift/Sources/WalletSDKScenarios"),
        // the README's quickstart as a program, built and run against the sandbox by run-tests.sh
        .executableTarget(name: "WalletSDKQuickstart", dependencies: ["WalletSDK"], path: "bindings-swift/Sources/WalletSDKQuickstart"),
        // verify_message per call for `make bench` (bench/swift/run.sh)
        .executableTarget(name: "WalletSDKBench", dependencies: ["WalletSDK"], path: "bindings-swift/Sources/WalletSDKBench"),
        // the Swift WalletClient and URLSession rows of bench/run.py (bench/swift/clients.sh)
        .executableTarget(name: "WalletSDKClientBench", dependencies: ["WalletSDK"], path: "bindings-swift/Sources/WalletSDKClientBench"),
        // the soak (bench/soak/swift/build.sh, scripts/soak); reads /proc, so Linux only at run time
        .executableTarget(name: "WalletSDKSoak", dependencies: ["WalletSDK"], path: "bindings-swift/Sources/WalletSDKSoak"),
        // the Swift code samples of the Markdown files, compiled and never run: scripts/samples.py writes
        // them into Generated/ (not committed) beside the stand-ins they may use; bindings-swift/run-tests.sh
        .target(name: "WalletSDKSamples", dependencies: ["WalletSDK"], path: "bindings-swift/Sources/WalletSDKSamples"),
    ],
    swiftLanguageModes: [.v6]
)
