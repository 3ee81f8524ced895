//! Accent colours: `#rrggbb`, `#rgb` or one of Typst's colour names.

use crate::diag::{unknown, Problem};

/// A colour the templates accept.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Color {
    /// One of Typst's named colours.
    Named(&'static str),
    /// `#rrggbb`.
    Hex(String),
}

/// Typst's predefined colours.
const COLOR_NAMES: &[&str] = &[
    "black", "gray", "silver", "white", "navy", "blue", "aqua", "teal", "eastern", "purple",
    "fuchsia", "maroon", "red", "orange", "yellow", "olive", "green", "lime",
];

impl Color {
    /// Parses `#rgb`, `#rrggbb` or a colour name.
    pub fn parse(s: &str) -> Result<Self, Problem> {
        let t = s.trim();
        if let Some(name) = COLOR_NAMES.iter().find(|n| n.eq_ignore_ascii_case(t)) {
            return Ok(Color::Named(name));
        }
        if let Some(hex) = t.strip_prefix('#') {
            if hex.chars().all(|c| c.is_ascii_hexdigit()) && matches!(hex.len(), 3 | 6) {
                let full: String = if hex.len() == 3 {
                    hex.chars().flat_map(|c| [c, c]).collect()
                } else {
                    hex.to_string()
                };
                return Ok(Color::Hex(format!("#{}", full.to_ascii_lowercase())));
            }
        }
        Err(unknown("colour", t, COLOR_NAMES.iter().copied(), || {
            format!(
                "write #rrggbb (e.g. #1f4e79) or one of: {}",
                COLOR_NAMES.join(", ")
            )
        }))
    }
}
