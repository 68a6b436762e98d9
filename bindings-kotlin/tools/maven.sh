# Sourced by run-tests.sh and tools/jvm-jar.sh: installs Maven (Debian's package) if it is missing
# and sets `mvn_cmd`, the command line they run Maven with: batch mode, no download progress, the
# default local repository (~/.m2, or -Dmaven.repo.local=… in MAVEN_ARGS).
if ! command -v mvn >/dev/null; then
  echo "installing maven (Debian)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven >/dev/null
fi
mvn_cmd=(mvn -B -ntp -Dstyle.color=never -f "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/pom.xml" ${MAVEN_ARGS:-})
