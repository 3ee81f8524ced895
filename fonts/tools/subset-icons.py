#!/usr/bin/env python3
"""Rebuild the bundled icon faces from Font Awesome Free and Academicons (a maintainer's tool;
the build and the tests never run it). Needs: npm, python3 with fonttools, brotli and PyYAML
(`pip install fonttools brotli pyyaml`).

    fonts/tools/subset-icons.py

Reads templates/icons.yaml (which icon, from which font, drawn at which code point), downloads
the two npm packages into a temporary directory, and writes for each source font a subset
holding only the listed glyphs, each mapped to its white-space code point:

- fonts/cvpdfIcons.otf: the icons of Font Awesome Free's solid and brands fonts, merged into
  one face (a CV that shows both kinds then embeds one icon font, not two: each embedded font
  costs a PDF export about 2 million instructions of its own). The SIL OFL reserves the name
  "Font Awesome" for the original, so the modified face is named "cvpdf Icons"; the copyright
  and licence records are kept (fonts/LICENSE-FontAwesome.txt).
- fonts/Academicons.subset.ttf: from Academicons (SIL OFL, no reserved name;
  fonts/LICENSE-Academicons.txt).

After running it, `UPDATE_REFERENCES=1 cargo test --release fonts` refreshes
fonts/metadata.bin.
"""
import os
import re
import subprocess
import sys
import tarfile
import tempfile

import yaml
from fontTools import merge, subset
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._c_m_a_p import cmap_format_4

FONT_AWESOME = "@fortawesome/fontawesome-free@7.3.1"
ACADEMICONS = "academicons@1.9.5"

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = os.path.dirname(HERE)
TABLE = os.path.join(FONTS, "..", "templates", "icons.yaml")

# Source font → (file in its package, output file). Outputs of the same name are merged into
# one face, in this order.
SOURCES = {
    "fa-solid": ("webfonts/fa-solid-900.woff2", "cvpdfIcons.otf"),
    "fa-brands": ("webfonts/fa-brands-400.woff2", "cvpdfIcons.otf"),
    "academicons": ("fonts/academicons.ttf", "Academicons.subset.ttf"),
}

# Output file → its family name, or None to keep the original's.
FAMILIES = {"cvpdfIcons.otf": "cvpdf Icons", "Academicons.subset.ttf": None}


def unpack(spec, into):
    """Downloads an npm package and returns the directory it was unpacked to."""
    name = subprocess.check_output(["npm", "pack", spec, "--silent"], cwd=into, text=True)
    target = os.path.join(into, spec.split("@")[-2].replace("/", "_") or "pkg")
    with tarfile.open(os.path.join(into, name.strip().splitlines()[-1])) as tar:
        tar.extractall(target, filter="data")
    return os.path.join(target, "package")


def font_awesome_codes(package):
    """Icon name → code point, from Font Awesome's metadata."""
    icons = yaml.safe_load(open(os.path.join(package, "metadata", "icons.yml")))
    return {name: int(icon["unicode"], 16) for name, icon in icons.items()}


def academicons_codes(package):
    """Icon name → code point, from Academicons' style sheet."""
    css = open(os.path.join(package, "css", "academicons.css")).read()
    return {
        m.group(1): int(m.group(2), 16)
        for m in re.finditer(r'\.ai-([a-z0-9-]+):before\s*\{\s*content:\s*"\\([0-9a-f]+)"', css)
    }


def build(source_path, wanted):
    """Subsets `source_path` to the icons in `wanted` ((source code point, new code point))."""
    font = TTFont(source_path)
    cmap = font.getBestCmap()
    glyphs = {}
    for old, new in wanted:
        if old not in cmap:
            sys.exit(f"{source_path} has no glyph at U+{old:04X}")
        glyphs[new] = cmap[old]
    options = subset.Options()
    options.glyph_names = True
    options.hinting = False
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=sorted(set(glyphs.values())))
    subsetter.subset(font)
    # The icons at their white-space code points, nothing else.
    table = newTable("cmap")
    table.tableVersion = 0
    table.tables = []
    for platform, encoding in ((0, 3), (3, 1)):
        sub = cmap_format_4(4)
        sub.platformID, sub.platEncID, sub.language = platform, encoding, 0
        sub.cmap = dict(glyphs)
        table.tables.append(sub)
    font["cmap"] = table
    os2 = font["OS/2"]
    os2.usFirstCharIndex = min(glyphs)
    os2.usMaxCharIndex = max(glyphs)
    os2.recalcUnicodeRanges(font)
    font.flavor = None
    return font


def save(parts, out_path, family, work):
    """Writes the subsets `parts` as one face (merged when there are several) to `out_path`,
    named `family` (None: the original's name)."""
    if len(parts) == 1:
        font = parts[0]
    else:
        paths = []
        for i, part in enumerate(parts):
            paths.append(os.path.join(work, f"part-{i}.otf"))
            part.save(paths[-1])
        font = merge.Merger().merge(paths)
        # The merger keeps each part's .notdef; one is enough.
        order = [g for g in font.getGlyphOrder() if not g.startswith(".notdef.")]
        kept = subset.Subsetter(subset.Options(glyph_names=True, notdef_outline=True, hinting=False,
                                               layout_features=[], name_IDs=["*"],
                                               name_languages=["*"]))
        kept.populate(glyphs=order)
        kept.subset(font)
        # The parts share their vertical metrics; the one face of its family is Regular (a
        # weight is only ever matched against another face of the same family).
        font["OS/2"].usWeightClass = 400
    if family:
        names = font["name"]
        postscript = family.replace(" ", "")
        for record in list(names.names):
            if record.nameID in (1, 4, 16):
                names.setName(family, record.nameID, record.platformID, record.platEncID, record.langID)
            elif record.nameID == 6:
                names.setName(postscript, 6, record.platformID, record.platEncID, record.langID)
            elif record.nameID == 3:
                names.setName(f"{postscript}; subset for cvpdf", 3, record.platformID, record.platEncID, record.langID)
            elif record.nameID == 5:
                names.setName(
                    "Subset of Font Awesome Free 7.3.1 for cvpdf, icons remapped to white-space code points",
                    5, record.platformID, record.platEncID, record.langID,
                )
        if "CFF " in font:
            cff = font["CFF "].cff
            cff.fontNames = [postscript]
            top = cff.topDictIndex[0]
            top.FamilyName = family
            top.FullName = family
    font.save(out_path)
    print(out_path, os.path.getsize(out_path), "bytes")


def main():
    table = yaml.safe_load(open(TABLE))
    with tempfile.TemporaryDirectory() as work:
        packages = {"fa": unpack(FONT_AWESOME, work), "academicons": unpack(ACADEMICONS, work)}
        codes = {
            "fa-solid": font_awesome_codes(packages["fa"]),
            "fa-brands": font_awesome_codes(packages["fa"]),
            "academicons": academicons_codes(packages["academicons"]),
        }
        parts = {}
        for source, (path, out) in SOURCES.items():
            wanted = []
            for name, icon in table.items():
                font, icon_name = icon["from"].split(":")
                if font == source:
                    wanted.append((codes[source][icon_name], ord(icon["char"])))
            package = packages["academicons" if source == "academicons" else "fa"]
            parts.setdefault(out, []).append(build(os.path.join(package, path), wanted))
        for out, fonts in parts.items():
            save(fonts, os.path.join(FONTS, out), FAMILIES[out], work)


if __name__ == "__main__":
    main()
