"""MkDocs hooks of the documentation site (mkdocs.yml, `hooks:`).

- The navigation entry `adr/` becomes every page of docs/adr/, in file-name order, so that a new
  design decision needs no edit of mkdocs.yml.
- A line `<!-- include-example: PATH -->` (PATH from the repository root) becomes a code block
  with the program at PATH, without its leading comment lines: the pages show the example
  programs that the tests compile and run, never a copy of them.
"""

import pathlib
import re

from mkdocs.exceptions import PluginError

ROOT = pathlib.Path(__file__).resolve().parents[2]
INCLUDE = re.compile(r"^<!-- include-example: (?P<path>\S+) -->$", re.M)
LANGUAGES = {".rs": "rust", ".py": "python", ".kt": "kotlin", ".java": "java", ".swift": "swift", ".ts": "ts", ".sh": "sh"}
COMMENTS = {".rs": "//", ".kt": "//", ".java": "//", ".swift": "//", ".ts": "//", ".py": "#", ".sh": "#"}


def _expand(entries, docs_dir):
    out = []
    for entry in entries:
        if isinstance(entry, dict):
            (title, value), = entry.items()
            if isinstance(value, str) and value.endswith("/") and (docs_dir / value).is_dir():
                value = [f"{value}{p.name}" for p in sorted((docs_dir / value).glob("*.md"))]
            elif isinstance(value, list):
                value = _expand(value, docs_dir)
            entry = {title: value}
        out.append(entry)
    return out


def on_config(config):
    config["nav"] = _expand(config["nav"], pathlib.Path(config["docs_dir"]))
    return config


def _example(match):
    path = ROOT / match.group("path")
    if not path.is_file():
        raise PluginError(f"include-example: no file {match.group('path')}")
    lines = path.read_text(encoding="utf-8").splitlines()
    comment = COMMENTS.get(path.suffix)
    while comment and lines and (lines[0].startswith(comment) or lines[0].startswith("#!")):
        lines.pop(0)
    while lines and not lines[0].strip():
        lines.pop(0)
    fence = "````" if any(line.startswith("```") for line in lines) else "```"
    return "\n".join([f"{fence}{LANGUAGES.get(path.suffix, '')}", *lines, fence])


def on_page_markdown(markdown, page, config, files):
    return INCLUDE.sub(_example, markdown)
