"""Makes Swift `Task` cancellation reach the Rust call in the generated Swift (docs/adr/0005).

uniffi 0.32 (pinned exactly in ffi/Cargo.toml) awaits a Rust future in `uniffiRustCallAsync`
without a cancellation handler, and turns a cancelled call's status into `fatalError`
(mozilla/uniffi-rs#2771). This edit:
- gives `uniffiRustCallAsync` the future's `cancelFunc` (its `poll` function's twin, e.g.
  `ffi_wallet_sdk_ffi_rust_future_cancel_rust_buffer`) and the operation's name, read from the
  call site;
- wraps its poll loop in `withTaskCancellationHandler`, whose handler cancels the Rust future
  (Rust drops it: a read's HTTP request is aborted, a create/send/broadcast under way runs on and
  reports to the abandoned-call listener);
- throws `CancellationError` for a cancelled call, or the core's `OutcomeUnknown` for a
  non-idempotent operation (`cancelledCallError(operation:)`), instead of `fatalError`.
It fails loudly if the generated code does not look as expected.
"""
import re
import sys

path = sys.argv[1]
src = open(path, encoding="utf-8").read()


def replace_once(text, old, new, what):
    if text.count(old) != 1:
        sys.exit(f"swift_task_cancellation.py: expected one {what}, found {text.count(old)}; check the uniffi version")
    return text.replace(old, new)


src = replace_once(src, 'fatalError("Cancellation not supported yet")', "throw CancellationError()", "CALL_CANCELLED branch")

old_head = """fileprivate func uniffiRustCallAsync<F, T>(
    rustFutureFunc: () -> UInt64,
    pollFunc:"""
new_head = """fileprivate func uniffiRustCallAsync<F, T>(
    operation: String? = nil,
    rustFutureFunc: () -> UInt64,
    cancelFunc: @escaping @Sendable (UInt64) -> (),
    pollFunc:"""
src = replace_once(src, old_head, new_head, "uniffiRustCallAsync signature")

old_body = """    uniffiEnsureWalletSdkFfiInitialized()
    let rustFuture = rustFutureFunc()
    defer {
        freeFunc(rustFuture)
    }
    var pollResult: Int8;
    repeat {
        pollResult = await withUnsafeContinuation {
            pollFunc(
                rustFuture,
                { handle, pollResult in
                    uniffiFutureContinuationCallback(handle: handle, pollResult: pollResult)
                },
                uniffiContinuationHandleMap.insert(obj: $0)
            )
        }
    } while pollResult != UNIFFI_RUST_FUTURE_POLL_READY

    return try liftFunc(makeRustCall(
        { completeFunc(rustFuture, $0) },
        errorHandler: errorHandler
    ))
}"""
new_body = """    uniffiEnsureWalletSdkFfiInitialized()
    // cancelled before it started: nothing is sent
    try Task.checkCancellation()
    let rustFuture = rustFutureFunc()
    defer {
        freeFunc(rustFuture)
    }
    await withTaskCancellationHandler {
        var pollResult: Int8;
        repeat {
            pollResult = await withUnsafeContinuation {
                pollFunc(
                    rustFuture,
                    { handle, pollResult in
                        uniffiFutureContinuationCallback(handle: handle, pollResult: pollResult)
                    },
                    uniffiContinuationHandleMap.insert(obj: $0)
                )
            }
        } while pollResult != UNIFFI_RUST_FUTURE_POLL_READY
    } onCancel: {
        cancelFunc(rustFuture)
    }

    do {
        return try liftFunc(makeRustCall(
            { completeFunc(rustFuture, $0) },
            errorHandler: errorHandler
        ))
    } catch is CancellationError {
        // a create, send or broadcast may have been sent: never "nothing happened"
        if let operation, let unknown = cancelledCallError(operation: operation) {
            throw unknown
        }
        throw CancellationError()
    }
}"""
src = replace_once(src, old_body, new_body, "uniffiRustCallAsync body")

# every call site: the cancel function next to the poll function, and the operation's name
site = re.compile(
    r"uniffiRustCallAsync\(\n(\s*)rustFutureFunc: \{\n(\s*)(uniffi_wallet_sdk_ffi_fn_(?:method_walletclient_(\w+)|\w+))\((.*?)\n\s*pollFunc: ffi_wallet_sdk_ffi_rust_future_poll_(\w+),",
    re.S,
)


def add(m):
    indent, inner, symbol, operation, rest, kind = m.groups()
    # the untyped `call(operation:argumentsJson:)` names its operation in its first argument
    name = "operation" if operation == "call" else f'"{operation}"'
    op = f"{indent}operation: {name},\n" if operation else ""
    return (
        f"uniffiRustCallAsync(\n{op}{indent}rustFutureFunc: {{\n{inner}{symbol}({rest}\n"
        f"{indent}cancelFunc: ffi_wallet_sdk_ffi_rust_future_cancel_{kind},\n"
        f"{indent}pollFunc: ffi_wallet_sdk_ffi_rust_future_poll_{kind},"
    )


src, sites = site.subn(add, src)
calls = src.count("uniffiRustCallAsync(\n")
if sites == 0 or sites != calls:
    sys.exit(f"swift_task_cancellation.py: rewrote {sites} of {calls} async call sites; check the uniffi version")
open(path, "w", encoding="utf-8").write(src)
