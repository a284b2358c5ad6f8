"""The fifteenth stop's rules (blind shifts t151-t154), each pinned on a small inline text (docs/FORMAT.md,
"Fifteenth stop" paragraph): source formats pasted into notes (a git log, a Beamer deck, BibTeX, a reading app's
export of several papers, a whiteboard, a meeting's chat), spreadsheet rows under merged cells, chat names in two
words, forwarded messages, a numbered variant after a possessive."""
from __future__ import annotations

from ingest.markup import as_markdown


def _items(text: str, path: str = "inbox/a/n.md"):
    from ingest.notes import parse_note

    parts, _w = parse_note(text, path)
    return [(i.line, i.works) for i in parts["items"]]


GIT_LOG = """notes repo, `git log --stat` pasted as is.

```
commit 2d00d0c63e110466303f1a135c6944098c73b870
Author: Ravi Menon <ravi@example.org>
Date:   Mon Aug 16 09:41:27 2027 +0200

    omniquant.md: new note on OmniQuant (arXiv:2308.13137)

    Read the whole paper, appendix B too. Llama-2-7B W4A16 g128: 5.58 WikiText-2.

 notes/omniquant.md | 41 +++++++++++++++++++++++++++++++++++++++++
 1 file changed, 41 insertions(+)

commit 286728906f3bbe0ba8bfe0c27eb0d6c12ca15b3a
Author: Tomasz Wrona <tomasz@example.org>
Date:   Sun Aug 15 22:10:03 2027 +0200

    fix typos in kivi.md

 notes/kivi.md | 2 +-
```
"""


def test_a_pasted_git_log_is_a_topic_per_commit_headed_by_its_subject():
    """t154: each commit of a pasted ``git log --stat`` is a topic at its ``commit`` line, titled by its subject; the
    message is dedented (it would be an indented code block), the diffstat and the fence are blank, lines kept."""
    md = as_markdown(GIT_LOG, "inbox/a/log.md").split("\n")
    assert len(md) == len(GIT_LOG.split("\n"))
    assert md[3] == "## omniquant.md: new note on OmniQuant (arXiv:2308.13137)"
    assert md[9] == "Read the whole paper, appendix B too. Llama-2-7B W4A16 g128: 5.58 WikiText-2."
    assert md[11] == md[12] == md[2] == md[-2] == ""
    assert _items(GIT_LOG) == [(4, ("2308.13137",)), (15, ())]


BEAMER = r"""% Reading group #14 source. Speaker notes say how much I read.
\documentclass{beamer}
\title{Rotations and codebooks}
\begin{document}
\begin{frame}
  \titlepage
\end{frame}
\begin{frame}{Why rotate? QuaRot in one slide}
  \begin{itemize}
    \item Randomized Hadamard $Q$ spreads outlier channels \cite{quarot}
    \item Llama-2-70B: at most 0.47 WikiText-2 ppl lost
  \end{itemize}
  \note{Read QuaRot cover to cover.}
\end{frame}
\begin{frame}{SpinQuant: learn the rotation instead}
  \begin{itemize}
    \item W4A4KV4 on Llama-2-7B: $\approx$5.8 WikiText-2 ppl \cite{spinquant}
  \end{itemize}
\end{frame}
\begin{frame}{References}
  \begin{thebibliography}{9}
    \bibitem{quarot} S.~Ashkboos et al. QuaRot: Outlier-Free 4-Bit Inference in Rotated LLMs. arXiv:2404.00456, 2024.
    \bibitem{spinquant} Z.~Liu et al. SpinQuant. \url{https://arxiv.org/abs/2405.16406v4}
  \end{thebibliography}
\end{frame}
\end{document}
"""


