"""The stubs match the native module (the stub-drift check) and every operation is exposed."""

import ast
import inspect
import sys
from pathlib import Path

import wallet_sdk
from wallet_sdk import _native

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import gen_stubs  # noqa: E402

PKG = Path(wallet_sdk.__file__).resolve().parent
STUB_PKG = gen_stubs.PKG


def _stub_classes(path: Path):
    tree = ast.parse(path.read_text())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = {}
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    members[item.name] = item
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    members[item.target.id] = item
            out[node.name] = members
    return out


def test_generated_stubs_are_current():
    for path, text in gen_stubs.rendered().items():
        assert path.read_text() == text, f"{path.name} is stale: run python tools/gen_stubs.py"


def test_installed_package_ships_stubs_and_marker():
    for name in ("py.typed", "_native.pyi", "_models.pyi"):
        assert (PKG / name).exists(), name


def test_every_native_class_and_member_is_in_the_stub():
    stub = _stub_classes(STUB_PKG / "_native.pyi")
    native_classes = {n for n, v in vars(_native).items() if isinstance(v, type)}
    assert native_classes == set(stub), "classes differ between _native and _native.pyi"
    for name in native_classes:
        cls = getattr(_native, name)
        public = {m for m in vars(cls) if not m.startswith("_")}
        assert public == {m for m in stub[name] if not m.startswith("_")}, name
        for m in stub[name]:
            if m.startswith("__") and m != "__init__":
                assert hasattr(cls, m), f"{name}.{m} in the stub but not in the module"
    functions = {n for n, v in vars(_native).items() if callable(v) and not isinstance(v, type)}
    tree = ast.parse((STUB_PKG / "_native.pyi").read_text())
    stub_functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert functions == stub_functions


def test_operation_signatures_match_the_stub():
    stub = _stub_classes(STUB_PKG / "_native.pyi")
    for cls_name in ("Client", "AsyncClient"):
        cls = getattr(_native, cls_name)
        for name, _doc, params, _ret in _native._methods():
            sig = inspect.signature(getattr(cls, name))
            got = [(p.name, p.kind, p.default) for p in sig.parameters.values() if p.name != "self"]
            want = [
                (n, inspect.Parameter.POSITIONAL_OR_KEYWORD if req else inspect.Parameter.KEYWORD_ONLY,
                 inspect.Parameter.empty if req else None)
                for n, _t, req in params
            ]
            assert got == want, f"{cls_name}.{name}"
            node = stub[cls_name][name]
            assert isinstance(node, ast.AsyncFunctionDef) == (cls_name == "AsyncClient"), name
            stub_args = [a.arg for a in node.args.args[1:]] + [a.arg for a in node.args.kwonlyargs]
            assert stub_args == [n for n, _t, _r in params], name
            assert getattr(cls, name).__doc__, f"{cls_name}.{name} has no docstring"


def test_all_43_operations_on_both_clients():
    ops = [o[0] for o in _native._operations()]
    assert len(ops) == 43 and len(set(ops)) == 43
    methods = [m[0] for m in _native._methods()]
    assert sorted(methods) == sorted(ops + ["address_private_key_v2_with_passphrase"])
    for name in methods:
        assert callable(getattr(wallet_sdk.Client, name))
        assert callable(getattr(wallet_sdk.AsyncClient, name))


def test_models_match_their_stubs():
    stub = _stub_classes(STUB_PKG / "_models.pyi")
    for name, _doc, fields, _is_result in _native._model_schemas():
        cls = getattr(wallet_sdk, name)
        assert cls.__doc__
        assert list(cls.__annotations__) == [f for f, _t, _d in fields]
        assert set(stub[name]) == {f for f, _t, _d in fields}, name


def test_every_public_name_is_documented():
    for name in wallet_sdk.__all__:
        obj = getattr(wallet_sdk, name)
        if isinstance(obj, type):
            assert obj.__doc__, name
            for m, v in vars(obj).items():
                if not m.startswith("_") and callable(v):
                    assert getattr(obj, m).__doc__, f"{name}.{m}"


def test_mypy_strict_accepts_the_shipped_stubs_and_the_examples():
    """A user's type checker reads the stubs; the examples are what users copy."""
    import subprocess
    import sys

    here = Path(__file__).resolve().parent.parent
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(here / "python" / "wallet_sdk"), str(here / "examples")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
