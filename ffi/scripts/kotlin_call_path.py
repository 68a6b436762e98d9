"""Takes two per-call costs of JNA out of the generated Kotlin (ADR 0009).

uniffi 0.32 (pinned exactly in ffi/Cargo.toml) pays, on every call into Rust:
- a new `UniffiRustCallStatus`: a JNA Structure with a nested one, i.e. two native allocations,
  reflection over the fields and two registrations with JNA's cleaner thread. Statuses are
  reused instead, from a per-thread stack (a stack, not one per thread, because a call may
  re-enter Kotlin and call Rust again before it returns);
- on every async completion, Rust calls the continuation callback from a runtime thread, and JNA
  attaches that thread to the JVM and detaches it again around each callback. The callback is
  registered to keep its threads attached (as daemons, so they never hold the JVM open).
It fails loudly if the generated code does not look as expected.
"""
import sys

path = sys.argv[1]
src = open(path, encoding="utf-8").read()


def replace_once(old, new):
    global src
    if src.count(old) != 1:
        sys.exit(f"kotlin_call_path.py: expected one {old.splitlines()[0]!r}; check the uniffi version")
    src = src.replace(old, new)


replace_once(
    """    var status = UniffiRustCallStatus()
    val return_value = callback(status)
    uniffiCheckCallStatus(errorHandler, status)
    return return_value
}
""",
    """    val status = UniffiCallStatusPool.take()
    try {
        val return_value = callback(status)
        uniffiCheckCallStatus(errorHandler, status)
        return return_value
    } finally {
        UniffiCallStatusPool.give(status)
    }
}

// Reused call statuses (ffi/scripts/kotlin_call_path.py); taken and given back on the same thread.
internal object UniffiCallStatusPool {
    private val free = ThreadLocal.withInitial { ArrayList<UniffiRustCallStatus>(4) }

    fun take(): UniffiRustCallStatus {
        val stack = free.get()
        val status = if (stack.isEmpty()) UniffiRustCallStatus() else stack.removeAt(stack.size - 1)
        // Rust writes the status only on failure: it must start as success
        status.code = UNIFFI_CALL_SUCCESS
        return status
    }

    fun give(status: UniffiRustCallStatus) {
        free.get().add(status)
    }
}
""")
replace_once(
    """internal object uniffiRustFutureContinuationCallbackImpl: UniffiRustFutureContinuationCallback {
""",
    """internal object uniffiRustFutureContinuationCallbackImpl: UniffiRustFutureContinuationCallback {
    init {
        com.sun.jna.Native.setCallbackThreadInitializer(
            this, com.sun.jna.CallbackThreadInitializer(true, false, "wallet-sdk-completion"))
    }

""")
open(path, "w", encoding="utf-8").write(src)
