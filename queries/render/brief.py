"""Render a ``BriefData`` as a Markdown brief (pure: data in, text out).

The structure is the seed brief's (shared/seeds/000_…): a header (author and time of the shift, the
manifest and its materials, the living document with its line count and last update, the work
queue, the count line); one section per increment with its sources and evidence, its arXiv IDs, the
sections it goes in with the few existing entries it touches (each with the line to edit), its
cross-references, points, relation to the living document and caveats; the low-relevance table
with reasons; the warnings summary, one item per kind across increments; the citable arXiv IDs with
what each needs; merge actions by priority, each with a verb and a target; the evidence boundary.

Every line of a material is cited: inside an increment as ``:18`` (the line of its one source) or
``①:16`` (of its first source, when it has several: the sources line names ①, ②); elsewhere as
``file:line`` (several lines of one file: ``file:20,21,22``).  Every label comes from the ``LABELS``
table of the brief's language (``zh`` or ``en``), evidence levels included, so one brief speaks one
language; text quoted from notes is shown as written, escaped for Markdown (``md_escape``) so it
cannot become a link, an image or HTML.
"""
from __future__ import annotations

import re
from collections import defaultdict

__all__ = ["LABELS", "md_escape", "render_brief", "evidence_label", "finding_side_text", "finding_summary"]

