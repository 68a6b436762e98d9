#!/usr/bin/env python3
"""Writes a uniffi global config that gives the Kotlin bindings one exception class per error kind:

    ffi/scripts/error-class-names.py FIRST_GENERATED_KT > CONFIG

(`uniffi-bindgen generate --config CONFIG` lays it over ffi/uniffi.toml.)

Each case of `WalletError` becomes a class named after the kind with Kotlin's `Exception` suffix
(`NotFoundException`, `ServiceErrorException`), as Python has `NotFoundError`: uniffi alone would
keep `NotFound` and turn `ServiceError` into `ServiceException`. The cases are read from a first
generation without these names (FIRST_GENERATED_KT), where uniffi writes a case `XError` as
`XException` and any other case `X` as `X`; so no list of the kinds is kept here, and a kind
added to the core's list gets its class by itself. Fails if it finds no case.
"""
import re
import sys


def cases(generated: str) -> list:
    start = generated.index("sealed class WalletException")
    body = generated[start:]
    # the sealed class ends at the first line that closes it at column 0
    body = body[: body.index("\n}\n")]
    names = re.findall(r"^    class (\w+)\(", body, re.M)
    return [n[: -len("Exception")] + "Error" if n.endswith("Exception") else n for n in names]


def main(generated_kt: str) -> None:
    found = cases(open(generated_kt).read())
    if not found:
        sys.exit("error-class-names.py: no case of WalletError in the generated bindings")
    sys.stdout.write("[crates.wallet_sdk_ffi.bindings.kotlin.rename]\n")
    sys.stdout.write("".join(f'"WalletError.{case}" = "{case}Exception"\n' for case in found))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} FIRST_GENERATED_KT")
    main(sys.argv[1])
