"""The report as a page: a list of blocks (headings, sentences, tables, plots) written
once and rendered twice, as Markdown (plots as relative links) and as one HTML file
with the plots inside it (base64), which can be mailed or opened anywhere."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.lab.report_tables import COUNT, NUMBER, POINTS, PVALUE, RATE, Column, Table


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: Sequence[str]


@dataclass(frozen=True)
class TableBlock:
    table: Table
    limit: int | None = None  # rows shown; the CSV has them all


@dataclass(frozen=True)
class Picture:
    path: Path
    alt: str


Block = Heading | Paragraph | Bullets | TableBlock | Picture


def shown(value: Any, kind: str) -> str:
    """A value as the page shows it; "-" for none."""
    if value is None or value == "":
        return "-"
    if kind == RATE:
        return f"{100 * value:.1f} %"
    if kind == POINTS:
        return f"{100 * value:+.1f}"
    if kind == PVALUE:
        return f"{value:.3f}" if value >= 0.001 else "< 0.001"
    if kind == COUNT and isinstance(value, int | float):
        return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"
    if kind == NUMBER and isinstance(value, int | float):
        return f"{value:,.2f}".rstrip("0").rstrip(".")
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _cells(table: Table, limit: int | None) -> tuple[list[Column], list[list[str]], int]:
    columns = table.columns
    rows = table.rows if limit is None else table.rows[:limit]
    body = [[shown(row.get(c.key), c.kind) for c in columns] for row in rows]
    return columns, body, len(table.rows) - len(rows)


def _more(table: Table, hidden: int) -> str:
    return f"{hidden} more rows are in {table.name}.csv." if hidden else ""


def markdown(blocks: Sequence[Block], folder: Path) -> str:
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            out.append(f"{'#' * block.level} {block.text}")
        elif isinstance(block, Paragraph):
            out.append(block.text)
        elif isinstance(block, Bullets):
            out.append("\n".join(f"- {item}" for item in block.items))
        elif isinstance(block, Picture):
            out.append(f"![{block.alt}]({block.path.relative_to(folder).as_posix()})")
        else:
            out.append(_markdown_table(block))
    return "\n\n".join(out) + "\n"


def _markdown_table(block: TableBlock) -> str:
    table = block.table
    columns, body, hidden = _cells(table, block.limit)
    if not body:
        return f"**{table.title}**: none."
    lines = [f"**{table.title}** ({table.name}.csv). {table.note}".rstrip(), ""]
    lines.append("| " + " | ".join(c.heading for c in columns) + " |")
    lines.append("|" + "|".join("---:" if c.kind != "text" else "---" for c in columns) + "|")
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in body]
    if hidden:
        lines += ["", _more(table, hidden)]
    return "\n".join(lines)


STYLE = """
body { font-family: sans-serif; max-width: 72em; margin: 2em auto; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; }
th { background: #f0f0f0; }
td.n { text-align: right; }
img { max-width: 100%; }
"""


def html_page(blocks: Sequence[Block], title: str) -> str:
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
    ]
    for block in blocks:
        if isinstance(block, Heading):
            out.append(f"<h{block.level}>{html.escape(block.text)}</h{block.level}>")
        elif isinstance(block, Paragraph):
            out.append(f"<p>{html.escape(block.text)}</p>")
        elif isinstance(block, Bullets):
            items = "".join(f"<li>{html.escape(item)}</li>" for item in block.items)
            out.append(f"<ul>{items}</ul>")
        elif isinstance(block, Picture):
            data = base64.b64encode(block.path.read_bytes()).decode("ascii")
            alt = html.escape(block.alt)
            out.append(f'<p><img alt="{alt}" src="data:image/png;base64,{data}"></p>')
        else:
            out.append(_html_table(block))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_table(block: TableBlock) -> str:
    table = block.table
    columns, body, hidden = _cells(table, block.limit)
    caption = f"<p><b>{html.escape(table.title)}</b> ({html.escape(table.name)}.csv). "
    caption += f"{html.escape(table.note)}</p>"
    if not body:
        return f"<p><b>{html.escape(table.title)}</b>: none.</p>"
    head = "".join(f"<th>{html.escape(c.heading)}</th>" for c in columns)
    rows = "".join(
        "<tr>"
        + "".join(
            f'<td class="{"n" if c.kind != "text" else "t"}">{html.escape(cell)}</td>'
            for c, cell in zip(columns, row, strict=True)
        )
        + "</tr>"
        for row in body
    )
    more = f"<p>{html.escape(_more(table, hidden))}</p>" if hidden else ""
    return f"{caption}<table><tr>{head}</tr>{rows}</table>{more}"
