"""The scaling example (docs/guides/scaling-out.md, examples/scaling): worker processes watching wallets with
the jobs and cursors in Redis, one killed with SIGKILL while it handles an event. Runs it through
its run.sh (which installs redis-server and the redis package when missing, and reuses this
suite's sandbox) and checks its report: no event lost, none handled twice, the killed worker's
job reaped and its in-flight event delivered again."""

import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import env

RUN = Path(__file__).resolve().parent.parent / "examples" / "scaling" / "run.sh"


def test_scaling_example_survives_a_killed_worker():
    env("WALLET_SDK_BASE_URL")
    env("WALLET_SDK_API_KEY")
    out = subprocess.run(
        ["bash", str(RUN)],
        env={**os.environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = out.stdout
    assert out.returncode == 0, report + out.stderr[-3000:]
    assert re.search(r"^killed worker: +w0 \(SIGKILL while handling py_scale_\w+:[0-9a-f]{12}:\w+\)$", report, re.M), report
    assert re.search(r"^reaped jobs: +w0:py_scale_", report, re.M), report
    assert re.search(r"^redeliveries seen: +[1-9]", report, re.M), report
    for line in ("lost events:        0", "duplicated events:  0", "unexpected events:  0"):
        assert re.search("^" + re.escape(line) + "$", report, re.M), report
    handled = re.search(r"^events handled: +(\d+) \(expected (\d+)\)", report, re.M)
    assert handled and handled.group(1) == handled.group(2) and int(handled.group(1)) > 0, report
    assert "result:             ok: every payment handled exactly once" in report, report
