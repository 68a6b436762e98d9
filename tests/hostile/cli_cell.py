#!/usr/bin/env python3
"""One hostile cell through the `wallet` CLI, as an operator would run it: the cell's operation as
its subcommand with `--json`, plain inputs as flags, secret inputs in their `WALLET_<NAME>`
environment variables (never on the command line), against `WALLET_FAULT_PROXY_URL` with the key
in `WALLET_SDK_API_KEY`.

    cli_cell.py CELLS_JSON CELL_NAME        (the binary: HOSTILE_CLI)

Passes the CLI's stdout and stderr through whole (the driver looks for secrets in them), then
prints the `HOSTILE-RESULT {json}` line the other languages print: `ok` on exit 0, otherwise the
kind of the `--json` error object. Exits 0 when the CLI ended as the CLI ends (0, or the exit code
of an error kind), and with the CLI's own status otherwise: a panic (101), a usage error, an abort
or a signal is then a failed cell with its name.
"""
import json
import os
import subprocess
import sys
import tempfile

# the CLI's secret inputs, read from WALLET_<NAME> (cli/README.md, "Secrets")
SECRET_INPUTS = {"passphrase", "old_passphrase", "new_passphrase", "mnemonics", "private_key", "wif", "code", "bip39_passphrase"}
# the CLI's exit codes of an SDK error kind (cli/README.md, "Exit codes")
KIND_EXITS = set(range(3, 19)) | {20, 22}
# an operation whose subcommand is not its name: its subcommand, its flags by argument, and the
# argument that goes on stdin (never a flag or a variable: the CLI reads keys from a file or stdin)
SUBCOMMANDS = {
    "send_signed_locally": (["send", "--sign-locally", "--keys-file", "-"],
                            {"sender_address": "--from", "recipient_address": "--to", "amount": "--amount", "build": "--build"}, "key"),
}
MARK = "HOSTILE-RESULT "


def main() -> int:
    cells_path, name = sys.argv[1], sys.argv[2]
    cell = next(c for c in json.load(open(cells_path))["cells"] if c["name"] == name)
    argv = [os.environ["HOSTILE_CLI"], "--json", "--base-url", os.environ["WALLET_FAULT_PROXY_URL"], "--timeout", "120", "--backoff", "0.1"]
    subcommand, flags, on_stdin = SUBCOMMANDS.get(cell["op"], ([cell["op"].replace("_", "-")], {}, None))
    argv += subcommand
    # a wallet's secrets are not wanted here, and the CLI refuses a creation that says nothing of them
    if cell["op"] in ("create_encrypted_wallet", "create_importable_wallet", "create_importable_encrypted_wallet"):
        argv.append("--discard-secrets")
    env = dict(os.environ)
    stdin = b""
    for key, value in cell["args"].items():
        if key == on_stdin:
            stdin = value.encode() + b"\n"
        elif key in flags:
            argv += [flags[key], value]
        elif key in SECRET_INPUTS:
            env["WALLET_" + key.upper()] = value
        else:
            argv += ["--" + key.replace("_", "-"), value if isinstance(value, str) else json.dumps(value)]
    with tempfile.TemporaryDirectory() as state:
        # the CLI keeps its state key under XDG_STATE_HOME: one of the cell's own
        env["XDG_STATE_HOME"] = state
        done = subprocess.run(argv, env=env, input=stdin, capture_output=True)
    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    sys.stdout.write(out)
    sys.stderr.write(err)
    code = done.returncode
    if code == 0:
        result = {"cell": name, "kind": "ok", "raw_json": out}
    elif code in KIND_EXITS:
        try:
            error = json.loads(err[err.index("{"):])["error"]
        except (ValueError, KeyError) as e:
            print(f"cli_cell: exit {code} without a JSON error on stderr ({e})", file=sys.stderr)
            return 1
        result = {"cell": name, "kind": error["kind"], "message": error.get("message"), "fields": error}
    else:
        # a panic, a usage error, an abort: the cell fails with the CLI's own status
        return code if code > 0 else 128 - code
    sys.stdout.write("\n" + MARK + json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
