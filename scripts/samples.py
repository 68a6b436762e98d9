#!/usr/bin/env python3
"""The code samples of the Markdown files users read, compiled in their own language.

Every fenced block of every Markdown file of the repository (the READMEs, CONTRIBUTING.md,
docs/ with its ADRs, tests/; not ffi/vendor, upstream's) is placed:

  rust                   a doc-test of a generated crate (target/samples/rust), run with cargo test --doc
  python                 a module type-checked with mypy --strict (make test-python)
  kotlin, java           a source compiled with the library's tests by Maven (make test-kotlin)
  swift                  a source of the package's WalletSDKSamples target (make test-swift)
  typescript (ts)        a module compiled with tsc --strict against the package's index.d.ts
                         (make test-node)
  sh, json, toml, text…  not code of the SDK: counted, not compiled (the `wallet` commands of sh
                         blocks are checked against the CLI: `cli`)
  <!-- sample: ignore REASON -->
                         on the line before a fence: not compiled, and said so (a fragment of
                         another file, an API that only another platform has). Keep it rare.

A fence without a language, or with one this script does not know, cannot be placed: `check`
fails listing it (write `text` for output). Doc comments: the library crates' are rustdoc's
doc-tests (cargo test); the doc comments and docstrings that nothing runs (UNTESTED_DOCS: the
shipped Python, Kotlin and Swift sources, the Python module's Rust, the CLI) may hold no sample,
and `check` fails naming one. The convention for statements-only blocks (the names
they may use without defining them, the stand-ins) is in CONTRIBUTING.md, "Code samples"; the
stand-ins themselves are below (STANDINS) and, for Swift, in
bindings-swift/Sources/WalletSDKSamples/StandIns.swift.

    scripts/samples.py check                    every block placed? counts per language
    scripts/samples.py list [LANG]              every block, where it is and what happens to it
    scripts/samples.py write LANG[,LANG] DIR    the generated sources of kotlin, java, swift, python, rust, typescript
    scripts/samples.py blame DIR [LOG]          compiler messages about DIR's files, as Markdown lines
    scripts/samples.py rust                     writes target/samples/rust and runs its doc-tests
    scripts/samples.py python [--run]           writes the modules into a temporary folder, mypy --strict;
                                                --run also runs those that need no stand-in
    scripts/samples.py cli WALLET_BINARY        every `wallet SUBCOMMAND --flag` of sh blocks exists

Standard library only (Python 3.9).
"""
import ast
import builtins
import json
import os
import pathlib
import re
import subprocess
import sys
import symtable
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
COMPILED = ("rust", "python", "kotlin", "java", "swift", "typescript")
# another name a fence may give a compiled language
ALIASES = {"ts": "typescript"}
# languages that are not the SDK's: counted, never compiled
OTHER = ("sh", "bash", "console", "json", "toml", "text", "yaml", "ini", "xml", "diff", "http", "csv")
# where no sample of the SDK lives: upstream's vendored generator, the test vectors' notes
EXCLUDED = ("ffi/vendor/", "core/tests/data/")
IGNORE = re.compile(r"^\s*<!-- sample: ignore (?P<reason>\S.*?) -->\s*$")
OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")


class Block:
    def __init__(self, path, line, info, code, ignore):
        self.path = path            # relative to the repository
        self.line = line            # 1-based line of the opening fence
        self.info = info            # the info string: `rust,no_run`, `kotlin`, ``
        lang = re.split(r"[\s,{]", info, 1)[0].lower() if info else ""
        self.lang = ALIASES.get(lang, lang)
        self.code = code            # the lines between the fences, the fence's indentation removed
        self.ignore = ignore        # the reason of a `sample: ignore` marker, or None

    @property
    def where(self):
        return f"{self.path}:{self.line}"

    @property
    def ident(self):
        """a name for the block usable in every language: docs_guides_getting_paid_md_l37"""
        return re.sub(r"[^a-z0-9]+", "_", self.path.lower()).strip("_") + f"_l{self.line}"

    @property
    def placement(self):
        if self.ignore is not None:
            return "ignore"
        if self.lang in COMPILED:
            return "compile"
        if self.lang in OTHER:
            return "other"
        return None


def markdown_files():
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
                         check=True, capture_output=True, text=True).stdout.split()
    return sorted({p for p in out if not p.startswith(EXCLUDED) and (ROOT / p).is_file()})


