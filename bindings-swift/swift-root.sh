# Sourced (not run) by every script that builds or runs Swift (bindings-swift/run-tests.sh and
# run-scenarios.sh, bench/swift/*.sh, bench/soak/swift/build.sh, scripts/test-hostile): the Swift 6
# toolchain in a Debian trixie root and a copy of the package in it. Runs as root (chroot, mount).
# The package is the repository's root Package.swift, whose targets all live in bindings-swift/;
# the copy keeps that layout (Package.swift, bindings-swift/Sources, bindings-swift/Tests, nothing
# else), so SwiftPM sees no other folder of the repository, and its .build stays in the root.
#   swift_root_setup   creates the root once, generates the bindings into bindings-swift/, copies
#                      the package (without files deleted here) and the host-built
#                      libwallet_sdk_ffi.so into the root under a lock held until the script
#                      exits, and mounts /proc there (unmounted at exit)
#   swift_in_root CMD  runs the shell command line CMD at the copy's root (where Package.swift
#                      is), in the root, with the launcher's environment (WALLET_SDK_*,
#                      WALLET_SANDBOX_NODE_URL, WALLET_FAULT_PROXY_URL) and the library on the
#                      loader path
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
  tar -C "$sw_root" -cf - Package.swift bindings-swift/Sources bindings-swift/Tests | tar -C "$dest" -xf -
  (cd "$dest" && find bindings-swift -type f) | while read -r f; do
    [ -e "$sw_root/$f" ] || rm -f "$dest/$f"
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
    WALLET_SDK_SWIFT_GENERATED="$pkg/bindings-swift/Sources/WalletSDK/Generated/WalletSDK.swift" \
    LD_LIBRARY_PATH="$pkg/lib" \
    /bin/sh -c "cd $pkg && $1"
}

# linker flags for swift build/test: the library in the copy's lib/
swift_link_flags="-Xlinker -L$pkg/lib -Xlinker -rpath=$pkg/lib"

# The availability check (CONTRIBUTING.md, "Apple platforms"), after swift_root_setup: builds every
# target in debug (its index store), lists each use of a declaration newer than the platforms
# Package.swift declares and fails on one that bindings-swift/tools/check_availability.py does not
# list as guarded. The toolchain's symbol graphs and the index reader (tools/index-occurrences.c)
# are made once per toolchain in $sroot/var/cache/wallet-sdk-availability; WalletSDK's graph each time.
swift_availability_check() {
  local cache bin triple extract
  swift_in_root "swift build --build-tests $swift_link_flags" >&2 || return 1
  bin=$(swift_in_root "swift build --show-bin-path")           # .build/<triple>/debug
  triple=$(basename "$(dirname "$bin")")
  cache=/var/cache/wallet-sdk-availability/$(swift_in_root "swiftc --version 2>&1" | cksum | cut -d' ' -f1)
  mkdir -p "$sroot$cache/toolchain" "$sroot$cache/own"
  ln -sf /usr/libexec/swift/bin/swift-frontend "$sroot$cache/swift-symbolgraph-extract"
  extract="$cache/swift-symbolgraph-extract -target $triple -minimum-access-level public -skip-synthesized-members"
  if ! cmp -s "$sw_here/tools/index-occurrences.c" "$sroot$cache/index-occurrences.c" || [ ! -x "$sroot$cache/index-occurrences" ]; then
    cp "$sw_here/tools/index-occurrences.c" "$sroot$cache/"
    swift_in_root "/usr/libexec/swift/bin/clang -O1 -o $cache/index-occurrences $cache/index-occurrences.c \
      -L/usr/libexec/swift/lib -lIndexStore -Wl,-rpath,/usr/libexec/swift/lib" >&2 || return 1
  fi
  if [ ! -e "$sroot$cache/toolchain/done" ]; then
    swift_in_root "for m in Swift _Concurrency _StringProcessing Foundation FoundationEssentials \
      FoundationInternationalization FoundationNetworking Dispatch XCTest; do
      $extract -module-name \$m -output-dir $cache/toolchain || exit 1; done" >&2 || return 1
    touch "$sroot$cache/toolchain/done"
  fi
  rm -f "$sroot$cache/own/"*
  swift_in_root "$extract -module-name WalletSDK -I $bin/Modules -I $pkg/bindings-swift/Sources/WalletSDKFFI \
    -output-dir $cache/own && $cache/index-occurrences $bin/index/store > $cache/occurrences.tsv" >&2 || return 1
  python3 "$sw_here/tools/check_availability.py" "$sw_root/Package.swift" "$sroot$cache/occurrences.tsv" "$pkg" \
    "$sroot$cache/toolchain" "$sroot$cache/own"
}
