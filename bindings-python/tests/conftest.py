"""Shared helpers: the sandbox started by scripts/with-sandbox (see run-tests.sh)."""

import json
import os
import secrets
import urllib.error
import urllib.request
from typing import Any

import pytest

import wallet_sdk


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run the tests with bindings-python/run-tests.sh (it starts a sandbox)")
    return value


def sandbox_post(path: str, body: Any) -> Any:
    req = urllib.request.Request(
        env("WALLET_SDK_BASE_URL").rstrip("/") + path,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=300) as r:
            v = json.loads(r.read())
    except urllib.error.HTTPError as e:
        raise AssertionError(f"sandbox {path} {body}: HTTP {e.code}: {e.read()[:500]!r}") from None
    return v.get("data", v) if isinstance(v, dict) and "successful" in v else v


def fund(address: str, amount: str, mine: bool = True) -> str:
    return sandbox_post("/sandbox/fund", {"address": address, "amount": amount, "mine": mine})["txid"]


def mint_key(ttl: int, compat: str) -> str:
    return sandbox_post("/sandbox/keys", {"ttlSeconds": ttl, "compat": compat})["apiKey"]


def fault(path: str, delay_ms: int, count: int = 1) -> None:
    sandbox_post("/sandbox/faults", {"path": path, "delayMs": delay_ms, "count": count})


def unique(tag: str) -> str:
    return f"py_{tag}_{secrets.token_hex(4)}"


def make_client(key: str = None, **kw: Any) -> wallet_sdk.Client:
    kw.setdefault("timeout", 120)
    kw.setdefault("backoff", 0.1)
    return wallet_sdk.Client(env("WALLET_SDK_BASE_URL"), key or env("WALLET_SDK_API_KEY"), **kw)


def make_async_client(key: str = None, **kw: Any) -> wallet_sdk.AsyncClient:
    kw.setdefault("timeout", 120)
    kw.setdefault("backoff", 0.1)
    return wallet_sdk.AsyncClient(env("WALLET_SDK_BASE_URL"), key or env("WALLET_SDK_API_KEY"), **kw)