def blocks_of(path):
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    found, problems = [], []
    i = 0
    while i < len(lines):
        m = OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence = m.group("indent"), m.group("fence")
        close = re.compile(r"^[ \t]*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j]):
            j += 1
        if j == len(lines):
            problems.append(f"{path}:{i + 1}: a fence that is never closed")
            break
        code = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[i + 1:j]]
        k = i - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        marker = IGNORE.match(lines[k]) if k >= 0 else None
        found.append(Block(path, i + 1, m.group("info").strip(), code, marker.group("reason") if marker else None))
        i = j + 1
    # a marker followed by no fence is a mistake too
    for n, l in enumerate(lines):
        if IGNORE.match(l):
            nxt = next((x for x in range(n + 1, len(lines)) if lines[x].strip()), None)
            if nxt is None or not OPEN.match(lines[nxt]):
                problems.append(f"{path}:{n + 1}: a `sample: ignore` marker that is not before a fence")
    return found, problems


# Doc comments and docstrings that no doc-test runs: the shipped Python, Kotlin and Swift sources,
# the CLI (a binary crate: rustdoc tests no doc comment of it) and the Python module's Rust (its
# doc comments become the docstrings). A code sample there would never be compiled; none may be.
UNTESTED_DOCS = (("bindings-python/python/", (".py", ".pyi")), ("bindings-python/src/", (".rs",)),
                 ("bindings-kotlin/src/main/", (".kt",)), ("bindings-swift/Sources/WalletSDK/", (".swift",)),
                 ("cli/src/", (".rs",)))
DOC_SAMPLE = re.compile(r"^\s*(?:///?!?|#|\*)?\s*(?:```|>>> )")


def doc_samples():
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "--cached", "--others", "--exclude-standard",
                          *[d for d, _ in UNTESTED_DOCS]], check=True, capture_output=True, text=True).stdout.split()
    problems = []
    for path in out:
        if not any(path.startswith(d) and path.endswith(ext) for d, ext in UNTESTED_DOCS) or not (ROOT / path).is_file():
            continue
        for n, line in enumerate((ROOT / path).read_text(encoding="utf-8", errors="replace").splitlines()):
            if DOC_SAMPLE.match(line):
                problems.append(f"{path}:{n + 1}: a code sample in a doc comment or docstring, which nothing "
                                f"compiles: put it in the Markdown (CONTRIBUTING.md, Code samples)")
    return problems


def all_blocks():
    blocks, problems = [], doc_samples()
    for p in markdown_files():
        b, pr = blocks_of(p)
        blocks += b
        problems += pr
    for b in blocks:
        if b.placement is None:
            what = f"the language `{b.lang}` is not one this script knows" if b.lang else "no language"
            problems.append(f"{b.where}: cannot place this block ({what}): give it one of "
                            f"{', '.join(COMPILED + OTHER)}, or mark it <!-- sample: ignore REASON -->")
        elif b.ignore is not None and b.lang not in COMPILED:
            problems.append(f"{b.where}: `sample: ignore` before a `{b.lang or 'plain'}` block, which is never compiled anyway")
    return blocks, problems


def counts(blocks, langs):
    out = []
    for lang in langs:
        mine = [b for b in blocks if b.lang == lang]
        ign = [b for b in mine if b.ignore is not None]
        out.append(f"{lang}: {len(mine)} found: {len(mine) - len(ign)} to compile, {len(ign)} marked ignore")
    return out


# ---------------------------------------------------------------------------------------------
# The stand-ins: what a statements-only sample may use without defining it (CONTRIBUTING.md,
# "Code samples"). Swift's are bindings-swift/Sources/WalletSDKSamples/StandIns.swift.

