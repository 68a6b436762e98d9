#!/usr/bin/env bash
# The Swift line of the offline bench: builds the release FFI library, the WalletSDKBench program
# (bindings-swift/Sources/WalletSDKBench) in release mode in the Swift root (swift-root.sh), and
# prints verify_message per call, then the ratio to the Rust figure when one is given
# (`bench/swift/run.sh RUST_CALLS_PER_SECOND`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cargo build -q -p wallet-sdk-ffi --release
export WALLET_SDK_FFI_LIB=${CARGO_TARGET_DIR:-$root/target}/release/libwallet_sdk_ffi.so
. "$root/bindings-swift/swift-root.sh"
swift_root_setup
line=$(swift_in_root "swift build -c release --product WalletSDKBench $swift_link_flags >&2 && \$(swift build -c release --show-bin-path)/WalletSDKBench")
echo "$line"
if [ -n "${1:-}" ]; then
  rate=$(echo "$line" | awk '{print $(NF-1)}')
  awk -v s="$rate" -v r="$1" 'BEGIN { printf "verify_message: Swift %d/s, Rust %d/s: %.2fx (target >= 0.8x)\n", s, r, s / r }'
fi
