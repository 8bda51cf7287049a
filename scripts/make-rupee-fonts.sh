#!/usr/bin/env bash
# Cuts the rupee sign (U+20B9) out of the two variable fonts' latin-ext files
# from @fontsource, into ~1 KB files that app.css declares for that one code
# point. Without them a single "₹" in a price loads the whole latin-ext file
# (Unbounded 116 KiB, Inter 83 KiB); fontsource's latin file does not cover it.
# Output is committed in app/fonts/; run again only after a font update
# (needs Debian's python3-fonttools and python3-brotli).
#   bash scripts/make-rupee-fonts.sh
set -euo pipefail
cd "$(dirname "$0")/.."

for font in unbounded inter; do
  /usr/bin/python3 -m fontTools.subset "node_modules/@fontsource-variable/$font/files/$font-latin-ext-wght-normal.woff2" \
    --unicodes="U+20B9" --flavor=woff2 --output-file="app/fonts/$font-rupee-wght-normal.woff2"
done
ls -l app/fonts/