LABELS: dict[str, dict[str, str]] = {
    "zh": {
        "title": "{domain} · 增量简报（{date}）",
        "author": "作者：{author}",
        "author.queue": "（工作队列认领）",
        "author.manifest": "（清单）",
        "author.option": "",
        "author.none": "未注明（`--author 姓名`）",
        "time": "时间：{time}（清单）",
        "manifest": "增量清单：`{path}`（{n} 项材料，已消费 {k} 项）",
        "checked": "检查过的来源：{paths}",
        "baseline": "对照：{doc}",
        "doc": "`{path}`（{lines} 行，{n} 个章节{updated}）",
        "doc_updated": "，末次更新 {date} `:{line}`",
        "doc_fallback": "（清单所指的活文档不在库中，改用上述文档）",
        "doc_none": "无：清单所指的活文档不在库中，库里也没有别的活文档（每篇论文都会显示为新的）",
        "queue": "与工作队列 `{path}`{time}",
        "queue_time": "（快照 {time}）",
        "count": "增量条数：{n} 条（显著增量）＋ {m} 条低相关/复查项",
        "increment": "增量 {n}：{title}",
        "source": "来源",
        "arxiv_line": "{ids}",
        "suggest": "建议归入 §{key}{title}",
        "route": "建议归入（按文本相近度推荐）：§{key}{title}（BM25 {score}{ru}）",
        "route_ru": "；次选 §{key}，{score}",
        "route_cited": "建议归入（笔记未指明；活文档已在此引用该工作）：§{key}{title}",
        "route_shift": "建议归入（笔记未指明；本班另一份材料把该工作放在这里）：§{key}{title}",
        "route_named": "建议归入（笔记未放置，但只谈到这一节）：§{key}{title}",
        "verb.revise": "修订",
        "verb.add": "新增",
        "touches": "触及的现有条目",
        "revise_this": "（修订此行）",
        "cross": "交叉引用",
        "points": "要点",
        "relation": "与活文档的关系",
        "caveats": "值得警惕",
        "more": "…… 另有 {n} 条陈述，见",
        "low": "低相关 / 复查项",
        "low_head": "| 材料 | 判断 | 理由 |",
        "warnings": "值得警惕的矛盾与待核实说法汇总",
        "citable": "可引用的 arXiv 号列表",
        "actions": "今晚建议的归并动作（按优先级）",
        "boundary": "证据边界与未消费声明",
        "boundary_listed": "清单列出 {n} 项材料，本简报消费 {k} 项。",
        "boundary_missing": "未入库（未消费）：{paths}",
        "boundary_arxiv": "arXiv 号 {n} 个，全部来自清单材料的条目（见各自的文件与行），未编造。",
        "boundary_graph": "本简报只由图查询生成：每条陈述都带文件与行号；未修改活文档、清单与工作队列。",
        "generated": "由 provkg 从溯源图生成：{generated}",
        "none": "无",
        "inc": "增量 {n}",
        "incs": "增量 {ns}",
        "and": "、",
        "sep": "；",
        "colon": "：",
        "lp": "（",
        "rp": "）",
        "quote": "“{}”",
        "dash": " —— ",
        # citable-list statuses (what the curator needs)
        "st.already_cited": "已在{cite}引用列表内",
        "st.new": "新：需加入引用列表",
        "st.not_in_citation_list": "新：正文已提及，未列入引用列表",
        "st.weak": "弱相关，未纳入正文",
        "st.misclassified": "归类偏差，未纳入正文",
        "st.discarded": "已丢弃",
        "st.revise": "修订正文 {loc}",
        # low-relevance verdicts and reasons
        "lk.count_update": "非新观点，仅计数更新",
        "lk.misclassified": "归类偏差",
        "lk.discarded": "丢弃",
        "lk.hearsay": "低相关（仅{levels}）",
        "lk.covered": "非新观点（活文档已有）",
        "lk.no_work": "低相关（卡片未指向工作或章节）",
        "lk.low": "低相关",
        "lk.low_levels": "低相关（{levels}）",
        "lr.change": "计数 {change} {loc}",
        "lr.labels": "标签 {labels} 与内容不符：{content} {loc}",
        "lr.entry": "活文档已有 {loc}",
        "lr.judged.covered": "活文档已有该工作",
        "lr.judged.no_work": "卡片未指向任何工作或章节",
        "lr.judged.low": "未提到活文档的任何工作或章节",
        "lr.judged.hearsay": "只有他人转述，未核实",
        "lr.judged.vendor": "只有厂商或作者自述，未核实",
        "lr.judged.unchecked": "作者自己说明未核实",
        # warnings
        "wk.evidence": "证据纪律",
        "wk.unverified": "未核实的数字",
        "wk.second_hand": "二手来源",
        "wk.simulated": "模拟而非实测",
        "wk.contamination": "卡片内容混入",
        "wk.qualifier": "限定说法冲突",
        "wk.number": "同一指标两个数值",
        "wk.negation": "一说有、一说无",
        "wk.version": "版本之间的改动",
        "wk.title": "同一 arXiv 号两个标题",
        "wk.missing_figures": "缺少数字",
        "wk.unknown_origin": "来源关系不明",
        "wk.label_mismatch": "标签与内容不符",
        "w.evidence": "以下工作只有摘要页或卡片级支撑，写入正文须带证据等级：{items}",
        "w.evidence_item": "{inc} {subject}{figs}",
        "w.figs": "（数字 {figs}）",
        "w.unverified": "{subject} 的 {figs}（{others}）被 {where} 标为未核实，不可作结论引用",
        "w.unverified_bare": "{subject} 的 {figs} 未核实（{others}）",
        "w.second_hand": "{incs} 只有二手转述或厂商自述，不可作权威来源{where}",
        "w.pair": "{incs} 两个来源同向，但都是二手，不足以作定量结论（{where}）",
        "w.simulated": "{where}：仿真或未实机验证，工程结论须打折",
        "w.contamination": "{others} 被 {where} 标为从其他工作混入，须单独核对卡片",
        "w.qualifier": "{subject}：{a}（{where}）与 {b}（{others}）不可混用，改写以原文为准",
        "w.conflict": "{subject}：{where} 与 {others}",
        "w.missing_figures": "§{key} 现有条目带数字（{figs}：{others}），{inc} 没有，并列须标明“无指标”",
        "w.missing_figures_other": "§{key} 现有条目带数字（{figs}：{others}），{inc} 没有同类数字（{where} 的数字量的是别的），并列须标明“无可比指标”",
        "w.unknown_origin": "{inc} {where}：与 {subject}（{others}）的关系未查清",
        "w.label_mismatch": "{subject}：{where} 与标签 {others} 不符",
        # actions
        "a.revise": "修订 §{key}{title} {target}{change}（{incs}）",
        "a.change": "：{old} → {new}",
        "a.add": "新增到 §{key}{title}{near}：{incs}",
        "a.near": "，邻近 {loc}",
        "a.routed": "（推荐）",
        "a.cite": "引用：把 {works} 加入 §{key}{title}（{incs}）",
        "a.cite_nolist": "引用：把 {works} 加入引用列表（{incs}）",
        "a.cross_section": "交叉引用 §{other} → §{key}{title}{where}",
        "a.cross_entry": "交叉引用 §{key}：{incs} ↔ {entry} {loc}{where}",
        "a.cross_inc": "交叉引用 {incs}{where}",
        "tags": "标签：{tags}",
        # Evidence levels (ingest.models.EVIDENCE_LEVELS); the lexicon reads these back as the same level.
        "ev.full_text": "全文已读",
        "ev.abstract_checked": "摘要页核查",
        "ev.card_only": "仅据卡片",
        "ev.second_hand": "二手转述",
        "ev.vendor_self_reported": "厂商自述",
        "ev.unverified": "未核实",
        "ev.unknown": "未说明",
        "agent": "作者",
        "evidence": "证据等级",
        "audit.brief": "简报",
        # Finding kinds and their one-line summaries (the contradiction report uses them too).
        "kind.number": "同一指标两个数值",
        "kind.qualifier": "限定说法冲突",
        "kind.negation": "一说有、一说无",
        "kind.version": "版本之间的改动",
        "kind.title": "同一 arXiv 号两个标题",
        "kind.unverified_figure": "未核实的数字",
        "kind.contamination": "卡片内容混入",
        "kind.label_mismatch": "标签与内容不符",
        "kind.other": "其他",
        "sum.number": "{subject} 的同一指标在 {a_src} 与 {b_src} 中数值不同",
        "sum.qualifier": "两处来源对 {subject} 的限定说法相反：{a_src} 与 {b_src}",
        "sum.negation": "{subject}：{a_src} 说有，{b_src} 说没有",
        "sum.version": "{subject} 在 {a_src} 与 {b_src} 中的说法因版本不同而不一致",
        "sum.title": "{subject} 在 {a_src} 与 {b_src} 中以两个不同的标题出现",
        "sum.unverified_figure": "{a_src} 写的数字 {figure} 在 {b_src} 中被标为未核实",
        "sum.contamination": "{a_src} 含有被 {b_src} 标为从其他工作混入的内容",
        "sum.label_mismatch": "{subject} 的主题标签与其内容不符",
        "sum.other": "{subject}：{a_src} 与 {b_src} 的说法不一致",
    },
    "en": {
        "title": "{domain} · shift brief ({date})",
        "author": "Author: {author}",
        "author.queue": " (claimed in the work queue)",
        "author.manifest": " (manifest)",
        "author.option": "",
        "author.none": "not stated (`--author NAME`)",
        "time": "Time: {time} (manifest)",
        "manifest": "Increment manifest: `{path}` ({n} material{s}, {k} consumed)",
        "checked": "Sources checked: {paths}",
        "baseline": "Baseline: {doc}",
        "doc": "`{path}` ({lines} lines, {n} sections{updated})",
        "doc_updated": ", last updated {date} `:{line}`",
        "doc_fallback": " (the manifest's living document is not in the store; the one above is used instead)",
        "doc_none": "none: the manifest's living document is not in the store, nor is any other (every work reads as new)",
        "queue": " and the work queue `{path}`{time}",
        "queue_time": " (snapshot {time})",
        "count": "Increments: {n} (significant) + {m} low relevance / review",
        "increment": "Increment {n}: {title}",
        "source": "Sources",
        "arxiv_line": "{ids}",
        "suggest": "Suggested section §{key}{title}",
        "route": "Suggested section (the note names none; closest by text): §{key}{title} (BM25 {score}{ru})",
        "route_ru": "; runner-up §{key}, {score}",
        "route_cited": "Suggested section (the note names none; the document already cites the work here): §{key}{title}",
        "route_shift": "Suggested section (the note names none; another material of this shift places the work here): §{key}{title}",
        "route_named": "Suggested section (the note places nothing but speaks of this section): §{key}{title}",
        "verb.revise": "revise",
        "verb.add": "add",
        "touches": "Existing entries it touches",
        "revise_this": " (revise this line)",
        "cross": "Cross-reference",
        "points": "Key points",
        "relation": "Relation to the living document",
        "caveats": "Caveats",
        "more": "… {n} more statements at",
        "low": "Low relevance / review",
        "low_head": "| Material | Verdict | Reason |",
        "warnings": "Contradictions and unverified statements",
        "citable": "Citable arXiv IDs",
        "actions": "Merge actions (by priority)",
        "boundary": "Evidence boundary",
        "boundary_listed": "The manifest lists {n} material{s}; this brief consumed {k}.",
        "boundary_missing": "Not ingested (not consumed): {paths}",
        "boundary_arxiv": "{n} arXiv ID{s}, all taken from the materials' items (each with its file and line), none invented.",
        "boundary_graph": "This brief was generated from graph queries only: every statement carries its file and line; "
                          "the living document, the manifest and the work queue were not modified.",
        "generated": "Generated by provkg from the provenance graph: {generated}",
        "none": "none",
        "inc": "increment {n}",
        "incs": "increments {ns}",
        "and": ", ",
        "sep": "; ",
        "colon": ": ",
        "lp": " (",
        "rp": ")",
        "quote": "\"{}\"",
        "dash": " — ",
        "st.already_cited": "already in the citation list",
        "st.new": "new: add to the citation list",
        "st.not_in_citation_list": "new: cited in the body only, not in the citation list",
        "st.weak": "weakly relevant, not included",
        "st.misclassified": "misfiled, not included",
        "st.discarded": "discarded",
        "st.revise": "revise the body at {loc}",
        "lk.count_update": "not new, count update only",
        "lk.misclassified": "misfiled",
        "lk.discarded": "discarded",
        "lk.hearsay": "low relevance ({levels} only)",
        "lk.covered": "not new (already in the document)",
        "lk.no_work": "low relevance (card names no work or section)",
        "lk.low": "low relevance",
        "lk.low_levels": "low relevance ({levels})",
        "lr.change": "count {change} {loc}",
        "lr.labels": "labels {labels} do not fit the content: {content} {loc}",
        "lr.entry": "already in the document {loc}",
        "lr.judged.covered": "the document already has the work",
        "lr.judged.no_work": "the card names no work and no section",
        "lr.judged.low": "names no work and no section of the living document",
        "lr.judged.hearsay": "someone else's word only, not checked",
        "lr.judged.vendor": "the vendor's or the authors' own word only, not checked",
        "lr.judged.unchecked": "not checked, as the writer says",
        "wk.evidence": "Evidence discipline",
        "wk.unverified": "Unverified figures",
        "wk.second_hand": "Second-hand sources",
        "wk.simulated": "Simulated, not measured",
        "wk.contamination": "Card contamination",
        "wk.qualifier": "Conflicting qualifiers",
        "wk.number": "Two values for one metric",
        "wk.negation": "Said and denied",
        "wk.version": "Changed between versions",
        "wk.title": "One arXiv ID, two titles",
        "wk.missing_figures": "Missing figures",
        "wk.unknown_origin": "Unknown relation to an existing entry",
        "wk.label_mismatch": "Labels that do not fit the content",
        "w.evidence": "these works rest on an abstract or a card only; the text must carry the evidence level: {items}",
        "w.evidence_item": "{inc} {subject}{figs}",
        "w.figs": " (figures {figs})",
        "w.unverified": "{subject}: {figs} ({others}) marked not verified in {where}; not to be cited as results",
        "w.unverified_bare": "{subject}: {figs} not verified ({others})",
        "w.second_hand": "{incs} rest on second-hand or vendor words only; not an authority{where}",
        "w.pair": "{incs} point the same way, but both are second-hand: no quantitative conclusion ({where})",
        "w.simulated": "{where}: simulated or not run on real hardware; discount the engineering conclusion",
        "w.contamination": "{others} flagged in {where} as mixed in from other work; check the card",
        "w.qualifier": "{subject}: {a} ({where}) and {b} ({others}) are not interchangeable; follow the source",
        "w.conflict": "{subject}: {where} and {others}",
        "w.missing_figures": "§{key} entries carry figures ({figs}: {others}); {inc} has none: mark it \"no figures\"",
        "w.missing_figures_other": "§{key} entries carry figures ({figs}: {others}); {inc} has none of that kind (its figures at {where} measure something else): mark it \"no comparable figures\"",
        "w.unknown_origin": "{inc} {where}: relation to {subject} ({others}) not checked",
        "w.label_mismatch": "{subject}: {where} does not fit the labels {others}",
        "a.revise": "revise §{key}{title} {target}{change} ({incs})",
        "a.change": ": {old} → {new}",
        "a.add": "add to §{key}{title}{near}: {incs}",
        "a.near": ", next to {loc}",
        "a.routed": " (suggested)",
        "a.cite": "cite: add {works} to §{key}{title} ({incs})",
        "a.cite_nolist": "cite: add {works} to the citation list ({incs})",
        "a.cross_section": "cross-reference §{other} → §{key}{title}{where}",
        "a.cross_entry": "cross-reference in §{key}: {incs} ↔ {entry} {loc}{where}",
        "a.cross_inc": "cross-reference {incs}{where}",
        "tags": "tags: {tags}",
        "ev.full_text": "full text read",
        "ev.abstract_checked": "abstract checked",
        "ev.card_only": "card only",
        "ev.second_hand": "second-hand",
        "ev.vendor_self_reported": "vendor self-reported",
        "ev.unverified": "unverified",
        "ev.unknown": "not stated",
        "agent": "agent",
        "evidence": "evidence",
        "audit.brief": "brief",
        "kind.number": "Two values for one metric",
        "kind.qualifier": "Conflicting qualifiers",
        "kind.negation": "Said and denied",
        "kind.version": "Changed between versions",
        "kind.title": "One arXiv ID, two titles",
        "kind.unverified_figure": "Figures marked not verified",
        "kind.contamination": "Content flagged as mixed in",
        "kind.label_mismatch": "Labels that do not fit the content",
        "kind.other": "Other",
    },
}

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|!#])")


