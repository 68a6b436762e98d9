#!/usr/bin/env bash
# Builds the Swift rows of the side-by-side harness (bench/run.sh runs this under
# flock /tmp/kotlin-swift-tests.lock, since swift-root.sh rewrites the generated sources):
# WalletSDKClientBench (bindings-swift/Sources/WalletSDKClientBench) in release mode in the Swift
# root, against the release FFI library (built by bench/run.sh). The program and that library are
# copied out of the package's copy, which other builds rewrite (with the debug library too), into
# $sroot/work/wallet-sdk-client-bench. Prints the command that runs it in the root; bench/run.py
# appends `sdk|urlsession URL CALLS WARM N`. Exits 3 with the reason on stderr when the
# toolchain is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export WALLET_SDK_FFI_LIB=${CARGO_TARGET_DIR:-$root/target}/release/libwallet_sdk_ffi.so
. "$root/bindings-swift/swift-root.sh"
[ "$(id -u)" = 0 ] || { echo "the Swift root needs root (chroot)" >&2; exit 3; }
# not created here (a Debian download): bindings-swift/run-tests.sh does that
[ -x "$sroot/usr/bin/swiftc" ] || { echo "no Swift root at $sroot" >&2; exit 3; }
swift_root_setup >&2
swift_in_root "swift build -c release --product WalletSDKClientBench $swift_link_flags" >&2
bin=$(swift_in_root "swift build -c release --show-bin-path")
dest=/work/wallet-sdk-client-bench
mkdir -p "$sroot$dest"
cp "$sroot$bin/WalletSDKClientBench" "$sroot$pkg/lib/libwallet_sdk_ffi.so" "$sroot$dest/"
# The Swift runtime needs /proc: mounted in a mount namespace of the run's own (unshare), so that
# it neither waits for nor disturbs swift-root.sh's mount of other builds. The library is found
# through LD_LIBRARY_PATH before the program's run path (the package copy).
command -v unshare >/dev/null || { echo "no unshare (util-linux)" >&2; exit 3; }
printf '%q ' unshare --mount-proc="$sroot/proc" chroot "$sroot" /usr/bin/env -i LD_LIBRARY_PATH="$dest" \
  "$dest/WalletSDKClientBench"
echo
