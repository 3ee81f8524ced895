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

/// Typst's values of [`COLOR_NAMES`], in the same order.
const NAMED_RGB: [[u8; 3]; 18] = [
    [0x00, 0x00, 0x00],
    [0xaa, 0xaa, 0xaa],
    [0xdd, 0xdd, 0xdd],
    [0xff, 0xff, 0xff],
    [0x00, 0x1f, 0x3f],
    [0x00, 0x74, 0xd9],
    [0x7f, 0xdb, 0xff],
    [0x39, 0xcc, 0xcc],
    [0x23, 0x9d, 0xad],
    [0xb1, 0x0d, 0xc9],
    [0xf0, 0x12, 0xbe],
    [0x85, 0x14, 0x4b],
    [0xff, 0x41, 0x36],
    [0xff, 0x85, 0x1b],
    [0xff, 0xdc, 0x00],
    [0x3d, 0x99, 0x70],
    [0x2e, 0xcc, 0x40],
    [0x01, 0xff, 0x70],
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

    /// The colour's red, green and blue.
    pub fn rgb(&self) -> [u8; 3] {
        match self {
            Color::Named(name) => COLOR_NAMES
                .iter()
                .position(|n| n == name)
                .map_or([0, 0, 0], |i| NAMED_RGB[i]),
            Color::Hex(hex) => {
                let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
                [byte(1), byte(3), byte(5)]
            }
        }
    }

    /// `#rrggbb` of the colour, darkened just enough to reach a contrast of 4.5:1 with white
    /// (WCAG's level for text): a light accent still makes readable links and headings.
    pub fn readable_on_white(&self) -> String {
        let mut rgb = self.rgb().map(f64::from);
        for _ in 0..64 {
            if contrast_with_white(rgb) >= 4.5 {
                break;
            }
            rgb = rgb.map(|c| c * 0.92);
        }
        let [r, g, b] = rgb.map(|c| c.round().clamp(0.0, 255.0) as u8);
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// WCAG's contrast ratio of a colour (0–255 per channel) against white.
pub fn contrast_with_white(rgb: [f64; 3]) -> f64 {
    let linear = |c: f64| {
        let c = c / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
    1.05 / (luminance + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_are_darkened_until_text_in_them_is_readable_on_white() {
        // Dark enough already: unchanged.
        assert_eq!(
            Color::parse("#1f4e79").unwrap().readable_on_white(),
            "#1f4e79"
        );
        assert_eq!(Color::parse("navy").unwrap().readable_on_white(), "#001f3f");
        for light in ["aqua", "yellow", "#ffffff", "lime", "#7fdbff"] {
            let readable = Color::parse(light).unwrap().readable_on_white();
            let rgb = Color::parse(&readable).unwrap().rgb().map(f64::from);
            let contrast = contrast_with_white(rgb);
            assert!(
                (4.5..5.5).contains(&contrast),
                "{light} → {readable}: {contrast}"
            );
        }
    }
}
