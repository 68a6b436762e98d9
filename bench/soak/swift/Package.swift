// swift-tools-version:6.0
// The Swift soak (issue 24): a package of its own, assembled by bench/soak/swift/build.sh in the
// Swift root (bindings-swift/swift-root.sh) from this manifest, Sources/WalletSDKSoak and a copy
// of the WalletSDK package's sources (the generated bindings and the system-library module of the
// C FFI), so that bindings-swift/Package.swift is not touched and other builds rewriting the
// package's copy do not change what the soak runs.
import PackageDescription

let package = Package(
    name: "WalletSDKSoak",
    targets: [
        .systemLibrary(name: "WalletSDKFFI", path: "Sources/WalletSDKFFI"),
        .target(name: "WalletSDK", dependencies: ["WalletSDKFFI"], path: "Sources/WalletSDK"),
        .executableTarget(name: "WalletSDKSoak", dependencies: ["WalletSDK"], path: "Sources/WalletSDKSoak"),
    ],
    swiftLanguageModes: [.v6]
)
