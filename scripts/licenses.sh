#!/usr/bin/env bash
# Prints the licences of Reel, of the Swift packages it builds with, of the Swift runtime, and of
# the Debian packages the reel program uses, read from their copyright files
# (/usr/share/doc/PACKAGE/copyright). docs/LICENSES.md explains what they mean together.
#
#   scripts/licenses.sh --binary PATH --checkouts DIR [--all]
#
# The Debian packages are those of the libraries reel links (ELF NEEDED, resolved by ldd) and
# libmpv2, which Reel loads with dlopen; --all adds every package of the libraries those load in
# turn (ldd of reel and of libmpv.so.2: the ~230 libraries a playing process maps).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
binary="" checkouts="" all=false
while (($# > 0)); do
    case "$1" in
        --binary) binary=$2 && shift 2 ;;
        --checkouts) checkouts=$2 && shift 2 ;;
        --all) all=true && shift ;;
        -h | --help)
            sed -n '2,11s/^# \{0,1\}//p' "$0"
            exit 0
            ;;
        *) echo "licenses: unknown option: $1" >&2 && exit 2 ;;
    esac
done
[[ -x $binary && -d $checkouts ]] || {
    echo "licenses: usage: $0 --binary PATH --checkouts DIR [--all] (\`make build\` first)" >&2
    exit 1
}

# The licence of a licence file, by its opening words.
licence_of_text() {
    local text
    text=$(head -c 2000 "$1")
    if grep -q "Apache License" <<<"$text"; then
        if grep -q "Runtime Library Exception" "$1"; then
            echo "Apache-2.0 with Runtime Library Exception"
        else
            echo "Apache-2.0"
        fi
    elif grep -q "MIT License\|Permission is hereby granted, free of charge" <<<"$text"; then
        echo "MIT"
    else
        echo "unknown (see $1)"
    fi
}

# The licences a Debian copyright file names: the License: fields of a machine-readable one
# (most frequent first), or the licences its text mentions.
licences_of_package() {
    local file=/usr/share/doc/$1/copyright
    if [[ ! -f $file ]]; then
        echo "(no copyright file)"
    elif grep -q '^Format:' "$file"; then
        sed -nE 's/^License: *(.+)$/\1/p' "$file" | sed -E 's/ +$//' | sort | uniq -c | sort -rn |
            awk '{ $1 = ""; sub(/^ /, ""); print }' | paste -sd ';' | sed 's/;/; /g'
    else
        echo "not machine-readable, mentions: $(grep -o -E '(L?GPL|LGPL)[- ]?(v(ersion)? ?)?[0-9.]+\+?|BSD|MIT|zlib|ISC|Apache|public domain' "$file" |
            sort | uniq -c | sort -rn | awk '{ $1 = ""; sub(/^ /, ""); print }' | head -5 | paste -sd ',' | sed 's/,/, /g')"
    fi
}

package_of() { # library path → Debian package, or nothing
    local candidate owner
    for candidate in "$1" "$(realpath "$1")" "${1#/usr}" "/usr$1"; do
        owner=$(dpkg-query --search "$candidate" 2>/dev/null | head -1 | cut -d: -f1 || true)
        if [[ -n $owner ]]; then
            echo "$owner"
            return
        fi
    done
}

echo "Reel's own code: $(licence_of_text "$root/LICENSE") (LICENSE)"
echo

echo "Swift packages (Package.swift and what they depend on):"
declare -A role=(
    [swift-argument-parser]="in reel: its command line"
    [swift-log]="in reel and the libraries: logging"
    [swift-nio]="in reel and the libraries: locks (NIOConcurrencyHelpers)"
    [swift-subprocess]="in reel and ReelIsolation: child processes"
    [swift-system]="in reel, through swift-subprocess"
    [swift-clocks]="ReelTesting only"
    [swift-custom-dump]="ReelTesting only"
    [swift-concurrency-extras]="ReelTesting only, through swift-clocks"
    [xctest-dynamic-overlay]="ReelTesting only, through swift-custom-dump"
    [swift-property-based]="tests only"
)
for checkout in "$checkouts"/*/; do
    name=$(basename "$checkout")
    file=$(find "$checkout" -maxdepth 1 -iname 'licen[cs]e*' | head -1)
    version=$(git -C "$checkout" describe --tags 2>/dev/null || echo "?")
    printf '  %-26s %-10s %-42s %s\n' "$name" "$version" "$(licence_of_text "${file:-/dev/null}")" \
        "${role[$name]:-}"
done
echo

toolchain_licence=$(dirname "$(dirname "$(command -v swift)")")/share/swift/LICENSE.txt
echo "Swift runtime, Foundation, Dispatch (linked into the release reel by \`make dist\`):"
if [[ -f $toolchain_licence ]]; then
    echo "  $(licence_of_text "$toolchain_licence") ($toolchain_licence)"
else
    echo "  Apache-2.0 with Runtime Library Exception (the Swift toolchain's LICENSE.txt)"
fi
echo "  swift-foundation-icu (ICU's data and code in Foundation): Unicode-3.0"
echo

# The libraries reel links, as this machine resolves them, and libmpv.
libraries=$(env -i ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }')
mpv=$(ldconfig -p | awk '$1 == "libmpv.so.2" { print $NF; exit }')
if $all; then
    libraries+=$'\n'$(env -i ldd "$mpv" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }')
else
    needed=$(objdump -p "$binary" | awk '$1 == "NEEDED" { print $2 }')
    libraries=$(env -i ldd "$binary" | awk -v needed="$needed" '
        BEGIN { split(needed, list, "\n"); for (i in list) want[list[i]] = 1 }
        $2 == "=>" && ($1 in want) { print $3 }')
fi
libraries+=$'\n'$mpv
packages=$(while read -r library; do
    [[ -n $library ]] && package_of "$library"
done <<<"$libraries" | sort -u)

if $all; then
    echo "Debian packages of every library reel and libmpv load ($(wc -l <<<"$packages")):"
else
    echo "Debian packages of the libraries reel links, and libmpv2 ($(wc -l <<<"$packages"); --all for what they load):"
fi
while read -r package; do
    version=$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null || echo "?")
    printf '  %-24s %-22s %s\n' "$package" "$version" "$(licences_of_package "$package")"
done <<<"$packages"
if grep -qx libmpv2 <<<"$packages"; then
    echo
    echo "libmpv2's copyright file says:"
    sed -n '/^Comment:/,/^[A-Z]/p' /usr/share/doc/libmpv2/copyright | sed '1d;$d; s/^ /  /'
fi
