"""Generate a synthetic provkg workspace of N notes, shaped like ``data/workspace/``.

Usage::

    python bench/generate.py --notes 10000 --out /tmp/ws10k [--seed 0]

The workspace holds, for ``N`` notes (the files under ``inbox/``):

* ``inbox/<agent>/<date>-<kind>-<i>.md`` — critical reads (YAML front matter,
  ``### 要点`` / ``### 与活文档的关系`` / ``### 值得警惕`` blocks), blog
  discoveries and engineering screens (byline ``作者：Jay · 2026-10-27 09:35``,
  ``丢弃`` / ``低相关`` items), a share of them in English; evidence wording
  in zh/en from the lexicon, arXiv IDs in many written forms (``arXiv:``,
  abs/pdf URLs with versions, DOI, bare, Markdown links, mirrors), figures
  (``76%``, ``2x``, ``5.94x``, ``1M token``), ``§3.1`` references and
  ``建议归入 §x.y`` suggestions, contrasting qualifiers (对抗性到达 / 任意到达)
  and "未验证" markers so that the contradiction rules have work to do;
* ``organized/paper_cards/<n>-<yymm>-<num>.md`` (about one card per 5 notes)
  and ``organized/repo_cards/<n>-<owner>-<repo>.md`` (one per 20 notes);
* one living document ``organized/knowledge/inference.md`` with ``§`` sections
  and a ``## 七、引用列表`` citation list that cites a fraction of the works;
* ``organized/queue/work-queue.md``;
* ``work-guard/<uuid>.json`` increment manifests, one per ~50 notes, each
  listing those notes and a few cards as materials (FORMAT.md section 4).

The output depends only on ``(notes, seed)``: the same arguments give
byte-identical files (file modification times aside).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import uuid
from datetime import datetime, timedelta
from pathlib import Path

__all__ = ["generate_workspace", "NOTES_PER_MANIFEST"]

#: One increment manifest per this many notes.
NOTES_PER_MANIFEST = 50
_AGENTS = ("flyp", "jay", "tom", "mia", "chen")
_SECTIONS = {
    "1": ("推理引擎与硬件底座", ("引擎格局", "低精度格式与 KV 精度", "Attention kernel", "显存管理")),
    "2": ("KV Cache 演进（Era 1–5）", ("分页与前缀复用", "稀疏、淘汰与分离", "Cache Compression（Era 5 核心）")),
    "3": ("调度与服务质量", ("调度算法与 JIL 攻击", "Prefill / Decode 分离", "NVIDIA Dynamo Session-Aware Agentic 推理")),
    "4": ("解码加速", ("投机解码", "蒸馏与长上下文推理")),
    "5": ("部署与运维", ("路由与编排", "弹性扩缩容", "部署框架与模型卡片", "可观测性", "成本核算", "机密计算部署",
                    "跨域可迁移方法")),
    "6": ("趋势与开放问题", ("开放问题", "趋势")),
}
_SUBKEYS = [f"{k}.{i + 1}" for k, (_, subs) in _SECTIONS.items() for i in range(len(subs))]
_TOPICS_ZH = ("KV Cache 压缩", "在线调度", "投机解码", "前缀缓存路由", "Prefill/Decode 分离", "稀疏注意力",
              "低比特量化", "长上下文推理", "弹性扩缩容", "机密推理", "蒸馏", "多租户隔离")
_TOPICS_EN = ("KV cache compression", "online scheduling", "speculative decoding", "prefix-aware routing",
              "disaggregated prefill", "sparse attention", "low-bit quantization", "long-context serving")
_WORDS = ("Flash", "Serve", "Quant", "Spec", "Radix", "Paged", "Sparse", "Fused", "Elastic", "Token", "Turbo",
          "Lite", "Mesh", "Stream", "Cache", "Route", "Shard", "Pipe", "Hydra", "Echo")
_EVID_ZH = ("证据等级：paper_card_abstract，外加一次 arXiv 摘要页轻量核查；Method 与实验章节均未读。",
            "证据等级：已核查原文（excerpt 层面），拿到了量化结果。",
            "证据等级：二手汇编转述；我核查了首屏和一部分正文。",
            "证据等级：仅卡片，未读原文。",
            "证据等级：全文已读，方法与实验章节已读。",
            "证据等级：厂商自述（作者是厂商员工）")
_EVID_EN = ("Evidence: abstract checked on the arXiv page; method section not read.",
            "Evidence: full text read, including the experiments.",
            "Evidence: second-hand newsletter summary; source page checked.",
            "Evidence: card only, original not read.")
_METRICS_ZH = (("延迟降低", "%"), ("吞吐提升", "x"), ("跨层流量减少", "x"), ("KV 显存降低", "%"), ("压缩比", "×"),
               ("TTFT 降低", "%"))
_METRICS_EN = (("lower latency by", "%"), ("higher throughput,", "x"), ("compression ratio of", "x"),
               ("less KV memory:", "%"))


def _work_ids(rnd: random.Random, n: int) -> list[str]:
    """``n`` distinct strictly canonical new-style arXiv keys (5-digit numbers, 2015-2026)."""
    out: set[str] = set()
    while len(out) < n:
        yy = rnd.randrange(15, 27)
        mm = rnd.randrange(1, 13)
        out.add(f"{yy:02d}{mm:02d}.{rnd.randrange(1, 99999):05d}")
    return sorted(out)


def _title(rnd: random.Random) -> str:
    a, b = rnd.sample(_WORDS, 2)
    topic = rnd.choice(_TOPICS_EN)
    return f"{a}{b}: {topic.capitalize()} for Efficient LLM Inference"


def _form(rnd: random.Random, key: str) -> str:
    """One written form of the arXiv work ``key`` (see ingest/arxiv.py for what is recognised)."""
    v = rnd.randrange(1, 6)
    return rnd.choice((
        f"arXiv:{key}",
        f"arXiv:{key}v{v}",
        f"https://arxiv.org/abs/{key}",
        f"https://arxiv.org/abs/{key}v{v}",
        f"https://arxiv.org/pdf/{key}v{v}.pdf",
        f"[{key}](https://arxiv.org/abs/{key})",
        f"doi:10.48550/arXiv.{key}",
        f"({key})",
        f"https://huggingface.co/papers/{key}",
        f"arXiv {key}",
        f"ARXIV:{key}",
    ))


def _figure(rnd: random.Random, en: bool) -> str:
    name, unit = rnd.choice(_METRICS_EN if en else _METRICS_ZH)
    if unit == "%":
        val = f"{rnd.randrange(5, 95)}%"
    else:
        val = f"{rnd.randrange(1, 30)}{'.' + str(rnd.randrange(10, 99)) if rnd.random() < 0.5 else ''}{unit}"
    return f"{name} {val}" if not en else f"{name} {val}"


def _critical_read(rnd: random.Random, agent: str, when: datetime, works: list[str], titles: dict[str, str],
                   cards: dict[str, str], en: bool) -> str:
    """A critical read with YAML front matter, one or two ``##`` items."""
    ev = rnd.choice(("abstract_checked", "card_only", "full_text"))
    lines = ["---", f"author: {agent}", f'created: "{when.strftime("%Y-%m-%dT%H:%M:00")}+08:00"',
             f"evidence: {ev}", f"tags: [llm-infra, {rnd.choice(('scheduling', 'kv-cache', 'decoding'))}]", "---"]
    lines.append(f"# {'Critical read' if en else '精读'} · {when.strftime('%Y-%m-%d %H:%M')}")
    lines.append("")
    lines.append("One main paper and one side item." if en else "主项是一篇论文；另附一条低相关材料。")
    for j, key in enumerate(works):
        sec = rnd.choice(_SUBKEYS)
        lines += ["", f"## {titles[key].split(':')[0]}：{rnd.choice(_TOPICS_ZH)}（{_form(rnd, key)}）", ""]
        lines.append(f"{'Paper' if en else '论文'}：{titles[key]}")
        lines.append(f"{'Source' if en else '原文'}：https://arxiv.org/abs/{key}")
        if key in cards:
            lines.append(f"{'Card' if en else '卡片'}：{cards[key]}")
        lines.append(rnd.choice(_EVID_EN if en else _EVID_ZH))
        lines += ["", "### Key points" if en else "### 要点"]
        for _ in range(rnd.randrange(2, 4)):
            if en:
                lines.append(f"- The method reports {_figure(rnd, True)} against the vLLM baseline on "
                             f"{rnd.choice(('A100', 'H100', 'MI300'))} GPUs.")
            else:
                lines.append(f"- 论文报告{_figure(rnd, False)}，对照基线为 vLLM，硬件 {rnd.choice(('A100', 'H100', 'MI300'))}。")
        if rnd.random() < 0.3:
            lines.append("- 在对抗性到达下，确定性在线算法不存在常数竞争比。" if rnd.random() < 0.5
                         else "- 摘要写的是到达过程任意的在线模型，并给出竞争比保证。")
        if rnd.random() < 0.2:
            lines.append(f"- 上下文最长到 1M token，骨干参数 {rnd.randrange(7, 700)}B（未验证）。")
        lines += ["", "### Relation to the living document" if en else "### 与活文档的关系"]
        other = rnd.choice(_SUBKEYS)
        if en:
            lines.append(f"- Complements §{other}; suggested section §{sec}.")
        else:
            lines.append(f"- 与 §{other} 现有条目互补，和 {_form(rnd, rnd.choice(works))} 属于同一路线。")
            lines.append(f"- 建议归入 §{sec}，标注证据等级。")
        lines += ["", "### Caveats" if en else "### 值得警惕"]
        lines.append("- The baseline is not defined; figures not verified." if en
                     else "- 基线定义缺失，数字未核实，不可作结论引用。")
        if j == 0 and rnd.random() < 0.2:
            lines += ["", f"## 低相关：{rnd.choice(_WORDS)} 博客《{rnd.choice(_TOPICS_EN)} in production》", "",
                      f"阅读日期：{when.strftime('%Y-%m-%d')}", "证据等级：厂商自述", "判断：低相关（只能当背景材料）", "",
                      "### 要点", f"- 文中引用的 {rnd.randrange(10, 90)}% 分母很窄，没有方法论。"]
    return "\n".join(lines) + "\n"


