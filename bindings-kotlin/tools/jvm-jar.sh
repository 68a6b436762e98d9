#!/usr/bin/env bash
# make jvm-jar: the JVM release jar set in bindings-kotlin/build/maven/
#   wallet-sdk-VERSION.jar           classes + the native library at linux-x86-64/ and linux-aarch64/
#   wallet-sdk-VERSION-sources.jar   Kotlin sources, the generated ones included
#   wallet-sdk-VERSION-javadoc.jar   API docs made by Dokka (javadoc format)
#   wallet-sdk-VERSION.pom           the POM (Maven Central's required fields)
# Steps: tools/build-natives.sh (release, cargo-zigbuild, both architectures), then Maven's profile
# `dist` under scripts/with-sandbox: package, and Failsafe runs JavaCallerTest against the jar with
# no jna.library.path (so the x86_64 library is loaded out of the jar). Then it checks the jars'
# entries and the POM, and prints them.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/.." && pwd)
. "$here/tools/maven.sh"
command -v unzip >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq unzip >/dev/null; }

"$here/tools/build-natives.sh"
# The bindings that ship are generated from a release build of the library: a debug build also
# exports the tests' helpers (docs/adr/0017), and the stripped dist builds carry no uniffi metadata.
cargo build -q --release -p wallet-sdk-ffi --manifest-path "$root/Cargo.toml"
WALLET_SDK_FFI_LIB=${CARGO_TARGET_DIR:-$root/target}/release/libwallet_sdk_ffi.so \
  "$root/scripts/with-sandbox" "${mvn_cmd[@]}" -Pdist verify

out=$here/build/maven
version=$(sed -n 's|^  <version>\(.*\)</version>|\1|p' "$here/pom.xml" | head -1)
jar=$out/wallet-sdk-$version.jar
fail() { echo "jvm-jar: $*" >&2; exit 1; }
for f in "$jar" "$out/wallet-sdk-$version-sources.jar" "$out/wallet-sdk-$version-javadoc.jar"; do
  [ -s "$f" ] || fail "missing $f"
done

# The bindings were generated from the release library (the stripped dist ones carry no uniffi
# metadata): every native function they call must be in both packed libraries (else the sources
# changed between the two builds: run again). uniffi checks the API checksums when it loads.
needed=$(unzip -p "$out/wallet-sdk-$version-sources.jar" org/walletsdk/wallet_sdk_ffi.kt |
  grep -ohE '\b(uniffi_|ffi_)?wallet_sdk_ffi_[a-z0-9_]+' | sort -u)
for jna in linux-x86-64 linux-aarch64; do
  missing=$(comm -23 <(echo "$needed") <(readelf --dyn-syms --wide "$here/build/natives/$jna/libwallet_sdk_ffi.so" | awk '{print $8}' | sort -u))
  [ -z "$missing" ] || { echo "jvm-jar: $jna/libwallet_sdk_ffi.so lacks $(echo $missing | head -c 300)" >&2; exit 1; }
done
echo "--- the bindings' $(echo "$needed" | wc -l) native functions are in both libraries" >&2
echo "--- $(basename "$jar"): native libraries" >&2
unzip -l "$jar" | grep -E 'libwallet_sdk_ffi\.so$' >&2
for jna in linux-x86-64 linux-aarch64; do
  unzip -p "$jar" "$jna/libwallet_sdk_ffi.so" | cmp -s - "$here/build/natives/$jna/libwallet_sdk_ffi.so" ||
    fail "$jna/libwallet_sdk_ffi.so in the jar is not the one tools/build-natives.sh built"
done
for entry in org/walletsdk/WalletClient.class org/walletsdk/JavaWalletClient.class META-INF/LICENSE-MIT META-INF/LICENSE-APACHE; do
  unzip -l "$jar" "$entry" >/dev/null || fail "$entry is not in $(basename "$jar")"
done
echo "--- wallet-sdk-$version-sources.jar" >&2
for entry in org/walletsdk/wallet_sdk_ffi.kt org/walletsdk/Extensions.kt org/walletsdk/JavaWalletClient.kt org/walletsdk/JavaWalletClientBase.kt; do
  unzip -l "$out/wallet-sdk-$version-sources.jar" "$entry" >/dev/null || fail "$entry is not in the sources jar"
done
unzip -l "$out/wallet-sdk-$version-sources.jar" | tail -1 >&2
echo "--- wallet-sdk-$version-javadoc.jar" >&2
unzip -l "$out/wallet-sdk-$version-javadoc.jar" index.html >/dev/null || fail "no index.html in the javadoc jar"
unzip -l "$out/wallet-sdk-$version-javadoc.jar" | grep -E 'org/walletsdk/JavaWalletClient.html$' >/dev/null ||
  fail "no page for org.walletsdk.JavaWalletClient in the javadoc jar"
unzip -l "$out/wallet-sdk-$version-javadoc.jar" | tail -1 >&2
echo "--- pom.xml: what Maven Central requires" >&2
python3 - "$here/pom.xml" <<'PY' >&2
import sys, xml.etree.ElementTree as ET
ns = {"m": "http://maven.apache.org/POM/4.0.0"}
p = ET.parse(sys.argv[1]).getroot()
need = ["groupId", "artifactId", "version", "name", "description", "url", "licenses/m:license/m:name",
        "scm/m:url", "scm/m:connection", "developers/m:developer/m:name"]
for path in need:
    e = p.findall("m:" + path, ns)
    if not e or not all((x.text or "").strip() for x in e):
        sys.exit(f"jvm-jar: the POM lacks {path}")
    print(f"{path.replace('/m:', '/')}: {', '.join(' '.join(x.text.split()) for x in e)[:100]}")
PY
echo "jvm-jar: $(cd "$out" && ls -1 wallet-sdk-"$version"*.jar | tr '\n' ' ')in $out"
