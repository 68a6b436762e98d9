#!/usr/bin/env bash
# Builds the release cp39-abi3 wheel into target/wheels-python and installs it into .venv at the
# repository root (created if missing, with maturin and pytest). Used by run-tests.sh and by
# scripts/test-scenarios; prints the wheel directory.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
venv=$root/.venv
py=$venv/bin/python

[ -x "$py" ] || python3 -m venv "$venv"
"$py" -m pip install -q --disable-pip-version-check 'maturin>=1.16,<2' pytest

wheels=$root/target/wheels-python
rm -rf "$wheels"
(cd "$here" && "$venv/bin/maturin" build --release --quiet -m "$here/Cargo.toml" -o "$wheels" >&2)
"$py" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$wheels"/*.whl
echo "$wheels"
