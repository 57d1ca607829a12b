#!/usr/bin/env bash
# Compiles the Swift samples of the doc comments: every ```swift block in a `///` comment under
# Sources/ and Examples/Sources/ is type-checked against the modules of a debug build.
#
#   scripts/check-doc-samples.sh [--bin DIR] [--keep DIR]
#
# DIR is the build's bin path (default .build/debug, what `make build-tests` leaves). `make
# docs-check` (part of `make test`) runs it. A sample is a fragment of an app, so it may use names
# it does not declare: scripts/doc-samples/Givens.swift declares those (`player`, `clip`, `store`,
# `context`, …) as members of `DocSample`, and each sample becomes the body of a `DocSample` method.
# A sample that starts with a declaration (`struct`, `final class`, `extension`, `@Suite`, …) stays
# at file scope instead. `…` in code (not in a comment) stands for "the rest": `{ … }` compiles as
# `{ fatalError() }`, or `{}` after a type's name. Errors name the doc comment's file and line
# (`#sourceLocation`). Samples in the `.docc` catalogues and the README are checked by
# ReelSnippetsTests instead: each of those is a file that the package compiles.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
log() { printf 'doc-samples: %s\n' "$*" >&2; }
fail() {
    log "FAILED: $*"
    exit 1
}

bin=$root/.build/debug keep=""
while (($# > 0)); do
    case "$1" in
        --bin) bin=$2 && shift 2 ;;
        --keep) keep=$2 && shift 2 ;;
        *) fail "unknown option: $1" ;;
    esac
done
[[ -d $bin/Modules ]] || fail "no $bin/Modules: build first (make build-tests)"
bin=$(cd "$bin" && pwd -P)
scratch=$(cd "$bin/../.." && pwd)

if [[ -n $keep ]]; then
    work=$keep && rm -rf "$work" && mkdir -p "$work"
else
    work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
fi

# One file per sample, each importing every library module (and what the samples' tests use).
imports=$(printf 'import %s\\n' Foundation Testing Clocks Reel ReelProbe ReelMPRIS ReelPulse ReelIsolation ReelMetrics CoreMetrics ReelTesting ReelExamples)
# Samples that cannot compile here, by file and first line, with the reason.
declare -A skips=(
    # Reel itself declares this conformance; the sample is for apps that import ReelSDL and
    # ReelDesktop without Reel.
    [Sources/ReelDesktop/DesktopWindow.swift]="extension PlayerWindow: DesktopWindow {}"
)
cd "$root"
mapfile -t files < <(grep -rlE --include='*.swift' '^[[:space:]]*///[[:space:]]*```swift' Sources Examples/Sources | sort)
for file in "${files[@]}"; do
    awk -v file="$file" -v work="$work" '
        function flush(   out, first, i, kind, line) {
            out = work "/" n ".swift"
            # File scope when every line that starts at column 0 begins a declaration.
            kind = "declaration"
            for (i = 1; i <= count; i++) {
                if (lines[i] ~ /^([[:space:]]|\}|\/\/|$)/) continue
                if (lines[i] !~ /^(@[A-Za-z]+(\([^)]*\))? )*((public|private|fileprivate|final|indirect) )*(struct|class|enum|extension|protocol|actor|typealias) /) kind = "statements"
            }
            if (skip != "" && index(lines[1], skip) == 1) { print "// " file ":" start " skipped" > (work "/skipped.txt"); close(out); return }
            print "// " file ":" start " (" kind ")" > out
            print imports > out
            if (kind == "statements") { print "extension DocSample {"  > out; print "func sample" n "() async throws {" > out }
            print "#sourceLocation(file: \"" file "\", line: " start ")" > out
            for (i = 1; i <= count; i++) print lines[i] > out
            print "#sourceLocation()" > out
            if (kind == "statements") { print "}" > out; print "}" > out }
            close(out)
            n++
        }
        BEGIN { inside = 0 }
        {
            if (match($0, /^[[:space:]]*\/\/\/ ?/)) text = substr($0, RLENGTH + 1); else text = ""
            doc = ($0 ~ /^[[:space:]]*\/\/\//)
            if (!inside && doc && text ~ /^[[:space:]]*```swift[[:space:]]*$/) { inside = 1; count = 0; start = FNR + 1; next }
            if (inside && (!doc || text ~ /^[[:space:]]*```[[:space:]]*$/)) { inside = 0; flush(); next }
            if (inside) {
                code = text; comment = ""
                if (i = index(text, "//")) { code = substr(text, 1, i - 1); comment = substr(text, i) }
                if (code ~ /(struct|class|enum|extension|protocol|actor) [A-Za-z]+[^{]*\{ … \}/) gsub(/\{ … \}/, "{}", code)
                gsub(/…/, "fatalError()", code)
                lines[++count] = code comment
            }
        }
    ' n="$(find "$work" -name '*.swift' | wc -l)" imports="$imports" skip="${skips[$file]:-}" "$file"
done
count=$(find "$work" -name '*.swift' | wc -l)
((count > 0)) || fail "found no \`\`\`swift block in a doc comment: is the extraction broken?"
cp "$root/scripts/doc-samples/Givens.swift" "$work/Givens.swift"

# The flags SwiftPM gives a target that imports everything: the Swift modules, and the C modules
# they import (module maps of C targets, of system library targets, and of packages' C targets).
flags=(-I "$bin/Modules")
while IFS= read -r map; do flags+=(-Xcc "-fmodule-map-file=$map"); done < <(
    find "$bin" -maxdepth 2 -path '*.build/module.modulemap'
    find "$root/Sources" -maxdepth 2 -name module.modulemap
    find "$scratch/checkouts" -path '*/include/module.modulemap' 2>/dev/null
)
while IFS= read -r include; do flags+=(-Xcc -I -Xcc "$include"); done < <(
    find "$root/Sources" -maxdepth 2 -type d -name include
    find "$scratch/checkouts" -path '*/Sources/*' -type d -name include 2>/dev/null
)

log "type-checking $((count)) samples from ${#files[@]} files"
if ! swiftc -typecheck -wmo -continue-building-after-errors -swift-version 6 -module-name DocSamples -parse-as-library \
    -module-cache-path "$scratch/doc-samples-module-cache" "${flags[@]}" "$work"/*.swift \
    >"$work/swiftc.log" 2>&1; then
    grep -E 'error:' "$work/swiftc.log" | sort -u >&2 || cat "$work/swiftc.log" >&2
    fail "$(grep -cE '^[^ ]+:[0-9]+:[0-9]+: error:' "$work/swiftc.log") errors in doc-comment samples (above)"
fi
log "all $count doc-comment samples compile ($(wc -l <"$work/skipped.txt" 2>/dev/null || echo 0) skipped: see skips in $0)"
