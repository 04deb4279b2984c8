#!/bin/sh
# Rasterise the land/sea mask of the Colonial board region ONCE, from the
# GSHHG low-resolution shorelines (Debian packages gmt + gmt-gshhg-low).
# The result, assets/art/colonial_mask.png, is committed; the build never
# needs gmt. Re-run only to change the region or the resolution:
#
#   tools/mapart/make_mask.sh            (from the repository root)
#
# Grid: longitude 24E..150E, latitude 15S..62N, 0.05 degree (2521 x 1541),
# gridline registered, row 0 = 62N. Pixel values: 255 land, 0 sea,
# 96 impassable water (Caspian Sea, Lake Baikal). Every other lake, and any
# water body that neither touches the grid edge nor is one of those two, is
# turned into land (the board has no other inland water).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/assets/art/colonial_mask.png"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

command -v gmt >/dev/null 2>&1 || { echo "make_mask.sh: gmt not found (apt-get install gmt gmt-gshhg-low)" >&2; exit 1; }

# -Dl low-resolution shorelines; -N ocean/land/lake/island-in-lake/pond.
gmt grdlandmask -R24/150/-15/62 -I0.05 -Dl -N0/1/0/1/0 -G"$tmp/land.nc"
# One byte per cell, top-left first.
gmt grd2xyz "$tmp/land.nc" -ZTLc > "$tmp/land.raw"
python3 "$here/mask_to_png.py" "$tmp/land.raw" 2521 1541 "$out"
echo "wrote $out"