STANDINS = {
    "rust": """\
#![allow(unused)]
// the stand-ins of a statements-only sample (CONTRIBUTING.md, Code samples)
fn save_cursor(cursor: &str) {}
""",
    # the wrapper's parameters: the Rust stand-ins for values
    "rust-parameters": "client: &wallet_sdk::Client, address: &str, saved_cursor: Option<String>",
    "kotlin": """\
// The stand-ins of the Markdown samples (CONTRIBUTING.md, Code samples): what a statements-only
// sample may use without defining it. Generated by scripts/samples.py.
package samples

import org.walletsdk.*

private fun standIn(): Nothing = throw NotImplementedError("a stand-in of the Markdown samples")
val client: WalletClient get() = standIn()
val address: String get() = standIn()
val savedCursor: String? get() = standIn()
/** an SLF4J-style logger */
object log {
    fun debug(format: String, vararg arguments: Any?) {}
    fun info(format: String, vararg arguments: Any?) {}
    fun warn(format: String, vararg arguments: Any?) {}
}
fun handle(vararg facts: Any?) {}
fun saveCursor(cursor: String) {}
fun saveForLater(outcomeToken: String?) {}
fun show(text: String) {}
""",
    "python": """\
# The stand-ins of the Markdown samples (CONTRIBUTING.md, Code samples): what a sample may use
# without defining it. Generated by scripts/samples.py.
import logging
from typing import Optional

import wallet_sdk

client: wallet_sdk.Client
address: str
saved_cursor: Optional[str]
base_url: str
api_key: str
passphrase: wallet_sdk.Secret
log: logging.Logger
audit_log: logging.Logger

def handle(*facts: object) -> None: ...
def save_cursor(cursor: str) -> None: ...
def save_for_later(outcome_token: Optional[str]) -> None: ...
""",
    # a script, not a module: its declarations are global to every sample's module
    "typescript": """\
// The stand-ins of the Markdown samples (CONTRIBUTING.md, Code samples): what a statements-only
// sample may use without defining it. Generated by scripts/samples.py.
declare const client: import('wallet-sdk').Client;
declare const address: string;
declare const savedCursor: string | undefined;
declare function handle(...facts: unknown[]): void;
declare function saveCursor(cursor: string): void;
declare function saveForLater(outcomeToken: string | null): void;
""",
}


def python_standin_names():
    tree = ast.parse(STANDINS["python"])
    names = set()
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
    return names


# ---------------------------------------------------------------------------------------------
# Writing the sources. Each writer returns {file name: (text, {generated line: markdown line})}.

def header(block, comment):
    return f"{comment} {block.where} (generated by scripts/samples.py from the Markdown; edit the Markdown)"


def split_imports(block, prefix):
    """the block's import lines (hoisted to the top of the file) and the rest, with Markdown lines"""
    imports, body = [], []
    for n, line in enumerate(block.code):
        md = block.line + 1 + n
        (imports if line.startswith(prefix) else body).append((line, md))
    return imports, body


def assemble(parts):
    """parts: list of (text line, markdown line or None) -> text, line map"""
    text = "\n".join(p[0] for p in parts) + "\n"
    return text, {i + 1: md for i, (_, md) in enumerate(parts) if md is not None}


# Kotlin and Java: each block in a package of its own (samples.<ident>). A block of declarations
# only (a class, a function) stays at the top level; anything else is the body of a function.
JVM = {
    "kotlin": dict(
        top=re.compile(r"^(import |package |@|(private |internal |public )?(suspend )?fun |"
                       r"(private |internal |public )?(data |sealed |abstract |open |enum )?(class|interface|object) |"
                       r"typealias |//|/\*|\*|\}|$)"),
        end="", sdk="import org.walletsdk.*", standins=["import samples.*"],
        wrap=["suspend fun sample() {"], unwrap=["}"]),
    "java": dict(
        top=re.compile(r"^(import |package |@|(public |final |abstract )*(class|interface|enum|record) |//|/\*|\*|\}|$)"),
        end=";", sdk="import org.walletsdk.*;", standins=[],
        wrap=["public class Sample {", "    static void sample() throws Exception {"], unwrap=["    }", "}"]),
}


def write_jvm(lang, blocks):
    spec = JVM[lang]
    files = {"StandIns.kt": (STANDINS["kotlin"], {})} if lang == "kotlin" else {}
    for b in blocks:
        imports, body = split_imports(b, "import ")
        top_level = all(spec["top"].match(l) for l, _ in body if not l.startswith((" ", "\t")))
        parts = [(header(b, "//"), None), (f"package samples.{b.ident}{spec['end']}", None), ("", None)]
        if not imports:
            parts.append((spec["sdk"], None))
        parts += imports + [(l, None) for l in spec["standins"]] + [("", None)]
        name = "Sample"
        if top_level:
            public = [re.match(r"public (?:final |abstract )*(?:class|interface|enum|record) (\w+)", l) for l, _ in body]
            name = next((m.group(1) for m in public if m), name)
            parts += body
        else:
            parts += [(l, None) for l in spec["wrap"]] + body + [(l, None) for l in spec["unwrap"]]
        files[f"{b.ident}.kt" if lang == "kotlin" else f"samples/{b.ident}/{name}.java"] = assemble(parts)
    return files


