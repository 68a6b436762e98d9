#!/usr/bin/env bash
# Builds and tests the Python package (make test-python):
#   bindings-python/run-tests.sh [PYTEST ARGS...]
# Creates .venv at the repository root if missing, installs maturin and pytest, builds the
# release cp39-abi3 wheel once (target/wheels-python), installs it into .venv, and runs pytest
# under scripts/with-sandbox (unless WALLET_SDK_BASE_URL is already set). The wheel test then
# installs the same wheel into a fresh venv and runs the quickstarts.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
venv=$root/.venv
py=$venv/bin/python

[ -x "$py" ] || python3 -m venv "$venv"
"$py" -m pip install -q --disable-pip-version-check 'maturin>=1.16,<2' pytest

wheels=$root/target/wheels-python
rm -rf "$wheels"
(cd "$here" && "$venv/bin/maturin" build --release --quiet -m "$here/Cargo.toml" -o "$wheels")
"$py" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$wheels"/*.whl
export WALLET_SDK_WHEEL_DIR=$wheels

cd "$here"
if [ -n "${WALLET_SDK_BASE_URL:-}" ]; then
  exec "$py" -m pytest -q tests "$@"
else
  exec "$root/scripts/with-sandbox" "$py" -m pytest -q tests "$@"
fi
