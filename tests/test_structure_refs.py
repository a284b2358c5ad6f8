"""Structure rules for one-paper notes with a reference list or a title-only paper field (issue 18)."""
from __future__ import annotations

from ingest.blocks import read_blocks
from ingest.structure import read_structure


def _shape(text: str, path: str = "inbox/a/note.md"):
    lines = text.split("\n")
    return read_structure(read_blocks(lines, 1), path=path, kind="note", front={}, first_line=1, last_line=len(lines))


NOTE = """# FooNet：更快的机器人策略

> **论文**：*FooNet: Fast Robot Policies*
>
> 🔗 [arXiv](https://arxiv.org/abs/2501.00001)

---

## 一句话总结

FooNet 把延迟降到 10 ms。

## 一、问题与动机

### 1.1 现有方法的局限

OpenVLA 太慢。

## 二、核心方法

用缓存。

## 参考

- [OpenVLA: An Open-Source VLA](https://arxiv.org/abs/2406.09246)
- [FastV: Token Pruning](https://arxiv.org/abs/2403.06764)
- [LIBERO: A Benchmark](https://arxiv.org/abs/2306.03310)
"""


def test_reference_list_entries_are_mentions_of_the_one_paper():
    s = _shape(NOTE)
    assert s.one_paper
    [seg] = s.segments
    assert (seg.kind, seg.line, seg.title, seg.works) == ("note", 1, "FooNet：更快的机器人策略", ("2501.00001",))
    assert seg.mentions == ("2406.09246", "2403.06764", "2306.03310")


def test_english_reference_heading_too():
    s = _shape(NOTE.replace("## 参考", "## References"))
    assert s.one_paper and s.segments[0].works == ("2501.00001",)


def test_title_only_note_with_a_paper_field_is_one_item_to_resolve():
    text = NOTE.replace("🔗 [arXiv](https://arxiv.org/abs/2501.00001)", "🔗 [arXiv](https://arxiv.org/abs/2501.XXXXX)")
    s = _shape(text)
    assert s.one_paper
    [seg] = s.segments
    assert seg.works == () and seg.title_ref == "FooNet: Fast Robot Policies"
    assert seg.title == "FooNet：更快的机器人策略"


def test_sections_that_each_bring_a_work_still_split():
    """Without a reference heading, sections each about their own paper are a collection (a digest)."""
    text = """# 本周论文

> **论文**：*三篇 KV cache 论文*

## KIVI

[KIVI](https://arxiv.org/abs/2402.02750) 2-bit。

## SnapKV

[SnapKV](https://arxiv.org/abs/2404.14469) 选择。
"""
    s = _shape(text)
    assert not s.one_paper
    assert [g.works for g in s.segments] == [("2402.02750",), ("2404.14469",)]