def _blogs(rnd: random.Random, agent: str, when: datetime, works: list[str], titles: dict[str, str],
           en: bool) -> str:
    """A blog discovery with a byline, two to four items, some without arXiv IDs."""
    lines = [f"# {'Blog discovery' if en else '博客发现'} · inference", "",
             f"{'Author' if en else '作者'}：{agent.capitalize()} · {when.strftime('%Y-%m-%d %H:%M')}", "",
             "Two sources this round." if en else "两份来源：一份日报，一份部署指南。"]
    items = list(works) + [None] * rnd.randrange(0, 2)
    for key in items:
        blog = f"https://{rnd.choice(_WORDS).lower()}.substack.com/p/{rnd.randrange(10**6):06d}"
        head = (f"{titles[key].split(':')[0]}：{rnd.choice(_TOPICS_ZH)}" if key else f"{rnd.choice(_WORDS)} {rnd.choice(_TOPICS_EN)}")
        lines += ["", f"## {head}", "", f"{'Source' if en else '来源'}：{blog}"]
        lines.append(rnd.choice(_EVID_EN if en else _EVID_ZH))
        lines += ["", "### Key points" if en else "### 要点"]
        if key:
            lines.append(f"- {'Discusses' if en else '讨论'} {_form(rnd, key)}，{_figure(rnd, en)}。")
        for _ in range(rnd.randrange(1, 3)):
            lines.append(f"- {rnd.choice(_TOPICS_EN)}: {_figure(rnd, True)} on a {rnd.randrange(2, 64)}-GPU cluster."
                         if en else f"- {rnd.choice(_TOPICS_ZH)}：{_figure(rnd, False)}，{rnd.randrange(2, 64)} 卡集群。")
        lines += ["", "### 与活文档的关系", f"- 建议归入 §{rnd.choice(_SUBKEYS)}。"]
        lines += ["", "### 值得警惕", "- 日报本身是二手汇编，很多细节没有出处，未验证。"]
    return "\n".join(lines) + "\n"


