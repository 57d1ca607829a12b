#!/usr/bin/env bash
# Builds reel's Debian package from a built binary: the tree scripts/install.sh installs with
# PREFIX=/usr, the copyright and changelog Debian wants, and a control file whose Depends come
# from the binary itself.
#
#   scripts/make-deb.sh --binary PATH --manual PATH --out DIR [--fast]
#
# Prints the path of the .deb it wrote (DIR/reel_VERSION_ARCH.deb). --fast compresses with
# gzip -1 instead of xz (the test's package, `make install-check`).
#
# Depends: dpkg-shlibdeps maps every library the binary links (ELF NEEDED) to the Debian package
# that provides it, at the version its shlibs or symbols file asks for. libmpv2 is added from
# its shlibs file by hand: Reel loads libmpv.so.2 with dlopen (Sources/CMPV/loader.c), so no
# NEEDED entry names it. The Swift runtime is no dependency: Debian 12 packages no Swift 6
# runtime, so `make deb` links it statically (--static-swift-stdlib). ffmpeg is recommended:
# `reel demo` makes its clip with the ffmpeg program.
#
# Environment: DEB_MAINTAINER ("Name <address>") for the Maintainer field.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
maintainer=${DEB_MAINTAINER:-Reel contributors <reel@example.org>}

log() { printf 'make-deb: %s\n' "$*" >&2; }
fail() {
    log "$*"
    exit 1
}

binary="" manual="" out="" fast=false
while (($# > 0)); do
    case "$1" in
        --binary) binary=$2 && shift 2 ;;
        --manual) manual=$2 && shift 2 ;;
        --out) out=$2 && shift 2 ;;
        --fast) fast=true && shift ;;
        -h | --help)
            sed -n '2,20s/^# \{0,1\}//p' "$0"
            exit 0
            ;;
        *) fail "unknown option: $1 (try --help)" ;;
    esac
done
[[ -x $binary && -n $out ]] || fail "usage: $0 --binary PATH --manual PATH --out DIR [--fast]"
for tool in dpkg-deb dpkg-shlibdeps fakeroot; do
    command -v "$tool" >/dev/null || fail "$tool is missing (Debian: dpkg-dev, fakeroot; \`make deps\`)"
done

# The version has one source, ReelVersion.current, which the binary prints.
version=$("$binary" --version)
[[ $version =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || fail "'$binary --version' printed '$version', not a version"
arch=$(dpkg --print-architecture)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/reel
PREFIX=/usr DESTDIR=$stage "$root/scripts/install.sh" install --binary "$binary" --manual "$manual" --strip

# /usr/share/doc/reel: the copyright file, and a changelog (a native package's changelog.gz).
doc=$stage/usr/share/doc/reel
install -d "$doc"
install -m 0644 "$root/packaging/debian/copyright" "$doc/copyright"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
date=$(git -C "$root" log -1 --format=%cD 2>/dev/null || date -R)
{
    printf 'reel (%s) unstable; urgency=medium\n\n' "$version"
    printf '  * Reel %s, built from commit %s.\n\n' "$version" "$commit"
    printf ' -- %s  %s\n' "$maintainer" "$date"
} | gzip -9 -n >"$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"

# dpkg-shlibdeps reads debian/control from the current folder: give it a minimal one.
# Its notes on the $ORIGIN run path (SwiftPM's), on the staging folder and on unused libraries
# are noise here, and so are those on the Swift toolchain's libraries in a debug build (which
# scripts/deb-check.sh reports, and fails on without --toolchain-runtime); the rest is shown.
install -d "$work/src/debian" "$stage/DEBIAN"
printf 'Source: reel\n\nPackage: reel\nArchitecture: any\n' >"$work/src/debian/control"
shlibs=$(cd "$work/src" && dpkg-shlibdeps -O -e "$stage/usr/bin/reel" 2>"$work/shlibdeps.log")
grep -v -e 'is used in RPATH' -e 'should already be installed' -e 'avoid a useless dependency' \
    -e "library name '\(libswift\|libFoundation\|libdispatch\|libBlocksRuntime\)" "$work/shlibdeps.log" |
    sort -u >&2 || true
depends=${shlibs#shlibs:Depends=}
[[ -n $depends && $depends != "$shlibs" ]] || fail "dpkg-shlibdeps found no dependencies: $shlibs"
mpv_shlibs=$(dpkg-query --control-show libmpv2 shlibs 2>/dev/null | awk '$1 == "libmpv" && $2 == "2" { $1 = $2 = ""; print; exit }')
mpv_dependency=$(sed -E 's/^ +//' <<<"${mpv_shlibs:-libmpv2}")
depends="$depends, $mpv_dependency"

installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: reel
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: ffmpeg
Section: video
Priority: optional
Description: video player and media tool built on libmpv
 Reel is a Swift video player framework for Linux on libmpv. This package
 holds its command-line program, reel: it plays files, addresses and
 playlists in a window with Reel's controls (or headless, in a terminal),
 with desktop media controls (MPRIS); reads what a file holds without
 playing it (reel probe); checks many files in isolated worker processes
 (reel check); and makes snapshots, thumbnails and contact sheets.
EOF

# md5sums, as dh_md5sums writes them.
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

install -d "$out"
deb=$out/reel_${version}_${arch}.deb
compression=(-Zxz)
if $fast; then compression=(-Zgzip -z1); fi
fakeroot dpkg-deb --root-owner-group "${compression[@]}" --build "$stage" "$deb" >/dev/null
log "built $deb ($(du -h "$deb" | cut -f1)); Depends: $depends"
echo "$deb"
