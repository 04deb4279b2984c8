#!/usr/bin/env python3
"""Turn the raw gmt land grid into the committed board mask (8-bit grey PNG).

Called by make_mask.sh. Input: one byte per cell (1 land, 0 water), rows
from north to south. Output values: 255 land, 0 sea, 96 impassable water.
Water bodies that do not touch the grid edge are lakes: they become land,
except the two the board keeps as impassable water. Uses only the standard
library so the one-off rasterisation needs nothing beyond gmt and python3.
"""
import struct
import sys
import zlib
from collections import deque

LON0, LAT0, STEP = 24.0, 62.0, 0.05
IMPASSABLE = {"Caspian Sea": (51.0, 42.0), "Lake Baikal": (108.0, 53.5)}
# Seas the low-resolution shoreline cuts off from the ocean (the Bosporus and
# the Kerch strait are narrower than a cell); they stay sea.
ENCLOSED_SEAS = {"Black Sea": (34.0, 43.3), "Sea of Marmara": (28.0, 40.75),
                 "Sea of Azov": (36.5, 46.0)}


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: mask_to_png.py land.raw WIDTH HEIGHT out.png")
    path, w, h, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    data = open(path, "rb").read()
    if len(data) != w * h:
        sys.exit(f"mask_to_png.py: {path} has {len(data)} bytes, expected {w}x{h}")
    land = bytearray(1 if b else 0 for b in data)

    # Label water components (4-connected).
    comp = [-1] * (w * h)
    touches_edge = []
    ncomp = 0
    for start in range(w * h):
        if land[start] or comp[start] >= 0:
            continue
        edge = False
        comp[start] = ncomp
        q = deque([start])
        while q:
            i = q.popleft()
            x, y = i % w, i // w
            if x == 0 or y == 0 or x == w - 1 or y == h - 1:
                edge = True
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if 0 <= nx < w and 0 <= ny < h:
                    j = ny * w + nx
                    if not land[j] and comp[j] < 0:
                        comp[j] = ncomp
                        q.append(j)
        touches_edge.append(edge)
        ncomp += 1

    def component_at(name, lon, lat):
        x, y = round((lon - LON0) / STEP), round((LAT0 - lat) / STEP)
        c = comp[y * w + x]
        if c < 0:
            sys.exit(f"mask_to_png.py: {name} seed {lon},{lat} is on land")
        return c

    keep = {component_at(n, *p): n for n, p in IMPASSABLE.items()}
    for n, p in ENCLOSED_SEAS.items():
        touches_edge[component_at(n, *p)] = True

    pix = bytearray(w * h)
    for i in range(w * h):
        if land[i]:
            pix[i] = 255
        else:
            c = comp[i]
            if c in keep:
                pix[i] = 96
            elif touches_edge[c]:
                pix[i] = 0
            else:
                pix[i] = 255
    lakes = sum(1 for c in range(ncomp) if not touches_edge[c] and c not in keep)
    print(f"{ncomp} water bodies, {lakes} lakes filled, kept {sorted(keep.values())}")

    raw = b"".join(b"\x00" + bytes(pix[y * w:(y + 1) * w]) for y in range(h))

    def chunk(tag, body):
        return (struct.pack(">I", len(body)) + tag + body
                + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF))

    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
           + chunk(b"tEXt", b"Comment\x00Colonial board mask from GSHHG 2.3.7 low resolution (LGPL-3+); "
                   b"lon 24..150 lat 62..-15 step 0.05; 255 land 0 sea 96 impassable water")
           + chunk(b"IDAT", zlib.compress(raw, 9))
           + chunk(b"IEND", b""))
    with open(out, "wb") as f:
        f.write(png)


if __name__ == "__main__":
    main()