def md_escape(text: str) -> str:
    """Escape Markdown/HTML specials (``\\ ` * _ [ ] < > | ! #``) and fold newlines, so note text stays text."""
    return _MD_SPECIAL.sub(r"\\\1", re.sub(r"\s+", " ", text or "")).strip()


def _code(text: str) -> str:
    """``text`` as inline code (a path, a location): backticks it holds become quotes."""
    return "`" + (text or "").replace("`", "'") + "`"


def evidence_label(L: dict[str, str], level: str | None) -> str:
    """An evidence level in the brief's language (the level's name when the language has none)."""
    return L.get(f"ev.{level}", level or "unknown")


def _levels(L: dict[str, str], levels: list[str]) -> str:
    return " + ".join(evidence_label(L, lv) for lv in levels) or evidence_label(L, "unknown")


def _tags(text: str) -> str:
    """The labels of a label-mismatch statement (``"tags: a, b"`` as ``queries.contradictions`` writes it)."""
    return re.sub(r"^\s*tags\s*:\s*", "", text or "")


def finding_side_text(L: dict[str, str], f: dict, side: str) -> str:
    """One quoted side of a finding; the labels side of a label mismatch gets the language's label."""
    st = f[side]
    if f["kind"] == "label_mismatch" and side == "a" and re.match(r"^\s*tags\s*:", st["text"] or ""):
        return md_escape(L["tags"].format(tags=_tags(st["text"])))
    return md_escape(_clipped(st["text"] or ""))


