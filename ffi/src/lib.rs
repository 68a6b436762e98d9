//! uniffi layer (in progress).
