#!/usr/bin/env python3
"""Writes or checks the listing of every public symbol of Reel's library modules.

`swift package dump-symbol-graph --minimum-access-level public` writes one symbol graph per module
(and one per module whose types it extends); this script turns each module's graphs into a sorted
text file, one declaration per line, under api/ (`api/ReelCore.txt`...).

    scripts/api-listing.py --graphs DIR --out api          # write the listing
    scripts/api-listing.py --graphs DIR --check api        # fail, with a diff, when it differs

The listing is the public surface under review: a change to it shows in the commit's diff.
"""
import argparse
import difflib
import json
import pathlib
import sys

# The library products of Package.swift, in its order: what an app can import.
MODULES = [
    "Reel", "ReelCore", "ReelMPV", "ReelPlayer", "ReelArchitecture", "ReelComposable", "ReelCanvas",
    "ReelContainer", "ReelDrawing", "ReelSnapshot", "ReelSDL", "ReelPreview", "ReelProbe", "ReelMPRIS",
    "ReelPulse", "ReelIsolation", "ReelDesktop", "ReelFeed", "ReelMetrics", "ReelTesting",
]


def declaration(symbol):
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return " ".join(text.split())


def constraints(symbol):
    """` where A: B, …` for a member of a constrained extension, else nothing."""
    found = symbol.get("swiftExtension", {}).get("constraints", [])
    if not found:
        return ""
    kinds = {"conformance": ":", "superclass": ":", "sameType": " =="}
    return " where " + ", ".join(f"{c['lhs']}{kinds.get(c['kind'], ' ?')} {c['rhs']}" for c in found)


def lines(graphs, module):
    result = set()
    for path in sorted(graphs.glob(f"{module}.symbols.json")) + sorted(graphs.glob(f"{module}@*.symbols.json")):
        extended = path.name[len(module) + 1:-len(".symbols.json")] if "@" in path.name else None
        graph = json.loads(path.read_text())
        owner = f"{extended}: " if extended else ""
        names = {}
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            name = ".".join(symbol["pathComponents"])
            names[symbol["identifier"]["precise"]] = name
            result.add(f"{owner}{name} | {declaration(symbol)}{constraints(symbol)}")
        # What each public type conforms to or inherits from: dropping `Sendable` is an API change.
        for relation in graph.get("relationships", []):
            if relation["kind"] not in ("conformsTo", "inheritsFrom") or relation["source"] not in names:
                continue
            target = names.get(relation["target"]) or relation.get("targetFallback") or relation["target"]
            where = ""
            if relation.get("swiftConstraints"):
                where = constraints({"swiftExtension": {"constraints": relation["swiftConstraints"]}})
            result.add(f"{owner}{names[relation['source']]} | {relation['kind']} {target}{where}")
    return sorted(result)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--graphs", required=True, type=pathlib.Path)
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--out", type=pathlib.Path)
    target.add_argument("--check", type=pathlib.Path)
    arguments = parser.parse_args()

    differs = False
    total = 0
    for module in MODULES:
        listing = lines(arguments.graphs, module)
        total += len(listing)
        text = "".join(line + "\n" for line in listing)
        if arguments.out:
            arguments.out.mkdir(parents=True, exist_ok=True)
            (arguments.out / f"{module}.txt").write_text(text)
            print(f"{module}: {len(listing)}")
            continue
        committed_path = arguments.check / f"{module}.txt"
        committed = committed_path.read_text() if committed_path.exists() else ""
        if committed != text:
            differs = True
            sys.stdout.writelines(difflib.unified_diff(
                committed.splitlines(keepends=True), text.splitlines(keepends=True),
                fromfile=str(committed_path), tofile=f"{module} (the code)"))
    if arguments.out:
        print(f"total: {total}")
    if differs:
        print("api-check: the public API differs from the listing in api/ (above). If the change is meant,",
              "run `make api` and commit api/ with it.", file=sys.stderr)
        return 1
    if arguments.check:
        print(f"api-check: the public API matches api/ ({total} declarations in {len(MODULES)} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
