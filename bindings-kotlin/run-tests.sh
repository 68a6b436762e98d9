#!/usr/bin/env bash
# Runs the Kotlin (src/test/kotlin) and Java (src/test/java) tests through Maven (pom.xml: the
# uniffi bindings are generated in generate-sources, kotlin-maven-plugin and javac compile them
# with the hand-written sources, Surefire runs JUnit4) on the JVM against a sandbox (started with
# scripts/with-sandbox unless WALLET_SDK_BASE_URL is already set). Extra arguments go to Maven
# (e.g. -Dtest=JavaCallerTest). Prints the tests' output, Surefire's per-class lines and its
# closing `Tests run: N, Failures: F, Errors: E, Skipped: S`, then `N passed, N failed`.
# Maven's build folder is bindings-kotlin/build/maven; Maven is installed (apt) if missing.
# The Kotlin and Java code samples of the Markdown files (../scripts/samples.py writes them into
# build/samples) are compiled with the tests (profile `samples`): a sample that does not compile
# is named by its Markdown file and line, the tests are then run without the samples, and the run
# fails; `samples: N compiled, N failed, N marked ignore (…)` says how it went.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -z "${WALLET_SDK_BASE_URL:-}" ]; then
  exec "$root/scripts/with-sandbox" "$0" "$@"
fi

. "$here/tools/maven.sh"
log=$here/build/maven-test.log
mkdir -p "$here/build"
samples_dir=$here/build/samples
samples_found=$(python3 "$root/scripts/samples.py" write kotlin,java "$samples_dir")
mvn_test() {
  # Maven's own [INFO] chatter is dropped; the tests' output, Surefire's lines, warnings and errors stay
  "${mvn_cmd[@]}" test "$@" 2>&1 | sed -u 's/\x1b\[[0-9;]*m//g' | tee "$log" |
    grep -vE '^\[INFO\]( ?$| ([^T]|T[^e]|Te[^s]))|^$'
  return "${PIPESTATUS[0]}"
}
set +e
mvn_test -Psamples "$@"
status=$?
samples_failed=0
if [ "$status" -ne 0 ] && grep -q "$samples_dir/" "$log"; then
  # a sample did not compile: name it by its Markdown line, then the tests without the samples
  echo "the Markdown samples that do not compile (scripts/samples.py; the generated sources are in $samples_dir):"
  blamed=$(python3 "$root/scripts/samples.py" blame "$samples_dir" "$log")
  echo "$blamed"
  samples_failed=$(grep -c '^FAILED: ' <<<"$blamed")
  [ "$samples_failed" -gt 0 ] || samples_failed=1
  mvn_test "$@"
  status=1
fi
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
# samples: the blocks that were to be compiled (scripts/samples.py's counts), those that failed
samples_total=$(awk '{n += $4} END {print n + 0}' <<<"$samples_found")
samples_ignored=$(awk '{n += $7} END {print n + 0}' <<<"$samples_found")
if [ "$samples_failed" -gt 0 ]; then samples_ok="0 compiled (a failing compile stops the build: the other $((samples_total - samples_failed)) are not counted)"
elif [ -z "$summary" ]; then samples_ok="not known to compile (the build failed)"
else samples_ok="$samples_total compiled"; fi
echo "samples: $samples_ok, $samples_failed failed, $samples_ignored marked ignore ($(tr '\n' ';' <<<"$samples_found" | sed 's/;$//; s/;/; /g'))"
if [ "${skipped:-0}" -gt 0 ]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$samples_failed" -eq 0 ]
