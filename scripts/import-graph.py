#!/usr/bin/env python3
"""The import graph of each crate, drawn from the code, and the layering rules it must keep.

For every crate of the workspace (and the binary's src/), each top-level module (a file or
folder under src/) is a node; an edge A -> B means some file of A names `crate::B` (or, in a
crate root's own files, a sibling through `super::`). It prints each crate's edges and its
workspace dependencies, and exits 1 if:
- two top-level modules of one crate import each other, directly or round a longer loop;
- a crate depends on a crate above it (rules < engine < tools < the binary), or any crate
  names the command line.

    scripts/import-graph.py            # the table, and the verdict
    scripts/import-graph.py --dot      # Graphviz text of the module graph, for a picture
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The layers, lowest first: a crate may depend only on crates before it.
LAYERS = ["jiangjun-rules", "jiangjun-engine", "jiangjun-tools", "jiangjun"]
CRATES = {
    "jiangjun-rules": ROOT / "crates/rules",
    "jiangjun-engine": ROOT / "crates/engine",
    "jiangjun-tools": ROOT / "crates/tools",
    "jiangjun": ROOT,
}
CRATE_PATH = re.compile(r"\bcrate::([a-z_][a-z0-9_]*)")
# `use crate::{a, b::c}` names several modules in one brace.
CRATE_BRACE = re.compile(r"\bcrate::\{([^}]*)\}")
COMMENT = re.compile(r"//.*")


def top_modules(src: pathlib.Path) -> dict[str, list[pathlib.Path]]:
    """Each top-level module of a crate and the files it is made of."""
    modules: dict[str, list[pathlib.Path]] = {}
    for path in sorted(src.iterdir()):
        if path.is_file() and path.suffix == ".rs" and path.stem not in ("lib", "main"):
            modules.setdefault(path.stem, []).append(path)
        elif path.is_dir():
            modules.setdefault(path.name, []).extend(sorted(path.rglob("*.rs")))
    return modules


def named_modules(text: str) -> set[str]:
    """The top-level modules a file's code names through `crate::` (comments left out)."""
    code = "\n".join(COMMENT.sub("", line) for line in text.splitlines())
    names = set(CRATE_PATH.findall(code))
    for inner in CRATE_BRACE.findall(code):
        for part in inner.split(","):
            head = part.strip().split("::")[0].strip()
            if head:
                names.add(head)
    return names


def graph(src: pathlib.Path) -> dict[str, set[str]]:
    modules = top_modules(src)
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for module, files in modules.items():
        for f in files:
            for target in named_modules(f.read_text(encoding="utf-8")):
                if target in modules and target != module:
                    edges[module].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def dependencies(manifest: pathlib.Path) -> list[str]:
    """The workspace crates a manifest's [dependencies] name (not dev-dependencies)."""
    deps = []
    section = None
    for line in manifest.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
            continue
        if section == "[dependencies]":
            name = line.split("=")[0].split(".")[0].strip()
            if name in LAYERS:
                deps.append(name)
    return deps


def main() -> int:
    dot = "--dot" in sys.argv[1:]
    failures = []
    if dot:
        print("digraph modules {")
    for crate, path in CRATES.items():
        edges = graph(path / "src")
        deps = dependencies(path / "Cargo.toml")
        if dot:
            for a in sorted(edges):
                for b in sorted(edges[a]):
                    print(f'  "{crate}::{a}" -> "{crate}::{b}";')
            continue
        print(f"{crate} (depends on: {', '.join(deps) or 'no workspace crate'})")
        for a in sorted(edges):
            print(f"  {a} -> {', '.join(sorted(edges[a])) or '-'}")
        for c in cycles(edges):
            failures.append(f"{crate}: modules import each other: {' <-> '.join(c)}")
        for d in deps:
            if LAYERS.index(d) >= LAYERS.index(crate):
                failures.append(f"{crate} depends on {d}, a crate at its level or above")
        if crate != "jiangjun":
            for f in sorted((path / "src").rglob("*.rs")):
                if re.search(r"\bjiangjun::cli\b|\bcrate::cli\b", f.read_text(encoding="utf-8")):
                    failures.append(f"{f.relative_to(ROOT)} names the command line")
    if dot:
        print("}")
        return 0
    for f in failures:
        print(f"import-graph: {f}", file=sys.stderr)
    print("import-graph: " + ("FAILED" if failures else "no loop, no upward import"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
