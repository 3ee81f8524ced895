#!/usr/bin/env python3
"""Print the characters kept in the bundled CJK font subset, one code point per line (hex).

The subset covers what a CV in Chinese (simplified and traditional), Japanese or Korean needs:
every character of the national standard character sets that academic text uses day to day,
plus the punctuation and full-width forms that go with them. Python's own codecs enumerate the
sets, so the list is reproducible without downloading anything.
"""
import itertools


def decodable(codec, lead, trail):
    """Every character the double-byte codec decodes from lead/trail byte ranges."""
    out = set()
    for a, b in itertools.product(lead, trail):
        try:
            out.update(bytes([a, b]).decode(codec))
        except UnicodeDecodeError:
            pass
    return out


chars = set()
chars |= decodable("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))  # GB 2312: simplified Chinese
chars |= decodable("big5", range(0xA1, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))  # Big5 level 1: traditional
chars |= decodable("euc_jp", range(0xA1, 0xD0), range(0xA1, 0xFF))  # JIS X 0208 kana, symbols, level-1 kanji
chars |= decodable("euc_kr", range(0xA1, 0xC9), range(0xA1, 0xFF))  # KS X 1001 symbols and the 2,350 Hangul
ranges = [
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0xFF00, 0xFFEF),  # Half-width and full-width forms
    (0x2010, 0x2027),  # dashes, quotes, ellipsis, middle dot
]
for lo, hi in ranges:
    chars.update(chr(c) for c in range(lo, hi + 1))
# Only the East Asian part: Latin, Greek and Cyrillic come from the body fonts.
keep = sorted(c for c in chars if ord(c) >= 0x2000)
for c in keep:
    print(f"{ord(c):04X}")
