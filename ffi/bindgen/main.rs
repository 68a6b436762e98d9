//! The project's own `uniffi-bindgen`: uniffi's published binding generator, its templates
//! patched (ffi/vendor/README.md), for the two languages the project generates.
//!
//!     uniffi-bindgen generate --library LIB --language kotlin|swift --out-dir DIR [--no-format] [--config TOML]
//!
//! Built by `ffi/scripts/generate-bindings.sh`, which prepares the patched generator first.

use anyhow::{bail, Context, Result};
use camino::Utf8PathBuf;
use uniffi_bindgen::bindings::{generate, GenerateOptions, TargetLanguage};

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() != Some("generate") {
        bail!("usage: uniffi-bindgen generate --library LIB --language kotlin|swift --out-dir DIR [--no-format] [--config TOML]");
    }
    let (mut source, mut out_dir, mut languages, mut format, mut config) = (None, None, Vec::new(), true, None);
    while let Some(arg) = args.next() {
        let mut value = || args.next().with_context(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--library" => source = Some(Utf8PathBuf::from(value()?)),
            "--out-dir" => out_dir = Some(Utf8PathBuf::from(value()?)),
            "--language" => languages.push(match value()?.as_str() {
                "kotlin" => TargetLanguage::Kotlin,
                "swift" => TargetLanguage::Swift,
                other => bail!("the project generates kotlin and swift, not {other}"),
            }),
            "--no-format" => format = false,
            // the config to use instead of the crate's uniffi.toml
            "--config" => config = Some(Utf8PathBuf::from(value()?)),
            other => bail!("unknown argument {other}"),
        }
    }
    generate(GenerateOptions {
        languages,
        source: source.context("--library is required")?,
        out_dir: out_dir.context("--out-dir is required")?,
        format,
        config_override: config,
        ..GenerateOptions::default()
    })
}
