#!/usr/bin/env bash
# The npm packages: `wallet-sdk` (JavaScript, types) and one package per platform holding its
# addon (`wallet-sdk-linux-x64-gnu`…), which the main one lists in optionalDependencies (npm
# installs the one whose os, cpu and libc match), as napi-rs projects ship. Writes the tarballs
# (npm pack) into target/node-packages/.
#   bindings-node/pack.sh [--release] [TAG…]    TAGs of the addons built already (default: this machine's)
# Without --release, this machine's addon is bindings-node/build.sh's (what the tests use); with
# it, and for the other platforms, the addons cross-built beforehand by build-natives.sh
# (make node-packages) into target/node-addons/<tag>/wallet-sdk.<tag>.node.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=$root/target/node-packages
flags=()
if [ "${1:-}" = --release ]; then flags=(--release); shift; fi
# this machine's platform tag, as native.js computes it
local_tag=$(node -p 'const g = process.report.getReport().header.glibcVersionRuntime; `${process.platform}-${process.arch}` + (process.platform === "linux" ? (g ? "-gnu" : "-musl") : "")')
[ ${#flags[@]} -gt 0 ] || "$here/build.sh" >/dev/null
tags=("$@")
[ ${#tags[@]} -gt 0 ] || tags=("$local_tag")
version=$(node -p 'require(process.argv[1]).version' "$here/package.json")
rm -rf "$out" && mkdir -p "$out"
for tag in "${tags[@]}"; do
  dir=$out/src/wallet-sdk-$tag
  mkdir -p "$dir"
  # this machine's own build for the tests; a cross-built addon (build-natives.sh) otherwise, and
  # for every platform of a release (its glibc floor is 2.17, not this machine's)
  if [ "$tag" = "$local_tag" ] && [ ${#flags[@]} -eq 0 ]; then
    cp "$here/wallet-sdk.$tag.node" "$dir/"
  elif [ -f "$root/target/node-addons/$tag/wallet-sdk.$tag.node" ]; then
    cp "$root/target/node-addons/$tag/wallet-sdk.$tag.node" "$dir/"
  else
    cp "$here/wallet-sdk.$tag.node" "$dir/"
  fi
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
