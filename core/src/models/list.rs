// The 50 result and item types of the 43 operations, declared once (one file per group of
// operations, in `list/`), as `result_type!` (an
// operation's result, keeps the raw JSON) and `item_type!` (a nested entry) calls handed to the
// caller's macro by `for_each_model_declaration!(callback)`: `crate::models` expands them into
// the core types and their schema list, and the uniffi crate (`ffi/src/models.rs`) with its own
// macros into the Kotlin and Swift records (docs/adr/0003-models-declared-once.md). A macro of
// the core, not a copied file, so that every crate builds and publishes on its own.

mod shared;
mod wallet;
mod address;
mod transactions;
mod litecoin;
mod blocks;
mod utilities;

#[doc(hidden)]
#[macro_export]
macro_rules! for_each_model_declaration {
    ($callback:ident) => {
        $crate::__wallet_sdk_models_shared!($callback);
        $crate::__wallet_sdk_models_wallet!($callback);
        $crate::__wallet_sdk_models_address!($callback);
        $crate::__wallet_sdk_models_transactions!($callback);
        $crate::__wallet_sdk_models_litecoin!($callback);
        $crate::__wallet_sdk_models_blocks!($callback);
        $crate::__wallet_sdk_models_utilities!($callback);
    };
}
