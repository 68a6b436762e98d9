#!/usr/bin/env bash
# Builds the JVM rows of the side-by-side harness: Kotlin WalletClient, the Java API and OkHttp
# (bench/run.sh runs this under flock /tmp/kotlin-swift-tests.lock, since
# bindings-kotlin/build.sh rewrites the generated sources): the Kotlin library and the programs
# of bench/kotlin with Maven (bindings-kotlin/build.sh: pom.xml,
# profile `programs`), the bindings generated from the release FFI library (built by bench/run.sh).
# Both jars and the library are copied into target/bench-kotlin, so that other builds rewriting
# bindings-kotlin/build or target/release while the bench runs do not change what the row loads;
# JNA, kotlinx-coroutines and kotlin-stdlib are Maven's jars in ~/.m2. Prints the command;
# bench/run.py appends URL CALLS WARM N.
# Exits 3 with the reason on stderr when the toolchain is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v java >/dev/null || { echo "no java" >&2; exit 3; }
command -v mvn >/dev/null || command -v apt-get >/dev/null ||
  { echo "no maven and no apt-get to install it" >&2; exit 3; }
export WALLET_SDK_FFI_LIB=${CARGO_TARGET_DIR:-$root/target}/release/libwallet_sdk_ffi.so
. "$root/bindings-kotlin/build.sh" >&2
out=${CARGO_TARGET_DIR:-$root/target}/bench-kotlin
mkdir -p "$out"
cmp -s "$main_jar" "$out/main.jar" || cp "$main_jar" "$out/main.jar"
cmp -s "$programs_jar" "$out/programs.jar" || cp "$programs_jar" "$out/programs.jar"
cp "$WALLET_SDK_FFI_LIB" "$out/"
# the JVM peer: OkHttp + Jackson (bench/java/OkHttpJava.java), its jars resolved by bench/java/pom.xml
peers=$root/bench/java
if [ ! -s "$out/peers.classpath" ] || [ "$peers/pom.xml" -nt "$out/peers.classpath" ]; then
  mvn -q -B -ntp -f "$peers/pom.xml" dependency:build-classpath -Dmdep.outputFile="$out/peers.classpath" >&2
fi
if [ ! -f "$out/peers/OkHttpJava.class" ] || [ "$peers/OkHttpJava.java" -nt "$out/peers/OkHttpJava.class" ] ||
   [ "$peers/BenchRow.java" -nt "$out/peers/OkHttpJava.class" ]; then
  javac -d "$out/peers" -cp "$(cat "$out/peers.classpath")" "$peers/OkHttpJava.java" "$peers/BenchRow.java" >&2
fi
# one command for the three rows; bench/run.sh appends the main class of each row (ClientBenchKt,
# JavaApiBenchKt, OkHttpJava)
printf '%q ' java -Djna.library.path="$out" -cp "$out/programs.jar:$out/main.jar:$cp_runtime:$out/peers:$(cat "$out/peers.classpath")"
echo
