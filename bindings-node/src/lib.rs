//! The Node.js addon of the SDK (napi-rs). It is generic: one client whose `call` runs any
//! operation by name through the core's typed reading (`Client::call_typed`), and the
//! description of the operations, models, error kinds and settings, from which the package's
//! JavaScript builds its methods and classes and `tools/gen-types.mjs` writes `index.d.ts`.
//! Nothing here names an operation: values are converted, every rule is the core's.
//!
//! Values cross as JSON, with three tagged forms that the JavaScript turns into its own types:
//! `{"$amount": "<litoshis>"}` (an `Amount`), `{"$secret": "<text>"}` (a `Secret`) and, for a
//! model, its fields with `"$type"` (and `"$raw"`, a result's raw JSON, secrets redacted).

mod client;
mod description;
mod offline;
mod streams;
mod values;
