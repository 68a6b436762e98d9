"""The code samples of the Markdown files (scripts/samples.py; CONTRIBUTING.md, Code samples).

Every ```python block of the READMEs and docs/ passes mypy --strict, with the stand-ins of the
convention for the names a fragment takes from its surroundings; those that need no stand-in (the
offline toolkit's, the quickstarts) also run, against the sandbox of the test run. And every
fenced block of every Markdown file is placed: compiled in its language (Rust, Kotlin, Java and
Swift in their own make targets), not code of the SDK (sh, json, text, ...), or marked
`<!-- sample: ignore REASON -->`.
"""

import subprocess
import sys
from pathlib import Path

from conftest import env

SAMPLES = Path(__file__).resolve().parents[2] / "scripts" / "samples.py"


def _samples(*args: str) -> str:
    run = subprocess.run([sys.executable, str(SAMPLES), *args], capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def test_every_fenced_block_is_placed():
    out = _samples("check")
    assert "unplaced: 0;" in out, out


def test_python_samples_pass_mypy_strict_and_those_without_stand_ins_run():
    env("WALLET_SDK_BASE_URL")  # the quickstarts among them call the sandbox
    out = _samples("python", "--run")
    assert " 0 failed," in out and "0 of them failed" in out, out
