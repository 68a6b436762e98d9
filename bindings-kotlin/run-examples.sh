#!/usr/bin/env bash
# Runs the Kotlin example programs (examples/, the README's quickstart), compiled by Maven with the
# library (build.sh: pom.xml, profile `programs`, only when a source changed), on the JVM against a
# sandbox (started with scripts/with-sandbox unless WALLET_SDK_BASE_URL is already set). The
# quickstart must print the redacted passphrase, the new wallet's balance as exact LTC text and end
# at the insufficient-funds error it catches. Prints `examples: N passed, N failed`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -z "${WALLET_SDK_BASE_URL:-}" ]; then
  exec "$root/scripts/with-sandbox" "$0" "$@"
fi

. "$here/build.sh"
passed=0; failed=0
if run=$(java -Djna.library.path="$libdir" -cp "$programs_jar:$main_jar:$cp_runtime" QuickstartKt); then
  echo "$run"
  if echo "$run" | grep -q '^\[REDACTED\]$' && echo "$run" | grep -q '^0\.00000000 LTC$' &&
     echo "$run" | grep -qi 'insufficient'; then passed=1; fi
fi
[ "$passed" = 1 ] || { failed=1; echo "examples/Quickstart.kt did not end as the README says" >&2; }
echo "examples: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