SWIFT_TOP = re.compile(r"^(extension |protocol |@main)")


def write_swift(blocks):
    files = {}
    for b in blocks:
        imports, body = split_imports(b, "import ")
        parts = [(header(b, "//"), None)]
        if not imports:
            parts.append(("import WalletSDK", None))
        parts += imports + [("", None)]
        if any(SWIFT_TOP.match(l) for l, _ in body):
            parts += body       # declarations that cannot be local
        else:
            parts += [(f"func sample_{b.ident}() async throws {{", None)] + body + [("}", None)]
        files[f"{b.ident}.swift"] = assemble(parts)
    return files


# TypeScript: each block a module of its own; declarations stay at the top level, anything else is
# the body of an async function.
TS_TOP = re.compile(r"^(export |import |(async )?function |class |interface |type |declare |//|/\*|\*|\}|$)")


def write_typescript(blocks):
    files = {"standins.d.ts": (STANDINS["typescript"], {})}
    for b in blocks:
        imports, body = split_imports(b, "import ")
        parts = [(header(b, "//"), None)]
        if not imports:
            parts.append(("import * as sdk from 'wallet-sdk';", None))
        parts += imports + [("", None)]
        if all(TS_TOP.match(l) for l, _ in body if not l.startswith((" ", "\t"))):
            parts += body
        else:
            parts += [(f"export async function sample_{b.ident}(): Promise<void> {{", None)] + body + [("}", None)]
        parts.append(("export {};", None))
        files[f"{b.ident}.ts"] = assemble(parts)
    return files


def rust_complete(block):
    """a block written for rustdoc: its own main, or hidden lines"""
    return any(re.match(r"^\s*(pub )?(async )?fn main\b", l) or l == "#" or l.startswith("# ") for l in block.code)


def write_rust(blocks):
    """one crate whose lib.rs carries each sample as the doc-test of an empty module"""
    parts = [("//! The Rust samples of the Markdown files (generated by scripts/samples.py from the Markdown;", None),
             ("//! run by `scripts/samples.py rust`): one doc-test per block, on a module named after it.", None)]
    for b in blocks:
        if rust_complete(b):
            info, pre, post = b.info, [], []
        else:
            info = "rust,no_run"
            pre = STANDINS["rust"].splitlines() + [
                f"async fn sample({STANDINS['rust-parameters']}) -> wallet_sdk::Result<()> {{"]
            post = ["Ok(())", "}"]
        code = [l for l in b.code]
        for l in code:
            if "\"####" in l:
                raise SystemExit(f"{b.where}: the block contains \"####, which the generated crate cannot quote")
        parts += [("", None), (f"/// {b.where}", None), ("#[doc = r####\"", None), (f"```{info}", None)]
        parts += [(l, None) for l in pre]
        parts += [(l, b.line + 1 + n) for n, l in enumerate(code)]
        parts += [(l, None) for l in post]
        parts += [("```", None), ("\"####]", None), (f"pub mod {b.ident} {{}}", None)]
    return {"src/lib.rs": assemble(parts)}


def python_free(source):
    """the global names a module reads without binding them (builtins excluded)"""
    table = symtable.symtable(source, "m", "exec")
    bound = {s.get_name() for s in table.get_symbols() if s.is_assigned() or s.is_imported()}
    used = set()

    def walk(t):
        for s in t.get_symbols():
            if s.is_referenced() and (t is table or s.is_global()):
                used.add(s.get_name())
        for c in t.get_children():
            walk(c)

    walk(table)
    return sorted(n for n in used - bound if not hasattr(builtins, n)), bound


