#!/usr/bin/env bash
# Installs `reel` as a program, with what a desktop expects of one, or removes exactly that.
#
#   scripts/install.sh install --binary PATH --manual PATH [--strip]
#   scripts/install.sh uninstall
#   scripts/install.sh list          the installed files, one a line, without DESTDIR
#
# PREFIX (default /usr/local) and DESTDIR (default empty) follow the GNU conventions: files go to
# $DESTDIR$PREFIX/…, and nothing installed names DESTDIR. `make install`, `make uninstall`,
# `make deb` (PREFIX=/usr) and `make install-check` call this script; `list` is the one list
# of what is installed, so `uninstall` removes exactly what `install` put there.
#
# What is installed: the binary; the manual page (made by swift-argument-parser's
# generate-manual plugin, gzipped); bash, zsh and fish completions (written by the binary itself,
# `reel --generate-completion-script`); packaging/reel.desktop (its name is MPRIS's DesktopEntry,
# "reel"); the icon packaging/reel.svg and PNGs rendered from it with rsvg-convert.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=${PREFIX:-/usr/local}
destdir=${DESTDIR:-}
icon_sizes=(16 22 24 32 48 64 128 256)

log() { printf 'install: %s\n' "$*" >&2; }
fail() {
    log "$*"
    exit 1
}

# Debian's zsh reads vendor-completions for /usr; /usr/local/share/zsh/site-functions is in
# every zsh's default fpath.
zsh_dir() {
    if [[ $prefix == /usr ]]; then
        echo "$prefix/share/zsh/vendor-completions"
    else
        echo "$prefix/share/zsh/site-functions"
    fi
}

list() {
    echo "$prefix/bin/reel"
    echo "$prefix/share/man/man1/reel.1.gz"
    echo "$prefix/share/bash-completion/completions/reel"
    echo "$(zsh_dir)/_reel"
    echo "$prefix/share/fish/vendor_completions.d/reel.fish"
    echo "$prefix/share/applications/reel.desktop"
    echo "$prefix/share/icons/hicolor/scalable/apps/reel.svg"
    for size in "${icon_sizes[@]}"; do
        echo "$prefix/share/icons/hicolor/${size}x${size}/apps/reel.png"
    done
}

# Regenerates the MIME cache of the applications folder (for "Open with Reel") when installing
# into the live system; packages leave this to desktop-file-utils' trigger.
refresh_desktop_database() {
    if [[ -z $destdir ]] && command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$prefix/share/applications" || log "update-desktop-database failed (ignored)"
    fi
}

install_files() {
    local binary="" manual="" strip=false
    while (($# > 0)); do
        case "$1" in
            --binary) binary=$2 && shift 2 ;;
            --manual) manual=$2 && shift 2 ;;
            --strip) strip=true && shift ;;
            *) fail "unknown option: $1" ;;
        esac
    done
    [[ -x $binary ]] || fail "no executable reel at '$binary' (--binary)"
    [[ -f $manual ]] || fail "no manual page at '$manual' (--manual; \`make manual\` makes it)"
    command -v rsvg-convert >/dev/null || fail "rsvg-convert is missing (Debian: librsvg2-bin; \`make deps\`)"

    local to=$destdir$prefix
    install -d "$to/bin"
    install -m 0755 "$binary" "$to/bin/reel"
    if $strip; then
        # As dh_strip does: no symbols or notes in the shipped binary (the Swift metadata that
        # the runtime reads lives in allocated sections, which strip keeps).
        strip --strip-unneeded --remove-section=.comment --remove-section=.note "$to/bin/reel"
    fi

    install -d "$to/share/man/man1"
    gzip -9 -n -c "$manual" >"$to/share/man/man1/reel.1.gz"
    chmod 0644 "$to/share/man/man1/reel.1.gz"

    # The completions come from the binary being installed, so they match its arguments.
    local shell file
    for shell in bash zsh fish; do
        case $shell in
            bash) file=$to/share/bash-completion/completions/reel ;;
            zsh) file=$destdir$(zsh_dir)/_reel ;;
            fish) file=$to/share/fish/vendor_completions.d/reel.fish ;;
        esac
        install -d "$(dirname "$file")"
        # A completion file is sourced, not run: no #! line (lintian's bash-completion-with-hashbang).
        "$binary" --generate-completion-script "$shell" | sed '1{/^#!/d}' >"$file"
        chmod 0644 "$file"
    done

    install -d "$to/share/applications"
    install -m 0644 "$root/packaging/reel.desktop" "$to/share/applications/reel.desktop"

    install -d "$to/share/icons/hicolor/scalable/apps"
    install -m 0644 "$root/packaging/reel.svg" "$to/share/icons/hicolor/scalable/apps/reel.svg"
    local size
    for size in "${icon_sizes[@]}"; do
        install -d "$to/share/icons/hicolor/${size}x${size}/apps"
        rsvg-convert --width "$size" --height "$size" --format png \
            --output "$to/share/icons/hicolor/${size}x${size}/apps/reel.png" "$root/packaging/reel.svg"
        chmod 0644 "$to/share/icons/hicolor/${size}x${size}/apps/reel.png"
    done

    refresh_desktop_database
    log "installed $(list | wc -l) files under $to"
}

uninstall_files() {
    local path removed=0
    while read -r path; do
        if [[ -e $destdir$path || -L $destdir$path ]]; then
            rm -f "$destdir$path"
            removed=$((removed + 1))
        fi
    done < <(list)
    refresh_desktop_database
    log "removed $removed files under $destdir$prefix"
}

case "${1:-}" in
    install)
        shift
        install_files "$@"
        ;;
    uninstall) uninstall_files ;;
    list) list ;;
    -h | --help | "") sed -n '2,16s/^# \{0,1\}//p' "$0" ;;
    *) fail "unknown command: $1 (try --help)" ;;
esac
