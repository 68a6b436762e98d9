#!/usr/bin/env bash
# Builds the addon (the workspace's debug build, sharing its target/) and puts it beside
# native.js as wallet-sdk.<platform>.node, where the package loads it in this repository.
#   bindings-node/build.sh            debug
#   bindings-node/build.sh --release  release
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
profile=debug
flags=()
if [ "${1:-}" = --release ]; then profile=release; flags=(--release); fi
cd "$root"
cargo build -q -p wallet-sdk-node "${flags[@]}"
tag=$(node -p 'const g = process.report.getReport().header.glibcVersionRuntime; `${process.platform}-${process.arch}` + (process.platform === "linux" ? (g ? "-gnu" : "-musl") : "")')
cp "target/$profile/libwallet_sdk_node.so" "$here/wallet-sdk.$tag.node"
echo "bindings-node/wallet-sdk.$tag.node ($profile)"
