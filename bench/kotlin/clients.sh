#!/usr/bin/env bash
# Builds the Kotlin row of the side-by-side harness (bench/run.sh runs this under
# flock /tmp/kotlin-swift-tests.lock, since bindings-kotlin/build.sh rewrites the generated
# sources): the Kotlin library against the release FFI library (built by bench/run.sh), then
# ClientBench.kt against it. Both jars and the library are copied into target/bench-kotlin, so
# that other builds rewriting bindings-kotlin/build or target/release while the bench runs do not
# change what the row loads. Prints the command; bench/run.py appends URL CALLS WARM N.
# Exits 3 with the reason on stderr when the toolchain is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v java >/dev/null || { echo "no java" >&2; exit 3; }
ls "${WALLET_SDK_TOOLS:-$root/.tools}"/kotlin-*/bin/kotlinc >/dev/null 2>&1 || command -v npm >/dev/null ||
  { echo "no kotlinc and no npm to install it" >&2; exit 3; }
export WALLET_SDK_FFI_LIB=${CARGO_TARGET_DIR:-$root/target}/release/libwallet_sdk_ffi.so
. "$root/bindings-kotlin/build.sh" >&2
out=${CARGO_TARGET_DIR:-$root/target}/bench-kotlin
mkdir -p "$out"
if ! cmp -s "$main_jar" "$out/main.jar" || [ "$here/ClientBench.kt" -nt "$out/client.jar" ]; then
  cp "$main_jar" "$out/main.jar"
  "$kotlin_home/bin/kotlinc" -nowarn -cp "$cp_main:$out/main.jar" "$here/ClientBench.kt" -d "$out/client.jar" >&2
fi
cp "$WALLET_SDK_FFI_LIB" "$out/"
printf '%q ' java -Djna.library.path="$out" -cp "$out/client.jar:$out/main.jar:$cp_main:$klib/kotlin-stdlib.jar" \
  org.walletsdk.bench.ClientBenchKt
echo
