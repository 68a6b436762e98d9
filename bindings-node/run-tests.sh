#!/usr/bin/env bash
# Node's tests (make test-node): builds the addon, checks index.d.ts and index.mjs against the
# addon's description, compiles the TypeScript examples with `tsc --strict`, then runs Node's
# own test runner (test/*.test.mjs) against a sandbox; last, the packed packages (pack.sh) are
# installed into a clean folder and used there, as a user would. TypeScript and Node's type
# definitions are installed once into bindings-node/node_modules (tools/dev-tools.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
"$here/build.sh"
cd "$here"
node tools/gen-types.mjs --check
tools/dev-tools.sh
# the TypeScript samples of every Markdown file, beside the examples
python3 "$root/scripts/samples.py" write typescript "$root/target/samples/typescript" >/dev/null
node_modules/.bin/tsc -p tsconfig.json
echo "tsc --strict: index.d.ts, the examples and $(ls "$root/target/samples/typescript" | grep -c '\.ts$') samples of the Markdown compile"
"$root/scripts/with-sandbox" node --test --test-reporter=spec test/

# the packages as npm would install them, in a folder of their own: CommonJS, ES module, the addon
# chosen by platform, no file of the repository in reach
"$here/pack.sh" >/dev/null
clean=$(mktemp -d)
trap 'rm -rf "$clean"' EXIT
cd "$clean"
npm init -y >/dev/null
# the platform package of this machine besides the main one (npm would pick it from the main
# one's optionalDependencies on the registry; the others refuse this platform)
tag=$(node -p 'const g = process.report.getReport().header.glibcVersionRuntime; `${process.platform}-${process.arch}` + (process.platform === "linux" ? (g ? "-gnu" : "-musl") : "")')
npm install --no-audit --no-fund --loglevel=error "$root/target/node-packages/wallet-sdk-$tag-0.1.0.tgz" "$root/target/node-packages/wallet-sdk-0.1.0.tgz" >/dev/null
node -e '
const { Amount, offline, NotFoundError } = require("wallet-sdk");
const key = offline.deriveKey("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about", "m/44h/1h/0h/0/0", "p2pkh", "regtest");
if (key.address !== "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV" || Amount.fromLtc("0.1").litoshis !== 10000000n || typeof NotFoundError !== "function") process.exit(1);
'
node --input-type=module -e 'import { Client, Secret } from "wallet-sdk"; if (String(new Secret("x")) !== "[REDACTED]" || typeof Client.prototype.walletBalance !== "function") process.exit(1);'
echo "npm pack: wallet-sdk and wallet-sdk-$tag installed in a clean folder and used (CommonJS and ES module)"
