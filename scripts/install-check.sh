#!/usr/bin/env bash
# The test of `make install` and `make uninstall`: installs a built reel into a temporary DESTDIR
# with scripts/install.sh, checks each file, uninstalls, and checks that nothing is left.
#
#   scripts/install-check.sh --binary PATH --manual PATH
#
# `make install-check` (part of `make test`) runs it on the debug build, then builds a package of
# that build and checks it with scripts/deb-check.sh.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
log() { printf 'install-check: %s\n' "$*" >&2; }
fail() {
    log "FAILED: $*"
    exit 1
}

binary="" manual=""
while (($# > 0)); do
    case "$1" in
        --binary) binary=$2 && shift 2 ;;
        --manual) manual=$2 && shift 2 ;;
        *) fail "unknown option: $1" ;;
    esac
done
[[ -x $binary && -f $manual ]] || fail "usage: $0 --binary PATH --manual PATH"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
destdir=$work/destdir
prefix=/usr/local
to=$destdir$prefix
export DESTDIR=$destdir PREFIX=$prefix

# `reel --version` prints ReelVersion.current (Sources/ReelCore/ReelVersion.swift) and exits 0.
expected=$(sed -nE 's/^ *public static let current = "([^"]+)".*/\1/p' "$root/Sources/ReelCore/ReelVersion.swift")
[[ -n $expected ]] || fail "no ReelVersion.current in Sources/ReelCore/ReelVersion.swift"
printed=$("$binary" --version) || fail "reel --version exited with $?"
[[ $printed == "$expected" ]] || fail "reel --version printed '$printed', ReelVersion.current is '$expected'"
log "reel --version: $printed (ReelVersion.current), exit 0"

"$root/scripts/install.sh" install --binary "$binary" --manual "$manual" --strip 2>/dev/null

# Exactly the listed files, and nothing else.
diff <(sed "s|^|$destdir|" <("$root/scripts/install.sh" list) | sort) <(find "$destdir" -type f | sort) ||
    fail "the installed files differ from \`scripts/install.sh list\` (< listed, > installed)"
log "installed the $("$root/scripts/install.sh" list | wc -l) listed files, nothing else"

# The program.
[[ $("$to/bin/reel" --version) == "$expected" ]] || fail "the installed reel does not print $expected"

# The manual: man renders it without warnings, with every subcommand.
man_text=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$to/share/man/man1/reel.1.gz" 2>"$work/man.err") ||
    fail "man -l could not render reel.1.gz"
[[ ! -s $work/man.err ]] || fail "man -l warns: $(cat "$work/man.err")"
for word in NAME SYNOPSIS "reel — " play probe demo check snapshot thumbnails contact-sheet --version; do
    grep -q -F -- "$word" <<<"$man_text" || fail "the rendered manual lacks '$word'"
done
log "man -l renders reel.1.gz ($(wc -l <<<"$man_text") lines, no warnings, every subcommand)"

# bash: sourcing the completion completes subcommands and options.
complete_with() { # words… → what bash offers for the last one
    PATH=$to/bin:$PATH bash -c '
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        _reel reel "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
        printf "%s\n" "${COMPREPLY[@]}"' bash "$to/share/bash-completion/completions/reel" "$@"
}
[[ $(complete_with reel pro) == probe ]] || fail "bash completes 'reel pro' with '$(complete_with reel pro)'"
complete_with reel play --lo | grep -qx -- --loop || fail "bash does not complete 'reel play --lo' with --loop"
log "bash completion: 'reel pro' → probe, 'reel play --lo' → --loop"

zsh_file=$to/share/zsh/site-functions/_reel
fish_file=$to/share/fish/vendor_completions.d/reel.fish
[[ $(head -1 "$zsh_file") == "#compdef reel" ]] || fail "_reel does not start with #compdef reel"
grep -q -- "--loop" "$zsh_file" || fail "_reel lacks --loop"
if command -v zsh >/dev/null; then zsh -n "$zsh_file" || fail "zsh -n finds errors in _reel"; fi
grep -q "^complete -c 'reel'.*-l 'loop'" "$fish_file" || grep -q "^complete -c reel.*-l loop" "$fish_file" ||
    fail "reel.fish completes no --loop"
if command -v fish >/dev/null; then fish --no-execute "$fish_file" || fail "fish finds errors in reel.fish"; fi
log "zsh and fish completions: present, with reel's options"

# The desktop entry: valid, named as MPRIS's DesktopEntry, runs the installed program, its icon
# installed.
desktop=$to/share/applications/reel.desktop
desktop-file-validate "$desktop" || fail "desktop-file-validate rejects reel.desktop"
mpris_entry=$(sed -nE 's/.*desktopEntry: String = "([^"]+)".*/\1/p' "$root/Sources/ReelMPRIS/MPRISConfiguration.swift")
[[ $(basename "$desktop" .desktop) == "$mpris_entry" ]] ||
    fail "MPRIS announces DesktopEntry '$mpris_entry', the desktop file is $(basename "$desktop")"
exec_program=$(sed -nE 's/^Exec=([^ ]+).*/\1/p' "$desktop")
[[ -x $to/bin/$exec_program ]] || fail "Exec runs '$exec_program', which is not the installed program"
grep -q '^MimeType=.*video/mp4;.*video/x-matroska;' "$desktop" || fail "reel.desktop offers no video types"
icon=$(sed -nE 's/^Icon=(.*)/\1/p' "$desktop")
[[ -f $to/share/icons/hicolor/scalable/apps/$icon.svg ]] || fail "Icon=$icon has no scalable icon"
log "reel.desktop: valid, DesktopEntry '$mpris_entry', Exec $exec_program, Icon $icon"

# The icons: the SVG, and a PNG of each size, that size.
grep -q '<svg' "$to/share/icons/hicolor/scalable/apps/$icon.svg" || fail "$icon.svg is no SVG"
for png in "$to"/share/icons/hicolor/*x*/apps/"$icon".png; do
    size=$(basename "$(dirname "$(dirname "$png")")")
    # A PNG: the signature, then the IHDR chunk's width and height (bytes 17-24, big-endian).
    [[ $(head -c 8 "$png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "$png is no PNG"
    read -r width height < <(od -An -j16 -N8 -tu1 "$png" |
        awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
    [[ ${width}x$height == "$size" ]] || fail "$png is ${width}x$height"
done
log "icons: reel.svg and $(find "$to/share/icons" -name '*.png' | wc -l) PNGs of their sizes"

"$root/scripts/install.sh" uninstall 2>/dev/null
left=$(find "$destdir" -type f)
[[ -z $left ]] || fail "files left after uninstall: $left"
log "uninstall removed every installed file"
log "ok"