#: The longest quote a report or a brief prints of one statement (a note holding a 200 KB line of prose quoted it whole,
#: twice per finding); the statement's ``source:line`` below the quote leads to the rest.
QUOTE_CHARS = 600


def _clipped(text: str) -> str:
    """``text`` up to ``QUOTE_CHARS`` characters, cut at a word and marked with the count left out."""
    if len(text) <= QUOTE_CHARS:
        return text
    cut = text.rfind(" ", QUOTE_CHARS - 80, QUOTE_CHARS)
    cut = cut if cut > 0 else QUOTE_CHARS
    return f"{text[:cut].rstrip()} … ({len(text) - cut:,} more characters)"


def _figure(f: dict) -> str:
    """The figure of an ``unverified_figure`` finding (its ``detail`` holds ``"figure: 76%"``)."""
    for d in f.get("detail") or []:
        m = re.match(r"^figure:\s*(.+)$", d)
        if m:
            return m.group(1)
    return ""


def finding_summary(L: dict[str, str], f: dict) -> str:
    """A finding's one-line summary: the language's template filled from the finding's fields (a
    language without templates, ``en``, prints the finding's own ``summary``)."""
    key = f"sum.{f['kind']}" if f"sum.{f['kind']}" in L else ("sum.other" if "sum.other" in L else None)
    if key is None:  # English: the finding's own summary
        return md_escape(f["summary"])
    a_src, b_src = f["a"]["source"], f["b"]["source"]
    if f["kind"] == "negation" and any(str(d).startswith(f"denied in {a_src}:") for d in f.get("detail") or []) \
            and not any(str(d).startswith(f"stated in {a_src}:") for d in f.get("detail") or []):
        a_src, b_src = b_src, a_src  # the template says who states it first: the side that denies it goes second
    return L[key].format(subject=md_escape(f["subject"]), a_src=md_escape(a_src),
                         b_src=md_escape(b_src), figure=md_escape(_figure(f)))


