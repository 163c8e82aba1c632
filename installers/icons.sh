#!/usr/bin/env bash
# Renders every icon from assets/cairn.svg into assets/icons/: PNGs 16–512 (the Linux package and
# the window use them), cairn.ico (Windows) and cairn.icns (macOS). The outputs are committed, so
# the installer builds need no image tools; run this again only after editing the SVG.
# Needs ImageMagick's `convert` with SVG support, and python3 (it writes the .icns container).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in convert python3; do
    command -v "$tool" >/dev/null || { echo "icons.sh: '$tool' is missing (apt-get install imagemagick python3)" >&2; exit 1; }
done
convert -list format | grep -q '^ *SVG ' || { echo "icons.sh: this ImageMagick cannot read SVG" >&2; exit 1; }

src=assets/cairn.svg
out=assets/icons
mkdir -p "$out"
sizes=(16 24 32 48 64 128 256 512)
for s in "${sizes[@]}"; do
    # -strip and no time chunks: re-running on an unchanged SVG gives identical files
    convert -background none -density 384 "$src" -resize "${s}x${s}" -strip \
        -define png:exclude-chunks=date,time "PNG32:$out/cairn-$s.png"
done
convert "$out"/cairn-{16,24,32,48,64,256}.png "$out/cairn.ico"

# .icns: a big-endian container of (type, length, PNG) entries; these types hold PNG data.
python3 - "$out" <<'PY'
import struct, sys
out = sys.argv[1]
types = [("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512)]
body = b""
for kind, size in types:
    data = open(f"{out}/cairn-{size}.png", "rb").read()
    body += kind.encode() + struct.pack(">I", 8 + len(data)) + data
with open(f"{out}/cairn.icns", "wb") as f:
    f.write(b"icns" + struct.pack(">I", 8 + len(body)) + body)
PY
ls -l "$out"
