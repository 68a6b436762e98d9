#!/usr/bin/env bash
# Builds the Swift package (the root Package.swift: generated bindings + hand-written extension)
# with Swift 6 from a Debian trixie root and runs its XCTest target against a sandbox (started with
# scripts/with-sandbox unless WALLET_SDK_BASE_URL is already set), using the host-built
# libwallet_sdk_ffi.so; then the README quickstart program and the availability check (every
# target built, each use of an API newer than the declared platforms guarded). Before the tests it
# builds the Swift code samples of the Markdown files (scripts/samples.py writes them into the
# WalletSDKSamples target): one that does not compile is named by its Markdown file and line and
# left out of the rest of the run. Prints XCTest's summary, `samples: N compiled, N failed, N
# marked ignore`, and a final `N passed, N failed` (the tests, the quickstart, the samples as one,
# and the check).
#
# The root, the package's copy in it and how commands run there: swift-root.sh (shared with
# run-scenarios.sh, the scenario runner).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -z "${WALLET_SDK_BASE_URL:-}" ]; then
  exec "$root/scripts/with-sandbox" "$0" "$@"
fi
. "$here/swift-root.sh"
# the Markdown samples, written before the package is copied into the root
samples_dir=$here/Sources/WalletSDKSamples/Generated
samples_found=$(python3 "$root/scripts/samples.py" write swift "$samples_dir")
swift_root_setup
mkdir -p "$sroot$pkg/test-data" && cp "$root/core/tests/data/offline/vectors.json" "$sroot$pkg/test-data/offline-vectors.json" # OfflineTests

# the samples first, alone: the compiler's messages name the root's copy, mapped back to the
# checkout and then to the Markdown; failing samples are taken out so that the tests still build
log=$(mktemp)
samples_failed=0
samples_ok=1
if ! swift_in_root "swift build --target WalletSDKSamples $swift_link_flags" >"$log" 2>&1; then
  sed -i "s|$pkg/|$root/|g" "$log"
  blamed=$(python3 "$root/scripts/samples.py" blame "$samples_dir" "$log")
  samples_failed=$(grep -c '^FAILED: ' <<<"$blamed" || true)
  samples_ok=0
  if [ "$samples_failed" -gt 0 ]; then
    echo "the Markdown samples that do not compile (scripts/samples.py; the generated sources are in $samples_dir):"
    echo "$blamed"
    rm -rf "$samples_dir" "$sroot$pkg/bindings-swift/Sources/WalletSDKSamples/Generated"
  else
    cat "$log"   # not a sample's fault: the package itself (the tests below fail too)
  fi
fi
samples_total=$(awk '{print $4}' <<<"$samples_found")
samples_ignored=$(awk '{print $7}' <<<"$samples_found")
if [ "$samples_ok" = 1 ]; then samples_compiled="$samples_total compiled"
elif [ "$samples_failed" -gt 0 ]; then samples_compiled="0 compiled (a failing compile stops the build: the other $((samples_total - samples_failed)) are not counted)"
else samples_compiled="not known to compile (the package did not build)"; fi
samples_line="samples: $samples_compiled, $samples_failed failed, $samples_ignored marked ignore ($samples_found)"

set +e
swift_in_root "WALLET_SDK_OFFLINE_VECTORS=$pkg/test-data/offline-vectors.json swift test --disable-swift-testing $swift_link_flags" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
summary=$(grep -E 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -1 || true)
if [ -n "$summary" ]; then
  total=$(echo "$summary" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/')
  failed=$(echo "$summary" | sed -E 's/.*with ([0-9]+) failures?.*/\1/')
  passed=$((total - failed))
else
  passed=0; failed=1
fi
rm -f "$log"
echo "$samples_line"
if [ "$samples_ok" = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "the Markdown samples (WalletSDKSamples) failed" >&2; fi

# the README's quickstart, as a program against the sandbox: it must print the redacted
# passphrase, the new address's balance as exact LTC text and end at the insufficient-funds error
# it catches
example_ok=0
if out=$(swift_in_root "swift build --product WalletSDKQuickstart $swift_link_flags >&2 && \$(swift build --show-bin-path)/WalletSDKQuickstart"); then
  echo "$out"
  if echo "$out" | grep -q '^\[REDACTED\]$' && echo "$out" | grep -q '^0\.00000000 LTC$' &&
     echo "$out" | grep -q 'insufficient_funds'; then example_ok=1; fi
fi
if [ "$example_ok" = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "the README quickstart (WalletSDKQuickstart) failed" >&2; fi

# every target against the platforms Package.swift declares (swift-root.sh, swift_availability_check)
if swift_availability_check; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "the availability check failed" >&2; fi
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
