"""The twelfth stop's rules, each pinned on a small inline text (docs/FORMAT.md, "twelfth stop" paragraphs): what a
fresh user's workspace and the fifth blind round (t127–t130) showed the judgement getting wrong."""
from __future__ import annotations

from ingest.facts import predicates

MEDUSA = "2401.10774"


def findings(tmp_path, files: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """``(kind, subject, a.source, b.source)`` of the contradictions of a store holding ``files``."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    ws = tmp_path / "ws"
    for path, text in files.items():
        p = ws / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, "utf-8")
    store = Store(tmp_path / "st")
    assert ingest_paths(store, [ws]).errors == []
    return sorted((f.kind, f.subject, f.a.source, f.b.source) for f in contradictions(load_snapshot(store)))


SPECDEC = f"""# Speculative decoding

## 2 Draft heads

- **Medusa**: adds extra decoding heads on the frozen backbone; Medusa-1 gives 2.2x speedup without any fine-tuning of the backbone (arXiv:{MEDUSA}).
- Medusa-2 fine-tunes the backbone jointly and reaches 2.3-3.6x.

## References

- arXiv:{MEDUSA} · Medusa: Simple LLM Inference Acceleration Framework with Multiple Decoding Heads
"""


def test_what_is_added_is_not_what_it_is_added_to():
    """"adds extra decoding heads on the frozen backbone": heads are added (and so needed), the backbone is where."""
    got = predicates("Medusa: adds extra decoding heads on the frozen backbone; Medusa-1 gives 2.2x speedup without any "
                     "fine-tuning of the backbone")
    assert "+add:heads" in got and "+need:heads" in got
    assert not any(p.startswith("+") and "backbone" in p for p in got)


def test_variants_of_one_work_do_not_contradict_each_other(tmp_path):
    """A note agreeing with the living document ("Medusa-1 does not need fine-tuning of the backbone") is no finding:
    not against the document's "adds heads on the backbone" (a place, not a need), not against "Medusa-2 fine-tunes the
    backbone" (another variant of arXiv:2401.10774). The note saying Medusa-1 *does* fine-tune it still is one."""
    agree = "# Medusa notes\n\n## Medusa-1 (arXiv:2401.10774)\n\n- Medusa-1 does not need fine-tuning of the backbone; confirmed on our box.\n"
    assert findings(tmp_path / "a", {"organized/knowledge/specdec.md": SPECDEC, "inbox/lin/n.md": agree}) == []
    zh = "# Medusa 笔记\n\n## Medusa-1 (arXiv:2401.10774)\n\n- Medusa-1 确实不需要微调骨干模型，这一点确认了。\n"
    assert findings(tmp_path / "b", {"organized/knowledge/specdec.md": SPECDEC, "inbox/lin/n.md": zh}) == []
    deny = "# Medusa notes\n\n## Medusa-1 (arXiv:2401.10774)\n\n- Medusa-1 fine-tunes the backbone too; the 2.2x needs it.\n"
    got = findings(tmp_path / "c", {"organized/knowledge/specdec.md": SPECDEC, "inbox/lin/n.md": deny})
    assert any(k in ("qualifier", "negation") and s == f"arXiv:{MEDUSA}" for k, s, _a, _b in got)


SLACK_PASTE = """pasted from #specdec-reading, Nov 3

Ana Lopez  10:02 AM
has anyone read the EAGLE-3 paper yet? https://arxiv.org/abs/2503.01840
Ben Chu  10:05 AM
yeah skimmed it last night. headline is up to 6.5x speedup, and about 1.4x over EAGLE-2
Ben Chu  10:06 AM
they drop the feature-prediction loss and fuse low, mid and high layer features instead
:+1: 2
Carol Wu  10:15 AM
careful, the 1.38x is their own SGLang fork, nobody has reproduced it (edited)
3 replies
"""


def test_a_slack_paste_is_one_statement_per_message():
    """Slack's desktop copy as one paragraph: a header ("Ana Lopez  10:02 AM", a full name, AM/PM) starts a message and
    is no statement; ":+1: 2", "3 replies" and "(edited)" are the client's, not the writer's."""
    from ingest.notes import parse_note

    parts, _w = parse_note(SLACK_PASTE, "inbox/ana/slack.md")
    texts = [(c.line, c.text) for c in parts["claims"]]
    assert not any("10:0" in t or "10:15" in t for _ln, t in texts)
    assert not any(":+1:" in t or "replies" in t or "(edited)" in t for _ln, t in texts)
    # (a message's first statement spans its header line: a line cited at the header is the message's)
    assert (7, "they drop the feature-prediction loss and fuse low, mid and high layer features instead") in texts
    assert any(ln == 10 and t.startswith("careful, the 1.38x is their own SGLang fork") for ln, t in texts)
