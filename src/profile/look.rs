//! The keys of a CV's look that a profile's variants may set (`paper`, `numbering`, `photo`),
//! as values of the profile format; `style` resolves them with the lab's configuration and the
//! command line.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantNames};

/// Paper sizes.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    Deserialize,
    Serialize,
    JsonSchema,
    IntoStaticStr,
    EnumString,
    VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    UsLetter,
}

impl Paper {
    /// Typst's name of the paper, which is also the profile format's.
    pub fn typst_name(self) -> &'static str {
        self.into()
    }
}

/// How publications are numbered.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    Deserialize,
    Serialize,
    JsonSchema,
    IntoStaticStr,
    EnumString,
    VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Numbering {
    /// The first paper of the list has the highest number, counting down.
    #[default]
    Reverse,
    /// 1, 2, 3 … down the list.
    Forward,
    /// No numbers.
    None,
}

/// How a photo is cropped.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Deserialize,
    Serialize,
    JsonSchema,
    IntoStaticStr,
    EnumString,
    VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum PhotoShape {
    /// A circle.
    Round,
    /// A rectangle with slightly rounded corners.
    Square,
}
