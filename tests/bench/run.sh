#!/usr/bin/env bash
# Runs Backstep and its reference side by side, several times, and prints medians and ratios.
# Usage: tests/bench/run.sh [engine] [run] [replay] [layout] [--runs N]
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
[ ${#suites[@]} -gt 0 ] || suites=(engine run replay)

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

# Time to the first complete picture (record the script, build its scene, size and lay out
# the boxes) against `dot -Tsvg` on the DOT of the same graph, both as whole processes;
# then the peak memory of a recorded 1,000-iteration training loop.
bench_layout() {
  local bin=build/tests/bench/bench-layout dir=tests/bench/scripts tmp
  tmp=$(mktemp -d)
  printf '%-22s %8s %12s %12s %12s %10s %10s\n' script boxes picture_s process_s dot_svg_s ratio \
    proc_ratio
  for w in graph200 graph1000 graph2000; do
    "$bin" "$dir/$w.py" --dot "$tmp/$w.dot" > "$tmp/$w.out"
    local boxes f=() c=() d=()
    boxes=$(awk '$1 == "boxes" { print $2 }' "$tmp/$w.out")
    for _ in $(seq "$runs"); do
      f+=("$(time_of "$bin" "$dir/$w.py")")
      c+=("$(wall_of "$bin" "$dir/$w.py")")
      d+=("$(wall_of /usr/bin/dot -Tsvg "$tmp/$w.dot")")
    done
    local fm cm dm
    fm=$(printf '%s\n' "${f[@]}" | median)
    cm=$(printf '%s\n' "${c[@]}" | median)
    dm=$(printf '%s\n' "${d[@]}" | median)
    printf '%-22s %8s %12.4f %12.4f %12.4f %10.3f %10.3f\n' "$w" "$boxes" "$fm" "$cm" "$dm" \
      "$(echo "$fm / $dm" | bc -l)" "$(echo "$cm / $dm" | bc -l)"
  done
  local m=()
  for _ in $(seq "$runs"); do
    m+=("$(time_of "$bin" --memory "$dir/train1000.py")")
  done
  printf '%-22s %8s %12s %12.1f MiB maxrss\n' "train1000 (recorded)" - - \
    "$(printf '%s\n' "${m[@]}" | median)"
  rm -rf "$tmp"
  echo "(medians of $runs runs; picture_s: from recording to the laid-out scene, in the process;"
  echo " process_s: Backstep's whole process; ratio = picture_s / dot's whole process,"
  echo " proc_ratio = process_s / dot's; boxes measured and the last step drawn by BsRenderer)"
}

for suite in "${suites[@]}"; do
  case "$suite" in
    engine) bench_engine ;;
    run) bench_run ;;
    replay) bench_replay ;;
    layout) bench_layout ;;
    *) echo "unknown benchmark suite: $suite" >&2; exit 2 ;;
  esac
done
