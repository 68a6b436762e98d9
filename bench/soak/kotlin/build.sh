#!/usr/bin/env bash
# Builds the Kotlin soak (bench/soak/kotlin/Soak.kt) the way bench/kotlin/clients.sh builds the
# bench's Kotlin row: the Kotlin library and Soak.kt with Maven (bindings-kotlin/build.sh: pom.xml,
# profile `programs`), the bindings generated from the release FFI library (scripts/soak builds
# it); both jars and the library are copied into target/soak/kotlin so that other builds rewriting
# bindings-kotlin/build or target/release mid-run do not change what runs (JNA, kotlinx-coroutines
# and kotlin-stdlib are Maven's jars in ~/.m2). Run under flock /tmp/kotlin-swift-tests.lock
# (bindings-kotlin/build.sh rewrites the generated sources). Prints the command; scripts/soak
# appends PORTS PHASE CALLS WARM N SLACK CANCEL_MS SETTLE_S.
# Exits 3 with the reason on stderr when the toolchain is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
command -v java >/dev/null || { echo "no java" >&2; exit 3; }
command -v mvn >/dev/null || command -v apt-get >/dev/null ||
  { echo "no maven and no apt-get to install it" >&2; exit 3; }
export WALLET_SDK_FFI_LIB=${CARGO_TARGET_DIR:-$root/target}/release/libwallet_sdk_ffi.so
. "$root/bindings-kotlin/build.sh" >&2
out=${CARGO_TARGET_DIR:-$root/target}/soak/kotlin
mkdir -p "$out"
cmp -s "$main_jar" "$out/main.jar" || cp "$main_jar" "$out/main.jar"
cmp -s "$programs_jar" "$out/programs.jar" || cp "$programs_jar" "$out/programs.jar"
cp "$WALLET_SDK_FFI_LIB" "$out/"
# A fixed, pre-touched heap: the RSS then measures what is not the Java heap's filling up
# (native memory, JNA, metaspace, code), where a leak of the bindings would show.
printf '%q ' java -Xms64m -Xmx64m -XX:+AlwaysPreTouch -XX:-UseDynamicNumberOfCompilerThreads -XX:-UseDynamicNumberOfGCThreads -Djna.library.path="$out" \
  -cp "$out/programs.jar:$out/main.jar:$cp_runtime" org.walletsdk.soak.SoakKt
echo