def write_python(blocks):
    """one module per block. A name a block reads without binding it comes, in this order, from
    the nearest earlier block of the same file that binds it (the reader's session: its import
    statement is repeated, anything else imported from that block's module), from
    `wallet_sdk` itself when the block has no import statement, or from the stand-ins. A block that
    needs no stand-in, by itself or through the blocks it takes names from, is marked runnable
    (`block.runnable`)."""
    standins = python_standin_names()
    files = {"_standins.pyi": (STANDINS["python"], {})}
    errors = []
    by_file = {}
    for b in blocks:
        by_file.setdefault(b.path, []).append(b)
    for path, bs in by_file.items():
        seen = []   # (block, bound names, {name: import node}, source)
        for b in bs:
            source = "\n".join(b.code) + "\n"
            try:
                tree = ast.parse(source)
                free, bound = python_free(source)
            except SyntaxError as e:
                errors.append(f"{path}:{b.line + (e.lineno or 0)}: {e.msg}")
                continue
            imports = {}
            for node in tree.body:
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    for alias in node.names:
                        imports[(alias.asname or alias.name).split(".")[0]] = ast.get_source_segment(source, node)
            has_imports = bool(imports)
            prelude = []
            b.runnable = True
            for name in free:
                earlier = next((s for s in reversed(seen) if name in s[1]), None)
                if earlier is not None:
                    if name in earlier[2]:
                        prelude.append(earlier[2][name])
                    else:
                        prelude.append(f"from s_{earlier[0].ident} import {name}")
                        b.runnable = b.runnable and earlier[0].runnable
                elif name == "wallet_sdk" and not has_imports:
                    prelude.append("import wallet_sdk")
                elif name in standins:
                    prelude.append(f"from _standins import {name}")
                    b.runnable = False
                else:
                    b.runnable = False
                    errors.append(f"{b.where}: `{name}` is neither defined by the block, nor by an earlier "
                                  f"block of the page, nor a stand-in (CONTRIBUTING.md, Code samples)")
            seen.append((b, bound, imports, source))
            parts = [(header(b, "#"), None)] + [(p, None) for p in dict.fromkeys(prelude)]
            parts += [(l, b.line + 1 + n) for n, l in enumerate(b.code)]
            files[f"s_{b.ident}.py"] = assemble(parts)
    return files, errors


def write(langs, outdir):
    blocks, problems = all_blocks()
    outdir = pathlib.Path(outdir)
    written, mapping, errors = [], {}, []
    for lang in langs:
        mine = [b for b in blocks if b.lang == lang and b.ignore is None]
        if lang == "python":
            files, errs = write_python(mine)
            errors += errs
        else:
            files = write_jvm(lang, mine) if lang in JVM else {"swift": write_swift, "rust": write_rust, "typescript": write_typescript}[lang](mine)
        sub = outdir / lang if len(langs) > 1 else outdir
        for name, (text, lines) in files.items():
            target = sub / name
            target.parent.mkdir(parents=True, exist_ok=True)
            # unchanged files keep their time stamp (SwiftPM and cargo rebuild less)
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                target.write_text(text, encoding="utf-8")
            written.append(target)
            mapping[str(target.resolve())] = {str(k): v for k, v in lines.items()}
        # the files of blocks that are gone (only files this script wrote: their first line says so)
        for old in sub.rglob("*"):
            if old.is_file() and old not in written and old.suffix in (".kt", ".java", ".swift", ".py", ".rs", ".ts"):
                with open(old, encoding="utf-8", errors="replace") as f:
                    if "(generated by scripts/samples.py" in f.readline():
                        old.unlink()
    (outdir / ".samples-map.json").write_text(json.dumps(mapping, indent=0, sort_keys=True), encoding="utf-8")
    return blocks, problems, errors


# ---------------------------------------------------------------------------------------------
# Compiler messages back to the Markdown

def find_md_line(mapping, file, line):
    lines = mapping.get(str(pathlib.Path(file).resolve()))
    if lines is None:
        return None
    md = lines.get(str(line))
    if md is None:   # a line of the wrapper: the nearest sample line before it
        before = [int(k) for k in lines if int(k) <= line]
        md = lines[str(max(before))] if before else None
    return md


