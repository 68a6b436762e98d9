# Sourced (not run) by bindings-swift/run-tests.sh and bindings-swift/run-scenarios.sh: the Swift 6
# toolchain in a Debian trixie root and this package's copy in it. Runs as root (chroot, mount).
#   swift_root_setup   creates the root once, generates the bindings into the package, copies
#                      the package (without files deleted here) and the host-built
#                      libwallet_sdk_ffi.so into the root under a lock held until the script
#                      exits, and mounts /proc there (unmounted at exit)
#   swift_in_root CMD  runs the shell command line CMD in the package's copy, in the root, with
#                      the launcher's environment (WALLET_SDK_*, WALLET_SANDBOX_NODE_URL,
#                      WALLET_FAULT_PROXY_URL) and the library on the loader path
# Sets sroot (the root on the host) and pkg (the package's copy, as seen inside the root).
#
# Toolchain: the trixie root at $SWIFT_ROOT (default /opt/swift-trixie) is created once with
# mmdebstrap (swiftlang 6.0.3 needs glibc >= 2.38) and reused when it has usr/bin/swiftc.
sw_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
sw_root=$(cd "$sw_here/.." && pwd)
sroot=${SWIFT_ROOT:-/opt/swift-trixie}
pkg=/work/wallet-sdk-swift

swift_root_setup() {
  if [ ! -x "$sroot/usr/bin/swiftc" ]; then
    echo "creating the Swift root $sroot (Debian trixie, swiftlang)" >&2
    command -v mmdebstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap >/dev/null; }
    rm -rf --one-file-system "$sroot.tmp"
    mmdebstrap --variant=minbase --include=swiftlang,libc6-dev trixie "$sroot.tmp"
    mv "$sroot.tmp" "$sroot"
  fi

  # 1. generated sources (never committed) and the Linux module map of the C FFI
  sw_gen=$(mktemp -d)
  trap 'rm -rf "$sw_gen"' EXIT
  "$sw_root/ffi/scripts/generate-bindings.sh" swift "$sw_gen"
  mkdir -p "$sw_here/Sources/WalletSDK/Generated" "$sw_here/Sources/WalletSDKFFI"
  cat > "$sw_gen/module.modulemap" <<'MAP'
module WalletSDKFFI {
    header "WalletSDKFFI.h"
    link "wallet_sdk_ffi"
    export *
}
MAP
  # copied only when changed: a new mtime would make SwiftPM recompile the module
  sw_put "$sw_gen/WalletSDK.swift" "$sw_here/Sources/WalletSDK/Generated/WalletSDK.swift"
  sw_put "$sw_gen/WalletSDKFFI.h" "$sw_here/Sources/WalletSDKFFI/WalletSDKFFI.h"
  sw_put "$sw_gen/module.modulemap" "$sw_here/Sources/WalletSDKFFI/module.modulemap"
  # the debug library unless WALLET_SDK_FFI_LIB names another (the bench takes the release one)
  local lib=${WALLET_SDK_FFI_LIB:-${CARGO_TARGET_DIR:-$sw_root/target}/debug/libwallet_sdk_ffi.so}

  # 2. copy the package and the library into the root (its .build is kept between runs; files
  #    no longer in the package are removed from the copy, so that they are not compiled)
  local dest=$sroot$pkg
  mkdir -p "$dest/lib"
  exec 9>"$sroot/tmp/wallet-sdk-swift.lock"
  flock 9
  tar -C "$sw_here" --exclude=.build --exclude='*.sh' -cf - . | tar -C "$dest" -xf -
  (cd "$dest" && find Sources Tests -type f) | while read -r f; do
    [ -e "$sw_here/$f" ] || rm -f "$dest/$f"
  done
  cp "$lib" "$dest/lib/libwallet_sdk_ffi.so"

  sw_mounted=0
  if ! mountpoint -q "$sroot/proc"; then
    mount -t proc proc "$sroot/proc"
    sw_mounted=1
  fi
  trap 'swift_root_cleanup' EXIT
}

sw_put() { cmp -s "$1" "$2" || cp "$1" "$2"; }

swift_root_cleanup() {
  if [ "${sw_mounted:-0}" = 1 ]; then umount "$sroot/proc" || umount -l "$sroot/proc" || true; fi
  rm -rf "$sw_gen"
}

# 3. in the root: the same network namespace, so the sandbox is reachable
swift_in_root() {
  chroot "$sroot" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
    WALLET_SDK_BASE_URL="${WALLET_SDK_BASE_URL:-}" WALLET_SDK_API_KEY="${WALLET_SDK_API_KEY:-}" \
    WALLET_SDK_API_KEY_COMPAT_REAL="${WALLET_SDK_API_KEY_COMPAT_REAL:-}" \
    WALLET_SANDBOX_NODE_URL="${WALLET_SANDBOX_NODE_URL:-}" \
    WALLET_FAULT_PROXY_URL="${WALLET_FAULT_PROXY_URL:-}" \
    WALLET_SDK_SWIFT_GENERATED="$pkg/Sources/WalletSDK/Generated/WalletSDK.swift" \
    LD_LIBRARY_PATH="$pkg/lib" \
    /bin/sh -c "cd $pkg && $1"
}

# linker flags for swift build/test: the library in the copy's lib/
swift_link_flags="-Xlinker -L$pkg/lib -Xlinker -rpath=$pkg/lib"
