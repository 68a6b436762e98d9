#!/usr/bin/env bash
# Cross-builds the Node addon for the platform packages of pack.sh: Linux x64 and arm64, glibc and
# musl, with cargo-zigbuild (zig as the C compiler and linker; glibc 2.17 as the floor), into
#   target/node-addons/<tag>/wallet-sdk.<tag>.node      (tag: linux-x64-gnu, linux-arm64-musl, …)
# Each is checked for its platform with readelf: its architecture, and its C library (a musl
# addon needs no glibc symbol and names musl's loader; a glibc one no symbol newer than 2.17).
# The one of this machine is loaded by run-tests.sh (pack.sh's packages, installed and used), the
# arm64 glibc one by test-arm64.sh (Node on aarch64 under qemu); the musl ones are checked by
# their files only.
#   bindings-node/build-natives.sh [TAG…]          default: all four
# Installs what is missing (idempotently): the Rust targets, and ziglang + cargo-zigbuild in the
# venv the JVM's natives use ($WALLET_SDK_TOOLS/zigbuild-venv, default <repo>/.tools).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
# cargo-zigbuild on PATH, GLIBC_FLOOR
. "$root/scripts/zigbuild-env"
tags=("$@")
[ ${#tags[@]} -gt 0 ] || tags=(linux-x64-gnu linux-arm64-gnu linux-x64-musl linux-arm64-musl)
cd "$root"
for tag in "${tags[@]}"; do
  IFS=- read -r _ cpu libc <<<"$tag"
  case $cpu in x64) arch=x86_64 machine=X86-64 ;; arm64) arch=aarch64 machine=AArch64 ;; *) echo "unknown cpu $cpu" >&2; exit 2 ;; esac
  target=$arch-unknown-linux-$libc
  rustup target list --installed | grep -x "$target" >/dev/null || rustup target add "$target"
  zig_target=$target
  flags=()
  if [ "$libc" = gnu ]; then
    zig_target=$target.$GLIBC_FLOOR
  else
    # a musl target links the C runtime statically by default, and then makes no shared library
    flags=(--config "target.$target.rustflags=[\"-C\", \"target-feature=-crt-static\"]")
  fi
  echo "building the addon for $tag ($zig_target, release)" >&2
  cargo zigbuild --quiet --release --locked -p wallet-sdk-node --lib --target "$zig_target" "${flags[@]}"
  so=${CARGO_TARGET_DIR:-$root/target}/$target/release/libwallet_sdk_node.so
  mkdir -p "target/node-addons/$tag"
  addon=target/node-addons/$tag/wallet-sdk.$tag.node
  cp "$so" "$addon"
  readelf -h "$addon" | grep -i "Machine:.*$machine" >/dev/null || { echo "$addon: not an $machine ELF" >&2; exit 1; }
  readelf --dyn-syms --wide "$addon" | grep ' napi_register_module_v1$' >/dev/null || { echo "$addon: no napi module entry" >&2; exit 1; }
  # (no glibc symbol at all is no match for grep: not a failure)
  glibc=$(readelf -V --wide "$addon" | { grep -oE 'GLIBC_[0-9]+\.[0-9]+(\.[0-9]+)?' || true; } | sed 's/GLIBC_//' | sort -uV | tail -1)
  if [ "$libc" = musl ]; then
    [ -z "$glibc" ] || { echo "$addon: a musl addon needs glibc $glibc" >&2; exit 1; }
    readelf -d "$addon" | grep -E 'NEEDED.*libc\.so' >/dev/null || { echo "$addon: no libc.so (musl) needed" >&2; exit 1; }
  else
    [ "$(printf '%s\n%s\n' "$glibc" "$GLIBC_FLOOR" | sort -V | tail -1)" = "$GLIBC_FLOOR" ] || { echo "$addon needs glibc $glibc (> $GLIBC_FLOOR)" >&2; exit 1; }
  fi
  if [ -n "$glibc" ]; then needs="glibc $glibc at most"; else needs=musl; fi
  echo "$addon: $(du -h "$addon" | cut -f1), $machine, $needs" >&2
done
