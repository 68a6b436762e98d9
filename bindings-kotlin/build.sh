# Sourced (not run) by tests/runners/kotlin/build.sh (the scenario runner) and bench/kotlin/run.sh:
# installs the Kotlin toolchain if missing, generates the uniffi bindings and compiles them with the
# hand-written sources into the library jar with kotlinc (only when their sources changed). The
# tests (run-tests.sh) and the release jar (tools/jvm-jar.sh) use the Maven build, pom.xml, instead.
# Afterwards these are set:
#   kotlin_home  kotlinc's installation     klib     its lib/ (stdlib, coroutines)
#   cp_main      JNA + kotlinx-coroutines   cp_test   cp_main + JUnit4 + Hamcrest
#   kt_build     bindings-kotlin/build/jvm-test        main_jar  the library jar in it
#   libdir       the directory of libwallet_sdk_ffi.so (for -Djna.library.path)
#
# Toolchain (installed idempotently): kotlinc from the npm package kotlin-compiler into
# $WALLET_SDK_TOOLS (default <repo>/.tools, gitignored); JNA and JUnit4 from Debian
# (libjna-java, junit4).
kt_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kt_root=$(cd "$kt_here/.." && pwd)

KOTLIN_VERSION=2.4.20
tools=${WALLET_SDK_TOOLS:-$kt_root/.tools}
kotlin_home=$tools/kotlin-$KOTLIN_VERSION
if [ ! -x "$kotlin_home/bin/kotlinc" ]; then
  echo "installing kotlinc $KOTLIN_VERSION into $kotlin_home" >&2
  command -v npm >/dev/null || { echo "npm is required to install kotlinc" >&2; exit 1; }
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "kotlin-compiler@$KOTLIN_VERSION" >/dev/null && tar xzf "kotlin-compiler-$KOTLIN_VERSION.tgz")
  mkdir -p "$tools"
  rm -rf "$kotlin_home"
  mv "$tmp/package" "$kotlin_home"
  rm -rf "$tmp"
fi
if [ ! -f /usr/share/java/jna.jar ] || [ ! -f /usr/share/java/junit4.jar ]; then
  echo "installing libjna-java and junit4 (Debian)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjna-java junit4 >/dev/null
fi
java_libs=/usr/share/java
klib=$kotlin_home/lib
cp_main=$java_libs/jna.jar:$klib/kotlinx-coroutines-core-jvm.jar
cp_test=$cp_main:$java_libs/junit4.jar:$java_libs/hamcrest.jar

kt_build=$kt_here/build/jvm-test
kt_gen=$kt_here/generated/kotlin
mkdir -p "$kt_build"
"$kt_root/ffi/scripts/generate-bindings.sh" kotlin "$kt_gen"
libdir=${CARGO_TARGET_DIR:-$kt_root/target}/debug

# the library jar is rebuilt only when the generated or hand-written sources change
stamp=$(cat "$kt_gen"/org/walletsdk/*.kt "$kt_here"/src/main/kotlin/org/walletsdk/*.kt | sha256sum | cut -c1-16)
main_jar=$kt_build/main-$stamp.jar
if [ ! -f "$main_jar" ]; then
  echo "compiling the Kotlin library (generated bindings + extensions)" >&2
  rm -f "$kt_build"/main-*.jar
  "$kotlin_home/bin/kotlinc" -nowarn -cp "$cp_main" "$kt_gen" "$kt_here/src/main/kotlin" -d "$main_jar"
fi
