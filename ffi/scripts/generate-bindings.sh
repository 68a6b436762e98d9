#!/usr/bin/env bash
# Regenerates the uniffi bindings from the built library (deterministic; never committed):
#   ffi/scripts/generate-bindings.sh kotlin OUT_DIR   -> OUT_DIR/org/walletsdk/{wallet_sdk_ffi,Pages}.kt
#   ffi/scripts/generate-bindings.sh swift  OUT_DIR   -> OUT_DIR/{WalletSDK.swift,WalletSDKFFI.h,WalletSDKFFI.modulemap}
# Builds the library first unless WALLET_SDK_FFI_LIB points at one. Uses the project's own
# uniffi-bindgen (crate ffi/bindgen, same uniffi version as the library) and ffi/uniffi.toml. The
# output is used as generated. The generator is uniffi's published uniffi_bindgen with the
# changes of ffi/vendor/uniffi_bindgen.patch (ffi/vendor/README.md): the published crate is
# fetched from the crate registry and patched under target/uniffi-bindgen-patched/ once, again
# only when the patch changes.
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
target=${CARGO_TARGET_DIR:-$root/target}
bindgen_version=0.32.2
patched=$target/uniffi-bindgen-patched
stamp=$(sha256sum ffi/vendor/uniffi_bindgen.patch | cut -c1-64)-$bindgen_version
mkdir -p "$target"
(
  flock 9
  if [ "$(cat "$patched/stamp" 2>/dev/null)" != "$stamp" ]; then
    # the published crate, fetched by a throwaway manifest (the patched one names the copy below)
    upstream=$target/uniffi-bindgen-upstream
    mkdir -p "$upstream/src"
    printf '[package]\nname = "fetch-uniffi-bindgen"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[workspace]\n\n[dependencies]\nuniffi_bindgen = "=%s"\n' \
      "$bindgen_version" > "$upstream/Cargo.toml"
    : > "$upstream/src/lib.rs"
    cargo fetch --quiet --manifest-path "$upstream/Cargo.toml"
    crate=$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/uniffi_bindgen-$bindgen_version.crate | head -1)
    rm -rf "$patched"
    mkdir -p "$patched"
    tar xzf "$crate" -C "$patched"
    patch --quiet -p1 -d "$patched/uniffi_bindgen-$bindgen_version" < ffi/vendor/uniffi_bindgen.patch
    echo "$stamp" > "$patched/stamp"
  fi
) 9>"$target/uniffi-bindgen-patched.lock"
rm -rf "$out"
mkdir -p "$out"
cargo build --quiet --manifest-path ffi/bindgen/Cargo.toml --target-dir "$target"
config=()
if [ "$lang" = kotlin ]; then
  # one exception class per error kind (ffi/scripts/error-class-names.py): the kinds are read
  # from a first generation, and named in the config of the second
  first=$(mktemp -d)
  config_file=$(mktemp)
  "$profile_dir/uniffi-bindgen" generate --library "$lib" --language kotlin --out-dir "$first" --no-format >/dev/null
  python3 ffi/scripts/error-class-names.py "$first/org/walletsdk/wallet_sdk_ffi.kt" > "$config_file"
  rm -rf "$first"
  config=(--config "$config_file")
fi
"$profile_dir/uniffi-bindgen" generate --library "$lib" --language "$lang" --out-dir "$out" --no-format "${config[@]}" >/dev/null
[ -z "${config_file:-}" ] || rm -f "$config_file"
# the paged reads' Flow / AsyncThrowingStream, from the pager objects just generated
python3 ffi/scripts/gen-pages.py "$lang" "$out"
echo "generated $lang bindings in $out" >&2
