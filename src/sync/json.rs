//! Reading the services' JSON: text at a place in a document, whatever the service put there
//! (a string, a number, `{"value": …}` as ORCID writes, or nothing).

use serde_json::Value;

/// A JSON answer (a byte-order mark before it allowed).
pub fn parse(body: &[u8]) -> Result<Value, serde_json::Error> {
    serde_json::from_slice(body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body))
}

/// The text at `pointer` in `value` (a string, a number, or ORCID's `{"value": …}`), trimmed;
/// `None` when there is none.
pub fn text(value: &Value, pointer: &str) -> Option<String> {
    let found = value.pointer(pointer)?;
    let found = found.get("value").unwrap_or(found);
    let text = match found {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    (!text.is_empty()).then_some(text)
}

/// The first non-empty text of the list `key` of `value` (Crossref's `"title": ["…"]`).
pub fn first_text(value: &Value, key: &str) -> Option<String> {
    value
        .get(key)?
        .as_array()?
        .iter()
        .filter_map(Value::as_str)
        .map(str::trim)
        .find(|t| !t.is_empty())
        .map(str::to_string)
}

/// The number at `pointer` (a number, or a text of digits as ORCID writes years).
pub fn number(value: &Value, pointer: &str) -> Option<i64> {
    text(value, pointer)?.parse().ok()
}
