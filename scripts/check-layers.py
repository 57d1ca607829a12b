#!/usr/bin/env python3
"""Checks docs/ARCHITECTURE.md's table of layers against the manifest.

    swift package describe --type json | scripts/check-layers.py docs/ARCHITECTURE.md

A module's layer is one more than the highest layer among the targets it depends on (0 with
none). Package.swift adds every target's indirect dependencies to its list, which changes no
layer: the longest chain of dependencies is the same. For each row of the table, the layer must be
the one the manifest gives, and every target the row names as a dependency must be one. Every
module of the manifest that is not a test target must have a row.

It also checks that every target, test targets included, imports only modules it depends on
(directly or not): SwiftPM finds any module already built, so an undeclared import compiles, but
the importer is not rebuilt when that module changes, and a stale test once ran against an old
layout of an enum.
"""
import glob
import os
import json
import re
import sys


def main():
    package = json.load(sys.stdin)
    targets = {t["name"]: t for t in package["targets"]}
    depends = {name: set(t.get("target_dependencies") or []) for name, t in targets.items()}
    layers = {}

    def layer(name):
        if name not in layers:
            layers[name] = 1 + max((layer(d) for d in depends[name]), default=-1)
        return layers[name]

    rows = []
    text = open(sys.argv[1], encoding="utf-8").read()
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not re.fullmatch(r"\d+|—", cells[0]):
            continue
        # The module column: `Name`, `A`, `B`, or `tool` (`Target`): the targets are the
        # backticked names that are targets of the manifest.
        named = [n for n in re.findall(r"`([^`]+)`", cells[1]) if n in targets]
        listed = {n for n in re.findall(r"`([^`]+)`", cells[-1]) if n in targets}
        rows.append((cells[0], named, listed))

    problems = []
    seen = set()
    for written, named, listed in rows:
        for name in named:
            seen.add(name)
            actual = layer(name)
            if written != "—" and int(written) != actual:
                problems.append(f"{name}: the table says layer {written}, the manifest gives {actual}")
            for dependency in sorted(listed - depends[name]):
                problems.append(f"{name}: the table names {dependency} as a dependency; the manifest does not")
    for name, target in sorted(targets.items()):
        if target["type"] != "test" and name not in seen:
            problems.append(f"{name}: a target of the manifest with no row in the table")
    for name, target in targets.items():
        reachable, pending = set(), list(depends[name])
        while pending:
            dependency = pending.pop()
            if dependency not in reachable and dependency in targets:
                reachable.add(dependency)
                pending.extend(depends[dependency])
        imported = set()
        for source in glob.glob(os.path.join(target["path"], "**", "*.swift"), recursive=True):
            with open(source, encoding="utf-8") as file:
                imported |= set(re.findall(r"^(?:@testable |@_exported )?import (\w+)$", file.read(), re.M))
        for module in sorted(imported & set(targets) - reachable - {name}):
            problems.append(f"{name}: imports {module}, which is not among its dependencies")
    for problem in problems:
        print(f"layers-check: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"layers-check: docs/ARCHITECTURE.md's table matches the manifest ({len(seen)} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