def test_a_beamer_deck_is_a_topic_per_titled_frame_citing_by_key():
    """t154: a Beamer source's titled frames are headings (the title page none), ``\\item`` list entries,
    ``\\note{}`` the speaker's text, ``\\cite{key}`` followed by the arXiv identifier its ``\\bibitem`` gives."""
    md = as_markdown(BEAMER, "inbox/a/deck.md").split("\n")
    assert md[0] == "Reading group #14 source. Speaker notes say how much I read."
    assert md[2] == "# Rotations and codebooks"
    assert md[4] == md[5] == md[6] == ""
    assert md[7] == "## Why rotate? QuaRot in one slide"
    assert md[9] == "- Randomized Hadamard $Q$ spreads outlier channels \\cite{quarot} [arXiv:2404.00456]"
    assert md[12] == "Read QuaRot cover to cover."
    assert md[16] == "- W4A4KV4 on Llama-2-7B: ≈5.8 WikiText-2 ppl \\cite{spinquant} [arXiv:2405.16406]"
    items = _items(BEAMER)
    assert items[:2] == [(8, ("2404.00456",)), (15, ("2405.16406",))]


def test_bibtex_entries_pasted_into_a_markdown_note_are_read_as_bibtex():
    """t151: a reference manager's export pasted into a ``.md`` note (two entries or more, their fields): each entry a
    heading with its title, its ``annote`` the reader's text (written bare since the twenty-seventh stop: a remark's
    ``read: full`` is a field of the reading, as on any line)."""
    bib = ("% wk32 reading list\n\n@article{zheng2023sglang,\n  title = {SGLang: Efficient Execution of Structured Language "
           "Model Programs},\n  eprint = {2312.07104},\n  archivePrefix = {arXiv},\n  annote = {Went through sec. 3.}\n}\n\n"
           "@article{yao2024cacheblend,\n  title = {CacheBlend: Fast Large Language Model Serving for RAG},\n"
           "  eprint = {2405.16444},\n  annote = {abstract only.}\n}\n")
    md = as_markdown(bib, "inbox/a/list.md").split("\n")
    assert md[2] == "## SGLang: Efficient Execution of Structured Language Model Programs (arXiv:2312.07104)"
    assert md[6] == "Went through sec. 3."
    assert md[4] == "eprint: 2312.07104" and md[5] == ""  # (the entry's bookkeeping, "archivePrefix = {arXiv}", says nothing)
    assert _items(bib) == [(3, ("2312.07104",)), (10, ("2405.16444",))]
    assert as_markdown("@article{a,\n title = {x}\n}\n", "inbox/a/one.md") == "@article{a,\n title = {x}\n}\n"


WEREAD = """微信读书 · 笔记导出（2 本）

《2406.16858v2》
Yuhui Li, Fangyun Wei
2个笔记

◆ 第 1 章 引言

>> the confidence score of the draft model well approximates the acceptance rate.

想法：从头到尾读完了。

◆ 第 5 章 实验

>> At temperature 1, the speedups of all methods shrink.

《Medusa-2401.10774》
Tianle Cai
1个笔记

◆ 第 2 章 方法

>> Medusa-1 enables lossless inference acceleration.
"""


def test_a_reading_apps_export_of_several_papers_is_a_part_per_paper_named_by_its_file():
    """t152: an export of several imported PDFs ("《2406.16858v2》" over authors and "2个笔记") heads each paper's part with
    its title, and a title that is the PDF's file name ("Medusa-2401.10774") names its work."""
    md = as_markdown(WEREAD, "inbox/a/weread.md").split("\n")
    assert md[2] == "## 2406.16858v2"
    assert md[16] == "## Medusa-2401.10774 (arXiv:2401.10774)"
    assert [w for _ln, w in _items(WEREAD)] == [("2406.16858",), ("2401.10774",)]


def test_rows_under_a_merged_cell_are_the_row_that_fills_it():
    """t152: a spreadsheet pasted with merged cells leaves the paper column empty under the row that names it: those
    rows are further lines of that row's topic."""
    table = ("投机解码实验登记表\n\n| 论文 | 模型 | 加速比 | 备注 |\n|---|---|---|---|\n"
             "| EAGLE-2 2406.16858 | Vicuna-7B | 3.26x | 没跑 |\n|  | Vicuna-7B | 3.95x | 同上 |\n|  | LLaMA2-13B | 4.21x | README |\n"
             "| Medusa 2401.10774 | Vicuna-7B | 2.24x | 亲自跑 |\n|  | Vicuna-7B | 2.37x | 同上 |\n")
    assert _items(table) == [(5, ("2406.16858",)), (8, ("2401.10774",))]


