#!/usr/bin/env bash
# The side-by-side harness of issue 13 (make bench): builds the Rust half (responder, raw reqwest
# and the SDK's Client, a bench target of core), installs aiohttp into the bench venv (.venv, the
# one bindings-python/build.sh fills with the wallet_sdk wheel), compiles the JDK baseline when
# javac exists, and prints one table. Sizes: BENCH_* variables, see bench/run.py.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
py=$root/.venv/bin/python

if ! "$py" -c 'import wallet_sdk' 2>/dev/null; then
    flock /tmp/python-build.lock bindings-python/build.sh >/dev/null
fi
"$py" -c 'import aiohttp' 2>/dev/null ||
    "$py" -m pip install -q --disable-pip-version-check 'aiohttp>=3.9,<4'

bin=$(cargo bench -q -p wallet-sdk --bench side_by_side --no-run --message-format=json |
    "$py" -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "side_by_side" and m.get("executable"):
        print(m["executable"])')

java=()
if command -v javac >/dev/null && command -v java >/dev/null; then
    out=$root/target/bench-java
    mkdir -p "$out"
    if [ ! -f "$out/RawJava.class" ] || [ bench/java/RawJava.java -nt "$out/RawJava.class" ]; then
        javac -d "$out" bench/java/RawJava.java
    fi
    java=(--java-dir "$out")
fi

exec "$py" bench/run.py --rust-bin "$bin" "${java[@]}"
