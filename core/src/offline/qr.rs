//! QR codes of payment URIs and addresses, as SVG text or PNG bytes.

use std::fmt;

use qrcode::{Color, EcLevel, QrCode};

use super::payment::qr_upper_case;
use super::{QrErrorCorrection, QrFormat, QrImage};
use crate::{Error, Result};

/// The quiet zone around a QR code, in modules (the QR standard's 4).
pub const QR_QUIET_ZONE: u32 = 4;

/// The module size of [`payment_qr`] when none is given, in pixels.
pub const QR_DEFAULT_MODULE_SIZE: u32 = 8;

/// The largest module size of [`payment_qr`], in pixels (a version 40 code is then 5 920 pixels
/// wide).
pub const QR_MAX_MODULE_SIZE: u32 = 32;

/// The most bytes any QR code holds (7 089 digits); longer text is refused before encoding.
const QR_MAX_TEXT_LEN: usize = 7089;

impl Default for QrErrorCorrection {
    /// `M`: about 15 % of the code may be lost.
    fn default() -> Self {
        QrErrorCorrection::M
    }
}

impl fmt::Debug for QrImage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("QrImage")
            .field("format", &self.format)
            .field("bytes", &self.data.len())
            .field("width", &self.width)
            .field("modules", &self.modules)
            .field("encoded_text_len", &self.encoded_text.len())
            .finish()
    }
}

