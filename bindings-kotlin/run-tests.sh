#!/usr/bin/env bash
# Runs the Kotlin (src/test/kotlin) and Java (src/test/java) tests through Maven (pom.xml: the
# uniffi bindings are generated in generate-sources, kotlin-maven-plugin and javac compile them
# with the hand-written sources, Surefire runs JUnit4) on the JVM against a sandbox (started with
# scripts/with-sandbox unless WALLET_SDK_BASE_URL is already set). Extra arguments go to Maven
# (e.g. -Dtest=JavaCallerTest). Prints the tests' output, Surefire's per-class lines and its
# closing `Tests run: N, Failures: F, Errors: E, Skipped: S`, then `N passed, N failed`.
# Maven's build folder is bindings-kotlin/build/maven; Maven is installed (apt) if missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -z "${WALLET_SDK_BASE_URL:-}" ]; then
  exec "$root/scripts/with-sandbox" "$0" "$@"
fi

. "$here/tools/maven.sh"
log=$here/build/maven-test.log
mkdir -p "$here/build"
set +e
# Maven's own [INFO] chatter is dropped; the tests' output, Surefire's lines, warnings and errors stay
"${mvn_cmd[@]}" test "$@" 2>&1 | sed -u 's/\x1b\[[0-9;]*m//g' | tee "$log" |
  grep -vE '^\[INFO\]( ?$| ([^T]|T[^e]|Te[^s]))|^$'
status=${PIPESTATUS[0]}
set -e
# Surefire's closing line (the one without "-- in <class>")
summary=$(grep -E '^\[(INFO|WARNING|ERROR)\] Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+, Skipped: [0-9]+$' "$log" | tail -1 || true)
if [ -n "$summary" ]; then
  read -r run failures errors skipped <<<"$(echo "$summary" | grep -oE '[0-9]+' | tr '\n' ' ')"
  echo "${summary#\[*\] }"
  failed=$((failures + errors)); passed=$((run - failed - skipped))
else
  passed=0; failed=1   # no test ran (a build failure): see the output above and $log
fi
if [ "${skipped:-0}" -gt 0 ]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
