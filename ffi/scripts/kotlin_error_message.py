"""Makes `WalletException.message` the SDK's own message in the generated Kotlin.

uniffi 0.32 (pinned exactly in ffi/Cargo.toml) renders the `message` of an error variant with
fields as "field=value, ..." and cannot compile a field named `message`
(mozilla/uniffi-rs#1434). Every `WalletError` variant has a `message` field holding the core's
message, so this turns that field into the `Throwable.message` override and drops the
generated getter. It fails loudly if the generated code does not look as expected.
"""
import re
import sys

path = sys.argv[1]
src = open(path, encoding="utf-8").read()
start = src.index("sealed class WalletException: kotlin.Exception() {")
end = src.index("companion object ErrorHandler", start)
block = src[start:end]
fields, n1 = re.subn(r"\n(\s*)val `message`: kotlin\.String,", r"\n\1override val `message`: kotlin.String,", block)
fixed, n2 = re.subn(r"\n\s*override val message\n\s*get\(\) = \"message=[^\n]*\"", "", fields)
variants = len(re.findall(r"\n    class \w+\(", block))
if not (n1 == n2 == variants == 19):
    sys.exit(f"kotlin_error_message.py: unexpected generated code ({n1}, {n2}, {variants}); check the uniffi version")
open(path, "w", encoding="utf-8").write(src[:start] + fixed + src[end:])