def blame(outdir, log_text):
    """prints each compiler message about a generated file as MARKDOWN:LINE: message; returns the
    Markdown files and lines (the blocks) that failed"""
    outdir = pathlib.Path(outdir).resolve()
    mapping = json.loads((outdir / ".samples-map.json").read_text(encoding="utf-8"))
    failed = set()
    # kotlinc: e: file:///x.kt:12:5 msg; javac (Maven): [ERROR] /x.java:[12,5] msg; swiftc: /x.swift:12:5: error: msg;
    # mypy: x.py:12: error: msg; rustdoc: --> src/lib.rs:12:5
    pats = [re.compile(r"(?:file://)?(?P<file>/[^\s:\[]+\.(?:kt|java|swift|py|rs)):(?:\[)?(?P<line>\d+)[,:]?(?P<col>\d*)\]?:?\s*(?P<msg>.*)"),
            re.compile(r"(?P<file>[^\s:]+\.(?:py)):(?P<line>\d+):\s*(?P<msg>.*)")]
    seen = set()
    for raw in log_text.splitlines():
        # errors only (kotlinc `e:`, javac through Maven `[ERROR]`, swiftc and mypy `error:`)
        if not (raw.startswith("e: ") or "[ERROR]" in raw or re.search(r":\d+(:\d+)?: error:", raw)):
            continue
        for pat in pats:
            m = pat.search(raw)
            if not m:
                continue
            file = pathlib.Path(m.group("file"))
            if not file.is_absolute():
                file = (outdir / file)
            try:
                file.resolve().relative_to(outdir)
            except ValueError:
                continue
            md = find_md_line(mapping, file, int(m.group("line")))
            source = next((l.split(" (generated")[0].lstrip("/# ") for l in file.read_text(encoding="utf-8").splitlines()[:1]), "?")
            where = f"{source.split(':')[0]}:{md}" if md else source
            msg = f"{where}: {m.group('msg').strip()}"
            failed.add(source)
            if msg not in seen:
                seen.add(msg)
                print(msg)
            break
    return failed


# ---------------------------------------------------------------------------------------------
# Running the Rust and Python checks

def dev_profile():
    """The workspace's dev profile as TOML: a crate outside the workspace builds with these
    settings too, or every dependency in the shared target folder is built a second time."""
    import tomllib
    profile = tomllib.loads((ROOT / "Cargo.toml").read_text(encoding="utf-8"))["profile"]["dev"]
    lines = ["[profile.dev]"] + [f"{k} = {json.dumps(v)}" for k, v in profile.items() if not isinstance(v, dict)]
    for name, settings in profile.get("package", {}).items():
        lines += ["", f"[profile.dev.package.{json.dumps(name)}]"] + [f"{k} = {json.dumps(v)}" for k, v in settings.items()]
    return "\n".join(lines) + "\n"


def run_rust():
    crate = ROOT / "target" / "samples" / "rust"
    blocks, problems, _ = write(["rust"], crate)
    lib = crate / "src" / "lib.rs"
    mapping = json.loads((crate / ".samples-map.json").read_text(encoding="utf-8"))
    manifest = f"""\
# generated by scripts/samples.py: the Rust samples of the Markdown files as doc-tests
[package]
name = "wallet-sdk-samples"
version = "0.0.0"
edition = "2021"
publish = false

[lib]
path = "src/lib.rs"

[dependencies]
wallet-sdk = {{ path = "{ROOT / 'core'}", features = ["testing"] }}
tokio = {{ version = "1", features = ["macros", "rt-multi-thread"] }}
serde_json = "1"

# its own workspace, inside the repository's folder but not a member of its workspace
[workspace]

{dev_profile()}"""
    if not (crate / "Cargo.toml").exists() or (crate / "Cargo.toml").read_text() != manifest:
        (crate / "Cargo.toml").write_text(manifest)
    # the workspace's versions, each time (cargo drops what the crate does not use)
    (crate / "Cargo.lock").write_text((ROOT / "Cargo.lock").read_text())
    target_dir = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    mine = [b for b in blocks if b.lang == "rust"]
    run = subprocess.run(["cargo", "test", "--doc", "--manifest-path", str(crate / "Cargo.toml"), "--target-dir", target_dir],
                         capture_output=True, text=True)
    out = run.stdout + run.stderr
    results = re.findall(r"^test src/lib\.rs - (\w+) \(line \d+\)(?: - compile)? \.\.\. (ok|FAILED|ignored)$", out, re.M)
    ok = sum(1 for _, r in results if r == "ok")
    bad = [n for n, r in results if r == "FAILED"]
    if run.returncode != 0:
        # rustdoc's messages name lines of src/lib.rs: map them to the Markdown
        sys.stdout.write(out)
        print("--- the failures, as Markdown lines:")
        generated = lib.read_text(encoding="utf-8").splitlines()
        for raw in out.splitlines():
            m = re.search(r"src/lib\.rs:(\d+):(\d+)", raw)
            if m:
                n = int(m.group(1))
                md = find_md_line(mapping, lib, n)
                # the block is named by the `/// FILE:LINE` line above its doc-test
                name = next((generated[k][4:].split(":")[0] for k in range(min(n, len(generated)) - 1, -1, -1)
                             if generated[k].startswith("/// ")), None)
                if name and md:
                    print(f"  {name}:{md}: {raw.strip()}")
        names = {b.ident: b.where for b in mine}
        for n in bad:
            print(f"FAILED: {names.get(n, n)}")
    print(f"rust samples: {len(mine)} found, {ok} passed, {len(bad)} failed, "
          f"{sum(1 for b in mine if b.ignore is not None)} marked ignore (target/samples/rust, cargo test --doc)")
    if run.returncode != 0 and not results:
        print("the samples' crate did not build (above)")
    return 0 if run.returncode == 0 and ok == len([b for b in mine if b.ignore is None]) else 1


