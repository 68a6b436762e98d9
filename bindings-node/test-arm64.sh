#!/usr/bin/env bash
# Loads the linux-arm64-gnu addon of build-natives.sh and runs the offline toolkit with it, under
# Node on aarch64: a Debian trixie arm64 root with its nodejs (Node 20), run through qemu-user
# (scripts/debian-arm64-root; needs root, made once in .tools/debian-arm64-node). The musl addons
# have no Node to load them here (Debian ships none for musl): they are checked as files only.
#   bindings-node/test-arm64.sh          (make node-packages runs it)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
addon=$root/target/node-addons/linux-arm64-gnu/wallet-sdk.linux-arm64-gnu.node
[ -f "$addon" ] || { echo "no $addon: run bindings-node/build-natives.sh linux-arm64-gnu first" >&2; exit 1; }
arm=$root/.tools/debian-arm64-node

. "$root/scripts/debian-arm64-root"
arm64_root "$arm" trixie nodejs

# the package as npm lays it out, with this addon beside its files
pkg=$arm/tmp/node-test/node_modules/wallet-sdk
rm -rf "$arm/tmp/node-test"
mkdir -p "$pkg"
cp "$here/package.json" "$here/index.js" "$here/index.mjs" "$here/index.d.ts" "$here/native.js" "$addon" "$pkg/"
in_arm64 "$arm" /bin/sh -c 'cd /tmp/node-test && exec node -e "
const assert = require(\"node:assert/strict\");
const { Amount, Secret, offline, NotFoundError } = require(\"wallet-sdk\");
assert.equal(process.arch, \"arm64\");
const phrase = \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\";
const key = offline.deriveKey(phrase, \"m/44h/1h/0h/0/0\", \"p2pkh\", \"regtest\");
assert.equal(key.address, \"mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV\");
assert.equal(String(key.privateKey), \"[REDACTED]\");
assert.equal(Amount.fromLtc(\"0.1\").litoshis, 10000000n);
assert.equal(offline.parseInput(key.privateKey, \"regtest\").isSecret, true);
const uri = offline.buildPaymentUri(\"ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w\", \"mainnet\", { amount: \"0.25\" });
assert.equal(offline.paymentQr(uri, { format: \"png\" }).data[1], 0x50);
assert.equal(typeof NotFoundError, \"function\");
console.log(\"node arm64: wallet-sdk.linux-arm64-gnu.node loaded by Node \" + process.version + \" on \" + process.arch + \", the offline toolkit ran\");
"'
