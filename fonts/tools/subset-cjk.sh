#!/usr/bin/env bash
# Rebuild the bundled CJK subsets from Debian's fonts-noto-cjk package (a maintainer's tool; the
# build and the tests never run it). Needs: apt-get, dpkg-deb, python3 with fonttools
# (`pip install fonttools`).
#
# Why a subset: the full Noto Sans CJK collection is 20 MB per weight; the common characters of
# GB 2312, Big5 level 1, JIS X 0208 level 1 and KS X 1001 Hangul cover CVs written in Chinese,
# Japanese and Korean at 2.5 MB per weight. Only the SC face is kept: the `locl` variants for
# Japanese and Traditional Chinese would almost double the size.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb x)
python3 "$here/cjk-charset.py" | sed 's/^/U+/' > "$work/unicodes.txt"
for weight in Regular Bold; do
  # Index 2 of the collection is Noto Sans CJK SC.
  pyftsubset "$work/x/usr/share/fonts/opentype/noto/NotoSansCJK-$weight.ttc" --font-number=2 \
    --unicodes-file="$work/unicodes.txt" --layout-features='kern,palt,halt,liga,ccmp' \
    --no-hinting --output-file="$here/../NotoSansCJKsc-$weight.subset.otf"
done
