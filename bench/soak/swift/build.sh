#!/usr/bin/env bash
# Builds the Swift soak (bench/soak/swift) in release mode in the Swift root, the way
# bench/swift/clients.sh builds the bench's Swift rows: swift_root_setup (bindings-swift/swift-root.sh)
# generates the bindings against the release FFI library (scripts/soak builds it) and copies the
# WalletSDK package into the root; this script then assembles the soak's own package at
# $sroot/work/wallet-sdk-soak from bench/soak/swift (manifest and program) and that copy's
# WalletSDK and WalletSDKFFI sources and library, builds it there, and prints the command that
# runs it in the root; scripts/soak appends PORTS PHASE CALLS WARM N SLACK CANCEL_MS SETTLE_S. Run under
# flock /tmp/kotlin-swift-tests.lock. Exits 3 with the reason on stderr when the toolchain is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
export WALLET_SDK_FFI_LIB=${CARGO_TARGET_DIR:-$root/target}/release/libwallet_sdk_ffi.so
. "$root/bindings-swift/swift-root.sh"
[ "$(id -u)" = 0 ] || { echo "the Swift root needs root (chroot)" >&2; exit 3; }
# not created here (a Debian download): bindings-swift/run-tests.sh does that
[ -x "$sroot/usr/bin/swiftc" ] || { echo "no Swift root at $sroot" >&2; exit 3; }
command -v unshare >/dev/null || { echo "no unshare (util-linux)" >&2; exit 3; }
swift_root_setup >&2
soak=/work/wallet-sdk-soak
dest=$sroot$soak
mkdir -p "$dest/Sources/WalletSDKSoak" "$dest/lib"
sync_dir() {  # SRC DST: DST becomes a copy of SRC, files rewritten only when changed (SwiftPM goes by mtime)
  mkdir -p "$2"
  (cd "$1" && find . -type f) | while read -r f; do
    mkdir -p "$2/$(dirname "$f")"
    cmp -s "$1/$f" "$2/$f" || cp "$1/$f" "$2/$f"
  done
  (cd "$2" && find . -type f) | while read -r f; do [ -e "$1/$f" ] || rm -f "$2/$f"; done
}
sync_dir "$sroot$pkg/Sources/WalletSDK" "$dest/Sources/WalletSDK"
sync_dir "$sroot$pkg/Sources/WalletSDKFFI" "$dest/Sources/WalletSDKFFI"
sync_dir "$here/Sources/WalletSDKSoak" "$dest/Sources/WalletSDKSoak"
cmp -s "$here/Package.swift" "$dest/Package.swift" || cp "$here/Package.swift" "$dest/Package.swift"
cp "$sroot$pkg/lib/libwallet_sdk_ffi.so" "$dest/lib/"
chroot "$sroot" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
  /bin/sh -c "cd $soak && swift build -c release --product WalletSDKSoak -Xlinker -L$soak/lib -Xlinker -rpath=$soak/lib" >&2
bin=$(chroot "$sroot" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root /bin/sh -c "cd $soak && swift build -c release --show-bin-path")
cp "$sroot$bin/WalletSDKSoak" "$dest/WalletSDKSoak.bin"
# The Swift runtime needs /proc: mounted in a mount namespace of the run's own (unshare), so that
# it neither waits for nor disturbs swift-root.sh's mount of other builds. MALLOC_ARENA_MAX=2 as
# bench/soak/run.py sets it for the other languages.
printf '%q ' unshare --mount-proc="$sroot/proc" chroot "$sroot" /usr/bin/env -i LD_LIBRARY_PATH="$soak/lib" \
  MALLOC_ARENA_MAX=2 "$soak/WalletSDKSoak.bin"
echo