def test_chat_names_of_two_words_are_speakers_and_a_forwarded_message_opens_a_topic():
    """t153: a WhatsApp export's "[13/08/2027, 21:09:44] Lin Wei: …" is a turn of "Lin Wei" (before, only one-word names
    were); "Lin Wei: Forwarded" brings someone else's post, a topic of its own."""
    from ingest.structure import _CHAT_SPEAKER

    assert _CHAT_SPEAKER.match("[13/08/2027, 21:09:44] Lin Wei: 他们的 baseline").group("who") == "Lin Wei"
    assert _CHAT_SPEAKER.match("[13/08/2027, 21:09:44] omar: ok").group("who") == "omar"
    chat = ("WhatsApp Chat with MoE serving\n\n[13/08/2027, 21:04:37] Omar: Hermes-EP is on arxiv → arxiv.org/abs/2602.11873\n"
            "[13/08/2027, 21:05:30] Omar: only gone through the abstract so far\n"
            "[13/08/2027, 21:22:03] Lin Wei: Forwarded\nFiddler does NOT execute any expert on the CPU, it only streams weights.\n"
            "[13/08/2027, 21:23:15] Priya: hm, not how I remember the paper\n"
            "[13/08/2027, 21:52:37] Lin Wei: 新论文 PrefetchMoE: https://arxiv.org/pdf/2604.20931v1.pdf\n")
    assert [ln for ln, _w in _items(chat)] == [3, 5, 8]


def test_a_whiteboards_sticky_notes_are_topics_of_their_cluster():
    """t153: "[yellow] …" notes under "## Cluster: …" headings are a list of the cluster's thoughts, each a topic; the
    dot-votes under a note are its own."""
    board = ("# Whiteboard export\n\n## Cluster: Routing\n\n[yellow] MegaBlocks drops tokens at capacity factor 1.25\n+1\n\n"
             "[pink] Hermes-EP — dropless, or does it drop??\n\n[green] Expert Choice (2202.09368) is not causal.\n+1 +1\n")
    md = as_markdown(board, "inbox/a/board.md").split("\n")
    assert md[4] == "- [yellow] MegaBlocks drops tokens at capacity factor 1.25" and md[5] == "  +1"
    assert [ln for ln, _w in _items(board)] == [5, 8, 10]


def test_a_meetings_saved_chat_is_read_as_chat_turns():
    """t151: Zoom's "10:02:11 From Ana Ruiz to Everyone:" over a tab-indented message is the turn "[10:02:11] Ana Ruiz:"
    with its message dedented; a private message keeps its recipient; a reaction is blank."""
    chat = ("# zoom chat\n\n10:02:11 From Ana Ruiz to Everyone:\n\tis my audio ok??\n10:02:44 From Ravi Menon to Everyone:\n"
            "\tReacted to \"is my audio ok??\" with 👍\n10:03:02 From Kenji Watanabe to Ana Ruiz:\n\tyes\n")
    assert as_markdown(chat, "inbox/a/zoom.md").split("\n")[2:8] == [
        "[10:02:11] Ana Ruiz:", "is my audio ok??", "[10:02:44] Ravi Menon:", "", "[10:03:02] Kenji Watanabe (to Ana Ruiz):",
        "yes"]


def test_a_numbered_variant_after_a_possessive_is_that_variant():
    """t152: "Medusa [ID] 的 Medusa-2 默认…" speaks of Medusa-2, so its "lossy" is not Medusa-1's "lossless"."""
    from queries.contradictions import _variants

    assert dict(_variants("- Medusa [2401.10774] 的 Medusa-2 默认使用典型接受，属于有损加速")) == {"medusa": {"2"}}
    assert dict(_variants(">> Medusa-1: Medusa is fine-tuned on a frozen backbone, lossless.")) == {"medusa": {"1"}}
    assert dict(_variants("我们的 Llama-2 跑分")) == {}


