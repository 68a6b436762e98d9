#!/usr/bin/env bash
# Builds the Swift soak (the WalletSDKSoak target of the root Package.swift,
# bindings-swift/Sources/WalletSDKSoak) in release mode in the Swift root, the way
# bench/swift/clients.sh builds the bench's Swift rows: swift_root_setup (bindings-swift/swift-root.sh)
# generates the bindings against the release FFI library (scripts/soak builds it) and copies the
# package into the root; the program and that library are then copied out of the package's copy,
# which other builds rewrite (with the debug library too), into $sroot/work/wallet-sdk-soak, and
# this prints the command that runs it there; scripts/soak appends PORTS PHASE CALLS WARM N SLACK
# CANCEL_MS SETTLE_S. Run under flock /tmp/kotlin-swift-tests.lock. Exits 3 with the reason on
# stderr when the toolchain is missing.
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
swift_in_root "swift build -c release --product WalletSDKSoak $swift_link_flags" >&2
bin=$(swift_in_root "swift build -c release --show-bin-path")
soak=/work/wallet-sdk-soak
dest=$sroot$soak
mkdir -p "$dest/lib"
cp "$sroot$bin/WalletSDKSoak" "$dest/WalletSDKSoak.bin"
cp "$sroot$pkg/lib/libwallet_sdk_ffi.so" "$dest/lib/"
# The Swift runtime needs /proc: mounted in a mount namespace of the run's own (unshare), so that
# it neither waits for nor disturbs swift-root.sh's mount of other builds. The library is found
# through LD_LIBRARY_PATH before the program's run path (the package copy). MALLOC_ARENA_MAX=2 as
# bench/soak/run.py sets it for the other languages.
printf '%q ' unshare --mount-proc="$sroot/proc" chroot "$sroot" /usr/bin/env -i LD_LIBRARY_PATH="$soak/lib" \
  MALLOC_ARENA_MAX=2 "$soak/WalletSDKSoak.bin"
echo
