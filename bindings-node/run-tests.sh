#!/usr/bin/env bash
# Node's tests (make test-node): builds the addon, checks index.d.ts and index.mjs against the
# addon's description, compiles the TypeScript examples with `tsc --strict`, then runs Node's
# own test runner (test/*.test.mjs) against a sandbox. TypeScript and Node's type definitions
# are installed once into bindings-node/node_modules (never committed).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
"$here/build.sh"
cd "$here"
node tools/gen-types.mjs --check
if [ ! -x node_modules/.bin/tsc ]; then
  npm install --no-save --no-audit --no-fund --loglevel=error typescript@5.9.3 @types/node@20 >/dev/null
fi
# the TypeScript samples of every Markdown file, beside the examples
python3 "$root/scripts/samples.py" write typescript "$root/target/samples/typescript" >/dev/null
node_modules/.bin/tsc -p tsconfig.json
echo "tsc --strict: index.d.ts, the examples and $(ls "$root/target/samples/typescript" | grep -c '\.ts$') samples of the Markdown compile"
"$root/scripts/with-sandbox" node --test --test-reporter=spec test/