class _Refs:
    """Line references of one brief: ``:18`` / ``①:16`` inside an increment, ``file:line`` elsewhere."""

    def __init__(self, topics: list[dict]):
        self.spans = [(s["source"], s["line"], s["line_end"], t["number"], s.get("label") or "")
                      for t in topics for s in t["sources"]]

    def find(self, st: dict) -> tuple[int, str] | None:
        for p, a, b, n, lab in self.spans:
            if p == st["source"] and a <= st["line"] <= b:
                return n, lab
        return None

    @staticmethod
    def line(st: dict) -> str:
        end = st.get("line_end")
        return f"{st['line']}-{end}" if end and end != st["line"] else f"{st['line']}"

    def local(self, st: dict, topic: dict | None = None) -> str:
        """``:18`` / ``①:18`` when ``st`` is in ``topic``'s sources (any increment's when None), else ``file:line``."""
        hit = self.find(st)
        if hit is not None and (topic is None or hit[0] == topic["number"]):
            return _code(f"{hit[1]}:{self.line(st)}")
        return _code(f"{st['source']}:{self.line(st)}")

    def many(self, sts: list[dict], number: int | None = None, L: dict[str, str] | None = None) -> str:
        """References of several statements: ``:18`` for those of increment ``number``, ``增量 4 `:32``` for
        another increment's (with ``L``), the others grouped by file (``file:20,21,22``)."""
        out: list[str] = []
        files: dict[str, list[str]] = defaultdict(list)
        for st in sts:
            hit = self.find(st)
            if hit is not None and hit[0] == number:
                out.append(_code(f"{hit[1]}:{self.line(st)}"))
            elif hit is not None and L is not None:
                out.append(self.at(L, st))
            else:
                files[st["source"]].append(self.line(st))
        out += [_code(f"{p}:{','.join(dict.fromkeys(ls))}") for p, ls in files.items()]
        return (L["and"] if L is not None else " ").join(dict.fromkeys(out))

    def at(self, L: dict[str, str], st: dict) -> str:
        """``增量 2 `:36```: a line of an increment named by the increment, else ``file:line``."""
        hit = self.find(st)
        if hit is None:
            return _code(f"{st['source']}:{self.line(st)}")
        return L["inc"].format(n=hit[0]) + " " + _code(f"{hit[1]}:{self.line(st)}")


_VERDICT_PREFIX = re.compile(r"^\s*(?:低相关|弱相关|丢弃|已丢弃|噪声|low[- ]relevance|discarded?|noise)\s*[:：]\s*", re.I)


def _unverdict(title: str) -> str:
    """A title without the verdict word it starts with (``低相关：Nimble 博客`` -> ``Nimble 博客``)."""
    return _VERDICT_PREFIX.sub("", title or "") or (title or "")


def _short(title: str) -> str:
    """A title's name part for lists: without a leading verdict word, numbering and bracketed
    identifiers, the text before ``：`` / ``: `` / `` | `` (at most 32 characters)."""
    t = _unverdict(title)
    t = re.sub(r"[（(][^）)]*\d{4}\.\d{4,5}[^）)]*[）)]", "", t)
    t = re.sub(r"^\s*(?:[（(]?\d{1,2}[.)）、](?!\d)|\d{1,2}/)\s*", "", t)  # (not a section number: "31.3, TransMLA: …")
    head = re.split(r"：|:\s|\s\|\s|——|—", t, maxsplit=1)[0].strip()
    head = head or t.strip()
    return head if len(head) <= 32 else head[:32].rstrip() + "…"


def _incs(L: dict[str, str], numbers: list[int], names: dict[int, str] | None = None) -> str:
    """``增量 2 MC-SF、增量 4 …`` with names; ``增量 3、4、5`` without."""
    if not names and len(numbers) > 1:
        return L["incs"].format(ns=L["and"].join(str(n) for n in numbers))
    parts = []
    for n in numbers:
        s = L["inc"].format(n=n)
        if names and names.get(n):
            s += " " + md_escape(names[n])
        parts.append(s)
    return L["and"].join(parts)


def _sec_title(L: dict[str, str], title: str | None) -> str:
    if not title:
        return ""
    return f"「{md_escape(title)}」" if L is LABELS["zh"] else f" ({md_escape(title)})"


