#!/usr/bin/env bash
# The Node package's development tools, pinned, installed once into bindings-node/node_modules
# (never committed): TypeScript and Node's type definitions for `tsc --strict`, TypeDoc for the
# API reference of the docs site. One `npm install` for all of them, since a later
# `npm install --no-save` would drop what an earlier one installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/tsc ] || [ ! -x node_modules/.bin/typedoc ]; then
  npm install --no-save --no-audit --no-fund --loglevel=error typescript@5.9.3 @types/node@20 typedoc@0.28.20 >/dev/null
fi
