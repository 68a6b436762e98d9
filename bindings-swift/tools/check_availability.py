#!/usr/bin/env python3
"""The availability check of the Swift package (CONTRIBUTING.md, "Apple platforms").

    check_availability.py PACKAGE_SWIFT OCCURRENCES_TSV PACKAGE_COPY GRAPHS_DIR...

Linux cannot compile the package for iOS or macOS (no Apple SDK), so this finds, with what Linux
has, every use in the package's Swift sources of a declaration newer than the platforms that
PACKAGE_SWIFT declares (`platforms: [.iOS(.v13), .macOS(.v10_15)]`):
  OCCURRENCES_TSV  every symbol occurrence of a debug build's index store (index-occurrences.c):
                   FILE LINE COLUMN ROLES USR NAME
  PACKAGE_COPY     the package's root as FILE names it (only its bindings-swift/ files count)
  GRAPHS_DIR       symbol graphs (*.symbols.json) of the toolchain's modules (Swift, _Concurrency,
                   Foundation, ...) and of WalletSDK itself: each declaration's USR and the
                   `@available` versions its module was compiled with (Linux's modules keep the
                   Apple platforms' versions)
The index cannot tell whether a use is inside `@available` / `if #available` / `guard #available`;
GUARDED lists the uses that are, checked by reading. A use of a newer declaration that is not in
GUARDED fails the check: guard it, then add it here.
"""
import glob
import json
import os
import re
import sys

# (file under bindings-swift/, declaration name): the guard around every use of it in that file
GUARDED = {
    ("Sources/WalletSDK/WalletSDK+Extensions.swift", "Duration"): "@available on WalletError.retryAfter",
    ("Sources/WalletSDK/WalletSDK+Extensions.swift", "milliseconds(_:)"): "@available on WalletError.retryAfter",
    ("Sources/WalletSDKClientBench/main.swift", "data(for:delegate:)"): "guard #available in makeCall's urlsession case",
    ("Sources/WalletSDKScenarios/RunScenarios.swift", "data(for:delegate:)"): "guard #available in http",
    ("Tests/WalletSDKTests/Sandbox.swift", "data(for:delegate:)"): "guard #available (else XCTSkip) in Sandbox.send",
    ("Tests/WalletSDKTests/ErrorsTests.swift", "retryAfter"):
        "guard #available (else XCTSkip) in testAnAccessorPerCoreField, if #available in testNodeErrorsKeepTheServiceAndNodeFields",
    ("Tests/WalletSDKTests/ErrorsTests.swift", "milliseconds(_:)"): "guard #available in testAnAccessorPerCoreField",
}

REFERENCE = 1 << 2  # INDEXSTORE_SYMBOL_ROLE_REFERENCE


def version(text):
    """`13` or `10_15` as (major, minor)."""
    parts = [int(p) for p in text.split("_")]
    return (parts + [0])[0], (parts + [0, 0])[1]


def main(package_swift, occurrences, package_copy, *graphs):
    manifest = open(package_swift).read()
    minimum = {p: version(v) for p, v in re.findall(r"\.(iOS|macOS)\(\.v([0-9_]+)\)", manifest)}
    assert set(minimum) == {"iOS", "macOS"}, f"no iOS and macOS minimums in {package_swift}"

    newer = {}  # USR -> {platform: introduced}, for declarations newer than a minimum
    for path in [p for g in graphs for p in glob.glob(f"{g}/*.symbols.json")]:
        for symbol in json.load(open(path))["symbols"]:
            introduced = {a["domain"]: (a["introduced"]["major"], a["introduced"].get("minor", 0))
                          for a in symbol.get("availability", []) if a.get("domain") in minimum and "introduced" in a}
            if any(introduced.get(p, (0,)) > m for p, m in minimum.items()):
                newer[symbol["identifier"]["precise"]] = introduced
    if not newer:
        sys.exit(f"availability: no versioned declaration in {' '.join(graphs)}: the symbol graphs are missing")

    prefix = f"{package_copy.rstrip('/')}/bindings-swift/"
    uses, files = {}, set()
    for line in open(occurrences):
        path, row, col, roles, usr, name = line.rstrip("\n").split("\t")
        if not path.startswith(prefix) or not path.endswith(".swift"):
            continue
        rel = path[len(prefix):]
        if not os.path.exists(os.path.join(os.path.dirname(os.path.abspath(package_swift)), "bindings-swift", rel)):
            continue  # the index keeps the units of files since removed
        files.add(rel)
        if int(roles) & REFERENCE and usr in newer:
            uses[(rel, int(row), int(col), name)] = newer[usr]

    if not files:
        sys.exit(f"availability: no Swift file under {prefix} in {occurrences}: was the package built in debug?")
    wanted = " / ".join(f"{p} {'.'.join(map(str, v))}" for p, v in minimum.items())
    unguarded = 0
    for (rel, row, col, name), introduced in sorted(uses.items()):
        since = ", ".join(f"{p} {'.'.join(map(str, v))}" for p, v in sorted(introduced.items()))
        guard = GUARDED.get((rel, name))
        if guard is None:
            unguarded += 1
        print(f"bindings-swift/{rel}:{row}:{col}: {name} ({since}): {guard or 'NOT GUARDED: put it behind @available / #available, then list it in GUARDED (bindings-swift/tools/check_availability.py)'}")
    print(f"availability: {len(files)} Swift files, {len(uses)} uses of declarations newer than {wanted}, "
          f"{unguarded} not listed as guarded")
    return 1 if unguarded else 0


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