def _header(L: dict[str, str], data: dict, out: list[str]) -> None:
    add = out.append
    date = data.get("shift_date") or (data.get("generated") or "")[:10]
    add("# " + L["title"].format(domain=md_escape(data.get("domain") or "provkg"), date=date))
    add("")
    who = md_escape(data["agent"]) + L.get(f"author.{data.get('agent_from')}", "") if data.get("agent") else L["author.none"]
    line = "- " + L["author"].format(author=who)
    if data.get("shift_time"):
        line += " · " + L["time"].format(time=data["shift_time"])
    add(line)
    add("- " + L["manifest"].format(path=data["manifest_path"], n=data["listed"], k=data["consumed"],
                                    s="" if data["listed"] == 1 else "s"))
    read = [m for m in data["materials"] if m.get("ingested", True)]  # the others are "not ingested" below
    add("- " + L["checked"].format(paths=L["and"].join(_code(m["source"]) for m in read)))
    if data.get("knowledge"):
        upd = (L["doc_updated"].format(date=data["knowledge_updated"], line=data["knowledge_updated_line"])
               if data.get("knowledge_updated") else "")
        doc = L["doc"].format(path=data["knowledge"], lines=data["knowledge_lines"], n=data["knowledge_sections"],
                              updated=upd)
        if data.get("queue"):
            doc += L["queue"].format(path=data["queue"],
                                     time=L["queue_time"].format(time=data["queue_time"]) if data.get("queue_time") else "")
        if data.get("knowledge_fallback"):
            doc += L["doc_fallback"]
        add("- " + L["baseline"].format(doc=doc))
    else:  # (every work then reads as new: the reader must know why)
        add("- " + L["baseline"].format(doc=L["doc_none"]))
    add("- " + L["count"].format(n=len(data["topics"]), m=len(data["low"])))
    add("")


def _status(L: dict[str, str], a: dict, refs: _Refs | None = None, cite: str | None = None) -> str:
    """A work's status in the language's words; ``cite`` is the citation list's key (``七``: "已在 §七 引用列表内")."""
    s = L.get(f"st.{a['status']}", a["status"]).replace("{cite}", f" §{cite} " if cite else "")
    if a.get("entry") and refs is not None:
        s += L["sep"] + L["st.revise"].format(loc=refs.local(a["entry"]))
    return s


def _topic(L: dict[str, str], t: dict, refs: _Refs, names: dict[int, str], out: list[str],
           cite: str | None = None) -> None:
    add = out.append
    c = L["colon"]
    add("## " + L["increment"].format(n=t["number"], title=md_escape(t["title"])))
    add("")
    srcs = []
    for s in t["sources"]:
        who = L["sep"].join(x for x in (md_escape(s.get("agent") or ""), _levels(L, s.get("evidence_levels") or [s["evidence"]])) if x)
        srcs.append(f"{s['label'] + ' ' if s.get('label') else ''}{_code(s['source'] + ':' + refs.line({**s}))}{L['lp']}{who}{L['rp']}")
    line = f"- {L['source']}{c}" + L["sep"].join(srcs)
    links = [f"{md_escape(p['text'])} " + " ".join(refs.local(st, t) for st in p["statements"]) for p in t["links"]]
    add(line + (L["sep"] + L["sep"].join(links) if links else ""))
    # a paper line gives the title the citable list shows: here only its line, on the arXiv line
    papers = [p for p in t["meta"] if p.get("role") == "paper" and t["arxiv"]]
    for p in t["meta"]:
        if p not in papers:
            add(f"  - {md_escape(p['text'])} " + " ".join(refs.local(st, t) for st in p["statements"]))
    if t["arxiv"]:
        ids = [f"arXiv:{a['arxiv_id']}{a.get('version') or ''}{L['lp']}{_status(L, a, cite=cite)}{L['rp']}" for a in t["arxiv"]]
        add("- " + L["arxiv_line"].format(ids=L["sep"].join(ids))
            + "".join(" " + refs.local(st, t) for p in papers for st in p["statements"]))
    for s in t["sections"]:
        title = _sec_title(L, s.get("title"))
        if s.get("routed") and s.get("basis") in ("cited", "shift", "named"):
            head = L["route_" + s["basis"]].format(key=s["key"], title=title)
        elif s.get("routed"):
            ru = L["route_ru"].format(key=s["runner_up"], score=f"{s['runner_up_score']:.2f}") if s.get("runner_up") else ""
            head = L["route"].format(key=s["key"], title=title, score=f"{s['score']:.2f}", ru=ru)
        else:
            head = L["suggest"].format(key=s["key"], title=title)
        add(f"- {head}{c}{L['verb.' + s['verb']]}")
        for i, e in enumerate(s["touches"]):
            mark = L["revise_this"] if s["verb"] == "revise" and i == 0 else ""
            add(f"  - {L['touches']}{c}{md_escape(_entry(e['text']))} {_code(e['source'] + ':' + refs.line(e))}{mark}")
    for x in t["cross"]:
        where = refs.local(x["statement"], t) if x.get("statement") else ""
        if x["kind"] == "section":
            target = f"§{x['key']}"
        elif x["kind"] == "entry":
            e = x["entry"]
            target = f"§{x['key']} {md_escape(_name(e['text']))} {_code(e['source'] + ':' + refs.line(e))}"
        else:
            target = _incs(L, [x["increment"]], names)
        add(f"- {L['cross']}{c}{target} {where}".rstrip())
    for field, label in (("points", "points"), ("relations", "relation"), ("caveats", "caveats")):
        if t[field]:
            add(f"- {L[label]}{c}".rstrip())
            for p in t[field]:
                if p.get("folded"):  # the tail of a long item: how many, and the lines they span per file
                    spans: dict[str, list[int]] = defaultdict(list)
                    for st in p["statements"]:
                        spans[st["source"]] += [st["line"], st.get("line_end") or st["line"]]
                    where = " ".join(_code(f"{src}:{min(ls)}-{max(ls)}") for src, ls in spans.items())
                    add(f"  - {L['more'].format(n=p['folded'])} {where}")
                    continue
                add(f"  - {md_escape(p['text'])} " + " ".join(refs.local(st, t) for st in p["statements"]))
    add("")


