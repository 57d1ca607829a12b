#!/usr/bin/env bash
# Checks reel's Debian package: lintian, its fields, its dependencies against the binary, and the
# program installed from it into a throwaway root.
#
#   scripts/deb-check.sh PACKAGE.deb [--toolchain-runtime]
#
# 1. lintian (Debian's package checker) finds no error.
# 2. The package installs with `dpkg --root` into an empty, throwaway dpkg root (its dependencies
#    are this machine's: --force-depends there, checked in 3 instead), and dpkg removes it again.
# 3. Depends is complete and satisfied: every library the installed binary links (ELF NEEDED, as
#    ldd resolves it) belongs to a Debian package that Depends names, libmpv2 (loaded with
#    dlopen) is named, and every dependency is installed here at a version Depends accepts.
# 4. The installed reel runs with a bare environment (no toolchain on PATH, no LD_LIBRARY_PATH)
#    and this machine's libraries: `reel --version` prints the package's version, `reel probe`
#    reads a clip made here with ffmpeg, and `reel play --headless` plays it (loading libmpv).
#
# --toolchain-runtime accepts libraries from the Swift toolchain (a debug build, which links the
# Swift runtime dynamically: `make install-check`); `make deb` links it statically, and without
# the option a library no Debian package provides fails the check.
set -euo pipefail

log() { printf 'deb-check: %s\n' "$*" >&2; }
fail() {
    log "FAILED: $*"
    exit 1
}

deb="" toolchain_runtime=false
while (($# > 0)); do
    case "$1" in
        --toolchain-runtime) toolchain_runtime=true && shift ;;
        -h | --help)
            sed -n '2,22s/^# \{0,1\}//p' "$0"
            exit 0
            ;;
        *) deb=$1 && shift ;;
    esac
done
[[ -f $deb ]] || fail "usage: $0 PACKAGE.deb [--toolchain-runtime]"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. lintian, where Debian has it. A debug build's RUNPATH names the toolchain: expected there.
if command -v lintian >/dev/null; then
    suppress=()
    if $toolchain_runtime; then suppress=(--suppress-tags custom-library-search-path); fi
    status=0
    lintian --fail-on error "${suppress[@]}" "$deb" >"$work/lintian.log" 2>&1 || status=$?
    grep -v 'running with root privileges' "$work/lintian.log" >&2 || true
    ((status == 0)) || fail "lintian reports errors (above)"
    log "lintian: no errors"
else
    log "lintian is not installed: skipped"
fi

version=$(dpkg-deb --field "$deb" Version)
depends=$(dpkg-deb --field "$deb" Depends)

# 2. Install into a throwaway dpkg root; remove again at the end.
root=$work/root
install -d "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
: >"$root/var/lib/dpkg/status"
not_root=()
if [[ $(id -u) -ne 0 ]]; then not_root=(--force-not-root); fi
dpkg=(dpkg --root="$root" --log=/dev/null "${not_root[@]}")
"${dpkg[@]}" --force-depends --install "$deb" >"$work/dpkg.log" 2>&1 || {
    cat "$work/dpkg.log" >&2
    fail "dpkg --root could not install $deb"
}
reel=$root/usr/bin/reel
[[ -x $reel ]] || fail "the package installed no usr/bin/reel"
log "installed into a throwaway root with dpkg --root: $(dpkg-deb --contents "$deb" | grep -c -v '/$') files"

# 3a. Every dependency is installed here at an accepted version (alternatives: any one).
depends_on() { # name → whether Depends names it (in any alternative)
    tr ',|' '\n\n' <<<"$depends" | sed -E 's/\(.*//; s/:.*//; s/ //g' | grep -qxF "$1"
}
satisfied() { # "name (op version)" → installed and accepted
    local name op want have
    read -r name op want <<<"$(sed -E 's/[()]//g' <<<"$1")"
    have=$(dpkg-query -W -f='${Status} ${Version}' "$name" 2>/dev/null | awk '$3 == "installed" { print $4 }')
    [[ -n $have ]] || return 1
    [[ -z $op ]] || dpkg --compare-versions "$have" "$op" "$want"
}
IFS=',' read -ra clauses <<<"$depends"
for clause in "${clauses[@]}"; do
    ok=false
    IFS='|' read -ra alternatives <<<"$clause"
    for alternative in "${alternatives[@]}"; do
        if satisfied "$(xargs <<<"$alternative")"; then ok=true && break; fi
    done
    $ok || fail "dependency not satisfied on this machine: $(xargs <<<"$clause")"
