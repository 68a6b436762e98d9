#!/usr/bin/env bash
# The npm packages: `wallet-sdk` (JavaScript, types) and one package per platform holding its
# addon (`wallet-sdk-linux-x64-gnu`…), which the main one lists in optionalDependencies (npm
# installs the one whose os, cpu and libc match), as napi-rs projects ship. Writes the tarballs
# (npm pack) into target/node-packages/.
#   bindings-node/pack.sh [--release] [TAG…]    TAGs of the addons built already (default: this machine's)
# The addon of this machine comes from bindings-node/build.sh; others are cross-built beforehand
# (make node-packages) into target/node-addons/<tag>/wallet-sdk.<tag>.node.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=$root/target/node-packages
flags=()
if [ "${1:-}" = --release ]; then flags=(--release); shift; fi
"$here/build.sh" "${flags[@]}" >/dev/null
local_tag=$(cd "$here" && node -p 'require("node:path").basename(require("node:fs").readdirSync(".").find((f) => /^wallet-sdk\..*\.node$/.test(f)), ".node").slice("wallet-sdk.".length)')
tags=("$@")
[ ${#tags[@]} -gt 0 ] || tags=("$local_tag")
version=$(node -p 'require(process.argv[1]).version' "$here/package.json")
rm -rf "$out" && mkdir -p "$out"
for tag in "${tags[@]}"; do
  dir=$out/src/wallet-sdk-$tag
  mkdir -p "$dir"
  if [ "$tag" = "$local_tag" ]; then cp "$here/wallet-sdk.$tag.node" "$dir/"; else cp "$root/target/node-addons/$tag/wallet-sdk.$tag.node" "$dir/"; fi
  # os, cpu and libc from the tag: linux-x64-gnu, linux-arm64-musl, darwin-arm64…
  node - "$tag" "$version" "$dir/package.json" <<'JS'
const [tag, version, path] = process.argv.slice(2);
const [os, cpu, libc] = tag.split('-');
const pkg = { name: `wallet-sdk-${tag}`, version, description: `The native addon of wallet-sdk for ${tag}`, license: 'MIT OR Apache-2.0',
  main: `wallet-sdk.${tag}.node`, files: [`wallet-sdk.${tag}.node`], os: [os], cpu: [cpu], ...(libc ? { libc: [libc === 'gnu' ? 'glibc' : 'musl'] } : {}) };
require('node:fs').writeFileSync(path, JSON.stringify(pkg, null, 2) + '\n');
JS
  (cd "$dir" && npm pack --silent --pack-destination "$out" >/dev/null)
done
# the main package, with every platform package as an optional dependency
main=$out/src/wallet-sdk
mkdir -p "$main"
cp "$here"/{index.js,index.mjs,index.d.ts,native.js,README.md} "$main/"
node - "$here/package.json" "$main/package.json" "${tags[@]}" <<'JS'
const [from, to, ...tags] = process.argv.slice(2);
const pkg = JSON.parse(require('node:fs').readFileSync(from, 'utf8'));
pkg.files = [...pkg.files, 'README.md'];
pkg.optionalDependencies = Object.fromEntries(tags.map((t) => [`wallet-sdk-${t}`, pkg.version]));
require('node:fs').writeFileSync(to, JSON.stringify(pkg, null, 2) + '\n');
JS
(cd "$main" && npm pack --silent --pack-destination "$out" >/dev/null)
rm -rf "$out/src"
ls "$out"
