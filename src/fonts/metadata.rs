//! The bundled faces' metadata as stored beside them (`fonts/metadata.bin`): for each face,
//! what Typst reads from its tables (family, variant, flags, axes and the characters it
//! covers), in postcard's compact binary form. Reading it is a pass over 29 KB of small
//! integers; the same data as JSON took about 5 million instructions to parse, most of them
//! the CJK faces' 25,000 coverage numbers, on whichever thread asked first at the start of
//! every run.

use serde::{Deserialize, Serialize};
use typst::text::{Coverage, FontAxis, FontFlags, FontInfo, FontVariant};

/// A face's metadata with every field written. (`FontInfo`'s own serde form leaves out empty
/// axes, which a format without field names cannot read back.)
#[derive(Serialize, Deserialize)]
struct Stored {
    family: String,
    variant: FontVariant,
    flags: FontFlags,
    axes: Vec<FontAxis>,
    coverage: Coverage,
}

/// The stored form of `infos`, in their order (made by the test that keeps the file current).
#[cfg(test)]
pub(super) fn encode(infos: &[FontInfo]) -> Vec<u8> {
    let stored: Vec<Stored> = infos
        .iter()
        .map(|info| Stored {
            family: info.family.clone(),
            variant: info.variant,
            flags: info.flags,
            axes: info.axes.clone(),
            coverage: info.coverage.clone(),
        })
        .collect();
    postcard::to_extend(&stored, Vec::new()).unwrap_or_default()
}

/// The metadata stored in `bytes`, or none when they are not [`encode`]'s output.
pub(super) fn decode(bytes: &[u8]) -> Option<Vec<FontInfo>> {
    let stored: Vec<Stored> = postcard::from_bytes(bytes).ok()?;
    Some(
        stored
            .into_iter()
            .map(|s| FontInfo {
                family: s.family,
                variant: s.variant,
                flags: s.flags,
                axes: s.axes,
                coverage: s.coverage,
            })
            .collect(),
    )
}
