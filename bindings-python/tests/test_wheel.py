"""The release build gives one cp39-abi3 wheel that installs into a fresh venv and runs the
quickstarts (which the README shows verbatim)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent.parent


def _wheel() -> Path:
    d = os.environ.get("WALLET_SDK_WHEEL_DIR")
    if not d:
        pytest.fail("WALLET_SDK_WHEEL_DIR is not set: run bindings-python/run-tests.sh (it builds the wheel)")
    wheels = sorted(Path(d).glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_one_abi3_wheel():
    name = _wheel().name
    assert name.startswith("wallet_sdk-") and "-cp39-abi3-" in name, name


def test_readme_shows_the_quickstarts():
    readme = (HERE / "README.md").read_text()
    for ex in ("quickstart.py", "quickstart_async.py"):
        assert (HERE / "examples" / ex).read_text().strip() in readme, ex


def test_wheel_installs_in_a_fresh_venv_and_runs_the_quickstarts(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-index", str(_wheel())], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    for ex in ("quickstart.py", "quickstart_async.py"):
        out = subprocess.run([str(py), str(HERE / "examples" / ex)], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        assert "[REDACTED]" in out.stdout or "legacy" in out.stdout, out.stdout
        # a new address's balance, as exact 8-decimal text (not Decimal's "0E-8")
        assert " 0.00000000" in out.stdout and "0E-8" not in out.stdout, out.stdout
        assert os.environ["WALLET_SDK_API_KEY"] not in out.stdout + out.stderr
    check = subprocess.run([str(py), "-c", "import wallet_sdk, pathlib; p = pathlib.Path(wallet_sdk.__file__).parent; "
                            "print(all((p / f).exists() for f in ('py.typed', '_native.pyi', '_models.pyi')))"],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert check.stdout.strip() == "True", check.stderr


def test_pip_install_of_the_source_tree_builds_and_runs(tmp_path):
    """`pip install ./bindings-python` (what a user with a checkout does) builds through maturin's
    PEP 517 backend and gives a working package. The workspace's target/ keeps the build warm."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    built = subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(HERE)],
                           env=env, capture_output=True, text=True, timeout=1200)
    assert built.returncode == 0, built.stderr[-2000:]
    run = subprocess.run([str(py), "-c", "import wallet_sdk\n"
                          "with wallet_sdk.Client.from_env() as c: print(c.blockchain_info().chain)"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "regtest", run.stdout
