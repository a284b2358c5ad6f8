"""Render contradiction findings as a Markdown report (pure).

Each finding shows its kind, subject and summary, then both statements
quoted with ``source:line``, agent and evidence level.  Note text is escaped
with ``md_escape``.
"""
from __future__ import annotations

import re

from .brief import LABELS, evidence_label, finding_side_text, finding_summary, md_escape

__all__ = ["KIND_TITLES", "render_report"]

KIND_TITLES: dict[str, dict[str, str]] = {
    "en": {
        "number": "Two values for one metric",
        "qualifier": "Conflicting qualifiers",
        "negation": "Said and denied",
        "version": "Changed between versions",
        "title": "One arXiv ID, two titles",
        "unverified_figure": "Figures marked not verified",
        "contamination": "Content flagged as mixed in",
        "label_mismatch": "Labels that do not fit the content",
        "brief_audit": "Brief audit",
    },
    "zh": {
        "findings": "{n} 条发现：",
        "none": "无",
        "generated": "由 provkg 生成：",
        # the kind names are the brief's (queries/render/brief.py LABELS), so both say the same
        **{k.removeprefix("kind."): v for k, v in LABELS["zh"].items() if k.startswith("kind.") and k != "kind.other"},
        "brief_audit": "简报核对",
    },
}


#: The rules write ``detail`` lines in English (they are data: the JSON keeps them); the Chinese report
#: says them in Chinese.  A line no pattern fits is shown as it is.
_DETAIL_ZH = [
    (re.compile(r"^figure: (.+)$"), "数字：{0}"),
    (re.compile(r"^(.+): shares (.+)$"), "{0}：共有 {1}"),
    (re.compile(r"^no (.+) keyword in the content$"), "正文中没有 {0} 的关键词"),
    (re.compile(r"^similarity (\d+)/100$"), "相似度 {0}/100"),
    (re.compile(r"^variant: one title contains the other$"), "变体：一个标题包含另一个"),
    (re.compile(r"^spelling variant$"), "拼写变体"),
    (re.compile(r"^different titles$"), "两个不同的标题"),
    (re.compile(r"^(\d+) more source\(s\) give one of these values$"), "另有 {0} 个来源给出其中一个数值"),
]


def _detail(line: str, lang: str) -> str:
    """One ``detail`` line of a finding in ``lang`` (``_DETAIL_ZH`` for ``zh``)."""
    if lang == "zh":
        for pat, fmt in _DETAIL_ZH:
            m = pat.match(line)
            if m:
                return fmt.format(*m.groups())
    return line


def _side(s: dict, lang: str = "en", text: str | None = None) -> str:
    """One quoted statement with ``source:line``, agent and evidence level, in ``lang``'s words
    (the evidence level too: ``abstract checked``, ``摘要页核查``)."""
    end = f"-{s['line_end']}" if s.get("line_end") and s["line_end"] != s["line"] else ""
    quoted = md_escape(s["text"]) if text is None else text
    L = LABELS.get(lang, LABELS["en"])
    colon = "：" if lang == "zh" else ": "
    ev = s.get("evidence", "unknown")
    ev = L.get("audit.brief", ev) if ev == "brief" else evidence_label(L, ev)
    return (f"> {quoted}\n>\n> — `{s['source']}:{s['line']}{end}` · {L['agent']}{colon}{md_escape(s.get('agent') or '-')}"
            f" · {L['evidence']}{colon}{ev}")


#: What an audit finding says, by kind, from its structured fields (``queries.audit``); the English
#: ``summary`` is the finding's own.  The count words of a ``count_mismatch`` are read from its summary.
_AUDIT_ZH = {
    "untraced_arxiv": "arXiv:{arxiv_id} 在清单材料、卡片和活文档中都找不到出处",
    "count_mismatch": "简报写 {stated}{what}，实际为 {found}",
    "material_not_in_manifest": "简报称已消费 {stated}，但清单 {found} 未列出",
    "material_not_consumed": "清单列出 {found}，简报没有说明已消费",
    "manifest_unknown": "简报所列清单 {stated} 不在库中",
    "status_mismatch": "简报把 arXiv:{arxiv_id} 标为“{stated}”，但它{where}活文档的引用列表中",
}
_COUNT_WHAT = {"increments": " 条增量", "materials": " 项材料", "low-relevance items": " 条低相关/复查项",
               "arXiv IDs": " 个 arXiv 号"}