def _screen(rnd: random.Random, agent: str, when: datetime, works: list[str], titles: dict[str, str],
            en: bool) -> str:
    """An engineering screen: one kept item and discarded / low-relevance ones."""
    lines = ["# 工程筛查 · inference", "", f"作者：{agent.capitalize()} · {when.strftime('%Y-%m-%d %H:%M')}", "",
             "本批回原文核查了值得留的条目，另有丢弃、弱相关的一并记下备查。"]
    for j, key in enumerate(works):
        if j == 0:
            lines += ["", f"## {titles[key].split(':')[0]}：{rnd.choice(_TOPICS_ZH)}（{_form(rnd, key)}）", "",
                      f"论文：{titles[key]}", f"原文：https://papers.cool/arxiv/{key}",
                      "证据等级：已核查原文（excerpt 层面），拿到了量化结果。", "", "### 要点",
                      f"- 结果：Recall@10 平均提升 {rnd.randrange(1, 30)}.{rnd.randrange(10, 99)}%，"
                      f"NDCG@10 提升 {rnd.randrange(1, 20)}.{rnd.randrange(10, 99)}%。",
                      f"- {_figure(rnd, False)}，见 §{rnd.choice(_SUBKEYS)}。",
                      "", "### 与活文档的关系", f"- 建议归入 §{rnd.choice(_SUBKEYS)}，排在现有条目之后。",
                      "", "### 值得警惕", "- excerpt 里没有数据集规模、基线模型和训练成本。"]
        else:
            verdict = rnd.choice(("丢弃", "低相关"))
            lines += ["", f"## {verdict}：{titles[key]}（{_form(rnd, key)}）", "",
                      f"判断：{verdict}（{rnd.choice(('只有观点框架，没有实现', 'excerpt 被截断', '场景不匹配'))}）", "",
                      "### 要点", f"- 标题指向{rnd.choice(_TOPICS_ZH)}，但拿到的 excerpt 不完整，无法判断方法。"]
    return "\n".join(lines) + "\n"


