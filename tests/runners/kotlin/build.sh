#!/usr/bin/env bash
# Builds the Kotlin scenario runner: bindings-kotlin/build.sh compiles the library and
# RunScenarios.kt with Maven (bindings-kotlin/pom.xml, profile `programs`; only when a source
# changed), then this writes the launchers
#   bindings-kotlin/build/scenarios/run-scenarios TRANSCRIPT
# which runs it on the JVM over tests/scenarios (under scripts/with-sandbox), and
#   bindings-kotlin/build/scenarios/run-hostile CELLS NAME
# which runs one hostile-answer cell in its own JVM (scripts/test-hostile).
# Run it under flock /tmp/kotlin-swift-tests.lock (the build rewrites bindings-kotlin/generated).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
. "$root/bindings-kotlin/build.sh"

out=$root/bindings-kotlin/build/scenarios
mkdir -p "$out"
cp="$programs_jar:$main_jar:$cp_runtime"
cat > "$out/run-scenarios" <<EOS
#!/bin/sh
# written by tests/runners/kotlin/build.sh
exec java -Djna.library.path="$libdir" -cp "$cp" \\
  org.walletsdk.scenarios.RunScenariosKt "$root/tests/scenarios" "\${1:-$root/target/scenarios/kotlin.txt}"
EOS
# one hostile-answer cell per JVM (scripts/test-hostile): run-hostile CELLS NAME; extra JVM options
# (heap size...) from $HOSTILE_JAVA_OPTS
cat > "$out/run-hostile" <<EOS
#!/bin/sh
# written by tests/runners/kotlin/build.sh
exec java \$HOSTILE_JAVA_OPTS -Djna.library.path="$libdir" -cp "$cp" \\
  org.walletsdk.scenarios.RunScenariosKt --hostile "\$1" "\$2"
EOS
chmod +x "$out/run-scenarios" "$out/run-hostile"
