#!/usr/bin/env bash
# The Kotlin line of the offline bench: builds the Kotlin library (bindings-kotlin/build.sh),
# compiles OfflineBench.kt against it and prints verify_message per call, then the ratio to the
# Rust figure when one is given (`bench/kotlin/run.sh RUST_CALLS_PER_SECOND`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/bindings-kotlin/build.sh"
cargo build -q -p wallet-sdk-ffi --release
out=$root/bindings-kotlin/build/bench
mkdir -p "$out"
"$kotlin_home/bin/kotlinc" -nowarn -cp "$cp_main:$main_jar" "$here/OfflineBench.kt" -d "$out/bench.jar"
line=$(java -Djna.library.path="${CARGO_TARGET_DIR:-$root/target}/release" -cp "$out/bench.jar:$main_jar:$cp_main:$klib/kotlin-stdlib.jar" org.walletsdk.bench.OfflineBenchKt)
echo "$line"
if [ -n "${1:-}" ]; then
  rate=$(echo "$line" | awk '{print $(NF-1)}')
  awk -v k="$rate" -v r="$1" 'BEGIN { printf "verify_message: Kotlin %d/s, Rust %d/s: %.2fx (target >= 0.8x)\n", k, r, k / r }'
fi