def test_a_list_introduced_by_how_deep_each_work_was_read_gives_each_entry_its_own_level():
    """t151: "How deep: I read Mooncake and Preble end to end. vLLM and SGLang I only know from their abstracts; Stratus
    only from our paper card." over a bullet per work: each entry was read as the sentence says of its name."""
    from ingest.notes import parse_note

    memo = ("# PR-FAQ\n\n## Appendix: prior work\n\nHow deep: I read Mooncake and Preble end to end last quarter. vLLM and "
            "SGLang I only know from their abstracts; Stratus only from our paper card.\n\n"
            "- vLLM / PagedAttention, arXiv:2309.06180 — block hashing.\n- Mooncake, https://arxiv.org/pdf/2407.00079.pdf — pool.\n"
            "- Stratus, 2604.11872 — session-aware eviction.\n")
    parts, _w = parse_note(memo, "inbox/a/memo.md")
    assert [(i.line, i.evidence_levels) for i in parts["items"]] == [
        (7, ("abstract_checked",)), (8, ("full_text",)), (9, ("card_only",))]


def test_a_spreadsheets_remark_names_where_a_figure_came_from():
    """t152: "没跑；数字是组周报里转来的" is second-hand as well as unreproduced; "从论文 PDF 正文表 2 抄的" read the paper's
    table; "抄的官方仓库 README" the vendor's own claim."""
    from ingest.evidence import evidence_reader

    r = evidence_reader()
    assert r.levels("没跑；数字是组周报里转来的，温度 0") == ("second_hand", "unverified")
    assert r.levels("没跑，从论文 PDF 正文表 2 抄的") == ("full_text", "unverified")
    assert r.levels("没跑，抄的官方仓库 README，温度 0") == ("vendor_self_reported", "unverified")


def test_a_sentence_before_an_identifier_is_no_title():
    """A fresh user's finding: "HyDE beats Contriever-FT on TREC DL-19 (arXiv:2212.10496)" was read as a title and
    reported against the paper's real one. Title case leaves only short joining words in lower case."""
    from ingest.notes import _looks_like_title, parse_note

    assert not _looks_like_title("HyDE beats Contriever-FT on TREC DL-19")
    assert _looks_like_title("Fast Inference from Transformers via Speculative Decoding")
    assert _looks_like_title("Learning to Retrieve Passages without Supervision")
    parts, _w = parse_note("# notes\n\nHyDE beats Contriever-FT on TREC DL-19 (arXiv:2212.10496).\n", "inbox/a/n.md")
    assert [(r.arxiv_id, r.title) for r in parts["arxiv"]] == [("2212.10496", None)]


def test_chat_turns_with_their_header_alone_on_a_line_are_a_chat_not_a_monologue():
    """t151: "[10:02:11] Ana Ruiz:" over its message (a Zoom chat as read) is a speaker's turn: the chat splits where a
    message brings a paper, as any chat does (it was read as one speaker's timestamped transcript: one topic)."""
    chat = ("# zoom chat\n\n10:02:11 From Ana Ruiz to Everyone:\n\tis my audio ok??\n10:02:19 From Kenji Watanabe to Everyone:\n"
            "\ta bit choppy\n10:06:40 From Ana Ruiz to Everyone:\n\tok so Stratus on the agent trace: 81.3% prefix hit rate\n"
            "10:11:03 From Kenji Watanabe to Everyone:\n\thas anyone looked at Fuzzy Prefix Caching? https://arxiv.org/pdf/2602.07731.pdf\n"
            "10:18:02 From Ravi Menon to Everyone:\n\tPreble [2407.00023] already does the cache-aware routing, fyi\n")
    assert [(ln, w) for ln, w in _items(chat, "inbox/a/zoom.md")][-2:] == [(9, ("2602.07731",)), (11, ("2407.00023",))]


def test_reading_up_to_or_through_a_section_is_the_full_text():
    """A fresh user's BibTeX ``annote = {Read up to section 3}`` and commit message "Read KIVI through the experiments
    section" said how far they read the paper itself: the full text, not nothing."""
    from ingest.evidence import evidence_reader

    r = evidence_reader()
    assert r.levels("Read up to section 3, skipped the appendix.") == ("full_text",)
    assert r.levels("Read KIVI through the experiments section.") == ("full_text",)
    assert r.levels("I read up to the abstract") == ()
