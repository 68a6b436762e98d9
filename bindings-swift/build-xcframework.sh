#!/usr/bin/env bash
# macOS only (Xcode + rustup): builds WalletSDKFFI.xcframework (static libraries for iOS
# devices, the iOS simulator and macOS, with the uniffi header and module map) and regenerates
# Sources/WalletSDK/Generated/WalletSDK.swift. The repository's root Package.swift then uses it as
# the binaryTarget WalletSDKFFI (path bindings-swift/WalletSDKFFI.xcframework; a release switches to
# url + checksum: CONTRIBUTING.md, "Releasing the Swift package").
#   bindings-swift/build-xcframework.sh
# Not runnable on Linux (no Xcode); there, run-tests.sh builds and tests the same Swift sources.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
[ "$(uname -s)" = Darwin ] || { echo "build-xcframework.sh needs macOS with Xcode" >&2; exit 1; }
targets=(aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios aarch64-apple-darwin x86_64-apple-darwin)
rustup target add "${targets[@]}"
cd "$root"
export IPHONEOS_DEPLOYMENT_TARGET=13.0 MACOSX_DEPLOYMENT_TARGET=10.15
for t in "${targets[@]}"; do
  # a static library for Apple (the crate itself is cdylib + lib)
  cargo rustc --release -p wallet-sdk-ffi --lib --target "$t" --crate-type staticlib
done

# bindings from the host build (same metadata on every target)
cargo build --release -p wallet-sdk-ffi --lib
gen=$(mktemp -d)
WALLET_SDK_FFI_LIB="$root/target/release/libwallet_sdk_ffi.dylib" \
  "$root/ffi/scripts/generate-bindings.sh" swift "$gen"
mkdir -p "$here/Sources/WalletSDK/Generated"
cp "$gen/WalletSDK.swift" "$here/Sources/WalletSDK/Generated/"

headers=$(mktemp -d)
cp "$gen/WalletSDKFFI.h" "$headers/"
cp "$gen/WalletSDKFFI.modulemap" "$headers/module.modulemap"

out=$(mktemp -d)
lipo -create target/aarch64-apple-ios-sim/release/libwallet_sdk_ffi.a target/x86_64-apple-ios/release/libwallet_sdk_ffi.a \
  -output "$out/libwallet_sdk_ffi-ios-sim.a"
lipo -create target/aarch64-apple-darwin/release/libwallet_sdk_ffi.a target/x86_64-apple-darwin/release/libwallet_sdk_ffi.a \
  -output "$out/libwallet_sdk_ffi-macos.a"
rm -rf "$here/WalletSDKFFI.xcframework"
xcodebuild -create-xcframework \
  -library target/aarch64-apple-ios/release/libwallet_sdk_ffi.a -headers "$headers" \
  -library "$out/libwallet_sdk_ffi-ios-sim.a" -headers "$headers" \
  -library "$out/libwallet_sdk_ffi-macos.a" -headers "$headers" \
  -output "$here/WalletSDKFFI.xcframework"
rm -rf "$gen" "$headers" "$out"
echo "built $here/WalletSDKFFI.xcframework; now: swift build at $root / open $root/Package.swift in Xcode"