def _paper_card(rnd: random.Random, key: str, title: str, day: datetime) -> str:
    alias = title.split(":")[0]
    lines = ["---", f'title: "{title}"', f"arxiv: {key}", f"aliases: [{alias}]",
             f"tags: [llm-infra, {rnd.choice(('scheduling', 'kv-cache', 'decoding'))}]",
             f"evidence: {rnd.choice(('card_only', 'abstract_checked'))}", f'created: "{day.strftime("%Y-%m-%d")}"',
             "---", f"# {title}", "", f"作者：{rnd.choice(('Zijie Zhou', 'Li Wei', 'A. Smith'))} 等 · arXiv:{key} · "
             f"https://arxiv.org/abs/{key}", "", "## TLDR", f"研究{rnd.choice(_TOPICS_ZH)}，提出 {alias} 算法。", "",
             "## 核心主张（卡片转述，未逐条核对原文）"]
    for _ in range(rnd.randrange(3, 6)):
        lines.append(f"- 实验中相对基线{_figure(rnd, False)}。")
    if rnd.random() < 0.2:
        lines.append("- 在对抗性到达下不存在常数竞争比。")
    lines += ["", "## 可复用信息", "- 调度器需要感知每个请求的 KV 增长曲线，才能避免中途驱逐。"]
    return "\n".join(lines) + "\n"


def _repo_card(rnd: random.Random, owner: str, repo: str, day: datetime) -> str:
    stars = rnd.randrange(50, 20000)
    return "\n".join([
        "---", f'title: "{owner}/{repo}"', f"tags: [llm-infra, {rnd.choice(('database', 'serving', 'tooling'))}]",
        f'stars: "{stars}"', f'stars_week: "+{rnd.randrange(1, 900)}"', f'language: "{rnd.choice(("Rust", "Python", "Go"))}"',
        'license: "MIT"', f'created: "{day.strftime("%Y-%m-%d")}"', "---", f"# {owner}/{repo}", "",
        f"https://github.com/{owner}/{repo}", "", f"简介：{rnd.choice(_TOPICS_EN)} toolkit", "",
        f"## 采集快照（{day.strftime('%Y-%m-%d')}）", f"- Stars：{stars}", f"- 语言：{rnd.choice(('Rust', 'Python'))}",
    ]) + "\n"