done
log "Depends: ${#clauses[@]} dependencies, all installed here at accepted versions"

# 3b. Depends covers every library the binary links, and libmpv2.
package_of() { # library path → its Debian package, or nothing
    local path=$1 owner
    for candidate in "$path" "$(realpath "$path")" "${path#/usr}" "/usr$path"; do
        owner=$(dpkg-query --search "$candidate" 2>/dev/null | head -1 | cut -d: -f1 || true)
        if [[ -n $owner ]]; then
            echo "$owner"
            return
        fi
    done
}
env -i ldd "$reel" >"$work/ldd" || fail "ldd $reel failed"
needed=$(objdump -p "$reel" | awk '$1 == "NEEDED" { print $2 }')
toolchain_libraries=()
for library in $needed; do
    # "libx.so.1 => /path (address)", or "/path (address)" for the dynamic loader.
    path=$(awk -v lib="$library" '($1 == lib && $2 == "=>") { print $3; exit }
        (substr($1, length($1) - length(lib)) == "/" lib) { print $1; exit }' "$work/ldd")
    [[ -n $path && $path != "not" ]] || fail "$library, which reel links, is not found on this machine"
    package=$(package_of "$path")
    if [[ -z $package ]]; then
        if $toolchain_runtime && [[ $path == */swift/linux/* ]]; then
            toolchain_libraries+=("$library")
            continue
        fi
        fail "$library ($path), which reel links, belongs to no Debian package"
    fi
    depends_on "$package" || fail "$library belongs to $package, which Depends does not name"
done
depends_on libmpv2 || fail "Depends does not name libmpv2, which reel loads with dlopen"
log "every linked library ($(wc -w <<<"$needed")) is from a package Depends names; libmpv2 too"
if ((${#toolchain_libraries[@]} > 0)); then
    log "from the Swift toolchain, accepted for this debug build: ${toolchain_libraries[*]}"
fi

# 4. Run it with a bare environment.
bare=(env -i PATH=/usr/bin:/bin HOME="$work/home" XDG_CACHE_HOME="$work/cache" LANG=C.UTF-8)
printed=$("${bare[@]}" "$reel" --version) || fail "reel --version exited with $?"
[[ $printed == "$version" ]] || fail "reel --version printed '$printed'; the package's version is $version"
log "reel --version: $printed"

clip=$work/clip.mp4
ffmpeg -nostdin -v error -f lavfi -i testsrc=duration=1:size=320x240:rate=25 -f lavfi -i sine=duration=1 \
    -c:v libx264 -pix_fmt yuv420p -c:a aac -shortest "$clip" || fail "ffmpeg could not make the test clip"
"${bare[@]}" "$reel" probe "$clip" >"$work/probe.txt" 2>&1 || {
    cat "$work/probe.txt" >&2
    fail "reel probe exited with $?"
}
grep -q '^Playable: *yes' "$work/probe.txt" || {
    cat "$work/probe.txt" >&2
    fail "reel probe does not find the clip playable"
}
log "reel probe: $(grep -m1 '^Container:' "$work/probe.txt" | tr -s ' '), playable"

timeout -s KILL 60 "${bare[@]}" "$reel" play "$clip" --headless --no-audio --no-mpris </dev/null \
    >"$work/play.txt" 2>&1 || {
    cat "$work/play.txt" >&2
    fail "reel play exited with $?"
}
grep -q 'end of media' "$work/play.txt" || {
    cat "$work/play.txt" >&2
    fail "reel play did not play to the end"
}
log "reel play --headless: played the clip to its end (libmpv loaded)"

"${dpkg[@]}" --remove reel >"$work/dpkg.log" 2>&1 || {
    cat "$work/dpkg.log" >&2
    fail "dpkg --root could not remove reel"
}
left=$(find "$root" -path "$root/var" -prune -o -type f -print)
[[ -z $left ]] || fail "files left after dpkg --remove: $left"
log "dpkg --remove left no files"
log "ok: $deb"
