#!/usr/bin/env bash
# Compiles the generated Kotlin bindings, the hand-written extensions and the JUnit4 tests with
# kotlinc and runs them on the JVM against a sandbox (started with scripts/with-sandbox unless
# WALLET_SDK_BASE_URL is already set). Prints JUnit's summary and a final `N passed, N failed`.
#
# The toolchain and the library jar: build.sh (shared with the scenario runner,
# tests/runners/kotlin).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -z "${WALLET_SDK_BASE_URL:-}" ]; then
  exec "$root/scripts/with-sandbox" "$0" "$@"
fi

. "$here/build.sh"
echo "compiling the Kotlin tests" >&2
"$kotlin_home/bin/kotlinc" -nowarn -cp "$cp_test:$main_jar" "$here/src/test/kotlin" -d "$kt_build/tests.jar"

export WALLET_SDK_OFFLINE_VECTORS=${WALLET_SDK_OFFLINE_VECTORS:-$root/core/tests/data/offline/vectors.json} # OfflineTest
classes=$(cd "$here/src/test/kotlin" && grep -rl '@Test' . | sed 's|^\./||; s|\.kt$||; s|/|.|g' | sort)
set +e
RUST_BACKTRACE=0 java -Djna.library.path="$libdir" -cp "$kt_build/tests.jar:$main_jar:$cp_test:$klib/kotlin-stdlib.jar" \
  org.junit.runner.JUnitCore $classes | tee "$kt_build/junit.log"
status=${PIPESTATUS[0]}
set -e
if ok=$(grep -oE '^OK \(([0-9]+) tests?\)' "$kt_build/junit.log"); then
  passed=$(echo "$ok" | grep -oE '[0-9]+'); failed=0
elif line=$(grep -oE 'Tests run: [0-9]+,  Failures: [0-9]+' "$kt_build/junit.log"); then
  run=$(echo "$line" | sed -E 's/Tests run: ([0-9]+),.*/\1/'); failed=$(echo "$line" | sed -E 's/.*Failures: ([0-9]+)/\1/')
  passed=$((run - failed))
else
  passed=0; failed=1
fi
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
