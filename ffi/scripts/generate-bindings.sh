#!/usr/bin/env bash
# Regenerates the uniffi bindings from the built library (deterministic; never committed):
#   ffi/scripts/generate-bindings.sh kotlin OUT_DIR   -> OUT_DIR/org/walletsdk/wallet_sdk_ffi.kt
#   ffi/scripts/generate-bindings.sh swift  OUT_DIR   -> OUT_DIR/{WalletSDK.swift,WalletSDKFFI.h,WalletSDKFFI.modulemap}
# Builds the library first unless WALLET_SDK_FFI_LIB points at one. Uses the project's own
# uniffi-bindgen (crate ffi/bindgen, same uniffi version as the library, its templates patched as
# ffi/vendor/README.md says) and ffi/uniffi.toml. The output is used as generated.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 kotlin|swift OUT_DIR" >&2; exit 2; }
lang=$1
out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
profile_dir=${CARGO_TARGET_DIR:-$root/target}/debug
if [ -z "${WALLET_SDK_FFI_LIB:-}" ]; then
  cargo build --quiet -p wallet-sdk-ffi
  lib=$profile_dir/libwallet_sdk_ffi.so
else
  lib=$WALLET_SDK_FFI_LIB
fi
[ -f "$lib" ] || { echo "library not found: $lib" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
cargo build --quiet -p wallet-sdk-ffi-bindgen
"$profile_dir/uniffi-bindgen" generate --library "$lib" --language "$lang" --out-dir "$out" --no-format >/dev/null
echo "generated $lang bindings in $out" >&2
