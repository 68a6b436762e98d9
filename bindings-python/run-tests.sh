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
py=$root/.venv/bin/python
wheels=$("$here/build.sh")
# for the tests only: an independent QR decoder (ZXing's C++ port), a PNG reader, and mypy for the
# stubs and the examples
"$py" -m pip install -q --disable-pip-version-check 'zxing-cpp>=2.2,<4' 'pypng>=0.20220715' 'mypy>=1.10,<2'
export WALLET_SDK_WHEEL_DIR=$wheels

cd "$here"
if [ -n "${WALLET_SDK_BASE_URL:-}" ]; then
  exec "$py" -m pytest -q tests "$@"
else
  exec "$root/scripts/with-sandbox" "$py" -m pytest -q tests "$@"
fi
