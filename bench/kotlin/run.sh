#!/usr/bin/env bash
# The Kotlin line of the offline bench: builds the release FFI library, the Kotlin library and
# OfflineBench.kt with Maven (bindings-kotlin/build.sh: pom.xml, profile `programs`, the bindings
# generated from the release library; make bench runs this under flock /tmp/kotlin-swift-tests.lock)
# and prints verify_message per call, then the ratio to the Rust figure when one is given
# (`bench/kotlin/run.sh RUST_CALLS_PER_SECOND`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cargo build -q -p wallet-sdk-ffi --release
export WALLET_SDK_FFI_LIB=${CARGO_TARGET_DIR:-$root/target}/release/libwallet_sdk_ffi.so
. "$root/bindings-kotlin/build.sh"
line=$(java -Djna.library.path="$libdir" -cp "$programs_jar:$main_jar:$cp_runtime" org.walletsdk.bench.OfflineBenchKt)
echo "$line"
if [ -n "${1:-}" ]; then
  rate=$(echo "$line" | awk '{print $(NF-1)}')
  awk -v k="$rate" -v r="$1" 'BEGIN { printf "verify_message: Kotlin %d/s, Rust %d/s: %.2fx (target >= 0.8x)\n", k, r, k / r }'
fi