def run_python(run_them):
    """mypy --strict over every block's module; with run_them, also runs each block that needs no
    stand-in (the offline toolkit's, the quickstarts: those against WALLET_SDK_BASE_URL)"""
    with tempfile.TemporaryDirectory(prefix="samples-python-") as tmp:
        blocks, problems, errors = write(["python"], tmp)
        mine = [b for b in blocks if b.lang == "python"]
        for e in errors:
            print(e)
        check = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--no-error-summary", "."],
                               capture_output=True, text=True, cwd=tmp)
        failed = set()
        if check.returncode != 0:
            failed = blame(tmp, check.stdout + check.stderr)
            if not failed:
                sys.stdout.write(check.stdout + check.stderr)
        compiled = [b for b in mine if b.ignore is None]
        ran, run_failed = 0, []
        if run_them:
            for b in compiled:
                if not getattr(b, "runnable", False):
                    continue
                try:
                    r = subprocess.run([sys.executable, f"s_{b.ident}.py"], capture_output=True, text=True, cwd=tmp, timeout=300)
                    ok, out = r.returncode == 0, r.stdout + r.stderr
                except subprocess.TimeoutExpired:
                    ok, out = False, "timed out after 300 s"
                ran += 1
                if not ok:
                    run_failed.append(b.where)
                    print(f"{b.where}: the block failed when run:\n{out}")
        print(f"python samples: {len(mine)} found, {len(compiled) - len(failed)} passed mypy --strict, {len(failed)} failed, "
              f"{len(mine) - len(compiled)} marked ignore" + (f"; {len(errors)} undefined names" if errors else "")
              + (f"; {ran} run (no stand-ins needed), {len(run_failed)} of them failed" if run_them else ""))
        return 0 if check.returncode == 0 and not errors and not run_failed else 1


# ---------------------------------------------------------------------------------------------
# The `wallet` commands of the sh blocks

# what may stand before a command: nothing, a separator, `$(`, or environment assignments
COMMAND_POSITION = re.compile(r"^(.*(&&|\|\||[;|(]))?(\s*[A-Za-z_][A-Za-z0-9_]*=(\$\([^)]*\)|'[^']*'|\"[^\"]*\"|[^\s'\"$])*)*\s*$")


def shell_lines(code):
    """(index of the first line, the line with its continuations joined and its comment removed)"""
    n = 0
    while n < len(code):
        first, line = n, code[n]
        while line.endswith("\\") and n + 1 < len(code):
            n += 1
            line = line[:-1] + " " + code[n].strip()
        n += 1
        if line.lstrip().startswith("#"):
            continue
        yield first, re.split(r"\s#\s", line, 1)[0]


def shell_words(text):
    """the words of one command: up to the first `&&`, `||`, `|`, `;` or `)` outside quotes"""
    import shlex
    try:
        lex = shlex.shlex(text, posix=True, punctuation_chars=True)
        lex.whitespace_split = True
        words = list(lex)
    except ValueError:
        words = text.split()
    out = []
    for w in words:
        if w in ("&&", "||", "|", ";", ")", ";;", "&", ">", ">>", "<") or w.startswith((">", "|", "&", ";")):
            break
        out.append(w)
    return out


