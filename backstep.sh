#!/usr/bin/env bash
# The two README commands: `./backstep.sh` sets up, builds and opens Backstep;
# `./backstep.sh test` sets up, builds and runs every test. `./backstep.sh bench [NAME]`
# runs the benchmarks.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

# Debian 12 packages the build, the tests and the benchmarks need.
PACKAGES=(
  gcc meson ninja-build pkg-config
  libglib2.0-dev libopenblas-serial-dev libjson-glib-dev
  libcairo2-dev libpango1.0-dev fonts-dejavu-core graphviz libgraphviz-dev
  libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev fonts-cantarell fonts-noto-mono
  python3 python3-torch python3-matplotlib ipython3
  xvfb xauth xdotool
  desktop-file-utils appstream librsvg2-common
  libgif-dev libwebp-dev librsvg2-bin poppler-utils libxml2-utils python3-pil
  texlive-latex-base texlive-pictures
)

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

ensure_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

# configure DIR [meson options...]
configure() {
  local dir=$1; shift
  if [ ! -f "$dir/build.ninja" ]; then
    log "configuring $dir"
    meson setup "$dir" "$@" >/dev/null
  fi
}

build() {
  configure build
  ninja -C build >/dev/null || ninja -C build
}

run_tests() {
  local status=0
  log "running the test suite"
  meson test -C build --print-errorlogs --timeout-multiplier 4 || status=1

  log "running the test suite again under AddressSanitizer and UndefinedBehaviorSanitizer"
  configure build-asan -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug \
    -Dwerror=true
  ninja -C build-asan >/dev/null || ninja -C build-asan
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-asan --print-errorlogs --timeout-multiplier 10 || status=1

  /usr/bin/python3 tests/summarize.py build/meson-logs/testlog.json \
    build-asan/meson-logs/testlog.json || status=1
  return $status
}

case "${1:-}" in
  test)
    ensure_packages
    build
    run_tests
    ;;
  bench)
    ensure_packages
    build
    shift
    exec tests/bench/run.sh "$@"
    ;;
  *)
    ensure_packages
    build
    exec build/src/backstep "$@"
    ;;
esac
