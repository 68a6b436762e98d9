#!/usr/bin/env bash
# The side-by-side harness of make bench: builds the Rust half (responder, raw reqwest
# and the SDK's Client, a bench target of core), installs aiohttp into the bench venv (.venv, the
# one bindings-python/build.sh fills with the wallet_sdk wheel), compiles the JDK baseline when
# javac exists and the Kotlin and Swift clients when their toolchains exist (bench/kotlin/clients.sh,
# bench/swift/clients.sh; a row whose toolchain is missing is skipped with its reason), and prints
# the tables. Sizes: BENCH_* variables, see bench/run.py.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
py=$root/.venv/bin/python

if ! "$py" -c 'import wallet_sdk' 2>/dev/null; then
    flock /tmp/python-build.lock bindings-python/build.sh >/dev/null
fi
"$py" -c 'import aiohttp' 2>/dev/null ||
    "$py" -m pip install -q --disable-pip-version-check 'aiohttp>=3.9,<4'
# pyreqwest: the Python clients' peer rows (its async and sync clients)
"$py" -c 'import pyreqwest' 2>/dev/null ||
    "$py" -m pip install -q --disable-pip-version-check 'pyreqwest>=0.15,<0.16'

bin=$(cargo bench -q -p wallet-sdk --bench side_by_side --no-run --message-format=json |
    "$py" -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "side_by_side" and m.get("executable"):
        print(m["executable"])')

# BENCH_ONLY names the rows to run (all when unset); rows not wanted are not built either
wants() { [ -z "${BENCH_ONLY:-}" ] || [[ ",$BENCH_ONLY," == *",$1,"* ]]; }
extra=()
skip() { extra+=(--skip "$1=$2"); echo "bench: skipping $1: $2" >&2; }

if wants java; then
    if command -v javac >/dev/null && command -v java >/dev/null; then
        out=$root/target/bench-java
        mkdir -p "$out"
        if [ ! -f "$out/RawJava.class" ] || [ bench/java/RawJava.java -nt "$out/RawJava.class" ] ||
           [ bench/java/BenchRow.java -nt "$out/RawJava.class" ]; then
            javac -d "$out" bench/java/RawJava.java bench/java/BenchRow.java
        fi
        extra+=(--client "java=java -cp $(printf %q "$out") RawJava")
    else
        skip java "no javac/java"
    fi
fi

# The Kotlin, Java API and Swift rows need the release FFI library.
if wants kotlin || wants java-sdk || wants java-blocking || wants java-pair || wants swift || wants swift-urlsession; then
    cargo build -q -p wallet-sdk-ffi --release
fi
# Each build script prints the command of its client, or exits 3 with the missing toolchain on
# stderr; it runs under the lock of the other Kotlin/Swift builds (they rewrite the generated
# sources), and only the build holds it, not the run.
build_client() {  # SCRIPT KEY=ARGS... (ARGS: what the row appends to the command)
    local script=$1 cmd status err pair
    shift
    err=$(mktemp)
    cmd=$(flock /tmp/kotlin-swift-tests.lock "$script" 2>"$err") && status=0 || status=$?
    [ "$status" = 0 ] || [ "$status" = 3 ] || cat "$err" >&2
    for pair in "$@"; do
        case $status in
            0) extra+=(--client "${pair%%=*}=$cmd ${pair#*=}") ;;
            3) skip "${pair%%=*}" "$(tail -1 "$err")" ;;
            *) skip "${pair%%=*}" "build failed ($script, exit $status)" ;;
        esac
    done
    rm -f "$err"
}
jvm=()
wants kotlin && jvm+=(kotlin=org.walletsdk.bench.ClientBenchKt)
wants java-sdk && jvm+=(java-sdk=org.walletsdk.bench.JavaApiBenchKt)
wants java-blocking && jvm+=(java-blocking="-Dwallet.bench.blocking=true org.walletsdk.bench.JavaApiBenchKt")
wants okhttp && jvm+=(okhttp=OkHttpJava)
wants java-pair && jvm+=(java-pair=org.walletsdk.bench.JvmPairBenchKt)
[ ${#jvm[@]} -eq 0 ] || build_client bench/kotlin/clients.sh "${jvm[@]}"
# one program, two rows
swift=()
wants swift && swift+=(swift=sdk)
wants swift-urlsession && swift+=(swift-urlsession=urlsession)
[ ${#swift[@]} -eq 0 ] || build_client bench/swift/clients.sh "${swift[@]}"

# Node: the SDK's release addon, and undici (bench/node/package.json) for the raw rows
if wants node || wants node-undici || wants node-fetch; then
    if command -v node >/dev/null && command -v npm >/dev/null; then
        bindings-node/build.sh --release >/dev/null
        [ -d bench/node/node_modules/undici ] || (cd bench/node && npm install --no-audit --no-fund --loglevel=error >/dev/null)
        for row in node=sdk node-undici=undici node-fetch=fetch; do
            wants "${row%%=*}" && extra+=(--client "${row%%=*}=node $(printf %q "$root/bench/node/clients.mjs") ${row#*=}")
        done
    else
        for row in node node-undici node-fetch; do wants "$row" && skip "$row" "no node/npm"; done
    fi
fi

if wants size; then
    # what ships: the dist profile (LTO, stripped) that make wheels and make jvm-jar build
    cargo build -q --profile dist -p wallet-sdk-ffi
    rm -rf target/bench-wheel
    (cd bindings-python && flock /tmp/python-build.lock "$root/.venv/bin/maturin" build --profile dist --quiet \
        -o "$root/target/bench-wheel" >/dev/null)
    extra+=(--size-lib "${CARGO_TARGET_DIR:-$root/target}/dist/libwallet_sdk_ffi.so" --size-wheels target/bench-wheel)
fi

exec "$py" bench/run.py --rust-bin "$bin" "${extra[@]}"
