#!/usr/bin/env bash
# Builds the release native library for the jar, for Linux x86_64 and aarch64, with cargo-zigbuild
# (zig as the C compiler and linker, glibc 2.17 as the floor: the library then loads on any glibc
# Linux from 2.17 on), and puts it at JNA's resource paths:
#   bindings-kotlin/build/natives/linux-x86-64/libwallet_sdk_ffi.so
#   bindings-kotlin/build/natives/linux-aarch64/libwallet_sdk_ffi.so
# Each is checked with file/readelf: its architecture, stripped, no glibc symbol newer than 2.17.
#
# Installs what is missing (idempotently): the Rust targets (rustup), and ziglang + cargo-zigbuild
# from PyPI in a venv of their own, $WALLET_SDK_TOOLS/zigbuild-venv (default <repo>/.tools).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/.." && pwd)
# cargo-zigbuild on PATH, GLIBC_FLOOR
. "$root/scripts/zigbuild-env"

out=$here/build/natives
command -v file >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq file >/dev/null; }
cd "$root"
for pair in x86_64:linux-x86-64:x86-64 aarch64:linux-aarch64:AArch64; do
  IFS=: read -r arch jna machine <<<"$pair"
  target=$arch-unknown-linux-gnu
  rustup target list --installed | grep -x "$target" >/dev/null || rustup target add "$target"
  echo "building libwallet_sdk_ffi.so for $target (profile dist: LTO, stripped; glibc $GLIBC_FLOOR)" >&2
  cargo zigbuild --quiet --profile dist --locked -p wallet-sdk-ffi --lib --target "$target.$GLIBC_FLOOR"
  lib=${CARGO_TARGET_DIR:-$root/target}/$target/dist/libwallet_sdk_ffi.so
  mkdir -p "$out/$jna"
  cp "$lib" "$out/$jna/libwallet_sdk_ffi.so"
  so=$out/$jna/libwallet_sdk_ffi.so
  desc=$(file -b "$so")
  newest=$(readelf -V --wide "$so" | grep -oE 'GLIBC_[0-9]+\.[0-9]+(\.[0-9]+)?' | sed 's/GLIBC_//' | sort -uV | tail -1)
  echo "$jna/libwallet_sdk_ffi.so: $(du -h "$so" | cut -f1), $desc; newest glibc symbol $newest" >&2
  # (grep reads all of its input: a `grep -q` that stops early would fail the pipe under pipefail)
  readelf -h "$so" | grep -i "Machine:.*$machine" >/dev/null || { echo "$so: not an $machine ELF" >&2; exit 1; }
  case $desc in *", stripped"*) ;; *) echo "$so: not stripped" >&2; exit 1 ;; esac
  [ "$(printf '%s\n%s\n' "$newest" "$GLIBC_FLOOR" | sort -V | tail -1)" = "$GLIBC_FLOOR" ] ||
    { echo "$so needs glibc $newest (> $GLIBC_FLOOR)" >&2; exit 1; }
  readelf --dyn-syms --wide "$so" | grep ' uniffi_wallet_sdk_ffi_fn_constructor_walletclient_new$' >/dev/null ||
    { echo "$so: the uniffi symbols are missing" >&2; exit 1; }
done