def _living_doc(rnd: random.Random, works: list[str], titles: dict[str, str], cited: list[str]) -> str:
    """The living document: ``§`` sections whose entries mention works, and the citation list ``七、引用列表``."""
    lines = ["# inference 活文档：LLM 推理服务工业化", "", "末次更新：2026-10-25 · 维护：E1 轮值（夜间归并）",
             "约定：条目末尾括注证据等级；引用统一汇总到「七、引用列表」，正文只写 arXiv 号。"]
    per = max(1, len(cited) // len(_SUBKEYS))
    it = iter(cited)
    for k, (name, subs) in _SECTIONS.items():
        lines += ["", f"## §{k} {name}"]
        for i, sub in enumerate(subs):
            lines += ["", f"### §{k}.{i + 1} {sub}", ""]
            for _ in range(per):
                key = next(it, None)
                if key is None:
                    break
                alias = titles[key].split(":")[0]
                qual = rnd.random()
                extra = ("论文证明确定性在线算法在对抗性到达模型下不存在常数竞争比" if qual < 0.05
                         else f"{_figure(rnd, False)}，已集成进 vLLM" if qual < 0.5 else "尚无引擎集成记录")
                lines.append(f"- **{alias}**：{rnd.choice(_TOPICS_ZH)}；{extra}（arXiv:{key}）。")
            lines.append(f"- 观察：与 §{rnd.choice(_SUBKEYS)} 一起看，二者收益会叠加也会互相抵消。")
    lines += ["", "## 七、引用列表", ""]
    for key in sorted(cited):
        yy, mm = key[:2], key[2:4]
        lines.append(f"- arXiv:{key} · {titles[key]} · 20{yy}-{mm}")
    # Real lists carry a few works twice (the DefTruth README: 21); about 1 % here, as a later version.
    # A Random of its own, so the rest of the workspace is the same as without these entries.
    for key in random.Random(len(cited)).sample(sorted(cited), min(len(cited), max(1, len(cited) // 100))):
        lines.append(f"- arXiv:{key}v2 · {titles[key]} · 20{key[:2]}-{key[2:4]}（新版本，重复收录）")
    return "\n".join(lines) + "\n"


def generate_workspace(root: Path, notes: int, *, seed: int = 0) -> Path:
    """Write a synthetic workspace of ``notes`` notes under ``root`` and return ``root``.

    Parameters
    ----------
    root : Path
        Target folder; created if missing.  Existing files with the same names
        are overwritten, other files are left alone.
    notes : int
        Number of notes under ``inbox/`` (>= 1).  Cards, works, manifests and
        the living document scale with it: about ``notes // 5`` paper cards,
        ``notes // 20`` repo cards, ``max(40, notes // 2)`` distinct arXiv works
        of which about a third are in the citation list (at most 3,000), and
        ``ceil(notes / 50)`` manifests.
    seed : int
        Seed of the pseudo-random choices; same ``(notes, seed)`` gives the same bytes.

    Returns
    -------
    Path
        ``root`` (the workspace root: it holds ``inbox/``, ``organized/``, ``work-guard/``).

    Raises
    ------
    ValueError
        ``notes`` < 1.
    """
    if notes < 1:
        raise ValueError(f"notes must be >= 1, not {notes}")
    rnd = random.Random(seed)
    root = Path(root)
    n_works = max(40, notes // 2)
    works = _work_ids(rnd, n_works)
    titles = {k: _title(rnd) for k in works}
    # Keep titles unique per work alias so "one ID, two titles" only arises where intended.
    base = datetime(2026, 1, 1, 8, 0)

    def write(rel: str, text: str) -> None:
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")

    # Paper cards: one per ~5 notes.
    cards: dict[str, str] = {}
    for i, key in enumerate(rnd.sample(works, min(len(works), max(3, notes // 5)))):
        rel = f"organized/paper_cards/{i + 1:04d}-{key.replace('.', '-')}.md"
        cards[key] = rel
        write(rel, _paper_card(rnd, key, titles[key], base + timedelta(days=rnd.randrange(300))))
    repo_rels = []
    for i in range(max(2, notes // 20)):
        owner, repo = rnd.choice(_WORDS).lower() + f"-{i}", rnd.choice(_WORDS).lower()
        rel = f"organized/repo_cards/{i + 1:04d}-{owner}-{repo}.md"
        repo_rels.append(rel)
        write(rel, _repo_card(rnd, owner, repo, base + timedelta(days=rnd.randrange(300))))
    cited = sorted(rnd.sample(works, min(3000, len(works) // 3)))
    write("organized/knowledge/inference.md", _living_doc(rnd, works, titles, cited))

    note_rels: list[tuple[str, str, str, list[str]]] = []
    for i in range(notes):
        agent = _AGENTS[i % len(_AGENTS)]
        when = base + timedelta(minutes=37 * i + rnd.randrange(30))
        en = rnd.random() < 0.25
        kind = rnd.choices(("critical_read", "blogs_discovery", "engineering_screen"), (5, 3, 2))[0]
        k = rnd.choice((1, 1, 1, 2))
        ws = rnd.sample(works, k)
        if kind == "critical_read":
            text = _critical_read(rnd, agent, when, ws, titles, cards, en)
            rel = f"inbox/{agent}/{when.strftime('%Y-%m-%dT%H%M')}-critical-read-{i:05d}.md"
        elif kind == "blogs_discovery":
            text = _blogs(rnd, agent, when, ws, titles, en)
            rel = f"inbox/{agent}/{when.strftime('%Y-%m-%dT%H%M')}-blogs-discovery-{i:05d}.md"
        else:
            text = _screen(rnd, agent, when, ws, titles, en)
            rel = f"inbox/{agent}/{when.strftime('%Y-%m-%d-%H%M')}-engineering-screen-{i:05d}.md"
        write(rel, text)
        note_rels.append((rel, kind, agent, ws))

    queue = ["# 工作队列 · inference", "", "快照时间：2026-10-27 22:00", "", "## 待认领", ""]
    for m in range(0, notes, NOTES_PER_MANIFEST):
        batch = note_rels[m:m + NOTES_PER_MANIFEST]
        mid = str(uuid.UUID(int=rnd.getrandbits(128), version=4))
        items = []
        for rel, kind, agent, ws in batch:
            items.append({"path": rel, "kind": kind, "agent": agent,
                          "title": f"{agent} {kind}: {', '.join(titles[w].split(':')[0] for w in ws)}",
                          "evidence": [f"arXiv:{w}" for w in ws]})
        for w in {w for _, _, _, ws in batch for w in ws if w in cards}:
            if len(items) >= len(batch) + 3:
                break
            items.append({"path": cards[w], "kind": "paper_card", "agent": None, "title": titles[w],
                          "evidence": [f"arXiv:{w}"]})
        items.append({"path": repo_rels[(m // NOTES_PER_MANIFEST) % len(repo_rels)], "kind": "repo_card",
                      "agent": None, "title": "repo", "evidence": []})
        created = (base + timedelta(minutes=37 * (m + len(batch)))).strftime("%Y-%m-%dT%H:%M:00+08:00")
        man = {"manifest_id": mid, "domain": "inference", "created": created,
               "knowledge": "organized/knowledge/inference.md", "queue": "organized/queue/work-queue.md",
               "items": items}
        write(f"work-guard/{mid}.json", json.dumps(man, ensure_ascii=False, indent=2) + "\n")
        queue.append(f"- [ ] **E1 预消化** · 输入：增量清单 work-guard/{mid}.json（{len(items)} 项材料）")
    write("organized/queue/work-queue.md", "\n".join(queue) + "\n")
    return root


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--notes N --out DIR [--seed S]``; prints the root and file counts; returns 0."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--notes", type=int, required=True, help="number of notes under inbox/")
    ap.add_argument("--out", type=Path, required=True, help="workspace folder to write")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    if a.notes < 1:
        ap.error("--notes must be >= 1")
    root = generate_workspace(a.out, a.notes, seed=a.seed)
    files = [p for p in root.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"{root}: {len(files)} files, {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
