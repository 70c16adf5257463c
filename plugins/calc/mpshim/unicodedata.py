"""``unicodedata.normalize`` for MicroPython, which has no Unicode database: NFKC of what a phone's keyboard
types into the notation field (full-width ASCII U+FF01-U+FF5E, the ideographic space U+3000); other text is
returned unchanged, which is NFKC's answer for the notation's own characters."""


def normalize(form, text):
    """``text`` in NFKC as far as the module docstring says (``form`` is not read)."""
    out = []
    for c in text:
        code = ord(c)
        if 0xFF01 <= code <= 0xFF5E:
            out.append(chr(code - 0xFEE0))
        elif code == 0x3000:
            out.append(" ")
        else:
            out.append(c)
    return "".join(out)
