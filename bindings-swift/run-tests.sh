#!/usr/bin/env bash
# Builds the Swift package (the root Package.swift: generated bindings + hand-written extension)
# with Swift 6 from a Debian trixie root and runs its XCTest target against a sandbox (started with
# scripts/with-sandbox unless WALLET_SDK_BASE_URL is already set), using the host-built
# libwallet_sdk_ffi.so; then the README quickstart program and the availability check (every
# target built, each use of an API newer than the declared platforms guarded). Prints XCTest's
# summary and a final `N passed, N failed` (the tests, the quickstart and the check).
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
swift_root_setup
mkdir -p "$sroot$pkg/test-data" && cp "$root/core/tests/data/offline/vectors.json" "$sroot$pkg/test-data/offline-vectors.json" # OfflineTests

log=$(mktemp)
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
