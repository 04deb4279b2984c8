#!/usr/bin/env python3
"""Draws the desktop icon (packaging/icon/) from the board's own land/sea mask.

The icon is the coast of East Asia from the Gulf of Tonkin to Japan, cut
from assets/art/colonial_mask.png in the board's sea and land colours, with
three units in their powers' colours (Britain at Hong Kong, Japan at Otaru,
Russia at Vladivostok). The same drawing is written as SVG (scalable) and as
PNG at 48 and 256 pixels, so the two always agree. Python's standard library
only: the mask is an 8-bit grey PNG, read here with zlib.

    tools/icon/make_icon.py [--mask assets/art/colonial_mask.png] [--out packaging/icon]
"""
import argparse
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The mask's grid (assets/art/README.md): 24E..150E, 62N..15S, 0.05 degree.
MASK_WEST, MASK_NORTH, MASK_STEP = 24.0, 62.0, 0.05
# The icon's square of the world, and its grid of land cells.
WEST, NORTH, SPAN = 100.0, 48.0, 46.0
CELLS = 48
SEA = (156, 196, 222)  # the board's sea and land (tools/mapart)
LAND = (236, 226, 196)
FRAME = (60, 70, 84)
# (longitude, latitude, fill) of the units, in the board palette's colours.
UNITS = [(114.2, 22.3, (34, 60, 150)), (141.0, 43.2, (30, 140, 60)), (131.9, 43.1, (200, 40, 40))]
UNIT_RADIUS = 0.065  # of the icon's side
CORNER = 0.16  # the rounded square's corner radius, of the side


def read_grey_png(path):
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour != 0 or interlace:
                raise SystemExit(f"{path}: expected an 8-bit grey PNG without interlacing")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    rows, prev = [], bytearray(width)
    for y in range(height):
        line = raw[y * (width + 1):(y + 1) * (width + 1)]
        kind, row = line[0], bytearray(line[1:])
        for x in range(width):
            a = row[x - 1] if x else 0
            b = prev[x]
            c = prev[x - 1] if x else 0
            if kind == 1:
                row[x] = (row[x] + a) & 255
            elif kind == 2:
                row[x] = (row[x] + b) & 255
            elif kind == 3:
                row[x] = (row[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(row))
        prev = row
    return rows


def land_cells(mask):
    """CELLS x CELLS booleans: a cell is land when a third of its mask is (islands stay visible)."""
    per = SPAN / CELLS / MASK_STEP
    x0, y0 = (WEST - MASK_WEST) / MASK_STEP, (MASK_NORTH - NORTH) / MASK_STEP
    cells = []
    for cy in range(CELLS):
        row = []
        for cx in range(CELLS):
            land = total = 0
            for y in range(int(y0 + cy * per), int(y0 + (cy + 1) * per)):
                for x in range(int(x0 + cx * per), int(x0 + (cx + 1) * per)):
                    total += 1
                    land += mask[y][x] == 255
            row.append(land * 3 > total)
        cells.append(row)
    return cells


def unit_centres():
    return [((lon - WEST) / SPAN, (NORTH - lat) / SPAN, fill) for lon, lat, fill in UNITS]


def hex_colour(c):
    return "#%02x%02x%02x" % c


def write_svg(cells, path):
    side = 256
    unit = side / CELLS
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}">',
           '<title>Colonial</title>',
           f'<clipPath id="frame"><rect width="{side}" height="{side}" rx="{CORNER * side:g}"/></clipPath>',
           '<g clip-path="url(#frame)">',
           f'<rect width="{side}" height="{side}" fill="{hex_colour(SEA)}"/>',
           f'<g fill="{hex_colour(LAND)}" shape-rendering="crispEdges">']
    for cy, row in enumerate(cells):
        cx = 0
        while cx < CELLS:
            if not row[cx]:
                cx += 1
                continue
            start = cx
            while cx < CELLS and row[cx]:
                cx += 1
            out.append(f'<rect x="{start * unit:g}" y="{cy * unit:g}" width="{(cx - start) * unit:g}" '
                       f'height="{unit:g}"/>')
    out.append('</g>')
    for x, y, fill in unit_centres():
        out.append(f'<circle cx="{x * side:g}" cy="{y * side:g}" r="{UNIT_RADIUS * side:g}" fill="{hex_colour(fill)}" '
                   f'stroke="#ffffff" stroke-width="{side * 0.022:g}"/>')
    out.append('</g>')
    out.append(f'<rect x="{side * 0.01:g}" y="{side * 0.01:g}" width="{side * 0.98:g}" height="{side * 0.98:g}" '
               f'rx="{CORNER * side * 0.98:g}" fill="none" stroke="{hex_colour(FRAME)}" stroke-width="{side * 0.02:g}"/>')
    out.append('</svg>')
    Path(path).write_text("\n".join(out) + "\n")


def colour_at(cells, units, u, v):
    """The icon's colour and coverage at (u, v) in [0, 1)^2, or None outside."""
    r = CORNER
    dx = max(r - u, 0, u - (1 - r))
    dy = max(r - v, 0, v - (1 - r))
    # How far inside the rounded square: the frame is its outer 2 percent.
    inside = r - (dx * dx + dy * dy) ** 0.5 if dx > 0 and dy > 0 else min(u, v, 1 - u, 1 - v)
    if inside < 0:
        return None
    if inside < 0.02:
        return FRAME
    for x, y, fill in units:
        d = ((u - x) ** 2 + (v - y) ** 2) ** 0.5
        if d < UNIT_RADIUS - 0.011:
            return fill
        if d < UNIT_RADIUS + 0.011:
            return (255, 255, 255)
    return LAND if cells[min(int(v * CELLS), CELLS - 1)][min(int(u * CELLS), CELLS - 1)] else SEA


def write_png(cells, side, path, samples=4):
    units = unit_centres()
    raw = bytearray()
    for py in range(side):
        raw.append(0)
        for px in range(side):
            acc = [0, 0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    c = colour_at(cells, units, (px + (sx + 0.5) / samples) / side, (py + (sy + 0.5) / samples) / side)
                    if c is not None:
                        acc[0] += c[0]
                        acc[1] += c[1]
                        acc[2] += c[2]
                        acc[3] += 1
            n = samples * samples
            if acc[3]:
                raw += bytes((acc[0] // acc[3], acc[1] // acc[3], acc[2] // acc[3], acc[3] * 255 // n))
            else:
                raw += b"\0\0\0\0"

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    Path(path).write_bytes(png)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mask", default=ROOT / "assets/art/colonial_mask.png")
    parser.add_argument("--out", default=ROOT / "packaging/icon")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    cells = land_cells(read_grey_png(args.mask))
    write_svg(cells, out / "colonial.svg")
    for side in (48, 256):
        write_png(cells, side, out / f"colonial-{side}.png")


if __name__ == "__main__":
    main()
