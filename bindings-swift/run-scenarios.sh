#!/usr/bin/env bash
# The Swift runner of the shared scenarios (Sources/WalletSDKScenarios, tests/README.md):
#   bindings-swift/run-scenarios.sh --build-only     builds it in the Swift root
#   bindings-swift/run-scenarios.sh [TRANSCRIPT]     (re)builds it if needed and runs it there over
#                                                    tests/scenarios, under scripts/with-sandbox
# The scenarios are copied into the root; the transcript written there is copied back to
# TRANSCRIPT (default target/scenarios/swift.txt). Exits with the runner's status.
# The root and the package's copy in it: swift-root.sh (as for run-tests.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build_only=0
if [ "${1:-}" = --build-only ]; then build_only=1; shift; fi
transcript=${1:-$root/target/scenarios/swift.txt}
. "$here/swift-root.sh"
swift_root_setup

build="swift build --product WalletSDKScenarios $swift_link_flags >&2"
if [ "$build_only" = 1 ]; then
  swift_in_root "$build"
  exit
fi
[ -n "${WALLET_SDK_BASE_URL:-}" ] || { echo "WALLET_SDK_BASE_URL is not set: run under scripts/with-sandbox" >&2; exit 2; }
data=/work/wallet-sdk-scenarios
rm -rf "$sroot$data" && mkdir -p "$sroot$data"
cp -r "$root/tests/scenarios" "$sroot$data/scenarios"
set +e
swift_in_root "$build && \$(swift build --show-bin-path)/WalletSDKScenarios $data/scenarios $data/swift.txt"
status=$?
set -e
if [ -f "$sroot$data/swift.txt" ]; then
  mkdir -p "$(dirname "$transcript")"
  cp "$sroot$data/swift.txt" "$transcript"
fi
exit $status
