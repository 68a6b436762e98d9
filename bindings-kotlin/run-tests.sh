#!/usr/bin/env bash
# Compiles the generated Kotlin bindings, the hand-written extensions and the JUnit4 tests with
# kotlinc and runs them on the JVM against a sandbox (started with scripts/with-sandbox unless
# WALLET_SDK_BASE_URL is already set). Prints JUnit's summary and a final `N passed, N failed`.
#
# Toolchain (installed idempotently): kotlinc from the npm package kotlin-compiler into
# $WALLET_SDK_TOOLS (default <repo>/.tools, gitignored); JNA and JUnit4 from Debian
# (libjna-java, junit4).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -z "${WALLET_SDK_BASE_URL:-}" ]; then
  exec "$root/scripts/with-sandbox" "$0" "$@"
fi

KOTLIN_VERSION=2.4.20
tools=${WALLET_SDK_TOOLS:-$root/.tools}
kotlin_home=$tools/kotlin-$KOTLIN_VERSION
if [ ! -x "$kotlin_home/bin/kotlinc" ]; then
  echo "installing kotlinc $KOTLIN_VERSION into $kotlin_home" >&2
  command -v npm >/dev/null || { echo "npm is required to install kotlinc" >&2; exit 1; }
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "kotlin-compiler@$KOTLIN_VERSION" >/dev/null && tar xzf "kotlin-compiler-$KOTLIN_VERSION.tgz")
  mkdir -p "$tools"
  rm -rf "$kotlin_home"
  mv "$tmp/package" "$kotlin_home"
  rm -rf "$tmp"
fi
if [ ! -f /usr/share/java/jna.jar ] || [ ! -f /usr/share/java/junit4.jar ]; then
  echo "installing libjna-java and junit4 (Debian)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjna-java junit4 >/dev/null
fi
java_libs=/usr/share/java
klib=$kotlin_home/lib
cp_main=$java_libs/jna.jar:$klib/kotlinx-coroutines-core-jvm.jar
cp_test=$cp_main:$java_libs/junit4.jar:$java_libs/hamcrest.jar

build=$here/build/jvm-test
gen=$here/generated/kotlin
mkdir -p "$build"
"$root/ffi/scripts/generate-bindings.sh" kotlin "$gen"
libdir=${CARGO_TARGET_DIR:-$root/target}/debug

# the library jar is rebuilt only when the generated or hand-written sources change
stamp=$(cat "$gen"/org/walletsdk/*.kt "$here"/src/main/kotlin/org/walletsdk/*.kt | sha256sum | cut -c1-16)
if [ ! -f "$build/main-$stamp.jar" ]; then
  echo "compiling the Kotlin library (generated bindings + extensions)" >&2
  rm -f "$build"/main-*.jar
  "$kotlin_home/bin/kotlinc" -nowarn -cp "$cp_main" "$gen" "$here/src/main/kotlin" -d "$build/main-$stamp.jar"
fi
echo "compiling the Kotlin tests" >&2
"$kotlin_home/bin/kotlinc" -nowarn -cp "$cp_test:$build/main-$stamp.jar" "$here/src/test/kotlin" -d "$build/tests.jar"

export WALLET_SDK_OFFLINE_VECTORS=${WALLET_SDK_OFFLINE_VECTORS:-$root/core/tests/data/offline/vectors.json} # OfflineTest
classes=$(cd "$here/src/test/kotlin" && grep -rl '@Test' . | sed 's|^\./||; s|\.kt$||; s|/|.|g' | sort)
set +e
RUST_BACKTRACE=0 java -Djna.library.path="$libdir" -cp "$build/tests.jar:$build/main-$stamp.jar:$cp_test:$klib/kotlin-stdlib.jar" \
  org.junit.runner.JUnitCore $classes | tee "$build/junit.log"
status=${PIPESTATUS[0]}
set -e
if ok=$(grep -oE '^OK \(([0-9]+) tests?\)' "$build/junit.log"); then
  passed=$(echo "$ok" | grep -oE '[0-9]+'); failed=0
elif line=$(grep -oE 'Tests run: [0-9]+,  Failures: [0-9]+' "$build/junit.log"); then
  run=$(echo "$line" | sed -E 's/Tests run: ([0-9]+),.*/\1/'); failed=$(echo "$line" | sed -E 's/.*Failures: ([0-9]+)/\1/')
  passed=$((run - failed))
else
  passed=0; failed=1
fi
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
