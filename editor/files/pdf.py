"""A minimal PDF writer: one full-page RGB picture per page (headless: no pygame).

The build sheet is drawn with pygame, which saves PNG but not PDF. A PDF whose pages are
pictures needs only a handful of objects (catalogue, page tree, and per page the page, its
drawing instructions and a Flate-compressed image), so it is written here by hand rather
than adding a PDF library to the dependencies. Files are written atomically.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from arena.content.atomic import atomic_write_bytes

A4_LANDSCAPE = (842.0, 595.0)
"""Page size in points (1/72 inch)."""


@dataclass(frozen=True)
class PageImage:
    """One page's picture: raw 8-bit RGB rows, top row first."""

    width: int
    height: int
    rgb: bytes

    def __post_init__(self) -> None:
        if len(self.rgb) != self.width * self.height * 3:
            raise ValueError(f"expected {self.width * self.height * 3} RGB bytes, "
                             f"got {len(self.rgb)}")


def pdf_bytes(pages: Sequence[PageImage], page_size: tuple[float, float] = A4_LANDSCAPE,
              title: str = "") -> bytes:
    """A PDF with each picture scaled to fill one page (keeping its proportions, centred)."""
    if not pages:
        raise ValueError("a PDF needs at least one page")
    objects: list[bytes] = []  # object n is objects[n - 1]

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in once the page tree's number is known
    tree = add(b"")
    info = add(b"<< /Title " + _text(title) + b" /Producer (Arena Editor) >>")
    kids = []
    pw, ph = page_size
    for page in pages:
        data = zlib.compress(page.rgb, 6)
        image = add(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d "
                    b"/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode "
                    b"/Length %d >>\nstream\n" % (page.width, page.height, len(data))
                    + data + b"\nendstream")
        scale = min(pw / page.width, ph / page.height)
        w, h = page.width * scale, page.height * scale
        draw = b"q %.2f 0 0 %.2f %.2f %.2f cm /Im0 Do Q" % (w, h, (pw - w) / 2, (ph - h) / 2)
        contents = add(b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.2f %.2f] "
                        b"/Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>"
                        % (tree, pw, ph, image, contents)))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % tree
    objects[tree - 1] = (b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids)
                         + b"] /Count %d >>" % len(kids))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, catalog, info, xref))
    return bytes(out)


def _text(value: str) -> bytes:
    """A PDF string literal (Latin-1; other characters become '?')."""
    raw = value.encode("latin-1", "replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def write_pdf(path: Path, pages: Sequence[PageImage], title: str = "") -> None:
    # Shared permissions: a sheet is for handing on.
    atomic_write_bytes(path, pdf_bytes(pages, title=title))
