//! Text encodings of record files: UTF-8 or Shift_JIS (CP932, the `.kif` and CSA V2.2 convention).

use std::borrow::Cow;
use std::fmt;

use crate::{ReadError, ReadErrorKind};

/// The text encoding of a record file.
///
/// ```
/// use hayanagi_records::TextEncoding;
/// assert_eq!(TextEncoding::ShiftJis.to_string(), "Shift_JIS");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 (`.kifu`, `.ki2u`, CSA V3.0 with `'CSA encoding=UTF-8`).
    Utf8,
    /// Shift_JIS as Windows writes it (CP932 / Windows-31J): `.kif`, `.ki2`, CSA V2.2.
    ShiftJis,
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::ShiftJis => "Shift_JIS",
        })
    }
}

impl TextEncoding {
    /// Encodes `text`; characters Shift_JIS cannot hold become `?` (HTML escapes are not used).
    ///
    /// ```
    /// use hayanagi_records::TextEncoding;
    /// assert_eq!(TextEncoding::ShiftJis.encode("７六歩"), [0x82, 0x56, 0x98, 0x5a, 0x95, 0xe0]);
    /// assert_eq!(TextEncoding::Utf8.encode("歩"), "歩".as_bytes());
    /// ```
    #[must_use]
    pub fn encode(self, text: &str) -> Vec<u8> {
        match self {
            TextEncoding::Utf8 => text.as_bytes().to_vec(),
            TextEncoding::ShiftJis => {
                let mut out = Vec::with_capacity(text.len());
                let mut buf = [0u8; 4];
                for c in text.chars() {
                    let s = c.encode_utf8(&mut buf);
                    let (bytes, _, unmappable) = encoding_rs::SHIFT_JIS.encode(s);
                    if unmappable { out.push(b'?') } else { out.extend_from_slice(&bytes) }
                }
                out
            }
        }
    }
}

/// The encoding a file declares on its first line: `#KIF version=2.0 encoding=UTF-8` (KIF, KI2)
/// or `'CSA encoding=UTF-8` (CSA V3.0); `Shift_JIS`, `SJIS` and `CP932` name Shift_JIS.
fn declared(bytes: &[u8]) -> Option<TextEncoding> {
    let first = bytes.split(|&b| b == b'\n').next()?;
    if !(first.starts_with(b"#KIF") || first.starts_with(b"#KI2") || first.starts_with(b"'CSA")) {
        return None;
    }
    let text = String::from_utf8_lossy(first).to_ascii_lowercase();
    let value = text.split("encoding=").nth(1)?.trim().split([' ', '\r']).next()?.to_string();
    match value.as_str() {
        "utf-8" | "utf8" => Some(TextEncoding::Utf8),
        "shift_jis" | "shift-jis" | "sjis" | "cp932" | "windows-31j" => Some(TextEncoding::ShiftJis),
        _ => None,
    }
}

/// Decodes a record file. With `encoding` given, that one is used; otherwise a UTF-8 byte order
/// mark, then a declaration on the first line (`#KIF version=2.0 encoding=UTF-8`,
/// `'CSA encoding=UTF-8`), then validity decide: bytes that are valid UTF-8 are UTF-8 (a
/// Shift_JIS file with Japanese text is practically never valid UTF-8), anything else is Shift_JIS.
/// Returns the text (without the BOM) and the encoding used.
///
/// ```
/// use hayanagi_records::{TextEncoding, decode};
/// let sjis = TextEncoding::ShiftJis.encode("先手：羽生\n");
/// assert_eq!(decode(&sjis, None).unwrap(), ("先手：羽生\n".into(), TextEncoding::ShiftJis));
/// assert_eq!(decode("先手：羽生\n".as_bytes(), None).unwrap().1, TextEncoding::Utf8);
/// assert!(decode(&[0x82, 0x0a], Some(TextEncoding::ShiftJis)).is_err());
/// ```
///
/// # Errors
/// [`ReadErrorKind::Encoding`] at the line and column of the first byte that is not text in the
/// encoding.
pub fn decode(bytes: &[u8], encoding: Option<TextEncoding>) -> Result<(Cow<'_, str>, TextEncoding), ReadError> {
    let (bytes, bom) = match bytes.strip_prefix(b"\xef\xbb\xbf") {
        Some(rest) => (rest, true),
        None => (bytes, false),
    };
    let encoding = encoding
        .or(if bom { Some(TextEncoding::Utf8) } else { None })
        .or_else(|| declared(bytes))
        .unwrap_or(if std::str::from_utf8(bytes).is_ok() { TextEncoding::Utf8 } else { TextEncoding::ShiftJis });
    match encoding {
        TextEncoding::Utf8 => match std::str::from_utf8(bytes) {
            Ok(text) => Ok((Cow::Borrowed(text), encoding)),
            Err(e) => Err(position_error(bytes, e.valid_up_to(), encoding)),
        },
        TextEncoding::ShiftJis => {
            match encoding_rs::SHIFT_JIS.decode_without_bom_handling_and_without_replacement(bytes) {
                Some(text) => Ok((text, encoding)),
                None => {
                    // Find the first bad byte: decode with replacement and locate U+FFFD.
                    let (text, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
                    let at = text.find('\u{fffd}').unwrap_or(text.len());
                    let prefix = &text[..at];
                    let line = prefix.matches('\n').count() + 1;
                    let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                    Err(ReadError::new(line, column, ReadErrorKind::Encoding(encoding)))
                }
            }
        }
    }
}

fn position_error(bytes: &[u8], at: usize, encoding: TextEncoding) -> ReadError {
    let prefix = String::from_utf8_lossy(&bytes[..at]);
    let line = prefix.matches('\n').count() + 1;
    let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    ReadError::new(line, column, ReadErrorKind::Encoding(encoding))
}
