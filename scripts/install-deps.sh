#!/usr/bin/env bash
# Installs the Debian 12 packages that Reel needs to build, test and run: the one list of them.
#
#   scripts/install-deps.sh           install whatever is missing (as root, or through sudo)
#   scripts/install-deps.sh --check   only report what is missing; exit 1 if anything is
#   scripts/install-deps.sh --list    print the package list, one a line
#
# Idempotent and quick when everything is there: one `dpkg-query` per package, and apt is run
# only for the missing ones. CONTRIBUTING.md shows this list ("What the build needs"): keep the two
# in step.
# The Swift 6 toolchain itself is not a Debian package; it is expected on PATH (or at /opt/swift).
set -euo pipefail

packages=(
    pkg-config        # finds libmpv for the version check below
    libmpv-dev        # libmpv 0.35.1 (client API 2.0): headers, and libmpv.so.2, which CMPV loads
    mpv               # the mpv CLI: the benchmark peer
    ffmpeg            # the ffmpeg CLI: tests and `reel demo` generate their media with it
    libavformat-dev   # FFmpeg 5.1, linked directly by CFFmpeg for ReelPreview's thumbnails:
    libavcodec-dev    #   demuxing, decoding, JPEG/PNG coding, scaling and utilities
    libswscale-dev    #   (libmpv-dev depends on these too; they are listed because
    libavutil-dev     #   CFFmpeg includes their headers itself)
    ffmpegthumbnailer # the thumbnail benchmark's second peer (`make bench`)
    python3-venv      # a virtual environment for vcsi, the contact-sheet benchmark's peer (`make bench`)
    libsdl2-dev       # SDL2: ReelSDL's window and input (CSDL2)
    libcairo2-dev     # cairo: ReelDrawing's overlays and `reel snapshot`'s PNGs (CCairo)
    libpango1.0-dev   # Pango: text in ReelDrawing's overlays (CCairo)
    libgl1-mesa-dri   # Mesa's llvmpipe: OpenGL without a GPU, for ReelSDL's OpenGL path under Xvfb
    xvfb              # a virtual X display for GUI tests (scripts/with-display.sh)
    xauth             # X authority files for Xvfb sessions
    xdotool           # sends keys and clicks to windows in GUI tests
    python3-xlib      # scripts/xdnd-drop.py: drags files onto windows in GUI tests (XDND)
    fonts-dejavu-core # a font for libass, which renders subtitles
    libsystemd-dev    # sd-bus: ReelMPRIS's D-Bus connections (CSystemdBus)
    dbus-daemon       # private buses for the MPRIS, logind and screensaver tests
    playerctl         # the MPRIS client the tests drive Reel with
    libpulse-dev      # libpulse: ReelPulse watches the sound server's outputs (CPulse)
    pulseaudio        # private sound servers with null outputs for the audio-output tests
    pulseaudio-utils  # pactl: the tests add, move and remove outputs with it
    librtsp-server-perl # Perl's RTSP::Server: the RTSP test's relay (no service, unlike
                      #   rtsp-server-perl), fed by ffmpeg
    libcurl4-openssl-dev # libcurl.so, which the static Foundation needs (`make dist`, --static-swift-stdlib)
    librsvg2-bin      # rsvg-convert: the icon's PNG sizes, rendered from packaging/reel.svg at install
    desktop-file-utils # desktop-file-validate: `make install-check` checks reel.desktop
    man-db            # man -l: `make install-check` renders the manual page
    groff-base        #   (groff formats it for man)
    zsh               # zsh -n: `make install-check` checks the zsh completion
    dpkg-dev          # dpkg-shlibdeps: the package's Depends (`make deb`)
    fakeroot          # dpkg-deb builds the package with root-owned files
    lintian           # checks the package (`make deb-check`, `make install-check`)
)

log() { printf 'install-deps: %s\n' "$*" >&2; }

mode=install
case "${1:-}" in
    "") ;;
    --check) mode=check ;;
    --list)
        printf '%s\n' "${packages[@]}"
        exit 0
        ;;
    -h | --help)
        sed -n '2,10s/^# \{0,1\}//p' "$0"
        exit 0
        ;;
    *)
        log "unknown option: $1 (try --help)"
        exit 2
        ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
    log "not a Debian system: install the equivalents of these yourself: ${packages[*]}"
    exit 0
fi

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    if [[ $status != "install ok installed" ]]; then
        missing+=("$package")
    fi
done

if ((${#missing[@]} > 0)); then
    if [[ $mode == check ]]; then
        log "missing: ${missing[*]}"
        exit 1
    fi
    as_root=()
    if [[ $(id -u) -ne 0 ]]; then
        if ! command -v sudo >/dev/null 2>&1; then
            log "missing: ${missing[*]}; run this script as root, or install sudo"
            exit 1
        fi
        as_root=(sudo)
    fi
    log "installing: ${missing[*]}"
    apt=(env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300)
    "${as_root[@]}" "${apt[@]}" update
    "${as_root[@]}" "${apt[@]}" install -y --no-install-recommends "${missing[@]}"
fi

# CMPV uses libmpv without SwiftPM's pkgConfig (see Package.swift); check the version here.
if ! pkg-config --atleast-version=2.0 mpv; then
    log "libmpv's client API 2.0 or later is needed (Debian 12's libmpv-dev 0.35.1 has 2.0);" \
        "pkg-config found $(pkg-config --modversion mpv 2>/dev/null || echo none)"
    exit 1
fi

if ! command -v swift >/dev/null 2>&1 && [[ ! -x /opt/swift/usr/bin/swift ]]; then
    log "no Swift toolchain: Reel needs Swift 6 (swift.org's build for Debian 12) on PATH or at /opt/swift"
    exit 1
fi

if [[ $mode == check ]]; then
    log "all ${#packages[@]} packages are installed"
fi
