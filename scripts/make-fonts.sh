#!/usr/bin/env bash
# Cuts the two variable fonts from @fontsource into the smaller files app.css declares
# first (decision 0046; the rupee files: decision 0028). Output is committed in app/fonts/;
# run again only after a font update (needs Debian's python3-fonttools and python3-brotli).
#   bash scripts/make-fonts.sh
#
# - *-core-wght-normal.woff2: the characters the site's copy uses (ASCII, Latin-1, dashes,
#   quotes, bullet, ellipsis, euro, trade mark, arrows, minus) from fontsource's latin file,
#   with the weight axis narrowed to the 400–700 the stylesheets use. Preloaded by the root
#   layout. Any other latin character still comes from fontsource's own latin file.
# - *-rupee-wght-normal.woff2: the rupee sign (U+20B9) alone, from the latin-ext file, so a
#   price in rupees costs 1 KB instead of the whole latin-ext file.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=/usr/bin/python3
CORE="U+0020-007E,U+00A0-00FF,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+20AC,U+2122,U+2190-2199,U+2212"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for font in unbounded inter; do
  files="node_modules/@fontsource-variable/$font/files"
  $PY -m fontTools.varLib.instancer "$files/$font-latin-wght-normal.woff2" wght=400:700 \
    --output="$tmp/$font.woff2" -q
  $PY -m fontTools.subset "$tmp/$font.woff2" --unicodes="$CORE" --layout-features='*' \
    --flavor=woff2 --output-file="app/fonts/$font-core-wght-normal.woff2"
  $PY -m fontTools.subset "$files/$font-latin-ext-wght-normal.woff2" \
    --unicodes="U+20B9" --flavor=woff2 --output-file="app/fonts/$font-rupee-wght-normal.woff2"
done
ls -l app/fonts/