def _entry(text: str, width: int = 28) -> str:
    """The head of a living-document entry (``width`` characters, an ellipsis when cut)."""
    t = " ".join((text or "").split())
    return t if len(t) <= width else t[:width].rstrip() + "…"


def _name(text: str) -> str:
    """The name an entry starts with (``SPAR：…`` -> ``SPAR``), else its head: a cross-reference names it."""
    n = re.split(r"[：（(，,]|:\s", (text or "").strip(), maxsplit=1)[0].strip()
    return n if 0 < len(n) <= 24 else _entry(text, 20)


def _low(L: dict[str, str], r: dict, refs: _Refs) -> str:
    kind = r["kind"]
    levels = [lv for lv in r.get("levels") or [] if lv in ("second_hand", "vendor_self_reported", "unverified")]
    if kind == "hearsay":
        verdict = L["lk.hearsay"].format(levels=_levels(L, levels or r.get("levels") or []))
        verdict = verdict.replace("only only", "only").replace("仅仅", "仅")  # ("card only" resting only on itself: "(card only)", not "(card only only)")
    elif kind == "low" and levels:
        verdict = L["lk.low_levels"].format(levels=_levels(L, levels))
    else:
        verdict = L[f"lk.{kind}"]
    parts = []
    if r.get("labels") and r.get("content"):
        parts.append(L["lr.labels"].format(labels=md_escape(", ".join(r["labels"])),
                                           content=md_escape(r["content"]["text"]),
                                           loc=_code(":" + refs.line(r["content"]))))
    if r.get("change"):
        loc = _code(f":{r['change_line']}") if r.get("change_line") else ""
        parts.append(L["lr.change"].format(change=md_escape(r["change"]), loc=loc).strip())
    for st in r["reasons"]:
        loc = _code(":" + refs.line(st)) if st["source"] == r["source"] else _code(f"{st['source']}:{refs.line(st)}")
        same = " ".join(st["text"].split()) == " ".join(r["material"].split())  # a one-line item: its line is the material
        parts.append(loc if same else f"{md_escape(st['text'])} {loc}")
    if r.get("entry"):
        parts.append(L["lr.entry"].format(loc=_code(f"{r['entry']['source']}:{refs.line(r['entry'])}")))
    if not parts and r.get("judged") and f"lr.judged.{kind}" in L:
        # (the words of the levels it rests on: the vendor's own word, or the writer's own unchecked run, is no one else's word)
        said = set(r.get("levels") or [])
        key = (f"lr.judged.{kind}" if kind != "hearsay" or "second_hand" in said else
               "lr.judged.vendor" if "vendor_self_reported" in said else "lr.judged.unchecked")
        parts.append(L[key])
    reason = L["sep"].join(parts) or L["none"]
    material = f"{md_escape(_unverdict(r['material']))} {_code(r['source'] + ':' + str(r['line']))}"
    return f"| {material} | {verdict} | {reason} |"


def _warning(L: dict[str, str], kind: str, ws: list[dict], refs: _Refs, names: dict[int, str]) -> str:
    q = L["quote"]
    items = []
    if kind == "simulated":
        return L["w.simulated"].format(where=L["and"].join(refs.at(L, st) for w in ws for st in w["statements"]))
    if kind == "evidence":
        for w in ws:
            figs = L["w.figs"].format(figs=L["and"].join(md_escape(f) for f in w["figures"])) if w["figures"] else ""
            n = w["increments"][0] if len(w["increments"]) == 1 else None
            items.append(L["w.evidence_item"].format(inc=_incs(L, w["increments"]), subject=md_escape(w["subject"] or ""),
                                                     figs=figs) + " " + refs.many(w["statements"], n, L))
        return L["w.evidence"].format(items=L["sep"].join(items))
    for w in ws:
        subj = md_escape(w.get("subject") or "")
        figs = L["and"].join(md_escape(f) for f in w["figures"])
        where = L["and"].join(refs.at(L, st) for st in w["statements"])
        others = refs.many(w["others"], None, L)
        n = w["increments"][0] if len(w["increments"]) == 1 else None
        inc = _incs(L, w["increments"], names)
        if kind == "unverified":
            items.append((L["w.unverified"] if w["statements"] else L["w.unverified_bare"]).format(
                subject=subj, figs=figs, others=others, where=where))
        elif kind == "second_hand":
            if w.get("subject") == "pair":
                items.append(L["w.pair"].format(incs=_incs(L, w["increments"]), where=where))
            else:
                items.append(L["w.second_hand"].format(incs=where, where=""))
        elif kind == "simulated":  # one item for all: the lines, then what they mean
            continue
        elif kind == "contamination":
            items.append(L["w.contamination"].format(others=others, where=where))
        elif kind == "qualifier":
            a, b = (w.get("sides") or ["", ""])[:2]
            items.append(L["w.qualifier"].format(subject=subj, a=q.format(md_escape(a)) if a else "",
                                                 b=q.format(md_escape(b)) if b else "", where=where, others=others))
        elif kind == "missing_figures":
            items.append(L["w.missing_figures_other" if w["statements"] else "w.missing_figures"].format(
                key=w["subject"], figs=figs, others=others, inc=_incs(L, w["increments"]),
                where=refs.many(w["statements"], n, L)))
        elif kind == "unknown_origin":
            items.append(L["w.unknown_origin"].format(inc=_incs(L, w["increments"]), where=refs.many(w["statements"], n, L),
                                                      subject=subj, others=others))
        elif kind == "label_mismatch":
            items.append(L["w.label_mismatch"].format(subject=subj, where=where,
                                                      others=md_escape(_tags(w["others"][0]["text"])) if w["others"] else ""))
        else:
            items.append(L["w.conflict"].format(subject=subj, where=where, others=others))
    return L["sep"].join(dict.fromkeys(items))


