//! The project's own `uniffi-bindgen` (same uniffi version as the library):
//! `cargo run -p wallet-sdk-ffi-bindgen -- generate --library <lib> --language kotlin --out-dir <dir>`.
fn main() {
    uniffi::uniffi_bindgen_main()
}