/// Draws `text` (a payment URI from [`build_payment_uri`](super::build_payment_uri), an
/// address, any text) as a QR code with a quiet zone of 4 modules, black on white.
///
/// When `text` is a `litecoin:` URI (or a bare address) whose address is bech32 (`ltc1`,
/// `tltc1`, `rltc1`, `ltcmweb1`, `tmweb1`), the scheme and the address, and nothing else, are
/// written in upper case first, as BIP173 recommends: upper-case letters and digits fit QR's
/// compact alphanumeric mode, so the code is smaller. The parameters after `?` are kept as
/// they are (their values are case-sensitive). [`parse_payment_uri`](super::parse_payment_uri)
/// reads the result to the same request, since the scheme and bech32 ignore case.
///
/// [`QrFormat::Text`] draws the code for a terminal (see [`QrImage::text`]). For the images,
/// `module_size` is the side of one module in pixels (1 to 32, default 8); the image is
/// `(modules + 8) × module_size` pixels wide ([`QrImage::width`]). An SVG scales without loss,
/// so its size only sets its `width` and `height`.
///
/// # Errors
/// [`InvalidInput`](crate::ErrorKind::InvalidInput) on field `text` (empty, or too long for a QR
/// code at this error correction: at most 2 953 bytes of arbitrary text at `L`, 2 331 at `M`,
/// 1 663 at `Q`, 1 273 at `H`; more for digits and upper-case text) or `module_size`.
///
/// ```
/// use wallet_sdk::offline::{payment_qr, QrErrorCorrection, QrFormat};
///
/// let uri = "litecoin:ltc1qhdhvrwe6rgqns8fz28tee0hphr5x7ulw5exv4w?amount=1.5&label=Shop";
/// let qr = payment_qr(uri, QrFormat::Svg, QrErrorCorrection::default(), None)?;
/// assert_eq!(qr.encoded_text, "LITECOIN:LTC1QHDHVRWE6RGQNS8FZ28TEE0HPHR5X7ULW5EXV4W?amount=1.5&label=Shop");
/// assert!(qr.text.as_deref().unwrap().contains("<svg"));
/// assert_eq!(qr.width, (qr.modules + 8) * 8);
/// # Ok::<(), wallet_sdk::Error>(())
/// ```
pub fn payment_qr(text: &str, format: QrFormat, error_correction: QrErrorCorrection, module_size: Option<u32>) -> Result<QrImage> {
    let module_size = module_size.unwrap_or(QR_DEFAULT_MODULE_SIZE);
    if !(1..=QR_MAX_MODULE_SIZE).contains(&module_size) {
        return Err(Error::invalid_input("module_size", format!("must be 1 to {QR_MAX_MODULE_SIZE} pixels, not {module_size}")));
    }
    if text.is_empty() {
        return Err(Error::invalid_input("text", "is empty"));
    }
    let level = match error_correction {
        QrErrorCorrection::L => EcLevel::L,
        QrErrorCorrection::M => EcLevel::M,
        QrErrorCorrection::Q => EcLevel::Q,
        QrErrorCorrection::H => EcLevel::H,
    };
    let too_long = || {
        Error::invalid_input(
            "text",
            format!("does not fit in a QR code at error correction {error_correction} ({} bytes; use a lower level or a shorter text)", text.len()),
        )
    };
    if text.len() > QR_MAX_TEXT_LEN {
        return Err(too_long());
    }
    let encoded_text = qr_upper_case(text).unwrap_or_else(|| text.to_string());
    let code = QrCode::with_error_correction_level(encoded_text.as_bytes(), level).map_err(|_| too_long())?;
    let modules = code.width() as u32;
    let width = (modules + 2 * QR_QUIET_ZONE) * module_size;
    let text = match format {
        QrFormat::Svg => Some(code.render::<qrcode::render::svg::Color<'_>>().quiet_zone(true).module_dimensions(module_size, module_size).build()),
        QrFormat::Text => Some(terminal_text(&code.to_colors(), modules)),
        QrFormat::Png => None,
    };
    let data = match &text {
        Some(text) => text.clone().into_bytes(),
        None => png_bytes(&code.to_colors(), modules, module_size, width)?,
    };
    Ok(QrImage { format, data, text, width, modules, encoded_text })
}

/// The modules with the quiet zone as lines of half blocks, two module rows per line; a light
/// module is drawn (the terminal's foreground), a dark one is not. `module_size` does not apply.
fn terminal_text(colors: &[Color], modules: u32) -> String {
    let side = modules + 2 * QR_QUIET_ZONE;
    let light = |x: u32, y: u32| -> bool {
        let inside = |v: u32| (QR_QUIET_ZONE..QR_QUIET_ZONE + modules).contains(&v);
        !(inside(x) && inside(y)) || colors[((y - QR_QUIET_ZONE) * modules + x - QR_QUIET_ZONE) as usize] == Color::Light
    };
    let mut out = String::with_capacity((side as usize + 1) * (side as usize).div_ceil(2) * 3);
    for y in (0..side).step_by(2) {
        for x in 0..side {
            // the row below the last is outside the code: light, like the quiet zone
            out.push(match (light(x, y), y + 1 >= side || light(x, y + 1)) {
                (true, true) => '█',
                (true, false) => '▀',
                (false, true) => '▄',
                (false, false) => ' ',
            });
        }
        out.push('\n');
    }
    out
}

/// A 1-bit grey PNG of the modules (row by row, `modules` a side), each `scale` pixels, with
/// the quiet zone; `width` is the image's side in pixels.
fn png_bytes(colors: &[Color], modules: u32, scale: u32, width: u32) -> Result<Vec<u8>> {
    let row_bytes = width.div_ceil(8) as usize;
    // 1 is white: start all white, then clear the pixels of the dark modules
    let mut pixels = vec![0xFFu8; row_bytes * width as usize];
    for (i, _) in colors.iter().enumerate().filter(|(_, c)| **c == Color::Dark) {
        let (mx, my) = (i as u32 % modules, i as u32 / modules);
        for y in (my + QR_QUIET_ZONE) * scale..(my + QR_QUIET_ZONE + 1) * scale {
            for x in (mx + QR_QUIET_ZONE) * scale..(mx + QR_QUIET_ZONE + 1) * scale {
                pixels[y as usize * row_bytes + x as usize / 8] &= !(0x80 >> (x % 8));
            }
        }
    }
    let mut out = Vec::new();
    let written = (|| {
        let mut encoder = png::Encoder::new(&mut out, width, width);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::One);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&pixels)?;
        writer.finish()
    })();
    written.map_err(|e| Error::invalid_input("format", format!("the PNG could not be written: {e}")))?;
    Ok(out)
}
