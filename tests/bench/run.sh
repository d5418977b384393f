#!/usr/bin/env bash
# Runs Backstep and its reference side by side, several times, and prints medians and ratios.
# Usage: tests/bench/run.sh [engine] [run] [numpy] [trace] [replay] [layout] [layout-budget]
#        [ui] [ui-live] [export] [layout-instructions] [--runs N]
# (layout-instructions needs valgrind and is not run by default)
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=5
suites=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    *) suites+=("$1"); shift ;;
  esac
done
[ ${#suites[@]} -gt 0 ] || suites=(engine run numpy trace replay layout ui)

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# time_of COMMAND...: prints the seconds the command reports on its last line
time_of() { "$@" 2>/dev/null | tail -n 1 | awk '{ print $2 }'; }

bench_engine() {
  local bin=build/tests/bench/bench-engine
  printf '%-22s %12s %12s %12s %10s %10s\n' workload backstep_s "+sink_s" pytorch_s ratio sink_ratio
  for w in chain mlp; do
    local c=() s=() p=()
    for _ in $(seq "$runs"); do
      c+=("$(time_of "$bin" "$w")")
      s+=("$(time_of "$bin" "$w" --sink)")
      p+=("$(time_of /usr/bin/python3 tests/bench/bench_engine.py "$w")")
    done
    local cm sm pm
    cm=$(printf '%s\n' "${c[@]}" | median)
    sm=$(printf '%s\n' "${s[@]}" | median)
    pm=$(printf '%s\n' "${p[@]}" | median)
    printf '%-22s %12.4f %12.4f %12.4f %10.3f %10.3f\n' "$w" "$cm" "$sm" "$pm" \
      "$(echo "$cm / $pm" | bc -l)" "$(echo "$sm / $cm" | bc -l)"
  done
  echo "(medians of $runs runs; ratio = Backstep / PyTorch, sink_ratio = with sink / without)"
}

bench_replay() {
  local bin=build/tests/bench/bench-replay
  printf '%-22s %12s %12s %10s\n' workload median_seek_s target_s ratio
  local m=()
  for _ in $(seq "$runs"); do
    m+=("$(time_of "$bin" 100000 2000)")
  done
  local mm
  mm=$(printf '%s\n' "${m[@]}" | median)
  printf '%-22s %12.6f %12.6f %10.3f\n' "seek-100k-events" "$mm" 0.005 "$(echo "$mm / 0.005" | bc -l)"
  echo "(medians of $runs runs of 2,000 random seeks each; ratio = seek / 5 ms target)"
}

# wall_of COMMAND...: the seconds a whole process takes, start to exit
wall_of() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

# cpu_of COMMAND...: the CPU seconds (user + system) a whole process takes
cpu_of() {
  local TIMEFORMAT='%3U %3S'
  { time "$@" > /dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }'
}

bench_run() {
  local bin=build/src/backstep dir=tests/bench/scripts
  printf '%-22s %12s %12s %10s\n' script backstep_s pytorch_s ratio
  for w in chain mlp; do
    local c=() p=()
    for _ in $(seq "$runs"); do
      c+=("$(time_of "$bin" run "$dir/$w.py")")
      p+=("$(time_of /usr/bin/python3 "$dir/$w.py")")
    done
    local cm pm
    cm=$(printf '%s\n' "${c[@]}" | median)
    pm=$(printf '%s\n' "${p[@]}" | median)
    printf '%-22s %12.4f %12.4f %10.3f\n' "$w (in script)" "$cm" "$pm" "$(echo "$cm / $pm" | bc -l)"
  done
  local c=() p=()
  for _ in $(seq "$runs"); do
    c+=("$(wall_of "$bin" run "$dir/seed004.py")")
    p+=("$(wall_of /usr/bin/python3 "$dir/seed004.py")")
  done
  local cm pm
  cm=$(printf '%s\n' "${c[@]}" | median)
  pm=$(printf '%s\n' "${p[@]}" | median)
  printf '%-22s %12.4f %12.4f %10.3f\n' "seed004 (process)" "$cm" "$pm" "$(echo "$cm / $pm" | bc -l)"
  echo "(medians of $runs runs; ratio = Backstep / PyTorch; scripts in tests/bench/scripts)"
}

# numpy on 10**6 elements: each operation of scripts/numpy1m.py timed inside the script,
# under Backstep and under python3 with numpy (issue 16 asks for at most 3 times numpy's)
bench_numpy() {
  local bin=build/src/backstep script=tests/bench/scripts/numpy1m.py tmp
  tmp=$(mktemp -d)
  for i in $(seq "$runs"); do
    "$bin" run "$script" > "$tmp/backstep.$i" 2> /dev/null
    /usr/bin/python3 "$script" > "$tmp/numpy.$i" 2> /dev/null
  done
  printf '%-22s %12s %12s %10s\n' operation backstep_s numpy_s ratio
  local op
  for op in $(awk '{ print $1 }' "$tmp/numpy.1"); do
    local cm pm
    cm=$(cat "$tmp"/backstep.* | awk -v op="$op" '$1 == op { print $2 }' | median)
    pm=$(cat "$tmp"/numpy.* | awk -v op="$op" '$1 == op { print $2 }' | median)
    printf '%-22s %12.6f %12.6f %10.3f\n' "$op" "$cm" "$pm" "$(echo "$cm / $pm" | bc -l)"
  done
  rm -rf "$tmp"
  echo "(medians of $runs runs of 10 repetitions each, on 10**6 float64 elements, f32_: float32;"
  echo " ratio = Backstep / numpy 1.24)"
}

# What recording costs: `backstep trace -o FILE` against `backstep run` on the same script,
# as whole processes (wall and CPU seconds, peak resident memory), taking turns at going
# first; each ratio is the median of the runs' own ratios, trace over run.
bench_trace() {
  local bin=build/src/backstep dir=tests/bench/scripts tmp
  tmp=$(mktemp -d)
  printf '%-14s %8s %8s %8s %8s %8s %8s %7s %7s %7s\n' script run_s trace_s run_cpu \
    trace_cpu run_mib trace_mib wall_r cpu_r mem_r
  for w in ops100k ops100k_graph; do
    local rw=() tw=() rc=() tc=() rm=() tm=() ratio_w=() ratio_c=() ratio_m=() i r t
    for i in $(seq "$runs"); do
      if [ $((i % 2)) -eq 1 ]; then
        r=$(tests/bench/measure.py "$bin" run "$dir/$w.py")
        t=$(tests/bench/measure.py "$bin" trace -o "$tmp/$w.jsonl" "$dir/$w.py")
      else
        t=$(tests/bench/measure.py "$bin" trace -o "$tmp/$w.jsonl" "$dir/$w.py")
        r=$(tests/bench/measure.py "$bin" run "$dir/$w.py")
      fi
      read -r a b c <<< "$r"; rw+=("$a"); rc+=("$b"); rm+=("$c")
      read -r d e f <<< "$t"; tw+=("$d"); tc+=("$e"); tm+=("$f")
      ratio_w+=("$(echo "$d / $a" | bc -l)")
      ratio_c+=("$(echo "$e / $b" | bc -l)")
      ratio_m+=("$(echo "$f / $c" | bc -l)")
    done
    printf '%-14s %8.3f %8.3f %8.3f %8.3f %8.1f %8.1f %7.2f %7.2f %7.2f\n' "$w" \
      "$(printf '%s\n' "${rw[@]}" | median)" "$(printf '%s\n' "${tw[@]}" | median)" \
      "$(printf '%s\n' "${rc[@]}" | median)" "$(printf '%s\n' "${tc[@]}" | median)" \
      "$(printf '%s\n' "${rm[@]}" | median)" "$(printf '%s\n' "${tm[@]}" | median)" \
      "$(printf '%s\n' "${ratio_w[@]}" | median)" "$(printf '%s\n' "${ratio_c[@]}" | median)" \
      "$(printf '%s\n' "${ratio_m[@]}" | median)"
    printf '%-14s trace file %s bytes\n' "" "$(stat -c %s "$tmp/$w.jsonl")"
  done
  rm -rf "$tmp"
  echo "(medians of $runs runs; whole processes: wall and CPU (user + system) seconds, peak"
  echo " resident MiB; ratios trace / run; scripts in tests/bench/scripts)"
}

# Time to the first complete picture (record the script, build its scene, measure, lay out
# and draw it) against `dot -Tsvg` on the DOT of the same graph as a whole process, in wall
# and CPU seconds (CPU time suffers less from a busy machine); then the peak memory of a
# recorded 1,000-iteration training loop. Each run times both, taking turns at going
# first, and its ratio is of those two: a shared machine's speed drifts by more than the
# difference measured, and a run's two timings see the same drift.
bench_layout() {
  local bin=build/tests/bench/bench-layout dir=tests/bench/scripts tmp
  tmp=$(mktemp -d)
  printf '%-10s %6s %10s %10s %7s %10s %10s %7s %10s\n' script boxes picture_s dot_s \
    ratio pic_cpu_s dot_cpu_s ratio process_s
  for w in graph200 graph1000 graph2000; do
    "$bin" "$dir/$w.py" --dot "$tmp/$w.dot" > "$tmp/$w.out"
    local boxes f=() fc=() c=() d=() dc=() r=() rc=() i
    boxes=$(awk '$1 == "boxes" { print $2 }' "$tmp/$w.out")
    for i in $(seq "$runs"); do
      if [ $((i % 2)) -eq 0 ]; then
        d+=("$(wall_of /usr/bin/dot -Tsvg "$tmp/$w.dot")")
        dc+=("$(cpu_of /usr/bin/dot -Tsvg "$tmp/$w.dot")")
      fi
      "$bin" "$dir/$w.py" > "$tmp/run.out" 2> /dev/null
      f+=("$(awk '$1 == "first_picture_s" { print $2 }' "$tmp/run.out")")
      fc+=("$(awk '$1 == "first_picture_cpu_s" { print $2 }' "$tmp/run.out")")
      if [ $((i % 2)) -eq 1 ]; then
        d+=("$(wall_of /usr/bin/dot -Tsvg "$tmp/$w.dot")")
        dc+=("$(cpu_of /usr/bin/dot -Tsvg "$tmp/$w.dot")")
      fi
      r+=("$(echo "${f[-1]} / ${d[-1]}" | bc -l)")
      rc+=("$(echo "${fc[-1]} / ${dc[-1]}" | bc -l)")
      c+=("$(wall_of "$bin" "$dir/$w.py")")
    done
    printf '%-10s %6s %10.4f %10.4f %7.3f %10.4f %10.4f %7.3f %10.4f\n' "$w" "$boxes" \
      "$(printf '%s\n' "${f[@]}" | median)" "$(printf '%s\n' "${d[@]}" | median)" \
      "$(printf '%s\n' "${r[@]}" | median)" "$(printf '%s\n' "${fc[@]}" | median)" \
      "$(printf '%s\n' "${dc[@]}" | median)" "$(printf '%s\n' "${rc[@]}" | median)" \
      "$(printf '%s\n' "${c[@]}" | median)"
  done
  local m=() r=()
  for _ in $(seq "$runs"); do
    "$bin" --memory "$dir/train1000.py" > "$tmp/memory.out" 2> /dev/null
    r+=("$(awk '$1 == "maxrss_recorded_mib" { print $2 }' "$tmp/memory.out")")
    m+=("$(awk '$1 == "maxrss_mib" { print $2 }' "$tmp/memory.out")")
  done
  printf '%-22s maxrss %.1f MiB recorded, %.1f MiB with its scene laid out (%s)\n' train1000 \
    "$(printf '%s\n' "${r[@]}" | median)" "$(printf '%s\n' "${m[@]}" | median)" \
    "$(awk '$1 == "boxes" { print $2 " boxes, " substr($5, 2) " loop iterations collapsed" }' \
       "$tmp/memory.out")"
  for w in graph200 graph1000 graph2000; do
    printf '%-22s %s\n' "$w" "$(awk '$1 == "record_s"' "$tmp/$w.out")"
  done
  rm -rf "$tmp"
  bench_layout_budget
  echo "(medians of $runs runs; picture_s: from recording to the drawn picture, in the process,"
  echo " pic_cpu_s its CPU time (all threads); dot_s, dot_cpu_s: dot -Tsvg as a whole process;"
  echo " each ratio is the median of the runs' own ratios, Backstep over dot, taken back to"
  echo " back; process_s: bench-layout as a whole process; the boxes are measured and the last"
  echo " step drawn by BsRenderer; the phases are of one run)"
}

# dot_once DOT: the wall seconds of `dot -Tsvg DOT` as a whole process, or "killed" when it
# runs past DOT_LIMIT_S seconds or DOT_LIMIT_KIB of address space (both bounded, so that the
# benchmark ends and leaves the machine usable: unbounded, some of these take minutes and
# tens of gigabytes)
DOT_LIMIT_S=60
DOT_LIMIT_KIB=$((4 * 1024 * 1024))
dot_once() {
  local start end
  start=$(date +%s.%N)
  if (ulimit -v "$DOT_LIMIT_KIB"; timeout "$DOT_LIMIT_S" /usr/bin/dot -Tsvg "$1" -o /dev/null) \
       > /dev/null 2>&1; then
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
  else
    echo killed
  fi
}

# The scripts that kept Graphviz busy for minutes (issue 14): first picture within the
# layout's budget (2 s), by Graphviz or by the layout in rows, against dot -Tsvg on the same
# DOT (one run each, bounded); then the worst first picture of every run of every script.
bench_layout_budget() {
  local bin=build/tests/bench/bench-layout dir=tests/bench/scripts tmp worst=0 worst_of=""
  tmp=$(mktemp -d)
  printf '\n%-10s %6s %6s %10s %10s %10s  %s\n' script boxes edges picture_s worst_s dot_s layout
  for w in graph200 graph1000 graph2000 train100 chain150 rnn330 graph5000 chain4000; do
    "$bin" "$dir/$w.py" --dot "$tmp/$w.dot" > "$tmp/$w.out" 2> /dev/null
    local f=() i m top d
    for i in $(seq "$runs"); do
      "$bin" "$dir/$w.py" > "$tmp/run.out" 2> /dev/null
      f+=("$(awk '$1 == "first_picture_s" { print $2 }' "$tmp/run.out")")
    done
    m=$(printf '%s\n' "${f[@]}" | median)
    top=$(printf '%s\n' "${f[@]}" | sort -g | tail -n 1)
    if [ "$(echo "$top > $worst" | bc -l)" -eq 1 ]; then
      worst=$top
      worst_of=$w
    fi
    d=$(dot_once "$tmp/$w.dot")
    [ "$d" = killed ] || d=$(printf '%.4f' "$d")
    printf '%-10s %6s %6s %10.4f %10.4f %10s  %s\n' "$w" \
      "$(awk '$1 == "boxes" { print $2 }' "$tmp/$w.out")" \
      "$(awk '$1 == "boxes" { print $4 }' "$tmp/$w.out")" "$m" "$top" "$d" \
      "$(sed -n 's/^layout //p' "$tmp/run.out")"
  done
  rm -rf "$tmp"
  printf 'worst first picture: %.4f s (%s)\n' "$worst" "$worst_of"
  echo "(picture_s: median of $runs runs, worst_s the slowest, from recording to the drawn picture;"
  echo " dot_s: dot -Tsvg on the same DOT as a whole process, one run, killed past ${DOT_LIMIT_S} s"
  echo " or $((DOT_LIMIT_KIB / 1048576)) GiB; layout: which layout gave the picture, and why)"
}

# The same comparison in instructions executed (valgrind's callgrind), which a busy machine
# does not change: the timed part of bench-layout against dot -Tsvg as a whole process.
# "path" counts what the picture waits for: the main thread's make_picture and the layout
# thread's layout_scene; "all" adds the Graphviz graph the layout thread makes meanwhile,
# while the boxes are measured (prepare_scene). One run each.
bench_layout_instructions() {
  local bin=build/tests/bench/bench-layout dir=tests/bench/scripts tmp
  if ! command -v valgrind > /dev/null; then
    echo "layout-instructions needs valgrind: apt-get install valgrind" >&2
    return 2
  fi
  tmp=$(mktemp -d)
  printf '%-10s %6s %14s %14s %14s %7s %7s\n' script boxes path_instr all_instr dot_instr \
    path_r all_r
  for w in graph200 graph1000 graph2000; do
    "$bin" "$dir/$w.py" --dot "$tmp/$w.dot" > "$tmp/$w.out"
    local path all theirs
    valgrind --tool=callgrind --callgrind-out-file="$tmp/mine.cg" "$bin" "$dir/$w.py" \
      > /dev/null 2>&1
    callgrind_annotate --inclusive=yes "$tmp/mine.cg" > "$tmp/mine.txt"
    path=$(awk '/:(make_picture|layout_scene)[. ]/ && !/=>/ { gsub(",", "", $1); s += $1 }
                END { print s }' "$tmp/mine.txt")
    all=$(awk '/:(make_picture|layout_scene|prepare_scene)[. ]/ && !/=>/ { gsub(",", "", $1); s += $1 }
               END { print s }' "$tmp/mine.txt")
    theirs=$(valgrind --tool=callgrind --callgrind-out-file="$tmp/dot.cg" \
               /usr/bin/dot -Tsvg "$tmp/$w.dot" -o /dev/null 2>&1 \
             | awk '/Collected :/ { print $4 }')
    printf '%-10s %6s %14s %14s %14s %7.3f %7.3f\n' "$w" \
      "$(awk '$1 == "boxes" { print $2 }' "$tmp/$w.out")" "$path" "$all" "$theirs" \
      "$(echo "$path / $theirs" | bc -l)" "$(echo "$all / $theirs" | bc -l)"
  done
  rm -rf "$tmp"
  echo "(instructions, callgrind; ratios = Backstep / dot)"
}

# The window under Xvfb with GTK's software renderer (the same work on any machine):
# start-up to the first frame with the example's graph drawn, against a bare libadwaita
# window with a GtkSourceView; then a step key's work at 50, 500 and 2,000 tensors.
bench_ui() {
  local xvfb=(xvfb-run -a -s "-screen 0 1400x900x24") state
  state=$(mktemp -d)
  export GSK_RENDERER=cairo
  printf '%-22s %12s %12s %10s\n' start-up backstep_s bare_gtk_s ratio
  local c=() b=()
  for _ in $(seq "$runs"); do
    c+=("$(XDG_STATE_HOME=$state BACKSTEP_QUIT_AFTER_FIRST_GRAPH=1 \
           "${xvfb[@]}" bash -c "$(declare -f wall_of); wall_of build/src/backstep")")
    b+=("$("${xvfb[@]}" bash -c "$(declare -f wall_of); wall_of build/tests/bench/bench-ui-bare")")
  done
  local cm bm
  cm=$(printf '%s\n' "${c[@]}" | median)
  bm=$(printf '%s\n' "${b[@]}" | median)
  printf '%-22s %12.4f %12.4f %10.3f\n' "first graph frame" "$cm" "$bm" "$(echo "$cm / $bm" | bc -l)"
  printf '%-22s %8s %14s %14s\n' "step key" boxes work_ms wall_ms
  for w in graph50 graph500 graph2000; do
    local s=() l=() out boxes
    for _ in $(seq "$runs"); do
      out=$(XDG_STATE_HOME=$state "${xvfb[@]}" build/tests/bench/bench-ui \
              "tests/bench/scripts/$w.py" 60 2>/dev/null)
      boxes=$(awk '$1 == "boxes" { print $2 }' <<< "$out")
      s+=("$(awk '$1 == "seconds" { print $2 * 1000 }' <<< "$out")")
      l+=("$(awk '$1 == "wall_ms" { print $2 }' <<< "$out")")
    done
    printf '%-22s %8s %14.2f %14.2f\n' "$w" "$boxes" "$(printf '%s\n' "${s[@]}" | median)" \
      "$(printf '%s\n' "${l[@]}" | median)"
  done
  rm -rf "$state"
  echo "(medians of $runs runs; start-up is the whole process, ended after that frame;"
  echo " work_ms: the step action plus the frame that paints it; wall_ms also waits for the"
  echo " display's next frame, up to 16.7 ms at 60 Hz)"
  echo
  bench_ui_live
}

# Live mode, every example: a number of the script scrubbed with real key presses
# (Ctrl+Up, Ctrl+Down in turn), from the key reaching the window to the new picture
bench_ui_live() {
  local n=$((runs * 2 + 1))
  echo "live mode: a number scrubbed (Ctrl+Up / Ctrl+Down, real keys) to the new picture"
  GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x720x24" build/tests/bench/bench-ui-live \
    --runs "$n"
  echo "(per example: median and slowest of $n keystrokes, from the key press reaching the"
  echo " window to the end of the first frame painting the new run; run_ms: the script's run"
  echo " on the worker thread; layouts: Graphviz layouts the keystrokes caused; target: a"
  echo " median of at most 100 ms)"
}

# `backstep export` of the classroom pictures: each whole process (the script run, its
# layouts and the file), wall and CPU time, and the file's size
bench_export() {
  local bin=build/src/backstep out
  out=$(mktemp -d)
  printf '%-40s %10s %10s %12s\n' export wall_s cpu_s bytes
  while IFS='|' read -r name script args file; do
    local w=() c=()
    for _ in $(seq "$runs"); do
      # shellcheck disable=SC2086
      w+=("$(wall_of "$bin" export "$script" $args -o "$out/$file")")
      # shellcheck disable=SC2086
      c+=("$(cpu_of "$bin" export "$script" $args -o "$out/$file")")
    done
    printf '%-40s %10.3f %10.3f %12d\n' "$name" "$(printf '%s\n' "${w[@]}" | median)" \
      "$(printf '%s\n' "${c[@]}" | median)" "$(stat -c %s "$out/$file")"
  done <<'LIST'
seed 004, SVG at step 26|tests/conformance/seed004_four_lines.py|--step 26|g.svg
seed 004, GIF of all 36 steps|tests/conformance/seed004_four_lines.py|--animate --from 0 --to 35|s.gif
seed 004, WebP of all 36 steps|tests/conformance/seed004_four_lines.py|--animate --from 0 --to 35|s.webp
02-retain-graph, GIF of 40 steps|assets/examples/02-retain-graph.py|--animate --from 0 --to 39|r.gif
02-retain-graph, WebP of 40 steps|assets/examples/02-retain-graph.py|--animate --from 0 --to 39|r.webp
LIST
  rm -rf "$out"
  echo "(medians of $runs runs; whole processes: the script, its layouts and the file)"
}

for suite in "${suites[@]}"; do
  case "$suite" in
    engine) bench_engine ;;
    run) bench_run ;;
    numpy) bench_numpy ;;
    trace) bench_trace ;;
    replay) bench_replay ;;
    layout) bench_layout ;;
    layout-budget) bench_layout_budget ;;
    layout-instructions) bench_layout_instructions ;;
    ui) bench_ui ;;
    ui-live) bench_ui_live ;;
    export) bench_export ;;
    *) echo "unknown benchmark suite: $suite" >&2; exit 2 ;;
  esac
done