def run_cli(binary):
    def help_of(args):
        run = subprocess.run([binary, *args, "--help"], capture_output=True, text=True)
        return run.stdout if run.returncode == 0 else None

    def commands(text):
        sec = text.split("Commands:", 1)[1].split("Options:", 1)[0] if "Commands:" in text else ""
        return {m.group(1) for m in re.finditer(r"^  (\S+)", sec, re.M)}

    def options(text):
        sec = text.split("Options:", 1)[1] if "Options:" in text else ""
        opts = {}
        for m in re.finditer(r"^\s+(?:-\w, )?(--[\w-]+)(?:[ =](<[^>]+>|\[[^\]]+\]))?", sec, re.M):
            opts[m.group(1)] = bool(m.group(2) and m.group(2).startswith("<"))
        return opts

    top = help_of([])
    if top is None:
        print(f"{binary} --help failed")
        return 1
    subs, global_opts = commands(top), options(top)
    cache = {}
    problems, checked = [], 0
    blocks, _ = all_blocks()
    for b in blocks:
        if b.lang not in ("sh", "bash", "console") or b.ignore is not None:
            continue
        for n, line in shell_lines(b.code):
            for m in re.finditer(r"(?<![\w./$-])wallet(?=\s|$)", line):
                if not COMMAND_POSITION.match(line[:m.start()]):
                    continue      # `wallet` as a word of something else (echo "no such wallet")
                words = shell_words(line[m.end():])
                where = f"{b.path}:{b.line + 1 + n}"
                i, path = 0, []
                # global options (and their values) before the subcommand
                while i < len(words) and words[i].startswith("-"):
                    name = words[i].split("=")[0]
                    if name not in global_opts:
                        problems.append(f"{where}: `wallet {name}`: no such option")
                    i += 2 if global_opts.get(name) and "=" not in words[i] else 1
                if i == len(words):
                    continue
                sub = words[i]
                if not re.match(r"^[a-z][a-z0-9-]*$", sub):
                    continue     # a placeholder (wallet <operation>, wallet …)
                if sub not in subs:
                    problems.append(f"{where}: `wallet {sub}`: no such subcommand")
                    continue
                path = [sub]
                if sub not in cache:
                    cache[sub] = help_of([sub]) or ""
                text = cache[sub]
                rest = words[i + 1:]
                nested = commands(text)
                if nested and rest and rest[0] in nested:
                    path.append(rest[0])
                    key = " ".join(path)
                    if key not in cache:
                        cache[key] = help_of(path) or ""
                    text = cache[key]
                    rest = rest[1:]
                elif nested and rest and re.match(r"^[a-z][a-z0-9-]*$", rest[0]):
                    problems.append(f"{where}: `wallet {sub} {rest[0]}`: no such subcommand")
                    continue
                opts = options(text)
                for w in rest:
                    if w.startswith("--") and len(w) > 2:
                        name = w.split("=")[0]
                        if name not in opts and name not in global_opts:
                            problems.append(f"{where}: `wallet {' '.join(path)} {name}`: no such option")
                checked += 1
    for p in problems:
        print(p)
    print(f"cli samples: {checked} `wallet` commands in sh blocks checked against {binary} --help, {len(problems)} problems")
    return 1 if problems or checked == 0 else 0


# ---------------------------------------------------------------------------------------------

def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    cmd, args = argv[0], argv[1:]
    if cmd == "check":
        blocks, problems = all_blocks()
        for p in problems:
            print(p)
        for line in counts(blocks, COMPILED):
            print(line)
        other = [b for b in blocks if b.placement == "other"]
        print(f"not compiled (sh, json, text, …): {len(other)}; unplaced: {len(problems)}; "
              f"{len(blocks)} blocks in {len(markdown_files())} Markdown files")
        return 1 if problems else 0
    if cmd == "list":
        blocks, problems = all_blocks()
        for b in blocks:
            if not args or b.lang in args:
                print(f"{b.where}\t{b.lang or '-'}\t{b.placement or 'UNPLACED'}" + (f" ({b.ignore})" if b.ignore else ""))
        return 0
    if cmd == "write":
        langs = args[0].split(",")
        blocks, problems, errors = write(langs, args[1])
        mine = [p for p in problems if any(f"`{l}`" in p for l in langs)]
        for e in mine + errors:
            print(e, file=sys.stderr)
        for line in counts(blocks, langs):
            print(line)
        return 1 if errors else 0
    if cmd == "blame":
        log = pathlib.Path(args[1]).read_text(encoding="utf-8", errors="replace") if len(args) > 1 else sys.stdin.read()
        failed = blame(args[0], log)
        for f in sorted(failed):
            print(f"FAILED: {f}")
        return 0
    if cmd == "rust":
        return run_rust()
    if cmd == "python":
        return run_python("--run" in args)
    if cmd == "cli":
        return run_cli(args[0])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
