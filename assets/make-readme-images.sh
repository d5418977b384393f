#!/usr/bin/env bash
# Regenerates the images README.md shows, into assets/screenshots/:
#   export-two-paths.png   `backstep export` of examples/01-two-paths.py at scale 2, at the
#                          step where the second path's gradient reaches w1: -6 + -2 = -8
#   window-backward.png    the window on the same example, stepped to that same edge
#   window-chain-rule.png  the window at the end of that backward pass with w1 clicked: its
#                          two paths, their products and their sum in the chain-rule panel
#   window-error.png       the window on examples/02-retain-graph.py at the second backward
#                          pass through the freed graph, with PyTorch's error
#   window-quiz.png        quiz mode (Ctrl+K) on the two-paths example at its first edge:
#                          the local gradient answered right, the contribution asked
#   window-grad-flow.png   gradient-flow mode (Ctrl+G) on examples/14-rnn-vanishing.py at
#                          its last step, the legend in its strip under the graph
#   window-hover.png       examples/12-broadcasting.py at b's edge, the pointer on a term
#                          of the shape card, its values in a tooltip
#   window-live.png        live mode (Ctrl+L) on the two-paths example, w2's 2.0 scrubbed
#                          to 2.3 with Ctrl+Up: w1.grad follows to -8.3
#   window-compare.png     Compare (Ctrl+P) on the two-paths example: the run pinned, then
#                          w2's 2.0 scrubbed to 2.3 in live mode, w1 clicked: every box
#                          before → now, the chain-rule panel both sums
#   window-plots.png       the window on examples/15-loss-curve.py at its last step, the
#                          Plots view showing its two figures
# The steps are found in `backstep trace`, so they follow the examples if they change. The
# window runs under xvfb-run with no window manager, so it sits at the top-left corner.
#
# Usage: assets/make-readme-images.sh [BACKSTEP]    (default: build/src/backstep)
# Needs xvfb-run, xdotool, ImageMagick (import, convert) and python3 with Pillow.
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
LOSS_CURVE=assets/examples/15-loss-curve.py
SCREEN=1400x900x24
# The window's own size (its default); without a window manager GTK may draw a frame of
# its own around it, which is shaved off
WINDOW_WIDTH=1280
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
  local shot geometry frame
  shot=$(mktemp --suffix=.png)
  geometry=$(xdotool getwindowgeometry --shell "$WID")
  eval "$geometry"
  if [ -z "${SHOOT_POINTER:-}" ]; then
    xdotool mousemove $((X + WIDTH - 2)) $((Y + HEIGHT - 2))   # no hover highlight
    sleep 0.5
  fi
  import -window root "$shot"
  frame=$(( WIDTH > WINDOW_WIDTH ? (WIDTH - WINDOW_WIDTH) / 2 : 0 ))
  convert "$shot" -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage -shave "${frame}x${frame}" \
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

# first_edge FILE: the step of the first backward edge
first_edge() {
  "$BACKSTEP" trace "$1" | python3 -c '
import json, sys
print(min(json.loads(l)["step"] for l in sys.stdin if l.strip() and json.loads(l)["type"] == "edge"))
'
}

window_quiz() {
  open_at "$TWO_PATHS" $(($(first_edge "$TWO_PATHS") - 1))
  press ctrl+k
  press Right
  xdotool type -- -1
  press Return
  shoot "$OUT/window-quiz.png"
}

# At the backward pass's last edge: the view follows it to the first steps of the chain,
# where the gradient has vanished
window_grad_flow() {
  local rnn=assets/examples/14-rnn-vanishing.py last_edge
  last_edge=$("$BACKSTEP" trace "$rnn" | python3 -c '
import json, sys
print(max(json.loads(l)["step"] for l in sys.stdin if l.strip() and json.loads(l)["type"] == "edge"))
')
  open_at "$rnn" "$last_edge"
  press ctrl+g
  shoot "$OUT/window-grad-flow.png"
}

# The pointer on the shape card's last term (∂loss/∂out [3×2]): the lowest link-blue text
# of the chain-rule panel
window_hover() {
  local shot x y
  open_at assets/examples/12-broadcasting.py 12
  shot=$(mktemp --suffix=.png)
  import -window root "$shot"
  read -r x y < <("${PYTHON:-python3}" - "$shot" <<'PY'
import sys
from PIL import Image
image = Image.open(sys.argv[1]).convert("RGB")
px = image.load()
blue = [(x, y) for y in range(60, image.height) for x in range(image.width * 2 // 3, image.width)
        if px[x, y][2] - px[x, y][0] > 100 and px[x, y][2] > 180]
low = max(y for _, y in blue)
band = sorted(p for p in blue if p[1] > low - 12)
print(band[len(band) // 2][0], sorted(y for _, y in band)[len(band) // 2])
PY
)
  rm -f "$shot"
  xdotool mousemove "$((x - 20))" "$y"
  sleep 0.3
  xdotool mousemove "$x" "$y"
  sleep 2
  SHOOT_POINTER=1 shoot "$OUT/window-hover.png"
}

window_live() {
  open_at "$TWO_PATHS"
  click_top_leaf
  press ctrl+l
  # the editor, at w2's literal: line 12 of 22, after "w2 = torch.tensor(2"
  click 100 300
  # from the end: lines 12 to 22 are short, so one Up is one line (the comments above wrap)
  press ctrl+End
  press Up 10
  press End
  press Home
  press Right 19
  press ctrl+Up 3
  sleep 2
  shoot "$OUT/window-live.png"
}

window_compare() {
  open_at "$TWO_PATHS"
  press ctrl+p
  press ctrl+l
  # the editor, at w2's literal, scrubbed from 2.0 to 2.3 as in window_live
  click 100 300
  # from the end: lines 12 to 22 are short, so one Up is one line (the comments above wrap)
  press ctrl+End
  press Up 10
  press End
  press Home
  press Right 19
  press ctrl+Up 3
  sleep 2
  click_top_leaf
  shoot "$OUT/window-compare.png"
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

window_plots() {
  local geometry
  open_at "$LOSS_CURVE"
  geometry=$(xdotool getwindowgeometry --shell "$WID")
  eval "$geometry"
  # The side panel's last tab, Plots
  click "$((X + WIDTH - 44))" "$((Y + 75))"
  sleep "$SETTLE"
  shoot "$OUT/window-plots.png"
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

for shot in window_backward window_chain_rule window_error window_quiz window_grad_flow \
            window_hover window_live window_compare window_plots; do
  xvfb-run -a -s "-screen 0 $SCREEN" "$SELF" --in-x "$BACKSTEP" "$LOG" "$shot"
done
rm -f "$LOG"
ls -l "$OUT"
