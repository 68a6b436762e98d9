#!/usr/bin/env bash
# Builds the Kotlin scenario runner: the library jar through bindings-kotlin/build.sh (the same
# toolchain and steps as bindings-kotlin/run-tests.sh), then RunScenarios.kt against it with
# kotlinc (only when either changed), and writes the launcher
#   bindings-kotlin/build/scenarios/run-scenarios TRANSCRIPT
# which runs it on the JVM over tests/scenarios (under scripts/with-sandbox), and
#   bindings-kotlin/build/scenarios/run-hostile CELLS NAME
# which runs one hostile-answer cell in its own JVM (scripts/test-hostile).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
. "$root/bindings-kotlin/build.sh"

out=$root/bindings-kotlin/build/scenarios
mkdir -p "$out"
stamp=$( (basename "$main_jar"; cat "$here/RunScenarios.kt") | sha256sum | cut -c1-16)
jar=$out/runner-$stamp.jar
if [ ! -f "$jar" ]; then
  echo "compiling the Kotlin scenario runner" >&2
  rm -f "$out"/runner-*.jar
  "$kotlin_home/bin/kotlinc" -nowarn -cp "$cp_main:$main_jar" "$here/RunScenarios.kt" -d "$jar"
fi
cat > "$out/run-scenarios" <<EOF
#!/bin/sh
# written by tests/runners/kotlin/build.sh
exec java -Djna.library.path="$libdir" -cp "$jar:$main_jar:$cp_main:$klib/kotlin-stdlib.jar" \\
  org.walletsdk.scenarios.RunScenariosKt "$root/tests/scenarios" "\${1:-$root/target/scenarios/kotlin.txt}"
EOF
# one hostile-answer cell per JVM (scripts/test-hostile): run-hostile CELLS NAME; extra JVM options
# (heap size...) from $HOSTILE_JAVA_OPTS
cat > "$out/run-hostile" <<EOF
#!/bin/sh
# written by tests/runners/kotlin/build.sh
exec java \$HOSTILE_JAVA_OPTS -Djna.library.path="$libdir" -cp "$jar:$main_jar:$cp_main:$klib/kotlin-stdlib.jar" \\
  org.walletsdk.scenarios.RunScenariosKt --hostile "\$1" "\$2"
EOF
chmod +x "$out/run-scenarios" "$out/run-hostile"
