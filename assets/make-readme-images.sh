#!/usr/bin/env bash
# Regenerates the images README.md shows, into assets/screenshots/:
#   export-two-paths.png   `backstep export` of examples/01-two-paths.py at scale 2, at the
#                          step where the second path's gradient reaches w1: -6 + -2 = -8
#   window-backward.png    the window on the same example, stepped to that same edge
#   window-chain-rule.png  the window at the end of that backward pass with w1 clicked: its
#                          two paths, their products and their sum in the chain-rule panel
#   window-error.png       the window on examples/02-retain-graph.py at the second backward
#                          pass through the freed graph, with PyTorch's error
# The steps are found in `backstep trace`, so they follow the examples if they change. The
# window runs under xvfb-run with no window manager, so it sits at the top-left corner.
#
# Usage: assets/make-readme-images.sh [BACKSTEP]    (default: build/src/backstep)
# Needs xvfb-run, xdotool, ImageMagick (import, convert) and python3.
set -euo pipefail
SELF=$(readlink -f "$0")
cd "$(dirname "$SELF")/.."

if [ "${1:-}" = --in-x ]; then
  # The script calls itself under xvfb-run: --in-x BACKSTEP LOG FUNCTION
  BACKSTEP=$2 LOG=$3
else
  BACKSTEP=$(readlink -f "${1:-build/src/backstep}")
fi
OUT=assets/screenshots
TWO_PATHS=assets/examples/01-two-paths.py
RETAIN=assets/examples/02-retain-graph.py
SCREEN=1400x900x24
# Without a window manager GTK draws its own frame around the window, this wide
FRAME=4
# Seconds for a run (or a step) to be drawn; raise on a slow machine
SETTLE=${SETTLE:-3}

# trace_steps FILE: "LAST EDGE FAILED" from the trace of FILE: its last step, the last
# backward edge into w1, the end of the first backward pass that failed (0 if none)
trace_steps() {
  "$BACKSTEP" trace "$1" | python3 -c '
import json, sys
events = [json.loads(line) for line in sys.stdin if line.strip()]
w1 = [e["tensor"] for e in events if e["type"] == "bind" and e["name"] == "w1"]
edges = [e["step"] for e in events if e["type"] == "edge" and e["to_tensor"] in w1]
failed = [e["step"] for e in events if e["type"] == "backward_end" and not e["ok"]]
print(max(e.get("step", 0) for e in events), max(edges, default=0), min(failed, default=0))
'
}

# --- inside the X server ------------------------------------------------------------------

# open_window FILE: start the window on FILE with a fresh state directory (no autosaved
# draft is restored) and set WID to its window
open_window() {
  STATE=$(mktemp -d)
  XDG_STATE_HOME=$STATE NO_AT_BRIDGE=1 GDK_BACKEND=x11 "$BACKSTEP" "$1" >>"$LOG" 2>&1 &
  APP=$!
  WID=$(timeout 30 xdotool search --sync --onlyvisible --pid "$APP" | head -1)
  xdotool mousemove --window "$WID" 200 200
  sleep "$SETTLE"
}

# The graph view's empty margin, just above the timeline: a click there focuses the graph
# so that the stepping keys reach it
focus_graph() {
  local geometry
  geometry=$(xdotool getwindowgeometry --shell "$WID")
  eval "$geometry"
  click "$((X + WIDTH / 2))" "$((Y + HEIGHT - 110))"
}

# click X Y: GTK's gestures want the pointer to arrive before the button goes down
click() {
  xdotool mousemove "$1" "$2"
  sleep 0.3
  xdotool click 1
  sleep 0.5
}

# press KEY [COUNT]
press() {
  local i
  for ((i = 0; i < ${2:-1}; i++)); do
    xdotool key "$1"
    sleep 0.2
  done
  sleep "$SETTLE"
}

# Click the topmost box filled with the leaf colour, which in the two-paths graph is w1
click_top_leaf() {
  local shot x y
  shot=$(mktemp --suffix=.png)
  import -window root "$shot"
  # The leaf colour's blobs (white in black) larger than a few letters, topmost first: "X Y"
  # of its centre
  read -r x y < <(convert "$shot" -fill black +opaque '#add8e6' -fill white -opaque '#add8e6' \
                    -define connected-components:verbose=true \
                    -define connected-components:area-threshold=400 \
                    -connected-components 8 null: |
                  awk '$NF ~ /255\)$/ { split($2, b, "+"); split($3, c, ",")
                                         print b[3], c[1], c[2] }' |
                  sort -n | head -1 | awk '{ printf "%d %d\n", $2, $3 }')
  rm -f "$shot"
  click "$x" "$y"
  sleep "$SETTLE"
}

# shoot OUT: the window, cropped out of the screen, without GTK's frame
shoot() {
  local shot geometry
  shot=$(mktemp --suffix=.png)
  geometry=$(xdotool getwindowgeometry --shell "$WID")
  eval "$geometry"
  xdotool mousemove $((X + WIDTH - 2)) $((Y + HEIGHT - 2))   # no hover highlight
  sleep 0.5
  import -window root "$shot"
  convert "$shot" -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage -shave "${FRAME}x${FRAME}" \
    -strip +dither -colors 256 -define png:compression-level=9 "$1"
  rm -f "$shot"
  kill "$APP"
  wait "$APP" 2>/dev/null || true
  rm -rf "$STATE"
}

# open_at FILE [STEP]: the window on FILE, run, with the graph focused, at STEP (default:
# the last step)
open_at() {
  local last
  read -r last _ < <(trace_steps "$1")
  open_window "$1"
  press F5
  focus_graph
  press End
  press Left $((last - ${2:-$last}))
}

window_backward() {
  local edge
  read -r _ edge _ < <(trace_steps "$TWO_PATHS")
  open_at "$TWO_PATHS" "$edge"
  shoot "$OUT/window-backward.png"
}

window_chain_rule() {
  open_at "$TWO_PATHS"
  click_top_leaf
  shoot "$OUT/window-chain-rule.png"
}

window_error() {
  local failed
  read -r _ _ failed < <(trace_steps "$RETAIN")
  open_at "$RETAIN" "$failed"
  shoot "$OUT/window-error.png"
}

if [ "${1:-}" = --in-x ]; then
  "$4"
  exit
fi

# --- outside ------------------------------------------------------------------------------

[ -x "$BACKSTEP" ] || { echo "no $BACKSTEP: build first (./backstep.sh builds build/)" >&2; exit 1; }
for tool in xvfb-run xdotool import convert python3; do
  command -v "$tool" >/dev/null || { echo "$tool is missing" >&2; exit 1; }
done
mkdir -p "$OUT"
LOG=$(mktemp)

read -r _ edge _ < <(trace_steps "$TWO_PATHS")
"$BACKSTEP" export "$TWO_PATHS" -o "$OUT/export-two-paths.png" --step "$edge" --scale 2
convert "$OUT/export-two-paths.png" -strip +dither -colors 256 \
  -define png:compression-level=9 "$OUT/export-two-paths.png"

for shot in window_backward window_chain_rule window_error; do
  xvfb-run -a -s "-screen 0 $SCREEN" "$SELF" --in-x "$BACKSTEP" "$LOG" "$shot"
done
rm -f "$LOG"
ls -l "$OUT"