_STATUS_ZH = {"already_cited": "已引用", "new": "新", "not_included": "未纳入", "discarded": "已丢弃"}


def _audit_summary(a: dict, lang: str) -> str:
    """An audit finding's one line in ``lang`` (its own English ``summary`` for ``en``)."""
    if lang != "zh" or a["kind"] not in _AUDIT_ZH:
        return md_escape(a["summary"])
    m = re.match(r"^the brief states \d+ (.+?), but there are", a.get("summary") or "")
    what = _COUNT_WHAT.get(m.group(1), "") if m else ""
    return md_escape(_AUDIT_ZH[a["kind"]].format(
        arxiv_id=a.get("arxiv_id") or "", stated=_STATUS_ZH.get(a.get("stated") or "", a.get("stated") or ""),
        found=a.get("found") or "", what=what, where="在" if a.get("found") == "already_cited" else "不在"))


def render_report(findings: list[dict], *, title: str = "Contradiction report", lang: str = "en",
                  generated: str | None = None, audit: list[dict] | None = None) -> str:
    """Render ``[Contradiction.model_dump(), ...]`` as Markdown, grouped by kind in the given order.

    ``audit`` (``[AuditFinding.model_dump(), ...]``, from ``queries.audit.audit_briefs``)
    adds a "Brief audit" section: each finding with the brief's ``source:line``,
    its words quoted, and what the graph holds.  No section when empty or omitted.
    """
    T = KIND_TITLES.get(lang, KIND_TITLES["en"])
    L = LABELS.get(lang, LABELS["en"])
    kind_label, stated, found_ = (("类型：", "简报写：", "图中：") if lang == "zh" else ("kind: ", "stated: ", "found: "))
    out = [f"# {md_escape(title)}", ""]
    if generated:
        out += [f"{T.get('generated', 'Generated by provkg: ')}{generated}", ""]
    counts: dict[str, int] = {}
    for f in findings:
        counts[f["kind"]] = counts.get(f["kind"], 0) + 1
    if audit:
        counts[T["brief_audit"]] = len(audit)
    total = len(findings) + len(audit or [])
    out.append(T.get("findings", "{n} finding: " if total == 1 else "{n} findings: ").format(n=total)
               + (", ".join(f"{T.get(k, k)} {n}" for k, n in counts.items()) or T.get("none", "none")))
    out.append("")
    kind = None
    n = 0
    for f in findings:
        if f["kind"] != kind:
            kind = f["kind"]
            out += [f"## {T.get(kind, kind)}", ""]
        n += 1
        subject, summary = md_escape(f["subject"]), finding_summary(L, f)
        # (a summary that opens with its subject, as English ones do, names it once: "arXiv:X — arXiv:X is …")
        out.append(f"### {n}. {summary}" if summary.startswith(subject) else f"### {n}. {subject} — {summary}")
        out.append("")
        out.append(f"`{f['id']}` · {kind_label}`{f['kind']}`")
        out.append("")
        out.append(_side(f["a"], lang, finding_side_text(L, f, "a")))
        out.append("")
        out.append(_side(f["b"], lang, finding_side_text(L, f, "b")))
        out.append("")
        for d in f.get("detail") or []:
            out.append(f"- {md_escape(_detail(d, lang))}")
        if f.get("detail"):
            out.append("")
    if audit:
        out += [f"## {T['brief_audit']}", ""]
        for a in audit:
            n += 1
            out.append(f"### {n}. {_audit_summary(a, lang)}")
            out.append("")
            out.append(f"`{a['id']}` · {kind_label}`{a['kind']}`"
                       + (f" · {stated}{md_escape(a['stated'])}" if a.get("stated") else "")
                       + (f" · {found_}{md_escape(a['found'])}" if a.get("found") else ""))
            out.append("")
            out.append(_side({**a, "agent": None, "evidence": "brief"}, lang))
            out.append("")
            for e in a.get("evidence") or []:
                out.append(_side(e, lang))
                out.append("")
    return "\n".join(out).rstrip() + "\n"
