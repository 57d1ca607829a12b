#!/usr/bin/env bash
# Runs a command with an X display: the current one when DISPLAY is set (an empty DISPLAY counts
# as unset), otherwise a private Xvfb that lives exactly as long as the command.
#
#   scripts/with-display.sh COMMAND [ARGUMENTS...]
#   env DISPLAY= scripts/with-display.sh swift test      (what `make test` runs: always Xvfb)
#
# Xvfb picks a free display number itself (-displayfd), so parallel runs never collide; set
# REEL_XVFB_DISPLAY=99 to pin one, and REEL_XVFB_SCREEN=WxHxDEPTH for the screen (1280x720x24).
set -euo pipefail

if (($# == 0)); then
    echo "usage: $0 COMMAND [ARGUMENTS...]" >&2
    exit 2
fi
if [[ -n ${DISPLAY:-} ]]; then
    exec "$@"
fi
if ! command -v Xvfb >/dev/null 2>&1; then
    echo "with-display: Xvfb is missing; run scripts/install-deps.sh" >&2
    exit 1
fi

screen=${REEL_XVFB_SCREEN:-1280x720x24}
work=$(mktemp -d "${TMPDIR:-/tmp}/reel-xvfb.XXXXXX")
xvfb_pid=
# shellcheck disable=SC2317 # called through the EXIT trap
cleanup() {
    if [[ -n $xvfb_pid ]]; then
        kill "$xvfb_pid" 2>/dev/null || true
        wait "$xvfb_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ -n ${REEL_XVFB_DISPLAY:-} ]]; then
    Xvfb ":$REEL_XVFB_DISPLAY" -screen 0 "$screen" -nolisten tcp -noreset \
        -displayfd 3 3>"$work/display" 2>"$work/xvfb.log" &
else
    Xvfb -screen 0 "$screen" -nolisten tcp -noreset \
        -displayfd 3 3>"$work/display" 2>"$work/xvfb.log" &
fi
xvfb_pid=$!

# Xvfb writes the display number to the descriptor once it accepts connections.
for _ in $(seq 100); do
    if [[ -s $work/display ]]; then
        break
    fi
    if ! kill -0 "$xvfb_pid" 2>/dev/null; then
        echo "with-display: Xvfb failed to start:" >&2
        cat "$work/xvfb.log" >&2
        exit 1
    fi
    sleep 0.1
done
if [[ ! -s $work/display ]]; then
    echo "with-display: Xvfb did not start within 10 s" >&2
    exit 1
fi

display=$(tr -d '[:space:]' <"$work/display")
export DISPLAY=":$display"
status=0
"$@" || status=$?
exit "$status"
