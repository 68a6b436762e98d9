# Sourced (not run) by tests/runners/kotlin/build.sh (the scenario runner), run-examples.sh (the
# examples), bench/kotlin/clients.sh and bench/kotlin/run.sh (the bench rows) and
# bench/soak/kotlin/build.sh (the soak): builds the library and those programs with Maven
# (pom.xml, profile `programs`), the same build and versions as run-tests.sh and tools/jvm-jar.sh.
# Callers hold flock /tmp/kotlin-swift-tests.lock (generated/kotlin is rewritten here).
#
# Steps: ../ffi/scripts/generate-bindings.sh kotlin generated/kotlin (from the debug library, or
# from $WALLET_SDK_FFI_LIB when it is set: the bench and the soak pass the release one); a hash of
# every input (generated and hand-written sources, the programs' sources, pom.xml, the version
# catalog); when no build has that hash, `mvn -Pprograms package` (Maven installed from Debian if
# missing, dependencies from Maven Central into ~/.m2) and copies of its two jars under names
# carrying the hash (a program still running keeps its files: a rebuild writes new ones).
# Afterwards these are set:
#   kt_programs   the build folder: build/programs, or build/programs-<dir> for $WALLET_SDK_FFI_LIB's <dir>
#   main_jar      the library jar
#   programs_jar  the programs' jar: the scenario runner and the examples, or with $WALLET_SDK_FFI_LIB
#                 the bench rows and the soak (the runner needs the debug library's test helpers)
#   cp_runtime    JNA, kotlinx-coroutines, kotlin-stdlib: jars in ~/.m2, as Maven resolved them
#   libdir        the directory of the libwallet_sdk_ffi.so the bindings came from (-Djna.library.path)
kt_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kt_root=$(cd "$kt_here/.." && pwd)
. "$kt_here/tools/maven.sh"

kt_gen=$kt_here/generated/kotlin
"$kt_root/ffi/scripts/generate-bindings.sh" kotlin "$kt_gen"
# Which programs: those of the debug library (the scenario runner calls operationNames(), a test
# helper that only debug builds export), or those of the release one (the bench, the soak).
if [ -n "${WALLET_SDK_FFI_LIB:-}" ]; then
  libdir=$(cd "$(dirname "$WALLET_SDK_FFI_LIB")" && pwd)
  kt_programs=$kt_here/build/programs-$(basename "$libdir")
  kt_sources=(bench/kotlin bench/soak/kotlin)
else
  libdir=${CARGO_TARGET_DIR:-$kt_root/target}/debug
  kt_programs=$kt_here/build/programs
  kt_sources=(tests/runners/kotlin bindings-kotlin/examples)
fi

# what the two jars are made of (file names and contents)
kt_stamp=$(cd "$kt_root" && {
  find bindings-kotlin/generated/kotlin bindings-kotlin/src/main/kotlin "${kt_sources[@]}" -name '*.kt' -type f
  echo bindings-kotlin/pom.xml bindings-kotlin/gradle/libs.versions.toml bindings-kotlin/tools/gen-java-api.py
} | tr ' ' '\n' | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
main_jar=$kt_programs/main-$kt_stamp.jar
programs_jar=$kt_programs/programs-$kt_stamp.jar
kt_classpath_ok() {
  [ -s "$kt_programs/runtime.classpath" ] || return 1
  local jar
  for jar in $(tr ':' ' ' < "$kt_programs/runtime.classpath"); do [ -f "$jar" ] || return 1; done
}
if [ ! -f "$main_jar" ] || [ ! -f "$programs_jar" ] || ! kt_classpath_ok; then
  echo "compiling the Kotlin library and programs with Maven (bindings-kotlin/pom.xml, profile programs, into $kt_programs)" >&2
  # kotlin-maven-plugin compiles everything each time and never deletes a class: start empty
  rm -rf "$kt_programs/classes" "$kt_programs/test-classes"
  kt_source_list=$(printf '%s,' "${kt_sources[@]/#/$kt_root/}")
  # (Maven's output, errors included, on stderr without its colour codes; callers run with pipefail)
  "${mvn_cmd[@]}" -q -Pprograms -Dwallet.skipGenerate=true -Dwallet.programs.dir="$kt_programs" \
    -Dwallet.programs.sources="${kt_source_list%,}" package 2>&1 |
    sed -u 's/\x1b\[[0-9;]*m//g' >&2
  [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "bindings-kotlin/build.sh: the Maven build failed" >&2; return 1; }
  kt_version=$(sed -n 's|^  <version>\(.*\)</version>|\1|p' "$kt_here/pom.xml" | head -1)
  rm -f "$kt_programs"/main-*.jar "$kt_programs"/programs-*.jar
  cp "$kt_programs/wallet-sdk-$kt_version.jar" "$main_jar"
  cp "$kt_programs/wallet-sdk-$kt_version-programs.jar" "$programs_jar"
fi
cp_runtime=$(cat "$kt_programs/runtime.classpath")