def _action(L: dict[str, str], a: dict, refs: _Refs, names: dict[int, str]) -> str:
    title = ""  # the section's title is in its increments; the key is enough here
    incs = _incs(L, a["increments"], names)
    verb = a["verb"]
    if verb == "revise":
        change = L["a.change"].format(old=L["quote"].format(md_escape(a["change"][0])),
                                      new=L["quote"].format(md_escape(a["change"][1]))) if len(a["change"]) == 2 else ""
        target = refs.local(a["target"]) if a.get("target") else ""
        return L["a.revise"].format(key=a["section"], title=title, target=target, change=change, incs=incs)
    if verb == "add":
        near = L["a.near"].format(loc=refs.local(a["target"])) if a.get("target") else ""
        parts = []
        for n in a["increments"]:
            s = _incs(L, [n], names)
            if n in (a.get("routed_increments") or []):
                s += L["a.routed"]
            parts.append(s)
        return L["a.add"].format(key=a["section"], title=title, near=near, incs=L["and"].join(parts))
    if verb == "cite":
        works = L["and"].join(f"arXiv:{w}" for w in a["works"])
        key = "a.cite" if a.get("section") else "a.cite_nolist"
        return L[key].format(works=works, key=a.get("section"), title=title, incs=_incs(L, a["increments"]))
    where = f"{L['lp']}{refs.at(L, a['source'])}{L['rp']}" if a.get("source") else ""
    if a.get("target"):
        e = a["target"]
        return L["a.cross_entry"].format(key=a["section"], incs=_incs(L, a["increments"], names),
                                         entry=md_escape(_name(e["text"])), loc=refs.local(e), where=where)
    if a.get("other_section"):
        return L["a.cross_section"].format(other=a["other_section"], key=a["section"], title=title,
                                           incs=_incs(L, a["increments"]), where=where)
    return L["a.cross_inc"].format(incs=" ↔ ".join(_incs(L, [n], names) for n in a["increments"]), where=where)


def render_brief(data: dict, *, lang: str | None = None) -> str:
    """Render ``BriefData.model_dump()`` (a dict) as Markdown.

    Parameters
    ----------
    data : dict
        ``queries.briefing.BriefData`` dumped with ``model_dump(mode="json")``.
    lang : {"zh", "en"}, optional
        The language of every label; ``data["lang"]`` when omitted.

    Returns
    -------
    str
        The brief, ending with a newline.  Deterministic for the same data.
    """
    L = LABELS.get(lang or data.get("lang") or "en", LABELS["en"])
    out: list[str] = []
    add = out.append
    refs = _Refs(data["topics"])
    names = {t["number"]: _short(t["title"]) for t in data["topics"]}
    _header(L, data, out)
    for t in data["topics"]:
        _topic(L, t, refs, names, out, data.get('knowledge_citations'))
    add("## " + L["low"])
    add("")
    add(L["low_head"])
    add("|---|---|---|")
    for r in data["low"]:
        add(_low(L, r, refs))
    add("")
    add("## " + L["warnings"])
    add("")
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for w in data.get("warnings") or []:
        by_kind[w["kind"]].append(w)
    for i, (kind, ws) in enumerate(by_kind.items(), 1):
        add(f"{i}. **{L.get('wk.' + kind, kind)}**{L['colon']}{_warning(L, kind, ws, refs, names)}")
    if not by_kind:
        add(L["none"])
    add("")
    add("## " + L["citable"])
    add("")
    for a in data["citable"]:
        title = f"{L['dash']}{md_escape(a['title'])}" if a.get("title") else ""
        where = L["sep"] + _incs(L, a["increments"]) if a.get("increments") else ""
        add(f"- arXiv:{a['arxiv_id']}{a.get('version') or ''}{title}{L['lp']}{_status(L, a, refs, cite=data.get('knowledge_citations'))}{where}{L['rp']}")
    if not data["citable"]:
        add(L["none"])
    add("")
    add("## " + L["actions"])
    add("")
    for i, a in enumerate(data["actions"], 1):
        add(f"{i}. " + _action(L, a, refs, names))
    if not data["actions"]:
        add(L["none"])
    add("")
    add("## " + L["boundary"])
    add("")
    add("- " + L["boundary_listed"].format(n=data["listed"], k=data["consumed"],
                                           s="" if data["listed"] == 1 else "s"))
    if data.get("missing"):
        add("- " + L["boundary_missing"].format(paths=L["and"].join(_code(p) for p in data["missing"])))
    add("- " + L["boundary_arxiv"].format(n=len(data["citable"]), s="" if len(data["citable"]) == 1 else "s"))
    add("- " + L["boundary_graph"])
    add("- " + L["generated"].format(generated=data.get("generated", "")))
    return "\n".join(out).rstrip() + "\n"
