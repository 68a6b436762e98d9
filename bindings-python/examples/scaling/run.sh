#!/usr/bin/env bash
# Runs the scaling example of docs/guides/scaling-out.md: worker processes watching many wallets, with the
# jobs and the cursors in Redis, one worker killed with SIGKILL on the way.
#   bindings-python/examples/scaling/run.sh [--workers N] [--wallets N]
# Installs what it needs when missing (Debian's redis-server with apt-get, the redis Python
# package into the repository's .venv), starts its own redis-server on a free loopback port with a
# temporary directory (stopped again whatever happens), and runs watch_many.py on the sandbox:
# the one of the caller when WALLET_SDK_BASE_URL is set, else one from scripts/with-sandbox.
# The .venv must hold wallet_sdk (bindings-python/build.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
py=${PYTHON:-$root/.venv/bin/python}
[ -x "$py" ] || { echo "no $py: create the .venv and install wallet_sdk first (bindings-python/build.sh)" >&2; exit 1; }

if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
  sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
  echo "installing redis-server (apt-get)" >&2
  export DEBIAN_FRONTEND=noninteractive
  # RUNLEVEL=1: the package's scripts leave the system's redis service stopped
  RUNLEVEL=1 $sudo apt-get install -y -q --no-install-recommends redis-server >/dev/null 2>&1 ||
    { $sudo apt-get update -q >/dev/null && RUNLEVEL=1 $sudo apt-get install -y -q --no-install-recommends redis-server >/dev/null; }
fi
if ! "$py" -c 'import redis' 2>/dev/null; then
  echo "installing the redis Python package into $py's environment" >&2
  "$py" -m pip install -q --disable-pip-version-check 'redis>=5,<9'
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/scaling-redis.XXXXXX")
redis_pid=
child=
stop() {
  if [ -n "$child" ] && kill -0 "$child" 2>/dev/null; then   # interrupted: the program first
    pkill -TERM -P "$child" 2>/dev/null || true
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  if [ -n "$redis_pid" ]; then
    kill -TERM "$redis_pid" 2>/dev/null || true
    wait "$redis_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT TERM

started=
for _ in 1 2 3 4 5; do
  port=$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # loopback only, nothing written to disk but the log, in the temporary directory
  redis-server --bind 127.0.0.1 --port "$port" --dir "$work" --save '' --appendonly no \
    --daemonize no --logfile "$work/redis.log" >/dev/null 2>&1 </dev/null &
  redis_pid=$!
  for _ in $(seq 1 50); do
    if redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG; then started=1; break; fi
    kill -0 "$redis_pid" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$started" ] && break
  kill -TERM "$redis_pid" 2>/dev/null || true
  wait "$redis_pid" 2>/dev/null || true
  redis_pid=
done
[ -n "$started" ] || { echo "redis-server did not start:" >&2; tail -20 "$work/redis.log" >&2 || true; exit 1; }
echo "redis-server ready on 127.0.0.1:$port (pid $redis_pid)" >&2
export SCALING_REDIS_URL="redis://127.0.0.1:$port/0"
# every worker takes back the cursors the others saved: they share the key that signs them
# (a real deployment keeps it with its other secrets)
export WALLET_SDK_STATE_KEY="${WALLET_SDK_STATE_KEY:-$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')}"

# in the background, so that INT and TERM reach the trap at once rather than after the program
if [ -n "${WALLET_SDK_BASE_URL:-}" ]; then
  "$py" "$here/watch_many.py" "$@" &
else
  "$root/scripts/with-sandbox" "$py" "$here/watch_many.py" "$@" &
fi
child=$!
status=0
wait "$child" || status=$?
exit $status
