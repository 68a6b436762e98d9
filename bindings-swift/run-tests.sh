#!/usr/bin/env bash
# Builds the Swift package (generated bindings + hand-written extension) with Swift 6 from a
# Debian trixie root and runs its XCTest target against a sandbox (started with
# scripts/with-sandbox unless WALLET_SDK_BASE_URL is already set), using the host-built
# libwallet_sdk_ffi.so. Prints XCTest's summary and a final `N passed, N failed`.
#
# Toolchain: the trixie root at $SWIFT_ROOT (default /opt/swift-trixie) is created once with
# mmdebstrap (swiftlang 6.0.3 needs glibc >= 2.38) and reused when it has usr/bin/swiftc.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
if [ -z "${WALLET_SDK_BASE_URL:-}" ]; then
  exec "$root/scripts/with-sandbox" "$0" "$@"
fi

sroot=${SWIFT_ROOT:-/opt/swift-trixie}
if [ ! -x "$sroot/usr/bin/swiftc" ]; then
  echo "creating the Swift root $sroot (Debian trixie, swiftlang)" >&2
  command -v mmdebstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap >/dev/null; }
  rm -rf --one-file-system "$sroot.tmp"
  mmdebstrap --variant=minbase --include=swiftlang,libc6-dev trixie "$sroot.tmp"
  mv "$sroot.tmp" "$sroot"
fi

# 1. generated sources (never committed) and the Linux module map of the C FFI
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
"$root/ffi/scripts/generate-bindings.sh" swift "$gen"
mkdir -p "$here/Sources/WalletSDK/Generated" "$here/Sources/WalletSDKFFI"
cp "$gen/WalletSDK.swift" "$here/Sources/WalletSDK/Generated/WalletSDK.swift"
cp "$gen/WalletSDKFFI.h" "$here/Sources/WalletSDKFFI/WalletSDKFFI.h"
cat > "$here/Sources/WalletSDKFFI/module.modulemap" <<'MAP'
module WalletSDKFFI {
    header "WalletSDKFFI.h"
    link "wallet_sdk_ffi"
    export *
}
MAP
lib=${CARGO_TARGET_DIR:-$root/target}/debug/libwallet_sdk_ffi.so

# 2. copy the package and the library into the root (its .build is kept between runs)
pkg=/work/wallet-sdk-swift
dest=$sroot$pkg
mkdir -p "$dest/lib"
exec 9>"$sroot/tmp/wallet-sdk-swift.lock"
flock 9
tar -C "$here" --exclude=.build --exclude=run-tests.sh --exclude=build-xcframework.sh -cf - . | tar -C "$dest" -xf -
cp "$lib" "$dest/lib/libwallet_sdk_ffi.so"
mkdir -p "$dest/test-data" && cp "$root/core/tests/data/offline/vectors.json" "$dest/test-data/offline-vectors.json" # OfflineTests

mounted=0
if ! mountpoint -q "$sroot/proc"; then
  mount -t proc proc "$sroot/proc"
  mounted=1
fi
cleanup() {
  if [ "$mounted" = 1 ]; then umount "$sroot/proc" || umount -l "$sroot/proc" || true; fi
  rm -rf "$gen"
}
trap cleanup EXIT

# 3. build and test in the root (same network namespace: the sandbox is reachable)
log=$(mktemp)
set +e
chroot "$sroot" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
  WALLET_SDK_BASE_URL="$WALLET_SDK_BASE_URL" WALLET_SDK_API_KEY="$WALLET_SDK_API_KEY" \
  WALLET_SDK_API_KEY_COMPAT_REAL="$WALLET_SDK_API_KEY_COMPAT_REAL" \
  WALLET_SANDBOX_NODE_URL="${WALLET_SANDBOX_NODE_URL:-}" \
  WALLET_FAULT_PROXY_URL="${WALLET_FAULT_PROXY_URL:-}" \
  WALLET_SDK_OFFLINE_VECTORS="$pkg/test-data/offline-vectors.json" \
  WALLET_SDK_SWIFT_GENERATED="$pkg/Sources/WalletSDK/Generated/WalletSDK.swift" \
  LD_LIBRARY_PATH="$pkg/lib" \
  /bin/sh -c "cd $pkg && swift test --disable-swift-testing -Xlinker -L$pkg/lib -Xlinker -rpath=$pkg/lib" 2>&1 | tee "$log"
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
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
