#!/usr/bin/env bash
# Renders the three looping background clips (and their posters) used on the
# strategy and services pages, from ffmpeg's own generators: nothing is
# downloaded, so the clips are ours. Output is committed in public/media/;
# run this again only to change them (needs ffmpeg with libvpx-vp9 and libx264).
#   bash scripts/make-media.sh
set -euo pipefail
cd "$(dirname "$0")/../public/media"

W=640 H=360 SECONDS_LONG=6 FPS=24

render() {
  local name=$1 source=$2 filters=$3
  # VP9 (WebM) first, H.264 (MP4) as the fallback; both silent, both < 400 KB.
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$source" -t "$SECONDS_LONG" -vf "$filters,format=yuv420p" \
    -an -c:v libvpx-vp9 -crf 42 -b:v 330k -row-mt 1 -deadline good -cpu-used 4 "$name.webm"
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$source" -t "$SECONDS_LONG" -vf "$filters,format=yuv420p" \
    -an -c:v libx264 -preset slow -profile:v main -b:v 360k -maxrate 440k -bufsize 880k -movflags +faststart "$name.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 2 -i "$name.webm" -frames:v 1 -c:v libwebp -quality 72 "$name-poster.webp"
}

# 1. Aurora: slow radial gradients in the package colours, with film grain.
render clip-aurora \
  "gradients=s=${W}x${H}:r=${FPS}:n=5:c0=0x0b0b0e:c1=0x2a1650:c2=0x5b95ff:c3=0x0b0b0e:c4=0xb07cff:type=radial:speed=0.01:seed=3" \
  "gblur=sigma=30,noise=alls=3:allf=t,eq=saturation=1.15"

# 2. Deep zoom: a Mandelbrot dive, recoloured toward purple and yellow.
render clip-fractal \
  "mandelbrot=s=${W}x${H}:r=${FPS}:start_scale=0.25:end_scale=0.004:end_pts=$((SECONDS_LONG * FPS)):inner=black:outer=normalized_iteration_count" \
  "hue=s=0,eq=contrast=1.6:brightness=-0.12,lutrgb=r='val*0.72':g='val*0.5':b='val'"

# 3. Living grid: Conway's life on a coarse grid, scaled up crisp, on the canvas colour.
render clip-cells \
  "life=s=160x90:r=12:ratio=0.12:mold=25:life_color=#ffd43b:death_color=#0b0b0e:mold_color=#0b0b0e:seed=42" \
  "scale=${W}:${H}:flags=neighbor,fps=${FPS},format=gbrp,split[a][b];[b]gblur=sigma=8[g];[a][g]blend=all_mode=screen"

ls -l clip-*
