//! The little JSON that JKF needs: a reader to a tree of values (with the byte offset of each,
//! for errors) and string escaping for the writer. Depth is bounded, so no input overflows the
//! stack.

use std::borrow::Cow;

/// A JSON value and the byte offset where it starts; strings borrow the text unless they hold
/// escapes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Json<'a> {
    pub(crate) at: usize,
    pub(crate) value: Value<'a>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value<'a> {
    Null,
    Bool(bool),
    Number(f64),
    String(Cow<'a, str>),
    Array(Vec<Json<'a>>),
    Object(Vec<(Cow<'a, str>, Json<'a>)>),
}

impl<'a> Json<'a> {
    pub(crate) fn get(&self, key: &str) -> Option<&Json<'a>> {
        match &self.value {
            Value::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub(crate) fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// A whole number from 0 to `u32::MAX`.
    pub(crate) fn as_u32(&self) -> Option<u32> {
        match self.value {
            Value::Number(n) if n >= 0.0 && n <= f64::from(u32::MAX) && n.fract() == 0.0 => Some(n as u32),
            _ => None,
        }
    }

    pub(crate) fn as_array(&self) -> Option<&[Json<'a>]> {
        match &self.value {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub(crate) fn as_object(&self) -> Option<&[(Cow<'a, str>, Json<'a>)]> {
        match &self.value {
            Value::Object(fields) => Some(fields),
            _ => None,
        }
    }

    pub(crate) fn as_bool(&self) -> Option<bool> {
        match self.value {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }
}

const MAX_DEPTH: usize = 256;

/// Reads one JSON value (with blanks around it); `Err(offset, what)` at the first fault.
pub(crate) fn parse(text: &str) -> Result<Json<'_>, (usize, &'static str)> {
    let mut p = Parser { bytes: text.as_bytes(), text, at: 0 };
    let value = p.value(0)?;
    p.blank();
    if p.at < p.bytes.len() {
        return Err((p.at, "the end of the JSON text"));
    }
    Ok(value)
}

struct Parser<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl<'a> Parser<'a> {
    fn blank(&mut self) {
        while self.bytes.get(self.at).is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        self.blank();
        if self.bytes.get(self.at) == Some(&b) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json<'a>, (usize, &'static str)> {
        if depth > MAX_DEPTH {
            return Err((self.at, "JSON nested less deeply"));
        }
        self.blank();
        let at = self.at;
        let value = match self.bytes.get(at) {
            Some(b'{') => {
                self.at += 1;
                let mut fields = Vec::new();
                if !self.eat(b'}') {
                    loop {
                        self.blank();
                        let key_at = self.at;
                        if self.bytes.get(key_at) != Some(&b'"') {
                            return Err((key_at, "a string key"));
                        }
                        let key = self.string()?;
                        if !self.eat(b':') {
                            return Err((self.at, "':' after the key"));
                        }
                        fields.push((key, self.value(depth + 1)?));
                        if self.eat(b'}') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err((self.at, "',' or '}'"));
                        }
                    }
                }
                Value::Object(fields)
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if !self.eat(b']') {
                    loop {
                        items.push(self.value(depth + 1)?);
                        if self.eat(b']') {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err((self.at, "',' or ']'"));
                        }
                    }
                }
                Value::Array(items)
            }
            Some(b'"') => Value::String(self.string()?),
            Some(b't') if self.bytes[at..].starts_with(b"true") => {
                self.at += 4;
                Value::Bool(true)
            }
            Some(b'f') if self.bytes[at..].starts_with(b"false") => {
                self.at += 5;
                Value::Bool(false)
            }
            Some(b'n') if self.bytes[at..].starts_with(b"null") => {
                self.at += 4;
                Value::Null
            }
            Some(b'-' | b'0'..=b'9') => {
                let len = self.bytes[at..]
                    .iter()
                    .take_while(|b| matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                    .count();
                let number = self.text[at..at + len].parse::<f64>().map_err(|_| (at, "a number"))?;
                self.at += len;
                Value::Number(number)
            }
            _ => return Err((at, "a JSON value")),
        };
        Ok(Json { at, value })
    }

    /// A string at `self.at` (which is `"`).
    fn string(&mut self) -> Result<Cow<'a, str>, (usize, &'static str)> {
        self.at += 1;
        let first = self.at;
        while self.bytes.get(self.at).is_some_and(|&b| b != b'"' && b != b'\\' && b >= 0x20) {
            self.at += 1;
        }
        // Without escapes (most strings) the text itself.
        if self.bytes.get(self.at) == Some(&b'"') {
            self.at += 1;
            return Ok(Cow::Borrowed(&self.text[first..self.at - 1]));
        }
        self.at = first;
        let mut out = String::new();
        loop {
            let start = self.at;
            while self.bytes.get(self.at).is_some_and(|&b| b != b'"' && b != b'\\' && b >= 0x20) {
                self.at += 1;
            }
            out.push_str(&self.text[start..self.at]);
            match self.bytes.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    let escape_at = self.at;
                    self.at += 2;
                    let c = match self.bytes.get(escape_at + 1) {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let unit = self.hex4()?;
                            if (0xd800..0xdc00).contains(&unit) {
                                if !self.bytes[self.at..].starts_with(b"\\u") {
                                    return Err((self.at, "the low half of a surrogate pair"));
                                }
                                self.at += 2;
                                let low = self.hex4()?;
                                if !(0xdc00..0xe000).contains(&low) {
                                    return Err((self.at - 4, "the low half of a surrogate pair"));
                                }
                                char::from_u32(0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00))
                                    .ok_or((escape_at, "a character"))?
                            } else {
                                char::from_u32(unit).ok_or((escape_at, "a character, not half a surrogate pair"))?
                            }
                        }
                        _ => return Err((escape_at, "an escape such as \\n or \\u3042")),
                    };
                    out.push(c);
                }
                _ => return Err((self.at, "the closing '\"' of the string")),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, (usize, &'static str)> {
        let digits = self.text.get(self.at..self.at + 4).ok_or((self.at, "four hex digits"))?;
        let unit = u32::from_str_radix(digits, 16).map_err(|_| (self.at, "four hex digits"))?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err((self.at, "four hex digits"));
        }
        self.at += 4;
        Ok(unit)
    }
}

/// `text` as a JSON string, quotes included.
pub(crate) fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    write_string(&mut out, text);
    out
}

/// Appends `text` to `out` as a JSON string, quotes included: `"`, backslash and the control characters
/// escaped, everything else as it is (JSON text is UTF-8). The one JSON string writer of the
/// records crate and of the npm package's records module.
///
/// ```
/// let mut out = String::new();
/// hayanagi_records::write_json_string(&mut out, "▲７六歩 \"a\"\n");
/// assert_eq!(out, r#""▲７六歩 \"a\"\n""#);
/// ```
pub fn write_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}
