"""Each judgement rule pinned on small bilingual inputs (issue 19, docs/FORMAT.md sections 6.3, 7 and 8):
evidence levels from the writer's words, an item's relevance, section suggestions, and the contradiction
rules -- with the pairs that must NOT be flagged.

The contradiction rules read a store: every pair below is one work (its own arXiv ID) written about in
two files, ingested once into one store for the module (under a second), so each test looks only at the
findings about its own work."""
from __future__ import annotations

import pytest

from ingest.evidence import evidence_reader
from ingest.facts import find_figures, predicates, qualifier_sides
from ingest.notes import parse_note
from ingest.placement import section_refs

# --------------------------------------------------------------------------- evidence levels


@pytest.mark.parametrize("line, levels", [
    pytest.param("Went through sections 3–5 this morning", ("full_text",), id="sections-read"),
    # t95-t102 blind shifts: a repo card quoting its README, the maintainers' own words, a reposted blog, a talk's
    # slides, a reproduction, plural abstracts, "all we have is the card", "nobody checked"
    pytest.param('- 2×8 kernel 在 RTX 3090 上解码快约 3 倍（README 原文 "~3x faster"）', ("vendor_self_reported",), id="zh-readme-verbatim"),
    pytest.param("README, in the maintainers' words: \"Up to 3.8x faster decode\"", ("vendor_self_reported",), id="maintainers-words"),
    pytest.param("Source of this card: the README and the release notes, all written by the maintainers.",
                 ("vendor_self_reported",), id="card-source-readme"),
    pytest.param("- 信息来源：仓库 README，数字均为作者自测", ("vendor_self_reported",), id="zh-authors-own-measurement"),
    pytest.param("The README promises 3–10x TTFT savings; that is their own figure", ("vendor_self_reported",), id="readme-promises"),
    pytest.param("【转载】前缀缓存走出 HBM：读两篇论文", ("second_hand",), id="zh-reposted"),
    pytest.param("Reposted with permission from the author's newsletter", ("second_hand",), id="reposted"),
    pytest.param("source: 在 workshop 上的 talk（05.20）。只有 slides 和我现场记的笔记", ("second_hand",), id="zh-only-the-slides"),
    pytest.param("We reproduced it in our harness on 4×H100", ("full_text",), id="reproduced"),
    pytest.param("（[1] 已复现）", ("full_text",), id="zh-reproduced"),
    pytest.param("我们没复现", ("unverified",), id="zh-not-reproduced"),
    pytest.param("abstracts only; both size the tree to a budget", ("abstract_checked",), id="abstracts-plural"),
    pytest.param("all we have is card 0611", ("card_only",), id="all-we-have-is-the-card"),
    pytest.param("nobody checked what changed beyond the comments field", ("unverified",), id="nobody-checked"),
    pytest.param("• nobody has actually read it", ("unverified",), id="nobody-has-actually-read-it"),
    # (the same words where they say nothing of a reading: found by this stop's review)
    pytest.param("derived from abstract interpretation", (), id="abstract-interpretation-is-no-abstract"),
    pytest.param("Nothing came up in the search", (), id="came-up-in-the-search"),
    pytest.param("Nobody checked in yesterday", (), id="nobody-checked-in"),
    pytest.param("转载请注明出处", (), id="zh-a-reposting-notice-is-no-repost"),
    pytest.param("这个结果很难复现出来", (), id="zh-hard-to-reproduce-is-no-reproduction"),
    pytest.param("• BudgetTune (arxiv.org/abs/2605.07730) came up in #serving-papers", ("second_hand",), id="came-up-in-a-channel"),
    pytest.param("## Claims in the README (the authors' numbers, not reproduced)", ("vendor_self_reported", "unverified"),
                 id="claims-in-the-readme"),
    pytest.param("I have not checked the FA3 FP8 figure, it's the vendor's deck talking.", ("vendor_self_reported", "unverified"),
                 id="the-vendors-deck"),
    pytest.param("Everything under Quick hits is from abstracts, release notes or press releases.",
                 ("abstract_checked", "vendor_self_reported"), id="abstracts-and-press-releases"),
    pytest.param("[checked against v2, I read Secs. 3-4 of the PDF in full: Alg. 1 uses the prompt tail]", ("full_text",),
                 id="read-secs-in-full"),
    pytest.param("[checked in the PDF too, footnote 3 does say batch 8.]", ("full_text",), id="checked-in-the-pdf"),
    pytest.param("source: abstract page only (auto-card, unreviewed)", ("card_only",), id="auto-card"),
    pytest.param("read it end to end this morning", ("full_text",), id="end-to-end"),
    pytest.param("Only the abstract", ("abstract_checked",), id="only-abstract"),
    pytest.param("仅看了摘要", ("abstract_checked",), id="zh-abstract"),
    pytest.param("摘要页核查；方法与实验正文没读", ("abstract_checked",), id="zh-depth-edge"),
    pytest.param("via a newsletter", ("second_hand",), id="newsletter"),
    pytest.param("a tweet thread says it is 2x", ("second_hand",), id="tweet"),
    pytest.param("could not reproduce", ("unverified",), id="no-repro"),
    pytest.param("原文还没看", ("unverified",), id="zh-unread"),
    pytest.param("haven't read the full paper", ("unverified",), id="negated-depth"),
    pytest.param("二手转述，我没有回原文核对", ("second_hand", "unverified"), id="zh-two-levels"),
    pytest.param("second-hand and unverified", ("second_hand", "unverified"), id="en-two-levels"),
    pytest.param("【全文】 读完", ("full_text",), id="tag-quan-wen"),
    pytest.param("【摘要】 看了", ("abstract_checked",), id="tag-zhai-yao"),
    pytest.param("[abstract] skim", ("abstract_checked",), id="tag-abstract"),
    pytest.param("Status: abstract", ("abstract_checked",), id="field"),
    pytest.param("read:: full", ("full_text",), id="logseq-property"),
    pytest.param("证据：卡片", ("card_only",), id="zh-field"),
    pytest.param("InfiniGen, arXiv:2406.19707 (full paper)", ("full_text",), id="bracketed-value"),
    pytest.param('"we cut latency by half" (p. 4)', ("full_text",), id="page-anchor"),
    pytest.param("the authors' own blog post says 3x", ("vendor_self_reported",), id="own-blog"),
    pytest.param("skimmed the appendix", (), id="appendix-skim-is-no-level"),
    pytest.param("KV cache eviction by attention score", (), id="nothing-said"),
    pytest.param("Note: read sections 3 and 4 carefully, skipped the kernel appendix.", ("full_text",), id="read-sections-carefully"),
    pytest.param("Opened the PDF for this one: Table 3 backs the 4.1x", ("full_text",), id="opened-the-pdf"),
    pytest.param("source: auto-filled from the arXiv listing page; nobody has opened the PDF", ("card_only",), id="nobody-opened"),
    pytest.param("verdicts typed off the snippets alone", ("abstract_checked",), id="alert-snippets"),
    pytest.param("For the paper side I only looked at Figure 3 of the v3 PDF, not the text", ("abstract_checked",), id="only-a-figure"),
    pytest.param("I'm going off his summary and havent looked at the paper myself", ("second_hand", "unverified"), id="going-off-a-summary"),
    pytest.param("下面 talk 部分都是我在现场听的报告，论文本身还没下下来看", ("second_hand", "unverified"), id="zh-heard-at-a-talk"),
    pytest.param("海报上印的数，我没去核", ("unverified",), id="zh-not-checked"),
    pytest.param("答主说自己是作者，1.97 倍这些数就当作者口径看", ("vendor_self_reported",), id="zh-the-authors-own-word"),
    pytest.param("All figures below are lifted from the project's README; nobody here has run them.", ("vendor_self_reported", "unverified"), id="readme-not-run"),
    pytest.param("核查程度：只看了摘要，正文和实验部分都没打开", ("abstract_checked", "unverified"), id="zh-negated-after"),
    pytest.param("From: Scholar Inbox <digest@scholar-inbox.com>", (), id="an-address-is-no-cue"),
    # (and "none of this is checked" is unchecked: t111's oracle)
    pytest.param("None of this is checked by me, it's people on the server talking", ("second_hand", "unverified"), id="people-on-the-server"),
    pytest.param("whatever she says about HopKV is the company talking about its own system", ("vendor_self_reported",), id="the-company-on-its-own-system"),
    pytest.param("- README numbers (Kestrel's own): p50 TPOT 5.1 ms", ("vendor_self_reported",), id="a-names-own-numbers"),
    pytest.param("组里有人跑过 W4A8", ("full_text",), id="zh-someone-in-the-group-ran-it"),
    pytest.param("【1】【2】里的内容和数字是从作者 PPT 抄的", ("second_hand",), id="zh-copied-from-slides"),
    pytest.param("- row 4: written from memory of the NSA paper, not re-checked", ("unverified",), id="from-memory"),
    pytest.param("source: omar, read §2–3 and Table 3 of the v1 PDF", ("full_text",), id="read-sections-by-sign"),
    # own runs, however they are worded, are full_text (the writers' choice in every shift)
    pytest.param("We re-ran the authors' benchmark on our H100 node", ("full_text",), id="own-rerun-on-our-box"),
    pytest.param("a short run of their released code on one GPU took 40 min", ("full_text",), id="run-of-released-code"),
    pytest.param("reproduced the 1.6x using the public scripts", ("full_text",), id="reproduced-with-artifact"),
    pytest.param("数字是我们自己集群上测的", ("full_text",), id="zh-measured-on-our-cluster"),
    pytest.param("we ran out of memory on our A100 box", (), id="ran-out-is-no-run"),
    pytest.param("我们的机器上跑不动", (), id="zh-does-not-run-is-no-run"),
    pytest.param("I read the entire patch before approving", ("full_text",), id="whole-diff"),
    pytest.param("went over each section twice", ("full_text",), id="each-section"),
    pytest.param("read:: all of §2–§4", ("full_text",), id="all-of-sections"),
    pytest.param("I read the camera-ready PDF", ("full_text",), id="read-a-version-pdf"),
    # reading depth
    pytest.param("the numbers here are off its abstract", ("abstract_checked",), id="off-the-abstract"),
    pytest.param("abstract plus the main figures, nothing more", ("abstract_checked",), id="abstract-plus-figures"),
    pytest.param("one quick skim pass over the queue", ("abstract_checked",), id="skim-pass"),
    # somebody else's word
    pytest.param("the speedup is on the keynote slides", ("second_hand",), id="talk-slides"),
    pytest.param("I only saw a screenshot", ("second_hand",), id="only-a-screenshot"),
    pytest.param("原表我都打开核对过；我们自己没复测", ("full_text",), id="zh-opened-the-original-tables"),
    pytest.param("阅读程度：正文和附录 A–C 都认真过了一遍，代码还没跑", ("full_text", "unverified"), id="zh-body-and-appendix-gone-through"),
    # shorthand and agents' evidence fields (t27 blind shift)
    pytest.param("LatticeKV 2603.07741 — abs only. 2-bit 5.3×", ("abstract_checked",), id="abs-only"),
    pytest.param("KVSplit [2605.11208] — 2nd-hand (via agent-a).", ("second_hand",), id="2nd-hand"),
    pytest.param("Evidence: Full PDF read, appendix B included", ("full_text",), id="full-pdf-read"),
    pytest.param("Evidence: Secondary — a podcast summary; nothing matched against the paper.", ("second_hand", "unverified"), id="secondary-podcast"),
    pytest.param("from memory of their ICML talk: keys per-token", ("second_hand", "unverified"), id="memory-of-a-talk"),
    pytest.param("Evidence: Vendor release notes and docs only", ("vendor_self_reported",), id="vendor-release-notes"),
    pytest.param("on Mistral-7B it's 4.6x according to their project page", ("vendor_self_reported",), id="their-project-page"),
    pytest.param("Source: README, release notes and the docs table; nothing run by us", ("vendor_self_reported", "unverified"), id="source-readme"),
    pytest.param("只看到了截图", ("second_hand",), id="zh-only-a-screenshot"),
    pytest.param("working from the reviewer's write-up", ("second_hand",), id="going-by-a-write-up"),
    pytest.param("the 2x comes from his notes", ("second_hand",), id="from-his-notes"),
    pytest.param("per a colleague's trip report", ("second_hand",), id="trip-report"),
    pytest.param("是听师兄说的", ("second_hand",), id="zh-heard-from-someone"),
    pytest.param("photos of the slides only", ("second_hand",), id="photos-of-slides"),
    # an author's own thread is self-reported *and* second-hand
    pytest.param("the authors' own thread, nobody else ran it", ("second_hand", "vendor_self_reported"), id="authors-own-thread"),
    pytest.param("figures are from their release notes", ("vendor_self_reported",), id="release-notes"),
    pytest.param("the latency figures are the project's own", ("vendor_self_reported",), id="the-projects-own"),
    pytest.param("those are their internal benchmark numbers", ("vendor_self_reported",), id="internal-numbers"),
    pytest.param("according to its docs", ("vendor_self_reported",), id="its-docs"),
    pytest.param("引自厂商新闻稿", ("vendor_self_reported",), id="zh-press-release"),
    pytest.param("I haven't re-read the paper since v1", ("unverified",), id="not-reread"),
    pytest.param("parked until someone reads the full paper", (), id="until-someone-reads"),
    pytest.param("某论文（https://example.org/abs/1234），复核过原文。", ("full_text",), id="zh-url-glued-to-a-cue"),
    pytest.param("Ran everything below on our own box.", ("full_text",), id="ran-below-on-our-box"),
    pytest.param("Show notes copied from the episode page", ("second_hand",), id="podcast-show-notes"),
    pytest.param("the link is cut off and I couldn't work out which paper it is", ("unverified",), id="could-not-work-out"),
    pytest.param("- row 2: typed off ana's repo card, not opened", ("card_only", "unverified"), id="copied-off-a-card"),
    pytest.param("the group chat forwarded a screenshot", ("second_hand",), id="forwarded-screenshot"),
    # the same kinds, worded as other writers would
    pytest.param("Reading depth: full", ("full_text",), id="reading-depth-field"),
    pytest.param("阅读深度：略读", ("abstract_checked",), id="zh-reading-depth-skim"),
    pytest.param("Confidence: 4 (checked the derivations)", ("full_text",), id="review-form-confidence-checked"),
    pytest.param("置信度：2（没推公式）", ("unverified",), id="zh-review-form-confidence-unchecked"),
    pytest.param("Chatted with one of the authors at the poster session", ("second_hand",), id="poster-chat"),
    pytest.param("作者在海报前讲的", ("second_hand",), id="zh-poster-talk"),
    pytest.param("跟一作聊了聊", ("second_hand", "vendor_self_reported"), id="zh-chat-with-first-author"),
    # t34-t36 blind shifts
    pytest.param("checked: title and authors against the abs page, nothing more", ("abstract_checked",), id="abs-page"),
    pytest.param("checked: README and their leaderboard page only, didn't run anything", ("vendor_self_reported", "unverified"), id="checked-readme"),
    pytest.param("> [!note] Haven't read it, I've only seen the card", ("card_only", "unverified"), id="only-seen-the-card"),
    pytest.param("came up at Thursday's reading group, I haven't opened it myself", ("second_hand", "unverified"), id="came-up-at-reading-group"),
    pytest.param("组会上 Wen 说的 C4 PPL 是 7.51。我没看他的脚本。", ("second_hand", "unverified"), id="zh-did-not-look-at-his-script"),
    pytest.param("I compared the v1 and v3 abstracts side by side", ("abstract_checked",), id="compared-two-abstracts"),
    pytest.param("(Only re-read the vLLM abstract for this.)", ("abstract_checked",), id="re-read-the-abstract"),
    pytest.param("FA3 的数字是小周跑 benchmark 时顺口说的。我自己没看图。", ("second_hand", "unverified"), id="zh-said-in-passing"),
    pytest.param("原文没找到，只是转述，数字也没法核。", ("second_hand", "unverified"), id="zh-original-not-found"),
    # two depths in two parts of a line are two things said
    pytest.param("Read all three PDFs end to end, except PyramidKV, which I only skimmed.", ("full_text", "abstract_checked"), id="except-one-skimmed"),
    pytest.param("Splitwise 以前精读过；TetriInfer 只看了摘要", ("full_text", "abstract_checked"), id="zh-two-works-two-depths"),
    pytest.param("checked: paper figures taken from the abstract only; the 2.1x is our own run", ("full_text", "abstract_checked"), id="abstract-and-own-run"),
    pytest.param("pp. 1–8 read, appendix skimmed", ("full_text",), id="one-thing-read-deepest"),
    pytest.param("小林介绍 SkimAttn，只看过 paper card，论文本身还没下。", ("card_only",), id="zh-only-the-card"),
    pytest.param("StreamingLLM 又翻了一遍，这回从头到尾啃完了。", ("full_text",), id="zh-chewed-through"),
    pytest.param("只看过摘要；要从预训练开始用", ("abstract_checked",), id="zh-only-looked-at-is-no-full-read"),
    pytest.param("摘要里的数，正文没看", ("abstract_checked",), id="zh-the-abstracts-number"),
    pytest.param("自测，H800 单卡", ("full_text",), id="zh-own-measurement"),
    pytest.param("厂商自测 2 倍", ("vendor_self_reported",), id="zh-vendors-own-measurement"),
    pytest.param("README 自己说单卡可以跑，这是仓库方自己的说法，我们没验证。", ("vendor_self_reported", "unverified"), id="zh-the-repos-own-word"),
    pytest.param("Every summary below is the list editor's write-up, not mine; I haven't opened any of these papers.", ("second_hand", "unverified"), id="editors-write-up"),
    pytest.param("read all of it on the train, appendix B included", ("full_text",), id="read-all-of-it"),
    pytest.param("checked: abstract only, the agent says it read the PDF.", ("abstract_checked",), id="someone-else-says-it-read"),
    pytest.param("checked: whole paper incl. the ablation", ("full_text",), id="whole-paper"),
    pytest.param("checked: title and abstract, nothing more.", ("abstract_checked",), id="title-and-abstract"),
    pytest.param("source for this card: README and the benchmark log; not built, not run here", ("unverified",), id="not-built-not-run"),
    pytest.param("evidence: compared with both papers' abstracts, not the full texts", ("abstract_checked",), id="compared-abstracts"),
    pytest.param("Priya walked us through it in the meeting", ("second_hand",), id="walked-us-through"),
    pytest.param("Tomas summarised it at the reading group", ("second_hand",), id="someone-summarised-it"),
    pytest.param("I summarised it at the reading group", (), id="own-summary-is-no-hearsay"),
    pytest.param("他在组会上讲过这篇", ("second_hand",), id="zh-told-at-group-meeting"),
    pytest.param("I only read the first two pages", ("abstract_checked",), id="first-pages"),
    pytest.param("只读了前两页", ("abstract_checked",), id="zh-first-pages"),
    pytest.param("My highlights stop at page 2", ("abstract_checked",), id="highlights-stop-early"),
    pytest.param("粗读了一遍", ("abstract_checked",), id="zh-rough-read"),
    pytest.param("numbers from my own run", ("full_text",), id="my-own-run"),
    pytest.param("I ran the repo's eval script locally", ("full_text",), id="ran-locally"),
    pytest.param("我们在自己的 A100 上跑了一遍", ("full_text",), id="zh-ran-on-our-own"),
    pytest.param("读了第 3、4 节", ("full_text",), id="zh-sections-by-number"),
    pytest.param("based on the README", ("vendor_self_reported",), id="based-on-readme"),
    pytest.param("我们还没在自己的卡上跑过", ("unverified",), id="zh-not-run-on-our-own"),
    pytest.param("all my highlights are on page 1", ("abstract_checked",), id="highlights-on-page-one"),
    pytest.param("Our measurements: 1.8x on one GPU", ("full_text",), id="our-measurements"),
    pytest.param("本组实测：TTFT 降 30%", ("full_text",), id="zh-our-measurements"),
    pytest.param("In-house benchmark: 1.3x", ("full_text",), id="in-house-benchmark"),
    pytest.param("the paper's own measurements show 2x", ("vendor_self_reported",), id="the-papers-own-is-no-own-run"),
    pytest.param("高亮只在第一页", ("abstract_checked",), id="zh-highlights-on-page-one"),
    pytest.param("Priya presented the paper, I never opened the PDF", ("second_hand", "unverified"), id="someone-presented-it"),
    pytest.param("作者自己发的推", ("second_hand", "vendor_self_reported"), id="zh-authors-own-tweet"),
    pytest.param("Verdicts come from the full papers unless the row says otherwise.", ("full_text",), id="from-the-full-papers"),
    pytest.param("checked: README and release notes only, did not build it", ("vendor_self_reported", "unverified"), id="readme-only"),
    pytest.param("did not build or run anything", ("unverified",), id="did-not-build-or-run"),
    pytest.param("from memory of the reading-group slides, I have not gone back to the paper", ("second_hand", "unverified"), id="memory-of-slides"),
    pytest.param("abstract level only, havent opened the pdf", ("abstract_checked", "unverified"), id="negation-without-apostrophe"),
    pytest.param("the newsletter's blurb plus my comment; I didn't click through to anything", ("second_hand", "unverified"), id="did-not-click-through"),
    pytest.param("we never ran out of memory on it", (), id="never-ran-out-is-no-check"),
    pytest.param("只对过 abstract 页", ("abstract_checked",), id="zh-only-the-abstract-page"),
    pytest.param("数字还没和原文对上", ("unverified",), id="zh-not-matched-with-the-paper"),
    pytest.param("她在作者的 talk 里听到的数是 52%", ("second_hand",), id="zh-heard-in-a-talk"),
    pytest.param("凭印象复述：吞吐约为 3 倍", ("second_hand",), id="zh-recounted"),
    pytest.param("重新翻了论文的第4节", ("full_text",), id="zh-leafed-through-a-section"),
    pytest.param("- [ ] SkipDraft — 1.9x greedy on the 8B #full #sec4.3", ("full_text",), id="a-boards-full-tag"),
    pytest.param("- [ ] KV-Shared Drafting #abs-only #sec5.1", ("abstract_checked",), id="a-boards-abs-only-tag"),
    pytest.param("Online Speculative Decoding — heard about it #2nd-hand", ("second_hand",), id="a-boards-2nd-hand-tag"),
    pytest.param("fixed in issue #123", (), id="an-issue-number-is-no-tag"),
    pytest.param("I had the PDF open while writing this.", ("full_text",), id="had-the-pdf-open"),
    pytest.param("went over the LP formulation in section 4 and the appendix proofs", ("full_text",), id="went-over-a-section"),
    pytest.param("下面的数字取自论文第 6 节", ("full_text",), id="zh-numbers-from-a-section-of-the-paper"),
    pytest.param("Checked against the abstract at arxiv.org/abs/2401.15077 only.", ("abstract_checked",),
                 id="checked-against-the-abstract"),
    pytest.param("only saw the talk (Jonas presented it at systems lunch), not the paper itself", ("second_hand",),
                 id="only-saw-the-talk"),
    pytest.param("nobody has read it yet — volunteers?", ("unverified",), id="nobody-has-read-it"),
    pytest.param("I haven't read that paper yet", ("unverified",), id="have-not-read-that-paper"),
    # t40-t43 blind shifts: tags at a line's end, a chat's "tho", a repo-only part, a forum, a README line
    pytest.param("TOVA evicts the lowest-attention token. [abstract + intro] → 4.1", ("abstract_checked",),
                 id="abstract-plus-intro-tag"),
    pytest.param("caching, but not KV and not LLMs. [only the figures] skip", ("abstract_checked",), id="only-the-figures"),
    pytest.param("havent gone past the abstract yet tho", ("abstract_checked",), id="not-past-the-abstract"),
    pytest.param("The KIVI part below is repo-only.", ("unverified",), id="repo-only"),
    pytest.param("I have not gone back to the paper to settle it", ("unverified",), id="not-gone-back-to-the-paper"),
    pytest.param("I checked this one myself: opened the v1 and v3 PDFs side by side", ("full_text",),
                 id="opened-both-pdfs"),
    pytest.param("Same symptom is reported on the NVIDIA developer forum", ("second_hand",), id="forum"),
    pytest.param("Got this from the authors' talk video, not the paper.", ("second_hand",), id="talk-video"),
    pytest.param('README: "up to 3.1x more concurrent sequences per GPU"', ("vendor_self_reported",), id="readme-line"),
    pytest.param("Depth: none (fetch failed)", ("unverified",), id="field-none-with-an-aside"),
    pytest.param("KIVI: asymmetric 2-bit KV cache quantization (arXiv:2402.02750). [abstract]", ("abstract_checked",),
                 id="a-tag-closing-the-line"),
    pytest.param("Only the intro and fig. 1 of PosWarp so far.", ("abstract_checked",), id="only-the-intro"),
    pytest.param("Read PosWarp properly now (sections 3–5 plus the ablations).", ("full_text",), id="read-properly"),
    pytest.param("I went through the reviews and rebuttals, not the papers themselves.", ("second_hand",),
                 id="reviews-and-rebuttals-not-the-papers"),
    pytest.param("Depth: both abstracts plus the MInference project page; no PDFs", ("abstract_checked",),
                 id="both-abstracts"),
    pytest.param("群里别人转的：快 31 倍。没找到原始出处。", ("second_hand", "unverified"), id="zh-no-original-source"),
    pytest.param("有人说新版已经支持 B200 了，还没去看 repo。", ("second_hand", "unverified"), id="zh-not-looked-at-the-repo"),
    pytest.param("我只扫了摘要和图 1，实验部分没细看。", ("abstract_checked", "unverified"), id="zh-experiments-not-read-closely"),
    pytest.param("这段是凭印象写的，没回去翻原文。", ("unverified",), id="zh-from-memory"),
    pytest.param("官方代码跑了一下，论文本身没读。", ("unverified",), id="zh-the-paper-itself-unread"),
    pytest.param("Retelling the thread; what the commenters claim is their word relayed by me", ("second_hand",),
                 id="retelling-relayed"),
    # a repo card's README as the source of a figure, in the forms people write it
    pytest.param('README claim: "up to 5.3x smaller KV cache at 2 bits"', ("vendor_self_reported",), id="readme-claim-colon"),
    pytest.param("Claims below come from the maintainers' README", ("vendor_self_reported",), id="maintainers-readme"),
    pytest.param("We re-ran the README benchmark on our H100 and got 2.1x", ("full_text",), id="re-ran-the-readme-benchmark"),
    pytest.param("[vLLM v0.7.3 release notes](https://example.org/r) — claims up to 1.9x lower ITL",
                 ("vendor_self_reported",), id="release-notes-claim"),
    # whose words a digest's entries are
    pytest.param("Everything in the entries is the feed's excerpt, i.e. what someone else wrote about the work",
                 ("second_hand",), id="feed-excerpt"),
    pytest.param("nothing beyond Jonas's reading-group summary", ("second_hand",), id="someones-summary"),
    pytest.param("read: 阿明's summary in the group, didn't open it myself", ("second_hand", "unverified"),
                 id="zh-name-summary"),
    pytest.param("I'm only going by the channel post", ("second_hand",), id="going-by-the-post"),
    pytest.param("I only went by the card, not the code", ("card_only",), id="went-by-the-card"),
    pytest.param("听隔壁组的人说 2.6 倍", ("second_hand",), id="zh-heard-say"),
    pytest.param("LATR figures as quoted in our living doc", ("second_hand",), id="as-quoted-in"),
    # reading depth in more wordings
    pytest.param("Read SpinQuant [2405.16406] in full", ("full_text",), id="read-name-in-full"),
    pytest.param("KIVI — ftr again, nothing new", ("full_text",), id="ftr-shorthand"),
    pytest.param("我刚翻了下两篇的摘要", ("abstract_checked",), id="zh-leafed-the-abstracts"),
    pytest.param("那段我对过摘要原文", ("abstract_checked",), id="zh-checked-against-the-abstract"),
    pytest.param("KV offload during decode; abstract says 40% less GPU memory at 1M", ("abstract_checked",),
                 id="abstract-says"),
    pytest.param("nothing beyond the abstract", ("abstract_checked",), id="nothing-beyond-the-abstract"),
    pytest.param("What I looked at: abstract and Fig. 1 only, nothing reproduced on our side.",
                 ("abstract_checked", "unverified"), id="nothing-reproduced-is-no-reproduction"),
    pytest.param("多轮对话里会丢 token；摘要都没读完，先占个坑。", ("unverified",), id="zh-not-finished-reading"),
    pytest.param("hm. nobody here has reopened the paper since, right?", ("unverified",), id="nobody-reopened"),
    pytest.param('"evidence": "ERROR fetch_abs: 404 Not Found (elapsed 1612.4471 s)"', ("unverified",),
                 id="fetch-error"),
    # a depth the line limits itself to outranks a deeper one it states without a limit; a part read lightly does not
    pytest.param("Striped Attention (2311.09431) | Skimmed | card only, already cited", ("card_only",),
                 id="card-only-over-a-status"),
    pytest.param("读了全文（v3），附录 A 的 placement 证明只扫了一眼。", ("full_text",), id="zh-appendix-only-skimmed"),
    # blind shifts t75-t78: a forward of the author's own mail, a parse of the PDF, hearsay as a rumour, "not tried"
    pytest.param("I have NOT read the paper; everything below comes from Haoran's mail, so treat it as the author's word.",
                 ("second_hand", "vendor_self_reported", "unverified"), id="a-forward-of-the-authors-mail"),
    pytest.param("Depth of check: full PDF parsed (v2), Tables 1-3 cross-checked against the text.", ("full_text",),
                 id="full-pdf-parsed"),
    pytest.param("- rumour in the reading group that a successor is coming", ("second_hand",), id="rumour"),
    pytest.param("吞吐最高高 10.3 倍——这个数没自己复现，照抄论文。", ("unverified",), id="zh-not-reproduced-myself"),
    pytest.param("官方自报，我们没测。", ("vendor_self_reported", "unverified"), id="zh-self-reported-we-did-not-test"),
    pytest.param("内容照抄咱们的卡片 0588，原文没看", ("card_only", "unverified"), id="zh-copied-from-our-card"),
    pytest.param("刘畅：我看了附录 C 和他们的代码", ("full_text",), id="zh-read-the-appendix"),
    pytest.param("只扫了 release notes，没试。", ("unverified",), id="zh-not-tried"),
])
def test_evidence_levels_of_a_line(line, levels):
    assert evidence_reader().levels(line) == levels


def test_a_notes_own_legend_adds_its_tags_and_an_own_run_is_full_text():
    """Writers who never saw the code (t13, t15, t16) record their own measurement as ``full_text``: the
    closed vocabulary has no deeper check."""
    r = evidence_reader()
    legend = r.legend([(1, "图例：【复测】= 我们自己跑过，【转】= 二手转述")])
    assert legend == {"【复测】": "full_text", "【转】": "second_hand"}
    assert r.levels("【转】 据说 2 倍", legend) == ("second_hand",)
    assert r.levels("Reproduced on our L40S box, numbers below") == ("full_text",)
    assert r.levels("我在本地复现过缩小版") == ("full_text",)
    assert r.levels("per the maintainer's CI run, not reproduced on our side") == ("second_hand", "unverified")


def test_a_legend_of_symbol_marks_defines_the_notes_tags():
    """Marks written as symbols before their meaning, in a line that says it is a legend."""
    r = evidence_reader()
    assert r.legend([(1, "Legend: ✅ read in full · 🟡 abstract only · ❓ not checked yet")]) == {
        "✅": "full_text", "🟡": "abstract_checked", "❓": "unverified"}
    assert r.legend([(1, "图例：✔️ 通读　⚠️ 待核实（转述或截图）")]) == {"✔": "full_text", "⚠": "unverified"}
    assert r.legend([(1, "💡 Skim pass over the queue, abstract plus the plots")]) == {}  # no legend
    assert r.levels("3. ❓ KIVI in vLLM, from a forwarded screenshot",
                    r.legend([(1, "Legend: ✅ read in full, ❓ not checked yet")])) == ("second_hand", "unverified")


def test_a_status_value_is_read_without_its_check_mark_and_a_column_by_its_lead():
    r = evidence_reader()
    assert r.value_level("Read ✓") == "full_text"
    assert r.column_level("Status", "abstract; → 2.1.2") == "abstract_checked"
    assert r.column_level("Notes", "abstract") is None  # not an evidence column
    # a progress column whose cell says it is not decided yet: nothing was read
    assert r.column_level("进度", "待定") == "unverified"
    assert r.column_level("Status", "pending") == "unverified"
    assert r.value_level("TBD") == "unverified"
    assert r.column_level("证据", "卡片 + 会议 talk 录像") == "card_only"  # two sources: the lead one
    assert r.field_value("read:: abstract+figs") == "abstract_checked"
    assert r.field_value("Depth: skim + table 2") == "abstract_checked"
    assert r.field_value("read:: no") == "unverified"


def test_evidence_is_inherited_from_the_note_to_items_and_claims_unless_they_say_otherwise():
    text = ("# Scan\n\nRead both end to end this morning.\n\n## SnapKV (arXiv:2404.14469)\n\n- evicts 50%\n"
            "- via a newsletter: 3x faster\n\n## Medusa (arXiv:2401.10774)\n\nOnly the abstract.\n\n- heads\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert parts["evidence"] == "full_text"
    assert [(i.title, i.evidence) for i in parts["items"]] == [
        ("SnapKV (arXiv:2404.14469)", "full_text"), ("Medusa (arXiv:2401.10774)", "abstract_checked")]
    assert [(c.line, c.evidence) for c in parts["claims"]] == [
        (3, "full_text"), (7, "full_text"), (8, "second_hand"), (12, "abstract_checked"), (14, "abstract_checked")]


def test_a_heading_above_items_speaks_for_what_is_under_it_unless_an_item_says_otherwise():
    """A section heading that is no item ("## Benchmarks (ran it myself)") gives its level to the items
    and text under it, to the next heading of its level; an item's own statement wins."""
    text = ("# Review of a PR\n\nState: approved.\n\n## Numbers (we re-ran it on our L4 box)\n\n"
            "Setup: 8B model, batch 4.\n\n- SnapKV (arXiv:2404.14469) at 20% budget: 1.3x\n"
            "- Medusa (arXiv:2401.10774): only the abstract, 2x\n\n## Open points\n\n- H2O (arXiv:2306.14048) is 2x\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(i.works, i.evidence_levels) for i in parts["items"]] == [
        (("2404.14469",), ("full_text",)), (("2401.10774",), ("abstract_checked",)), (("2306.14048",), ())]
    assert {c.line: c.evidence_levels for c in parts["claims"]}[5] == ("full_text",)  # the heading itself
    assert {c.line: c.evidence_levels for c in parts["claims"]}[7] == ("full_text",)  # text under it, in no item
    zh = ("# 周报\n\n## 以下几篇只看了摘要\n\n- SnapKV (arXiv:2404.14469)：省 50% 显存\n"
          "- Medusa (arXiv:2401.10774)：全文读完，2 倍\n")
    parts, _ = parse_note(zh, "inbox/a/z.md")
    assert [i.evidence_levels for i in parts["items"]] == [("abstract_checked",), ("full_text",)]


def test_quoted_words_in_a_note_that_says_it_quotes_are_second_hand():
    """A note whose opening says its block quotes are someone else's words: a quoted "I ran it" is the
    quoted person's check (second-hand as well), an item that opens with a quote rests on their word, and
    an item's "not checked" keeps the note's second-hand."""
    text = ("# Copied from a forum answer\n\nThe quotes are the answerer's words, second-hand; I did not check them.\n\n"
            "> 1. SnapKV (arXiv:2404.14469) halves memory, I ran it myself on 7B.\n\n"
            "Note: a colleague's close read agrees.\n\n"
            "> 2. Medusa (arXiv:2401.10774) is lossless at any temperature.\n\n"
            "Note: not verified.\n")
    parts, _ = parse_note(text, "inbox/a/q.md")
    items = {i.line: i.evidence_levels for i in parts["items"]}
    assert "second_hand" in items[5] and "second_hand" in items[9]
    assert "unverified" in items[9]
    assert {c.line: c.evidence_levels for c in parts["claims"]}[5] == ("full_text", "second_hand")
    # a reading note's own block quote ("> 精读：…") is the writer's, not a quote of someone else
    own = "# X 精读\n\n> 论文：arXiv:2404.14469\n> 精读：正文逐节读完。\n\n## 方法\n\n- 省 50% 显存\n"
    parts, _ = parse_note(own, "inbox/a/o.md")
    assert all("second_hand" not in c.evidence_levels for c in parts["claims"])


def test_an_items_unverified_keeps_the_notes_source():
    """"Not checked" says nothing of where an item came from: the note's second-hand stays beside it."""
    text = ("# Podcast notes\n\nAll of this is from a podcast episode.\n\n## SnapKV (arXiv:2404.14469)\n\n"
            "Not verified: halves memory.\n\n## Medusa (arXiv:2401.10774)\n\n- 2x faster\n")
    parts, _ = parse_note(text, "inbox/a/p.md")
    assert [i.evidence_levels for i in parts["items"]] == [("second_hand", "unverified"), ("second_hand",)]
    zh = "# 群聊摘录\n\n以下都是群里听来的。\n\n## SnapKV (arXiv:2404.14469)\n\n未核实：省一半显存。\n"
    parts, _ = parse_note(zh, "inbox/a/q.md")
    assert [i.evidence_levels for i in parts["items"]] == [("second_hand", "unverified")]


def test_only_a_check_lifts_what_holds_a_statement_unverified():
    """A line that says where a statement came from, and no reading depth, keeps its item's "unverified";
    a line that states a depth does not."""
    text = ("# Weekly\n\n## KIVI in vLLM (arXiv:2402.02750): unconfirmed\n\n- the group chat forwarded a screenshot\n"
            "- I read §3 of the paper myself: 2-bit keys per channel\n\n## 其他（arXiv:2401.10774）：未核实\n\n- 群里有人转的\n")
    parts, _ = parse_note(text, "inbox/a/w.md")
    got = {c.line: c.evidence_levels for c in parts["claims"]}
    assert got[5] == ("second_hand", "unverified")
    assert got[6] == ("full_text",)
    assert got[10] == ("second_hand", "unverified")


def test_a_depth_under_an_items_sub_heading_is_the_sub_sections_when_the_note_says_one():
    """An item whose head says nothing takes the note's level before a depth stated under one of its
    sub-headings; with no note level, the first depth its body states."""
    text = ("# Notebook\n\nRan everything below on our own box.\n\n## 1. Cache on vs off (arXiv:2403.02310)\n\n"
            "Median TTFT drops 3x.\n\n### 1a. Paper side\n\nOnly looked at Figure 3 of the paper.\n")
    parts, _ = parse_note(text, "inbox/a/nb.md")
    assert [i.evidence_levels for i in parts["items"]] == [("full_text",)]
    parts, _ = parse_note(text.replace("Ran everything below on our own box.", "Weekly log."), "inbox/a/nb.md")
    assert [i.evidence_levels for i in parts["items"]] == [("abstract_checked",)]


def test_a_note_on_a_tables_row_states_that_rows_level():
    """"row 2: copied off a card" under (or over) a table gives row 2 its level: the row numbered 2 in its
    first cell, else the second row of the note's one table."""
    text = ("# Matrix\n\nRows checked against the PDFs unless noted.\n\n| # | Method | Speedup |\n|---|---|---|\n"
            "| 1 | SnapKV (arXiv:2404.14469) | 2x |\n| 2 | Medusa (arXiv:2401.10774) | 3x |\n\n"
            "- row 2: copied off ana's repo card, not opened\n")
    parts, _ = parse_note(text, "inbox/a/m.md")
    rows = {c.line: c.evidence_levels for c in parts["claims"] if "|" in c.text}
    assert "card_only" in rows[8] and "unverified" in rows[8] and "card_only" not in rows[7]
    # the row's level, not its own words: its figures are not flagged as marked unverified
    assert not any(c.unverified for c in parts["claims"] if "|" in c.text)
    zh = ("# 对比表\n\n| 方法 | 加速 |\n|---|---|\n| SnapKV (arXiv:2404.14469) | 2 倍 |\n"
          "| Medusa (arXiv:2401.10774) | 3 倍 |\n\n第 1 行：听组会上讲的\n")
    parts, _ = parse_note(zh, "inbox/a/z.md")
    rows = {c.line: c.evidence_levels for c in parts["claims"] if "|" in c.text}
    assert rows[5] == ("second_hand",) and rows[6] == ()


def test_what_a_card_says_rests_on_the_card_unless_its_writer_says_how_deep_they_checked():
    """A card is ``card_only``; a person's own depth (``核查程度：通读全文``) stands, a pipeline's does not
    (``source: generated from the arXiv abstract page``)."""
    parts, _ = parse_note("# c\n\n- 3x faster\n", "organized/paper_cards/2401.10774.md", "paper_card")
    assert [(c.text, c.evidence_levels) for c in parts["claims"]] == [("3x faster", ("card_only",))]
    parts, _ = parse_note("# c\n\n- read the full paper: 3x faster\n", "organized/paper_cards/2401.10774.md", "paper_card")
    assert [(c.text, c.evidence_levels) for c in parts["claims"]] == [("read the full paper: 3x faster", ("full_text",))]
    parts, _ = parse_note("# c\n\n- source: generated from the arXiv abstract page; not human-reviewed\n",
                          "organized/paper_cards/2401.10774.md", "paper_card")
    assert [c.evidence_levels for c in parts["claims"]] == [("card_only",)]


# --------------------------------------------------------------------------- relevance

def test_relevance_from_the_writers_own_words():
    """A suggestion is an increment; "不动" is low; a negated add ("would not add it") is the writer's no;
    an item resting only on unchecked hearsay is low; adding a citation alone is no increment; "not noise"
    is no verdict of low."""
    text = ("# 扫读\n\n## SnapKV (arXiv:2404.14469)\n\n- 二手转述，我没有回原文核对：3 倍\n\n"
            "## Medusa (arXiv:2401.10774)\n\n- 仅看了摘要，建议归入 §3.1\n\n## H2O (arXiv:2306.14048)\n\n- 不动，没有新东西\n\n"
            "## EAGLE (arXiv:2401.15077)\n\n- I would not add it\n\n## Lookahead (arXiv:2402.02057)\n\n- Add it to the citation list\n\n"
            "## FlexGen (arXiv:2303.06865)\n\n- so it is not noise\n")
    parts, _ = parse_note(text, "inbox/a/n.md")
    assert [(i.relevance, i.evidence, i.sections) for i in parts["items"]] == [
        ("low", "unverified", ()), ("increment", "abstract_checked", ("3.1",)), ("low", "unknown", ()),
        ("low", "unknown", ()), ("unknown", "unknown", ()), ("unknown", "unknown", ())]
    assert parts["items"][0].relevance_reason == "rests only on second hand, unverified"


# --------------------------------------------------------------------------- sections

@pytest.mark.parametrize("text, refs", [
    pytest.param("建议归入 §3.1", [("3.1", None, "suggest")], id="zh-suggest"),
    pytest.param("→ §3.2", [("3.2", None, "suggest")], id="arrow"),
    pytest.param("belongs in 1.2", [("1.2", None, "suggest")], id="bare-after-belongs"),
    pytest.param("fits under 2.1 Cache Compression", [("2.1", None, "suggest")], id="fits-under"),
    pytest.param("Section: 4.1", [("4.1", None, "suggest")], id="field"),
    pytest.param("Belongs in 6", [("6", None, "suggest")], id="one-number"),
    pytest.param("file under Load balancing", [(None, "Load balancing", "suggest")], id="title-only"),
    pytest.param("move it into 2024", [(None, "2024", "suggest")], id="year-heading"),
    pytest.param("Suggest 3.2, with a cross-link from 6.1.", [("3.2", None, "suggest"), ("6.1", None, "cross")], id="cross"),
    pytest.param("consistent with our note in 3.1", [("3.1", None, "mention")], id="mention-en"),
    pytest.param("与 §3.1 一致", [("3.1", None, "mention")], id="mention-zh"),
    pytest.param("不属于 §2", [("2", None, "negative")], id="negative-zh"),
    pytest.param("not for §3", [("3", None, "negative")], id="negative-en"),
    pytest.param("speedup 2.2x over 2.1", [], id="figures-are-no-sections"),
    pytest.param("see section 3 of the paper", [], id="the-papers-own-section"),
    pytest.param("论文第 4 节", [], id="zh-papers-own-section"),
    pytest.param("HelixServe 2.1 is out", [], id="version-number"),
    pytest.param("§4.2 第一条就不成立了，改写 §4.2 那条", [("4.2", None, "suggest")], id="later-suggestion-outranks-mention"),
    pytest.param("the offloading number is missing from 2.3", [("2.3", None, "suggest")], id="missing-from"),
    pytest.param("this is exactly the TODO in 2.1.1", [("2.1.1", None, "suggest")], id="fills-a-todo"),
    pytest.param("while 3.1 in our doc still quotes 2.6x from v1", [("3.1", None, "suggest")], id="doc-outdated"),
    pytest.param("3.2 needs a wording fix", [("3.2", None, "suggest")], id="number-first-needs-fix"),
    pytest.param("Note: 文档 3.1 还没有 FA3。", [("3.1", None, "suggest")], id="zh-section-lacks"),
    pytest.param("maybe a pointer from 2.1 because of the paging angle", [("2.1", None, "cross")], id="pointer-from"),
    pytest.param("check their 16K-input numbers against 2.3", [("2.3", None, "cross")], id="check-against"),
    pytest.param("1.3 可以加个交叉引用指过来", [("1.3", None, "cross")], id="zh-number-first-cross"),
    pytest.param("Would slot into 2.2 rather than 3.2", [("2.2", None, "suggest")], id="slot-into"),
    pytest.param("so yeah it goes under two point three point one dynamic trees", [("2.3.1", None, "suggest")], id="spoken-number"),
    pytest.param("um the speedup was two point five x", [], id="spoken-figure-is-no-section"),
    pytest.param("speedup went from 2.3x to 3.1x at batch 8", [], id="figures-after-from"),
    pytest.param("Python 3.11 and CUDA 12.4", [], id="software-versions"),
    pytest.param("belongs in [2.2], next to KIVI", [("2.2", None, "suggest")], id="bracketed-number"),
    pytest.param("see [12] for the proof", [], id="a-citation-number-is-no-section"),
    pytest.param("Suggest 5.", [("5", None, "suggest")], id="suggest-one-number"),
    pytest.param("If this merges, 2.2 should say that vLLM ships both modes", [("2.2", None, "suggest")],
                 id="section-should-say"),
    pytest.param("Suggested 6, next to FlashInfer", [("6", None, "suggest")], id="suggested-one-number"),
    pytest.param("I suggest 2 more runs before we trust it", [], id="suggest-a-count-is-no-section"),
    pytest.param("建议放进文档第三章第二节", [("3.2", None, "suggest")], id="zh-chapter-and-section"),
    # the edit a sentence of the document needs is where the item goes (t25 blind shift)
    pytest.param("Our own number for the first sentence of 3.1", [("3.1", None, "suggest")], id="for-the-first-sentence-of"),
    pytest.param("it is the citation the distillation sentence in 4.1 is missing", [("4.1", None, "suggest")], id="is-missing"),
    pytest.param("the \"lossless\" in 4.2 needs a caveat", [("4.2", None, "suggest")], id="needs-a-caveat"),
    pytest.param("slot it into 4.3, plus a sentence in 2.2", [("4.3", None, "suggest"), ("2.2", None, "suggest")], id="plus-a-sentence-in"),
    pytest.param("matches what 4.2 already says, nothing to change", [], id="matches-is-no-suggestion"),
    pytest.param("建议 2.3 那句后面补上引用号", [("2.3", None, "suggest")], id="zh-suggest-a-bare-number"),
    pytest.param("建议 3 个 batch 都跑一下", [], id="zh-suggest-a-count-is-no-section"),
    pytest.param("SpecTrie — 2.5 times over AR decoding #2nd-hand #sec4.2", [("4.2", None, "suggest")], id="a-placement-tag"),
    pytest.param("if this goes into the doc, 3.3 next to LayerSkip looks right to me", [("3.3", None, "suggest")],
                 id="a-bare-number-that-looks-right"),
    pytest.param("Suggest SpecTrie goes into 4.2 next to Sequoia", [("4.2", None, "suggest")], id="goes-into-is-no-title"),
])
def test_section_references_and_their_role(text, refs):
    assert [(r.key, r.title, r.role) for r in section_refs(text)] == refs


# --------------------------------------------------------------------------- facts the rules compare

def test_figures_are_normalised_across_units_and_languages():
    def fig(t):
        return [(q.value, q.value_high, q.unit, q.metric, q.approx) for q in find_figures(t)]
    assert fig("速度提升 3.6 倍") == fig("speed up 3.6 times") == fig("speed up 3.6×") == [(3.6, None, "x", "speedup", False)]
    assert fig("context of 100 万 tokens") == fig("context of 1M tokens") == [(1e6, None, "count", "context", False)]
    ((ms, *rest_ms),), ((sec, *rest_s),) = fig("TTFT 412 ms"), fig("TTFT 0.412 s")
    assert ms == pytest.approx(sec) == pytest.approx(0.412) and rest_ms == rest_s == [None, "s", "latency", False]
    assert fig("吞吐提升约 2 倍") == [(2.0, None, "x", "throughput", True)]
    assert [q.conditions for q in find_figures("1.8x on A100-80GB at batch 64 in FP16")] == [("batch:64", "hw:a100", "precision:fp16")]
    # blind shifts t25-t30: the measure written as a latency kind, a batch-size ratio, a shrink, a bare Wn
    assert [(q.metric, q.conditions) for q in find_figures("Headline: TTFT p99, ShareGPT trace: 520 ms.")] == [
        ("latency", ("bench:sharegpt", "latkind:ttft", "percentile:99"))]
    assert [q.metric for q in find_figures("~2.9x throughput on Llama-2-7B with 4x the batch size")] == ["throughput", "batch"]
    assert [q.metric for q in find_figures("LatticeKV shrinks the KV cache 3.5x relative to fp16")] == ["compression"]
    assert [q.conditions for q in find_figures("W4 g128 困惑度 5.55，W3 g128 困惑度 5.91")] == [
        ("group:128", "precision:w4"), ("group:128", "precision:w3")]
    assert [q.conditions for q in find_figures("1.9x end-to-end with sampling at T=1")] == [("decoding:sampling", "temp:1")]


def test_qualifier_sides_and_negation():
    assert qualifier_sides("精确注意力（exact），不做任何近似") == ("fidelity:lossless",)
    assert qualifier_sides("it is not lossless") == ("fidelity:lossy",)
    # the side of the baselines it is set against is theirs (eighteenth stop: before, both sides and neither asserted)
    assert qualifier_sides("lossless compared with lossy baselines") == ("fidelity:lossless",)
    assert qualifier_sides("lossless or lossy, depending on the bit width") == ()  # both sides, neither asserted
    assert qualifier_sides("文档里写它 tuning-free，我觉得不准确") == ("training:needs_training",)
    assert qualifier_sides("没有哪个在线算法能做到") == ("online:online",)  # an existence negation flips nothing
    assert qualifier_sides("Read the full text") == ()  # an evidence level is never a qualifier
    # a gloss in brackets restates its words: the negator of "无需调参" does not flip "tuning-free"
    assert qualifier_sides("Value 按 token 的非对称 2bit 量化，无需调参（tuning-free）") == (
        "training:training_free", "symmetry:asymmetric", "value_quant_axis:per_token")
    assert qualifier_sides("不过它是对称量化这点应该没错") == ("symmetry:symmetric",)
    # "actually": the side written after it is the writer's
    assert qualifier_sides("摘要里写的是 calibration-free，可实际上需要 128 条校准样本") == (
        "training:training_free", "calibration:needs_calibration")


def test_predicates_negated_and_plain():
    assert predicates("QuaRot does not quantize the KV cache") == ("-quantize:kv_cache",)
    assert predicates("无需修改模型结构、无需任何微调") == ("-fine_tune:", "-modify:architecture,model")
    assert predicates("It needs no training") == ("-need:training", "-train:")


# --------------------------------------------------------------------------- contradictions

#: name -> (work, statement in inbox/a, statement in inbox/b)
PAIRS = {
    # flagged
    "q_copula": ("2501.00101", "With typical acceptance it stays lossless: the output distribution is unchanged.",
                 "It replaces exact rejection sampling with a threshold, so the output distribution is no longer the "
                 "base model's: it is lossy."),
    "temp0_greedy": ("2501.00104", "Mean acceptance length 3.8 tokens on Llama-3.1-8B, MT-bench, greedy.",
                     "Table 3 gives a mean acceptance length of 3.1 tokens on Llama-3.1-8B, MT-bench, T=0."),
    # not flagged
    "train_narrated": ("2501.00120", "训练时对条件帧加噪声，使模型对不完美条件鲁棒。", "It does not need any training."),
    "online_data": ("2501.00122", "先用真实世界的离线数据对策略做预热。", "这是一个在线算法。"),
    "testbed_far": ("2501.00123", "real-to-sim 流水线把真实工具复刻成仿真数字孪生，配套 17 个任务。", "真机成功率普遍在 40% 上下。"),
    "testbed_fig": ("2501.00124", "The 2.1x speedup is simulated, not measured.", "The 2.1x speedup was measured on real hardware runs."),
    "fwd_bwd": ("2501.00102", "64K 反向传播：6.0x（相对 FlashAttention-2）", "At 64K the forward pass is 9.0x over FlashAttention-2."),
    "seq_len_zh": ("2501.00103", "序列长度 4K：比 FlashAttention-2 快 1.21x", "序列长度 32K：比 FlashAttention-2 快 1.68x"),
    "ref_record": ("2501.00105", "Wu, J. et al. Unleashing Large-Scale Video Generative Pre-training for Robots. arXiv:2501.00105, 2023.",
                   "It does not need any training."),
    # t35/t36 blind shifts: a dataset denied in a parenthesis, a baseline in a parenthesis, perplexities
    "ppl_denied": ("2501.00130", "复现的 4-bit 在 Llama-2-7B 上 C4 PPL 是 7.51（Wikitext-2 他没报）。",
                   "4-bit g128 on Llama-2-7B: Wikitext-2 PPL 5.72 (fp16 baseline 5.47)."),
    "ppl_baseline": ("2501.00131", "Llama-3-8B at 3 bits reaches Wikitext-2 PPL 6.9 against 6.1 in fp16.",
                     "结果：Llama-3-8B 3-bit Wikitext-2 PPL 6.9（fp16 6.1）。"),
    "ppl_apart": ("2501.00132", "W4A16 g128 on Llama-3-8B: 6.54 ppl.", "Tab. 4 has Llama-3-8B W4A16 g128 at 6.81 ppl."),
    "v_changed": ("2501.00133", "收益（2501.00133v1）：相对 Orca，平均 JCT 最多降低 5.1 倍。",
                  "The current version, 2501.00133v3, no longer has the Orca comparison: it now reports up to 31.4x higher throughput."),
    # t37-t39 blind shifts: prefill vs decode, alternatives in one statement, a value quoted to dispute it
    "phase": ("2501.00134", "预填充加速最高 1.73 倍（MHA 模型）。", "在 MHA 模型上，它的解码加速最高 2.18 倍。"),
    "alternatives": ("2501.00135", "1.4x higher throughput at 20% lower cost, or 2.35x more throughput at the same power budget.",
                     "It reports 1.4x higher throughput at 20% lower cost."),
    # s3 (found by a fresh user): a doubted figure on one GPU is not the same figure on another
    "doubt_other_gpu": ("2501.00137", "End-to-end speedup: 3.25x on A100 and 4.5x on A6000.",
                        '某 newsletter 写它"在 A100 上端到端 4.5 倍加速"，二手转述，我没有回原文核对。'),
    # t37: "works without" a thing the lexicon names; an open object with a modifier the other side lacks
    "neg_without_named": ("2501.00138", "Works without a draft model: candidates are copied out of the prompt.",
                          "It needs a separately trained draft model to rank the candidate n-grams."),
    "neg_learned": ("2501.00139", "It does not need an output-length predictor.",
                    "Scheduling relies on a learned length predictor trained on ShareGPT."),
    # t40-t43 blind shifts: a token budget, a label before a colon naming the measure, a part measured alone,
    # two ceilings, keeping every head vs dropping heads, a technique used or not, "approximates" as a verb
    "num_budget": ("2501.00140", "SnapKV retention on LongBench (Mistral-7B, 16 tasks): 97.2% at a 1024-token budget.",
                   "At a 1024-token budget SnapKV keeps 92.7% of the full-cache LongBench average on this box."),
    "budget_apart": ("2501.00141", "LongBench retention at a 1024-token budget: 97.2%.",
                     "LongBench retention at a 512-token budget: 90.3%."),
    "scope": ("2501.00142", "Up to 2.23x self-attention speedup on long-dependency tasks.",
              "The follow-up reports a 2.9x decode speedup at 128K context."),
    "ceilings": ("2501.00143", "FA3 forward in FP16 reaches up to 740 TFLOPS on H100.",
                 "The post says FA3 FP16 forward tops out at about 620 TFLOPS on H100 (best over all head dims)."),
    "drop_heads": ("2501.00144", "Keeps all heads' cache: no head is ever pruned; the paper argues dropping heads breaks retrieval.",
                   "The speaker claimed that below a 256-token budget it drops whole heads."),
    "technique": ("2501.00145", "Design per the abstract: no warp specialization, every warp issues its own loads.",
                  "Each CTA runs one producer warp, warp-specialized for TMA loads."),
    "approx_verb": ("2501.00146", "生成文本的分布不变，是无损加速。", "它利用草稿模型的置信度近似接受率，动态调整草稿树的结构。"),
    # t45: a card field whose label asks ("是否需改模型：") and a fine-tuning the work needs
    "asked_field": ("2501.00147", "**是否需改模型**：无需修改模型，直接复用各层门控网络的 logits 做跨层预测",
                    "阿杰指出，附录 B 的做法其实需要改路由器的训练：router 要加一个辅助损失，再微调约 2k 步。"),
    # t46: using a draft model is needing one; using kernels is not needing a custom one
    "uses_draft": ("2501.00148", "Our method does not need a draft model: the tokens come from consistency heads.",
                   "The quick-start uses a small draft model to warm-start the Jacobi iterations."),
    "uses_kernel": ("2501.00149", "It does not need a custom kernel.", "The decode path uses FlashInfer kernels."),
    "q_and_neg": ("2501.00150", "KIVI is tuning-free: no fine-tuning at all.",
                  "KIVI requires fine-tuning of the model before 2-bit quantization works."),
    # t56: two figures of one measure listed with a slash, or run on through more figures; pre-filling vs decoding
    "slash_list": ("2501.00151", "memory down 2.55× (MHA) / 1.67× (GQA)", "so memory: up to 2.55x less on MHA, 1.67x on GQA."),
    "listed_run": ("2501.00152", "speeds up decoding by up to 2.18× and 1.50× and pre-filling by up to 1.73× and 1.63× for MHA and GQA.",
                   "Its decoding is up to 2.18× faster on MHA models."),
    "prefilling": ("2501.00153", "pre-filling up to 1.73× faster on MHA models", "decoding up to 2.18× faster on MHA models"),
    "num_en": ("2501.00001", "SpecX reaches a 1.8x speedup on MT-Bench.", "SpecX reaches a 2.8x speedup on MT-Bench."),
    "num_zh": ("2501.00002", "在 MT-Bench 上速度提升 3.6 倍。", "On MT-Bench the speedup is 2.1x."),
    "q_en": ("2501.00012", "The compression is lossless.", "The compression is lossy."),
    "q_zh": ("2501.00013", "该方法是无损的。", "该方法是有损的。"),
    "q_train": ("2501.00014", "The method is training-free.", "The method needs fine-tuning of the draft heads."),
    "q_online": ("2501.00015", "这是一个在线算法。", "It is an offline algorithm."),
    "q_calib": ("2501.00031", "It needs calibration data (a few hundred samples) per model.", "The method is calibration-free."),
    "q_preempt": ("2501.00032", "调度是抢占式的：长请求会被切走。", "Its scheduler is non-preemptive once a request starts."),
    "q_calib_zh": ("2501.00033", "作者说完全无需校准。", "量化时需要一个小的校准集。"),
    "neg_engine": ("2501.00034", "不需要改推理框架，直接替换 GEMM。", "It requires changes to the serving engine."),
    "neg_passive": ("2501.00035", "No custom kernel needed, it sits on stock FlashInfer.", "It ships a required Triton kernel."),
    "neg_zh": ("2501.00018", "无需修改模型。", "需要修改模型。"),
    "neg_kernel": ("2501.00019", "It does not need a custom kernel.", "It needs a custom kernel."),
    "version": ("2501.00021", "arXiv:2501.00021v1 reports a 2.3x speedup on MT-Bench.",
                "arXiv:2501.00021v3 reports a 1.6x speedup on MT-Bench."),
    "retracted": ("2501.00022", "在对抗性到达下 competitive ratio 为 O(log n)。",
                  "v2 删除了“对抗性到达下 competitive ratio 为 O(log n)”这个结论。"),
    # must not be flagged
    "units": ("2501.00003", "在 MT-Bench 上速度提升 3.6 倍。", "On MT-Bench the speedup is 3.6 times."),
    "hw": ("2501.00004", "Speedup of 1.8x on A100.", "Speedup of 2.8x on H100."),
    "batch": ("2501.00005", "Throughput 1200 tok/s at batch 1.", "Throughput 5400 tok/s at batch 64."),
    "model": ("2501.00006", "Speedup 1.8x on Llama-2-7B.", "Speedup 2.8x on Llama-2-70B."),
    "precision": ("2501.00007", "Speedup 1.8x in FP16.", "Speedup 2.8x in INT8."),
    "range": ("2501.00008", "Speedup of 2.7–3.5x on MT-Bench.", "Speedup of 3.1x on MT-Bench."),
    "approx": ("2501.00009", "在 MT-Bench 上速度提升约 2 倍。", "On MT-Bench the speedup is 2.1x."),
    "ms_s": ("2501.00010", "TTFT latency is 412 ms on A100.", "TTFT latency is 0.412 s on A100."),
    "p50_p99": ("2501.00011", "p50 latency is 120 ms on A100.", "p99 latency is 300 ms on A100."),
    "evidence": ("2501.00016", "Read the full paper: the compression is lossless.", "Only the abstract: the compression is lossless."),
    "disputed": ("2501.00020", "The method needs fine-tuning.", "文档里写它 tuning-free，我觉得不准确，需要微调。"),
    "quoted_retraction": ("2501.00023", 'v2 withdrew the claim "it does not require retraining".', "It requires retraining."),
    "question": ("2501.00027", "Is it lossless?", "The compression is lossy."),
    # a signed change in points beside "a N point drop"; a plural GPU count; thresholds of one SLO
    "num_signed": ("2501.00041", "At a 20 % budget: -1.8 pts LongBench average vs full cache.",
                   "20 % budget: it is a 3.1 point drop on the LongBench average vs full cache."),
    "num_slo": ("2501.00042", "7.4x goodput vs vLLM at the chat SLO (P90 TTFT 400ms, P90 TPOT 40ms), 16 H100s.",
                "4.48× goodput over vLLM under their chat SLO (P90 TTFT ≤ 400 ms, P90 TPOT ≤ 40 ms) on 16×H100."),
    "q_query": ("2501.00043", "Selection is query-aware: the question at the end of the prompt votes.",
                "选择与查询无关，压缩后的缓存可以给后续任何问题复用。"),
    "q_arrival": ("2501.00086", "Its competitive ratio holds under adversarial workloads.",
                  "The bound is proved for arbitrary input distributions."),
    "q_sync": ("2501.00044", "Each layer's KV cache is sent asynchronously as soon as the layer finishes.",
               "The KV transfer is synchronous: the decode side waits for all of it."),
    "budget": ("2501.00045", "At a 20 % budget: -1.8 pts on LongBench vs full cache.",
               "At a 50 % budget it is basically free: -0.3 pts on LongBench vs full cache."),
    "hdim": ("2501.00046", "hdim 64, FP16 forward ≈ 500 TFLOPs/s on H100, 比 hdim 256 低很多",
             "head dim 256, FP16 forward: 740 TFLOPs/s on H100."),
    "than_named": ("2501.00303", "Mistral-7B on one A100: 2.6× higher serving capacity than vLLM-X.",
                   "Mistral-7B、单卡 A100，服务容量比 vLLM-X 高 3.6×"),
    # blind shifts t75-t78
    "inside_host": ("2501.00331", "FlowX reaches 1.8x throughput over Orca on OPT-13B.",
                    "Built into vLLM-Q it reaches 3.1x throughput over Orca on OPT-13B."),
    "doc_quoted": ("2501.00311", "Reports 2.6× over FlashAttention-2 at 64K (H100, BF16, causal prefill).",
                   "Table 3 (H100 SXM, BF16, causal prefill, 64K): 3.4× over FA2. Our doc has 2.6× for that same row."),
    "greedy_scope": ("2501.00312", "Under temperature sampling it is lossy, i.e. not distribution-preserving; greedy stays exact.",
                     "someone said it stays lossless at T=0.7 too."),
    "e2e_zh": ("2501.00313", "结果：Mixtral-8x7B、8×H100 上端到端吞吐相对 vLLM 提升 1.6 倍。",
               "说 Mixtral-8x7B 在 8 卡 H100 上端到端 2.3×（基线 vLLM）。"),
    "other_setting": ("2501.00314", "README claims 3.9x on Vicuna-7B (the authors' own numbers).",
                      "Vicuna-7B, MT-bench, greedy: 3.9x over vanilla decoding.\n- Vicuna-7B, MT-bench, T=1: 3.2x."),
    "ttft_kernel": ("2501.00315", "Kernel: 2.3× over FA2 at 128K on A100-80GB, BF16 causal prefill.",
                    "README: 2.1x faster time-to-first-token at 128K (A100 80GB, vs flash-attn 2)."),
    "bench_named": ("2501.00316", "LongBench average on par with the full cache at a 6x compression ratio (Llama-3-8B).",
                    "At equal LongBench accuracy it gets 5.0x compression (Llama-3.1-8B)."),
    "goodput_tput": ("2501.00201", "ElasticPD reports 1.8x goodput over a static split.",
                     "ElasticPD reports 1.3x raw throughput (output tokens/s) over a static split."),
    "workload": ("2501.00202", "On the chatbot workload they get 7.4x goodput over vLLM.",
                 "On the summarization workload the goodput is 3.2x that of vLLM."),
    "req_goodput": ("2501.00203", "相比 vLLM 可多服务 7.4x 请求。", "It showed 4.5x goodput over vLLM."),
    "slo": ("2501.00047", "4.5x goodput over vLLM under the chat SLO (TTFT ≤ 400 ms, TPOT ≤ 40 ms).",
            "2.9x goodput over vLLM under the summarization SLO (TTFT ≤ 2 s, TPOT ≤ 100 ms)."),
    "zh_temp": ("2501.00048", "表 2（温度 0，Vicuna-7B）：平均接受长度 3.2。", "Vicuna-7B，温度 1 时平均接受长度 2.0。"),
    "group": ("2501.00049", "On Llama-3-8B, W4A16 g128: 6.54 ppl on WikiText-2.",
              "The model zoo lists Llama-3-8B W4A16 at group size 64 as 6.43 ppl on WikiText-2."),
    # one-paper notes: a section naming no work, and a work cited in brackets in passing
    "neg_open": ("2501.00061", "The transfer path requires an RDMA-capable interconnect.", "It doesn't need RDMA: it runs over plain TCP."),
    "neg_relies": ("2501.00062", "It relies on warp specialisation: producer warps issue the loads.",
                   "no warp specialisation needed for the forward pass"),
    "neg_without": ("2501.00063", "It works without access to attention scores.", "它的门控需要 attention scores，所以回到 eager attention。"),
    "feature_v": ("2501.00064", "The arXiv:2501.00064v1 kernel is FP16/BF16 only, FP8 KV cache is listed as future work.",
                  "arXiv:2501.00064v2. New in v2: an FP8 (e4m3) KV-cache path with per-page scales."),
    "stock": ("2501.00083", "It maps pages on demand, so unmodified FlashAttention-2 kernels run without a block table.",
              "Their serving integration does not use stock FlashAttention: they ship a patched fork."),
    "feature_en": ("2501.00076", "arXiv:2501.00076v1: greedy decoding only, no sampling support.",
                   "arXiv:2501.00076v2: they now support sampling with a modified rejection step."),
    "feature_zh": ("2501.00077", "arXiv:2501.00077v1 尚不支持采样。", "arXiv:2501.00077v2 新增了采样支持。"),
    "fraction": ("2501.00078", "Memory footprint is 41% lower than the FP16 full cache.",
                 "memory: the cache ends up at about 1/5 of the FP16 full-cache footprint"),
    "fraction_same": ("2501.00079", "显存占用降低 75%（FP16 对比）。", "FP16 KV 缓存压到 1/4 显存占用。"),
    "placed": ("2501.00080", "With the hook the median TTFT is 50 ms, a 4.2× TTFT speedup on H100.",
               "On our A10G it is about 2.9×. The 4.2× the maintainers posted is on H100 with a heavier load, "
               "so I don't read it as disagreeing with mine."),
    "batch_ratio": ("2501.00081", "峰值显存降为 1/2.6，batch 可放大到 4 倍，吞吐提升 2.35–3.47 倍。", "截图上说吞吐约 3 倍。"),
    "decoding": ("2501.00087", "Headline: 1.9x end-to-end with sampling at T=1 on Llama-3.1-8B.",
                 "2.8x speedup with greedy decoding on Llama-3.1-8B."),
    "batch_x": ("2501.00088", "On real workloads that turns into 2.35x–3.47x throughput.",
                "README: ~2.9x throughput on Llama-2-7B with 4x the batch size."),
    "neg_finetune": ("2501.00089", "不需要修改模型，直接挂上就能用。", "Requires fine-tuning the model once with an early-exit loss."),
    "neg_arch": ("2501.00090", "无需修改模型结构。", "Requires fine-tuning the model once with an early-exit loss."),
    "q_sym": ("2501.00091", "Key 按通道、Value 按 token 的非对称 2bit 量化。", "不过它是对称量化这点应该没错，零点它不存。"),
    "table_model": ("2501.00092", "LLaMA-2-13B，W4 g128，WikiText-2 困惑度 4.97。",
                    "# 对比表（LLaMA-2-7B，WikiText-2）\n\n| 方法 | arXiv | 比特数 | 困惑度 |\n|---|---|---|---|\n"
                    "| AWQ | 2501.00092 | W4 g128 | 5.60 |"),
    "revised_repeat": ("2501.00094", "看到 arXiv:2501.00094v1 号称单节点 8×H100 支持 1M 上下文。",
                       "v1 摘要写的是单节点 8×H100 支持 1M 上下文；v3 改为 512K，1M 的结果挪到附录。"),
    "asked_last": ("2501.00095", "self-speculative，跳层做 draft，不需要修改模型，直接在 vLLM 里挂上就能用？",
                   "Requires fine-tuning the model once with an early-exit loss."),
    "doubted": ("2501.00096", "Training-free, really?", "It needs fine-tuning of the draft heads."),
    "set_aside": ("2501.00097", "EAGLE-X gets a 3.4x speedup on MT-Bench, not the 2.1x our doc quotes.",
                  "EAGLE-X reaches a 3.4x speedup on MT-Bench."),
    "two_measures": ("2501.00082", "融合多层特征，最高 6.5× 加速。", "SGLang 中 batch size 64 时吞吐提升 1.38×。"),
    "layer": ("2501.00085", "Vicuna-7B：接受率 0.72。", "作者在 Vicuna-7B 上画了图：第 5、6 层平均置信度 0.61，实际接受率只有 0.38。"),
    "ablation": ("2501.00065", "表 2（Vicuna-7B）：平均接受长度 3.2。", "消融：去掉标定后平均接受长度回到 2.9。"),
    "zh_msize": ("2501.00066", "我自己在 7B 上试过，速度约 2 倍。", "Vicuna-13B 上加速 2.6x。"),
    # "at 128K context" and a "128K:" label are the context; a decode speedup is the throughput ratio;
    # "FlashInfer dense paged decode" is FlashInfer; "2×4090" is two RTX 4090s, not a 2× figure
    "ctx_label": ("2501.00069", "It decodes up to 3.2x faster than FlashInfer at 128K context on a single H100.",
                  "Numbers (Table 3, 1× H100 SXM, vs FlashInfer dense paged decode)\n- 32K: 1.9× decode tokens/s\n"
                  "- 128K: 2.6× decode tokens/s"),
    "ctx_other": ("2501.00073", "It decodes up to 3.2x faster than FlashInfer at 128K context on a single H100.",
                  "It decodes 1.9× faster than FlashInfer at 32K context on one H100."),
    "gpu_4090": ("2501.00074", "Numbers (1× H100 SXM, vs FlashInfer)\n- 128K: 2.6× decode tokens/s",
                 "ran it on 2×4090, 128K prompt, batch 1: decode is 1.7x over flashinfer dense. needs triton 3.1"),
    "ttft_tpot": ("2501.00068", "TTFT p50 142 ms on A100.", "TPOT p50 31.2 ms on A100."),
    "need_to": ("2501.00067", "It needs to recompute evicted entries.", "It does not need to store the evicted entries."),
    "from_to": ("2501.00049", "The pools are resized every 30 s.",
                "Pools are resized every 30 s; moving a GPU from one role to the other takes ~4 s."),
    # t95-t102 blind shifts: training a draft model needs one; "neither needs"; "X-free" of a named object and its
    # denial; "Calibration-free" against calibrating; "必须要 X" against working without X; "Patches … kernel" is a
    # change of the kernel; a setting before a rate's colon is no measure; training narrated needs nothing
    "train_need": ("2501.01006", "It does not need a separate draft model: the early layers of the same network draft.",
                   "Dmitri says it trains a separate small draft model next to the target and swaps it in at inference."),
    "neither": ("2501.01007", "Both exit early from the same network, so neither needs a second model.",
                "It needs a separately trained draft model per target."),
    "free_object": ("2501.01008", "It is draft-model-free: the tree grows from the target's own early-exit logits.",
                    "So it is NOT draft-model-free: they train a separate 0.5B draft model per target family (Sec 3.2)."),
    "calib_free": ("2501.01009", "Calibration-free: the quantized checkpoint is produced without any calibration data.",
                   "The rotations need no data, but the clipping-ratio search calibrates on 512 samples."),
    "must_need": ("2501.01012", "它必须要 GPUDirect Storage（cuFile），没加载 nvidia-fs 的节点跑不起来。",
                  "The default backend works without GPUDirect Storage, with pinned bounce buffers."),
    "patches": ("2501.01013", "It does not modify the attention kernel: all offload logic lives in its block manager.",
                "Patches vLLM's paged-attention decode kernel (csrc/attention/paged_attention_v2.cu) to read from the host tier."),
    "batch_rate": ("2501.01014", "Numbers (Table 2, Llama-3.1-8B, 1×H100, PCIe 5):\n- decode throughput, batch 32: 1,840 tok/s",
                   "Slide 14（Llama-3.1-8B, 1×H100, PCIe 5）：batch 32 的 decode throughput ≈ 2,310 tok/s。"),
    "zero3": ("2501.01015", "It does not need a draft model.", "ZeRO-3 training of the draft model took a day on 8 GPUs."),
    "doc_lines": ("2501.01016", "It adds two decoding heads and fine-tunes the model.",
                  "No change to the Hydra/Medusa lines in 3.1/: nobody checked what v2 changed."),
    "todo_line": ("2501.01017", "待补：training-free 的 prefill 稀疏方法在 128K 以下还有没有净收益。",
                  "需从预训练开始训练，原生可训练。"),
    # t99/t100: a table cell with its unit takes its column's measure; a prefill cluster is prefill instances; per-channel
    # against per-group weights; a quoted claim said to be changed gives no value
    "row_unit": ("2501.01018", "DistServe, 128K prompts, 8 GPUs (4P+4D): TTFT p50 6.8 s.",
                 "| system | ctx | GPUs | TTFT p50 | TTFT p99 |\n|---|---|---|---|---|\n| DistServe | 128K | 8 | 9.4 s | 17.2 s |"),
    "cluster_instances": ("2501.01019", "hot take: it does not require a separate prefill cluster.",
                          "It requires dedicated prefill instances in addition to decode instances."),
    "granularity": ("2501.01020", "权重采用逐通道对称量化（配合 GPTQ）。", "其权重采用逐组量化（组大小 128），再用 GPTQ 做舍入。"),
    "quoted_changed": ("2501.01021", "It is 1.8× faster than Marlin for W3A16 on an RTX 4090.",
                       "注意：v1 摘要里“4090 上 W3A16 相对 Marlin 快 1.8×”这句话，v2 已经改了，重测后 4090 上 W3A16 相对 Marlin 只快 1.3×。"),
    "theoretical": ("2501.01022", "Measured 4.6× over cuBLAS at batch 1 on A100.",
                    "At batch 1 on A100 the theoretical upper bound is 5.3× over cuBLAS."),
    "shape": ("2501.01023", "The kernel is 1.3x faster than cuBLAS on A100.", "Table 1 uses the 4096×11008 shape on A100."),
    "section_number": ("2501.01024", "WikiText-2 perplexity 6.41 at 3 bits.", "这部分和活文档 6.2 的困惑度内容基本重合，3 比特不必新增。"),
    "question_owner": ("2501.01025", "Does its 10x at 1M survive at 128K on one A100? (owner: wen)",
                       "1.96x prefill speedup at 128K on one A100."),
    # t103-t106: 免训练 is training-free; "X only" is a need of X; a context setting is no measure of a ratio; figures
    # dictated in words; a request rate and a median set figures apart; a sentence struck out says nothing
    "mian_free": ("2501.01027", "它按 token 置信度在线决定跳几层，完全免训练，也不用搜索。", "不训练、不搜索，按置信度在线决定跳几层。"),
    "hopper_only": ("2501.01028", "Does not require Hopper: the main path uses cp.async and mma.sync (sm_80 and newer).",
                    "It needs TMA/wgmma, Hopper only, so it can't run on the A100 box."),
    "ctx_metric": ("2501.01029", "H100 SXM, FP16 KV, 32K context, batch 16: 2.3x",
                   "Table 3, H100 SXM, FP16 KV: 1.7x over the split-KV kernel at 32K context, batch 16."),
    "spoken": ("2501.01030", "p99 TTFT at 6 req/s: 0.74 s",
               "at six requests per second they get a p ninety nine TTFT of one point three seconds"),
    "rate_apart": ("2501.01031", "p99 TTFT at 4 req/s: 410 ms", "p99 TTFT at 6 req/s: 0.74 s"),
    "median_apart": ("2501.01032", "p99 TTFT at 4 req/s: 410 ms",
                     "the median TTFT at four requests per second is like a hundred and twenty milliseconds"),
    "struck": ("2501.01033", "~~It needs a separate draft model.~~ It reuses the target's early layers to draft.",
               "It does not need a separate draft model."),
    "larger_batches": ("2501.01026", "It uses 2.6x less peak memory (weights included), which allows up to 4x larger batches.",
                       "峰值显存少了 2.6 倍（含权重），batch 能开到原来的 4 倍。"),
}
#: A third file about "retracted": it agrees with the retraction, so it conflicts with nothing.
AGREES = "这个结论已不成立，competitive ratio 没有 O(log n) 的保证。"


@pytest.fixture(scope="module")
def findings(tmp_path_factory):
    """``{work: [(kind, summary, a.source, b.source)]}`` over one store holding every pair."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    tmp = tmp_path_factory.mktemp("pairs")
    ws = tmp / "ws"
    (ws / "organized" / "paper_cards").mkdir(parents=True)

    def write(path, text):
        p = ws / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, "utf-8")

    for name, (aid, a, b) in PAIRS.items():
        for who, s in (("a", a), ("b", b)):
            body = s if "\n" in s else f"- {s}"  # a statement, or lines of their own (a caption and its list)
            write(f"inbox/{who}/{name}.md", f"# Notes\n\n## Work (arXiv:{aid})\n\n{body}\n")
    write("inbox/c/retracted.md", f"# r\n\n## W (arXiv:2501.00022)\n\n- {AGREES}\n")
    # titles: one ID under two titles (card and note), and a variant of the card's title that is no conflict
    write("organized/paper_cards/2501.00024.md",
          '---\ntitle: "FastSpec: Speculative Decoding Without Draft Models"\narxiv: 2501.00024\n---\n# FastSpec\n\n- heads\n')
    write("inbox/a/title.md", "# t\n\n- [SlowSpec: Retrieval Augmented Long Context Serving](https://arxiv.org/abs/2501.00024) is out.\n")
    write("inbox/b/title.md", "# t\n\n- [FastSpec: Speculative Decoding Without Draft Models for LLMs](https://arxiv.org/abs/2501.00024) is out.\n")
    # t97: what a relative clause says is of the work it hangs on ("… is MegaBlocks, which drops overflow tokens")
    write("inbox/a/relclause.md", "# n\n\n## MegaBlocks (arXiv:2501.01010)\n\n- It does not drop tokens and needs no capacity factor.\n")
    write("inbox/b/relclause.md", "# n\n\n## ReplicaX (arXiv:2501.01011)\n\n- The baseline in the quality table is "
          "MegaBlocks, which drops overflow tokens once an expert is over capacity.\n")
    # negation of a different work: X does not require retraining, Y (compared with X) does
    write("inbox/a/negw.md", "# n\n\n## X (arXiv:2501.00025)\n\n- It does not require retraining.\n")
    write("inbox/b/negw.md", "# n\n\n## Y (arXiv:2501.00026)\n\n- Unlike X (arXiv:2501.00025), it requires retraining.\n")
    # a one-paper note: its sections and a statement citing another work in brackets are about its paper
    write("inbox/a/topic.md", "# GateX — reading note\n\narXiv:2501.00071 · read 2027-01-02\n\n## Summary\n\n"
          "The gate sees only keys and values, so it works without access to attention scores and drops "
          "straight into a FlashAttention-2 kernel (2501.00072).\n\n## 二、方法\n\n- 不需要额外训练草稿头：直接复用 EAGLE-9 公开的草稿头。\n")
    write("inbox/c/bench.md", "# b\n\n- LongBench (arXiv:2501.00317) is the benchmark.\n")
    # a card's work cited in passing in brackets is a mention; a relay's own "not checked" doubts no card
    write("organized/paper_cards/2501.00320.md", "---\narxiv: 2501.00320\n---\n# GateX\n\n"
          "The sparse pattern is a FlexAttention block mask (arXiv:2501.00321), so the method needs no custom CUDA kernel.\n\n"
          "- Retains 98% of the dense RULER score at 128K.\n")
    write("inbox/a/gatex.md", "# g\n\n## GateX (arXiv:2501.00320)\n\n- Ships its own fused CUDA kernel (`csrc/x.cu`, gating "
          "and attention in one pass) and requires it.\n- keeps ~98% of dense RULER accuracy at 128K; that's per the "
          "authors' thread on X, not checked by anyone here.\n")
    write("inbox/c/eagle.md", "# e\n\n- EAGLE-9 (arXiv:2501.00084) drafts on features.\n"
          "- vLLM-X (arXiv:2501.00304) is the serving engine the others compare with.\n"
          "- vLLM-Q (arXiv:2501.00332) is another one.\n")
    write("inbox/b/topic.md", "# m\n\n## GateX (arXiv:2501.00071)\n\n- It needs the attention scores of the previous step.\n"
          "- The draft heads require fine-tuning before inference.\n")
    # a baseline's figure measured inside two other papers' one-paper notes: two settings, no conflict
    for who, host, x in (("a", "2501.00110", "1.4x"), ("b", "2501.00112", "2.9x")):
        write(f"inbox/{who}/host.md", f"# Host {who} — reading note\n\narXiv:{host}\n\n## Results\n\n"
              f"- Diffusion Policy (arXiv:2501.00111) gets a {x} speedup over the plain policy in this paper's setting.\n")
    # a baseline's figure quoted in another paper's read, under the setting its own paper reports: a conflict;
    # the read's own margin ("ahead by 0.05–0.08 ppl") is no value of its paper
    write("inbox/a/baseline.md", "# q\n\n## AWQ-9 (arXiv:2501.00301)\n\n- AWQ-9 reports a WikiText-2 perplexity of 5.60 "
          "for Llama-2-7B at W4A16 g128.\n")
    write("inbox/b/baseline.md", "# PivotX — critical read\n\narXiv:2501.00302 · whole PDF\n\n## Results\n\n"
          "- Their main table lists the AWQ-9 baseline (2501.00301) at 5.82 WikiText-2 ppl for Llama-2-7B, W4A16, g128.\n"
          "- PivotX is ahead by 0.05–0.08 ppl at g128 on Llama-2-7B.\n")
    write("organized/paper_cards/2501.00302.md", "---\narxiv: 2501.00302\n---\n# PivotX\n\n"
          "- Llama-2-7B, W4A16, g128: WikiText-2 perplexity 5.62\n")
    store = Store(tmp / "st")
    assert ingest_paths(store, [ws]).errors == []
    out: dict[str, list] = {}
    for f in contradictions(load_snapshot(store)):
        out.setdefault(f.subject.removeprefix("arXiv:"), []).append((f.kind, f.summary, f.a.source, f.b.source))
    return out


def _pair(name):
    return sorted([f"inbox/a/{name}.md", f"inbox/b/{name}.md"])


@pytest.mark.parametrize("name, kind, summary", [
    pytest.param("num_en", "number", "speedup of arXiv:2501.00001: 1.8x vs 2.8x", id="number-en"),
    pytest.param("num_zh", "number", "speedup of arXiv:2501.00002: 3.6 倍 vs 2.1x", id="number-zh-en"),
    pytest.param("q_en", "qualifier", "lossless / exact vs lossy / approximate: 'lossless' vs 'lossy'", id="lossless-lossy"),
    pytest.param("q_zh", "qualifier", "lossless / exact vs lossy / approximate: 'lossless' vs 'lossy'", id="wusun-yousun"),
    pytest.param("q_train", "qualifier", "training-free vs needs training: 'training-free' vs 'needs training'", id="training"),
    pytest.param("q_online", "qualifier", "online vs offline: 'online' vs 'offline'", id="zaixian-offline"),
    pytest.param("q_calib", "qualifier", "calibration-free vs needs calibration data: 'needs calibration' vs 'calibration-free'", id="calibration"),
    pytest.param("q_preempt", "qualifier", "preemptive vs non-preemptive: 'preemptive' vs 'non-preemptive'", id="qiangzhan-non-preemptive"),
    pytest.param("q_calib_zh", "qualifier", "calibration-free vs needs calibration data: 'calibration-free' vs 'needs calibration'", id="wuxu-jiaozhun"),
    pytest.param("neg_passive", "negation", "arXiv:2501.00035: 'need kernel' stated and denied", id="negation-passive-need"),
    pytest.param("neg_engine", "negation", "arXiv:2501.00034: 'modify serving engine' stated and denied", id="negation-zh-en-serving-engine"),
    pytest.param("neg_finetune", "negation", "arXiv:2501.00089: 'modify weights' stated and denied", id="fine-tuning-modifies-the-model"),
    pytest.param("neg_zh", "negation", "arXiv:2501.00018: 'modify model, weights' stated and denied", id="negation-zh"),
    pytest.param("neg_kernel", "negation", "arXiv:2501.00019: 'need kernel' stated and denied", id="negation-en"),
    pytest.param("version", "version", "speedup of arXiv:2501.00021: 2.3x vs 1.6x", id="version"),
    pytest.param("num_signed", "number", "accuracy of arXiv:2501.00041: -1.8 pts vs 3.1 point", id="minus-pts-vs-a-point-drop"),
    pytest.param("num_slo", "number", "goodput of arXiv:2501.00042: 7.4x vs 4.48×", id="h100s-and-slo-thresholds"),
    pytest.param("req_goodput", "number", "requests of arXiv:2501.00203: 7.4x vs 4.5x", id="zh-more-requests-is-goodput"),
    pytest.param("ppl_apart", "number", "perplexity of arXiv:2501.00132: 6.54 vs 6.81", id="perplexities-4-percent-apart"),
    pytest.param("v_changed", "version", "arXiv:2501.00133: inbox/a/v_changed.md states v1's figures; inbox/b/v_changed.md says v3 changed them",
                 id="figures-of-v1-vs-a-v3-that-changed-them"),
    pytest.param("q_query", "qualifier", "query-aware vs query-agnostic: 'query aware' vs 'query agnostic'", id="query-aware-vs-zh-agnostic"),
    pytest.param("q_arrival", "qualifier", "arrival model: 'adversarial' vs 'arbitrary'", id="adversarial-workloads-vs-arbitrary-inputs"),
    pytest.param("revised_repeat", "version", "arXiv:2501.00094: 1M in inbox/a/revised_repeat.md, changed to 512K in inbox/b/revised_repeat.md",
                 id="a-change-whose-old-value-is-repeated-after-it"),
    pytest.param("asked_last", "negation", "arXiv:2501.00095: 'modify weights' stated and denied", id="clauses-asserted-before-the-question"),
    pytest.param("q_sym", "qualifier", "symmetric vs asymmetric quantization: 'asymmetric' vs 'symmetric'", id="zh-asymmetric-vs-symmetric"),
    pytest.param("q_sync", "qualifier", "synchronous vs asynchronous: 'asynchronous' vs 'synchronous'", id="async-vs-sync"),
    pytest.param("neg_open", "negation", "arXiv:2501.00061: 'need rdma' stated and denied", id="needs-an-object-the-lexicon-does-not-name"),
    pytest.param("neg_relies", "negation", "arXiv:2501.00062: 'need warp specialization' stated and denied", id="relies-on-vs-no-x-needed"),
    pytest.param("neg_without", "negation", "arXiv:2501.00063: 'need attention scores' stated and denied", id="works-without-vs-zh-needs"),
    pytest.param("asked_field", "negation", "arXiv:2501.00147: 'modify weights' stated and denied",
                 id="zh-an-asking-field-label-and-a-needed-fine-tuning"),
    pytest.param("uses_draft", "negation", "arXiv:2501.00148: 'need draft model, model' stated and denied",
                 id="no-draft-model-needed-vs-uses-one"),
    pytest.param("than_named", "number", "requests of arXiv:2501.00303: 2.6× vs 3.6×", id="the-work-a-figure-is-measured-against-is-no-owner"),
    pytest.param("inside_host", "number", "throughput of arXiv:2501.00331: 1.8x vs 3.1x", id="a-work-a-figure-is-measured-inside-is-no-owner"),
    pytest.param("doc_quoted", "number", "speedup of arXiv:2501.00311: 2.6× vs 3.4×", id="the-doc-value-a-note-quotes-to-dispute-is-not-its-own"),
    pytest.param("greedy_scope", "qualifier", "lossless / exact vs lossy / approximate: 'lossless' vs 'lossy'",
                 id="exact-under-greedy-is-no-side-lossy-under-sampling-is"),
    pytest.param("e2e_zh", "number", "throughput of arXiv:2501.00313: 1.6 倍 vs 2.3×", id="zh-end-to-end-ratio-against-a-named-baseline"),
    pytest.param("num_budget", "number", "accuracy of arXiv:2501.00140: 97.2% vs 92.7%", id="retention-at-one-token-budget"),
    pytest.param("ceilings", "number", "flops of arXiv:2501.00143: 740 TFLOPS vs 620 TFLOPS", id="two-ceilings-that-differ"),
    pytest.param("drop_heads", "negation", "arXiv:2501.00144: 'drop heads' stated and denied", id="keeps-every-head-vs-drops-heads"),
    pytest.param("technique", "negation", "arXiv:2501.00145: 'use warp specialization' stated and denied",
                 id="no-x-vs-x-ed-of-a-technique"),
    pytest.param("neg_without_named", "negation", "arXiv:2501.00138: 'need draft model' stated and denied",
                 id="works-without-a-named-object-vs-needs-it"),
    pytest.param("neg_learned", "negation", "arXiv:2501.00139: 'need length predictor' stated and denied",
                 id="needs-no-x-predictor-vs-relies-on-a-learned-one"),
    pytest.param("feature_v", "version", "arXiv:2501.00064: 'support cache fp8 kv' stated and denied", id="future-work-in-v1-added-in-v2"),
    pytest.param("ctx_label", "number", "speedup of arXiv:2501.00069: 3.2x vs 2.6×", id="at-128k-context-vs-a-128k-label"),
    pytest.param("stock", "negation", "arXiv:2501.00083: 'use unmodified' stated and denied", id="unmodified-kernels-run-vs-not-stock"),
    pytest.param("feature_en", "version", "arXiv:2501.00076: 'support sampling' stated and denied", id="no-x-support-then-now-supports"),
    pytest.param("feature_zh", "version", "arXiv:2501.00077: 'support 采样' stated and denied", id="zh-not-yet-supported-then-added"),
    pytest.param("fraction", "number", "memory of arXiv:2501.00078: 41% vs 1/5", id="percent-lower-vs-a-fifth-of"),
    pytest.param("q_copula", "qualifier", "lossless / exact vs lossy / approximate: 'lossless' vs 'lossy'",
                 id="the-side-said-of-the-work-not-the-one-it-replaces"),
    pytest.param("testbed_fig", "qualifier", "simulated vs measured on hardware: 'simulated' vs 'measured'",
                 id="a-figure-simulated-vs-measured"),
    pytest.param("temp0_greedy", "number", "accepted_length of arXiv:2501.00104: 3.8 vs 3.1", id="t-0-is-greedy"),
    pytest.param("retracted", "version",
                 "arXiv:2501.00022: stated in inbox/a/retracted.md, taken back in v2 per inbox/b/retracted.md", id="retraction"),
    pytest.param("train_need", "negation", "arXiv:2501.01006: 'need draft model' stated and denied",
                 id="trains-a-separate-draft-model-vs-needs-none"),
    pytest.param("neither", "negation", "arXiv:2501.01007: 'need model' stated and denied", id="neither-needs-vs-needs"),
    pytest.param("free_object", "negation", "arXiv:2501.01008: 'need draft model' stated and denied",
                 id="draft-model-free-vs-not-draft-model-free"),
    pytest.param("calib_free", "qualifier", "calibration-free vs needs calibration data: 'calibration-free' vs 'needs calibration'",
                 id="calibration-free-vs-calibrates-on-samples"),
    pytest.param("must_need", "negation", "arXiv:2501.01012: 'need gpudirect storage' stated and denied",
                 id="zh-must-have-vs-works-without"),
    pytest.param("patches", "negation", "arXiv:2501.01013: 'modify kernel' stated and denied", id="patches-the-kernel-vs-does-not-modify-it"),
    pytest.param("batch_rate", "number", "throughput of arXiv:2501.01014: 1,840 tok/s vs 2,310 tok/s",
                 id="a-batch-before-a-rate-is-its-setting-not-its-measure"),
    pytest.param("row_unit", "number", "latency of arXiv:2501.01018: 6.8 s vs 9.4 s", id="a-cell-with-its-unit-takes-its-columns-measure"),
    pytest.param("cluster_instances", "negation", "arXiv:2501.01019: 'need cluster prefill' stated and denied",
                 id="a-prefill-cluster-is-prefill-instances"),
    pytest.param("granularity", "qualifier", "per-channel vs per-group weight quantization: 'per channel' vs 'per group'",
                 id="zh-per-channel-vs-per-group-weights"),
    pytest.param("quoted_changed", "version", "arXiv:2501.01021: 1.8× in inbox/a/quoted_changed.md, changed to 1.3× in inbox/b/quoted_changed.md",
                 id="zh-a-quoted-claim-said-to-be-changed-gives-no-value"),
    pytest.param("hopper_only", "negation", "arXiv:2501.01028: 'need hopper' stated and denied", id="hopper-only-vs-does-not-require-hopper"),
    pytest.param("ctx_metric", "number", "speedup of arXiv:2501.01029: 2.3x vs 1.7x", id="a-context-setting-is-no-measure-of-a-ratio"),
    pytest.param("spoken", "number", "latency of arXiv:2501.01030: 0.74 s vs 1.3 s", id="figures-dictated-in-words"),
])
def test_contradiction_is_flagged(findings, name, kind, summary):
    aid = PAIRS[name][0]
    assert [(k, s, sorted([a, b])) for k, s, a, b in findings.get(aid, [])] == [(kind, summary, _pair(name))]


def test_one_id_under_two_titles_is_flagged_and_a_longer_variant_is_not(findings):
    assert sorted((k, a, b) for k, _s, a, b in findings["2501.00024"]) == [
        ("title", "inbox/a/title.md", "inbox/b/title.md"), ("title", "inbox/a/title.md", "organized/paper_cards/2501.00024.md")]


@pytest.mark.parametrize("name", [
    pytest.param("units", id="3.6-bei-vs-3.6-times"),
    pytest.param("hw", id="different-hardware"),
    pytest.param("batch", id="different-batch"),
    pytest.param("model", id="different-model"),
    pytest.param("precision", id="different-precision"),
    pytest.param("range", id="a-figure-and-its-range"),
    pytest.param("approx", id="yue-2-bei-vs-2.1x"),
    pytest.param("ms_s", id="same-value-in-ms-and-s"),
    pytest.param("evidence", id="evidence-level-is-no-qualifier"),
    pytest.param("disputed", id="a-disputed-quote-agrees"),
    pytest.param("question", id="a-question-asserts-nothing"),
    pytest.param("p50_p99", id="p50-vs-p99"),
    pytest.param("budget", id="different-cache-budget"),
    pytest.param("hdim", id="different-head-dim"),
    pytest.param("goodput_tput", id="goodput-is-no-throughput"),
    pytest.param("workload", id="chatbot-vs-summarization-workload"),
    pytest.param("slo", id="different-slo-and-its-thresholds"),
    pytest.param("zh_temp", id="zh-different-temperature"),
    pytest.param("group", id="different-quantization-group-size"),
    pytest.param("from_to", id="from-one-role-to-the-other-is-no-revision"),
    pytest.param("ablation", id="an-ablation-figure"),
    pytest.param("zh_msize", id="zh-7b-vs-a-13b-model"),
    pytest.param("need_to", id="needs-to-do-is-no-object"),
    pytest.param("ttft_tpot", id="ttft-vs-tpot"),
    pytest.param("placed", id="a-figure-placed-not-doubted"),
    pytest.param("batch_ratio", id="zh-a-batch-ratio-is-no-throughput"),
    pytest.param("layer", id="zh-a-figure-of-some-layers"),
    pytest.param("two_measures", id="speedup-and-throughput-with-no-shared-setting"),
    pytest.param("decoding", id="sampling-vs-greedy"),
    pytest.param("set_aside", id="a-value-set-aside-is-no-value"),
    pytest.param("doubted", id="a-doubting-question-asserts-nothing"),
    pytest.param("table_model", id="a-tables-heading-sets-its-rows-model"),
    pytest.param("batch_x", id="a-batch-size-ratio-is-no-throughput"),
    pytest.param("neg_arch", id="fine-tuning-keeps-the-architecture"),
    pytest.param("fraction_same", id="zh-75-percent-less-is-a-quarter"),
    pytest.param("ctx_other", id="at-128k-vs-at-32k-context"),
    pytest.param("gpu_4090", id="a-list-under-its-caption-vs-two-4090s"),
    pytest.param("train_narrated", id="training-narrated-is-no-need"),
    pytest.param("online_data", id="zh-offline-data-is-no-offline-method"),
    pytest.param("testbed_far", id="sim-and-real-away-from-a-figure"),
    pytest.param("fwd_bwd", id="zh-backward-vs-forward-pass"),
    pytest.param("seq_len_zh", id="zh-sequence-length-4k-vs-32k"),
    pytest.param("ref_record", id="a-reference-records-title-asserts-nothing"),
    pytest.param("ppl_denied", id="zh-a-dataset-denied-in-brackets-is-not-the-figures"),
    pytest.param("phase", id="zh-prefill-vs-decode"),
    pytest.param("alternatives", id="a-statement-giving-alternatives-agrees-with-one-of-them"),
    pytest.param("ppl_baseline", id="a-baseline-in-brackets-or-after-against-is-its-own"),
    pytest.param("quoted_retraction", id="a-quoted-and-retracted-statement"),
    pytest.param("budget_apart", id="different-token-budget"),
    pytest.param("uses_kernel", id="no-custom-kernel-needed-vs-uses-a-librarys-kernels"),
    pytest.param("scope", id="attention-only-speedup-vs-decode-speedup"),
    pytest.param("approx_verb", id="zh-approximates-a-rate-is-no-approximation"),
    pytest.param("slash_list", id="two-figures-with-a-slash-agree-with-the-same-two"),
    pytest.param("listed_run", id="a-list-running-through-more-figures-agrees-with-one-of-them"),
    pytest.param("prefilling", id="pre-filling-vs-decoding"),
    pytest.param("other_setting", id="a-figure-the-other-source-gives-for-another-setting"),
    pytest.param("ttft_kernel", id="time-to-first-token-is-no-kernel-speedup"),
    pytest.param("bench_named", id="a-benchmark-named-like-a-work-is-the-setting-not-the-owner"),
    pytest.param("zero3", id="training-of-a-draft-model-narrated-is-no-need-of-one"),
    pytest.param("doc_lines", id="no-change-to-the-documents-lines-is-no-denial"),
    pytest.param("todo_line", id="an-open-item-states-nothing"),
    pytest.param("theoretical", id="a-theoretical-bound-is-no-measurement"),
    pytest.param("shape", id="a-shape-is-no-ratio"),
    pytest.param("section_number", id="zh-a-section-number-is-no-score"),
    pytest.param("question_owner", id="a-question-with-its-owner-after-it-asks"),
    pytest.param("larger_batches", id="x-larger-batches-is-no-memory-figure"),
    pytest.param("mian_free", id="zh-mian-xunlian-is-training-free"),
    pytest.param("rate_apart", id="two-request-rates"),
    pytest.param("median_apart", id="the-median-is-no-p99"),
    pytest.param("struck", id="a-sentence-struck-out-says-nothing"),
])
def test_pair_must_not_be_flagged(findings, name):
    assert findings.get(PAIRS[name][0], []) == []


def test_a_baselines_figures_in_two_papers_notes_are_not_compared(findings):
    """"Diffusion Policy … 1.4x" in a note about one paper and "… 2.9x" in a note about another: each was
    measured in its host paper's setting (queries.contradictions._host)."""
    assert findings.get("2501.00111", []) == []


def test_a_relative_clause_speaks_of_the_work_it_hangs_on(findings):
    """t97: "The baseline in the quality table is MegaBlocks, which drops overflow tokens" in a note about another
    work states what MegaBlocks does; its note's own work is not said to drop anything."""
    assert findings.get("2501.01010") == [("negation", "arXiv:2501.01010: 'drop tokens' stated and denied",
                                           "inbox/a/relclause.md", "inbox/b/relclause.md")]
    assert findings.get("2501.01011", []) == []


def test_negation_of_a_different_work_is_not_flagged(findings):
    assert findings.get("2501.00025", []) == [] and findings.get("2501.00026", []) == []


def test_a_statement_agreeing_with_a_retraction_is_not_flagged(findings):
    assert all("inbox/c/retracted.md" not in (a, b) for _k, _s, a, b in findings["2501.00022"])


def test_a_paper_versions_section_is_not_the_documents():
    """'全文精读了 v3 的第 4 节' and 'section 4 of v3' name the paper's section 4, not the living document's."""
    from ingest.placement import section_refs

    assert section_refs("全文精读了 v3 的第 4 节，结论不变") == []
    assert section_refs("section 4 of v3 has the ablation") == []
    assert [(r.key, r.role) for r in section_refs("建议放第 4 节")] == [("4", "suggest")]


def test_a_statement_keeps_at_most_max_figures():
    """A pasted log on one line ('3.2x 1.1x 45% …' 100 KB) keeps its first ``MAX_FIGURES`` figures: what is
    derived from each figure quotes the statement, so more would grow with the square of the line."""
    from ingest.facts import MAX_FIGURES, find_figures

    figs = find_figures("3.2x 1.1x 45% " * 2000)
    assert len(figs) == MAX_FIGURES and (figs[0].value, figs[0].unit) == (3.2, "x")


def test_percent_encoded_text_holds_no_figures():
    """'[[%E5%8F%84%E9%9B%86]]' and a URL's '%E5%84%9B%20' are encoded text: no '84%' (issue 23)."""
    from ingest.facts import find_figures

    assert find_figures("见 [[%E5%8F%84%E9%9B%86]] 的讨论") == ()
    assert find_figures("[[%38%34%25 %39%42]]") == ()
    assert find_figures("https://zh.wikipedia.org/wiki/%E5%84%9B%20%E5%84%9B") == ()
    # one encoded byte after a letter (the issue's own example, found again by an attacker's pass)
    assert find_figures("见 [[a%2084%25]] 与 [[x%2050%]]") == () and find_figures("bare a%2084%25 here") == ()
    assert [q.raw for q in find_figures("acceptance 45%, 2.1x on A100")] == ["45%", "2.1x"]
    assert [q.raw for q in find_figures("cut 25% (p<0.05)")] == ["25%"]


def test_an_item_naming_no_work_and_no_section_is_low(tmp_path):
    """An item with no work (no ID, no name the store knows) and no section of the living document has
    nothing to place, whatever verbs it uses ("queue your runs", "add two interview questions"): low.
    Across the 25 oracles such items are low 114 times out of 114."""
    rows = _shift_rows(tmp_path, "# Doc\n\n## 1 Decoding\n\nMedusa (arXiv:2401.10774).\n\n## References\n\n- Medusa, arXiv:2401.10774\n",
                       {"inbox/a/sync.md": "# Sync\n\n## Hiring\n\n- Add two Triton questions to the interview set.\n\n"
                                           "## EAGLE\n\n- EAGLE (arXiv:2401.15077) drafts from features; add it.\n"})
    assert [(r.title, r.relevance, r.reason) for r in rows] == [
        ("Hiring", "low", "names no work and no section of the living document"), ("EAGLE", "increment", None)]


def test_a_name_written_after_a_label_resolves_an_item_that_writes_no_id(tmp_path):
    """`### Poster #3412 — Tidal: Phase-Aware …` over its `arXiv:2612.04417` names the work Tidal (the label
    before the dash is no name), so a standup bullet "reproduced Tidal on our box" is about 2612.04417."""
    rows = _shift_rows(tmp_path, "# Doc\n\n## 1 Serving\n\ntext\n\n## References\n\n- none\n", {
        "inbox/a/trip.md": "# Trip report\n\n### Poster #3412 — Tidal: Phase-Aware Elastic Disaggregation for "
                           "Goodput-Optimal LLM Serving\n\narXiv:2612.04417 · 4.48x goodput\n\n"
                           "### Poster #1876 — RadixRoute (arXiv:2611.20931)\n\n- routing\n",
        "inbox/a/standup.md": "# Standup\n\n## Amara\n- Yesterday: reproduced Tidal on our 4×L40S, 2.2x goodput.\n"
                              "- Today: RadixRoute.\n"})
    assert [(r.works, r.resolved_by) for r in rows if r.source == "inbox/a/standup.md"] == [
        (["2612.04417"], "name"), (["2611.20931"], "name")]
def test_a_figure_written_with_a_minus_sign_or_in_pts_is_a_drop_in_points():
    """"-1.8 pts" and "a 3.1 point drop" are drops of points (an accuracy when no metric is named); a range
    "2-3x" keeps its dash."""
    def fig(t):
        return [(q.value, q.unit, q.metric, q.direction) for q in find_figures(t)]
    assert fig("-1.8 pts on LongBench") == [(1.8, "pt", "accuracy", "down")]
    assert fig("a 3.1 point drop on LongBench") == [(3.1, "pt", "accuracy", "down")]
    assert fig("a 2-3x speedup") == [(2.0, "x", "speedup", None)]
    assert fig("drop-in: 2x faster") == [(2.0, "x", "speedup", None)]


def test_conditions_of_a_setting_budget_head_dim_slo_and_zh_temperature():
    """A KV budget, a head dimension, an SLO's thresholds (a condition, not figures) and "温度 0" are
    conditions; a later clause's condition does not override one the sentence set before."""
    def conds(t):
        return [(q.raw, q.conditions) for q in find_figures(t)]
    assert conds("at a 20 % budget: -1.8 pts") == [("-1.8 pts", ("budget:20",))]
    assert conds("KV 预算 为 10% 时掉 0.5 分") == [("0.5 分", ("budget:10",))]
    assert conds("hdim 64, FP16 ≈ 500 TFLOPs/s, 比 hdim 256 低很多") == [("500 TFLOPs/s", ("hdim:64", "precision:fp16"))]
    assert conds("2.9x under the SLO (TTFT ≤ 2 s, TPOT ≤ 100 ms)") == [("2.9x", ("slo:2000/100",))]
    # temperature 0 is greedy decoding: "T=0" and "greedy" are one setting
    assert conds("表 2（温度 0，Vicuna-7B）：平均接受长度 3.2") == [("3.2", ("decoding:greedy", "model:vicuna-7b", "msize:7b", "temp:0"))]
    assert conds("我在 7B 上试过，速度约 2 倍") == [("2 倍", ("msize:7b",))]
    assert [q.raw for q in find_figures("552B 骨干参数，支持最长 1M token 上下文")] == ["552B", "1M"]  # a parameter count
    assert conds("附录 D 消融：去掉标定 τ 回到 2.9") == [("2.9", ("ablation:yes",))]
    assert conds("平均接受长度比论文表 2 低一截") == [] and conds("τ 的具体数值等疑问 1 查清再写") == []  # labels
    assert [q.conditions for q in find_figures("加速 2.1x", context="温度 1（top-p 1.0）：")] == [("decoding:sampling", "temp:1")]
    assert [q.conditions for q in find_figures("2x on 16 H100s")] == [("gpus:16", "hw:h100")]  # a plural, not an "H100S"; 16 GPUs
    assert [q.conditions for q in find_figures("2x on 8 L40S")] == [("gpus:8", "hw:l40s")]
    assert [q.conditions for q in find_figures("Llama-3-8B W4A4（KV 也是 4 bit）下困惑度上升 0.3")] == [
        ("model:llama3-8b", "msize:8b", "precision:w4a4kv4")]
    assert [q.conditions for q in find_figures("on 2×4090: decode 1.7x over flashinfer dense. needs triton")] == [
        ("base:flashinfer-dense", "gpus:2", "hw:rtx4090", "phase:decode")]  # (the "RTX 4090" another note writes)


def test_an_apa_reference_title_is_the_field_after_the_authors():
    from ingest.living_doc import reference_title

    assert reference_title("Lee, J., Kim, S., Wu, T., … Park, H. (2024). FooServe: serving LLMs with phase splitting. "
                           "arXiv:2501.00060.") == "FooServe: serving LLMs with phase splitting"


@pytest.fixture(scope="module")
def title_findings(tmp_path_factory):
    """Title findings of a small store: a card titled by its "# Title" heading and a note giving the ID
    another title."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    ws = tmp_path_factory.mktemp("titles") / "ws"
    files = {
        "organized/paper_cards/0001-2501-00050.md": "# PyraInfer: Pyramid KV Cache Compression for High Throughput\n\n"
            "| field | value |\n|---|---|\n| arXiv | https://arxiv.org/abs/2501.00050 |\n",
        "inbox/a/bib.md": "# b\n\n- [PyraKV: Dynamic KV Cache Compression by Information Funneling](https://arxiv.org/abs/2501.00050)\n",
    }
    for path, text in files.items():
        (ws / path).parent.mkdir(parents=True, exist_ok=True)
        (ws / path).write_text(text, "utf-8")
    store = Store(ws.parent / "st")
    assert ingest_paths(store, [ws]).errors == []
    snap = load_snapshot(store)
    return contradictions(snap)


def test_a_card_titled_by_its_heading_is_quoted_at_the_heading(title_findings):
    found = title_findings
    t = [(f.a.source, f.a.line, f.b.source, f.b.line) for f in found if f.subject == "arXiv:2501.00050"]
    assert sorted(t) == [("inbox/a/bib.md", 3, "organized/paper_cards/0001-2501-00050.md", 1)] or \
        sorted(t) == [("organized/paper_cards/0001-2501-00050.md", 1, "inbox/a/bib.md", 3)]


def test_a_label_naming_the_work_is_no_second_title():
    """A log heading or a table cell that names the work by its short name ("CalibX 复现 · Vicuna-7B",
    "EAGLE-9 的消融") is no second title of "CalibX: …"; "PyraInfer: …" beside "PyraKV: …" is."""
    from queries.contradictions import _named_label

    assert _named_label("2027-01-03 14:22 CalibX 复现 · Vicuna-7B", "CalibX: Calibrated Draft Trees for Decoding")
    assert _named_label("EAGLE-9: Scaling up Drafting", "EAGLE-9 的消融（讲完补文档第二章）")
    assert not _named_label("PyraInfer: Pyramid KV Cache Compression", "PyraKV: Dynamic KV Cache Compression")
    assert not _named_label("LoKV: Lossless 2-bit KV Cache", "LoKV: Near-lossless 2-bit KV Cache")
    # a title of its own that ends with the short name is a second title, not a label (t28 blind shift)
    assert not _named_label("Sarathi-Serve: Efficient LLM Inference by Piggybacking Decodes with Chunked Prefills",
                            "Taming Throughput-Latency Tradeoff in LLM Inference with Sarathi-Serve")


REVIEW = """# Review notes: acme/serve PR #12
"Blocking handoff mode for the connector" · PR author @bob · reviewer: Lena · 2027-01-05
Reviewed at head 9c4e1b7a. State after my pass: changes requested.

## What the PR changes (read the whole diff)
- `serve/sched.py:41`: new `WAITING` request state; a request is not scheduled until acked.
- `serve/connector.py` (new): the prefill worker pushes the whole cache after the last layer.
- `serve/config.py:12`: `handoff = "blocking" | "layerwise"`; the default stays `layerwise`.

## Which paper does it implement?
- FooPaper. The PR body says the mode "implements the FooPaper transfer (arxiv.org/abs/2501.00053v2)".
- BarPaper. The PR title used to say "BarPaper-style" (arXiv:2501.00054).

## Benchmarks (ran it myself on our 4×L40S box)
1P1D, TP=2 per instance, ShareGPT prompts, 7,124 requests.
- branch (blocking handoff): P50 TTFT 212 ms, P50 TPOT 31 ms, goodput 5.1 req/s
- main (colocated, chunked prefill as in SARATHI [2501.00052]): P50 TTFT 188 ms, goodput 3.9 req/s
- So the PR gives 1.3× goodput over colocated on this box.
"""


def test_an_arxiv_listing_entry_takes_the_title_on_its_next_line():
    text = "# cs.CL new\n\n[126] arXiv:2501.00075 (replaced) [pdf, html, other]\nTitle: PyraKV: Dynamic KV Cache Funneling\n"
    parts, _ = parse_note(text, "inbox/p/listing.md")
    assert [(r.line, r.title) for r in parts["arxiv"]] == [(3, "PyraKV: Dynamic KV Cache Funneling")]


def test_a_bullet_is_no_title_of_the_next_bullets_link():
    """An item's opening ends with the item: the bullet "branch (…): P50 TTFT 212 ms …" titles no link of the
    next bullet."""
    parts, _ = parse_note(REVIEW, "inbox/c/review.md")
    assert [(r.line, r.title) for r in parts["arxiv"] if r.arxiv_id == "2501.00052"] == [(17, None)]


def test_a_table_row_reads_its_columns_measure_and_its_captions_setting():
    """A bare number under a column naming a measure ("平均接受长度" | "2.4") is that measure's value, and the
    line above the table ending in a colon ("温度 1：") sets its rows' conditions."""
    text = ("# 日志\n\n温度 1：\n\n| 模型 | 平均接受长度 | 接受率 |\n|---|---|---|\n| Vicuna-7B | 2.0 | 0.61 |\n")
    parts, _ = parse_note(text, "inbox/q/log.md")
    row = [c for c in parts["claims"] if c.line == 7]
    assert [(q.value, q.metric, q.conditions) for c in row for q in c.quantities] == [
        (2.0, "accepted_length", ("decoding:sampling", "model:vicuna-7b", "msize:7b", "temp:1")),
        (0.61, "acceptance_rate", ("decoding:sampling", "model:vicuna-7b", "msize:7b", "temp:1"))]


def test_one_paper_note_topic_is_the_subject_of_its_sections_and_of_a_passing_citation(findings):
    """"# GateX — reading note" / "arXiv:2501.00071": a section naming no work ("## 二、方法") and a statement
    citing FlashAttention-2 in brackets in passing are about GateX."""
    from queries.contradictions import _cited_in_passing

    assert sorted(k for k, *_ in findings["2501.00071"]) == ["negation", "qualifier"]
    assert findings.get("2501.00072", []) == []
    assert _cited_in_passing("so it works without scores and drops straight into a FlashAttention-2 kernel (2501.00070).",
                             "2501.00070")
    assert not _cited_in_passing("FlashAttention-2 (2501.00070) splits the work", "2501.00070")


def test_a_reference_titled_by_two_system_names_gives_both_names():
    """"Kwon et al. vLLM / PagedAttention (preprint version). arXiv:…": the entry names the work "vLLM" and
    "PagedAttention" (a statement opening "vLLM v0.6.3, 1×A100: 2,310 tok/s" is about it)."""
    from queries.items import _NAME_PAIR

    assert _NAME_PAIR.match("vLLM / PagedAttention (preprint version)").group(1, 2) == ("vLLM", "PagedAttention")
    assert _NAME_PAIR.match("Attention Is All You Need") is None


LIVING = """# 推理系统

## 3.2 调度

[Foo] 把 prefill 切成等大的 chunk，与 decode 拼进同一个 batch。
[Foo-Serve] 在此基础上提出 stall-free 调度。Mistral-7B 单卡 A100 上服务容量提升 2.6 倍。

## 参考资料

- [Foo] Foo: Efficient LLM inference by piggybacking decodes. arXiv:2501.00090
- [Foo-Serve] Foo-Serve: Taming throughput-latency tradeoff in LLM inference. arXiv:2501.00091
"""


def test_a_living_document_sentence_naming_no_work_goes_on_about_the_one_before():
    """In one paragraph "[Foo] …。[Foo-Serve] …。Mistral-7B 上提升 2.6 倍。": the figure is Foo-Serve's."""
    from datetime import timezone

    from ingest.living import parse_living_source

    parts, _ = parse_living_source(LIVING, "organized/knowledge/x.md", tz=timezone.utc)
    assert [(c.subjects, c.text[:10]) for c in parts["claims"] if c.line == 6] == [
        (("2501.00091",), "[Foo-Serve"), (("2501.00091",), "Mistral-7B")]


def _shift_rows(tmp_path, doc: str, notes: dict[str, str]):
    """``query items`` rows of a one-manifest workspace: living document ``doc``, the materials ``notes``
    (workspace path -> text), in that order."""
    import json

    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.items import shift_items
    from queries.snapshot import load_snapshot

    ws = tmp_path / "ws"
    for path, text in {"organized/knowledge/doc.md": doc, **notes}.items():
        (ws / path).parent.mkdir(parents=True, exist_ok=True)
        (ws / path).write_text(text, "utf-8")
    mid = "1b2c3d4e-0000-4000-8000-000000000009"
    (ws / "work-guard").mkdir()
    (ws / "work-guard" / f"{mid}.json").write_text(json.dumps(
        {"manifest_id": mid, "created": "2026-12-02", "knowledge": "organized/knowledge/doc.md",
         "items": [{"path": p} for p in notes]}), "utf-8")
    s = Store(None)
    assert ingest_paths(s, [ws]).errors == []
    from queries.contradictions import at_odds_with_living_docs

    snap = load_snapshot(s)
    return shift_items(snap, mid, at_odds_with_living_docs(snap))


def test_a_checked_statement_contradicting_the_document_is_an_increment_and_hearsay_is_not(tmp_path):
    """An item about a cited work is low when it brings nothing the document lacks, unless a statement of
    it, checked against the paper, contradicts the document (a revision: t30's "v3 changed 3.1x to 2.2x");
    the same contradiction as hearsay stays low (t5's newsletter recap, t9's remark in a chat)."""
    doc = ("# Doc\n\n## 2 Kernels\n\nFlexQ (arXiv:2501.00093) gives a 3.1x throughput gain on L40S.\n\n"
           "## References\n\n- FlexQ: Flexible Quantized Kernels. arXiv:2501.00093\n")
    rows = _shift_rows(tmp_path, doc, {
        "inbox/a/read.md": "# Notes\n\n## FlexQ v3 (arXiv:2501.00093)\n\nOnly the abstract.\n\n- The throughput gain on L40S is 2.2x.\n",
        "inbox/b/heard.md": "# Notes\n\n## FlexQ (arXiv:2501.00093)\n\nA newsletter says it, unverified.\n\n- The throughput gain on L40S is 2.2x.\n"})
    assert [(r.source, r.relevance) for r in rows] == [("inbox/a/read.md", "increment"), ("inbox/b/heard.md", "low")]


def test_a_cards_source_field_says_what_the_card_was_made_from_not_a_reading_depth():
    """`**Source:** built from the abstract page and the OSDI talk slides` is how the card was made: its
    statement rests on the card (card_only), not on an abstract read; a source naming a person's own
    reading keeps its depth (`written by hand by jonas after reading the PDF`)."""
    def levels(line: str) -> tuple[str, ...]:
        parts, _ = parse_note(f"# DistServe\n\n**arXiv:** 2401.09670\n{line}\n", "organized/paper_cards/0533-2401-09670.md",
                              "paper_card")
        return next(c.evidence_levels for c in parts["claims"] if c.line == 4)
    # (since the twenty-ninth stop the depth the source names stays beside card_only: the card holds what the abstract
    # gives, and the blind shifts' writers read a card's source line so; card_only is still its level)
    assert levels("**Source:** built from the abstract page and the OSDI talk slides; the PDF was not read") == (
        "abstract_checked", "card_only", "second_hand")
    assert levels("Source: written by hand by jonas after reading the PDF (sections 1–6)") == ("full_text",)
    assert levels("阅读程度：v3 全文过了一遍") == ("full_text",)


def test_a_vendors_own_claim_in_a_newsletter_keeps_the_notes_second_hand_channel():
    """A newsletter scan (second-hand for every entry) whose entry is "the vendor's own benchmark": the
    entry is the vendor's claim *and* reached the writer second-hand."""
    parts, _ = parse_note("Source: The Batch Size, issue 57. Each entry is the newsletter's blurb; I didn't click through.\n\n"
                          "1. POD-Attention gets a v2 — https://arxiv.org/abs/2410.18038v2\n\n"
                          "2. Kestrel Cloud blog, \"Disaggregated prefill cuts TTFT by 3x\"\n"
                          "   Comment: the vendor's own benchmark on its own stack.\n", "inbox/lena/scan.md")
    assert [set(i.evidence_levels) for i in parts["items"]] == [
        {"second_hand", "unverified"}, {"second_hand", "vendor_self_reported", "unverified"}]


def test_a_reference_records_title_asserts_nothing():
    """In a one-paper note's reference list, `Wu et al. *GR-1: Unleashing Large-Scale Video Generative
    Pre-training …*. arXiv:2312.13139, 2023.` states no training and `VLA-RL: Scalable Online RL …` is not
    "online": the real vault's reports were mostly such titles set against statements of the cited work."""
    text = ("# PAD\n\n> 论文：arXiv:2407.18000\n\n## 方法\n\n- 在线微调，对比 GR-1。\n\n## 参考\n\n"
            "- Wu et al. *GR-1: Unleashing Large-Scale Video Generative Pre-training for Visual Robot Manipulation*. "
            "arXiv:2312.13139, 2023.\n- VLA-RL: Scalable Online RL for Autoregressive VLA (https://arxiv.org/abs/2505.18719)：同期工作\n")
    parts, _ = parse_note(text, "inbox/a/PAD.md")
    facts = {c.line: (c.qualifiers, c.predicates) for c in parts["claims"]}
    assert facts[7] == (("online:online",), ("+fine_tune:",))
    assert facts[11] == ((), ()) and facts[12] == ((), ())


def test_the_brief_gives_the_reason_of_an_item_naming_no_work_and_no_section(tmp_path):
    """The brief's low table says why (it said "none" while `query items` had the reason)."""
    import json

    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.briefing import brief_data
    from queries.render.brief import render_brief

    ws = tmp_path / "ws"
    files = {"organized/knowledge/doc.md": "# Doc\n\n## 1 Decoding\n\nMedusa (arXiv:2401.10774).\n\n## References\n\n- Medusa, arXiv:2401.10774\n",
             "inbox/a/sync.md": "# Sync\n\n## Offsite\n\n- The offsite moved to Friday.\n\n"
                                "## EAGLE\n\n- EAGLE (arXiv:2401.15077) drafts from features; add it to 1.\n"}
    for path, text in files.items():
        (ws / path).parent.mkdir(parents=True, exist_ok=True)
        (ws / path).write_text(text, "utf-8")
    (ws / "work-guard").mkdir()
    (ws / "work-guard" / "m.json").write_text(json.dumps({"manifest_id": "m", "knowledge": "organized/knowledge/doc.md",
                                                           "items": [{"path": "inbox/a/sync.md"}]}), "utf-8")
    s = Store(None)
    ingest_paths(s, [ws])
    d = brief_data(s, "m").model_dump(mode="json")
    row = next(ln for ln in render_brief(d, lang="en").splitlines() if "Offsite" in ln)
    assert "names no work and no section of the living document" in row


def test_a_legend_of_tags_states_no_level():
    """A board's legend line names every tag it uses ("tags as on the cards (#abs-only, #full, #2nd-hand)"):
    it explains the marks, it is no statement of how deeply anything was read."""
    assert evidence_reader().explains_levels("tags as on the cards (#abs-only, #full, #2nd-hand, #secN.M = where it goes)")


@pytest.mark.parametrize("a, b, variant", [
    pytest.param("Robotic Telekinesis：观看 YouTube 人类视频学习机器人手模仿器",
                 "Robotic Telekinesis: Learning a Robotic Hand Imitator by Watching Humans on YouTube", True, id="a-translation"),
    pytest.param("UMI: Universal Manipulation Interface",
                 "Universal Manipulation Interface: In-the-Wild Robot Teaching Without In-the-Wild Robots", True,
                 id="without-its-short-name"),
    pytest.param("π0: A VLA Flow Model for General Robot Control",
                 "π0: A Vision-Language-Action Flow Model for General Robot Control", True, id="an-acronym-spelled-out"),
    pytest.param("$\\pi_0$: A Vision-Language-Action Flow Model for General Robot Control",
                 "π₀: A Vision-Language-Action Flow Model for General Robot Control", True, id="tex-and-unicode"),
    pytest.param("DistServe: Disaggregating Prefill and Decoding for Goodput-optimized Large Language Model Serving",
                 "DistServe: Disaggregating Prefill and Decoding for Throughput-optimized LLM Serving", False,
                 id="one-word-changed-is-another-title"),
    pytest.param("Kangaroo: Lossless Self-Speculative Decoding via Double Early Exiting",
                 "Kangaroo: Lossless Self-Speculative Decoding with Adaptive Early-Exit Adapters", False, id="another-subtitle"),
])
def test_title_variants_that_name_one_paper(a, b, variant):
    from queries.contradictions import title_variant

    assert (title_variant(a, b) is not None) is variant


def test_a_paper_that_proposes_something_is_no_proposal_of_the_writer(tmp_path):
    """"the n-gram pool only proposes candidates …" describes the paper's method: an already-cited work's item
    saying it is low; "I propose adding it to 3.2" is the writer's proposal (found by the fresh-user run)."""
    import re

    from ingest.lexicon import load_lexicon

    add = re.compile("|".join(f"(?:{p})" for p in load_lexicon().raw["structure"]["add_markers"]), re.IGNORECASE)
    assert not add.search("the n-gram pool only proposes candidates that are then verified")
    assert add.search("I propose adding it next to Medusa") and add.search("Proposal: a line in 3.2")


def test_a_queue_legend_marks_its_unchecked_boxes_unread():
    """"[x] = read (with how far I got), [ ] = not yet": an entry still in its box was not read (t36)."""
    r = evidence_reader()
    legend = r.legend([(2, "quant + KV cache · [x] = read (with how far I got), [ ] = not yet")])
    assert legend == {"[ ]": "unverified"}
    assert r.levels("- [ ] PV-Tuning [2405.14852] — read before anyone touches §3.2", legend) == ("unverified",)


def test_the_openings_exception_speaks_for_the_item_it_names():
    """"Read all three PDFs end to end, except PyramidKV, which I only skimmed": PyramidKV's section is
    abstract-level though its highlights carry page numbers; the others are read in full (t34)."""
    text = ("Zotero annotation export\nRead all three PDFs end to end, except PyramidKV, which I only skimmed.\n\n"
            "## MergeQ: Cross-Layer KV Merging (Okafor, 2026)\nPDF: https://arxiv.org/pdf/2612.11209v1.pdf\n\n"
            "\"merging adjacent layers keeps 98% of the accuracy\" (p. 3)\n\n"
            "## PyramidKV: Dynamic KV Cache Compression (Cai, 2024)\nDOI 10.48550/arXiv.2406.02069\n\n"
            "\"retaining only 12% of the KV cache\" (p. 1)\n")
    parts, _ = parse_note(text, "inbox/lena/z.md", "note")
    assert [(i.line, i.evidence_levels) for i in parts["items"]] == [(4, ("full_text",)), (9, ("abstract_checked",))]


def test_a_figures_conditions_stay_in_its_own_part_of_the_sentence():
    """A parenthesis stating a figure (a baseline) or denying something, and a figure after "against",
    keep their conditions to themselves; "3 bits" is 3-bit (t36)."""
    assert [(q.raw, q.conditions) for q in find_figures("复现的 GPTQ 4-bit 在 Llama-2-7B 上 C4 PPL 是 7.51（Wikitext-2 他没报）。")] == [
        ("7.51", ("bench:c4", "model:llama2-7b", "msize:7b", "precision:4-bit"))]
    assert [(q.raw, q.conditions) for q in find_figures("GPTQ, 4-bit g128 on Llama-2-7B: Wikitext-2 PPL 5.72 (fp16 baseline 5.47).")] == [
        ("5.72", ("bench:wikitext2", "group:128", "model:llama2-7b", "msize:7b", "precision:4-bit"))]
    assert [(q.raw, q.conditions) for q in find_figures("Llama-3-8B at 3 bits reaches Wikitext-2 PPL 6.9 against 6.1 in fp16.")] == [
        ("6.9", ("bench:wikitext2", "model:llama3-8b", "msize:8b", "precision:3-bit"))]
    assert [q.raw for q in find_figures("puts GPTQ at 4-bit on Llama-2-7B at 6.31 Wikitext-2 perplexity")] == ["6.31"]


def test_a_read_column_and_its_values():
    """A pasted sheet's "Read?" column (t37): its cells are levels."""
    r = evidence_reader()
    assert r.column_level("Read?", "abstract + the HF model card") == "abstract_checked"
    assert r.column_level("Read?", "sections 3-5, skipped the proofs") == "full_text"
    assert r.column_level("Read?", "saw the repo, no paper read") == "unverified"


def test_prefill_and_decode_are_conditions_and_counts_of_tokens_no_scores():
    assert [q.conditions for q in find_figures("128K 预填充加速约 2.8 倍")] == [("ctx:128000", "phase:prefill")]
    assert [q.conditions for q in find_figures("decode throughput 1.5x on A100")] == [("hw:a100", "phase:decode")]
    assert [q.conditions for q in find_figures("EAGLE speculative decoding gives 3x")] == [()]
    assert find_figures("要点：先按 64 token 池化算低分辨率的 q·k 得分") == ()
    assert [q.raw for q in find_figures("Mean acceptance length 3.8 tokens on MT-bench")] == ["3.8"]
    assert [q.direction for q in find_figures("Cuts KV-cache memory by 40% on Llama-3.1-70B")] == ["down"]


def test_a_doubted_figure_on_one_gpu_is_not_the_same_figure_on_another(findings):
    """"在 A100 上 4.5 倍" doubted against "3.25x on A100 and 4.5x on A6000": one number conflict (A100:
    3.25x vs 4.5 倍), and the A6000 figure is not marked unverified (../shared/shifts/s3)."""
    assert [k for k, _s, _a, _b in findings["2501.00137"]] == ["number"]


@pytest.mark.parametrize("a_text, b_text, names, sides", [
    # a hedge before the side's words makes them the other side: "近无损" is near-lossless, not "无损"
    ("量化后近无损，困惑度只涨 0.1。", "It is lossless: outputs are bit-identical.", ("lossy", "lossless"), ["近无损", "lossless"]),
    ("almost lossless at 4-bit", "该方法是无损的。", ("lossy", "lossless"), ["almost lossless", "无损"]),
    # a side read from a negation has no words of its own: the side's name, never an empty quote
    ("It is not lossless.", "该方法是无损的。", ("lossy", "lossless"), ["lossy", "无损"]),
], ids=["zh-hedge", "en-hedge", "negated-side"])
def test_a_qualifier_side_is_quoted_whole(a_text, b_text, names, sides):
    from ingest.lexicon import load_lexicon
    from queries.briefing import _side_phrase
    from queries.results import Contradiction, Statement

    f = Contradiction(id="x", kind="qualifier", subject="arXiv:2501.00001",
                      summary=f"lossless / exact vs lossy / approximate: '{names[0]}' vs '{names[1]}'",
                      a=Statement(text=a_text, source="a.md", line=1, line_end=1),
                      b=Statement(text=b_text, source="b.md", line=1, line_end=1))
    lex = load_lexicon()
    assert [_side_phrase(lex, a_text, f, "a", fallback=True), _side_phrase(lex, b_text, f, "b", fallback=True)] == sides


def test_figures_of_t40_to_t43_wording():
    """What the blind shifts t40-t43 wrote: a footnote's number and a post's age are no figures; a
    label before a colon names the measure; a token budget is a condition and its "token" no measure."""
    from ingest.facts import find_figures

    assert [(q.raw, q.metric) for q in find_figures("PagedAttention[^1] 借鉴虚拟内存分页，KV 缓存浪费低于 4%。")] == [("4%", None)]
    # (nor, since the seventeenth stop, a post's votes: "142 points" between a header's separators is no score)
    assert [q.raw for q in find_figures("tensorwrangler · 142 points · 19 hours ago")] == []
    assert [q.raw for q in find_figures("tensorwrangler wrote: 19 hours ago, scored 142 points on the quiz")] == ["142 points"]
    assert [(q.metric, q.conditions) for q in find_figures(
        "SnapKV retention on LongBench (Mistral-7B, 16 tasks): 97.2% at a 1024-token budget.")] == [
        ("accuracy", ("bench:longbench", "budget:1024", "model:mistral-7b", "msize:7b"))]
    assert [(q.raw, q.bound) for q in find_figures("FA3 tops out at about 620 TFLOPS on H100")] == [("620 TFLOPS", "max")]
    # an attention window is no context length (a fresh user's "sinks=4 + window 2k" vs "streams of 4M tokens")
    assert [(q.raw, q.metric) for q in find_figures("sinks=4 + window 2k, ran a 1M-token stream")] == [("2k", None), ("1M", "context")]


def test_chat_style_sentences_split_before_a_lower_case_word():
    from ingest.text import split_sentences

    t = "they size the chunk instead of one fixed 512. headline is 35% lower TTFT, e.g. on ShareGPT vs. Sarathi"
    assert [t[a:b] for a, b in split_sentences(t)] == [
        "they size the chunk instead of one fixed 512.", "headline is 35% lower TTFT, e.g. on ShareGPT vs. Sarathi"]


def test_reference_titles_of_t41_and_t43_records():
    from ingest.living_doc import reference_title
    from ingest.notes import parse_note

    assert reference_title("[12] EAGLE-2: Faster Inference of Language Models with Dynamic Draft Trees，Li et al.，"
                           "arXiv 2406.16858，2024") == "EAGLE-2: Faster Inference of Language Models with Dynamic Draft Trees"
    assert reference_title("[5] Li et al.，2024，arXiv 2401.12345") is None
    # a card whose title is a field/value table's row, under a heading that is only its number
    parts, _ = parse_note("# 0631 · 2410.02367\n\n| Field | Value |\n|---|---|\n| ID | arXiv:2410.02367 |\n"
                          "| Title | SageAttention2: Efficient Attention with Outlier Smoothing |\n",
                          "organized/paper_cards/0631-2410-02367.md", "paper_card")
    assert [(r.line, r.title) for r in parts["arxiv"] if r.title] == [
        (6, "SageAttention2: Efficient Attention with Outlier Smoothing")]


@pytest.mark.parametrize("text, refs", [
    ("For the doc: this is the entry the open question in 2.4. asks for; put it there, with a back-pointer from 2.3.",
     [("2.4", None, "suggest"), ("2.3", None, "cross")]),
    ("→ 建议放 3.2；2.1 权重量化那边可以加一句交叉引用", [("3.2", None, "suggest"), ("2.1", None, "cross")]),
    ("Placement: FlexAttention could go under 3 Kernels as a kernel generator.", [("3", None, "suggest")]),
    ("Note: placement: next to PagedFP8 in the FP8 paths section.", [(None, "FP8 paths", "suggest")]),
    ("This belongs with the FP8 material.", [(None, "FP8", "suggest")]),
    ("要是 3.2 节加 EAGLE-3，可以顺带挂上这个仓库。", [("3.2", None, "suggest")]),
    ("The 4.2 number needs a caveat at least.", [("4.2", None, "suggest")]),
    ("Where the correction should go: 4.3, swap the number.", [("4.3", None, "suggest")]),
    # "加上" is "plus", no "add to"; "对应 §5.3" places it (the reference brief's own wording, since 2026-12-06)
    ("Apache 2.0 加上权重可获得，对应 §5.3。", [("5.3", None, "suggest")]),
    ("The multi-turn point deserves a line in §8 of the doc.", [("8", None, "suggest")]),
    ("Head-level split of the cache; a bullet in 2.3, cross-referenced from 2.4.",
     [("2.3", None, "suggest"), ("2.4", None, "cross")]),
    ("A line in 2.3 says it is lossless.", [("2.3", None, "mention")]),
    ("It is a memory figure; 2.3 only has the 3.6x speed figure, so add the 8.2x next to it.", [("2.3", None, "suggest")]),
    ("- section:: 2.3, maybe also 5 (it speaks to the budget question)", [("2.3", None, "suggest"), ("5", None, "suggest")]),
    ("Where: 4.1 or 6", [("4.1", None, "suggest"), ("6", None, "suggest")]),
    ("Mean JCT 1.7x lower than FCFS. Belongs with queue ordering (4.1), not with preemption.",
     [("4.1", None, "suggest"), (None, "queue ordering", "suggest")]),
    ("It was 1.3x (4.1) faster", []),
    ("Suggested home: §2.3 Tree verification (or 4.2 for the KV angle).", [("2.3", None, "suggest"), ("4.2", None, "suggest")]),
    ("AI: priya — fix the §1.2 sentence if he agrees", [("1.2", None, "suggest")]),
    ("TideServe 放 4.1 吧；租户配额那块在 4.2 提一句就行", [("4.1", None, "suggest"), ("4.2", None, "suggest")]),
    ("§4.2，顺带回应第六章第二条", [("4.2", None, "mention"), ("6", None, "cross")]),
    ("Goes with the rest of them", []),
], ids=["put-it-there", "zh-title-then-nabian", "go-under-a-number-and-title", "the-x-section", "the-x-material",
        "zh-add-to-a-section", "the-n-number-needs-a-caveat", "should-go-colon", "zh-jiashang-is-plus",
        "deserves-a-line", "a-bullet-in-and-cross-referenced-from", "a-line-in-n-says-is-a-mention",
        "n-only-has", "field-maybe-also", "field-or", "number-in-brackets-after-a-name", "a-figure-in-brackets-is-none",
        "or-an-alternative", "fix-the-n-sentence", "zh-ti-yi-ju", "zh-respond-to-a-chapter", "the-rest-is-no-title"])
def test_section_suggestions_of_t40_to_t43(text, refs):
    from ingest.placement import section_refs

    assert [(r.key, r.title, r.role) for r in section_refs(text)] == refs


def test_a_statement_naming_one_of_its_items_works_is_about_that_one(tmp_path):
    """A repo card about EAGLE, EAGLE-2 and EAGLE-3: "EAGLE-2 uses …" is about EAGLE-2, and "EAGLE-1: 3x
    faster …" is not about the works named as other variants (t41: its 3x was compared with EAGLE-2's)."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import claim_subjects
    from queries.snapshot import load_snapshot

    card = ("# repo card 0912 — SafeAILab/EAGLE\n\n- 关联论文：EAGLE（arXiv:2401.15077）、EAGLE-2（2406.16858）、EAGLE-3（2503.01840）\n\n"
            "## README\n> EAGLE-1: 3x faster than vanilla decoding (13B).\n"
            "> EAGLE-2 uses the confidence scores of the draft model to build a dynamic draft tree.\n")
    p = tmp_path / "ws" / "organized" / "repo_cards" / "0912-SafeAILab-EAGLE.md"
    p.parent.mkdir(parents=True)
    p.write_text(card, "utf-8")
    s = Store(None)
    ingest_paths(s, [tmp_path / "ws"])
    snap = load_snapshot(s)
    subj = claim_subjects(snap)
    by_line = {c.line: subj[c.iri] for c in snap.claims if c.path.endswith("0912-SafeAILab-EAGLE.md")}
    assert by_line[6] == ["2401.15077"] and by_line[7] == ["2406.16858"]


def test_facts_of_t44_to_t46_wording():
    """What the blind shifts t44-t46 wrote: 砍 is a cut; "是同步的" is synchronous; a retraining the work
    needs changes its weights; a field whose label asks states only its value; an accelerator's name is
    no figure."""
    from ingest.facts import find_figures, predicates, qualifier_sides

    assert [(q.raw, q.direction) for q in find_figures("把 decode 的 all-to-all 延迟砍了 52%")] == [("52%", "down")]
    assert qualifier_sides("也就是说它的预取是同步的，并不是和计算重叠。") == ("sync:synchronous",)
    assert "+modify:weights" in predicates("Section 4.2 is clear that they require retraining the positional embeddings")
    assert predicates("训练时对条件帧加噪声") == ("+train:",)  # narrated, no need: no weights changed
    # (the gate's logits reused: a reuse, the twenty-ninth stop's verb, of no object the lexicon names)
    assert predicates("**是否需改模型**：无需修改模型，直接复用门控 logits") == ("+reuse:", "-modify:model,weights")
    assert [(q.raw, q.conditions) for q in find_figures("with offloading on two RTX 4090s, 7.78x over the offloading baseline")] == [
        ("7.78x", ("base:offloading-baseline", "hw:rtx4090"))]


def test_a_title_written_in_a_bookmark_asserts_nothing():
    """`[Draft & Verify: Lossless …](arxiv) — lossy in practice`: the title's "Lossless" is no claim, the
    note's "lossy" is (t46); a card whose body is a `<details>` block takes its title from the summary."""
    from ingest.notes import parse_note

    parts, _ = parse_note("# Bookmarks\n\n- [Draft & Verify: Lossless Large Language Model Acceleration via Self-Speculative "
                          "Decoding](https://arxiv.org/pdf/2309.08168.pdf) — lossy in practice according to a Reddit thread #skim\n",
                          "inbox/t/b.md")
    assert [c.qualifiers for c in parts["claims"] if c.line == 3] == [("fidelity:lossy",)]
    card, _ = parse_note("<details>\n<summary>0733 · 2404.11912 · TriForce: Lossless Acceleration of Long Sequence "
                         "Generation</summary>\n\nAuthors: Sun et al.\n</details>\n", "organized/paper_cards/0733-2404-11912.md",
                         "paper_card")
    assert [(r.line, r.title) for r in card["arxiv"] if r.title] == [(2, "TriForce: Lossless Acceleration of Long Sequence Generation")]


def test_one_pair_read_as_a_qualifier_and_a_negation_is_one_finding(findings):
    """"training-free" vs "needs fine-tuning of the draft heads" is one conflict: reported once, as a qualifier,
    never as a qualifier and a negation of the same two statements (a fresh user counted 6 findings for 2)."""
    assert [k for k, _s, _a, _b in findings["2501.00150"]] == ["qualifier"]


def test_facts_of_t47_wording():
    """What the blind shift t47 wrote: "vanilla vLLM" is the baseline "vLLM"; a named request trace ("the
    Azure conversation trace", "the ShareGPT replay") is a benchmark, so figures on two traces are not
    compared; "a length predictor" and "length prediction" are one object; "Title — Kwon et al., 2023.
    <link>" is a reference-list record whose title comes first."""
    from ingest.living_doc import reference_title

    spoken = find_figures("on the Azure conversation trace p99 TTFT goes down 61% versus vanilla vLLM")
    row = find_figures("p99 TTFT −38% on the Azure conversation trace vs vLLM")
    other = find_figures("On the ShareGPT replay p99 TTFT is −44% vs vLLM at 3 req/s.")
    assert spoken[0].conditions == row[0].conditions == ("base:vllm", "bench:azureconversation", "latkind:ttft", "percentile:99")
    assert "bench:sharegpt" in other[0].conditions
    from ingest.facts import open_objects_match

    (denied,) = predicates("the whole point is it does not need any output-length prediction")
    (stated,) = predicates("relies on a learned length predictor (small regressor) to break ties")
    # (the lexicon names the object since the twenty-fourth stop: "output-length predictor" = "输出长度预测器")
    assert (denied, stated) == ("-need:length_predictor", "+need:length_predictor")
    assert open_objects_match(denied.split(":", 1)[1], stated.split(":", 1)[1])
    assert not open_objects_match("~custom+kernel", "~length+predictor")
    assert reference_title("* Efficient Memory Management for Large Language Model Serving with PagedAttention — Kwon et al., "
                           "2023. <https://arxiv.org/abs/2309.06180>") == \
        "Efficient Memory Management for Large Language Model Serving with PagedAttention"


def test_adding_heads_is_needing_them_and_a_trace_condition_keeps_figures_apart():
    """t50: "adds two decoding heads" states what "we need no extra heads" denies (``facts.add_is_need``);
    "adds up to 2x" adds nothing."""
    assert predicates("we need no extra heads and no new parameters at all") == ("-need:heads",)
    assert predicates("it exits early at a calibrated layer and adds two decoding heads on top of that layer") == (
        "+add:heads", "+need:heads")
    assert predicates("together this adds up to 2x") == ()


def test_an_action_item_naming_a_paper_is_no_title_of_it():
    """`AI: jonas — read the Mirror Drafting PDF (2602.03318v1)`: a label and a sentence before the ID, not
    the work's title (it was set against the card's title as a title conflict, t50)."""
    parts, _ = parse_note("AI: jonas — read the Mirror Drafting PDF (2602.03318v1) and settle the heads question\n",
                          "inbox/m/h.md")
    assert [(r.line, r.title) for r in parts["arxiv"]] == [(1, None)]
    parts, _ = parse_note("- Medusa: Simple LLM Inference Acceleration Framework (arXiv:2401.10774)\n", "inbox/m/h.md")
    assert [(r.line, r.title) for r in parts["arxiv"]] == [(1, "Medusa: Simple LLM Inference Acceleration Framework")]


def test_a_claim_named_is_not_made_and_a_fixed_tree_is_static():
    """t50: "if the training-free claim survives a read of the PDF" names a claim, it makes none (it was set
    against the card's trained heads as a negation); "verifies a fixed 64-node tree" is static and "the tree is
    resized every step" dynamic, with "no longer verifies a fixed …" not static."""
    from ingest.facts import facts_of

    named = facts_of("if the training-free claim survives a read of the PDF, this belongs in 2.1 after Draft & Verify")
    assert (named.qualifiers, named.predicates) == ((), ())
    made = facts_of("We are training-free: we pick the exit layer on 512 calibration prompts")
    # (it says it uses calibration data too: "on 128 calibration samples" is a need of calibration, t58)
    # ("training-free": training is not needed, and the work does no training)
    assert (made.qualifiers, made.predicates) == (("training:training_free", "calibration:needs_calibration"), ("-need:training", "-train:"))
    assert qualifier_sides("DynaTree (arXiv:2601.04417v1) verifies a fixed 64-node tree at every batch size") == ("dynamic:static",)
    assert qualifier_sides("v2 no longer verifies a fixed 64-node tree: the tree is resized every step") == ("dynamic:dynamic",)


def test_facts_of_t52_wording():
    """t52: "Azure 对话 trace" is the trace "Azure Conversation trace"; "不需要预测输出长度" and "依赖输出长度预测器" name one
    object; a 钉钉 turn ("[03-08 10:26] 李婷：…") starts a statement of its own; a version's change written without
    figures ("v2 把调度侧从全局单队列改成了按租户的虚拟队列") is set against the earlier version's statement."""
    from ingest.facts import facts_of, open_objects_match
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    zh = facts_of("摘要写的是：在 Azure 对话 trace 上吞吐比 vLLM 提升 2.6 倍。").figures[0].conditions
    en = facts_of("Fig.7：Azure Conversation trace、单卡 A100，吞吐比 vLLM 默认调度提升 1.9 倍").figures[0].conditions
    assert "bench:azureconversation" in zh and "bench:azureconversation" in en
    assert open_objects_match("~预测输出长度", "~输出长度预测器") and not open_objects_match("~训练模型", "~模型结构")
    parts, _ = parse_note("[03-08 10:24] 王磊：吞吐比 vLLM 提升 1.9 倍\n[03-08 10:26] 李婷：回复 王磊：它跟 VTC [2401.00588] 比了没？\n",
                          "inbox/l/d.md")
    assert [c.line for c in parts["claims"] if "1.9" in c.text and "VTC" not in c.text] == [1]


def test_a_later_version_s_change_without_figures_is_a_version_finding(tmp_path):
    """The living document states v1's design; a card says v2 changed it ("改成了"), no figure on either side."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    (tmp_path / "organized" / "knowledge").mkdir(parents=True)
    (tmp_path / "organized" / "paper_cards").mkdir(parents=True)
    (tmp_path / "organized" / "knowledge" / "sched.md").write_text(
        "# 调度\n\n## 四、公平\n\n### 4.2 配额\n\n- QuotaServe（arXiv:2601.08842v1）只在准入阶段做租户配额检查，调度侧是全局单队列，"
        "不支持按租户隔离队列。\n\n## 参考文献\n\n- [1] QuotaServe, arXiv:2601.08842, 2026.\n", "utf-8")
    (tmp_path / "organized" / "paper_cards" / "0731-2601-08842.md").write_text(
        "# 论文卡片 0731 · QuotaServe\n\n**arXiv**：2601.08842v2\n**v2 变化**：v2 把调度侧从全局单队列改成了按租户的虚拟队列（v1 只在准入时查配额）。\n",
        "utf-8")
    store = Store(tmp_path / "st")
    assert ingest_paths(store, [tmp_path]).errors == []
    got = [(f.kind, sorted([f.a.source, f.b.source])) for f in contradictions(load_snapshot(store)) if f.kind == "version"]
    assert got == [("version", ["organized/knowledge/sched.md", "organized/paper_cards/0731-2601-08842.md"])]


def test_facts_of_t53_wording():
    """t53: traffic is a metric ("reduces all-to-all traffic by 40%" / "slashes all-to-all traffic by 65%"); "zero
    retraining" denies retraining ("zero-shot" negates nothing); a placement field's "不用改" is the document's, it
    says nothing of the work."""
    from ingest.facts import facts_of

    assert [(q.value, q.metric) for q in find_figures("LATR reduces all-to-all traffic by 40% on an 8-node EP64 deployment")] == [
        (40.0, "traffic")]
    assert [(q.value, q.metric) for q in find_figures("routing slashes all-to-all traffic by 65% at EP64")] == [(65.0, "traffic")]
    zero = facts_of("locality-aware routing, zero retraining")
    assert (zero.qualifiers, zero.predicates) == (("training:training_free",), ("-train:",))
    assert qualifier_sides("zero-shot accuracy drops, it needs retraining") == ("training:needs_training",)
    parts, _ = parse_note("- paper: LATR\n  where: §5.1 已经有了，不用改\n", "inbox/l/y.md")
    assert [(c.qualifiers, c.predicates) for c in parts["claims"] if "不用改" in c.text] == [((), ())]


def test_facts_of_t54_wording():
    """t54: "needs no calibration set" denies what "calibrates α on 128 samples" does (a calibration set named
    as needed is calibrating, ``facts.need_object_verbs``); "at a calibrated layer" and "calibration prompts"
    calibrate nothing; a quote the writer disputes ('"… computed at runtime" — don't think that's right') and
    what a title is said to say before a "but" assert nothing; "scales computed at runtime" are dynamic."""
    from ingest.facts import facts_of

    assert "-calibrate:" in predicates("so the method needs no calibration set and converts in minutes")
    assert predicates("Sec. 4.1 calibrates the migration strength α on 128 samples from the Pile") == ("+calibrate:",)
    assert "+calibrate:" not in predicates("it exits early at a calibrated layer; we pick it on 512 calibration prompts")
    said = facts_of('L12: "QuaRot quantizes activations with per-token scales computed at runtime" — don\'t think '
                    "that's right, QuaRot uses one static per-tensor scale per activation.")
    assert said.qualifiers == ("dynamic:static", "scale_granularity:per_tensor", "scale_channel:per_tensor")  # (one scale for the whole tensor, too: no scale per block, nor per channel)
    assert facts_of("The title says calibration-free, but Sec. 4.1 calibrates α on 128 samples").qualifiers == ()
    assert qualifier_sides("Activations are quantized with per-token symmetric scales computed at runtime") == (
        "dynamic:dynamic", "symmetry:symmetric")


def test_review_fixes_zero_claims_and_section_columns():
    """"ZeRO-3", "Zero-overhead" negate nothing (lower-case "zero" before a space does); a 说法 named without quotes
    keeps the statement around it; a "Target" column is no section column."""
    from ingest.placement import table_section

    assert predicates("ZeRO-3 training of the draft model") == ("+train:draft_model,model",)
    assert predicates("Zero-overhead quantization of weights") == ("+quantize:weights",)
    assert "-train:" in predicates("zero retraining needed")
    # (the statement is kept; what follows 无需 is no object of its 需要: "needs fine-tuning", not "needs training")
    assert "+need:fine_tuning" in predicates("它需要微调而无需训练的说法站不住")
    assert table_section("Target", "8 GPUs, 2 nodes") == [] and table_section("Target section", "§3.2") == ["3.2"]


def test_a_depth_in_the_body_of_an_entry_of_a_second_hand_digest_stays_second_hand():
    """A digest whose opening says its entries are someone else's words (t51's feed export): the blog's own
    "we ran 300 steps" in an entry's body is the blog's check, not the curator's; an entry the curator
    checked keeps its depth."""
    text = ("# Feed digest\n\nEverything in the entries is the feed's excerpt, i.e. what someone else wrote.\n\n"
            "### What broke when we shipped 2-bit KV caches\n"
            "We followed KIVI (arXiv:2402.02750) and we ran about 300 steps of fine-tuning on our chat mix.\n"
            "> my take: interesting.\n\n"
            "### SnapKV in practice\n"
            "The headline number of SnapKV (arxiv.org/abs/2404.14469) is an 8.2x memory gain.\n"
            "> my take: nothing to add.\n")
    parts, _ = parse_note(text, "inbox/a/digest.md")
    assert parts["evidence"] == "second_hand"
    assert [(i.works, i.evidence_levels) for i in parts["items"]] == [
        (("2402.02750",), ("full_text", "second_hand")), (("2404.14469",), ("second_hand",))]
    # the same entry in a note that says nothing of whose words they are: the writer's own run
    own, _ = parse_note(text.replace("Everything in the entries is the feed's excerpt, i.e. what someone else wrote.",
                                     "Notes from this week."), "inbox/a/digest.md")
    assert own["items"][0].evidence_levels == ("full_text",)


def test_t56_contrast_eviction_and_a_version_that_adds_a_tier(tmp_path):
    """t56's kinds of text: "Unlike Quest, H2O evicts low-score tokens" is about H2O, not Quest; "does not evict
    any tokens" against "evicts low-score tokens" is a negation; "as of v1 … there is no SSD tier" against
    "v3 adds an NVMe SSD tier" is a version change; "v3 … otherwise unchanged" changes nothing."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    ws = tmp_path / "ws"
    files = {
        "organized/paper_cards/0001-2406-10774.md": "# Quest: Query-Aware Sparsity for Efficient Long-Context LLM Inference\n\n- arXiv: 2406.10774\n",
        "organized/paper_cards/0002-2306-14048.md": "# H2O: Heavy-Hitter Oracle for Efficient Generative Inference of LLMs\n\n- arXiv: 2306.14048\n",
        "inbox/a/doc.md": "# Notes\n\n## Quest (arXiv:2406.10774)\n\n- Quest does not evict any tokens: the whole KV cache stays resident.\n\n"
                          "## CascadeKV (arXiv:2601.03327)\n\n- CascadeKV, as of v1, moves cold KV blocks from HBM to CPU DRAM only; "
                          "there is no SSD tier below the DRAM blocks.\n",
        "inbox/b/thread.md": "# Thread\n\n## comment by mpatel\n\nUnlike Quest, H2O evicts low-score tokens for good.\n"
                             "Quest (arXiv:2406.10774) keeps the cache; H2O is arXiv:2306.14048.\n",
        "inbox/c/org.md": "# Queue\n\n## Quest (arXiv:2406.10774)\n\n- evicts low-score tokens at each decode step\n\n"
                          "## CascadeKV v3 (arXiv:2601.03327v3)\n\n- v3 adds an NVMe SSD tier below CPU DRAM; idle blocks spill to SSD\n"
                          "- v3 keeps the same 1M-token agent trace; prefetch policy otherwise unchanged\n",
    }
    for path, text in files.items():
        (ws / path).parent.mkdir(parents=True, exist_ok=True)
        (ws / path).write_text(text, "utf-8")
    store = Store(tmp_path / "st")
    assert ingest_paths(store, [ws]).errors == []
    found = {(f.kind, f.subject, f.a.source, f.a.line, f.b.source, f.b.line) for f in contradictions(load_snapshot(store))}
    assert ("negation", "arXiv:2406.10774", "inbox/a/doc.md", 5, "inbox/c/org.md", 5) in found
    assert not any(f[1] == "arXiv:2406.10774" and "inbox/b/thread.md" in (f[2], f[4]) for f in found)  # H2O's, set apart
    assert ("version", "arXiv:2601.03327", "inbox/a/doc.md", 9, "inbox/c/org.md", 9) in found
    assert not any(f[1] == "arXiv:2601.03327" and 10 in (f[3], f[5]) for f in found)  # "otherwise unchanged"


def test_t55_to_t58_facts():
    """What t55-t58 wrote: the baseline's side of a qualifier ("比静态树…") is not the work's; a quoted claim the
    writer finds doubtful ("'不用训练'这句我个人觉得可疑") is not made; "训练阶段就模拟多步草稿" narrates when, it trains
    no draft; "push-based" vs "pull-based" and "per-layer" vs "per-head budgets" are qualifiers; "on 128
    calibration samples" needs calibration; "1.6x the goodput of DistServe" has DistServe as its baseline, as
    "相对静态 1:1 划分" has the static split English names so."""
    from ingest.facts import facts_of, find_figures

    assert qualifier_sides("树的形状跟着草稿置信度走，比静态树省掉很多验证 token。") == ()
    assert qualifier_sides("It is faster than a static tree.") == ()
    assert facts_of('"不用训练"这句我个人觉得可疑，跟我印象里不太一样。').predicates == ()
    assert "+train:draft_model" not in facts_of("训练阶段就模拟多步草稿（training-time test）").predicates
    assert qualifier_sides("push-based: prefill pushes each layer's KV to the decode node") == ("transfer:push",)
    assert qualifier_sides("KV 传输是 pull-based：decode 节点按层去拉 KV block，prefill 侧不主动推。") == ("transfer:pull",)
    assert qualifier_sides("PyramidKV allocates per-layer budgets") == ("budget_granularity:per_layer",)
    assert qualifier_sides("per-head budgets, pyramid-shaped across the heads of each layer") == ("budget_granularity:per_head",)
    assert "calibration:needs_calibration" in qualifier_sides("v2 fits per-channel scales offline on 128 calibration samples")
    assert [q.conditions for q in find_figures("it still reaches 1.6x the goodput of DistServe")] == [("base:distserve",)]
    zh = [c for q in find_figures("8×H100 上，相对静态 1:1 划分 goodput 提升 4.5 倍") for c in q.conditions if c.startswith("base:")]
    en = [c for q in find_figures("4.5x goodput vs a static 1:1 split on 8×H100") for c in q.conditions if c.startswith("base:")]
    assert zh == en == ["base:static-1"]


def test_t62_facts():
    """t62: "ships its own CUDA kernel … and requires it" needs the kernel the pronoun stands for; "2 bits
    asymmetrically" is asymmetric."""
    from ingest.facts import predicates

    assert "+need:kernel" in predicates("the repo ships its own CUDA kernel (hgq_gemm, sm_90a) and requires it")
    assert predicates("We tried it and need it") == ()
    assert qualifier_sides("KIVI quantizes the KV cache to 2 bits asymmetrically, keys per-channel") == (
        "symmetry:asymmetric", "key_quant_axis:per_channel")


def test_t59_to_t61_facts():
    """Cold t59-t61: a video note's "03:12" is a stamp, no figure; "FlashAttention-2" and "FA2" are one baseline,
    "hd128" a head dim; "不需要修改路由器" denies what "The router is fine-tuned for 2,000 steps" states (a passive's
    subject is its object; fine-tuning the router modifies it); a hit rate is a measure."""
    from ingest.facts import find_figures, predicates

    assert find_figures("03:12 FlashAttention 回顾：分块 + online softmax") == ()
    assert [c for q in find_figures("H100、head dim 64 时相对 FlashAttention-2 加速 2.1 倍") for c in q.conditions if c.startswith("base:")] == ["base:fa2"]
    assert "hdim:128" in find_figures("VarHead hd128 → 只有 1.4x vs FA2")[0].conditions
    assert "-modify:router" in predicates("不需要修改路由器，直接套在 vLLM 上就能用")
    assert "+modify:router" in predicates("The router is fine-tuned for 2,000 steps with an auxiliary loss.")
    assert [(q.metric, q.value) for q in find_figures("91% expert-cache hit rate on ShareGPT")] == [("hit_rate", 91.0)]


def test_a_project_named_as_a_place_is_not_the_work():
    """t61: "Kai 在 vLLM slack 里说 ExpertStream … 19.8 tok/s" is about ExpertStream; "vLLM slack" is where it was said."""
    from queries.items import _NOT_THE_WORK_AFTER

    assert _NOT_THE_WORK_AFTER.match(" slack 里说") and _NOT_THE_WORK_AFTER.match("'s Discord") and _NOT_THE_WORK_AFTER.match(" 的群里")
    assert not _NOT_THE_WORK_AFTER.match(" paper says")


def test_a_cards_source_that_is_the_whole_paper_is_a_reading():
    """t63–t66: `Source: full paper (v3 PDF) read end to end` on a card is a person's reading (a pipeline
    makes a card from an abstract page or a README); a source built by a bot keeps only the card's level."""
    def levels(line: str) -> tuple[str, ...]:
        parts, _ = parse_note(f"# Helmsman\n\n**arXiv:** 2602.11873\n{line}\n", "organized/paper_cards/0731-2602-11873.md",
                              "paper_card")
        return next(c.evidence_levels for c in parts["claims"] if c.line == 4)
    assert levels("- **Source:** full paper (v3 PDF) read end to end; numbers from its tables") == ("full_text",)
    assert levels("Source: full text, main paper plus appendix B (cost model); card by Oskar") == ("full_text",)
    assert levels("来源：arxiv.org/abs/2601.11427v2 ｜ 阅读深度：v2 全文精读，含附录 C") == ("full_text",)
    assert levels("Source: auto-generated from the arXiv abstract page and the README") == ("card_only",)


def test_a_forum_threads_quoted_replies_stay_under_their_post():
    """A Reddit thread pasted into a note: each post opens with its author line, the replies are quoted
    under it and open with their own author line; the posts are the items (it is no email answered point
    by point, whose quotes are the topics)."""
    note = ("# r/LocalLLaMA scan\n\nEverything below is Reddit, paraphrased.\n\n"
            "**u/kv_enjoyer · 412 points** (OP)\n\nNew paper: arxiv.org/abs/2602.11873, 4M tokens on one node.\n\n"
            "> **u/rick · 188 points**\n> The KV math does not add up.\n\n"
            "**u/bf16 · 141 points**\n\nStar Attention (2411.17116) gave 4x at 512K for a coworker.\n\n"
            "> **u/rick · 52 points**\n> star attention isn't exact though\n\n"
            "**u/old_gguf · 77 points**\n\nLWM (https://arxiv.org/abs/2402.08268) did 1M tokens in 2024.\n")
    parts, _ = parse_note(note, "inbox/d/reddit.md")
    assert [(i.line, i.works) for i in parts["items"]] == [
        (5, ("2602.11873",)), (12, ("2411.17116",)), (19, ("2402.08268",))]


def test_a_figure_restated_by_a_note_read_only_at_abstract_depth_is_not_flagged_unverified(tmp_path):
    """A note that says once "I only skimmed the abstract" and states 2.4x agrees with a full read's 2.4x;
    a statement that itself says the 2.4x is not checked flags it (``unverified_figure``)."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    full = "# ArborSpec (arXiv:2603.05529)\n\nRead in full.\n\n- At temperature 1 the speedup on 7B is 2.4x.\n"
    skim = ("# ArborSpec (arXiv:2603.05529)\n\n只看了摘要，正文没细看。\n\n- 温度 1 也还有 2.4 倍。\n")
    doubt = "# ArborSpec (arXiv:2603.05529)\n\n- 温度 1 的 2.4 倍未验证，待核。\n"
    for other, flagged in ((skim, False), (doubt, True)):
        ws = tmp_path / str(flagged)
        for path, text in {"inbox/a/full.md": full, "inbox/b/other.md": other}.items():
            (ws / path).parent.mkdir(parents=True, exist_ok=True)
            (ws / path).write_text(text, "utf-8")
        s = Store(None)
        assert ingest_paths(s, [ws]).errors == []
        kinds = [f.kind for f in contradictions(load_snapshot(s))]
        assert ("unverified_figure" in kinds) is flagged, (flagged, kinds)


def test_an_emoji_led_line_is_a_statement_of_its_own():
    """Social-media writing (t64's 小红书 note): each emoji-led line is one statement, so "正文没细看" on the
    next line does not make the 2.4 倍 line a doubt of its own."""
    from ingest.notes import sentence_pieces
    lines = ((10, "🔥 温度调到 1 也还有 2.4 倍，采样场景也不拉胯"), (11, "💬 老实交代：这篇就扫了眼摘要和图1，正文没细看"))
    assert [(la, lb) for _t, la, lb in sentence_pieces(lines)] == [(10, 10), (11, 11)]


def test_a_statement_opening_with_another_work_or_labelled_baselines_is_not_about_the_notes_work(tmp_path):
    """In a highlight export about one paper, "Medusa-2 and Hydra (arXiv:2402.05109) reach 2.3× and 2.6×" is
    about Hydra, and "基线：Medusa-2 2.3 倍" about baselines: neither is the paper's own 2.3×/3.5×."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import claim_subjects, contradictions
    from queries.snapshot import load_snapshot

    ws = tmp_path / "ws"
    files = {
        "inbox/z/export.md": ("《ArborSpec: Self-Drafting Trees》 共3条划线\n文件：2603.05529v2.pdf\n\n◆ 第5章 Experiments\n\n"
                              "◆ Medusa-2 and Hydra (arXiv:2402.05109) reach 2.3× and 2.6× on Llama-2-chat-7B.\n"
                              ">> 想法：基线：Medusa-2 2.3 倍，Hydra 2.6 倍（7B，温度 0）。\n\n◆ ArborSpec reaches 3.5× on 70B.\n"),
        "inbox/t/note.md": "# ArborSpec (arXiv:2603.05529)\n\n- Llama-2-chat-7B 温度 0 直接 3.5 倍。\n",
    }
    for path, text in files.items():
        (ws / path).parent.mkdir(parents=True, exist_ok=True)
        (ws / path).write_text(text, "utf-8")
    s = Store(None)
    assert ingest_paths(s, [ws]).errors == []
    snap = load_snapshot(s)
    subjects = {c.line: claim_subjects(snap)[c.iri] for c in snap.claims if c.path == "inbox/z/export.md"}
    assert subjects[6] == ["2402.05109"] and subjects[7] == [] and "2603.05529" in subjects[9]
    assert [f for f in contradictions(snap) if f.kind == "number"] == []


def test_a_living_documents_statement_takes_the_version_its_citation_list_gives(tmp_path):
    """t66: the document says "Spillway recomputes preempted KV" and cites Spillway as `…v1` in its
    Bibliography; a memo says v2 abandons that and swaps: a version conflict (the document's statement is
    v1's)."""
    from graph.loader import ingest_paths
    from graph.store import Store
    from queries.contradictions import contradictions
    from queries.snapshot import load_snapshot

    doc = ("# Schedulers\n\n## 2 Preemption\n\n- Spillway (arXiv:2605.09114) recomputes preempted KV instead of swapping it, "
           "since a PCIe swap is slower below ~16k tokens.\n\n## Bibliography\n\n"
           "- [Okafor et al., 2026] Spillway: Recompute or Swap. <https://arxiv.org/abs/2605.09114v1>\n")
    memo = ("# Memo\n\nThe revised version, 2605.09114v2, abandons that: preempted requests are now swapped to host "
            "memory whenever the context is longer than 4k tokens.\n")
    ws = tmp_path / "ws"
    for path, text in {"organized/knowledge/doc.md": doc, "inbox/o/memo.md": memo}.items():
        (ws / path).parent.mkdir(parents=True, exist_ok=True)
        (ws / path).write_text(text, "utf-8")
    s = Store(None)
    assert ingest_paths(s, [ws]).errors == []
    found = [(f.kind, f.a.source, f.b.source) for f in contradictions(load_snapshot(s)) if f.kind == "version"]
    assert found == [("version", "organized/knowledge/doc.md", "inbox/o/memo.md")]


def test_an_opening_line_led_by_one_works_name_says_how_that_work_was_read():
    """t65's Typst draft opens "KVPipe, NEO: read both PDFs in full" / "PinPool: abstract only" /
    "TierServe TPOT: off a talk slide Lin Tao forwarded me": each item takes the line naming it in its
    title, not one naming a work its first lines mention ("goes in 5.1 next to KVPipe")."""
    note = ("How deep I went:\nKVPipe, NEO: read both PDFs in full\nPinPool: abstract only, the PDF isn't up yet\n"
            "TierServe TPOT: off a talk slide Lin Tao forwarded me, not checked\n\n# Draft\n\n"
            "## KVPipe\nKVPipe (arXiv:2603.07718) double-buffers KV.\n\n"
            "## PinPool\nnew paper, goes in 5.1 next to KVPipe\nPinPool (arXiv:2605.14420) grows the pinned pool.\n")
    parts, _ = parse_note(note, "inbox/p/draft.md")
    assert [(i.title, i.evidence_levels) for i in parts["items"]] == [
        ("KVPipe", ("full_text",)), ("PinPool", ("abstract_checked",))]
    assert evidence_reader().levels("TierServe TPOT: off a talk slide Lin Tao forwarded me, not checked") == (
        "second_hand", "unverified")
    assert evidence_reader().levels("上面的结论是看 repo README 的 Requirements 一节得出的") == ("vendor_self_reported",)
    assert evidence_reader().levels("Paper 我只扫了 abstract：主要讲配额") == ("abstract_checked",)


def test_a_count_right_before_in_and_a_time_is_the_context_it_was_measured_at():
    """t63: "1M-token prefill … in 77 s …, 128K in 3.8 s" and "did 1M prefill in 77s": 3.8 s is 128K's time,
    77s is 1M's; the two are not one metric under one setting."""
    card = find_figures("1M-token prefill for Llama3 405B in 77 s (93% efficiency), 128K in 3.8 s.")
    post = find_figures("Meta's CP paper did 1M prefill in 77s on 128 H100s.")
    assert [(q.raw, "ctx:128000" in q.conditions) for q in card if q.metric == "time"] == [("3.8 s", True)]
    assert [(q.raw, q.conditions[0]) for q in post] == [("77s", "ctx:1000000")]
    assert "128K" not in [q.raw for q in card]  # the context, not a figure


def test_patching_the_attention_module_is_a_change_to_the_model():
    """t63 (and t39 before it): "does not require changes to the model code" vs "Integration requires patching
    the attention module": the attention module is part of the model, patching it a modification; "the patch
    release" is a noun, no predicate."""
    assert "-modify:model,weights" in predicates("does not require changes to the model code")
    assert "+modify:model,weights" in predicates("Integration requires patching the attention module")
    assert predicates("The patch release fixes a bug") == ()


def test_a_spoken_transcripts_topics_and_names():
    """t64's voice memo: paragraphs that open with a spoken move ("第一个是…", "然后是…", "还有…") are topics even
    when they write no identifier; "Arbor Spec" said aloud is ArborSpec; "正文没细看" after "就看了摘要" does not
    undo the abstract; "no auxiliary draft model needs to be trained" denies training."""
    note = ("嗯 那个 先记一下 今天看的几个东西\n\n第一个是那个 EAGLE 二 [ID: 2406.16858] 比一代快了百分之二十\n\n"
            "然后是那个 Arbor Spec 数我专门翻了正文表二 7B 上是 2.8 倍\n\n第三个是 GoodSpec [注：arXiv 2601.11427v1] v1 里写得很清楚\n\n"
            "还有 下周组会改到周四下午\n")
    parts, _ = parse_note(note, "inbox/l/memo.md")
    assert [i.line for i in parts["items"]] == [3, 5, 7, 9]
    assert evidence_reader().levels("这篇我其实就看了项目主页和摘要 正文没细看") == ("abstract_checked", "unverified")
    assert evidence_reader().levels("摘要还没看") == ()
    assert "-train:draft_model,model" in predicates("so no auxiliary draft model needs to be trained or served.")


def test_a_camel_case_name_is_also_found_spelled_apart(tmp_path):
    """"ArborSpec" in a card's title is "Arbor Spec" in a transcript."""
    rows = _shift_rows(tmp_path, "# Doc\n\n## 4 Trees\n\ntext\n\n## References\n\n- none\n", {
        "organized/paper_cards/0001-2603-05529.md": "# ArborSpec: Self-Drafting Dynamic Trees\n\n- arXiv: 2603.05529\n",
        "inbox/l/memo.md": ("第一个是那个 EAGLE 二 [ID: 2406.16858]\n\n然后是那个 Arbor Spec 就是拿自己中间层当草稿的那篇\n\n"
                            "第三个是 GoodSpec [注：arXiv 2601.11427v1]\n")})
    assert [(r.line, list(r.works)) for r in rows if r.source == "inbox/l/memo.md"] == [
        (1, ["2406.16858"]), (3, ["2603.05529"]), (5, ["2601.11427"])]


def test_a_social_media_posts_emoji_blocks_are_its_topics_and_an_ad_is_the_vendors():
    """t64's 小红书 draft: blocks that open with different emoji are topics (one mark, "emoji"), the post's
    emoji title line above them is not; a sponsored block ("💰【合作推广】 … 官方实测 3 倍") is the vendor's claim."""
    note = ("🚀姐妹们！推测解码三连\n\n家人们谁懂啊，整理成笔记分享给大家～\n\n📌 ArborSpec —— 树还会自己长！\n🔗 arxiv 2603.05529\n\n"
            "🔥 EAGLE-2 —— 动态草稿树\n🔗 arxiv.org/abs/2406.16858\n\n💰【合作推广】\nXX 算力云，官方实测推理提速 3 倍！\n")
    parts, _ = parse_note(note, "inbox/t/post.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(5, ("2603.05529",)), (8, ("2406.16858",)), (11, ())]
    assert "vendor_self_reported" in parts["items"][2].evidence_levels


def test_a_card_whose_source_is_a_whole_reading_rests_on_it():
    parts, _ = parse_note("# 2601.11427 · GoodSpec\n\n来源：arxiv.org/abs/2601.11427v2 ｜ 阅读深度：v2 全文精读，含附录 C\n",
                          "organized/paper_cards/0532-2601-11427.md", "paper_card")
    assert parts["items"][0].evidence_levels == ("full_text",)
    parts, _ = parse_note("# GoodSpec\n\n- Source: auto-generated from the arXiv abstract page\n- arXiv: 2601.11427\n",
                          "organized/paper_cards/0532-2601-11427.md", "paper_card")
    assert parts["items"][0].evidence_levels == ("card_only",)


def test_a_section_said_aloud_in_chinese_after_a_placing_verb():
    """t64's voice memo: "放四点三应该没问题" is §4.3; "快了一点三倍" and "四点三刻" are no sections."""
    assert [(r.key, r.role) for r in section_refs("正文没细看 放四点三应该没问题")] == [("4.3", "suggest")]
    assert section_refs("速度快了一点三倍") == [] and section_refs("下午四点三刻开会") == []


def test_a_repo_cards_linked_paper_is_what_it_is_about():
    """t39: "- linked paper: ElasticPage, arxiv.org/abs/2603.14822" on a repo card: the card's statements
    ("Integration requires patching the attention layer") are about that work."""
    parts, _ = parse_note("# repo card 0214 · blockwise-lab/elasticpage\n\n- url: https://github.com/blockwise-lab/elasticpage\n"
                          "- linked paper: ElasticPage, arxiv.org/abs/2603.14822\n\n## Integration\nIntegration requires "
                          "patching the attention layer.\n", "organized/repo_cards/0214-blockwise-lab-elasticpage.md", "repo_card")
    assert parts["items"][0].works == ("2603.14822",)


def test_a_legend_of_marks_written_with_equals_signs():
    """t59's shorthand: "图例：✓=读过 ?=没核 ~=只看摘要" defines three marks; a mark counts where it stands apart
    ("FA2??", "decode ~ → 4.1"), not inside a figure ("~35%") or an identifier ("2405.1048?)")."""
    r = evidence_reader()
    legend = r.legend([(2, "图例：✓=读过 ?=没核 ~=只看摘要 ；→ 后面跟数字的是建议放的节")])
    assert legend == {"✓": "full_text", "?": "unverified", "~": "abstract_checked"}
    assert r.levels("SageAttn2 → INT4 QK, 3x vs FA2?? → arxiv 2411.10958", legend) == ("unverified",)
    assert r.levels("Lean Attn (2405.1048?) → stream-K 切 KV，长上下文 decode ~ → 4.1", legend) == ("abstract_checked",)
    assert r.levels("FA2 @H100 → 利用率才 ~35%", legend) == ()


def test_a_legend_saying_what_unmarked_entries_are_gives_their_level():
    """t62's flashcard deck: "untagged answers were typed from the abstract; #pdf = checked against the paper":
    an untagged card is abstract-level, a #pdf card full text."""
    deck = ("deck:: quant (Lena)\nuntagged answers were typed from the abstract; #pdf = checked against the paper itself\n\n"
            "Q:: GPTQ — what does it use? A:: inverse Hessian [2210.17323]\n"
            "Q:: AQLM sweet spot? A:: below 3 bits/param — arXiv:2401.06118 #pdf\n")
    parts, _ = parse_note(deck, "inbox/lena/deck.md")
    assert [(i.works, i.evidence_levels[:1]) for i in parts["items"]] == [
        (("2210.17323",), ("abstract_checked",)), (("2401.06118",), ("full_text",))]


def test_what_comes_before_an_opening_identifier_must_be_names_only():
    """"Medusa-2 and Hydra (arXiv:…) reach …" opens with names; "Claimed novelty over Quest (2406.10774): …"
    compares (t34) and "Patches for HF transformers" is a noun, not a modification (t5)."""
    from queries.contradictions import _only_names
    assert _only_names("Medusa-2 and Hydra (arXiv:") and _only_names("EAGLE-3 / ")
    assert not _only_names("Claimed novelty over Quest (") and not _only_names("KIVI again [")
    assert predicates("Patches for HF transformers and vLLM via minference.patch(model)") == ()
    assert predicates("it patches the attention module") == ("+modify:model,weights",)


def test_review_fixes_legends_questions_and_openings():
    """Marks stuck to the next word still count ("✅SnapKV …"); a legend in brackets keeps its first mark; a
    question mark in a sentence is no "unchecked" mark; the unmarked entries' clause ends at its comma; a
    sentence that starts with a verb ("Outperforms H2O (…)") does not open with a name; written prose's
    "Finally" is no spoken topic move; a note whose topics open with ★ keeps its ✅ remarks inside them."""
    from queries.contradictions import _only_names
    r = evidence_reader()
    legend = r.legend([(1, "图例：✅ 已读全文　🟡 只看了摘要")])
    assert r.levels("✅SnapKV（arXiv:2404.14469）压缩提示", legend) == ("full_text",)
    assert r.legend([(1, "图例（✓=读过，~=只看摘要）")]) == {"✓": "full_text", "~": "abstract_checked"}
    q = r.legend([(1, "图例：✓=读过 ?=没核")])
    assert r.levels("Does it really scale? I doubt it", q) == ()
    parts, _ = parse_note("Legend: untagged answers were typed from the abstract, #pdf = checked against the full paper\n\n"
                          "Q:: GPTQ? A:: inverse Hessian [2210.17323]\nQ:: AQLM? A:: below 3 bits — arXiv:2401.06118 #pdf\n",
                          "inbox/l/deck.md")
    assert parts["items"][0].evidence_levels[:1] == ("abstract_checked",)
    assert not _only_names("Outperforms H2O (") and _only_names("Hydra (")
    note = ("★ SnapKV (arXiv:2404.14469) compresses the prompt.\n\n✅ checked the table.\n\n"
            "★ PyramidKV (arXiv:2406.02069) varies the budget.\n\n⚠️ only the abstract.\n")
    parts, _ = parse_note(note, "inbox/a/n.md")
    assert [i.line for i in parts["items"]] == [1, 5]
    from ingest.structure import _SPOKEN_OPEN
    assert not _SPOKEN_OPEN.match("Finally the 3.6x is from Table 2") and _SPOKEN_OPEN.match("嗯 那个 然后是")
    assert _SPOKEN_OPEN.match("嗯" * 40 + "x") is None


# --------------------------------------------------------------------------- seventh stop (t67–t70)

def test_columns_that_say_how_a_row_was_read_and_their_short_values():
    """A tracker's 看到哪一步 column and a ledger's `checked how` column (pdf / abs / card / relay) give each row
    its level; "read the named part of the PDF" is a reading of the paper."""
    r = evidence_reader()
    got = [r.column_level(h, c) for h, c in [("看到哪一步", "摘要"), ("看到哪一步", "二手（星球帖）"), ("checked how", "pdf, §3.1–3.3"),
                                             ("checked how", "abs"), ("checked how", "relay (quoted by mira)"), ("checked how", "card")]]
    assert got == ["abstract_checked", "second_hand", "full_text", "abstract_checked", "second_hand", "card_only"]
    assert r.column_level("notes", "pdf") is None  # not an evidence column
    assert r.levels("I read the named part of the PDF") == ("full_text",)


def test_a_comment_at_a_notes_head_states_its_level():
    """`<!-- saved by priya. Everything below is other people's claims, nothing re-checked by me -->`: no
    statement (no claim, no figure), but the writer's word on how deeply it was checked: every item is
    second-hand and unchecked, as the opening says."""
    text = ("# Discussion #1187\n<!-- saved by priya. Everything below is other people's claims, nothing re-checked by me. "
            "They say it is 9x faster. -->\n\n### Q: is it exact?\nIt is approximate, 2404.14469.\n\n### Q: wheels?\nNo wheels.\n")
    parts, _ = parse_note(text, "inbox/p/d.md")
    assert [i.evidence_levels for i in parts["items"]] == [("second_hand", "unverified")] * 2
    assert not any(c.line == 2 for c in parts["claims"])


@pytest.mark.parametrize("text, key", [
    ("这个更像 §2.2 的内容，不要放 6", "2.2"),
    ("this reads more like §3.1 material", "3.1"),
    ("更适合放 4.2", "4.2"),
])
def test_a_section_said_to_fit_better_is_a_suggestion(text, key):
    assert [(s.key, s.role) for s in section_refs(text)][:1] == [(key, "suggest")]


def test_seventh_stop_facts_contrast_colon_setting_ocr_and_metrics():
    """t67–t70: the side after "but"/"但" is the one asserted; a negated need's object ends at a colon ("不依赖
    RDMA：…"); a sentence that only sets up a measurement holds for the figures after it; an OCR'd poster's
    I/l slips are read as printed; goodput is not throughput; a workload and a listed context are conditions."""
    from ingest.facts import setting_of

    assert qualifier_sides("标题叫 calibration-free，但附录 B 写得很清楚：那一步需要少量校准集") == (
        "training:training_free", "calibration:needs_calibration")
    assert qualifier_sides("pitched as lossless, but it is lossy in practice") == ("fidelity:lossy",)
    assert predicates("不依赖 RDMA：KV 走普通 100GbE 上的 TCP") == ("-need:~rdma",)
    assert predicates("不需要校准数据：用权重自身的统计量决定取整方向") == ("-calibrate:", "-need:calibration_data")
    # (a field whose value is none denies what it names, as "needs no fine-tuning" does: twenty-fourth stop)
    assert predicates("Fine-tuning: none needed") == ("-fine_tune:", "-need:fine_tuning")
    assert predicates("Fine-tuning: LoRA on 2k samples") == ()  # a label over what was done, no statement of need
    assert setting_of("A100-80GB, Llama-2-7B shapes, 4k ctx, FP16.") != ""
    assert setting_of("We ran it on an A100 and it is 2x faster.") == ""
    parts, _ = parse_note("# KER\n\n@jonas commented:\n> A100-80GB, Llama-2-7B shapes, 4k ctx, FP16. FD++ vs FA2: bs=1 -> 1.21x.\n",
                          "inbox/j/k.md")
    (fig,) = [q for c in parts["claims"] for q in c.quantities]
    assert {"hw:a100", "ctx:4000", "batch:1", "base:fa2"} <= set(fig.conditions)
    (poster,) = find_figures("RESULTS (H100 SXM5, bs=l, 64k ctx, Llama-3.l-8B) 3.3x faster decode than FIashAttention-2")
    assert set(poster.conditions) >= {"batch:1", "ctx:64000", "model:llama3.1-8b", "base:fa2"}
    assert [q.metric for q in find_figures("7.4x goodput over vLLM; 1.3x raw throughput")] == ["goodput", "throughput"]
    assert "bench:chatbot" in find_figures("On the chatbot workload they get 7.4x goodput over vLLM")[0].conditions
    (tile,) = find_figures("1.9x faster than FlashAttention-2 at batch 1 (H100 SXM5, Llama-3.1-8B shapes, 64k context)")
    assert "ctx:64000" in tile.conditions


def test_key_and_value_quantization_axes_are_qualifiers_of_their_own_tensor():
    assert qualifier_sides("Key 按通道（per-channel）量化，Value 按 token（per-token）量化") == (
        "key_quant_axis:per_channel", "value_quant_axis:per_token")
    assert qualifier_sides("KIVI | 2402.02750 | KV 2bit，Key per-token") == ("key_quant_axis:per_token",)
    assert qualifier_sides("per-token quantization of activations") == ()


def test_a_footnote_says_how_its_referring_paragraph_was_read():
    """Definitions gathered at the foot ("[^1]: arXiv:…, Read sections 3 and 4 properly") speak for the paragraph
    that refers to them, not for the paragraph they happen to follow."""
    text = ("# Three designs\n\nIntro.\n\nStreamSplit streams the KV cache layer by layer so nothing waits on decode[^1].\n\n"
            "Mooncake keeps KV in a pool and decode nodes pull it[^2].\n\nSide note, nothing to do with the doc: NFS moved.\n\n"
            "[^1]: arXiv:2404.14469, StreamSplit. Read sections 3 and 4 properly.\n"
            "[^2]: Mooncake, 2401.10774 — from the talk recording, haven't reopened the paper.\n")
    parts, _ = parse_note(text, "inbox/i/n.md")
    assert [(i.line, i.evidence_levels) for i in parts["items"]] == [
        (5, ("full_text",)), (7, ("second_hand", "unverified")), (9, ())]
    assert {c.line: c.item for c in parts["claims"] if c.line in (11, 12)} == {11: 0, 12: 1}


def test_what_only_looks_like_a_qualifier_side_on_a_real_vault():
    """A 599-note robotics vault (docs/JUDGEMENT.md): a degree ("更精确"), a name ("+ Online SRPO", "动态砖块分拣"), a
    transfer between settings ("sim-to-real"), a table's category cell ("| 仿真 |") assert no side; a need's object
    ends at a dash ("不需要再做额外计算——之前的想象训练…")."""
    assert qualifier_sides("或为 VLA-RFT 提供更精确的 verified reward 评估") == ()
    assert qualifier_sides("It is more exact than the baseline") == ()
    assert qualifier_sides("+ Online SRPO | T+I | 98.8 | 100.0") == ()
    assert qualifier_sides("任务一：动态砖块分拣（Dynamic Brick Sorting）") == ()
    assert qualifier_sides("RoboTwin | 仿真 | 17M | 50 | 0.07") == ()
    assert qualifier_sides("仍存在明显的 sim-to-real 残差") == ()
    # what still asserts a side
    assert qualifier_sides("采用动态专家放置") == ("dynamic:dynamic",)
    assert qualifier_sides("专家放置是静态的") == ("dynamic:static",)
    assert qualifier_sides("Exact attention, no approximation") == ("fidelity:lossless",)
    assert qualifier_sides("仿真结果显示 2 倍") == ("testbed:simulated",)
    assert "-need:training,weights" not in predicates("你的脑子不需要再做额外计算——之前的想象训练已经内化到策略网络权重里了。")


def test_t71_to_t74_lessons_evidence_qualifiers_conditions():
    """Cold on the first commit of the seventh stop, t71–t74 (ordinary conventions) showed: a side named to be
    found wanting is not the work's ("因此静态树是次优的"); T=1 is sampling, not greedy; "Grid: asymmetric"; evidence
    written as "went through sec 5", "abstract + the repo README only", "nobody here has timed it", "relayed a post
    from the vLLM forum", "at abstract or README depth"."""
    r = evidence_reader()
    assert qualifier_sides("草稿 token 的接受率与上下文强相关，因此静态树是次优的 [6]。") == ()
    assert qualifier_sides("Grid: asymmetric — per-group FP16 scale plus a 4-bit zero-point") == ("symmetry:asymmetric",)
    assert qualifier_sides("asymmetric prefill and decode pools") == ()
    (q,) = find_figures("EAGLE-2 at T=1 gets acceptance length 4.2 on MT-bench")
    assert "decoding:sampling" in q.conditions
    cases = [("went through sec 5 and every table this time", "full_text"), ("abstract + the repo README only", "abstract_checked"),
             ("for the intro table, quoting the abstracts", "abstract_checked"), ("all I have is what Li summarised at lunch", "second_hand"),
             ("somebody has to actually read it before we cite", "unverified"), ("Their claim; nobody here has timed it.", "unverified"),
             ("Nobody in the room has gone past the abstract yet", "abstract_checked"),
             ("Diego relayed a post from the vLLM forum (not our measurement)", "second_hand"),
             ("Everything here is at abstract or README depth unless the bullet says otherwise", "abstract_checked")]
    for line, level in cases:
        assert level in r.levels(line), line



def test_participles_replacements_doc_edits_and_relative_baselines_are_no_statements_of_the_work():
    assert predicates("Evicted KV entries are merged into 16 gist slots per layer instead of being dropped.") == ("-drop:",)
    assert predicates("the dropped tokens are gone") == ()
    assert predicates("rather than retraining the model") == ("-train:model",)
    assert predicates("H2O evicts low-score tokens") == ("+drop:tokens",)
    assert predicates("文档 2.3 漏了这一点，但不影响推理侧结论，可以不改。") == ()
    assert predicates("无需修改模型结构") == ("-modify:architecture,model",)
    assert qualifier_sides("数字：EP=8，相对静态 EPLB 放置，decode 吞吐提高 2.3 倍。") == ()
    assert qualifier_sides("主要数字是 decode 吞吐 2.3×（对比静态 EPLB 放置）") == ()


def test_dynamic_programming_quantization_time_and_a_sentence_quoted_to_be_edited():
    assert qualifier_sides("Sequoia picks the tree by dynamic programming for a hardware budget") == ()
    assert qualifier_sides("用动态规划求在给定节点预算下期望接受的 token 数") == ()
    assert [q.metric for q in find_figures("no Hessian, ~3x faster to quantize")] == ["quantization_time"]
    assert qualifier_sides('4.1 末尾"免校准方法还没收录"那句要改写，别照搬论文标题。') == ()
    assert qualifier_sides("卡片上那句免校准得改。") == ()
    assert qualifier_sides('"It is lossless" — that line needs rewriting') == ()
    r = evidence_reader()
    assert r.levels("<!-- saved by priya. Everything below is other people's claims, nothing re-checked by me. -->") == (
        "second_hand", "unverified")


def test_a_sentence_case_capital_is_no_name_and_a_fault_turned_away_is_no_criticism():
    """Found by review: a side word capitalised only because it starts the sentence is still a side ("Lossless 2x
    speedup", "Training-free KV cache …"), a figure after it is no name; "减少浪费" (cuts waste) criticises nothing."""
    assert qualifier_sides("Lossless 2x speedup on Llama-3.") == ("fidelity:lossless",)
    assert qualifier_sides("Training-free KV cache compression.") == ("training:training_free",)
    assert qualifier_sides("- Lossless decoding, 3x.") == ("fidelity:lossless",)
    assert qualifier_sides("Dynamic Brick Sorting helps.") == ()
    assert qualifier_sides("静态树减少浪费") == ("dynamic:static",)
    assert qualifier_sides("静态树是次优的") == ()


def test_someone_elses_documents_are_not_ours():
    """A "modify" with no object is an edit of our own document where a statement names it ("文档 2.3 需要修改"), and
    no statement about the work; the vendor's documents ("官方文档说要修改") are someone else's, so it stays."""
    assert "+modify:" in predicates("官方文档说要修改")
    assert "+modify:" not in predicates("文档 2.3 需要修改")



def test_a_baselines_figure_in_another_papers_read_is_the_baselines(findings):
    """A critical read quoting its paper's table ("lists the AWQ-9 baseline (ID) at 5.82 … Llama-2-7B, W4A16, g128"):
    the figure is the baseline's, and against the baseline's own 5.60 in the same setting a number conflict; the
    read's margin ("ahead by 0.05–0.08 ppl") is no perplexity of the paper read, so nothing against its card."""
    assert [(k, s, sorted([a, b])) for k, s, a, b in findings.get("2501.00301", [])] == [
        ("number", "perplexity of arXiv:2501.00301: 5.60 vs 5.82", _pair("baseline"))]
    assert findings.get("2501.00302", []) == []


def test_section_suggestions_of_t75_to_t78():
    """A cross-reference cue belongs to the section it leads into ("answers the first bullet of §6"), not to the
    placement before it; "One line under 2.1 is plenty" places; a table's "Where it goes" column is a placement."""
    from ingest.placement import section_column, section_refs

    got = [(r.key, r.role) for r in section_refs("-> belongs in 5.1; it also answers the first bullet of §6, which can then be trimmed.")]
    assert got == [("5.1", "suggest"), ("6", "cross")]
    assert [(r.key, r.role) for r in section_refs("One line under 2.1 is plenty.")] == [("2.1", "suggest")]
    assert [(r.key, r.role) for r in section_refs("A line in 2.3 says it is lossless.")] == [("2.3", "mention")]
    assert section_column("Where it goes") and section_column("Suggested home") and not section_column("Verdict")



def test_a_cards_bracketed_citation_is_a_mention_and_a_relay_doubts_no_card(findings):
    """A card about GateX writing "a FlexAttention block mask (arXiv:…), so the method needs no custom CUDA kernel"
    says that of GateX (negation against "ships its own fused kernel … and requires it", whose pronoun looks past a
    bracketed aside); a note relaying 98% "per the authors' thread, not checked by anyone here" doubts no card's 98%."""
    got = [(k, sorted([a, b])) for k, _s, a, b in findings.get("2501.00320", [])]
    assert got == [("negation", ["inbox/a/gatex.md", "organized/paper_cards/2501.00320.md"])]
    assert findings.get("2501.00321", []) == []


def test_review_of_the_eighth_stop_rules_on_ordinary_prose():
    """What the review of this stop's rules found firing on ordinary text, and what must still fire."""
    from ingest.placement import section_refs

    assert qualifier_sides("It is lossy under non-greedy decoding; the paper says exact.") == ("fidelity:lossy",)
    assert qualifier_sides("At T = 0.0 it is exact; with sampling it is lossy.") == ("fidelity:lossy",)
    assert qualifier_sides("Dynamic SplitFuse improves decode throughput.") == ()
    assert qualifier_sides("静态树无疑是低效的") == () and qualifier_sides("静态树不仅浪费显存，还慢") == ()
    evr = evidence_reader()
    for prose in ("All the gain comes from the message passing step.", "The numbers come from the summary table on page 3.",
                  "We debunk the rumour that it is lossless; we ran it.", "the authors' word count limit",
                  "之前没试过这种方法，效果很好。", "看附录的时候顺便看了代码"):
        assert evr.levels(prose) == (), prose
    assert evr.explains_levels("Tags: #2nd-hand #vendor #unverified")
    assert [q.conditions for q in find_figures("QX decodes 2.4x faster on A100 (baseline is FP16).")] == [
        ("base:fp16", "hw:a100", "precision:fp16")]
    assert [(r.key, r.role) for r in section_refs("vLLM 合并到 0.6.2 之后变快")] == [("0.6.2", "mention")]


def test_t79_to_t82_titles_evidence_and_directions():
    """Blind shifts t79-t82: a newsletter's capitals headline with its figure and a list of works are no titles; a
    day's log heading is none either; "abstract at most", "I paraphrase" and "省了 62%" say what they say."""
    from ingest.notes import written_title

    line = "**Related in our KB:** FastServe (2305.05920), Llumnix (2406.03243)"
    assert written_title(line, line.index("2406"), line.index("2406") + 10) is None
    head = "HADASERVE: 3.1X OVER FP16 ON L40S — arxiv.org/abs/2604.02291"
    assert written_title(head, head.index("2604"), head.index("2604") + 10) is None
    evr = evidence_reader()
    assert evr.levels("Title + abstract at most for everything below, nothing opened past the first page.") == ("abstract_checked",)
    assert evr.levels("Written up from the channel scrollback on Friday. I paraphrase.") == ("second_hand",)
    assert [(q.raw, q.direction) for q in find_figures("KV 显存省了 62%（对比 FP16 KV）")] == [("62%", "down")]
    assert [(q.raw, q.direction) for q in find_figures("省钱的方法 2 种")] == []


def test_a_users_report_on_evidence_wording():
    """A fresh user's notes: typographic apostrophes (Notion, Word, macOS) read as straight ones; a read planned
    is no read; "copied it from a colleague's card" is card only; a writer's own weekly recap is not second-hand."""
    evr = evidence_reader()
    assert evr.levels("per the authors\u2019 own blog") == ("vendor_self_reported",)
    assert evr.levels("Next week I want to finally read the Lookahead paper properly.") == ()
    assert evr.levels("下周打算读完全文") == ()
    assert evr.levels("I copied it from a colleague's card") == ("card_only",)
    assert evr.levels("I took these off Table 1 of the PDF, which I read with a pen over two evenings.") == ("full_text",)
    assert evr.levels("Weekly recap, week 44") == () and evr.levels("Ravi's recap of the talk") == ("second_hand",)


def test_t83_to_t86_figures_and_sides_that_are_none():
    """Blind shifts t83-t86: a placement's section number after a placing verb ("τ 这几个数可以顺手补进 7.1") is no
    accepted length; "13 tokens/s per user" is a share of the aggregate (scope), not the system's throughput; a
    side asked about ('CacheGen "lossless?" question') is not asserted."""
    assert find_figures("建议：正文放 §3.2，τ 这几个数可以顺手补进 7.1。") == ()
    assert [q.conditions for q in find_figures("about 13 tokens/s per user: interactive.")] == [("scope:per-user",)]
    assert qualifier_sides('5. AOB: CacheGen "lossless?" question from the list postponed to next time') == ()
    assert qualifier_sides("The encoding is lossless.") == ("fidelity:lossless",)


def test_roman_numbered_parts_and_their_sections():
    """Blind shift t85 (and t9, t66): a living document numbered ``## IV. Offloading`` / ``### IV.2 CPU-GPU
    pipelines`` keys its parts ``IV`` and sections ``IV.2``; a note names them ``§IV.3``, ``under III.2``, in a
    ``Section`` column (``IV.3``, ``V. Multi-tier …``) or a ``Home:`` field."""
    from ingest.living_doc import parse_living_doc
    from ingest.placement import section_refs, table_section

    doc = parse_living_doc("# KV offload\n\n## IV. Offloading\n\n### IV.2 CPU-GPU pipelines\n\ntext\n\n## V. Stores\n")
    assert [(s.key, s.parent) for s in doc.sections[1:]] == [("IV", "kv-offload"), ("IV.2", "IV"), ("V", "kv-offload")]
    assert [(r.key, r.title, r.role) for r in section_refs("goes in §IV.3")] == [("IV.3", None, "suggest")]
    assert [(r.key, r.title, r.role) for r in section_refs("I would put it under III.2")] == [("III.2", None, "suggest")]
    assert [(r.key, r.role) for r in section_refs("Home: IV.2 CPU-GPU pipelines")] == [("IV.2", "suggest")]
    assert table_section("Section", "IV.3") == ["IV.3"] and table_section("Section", "V. Multi-tier KV stores") == ["V"]


def test_review_of_the_last_rounds_rules_on_ordinary_text():
    """What the review of the t79-t86 work found: 主要 is no plan; knowing a paper by its title is unverified; a
    paraphrase of an abstract one read is not second-hand; "rumoured to" and "a Slack thread" are; a bound ("stays
    under 5.9", "放到 5.8 以内", "加到 3.4") is a figure, only a placing verb's section number is none; a latency
    "per request" is no share (a line of spaces read at once: tests/test_linear.py)."""
    evr = evidence_reader()
    assert evr.levels("主要读了方法和实验") == ("full_text",)
    assert evr.levels("I only know it by title.") == ("unverified",)
    assert evr.levels("I paraphrase the abstract here.") == () and evr.levels("The abstract at most sketches the method.") == ()
    assert evr.levels("It is rumoured to be lossless.") == ("second_hand",)
    assert evr.levels("Everything here comes from a Slack thread.") == ("second_hand",)
    assert [q.raw for q in find_figures("WikiText-2 perplexity stays under 5.9 at W4.")] == ["5.9"]
    assert [q.raw for q in find_figures("困惑度放到 5.8 以内")] == ["5.8"] and [q.raw for q in find_figures("接受长度加到 3.4")] == ["3.4"]
    assert [q.conditions for q in find_figures("TTFT is 450 ms per request on A100.")] == [("hw:a100", "latkind:ttft")]


def test_a_chinese_read_in_paragraphs_is_no_recap():
    """"作者认为 …", "论文提到 …", "我们跑了 …" open a read's paragraphs, they name no speaker: the note stays one paper."""
    from ingest.notes import parse_note

    parts, _ = parse_note("# RotKV 精读\n\n论文：RotKV，arXiv:2603.04417。\n\n作者认为旋转可以消除离群值。\n\n"
                          "论文提到 KIVI（arXiv:2402.02750）是主要基线。\n\n我们跑了 Llama-3-8B，显存省了 62%。\n\n实验跑了三个模型。\n",
                          "inbox/a/n.md")
    assert [(i.line, i.works) for i in parts["items"]][0] == (3, ("2603.04417",))
    assert all(i.line != 5 for i in parts["items"])


def test_a_remark_its_writer_marks_as_no_finding_asserts_nothing():
    """A user's report: "(Side remark, not a finding: Paolo told me he thinks SnapKV needs fine-tuning …)" made a
    qualifier conflict; the writer says it is none."""
    remark = "(Side remark, not a finding: Paolo told me he thinks SnapKV needs fine-tuning of the model.)"
    assert qualifier_sides(remark) == () and predicates(remark) == ()
    assert qualifier_sides("SnapKV needs fine-tuning of the model.") == ("training:needs_training",)


def test_placements_that_sit_better_and_fields_that_place_nothing():
    """Blind shifts t79 and t86: "it sits better in 3.1" places; a field whose value is none ("Where: none, stays in
    §3.2") places nothing; "The kernel sits in GPU memory" names no section."""
    from ingest.placement import section_refs

    assert [(r.key, r.role) for r in section_refs("He thinks it sits better in 3.1 with the other ordering policies.")] == [("3.1", "suggest")]
    assert [(r.key, r.role) for r in section_refs("Where: none, stays in §3.2.")] == [("3.2", "mention")]
    assert [(r.key, r.role) for r in section_refs("Where: §3.2, new bullet")] == [("3.2", "suggest")]
    assert section_refs("The kernel sits in GPU memory.") == []


def test_a_conceded_side_and_a_named_pitch_are_not_asserted():
    """t23 and t60 (missed for several stops): "Despite the "calibration-free" pitch, … needs a calibration set" asserts
    the second side only (a concessive clause grants, the main clause asserts; "the X pitch" names a claim); "to preempt
    at the granularity of each output token" is preemptive; a concession that is not followed by the other side stays."""
    assert qualifier_sides('Despite the "calibration-free" pitch, quantize.py refuses to start without --calib c4; '
                           "the clipping search needs a calibration set.") == ("calibration:needs_calibration",)
    assert qualifier_sides("虽然号称无损，实际上是有损的。") == ("fidelity:lossy",)
    assert qualifier_sides("Despite the name, it is lossless.") == ("fidelity:lossless",)
    assert qualifier_sides("Their lossless pitch is what sold it to us.") == ()
    assert qualifier_sides("FastServe exploits the autoregressive pattern to preempt at the granularity of each output token.") \
        == ("preemption:preemptive",)
    assert qualifier_sides("FastServe does not preempt running jobs.") == ("preemption:non_preemptive",)
    assert qualifier_sides("Section 3.2 covers preemption and swapping.") == ()


def test_a_side_someone_claims_for_themselves_is_reported_not_asserted():
    """t28: "启动时就静态划分好 …，所以他们自称第一个真正 dynamic 的方案" asserts static (the dynamic side is what the
    other authors call their own method); with one side only, a claim reported is still the side written."""
    assert qualifier_sides("LoongServe 的 elastic SP 其实是启动时就静态划分好 instance group、运行中不再变，"
                           "所以他们自称第一个真正 dynamic 的方案。") == ("dynamic:static",)
    assert qualifier_sides("They call it exact attention; it is approximate.") == ("fidelity:lossy",)
    assert qualifier_sides("X 号称无损，实测也确实无损。") == ("fidelity:lossless",)


def test_a_statement_its_writer_doubts_is_compared_a_question_is_not():
    """t59: "FD++ → 统一max φ = 近似softmax，精度有损 ?" is a note's shorthand with a doubt mark, a statement the brief must
    flag against the living document's "结果仍是精确 attention"; a question (an interrogative word, a particle, an
    alternative, a single word) asks and states nothing."""
    from queries.contradictions import _doubted_statement

    assert _doubted_statement("FD++ (2311.01282) → 统一max φ = 近似softmax，精度有损 ?")
    assert _doubted_statement("It uses a static tree ?")
    for asked in ("Lossy?", "是否无损？", "Is it lossless?", "Training-free, really?", "静态树还是动态树？", "这个说法对吗？",
                  "Static or dynamic tree?", "needs retraining, or not?"):
        assert not _doubted_statement(asked), asked


def test_a_digest_of_emoji_lines_is_a_list_and_an_excerpts_quoted_answers_are_its_entries():
    """t88 (cold: items R 0.36): a digest whose lines each open with an emoji and bring their own paper, written as one
    paragraph, is a list; a Zhihu excerpt's answers, each a quoted numbered list under a bold label
    ("**回答一** · @答主" over "> 1. EAGLE-2（arXiv:…）…"), give one item per point, and the excerpter's own words after
    them a part of their own.  One topic's fields labelled with emoji ("📌 name" over "🔗 link") stay one topic."""
    digest = ("# 论文速递\n\n唐敏整理。\n\n🔥 SpecBatch（2603.14522）：按接受率在线调整草稿长度。（全文读完）\n"
              "📌 [2602.11873v3] 多租户草稿树预算：v3 改成按 SLO 分配。（只看了摘要）\n☕ 杂事：节点停机维护。\n")
    parts, _ = parse_note(digest, "inbox/t/digest.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(5, ("2603.14522",)), (6, ("2602.11873",)), (7, ())]
    excerpt = ("# 知乎摘抄\n\n摘自知乎问答页。\n\n**回答一** · @算子搬运工（2.3k 赞）\n\n> 先说结论：小 batch 闭眼开。\n>\n"
               "> 1. EAGLE-2（arXiv:2406.16858）最省心，我们测大概 3.1 倍。\n>\n> 2. SpecBatch（arxiv.org/abs/2603.14522）我们复现过。\n\n"
               "**回答二** · @不想调参（860 赞）\n\n> 1. EAGLE-3（10.48550/arXiv.2503.01840）在代码任务上最明显。\n"
               "> 2. 顺手安利一篇新的：2604.21093，我还没细看。\n\n我的看法：\n- 两个回答都是答主自己的经验，我没复现。\n")
    parts, _ = parse_note(excerpt, "inbox/t/zhihu.md")
    got = [(i.line, i.works) for i in parts["items"]]
    assert got[:4] == [(9, ("2406.16858",)), (11, ("2603.14522",)), (15, ("2503.01840",)), (16, ("2604.21093",))]
    assert [i.line for i in parts["items"]][4:] == [18]
    post = "📌 ArborSpec —— 树还会自己长！\n🔗 arxiv 2603.05529\n\n🔥 EAGLE-2 —— 动态草稿树\n🔗 arxiv.org/abs/2406.16858\n"
    parts, _ = parse_note(post, "inbox/t/post.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(1, ("2603.05529",)), (4, ("2406.16858",))]


def test_a_comparison_matrix_is_one_topic_and_each_column_speaks_for_its_work():
    """t89 (cold: items P 0.61): "| | Paper A: FlashAttention-3 | Paper B: SageAttention2 |" over aspect rows is a
    comparison of the two works the note names, not nine topics; each cell is a statement of its column's work
    ("FlashAttention-3: Fwd, FP16, H100, head dim 128: 740 TFLOPs/s"); a closing "P.S. unrelated: …" is a topic of
    its own."""
    note = ("# Head to head: FlashAttention-3 vs SageAttention2\n\n"
            "Two ways: **FlashAttention-3** (arXiv:2407.08608v2, Shah et al.) and **SageAttention2** (arxiv.org/abs/2411.10958).\n\n"
            "| | Paper A: FlashAttention-3 | Paper B: SageAttention2 |\n|---|---|---|\n"
            "| Fwd, FP16, H100, head dim 128 | 740 TFLOPs/s | — |\n| Variable-length batches | yes | no — padded batches only |\n\n"
            "Verdict. It belongs in 5.3.\n\nP.S. unrelated: the build needs CUDA 12.3, use node-3.\n")
    parts, _ = parse_note(note, "inbox/l/cmp.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(1, ("2407.08608", "2411.10958")), (12, ())]
    row = {c.text: c.subjects for c in parts["claims"] if c.line == 7}
    assert row == {"FlashAttention-3: Fwd, FP16, H100, head dim 128: 740 TFLOPs/s": ("2407.08608",)}
    assert {c.text: c.subjects for c in parts["claims"] if c.line == 8}["SageAttention2: Variable-length batches: no — padded batches only"] \
        == ("2411.10958",)


def test_a_long_bold_title_heads_a_part_and_a_numbered_name_has_its_initials():
    """t89: "**Poster B-14 — Lean Attention: Hardware-Aware Scalable Attention Mechanism for the Decode-Phase of
    Transformers** (arXiv 2405.04437)" heads a part (a paper's whole title is longer than 80 characters); "FA2" names
    FlashAttention-2, "FD++" FlashDecoding++; a vendor's case number is no identifier."""
    from ingest.arxiv import find_arxiv_ids

    note = ("# Trip report\n\n**Invited talk — FlashInfer (arXiv 2501.01005)**\nBlock-sparse KV.\n\n"
            "**Poster B-14 — Lean Attention: Hardware-Aware Scalable Attention Mechanism for the Decode-Phase of Transformers** "
            "(arXiv 2405.04437)\nStream-K decode.\n\n**Logistics**\nTrain at 6.\n")
    parts, _ = parse_note(note, "inbox/p/trip.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(3, ("2501.01005",)), (6, ("2405.04437",)), (9, ())]
    assert find_arxiv_ids("the vendor case ref is 2705.11302. Not attention-related") == []
    assert [m.arxiv_id for m in find_arxiv_ids("The paper is 2405.04437")] == ["2405.04437"]
    from queries.items import _CAMEL_NUMBERED

    assert _CAMEL_NUMBERED.fullmatch("FlashAttention-2") and _CAMEL_NUMBERED.fullmatch("FlashDecoding++")
    assert not _CAMEL_NUMBERED.fullmatch("PagedAttention") and not _CAMEL_NUMBERED.fullmatch("Llama-3")


def test_keeping_a_work_where_it_is_places_it_and_a_none_field_places_nothing():
    """t89: "leave it as a sub-bullet of 5.1", "Already in 5.2; at most a one-liner about Blackwell support there"
    place the item; "Where: none, stays in §3.2" (t86) still places nothing; a citation written "Title, arxiv.org/abs/ID"
    has its title (a lower-case first letter as in vAttention)."""
    from ingest.living_doc import reference_title
    from ingest.placement import section_refs

    assert [(r.key, r.role) for r in section_refs("I would not move FA3's FP8 path into 5.3; leave it as a sub-bullet of 5.1.")] \
        == [("5.3", "mention"), ("5.1", "suggest")]
    assert [(r.key, r.role) for r in section_refs("Already in 5.2; at most a one-liner about Blackwell support there.")] == [("5.2", "suggest")]
    assert [(r.key, r.role) for r in section_refs("Already in 5.2, nothing to do there.")] == [("5.2", "mention")]
    assert [(r.key, r.role) for r in section_refs("**Where:** none, stays in §3.2.")] == [("3.2", "mention")]
    assert reference_title("- vAttention: Dynamic Memory Management for Serving LLMs without PagedAttention, arxiv.org/abs/2405.04437") \
        == "vAttention: Dynamic Memory Management for Serving LLMs without PagedAttention"


def test_an_annotated_bibliography_a_release_scan_and_a_chore_after_entries():
    """t87 (cold: items 0.55 / 0.43): entries written with a hanging indent (a citation flush left, its annotation
    indented under it) are items, title-only ones too; a release's notes ("vLLM v0.21.0, released …" over its
    changes) are about the release, the papers its bullets name are mentions; "chore (ours): …" after the last
    entry is a topic of its own."""
    bib = ("Annotated bibliography, May batch\ncompiled by tomas.\n\n"
           "Lin et al. (2024). AWQ: Activation-aware Weight Quantization. MLSys. doi:10.48550/arXiv.2306.00978\n"
           "    Went back for the scale search. Read the full paper again.\n\n"
           "SpQR: A Sparse-Quantized Representation for Near-Lossless LLM Weight Compression.\n"
           "    Outlier weights go into a sparse matrix. Abstract only.\n\n"
           "Li et al. (2023). Q-Diffusion: Quantizing Diffusion Models. ICCV. 2302.04304\n    Keyword alert noise.\n")
    parts, _ = parse_note(bib, "inbox/t/bib.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(4, ("2306.00978",)), (7, ()), (10, ("2302.04304",))]
    # minutes whose numbered points are written with hanging indents keep their numbers as the topics (t5)
    minutes = ("组会记录\n\n1）SnapKV（arXiv:2404.14469）\n   论文给的上限 380K。\n\n3）KIVI：没有新东西。\n\n"
               "4）DuoAttention：链接打不开。\n\n5）新论文 2610.07716《KVSplit》\n   只看了摘要。\n")
    parts, _ = parse_note(minutes, "inbox/l/m.md")
    assert [i.line for i in parts["items"]] == [3, 6, 8, 10]
    scan = ("release-notes scan (jonas)\nAll figures below are what the vendors write in their notes and blogs; I re-measured nothing.\n\n"
            "vLLM v0.21.0, released 2027-05-02 (build a3f9c21e)\n  * Marlin kernels now on Blackwell.\n"
            "  * The kernel is the one from the Marlin paper (arXiv 2408.11743); nothing new.\n\n"
            "FlashInfer 0.9.2, 2027-04-28\n  * W4A8 GEMM. Their blog: 1.8x over W8A8.\n"
            "  * Experimental W4A4 path, \"QuaRot-style\" (they link 2404.00456).\n\n"
            "chore (ours): bump the bench container to CUDA 12.9 (ticket QNT-2417).\n")
    parts, _ = parse_note(scan, "inbox/j/scan.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(4, ()), (8, ()), (12, ())]
    assert "vendor_self_reported" in parts["items"][0].evidence_levels


def test_a_slide_decks_comments_are_its_notes_and_its_title_slide_no_topic():
    """t90: in a Marp deck every comment but a directive is the presenter's notes (where they say how they checked);
    the title slide ("# KV reuse" / "## reading group" / "Tomas") is no topic."""
    deck = ("---\nmarp: true\n---\n\n# KV reuse across requests\n## reading group, week 19\n\nTomas\n\n---\n\n"
            "# CachedAttention\n\n- https://arxiv.org/pdf/2403.19708.pdf\n- ShareGPT multi-turn trace: hit rate 68%\n\n"
            "<!--\nDidn't re-read it for today; never rechecked against the PDF.\n-->\n\n---\n\n"
            "# Prompt Cache\n\n- 2311.04934\n\n<!-- _class: lead -->\n<!--\nAbstract-level only, I skimmed it on the train.\n-->\n")
    parts, _ = parse_note(deck, "inbox/t/deck.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(12, ("2403.19708",)), (23, ("2311.04934",))]
    assert {c.line: c.evidence_levels for c in parts["claims"]}[18] == ("unverified",)
    assert parts["items"][1].evidence_levels == ("abstract_checked",)


def test_footnotes_that_cite_papers_are_the_citation_list_whatever_its_heading():
    """t90 (cold: status 4/15): "## Notes" over "[^5]: Title. arXiv:ID." is the document's citation list."""
    from ingest.living_doc import parse_living_doc

    doc = ("# Serving memory\n\n## 6. Memory\nCachedAttention[^5] keeps KV of past turns.\n\n## Notes\n\n"
           "[^3]: SGLang: Efficient Execution of Structured Language Model Programs. arXiv:2312.07104v1.\n"
           "[^5]: Cost-Efficient LLM Serving for Multi-turn Conversations with CachedAttention. arXiv:2403.19708.\n")
    parsed = parse_living_doc(doc)
    lists = [s for s in parsed.sections if s.is_citation_list]
    assert [(s.title, s.line) for s in lists] == [("Notes", 6)]


def test_the_doc_value_called_stale_an_action_items_facts_and_formats_against_their_baseline():
    """t90, t87: "Our living doc still quotes the v1 figure (5×) … so 5× is stale" gives no 5×; a fact inside an action
    item ("per the authors it is drop-in, with no changes to the scheduler") is compared, the action itself is not;
    "2.9x faster than FP16" at W4A16 is no figure of W8A8; LooGLE is a benchmark; "per-channel keys / per-token values"."""
    from ingest.facts import find_figures
    from queries.contradictions import _ACTION_SENTENCE, _conds, _rejected

    t = "Our living doc still quotes the v1 figure (5×); v2 changed both the workloads and the baselines, so 5× is stale."
    assert _rejected(t, "5×") and not _rejected("it gets 5x speedup", "5x")
    assert _ACTION_SENTENCE.search("Evaluate prefix-affinity routing between replicas.")
    assert not _ACTION_SENTENCE.search("Candidate from the literature: PrefixFlow — per the authors it is drop-in.")
    (q,) = find_figures("A W4A16 kernel decodes 2.9x faster than FP16 at batch 1 on one H100")
    assert _conds(q)["precision"] == {"w4a16"}
    assert [x.conditions for x in find_figures("LooGLE long-doc QA: hit rate 44%")] == [("bench:loogle",)]
    assert qualifier_sides("KIVI — per-channel keys / per-token values as 6.4 has it.") == \
        ("key_quant_axis:per_channel", "value_quant_axis:per_token")


def test_vendor_blogs_chinese_abstract_reads_and_bibtex_titles():
    """t87, t88: evidence worded as "what the vendors write … I re-measured nothing", "How much I read: all of the main
    text … carefully", "只看了 v3 的修订说明和新摘要", "摘要过了一遍", "论文没对", "我没去确认", "别引用"; a BibTeX entry's
    title."""
    from ingest.living_doc import reference_title

    r = evidence_reader()
    cases = [("All figures below are what the vendors write in their notes and blogs; I re-measured nothing.", {"vendor_self_reported", "unverified"}),
             ("How much I read: all of the main text (sections 1-5) and Appendix B, carefully.", {"full_text"}),
             ("（只看了 v3 的修订说明和新摘要）", {"abstract_checked"}), ("（摘要过了一遍，正文还没打开）", {"abstract_checked"}),
             ("数字是从作者 talk 的幻灯片上抄的，论文没对。", {"unverified"}), ("听群里说又更新了一版；我没去确认。", {"unverified"}),
             ("没有对照组，别引用。", {"unverified"}), ("（from the README; I did not test this）", {"unverified"})]
    for line, want in cases:
        assert want <= set(r.levels(line)), line
    assert reference_title("@article{frantar2022gptq, title={GPTQ: Accurate Post-Training Quantization for Generative "
                           "Pre-trained Transformers}, eprint={2210.17323}, year={2022}}") \
        == "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"


def test_a_transcript_turns_to_the_work_a_turn_opens_by_naming_and_an_alert_digest_splits_at_its_tags():
    """t91 (cold: items 0.58 / 0.47, 16 other findings): an Otter transcript ("Speaker 1  00:00:31") moves to a work when
    a turn opens by naming it ("Sure. Okay, AnchorKV. Who read it?"), the name taken from the note's own mention with
    its identifier; the turns between are about it, a name after "next to" opens nothing, the opening small talk is no
    topic; a Scholar alert's "[PDF] Title" entries, their paper on the line below, are topics; a mailing's header
    blocks are its header; "the training window" is no training, "Training-Free" is training-free."""
    tr = ("Reading group\n[wen: agenda StreamingLLM https://arxiv.org/abs/2309.17453v2 and AnchorKV arXiv:2605.08412]\n\n"
          "Speaker 1  00:00:06\nOkay, I think it's recording. Um, so two papers today and then the cluster thing.\n\n"
          "Speaker 1  00:00:31\nFirst StreamingLLM, just a quick recap from memory, it does not evict any tokens, right, it pages them out.\n\n"
          "Speaker 3  00:01:40\nCan we note that as a thing to check? Because then I don't get what AnchorKV is fixing.\n\n"
          "Speaker 1  00:01:52\nSure. Okay, AnchorKV. Who read it?\n\n"
          "Speaker 3  00:02:03\nSo I didn't read the paper, I'm going off the first author's thread on X and the slides.\n\n"
          "Speaker 1  00:03:20\nYeah, 3.3, next to StreamingLLM and InfLLM. Priya can do the write-up.\n\n"
          "Speaker 2  00:29:10\nTotally unrelated but, um, the B200 allocation for next quarter is 16 nodes, not 32, so runs wait.\n")
    parts, _ = parse_note(tr, "inbox/w/transcript.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(7, ("2309.17453",)), (13, ("2605.08412",)), (22, ())]
    alert = ("Scholar Alert digest\npasted by daniel — I only read the snippets.\n\n"
             "[PDF] AnchorKV: Training-Free Sink and Window Retention for Streaming Long-Context Decoding\n"
             "J Park, M Okafor - arXiv preprint arXiv:2605.08412, 2026\n… keeps a handful of sink tokens …\n\n"
             "[HTML] KV-Tier: Hierarchical KV Cache Offloading for Million-Token Serving\n"
             "H Liu, A Banerjee - Proceedings of Machine Learning and Systems, 2027\n… a three-tier placement …\n"
             "(looked at the MLSys abstract page only. If we want it, it fills the offloading gap noted at the end of 2.1.)\n\n"
             "[PDF] Sink Tokens as Registers for Robust Vision Transformers\nM Okonkwo - arXiv preprint arXiv:2605.12240, 2026\n… pathology …\n")
    parts, _ = parse_note(alert, "inbox/d/alert.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(4, ("2605.08412",)), (8, ()), (13, ("2605.12240",))]
    assert parts["items"][1].sections == ("2.1",)
    assert predicates("Streaming decoding over inputs far longer than the training window keeps a few sink tokens") == ("+store:sink_tokens,tokens",)
    assert predicates("[PDF] AnchorKV: Training-Free Sink and Window Retention for Streaming Long-Context Decoding") == (
        "-need:training", "-train:")


def test_a_pasted_thread_a_micro_log_a_hand_written_diff_and_footnotes_citing_by_link():
    """t93, t94, t92 (cold: items 0.56 / 0.56, 0.71 / 0.77, 0.82 / 0.6): a thread's numbered posts go on with the work it
    opened with (a post bringing another work starts a topic), a reply indented under a reply is its answer, and the
    paster's words above it that name its work are its first lines; a micro-log's dated lines ("TIL 2027-05-11: …")
    are entries; "→ probably 4.3" places; "[^1]: https://arxiv.org/abs/…" (no title) still names a footnote's paper; a
    hunk headed by hand ("@@ 2.3 向量量化 @@") is an entry placed in its section; a part labelled "Papers mentioned"
    is the note's references; InfiniBand and NVLink are two settings."""
    thread = ("转一个 X 上的 thread：TileDecode（arXiv:2604.11873）一作自己发的。\n我只看了这个 thread 本身，下面的内容都算二手。\n\n---\n\n"
              "**Kai Wei** @kaiwei_gpu · 10:42 AM · May 17, 2027\n\n1/ TileDecode: exact split-K decode attention in one kernel.\n\n"
              "2/ It's a drop-in: no changes to the KV layout.\n\n3/ v2 is up (arxiv.org/abs/2604.11873v2): FP8 KV dropped.\n\n---\n"
              "Replies\n\n**Ravi Menon** @ravi_m · May 17\n@kaiwei_gpu how does this compare with POD-Attention "
              "(https://arxiv.org/abs/2410.18038)?\n\n  **Kai Wei** @kaiwei_gpu · May 17\n  @ravi_m orthogonal.\n")
    parts, _ = parse_note(thread, "inbox/z/thread.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(1, ("2604.11873",)), (17, ("2410.18038",))]
    til = ("# TIL\n\nTIL 2027-05-10: torch.compile re-tunes per bucket. (docs)\n"
           "TIL 2027-05-11: FlashDecoding++ (https://arxiv.org/pdf/2311.01282.pdf) — unified max is approximate.\n"
           "TIL 2027-05-15: 2607.03318 (Absorb or Not) — MLA decode turns compute-bound. → probably 4.3\n")
    parts, _ = parse_note(til, "inbox/m/til.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [(3, (), ()), (4, ("2311.01282",), ()), (5, ("2607.03318",), ("4.3",))]
    blog = ("# Draft\n\n## The problem\nDistServe[^1] made the case for splitting the phases.\n\n## Notes\n\n"
            "[^1]: https://arxiv.org/abs/2401.09670\n")
    parts, _ = parse_note(blog, "inbox/m/blog.md")
    assert parts["items"][0].works == ("2401.09670",)
    diff = ("# 改动提议\n\n依据：CodeMix 通读全文。\n\n```diff\n@@ 2.3 向量量化 @@\n 上下文。\n-旧的一句。\n"
            "+新的一句：CodeMix（arXiv:2603.07215）混用两种码本。\n```\n")
    parts, _ = parse_note(diff, "inbox/c/diff.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [(6, ("2603.07215",), ("2.3",))]
    huddle = ("Huddle summary\n\n**Key points**\n- Priya read Mooncake (2407.00079): 150 GB/s per node.\n- Tomás recapped DistServe.\n"
              "- Short detour about the June GPU reservation.\n\n**Papers mentioned**\n- Mooncake — https://arxiv.org/abs/2407.00079\n"
              "- Splitwise — https://arxiv.org/abs/2311.18677\n")
    parts, _ = parse_note(huddle, "inbox/t/huddle.md")
    assert [i.line for i in parts["items"]] == [4, 5, 6]
    (a,) = find_figures("the full cache crosses that InfiniBand link in about 55 ms")
    (b,) = find_figures("the whole cache moves in 3.8 ms intra-node over NVLink")
    assert "link:infiniband" in a.conditions and "link:nvlink" in b.conditions


def test_yaml_findings_a_code_reviews_anchors_and_a_programmes_slots_are_topics():
    """t98 (cold: items 0.75 / 0.25): "#" header lines over "---"-separated YAML findings (each opening "finding: …") are a
    header and records; "suggested_section: "2.2 Block selection"" places; a code review's "path/file.py:88" anchors
    open its threads; a programme's time slots ("09:40-10:00  ★ XAttention …") are talks, a coffee break is none, and a
    bullet under a slot is a sentence of its own; "checked against the paper" names no baseline."""
    from ingest.placement import section_refs

    findings = ("# scout-agent findings, run #37\n# one YAML doc per finding\n---\nfinding: BlockHop, decode-time block selection\n"
                "paper: arXiv:2602.11873v1\nevidence: full text of v1 read\nsuggested_section: \"2.2 Block selection\"\n---\n"
                "finding: flashinfer block-sparse decode API (tooling)\npaper: none\nsuggested_section: none\n---\n"
                "finding: SeerAttention can be used without any training\npaper: https://arxiv.org/abs/2410.13276v2\n")
    parts, _ = parse_note(findings, "inbox/s/findings.md")
    assert [(i.line, i.works, i.sections) for i in parts["items"]] == [(4, ("2602.11873",), ("2.2",)), (9, (), ()), (13, ("2410.13276",), ())]
    assert [(r.key, r.role) for r in section_refs('suggested_section: "2.2 Block selection"')] == [("2.2", "suggest")]
    review = ("Review: PR #4412\n\nSummary of the PR: adds BlockHop. Paper: arxiv.org/abs/2602.11873.\n\n---\n\n"
              "engine/attention/backends/blockhop.py:88\n> block_size: int = 128\nyuki: paper default is 64, why 128?\n\n"
              "engine/attention/selector.py:57\n> evict_lowest(acc_scores)\ndmitri: H2O (arXiv:2306.14048) evicts for good; no.\n\n"
              "tests/test_rope_scaling.py\nCI: unrelated flake, re-ran green.\n")
    parts, _ = parse_note(review, "inbox/d/review.md")
    assert [i.line for i in parts["items"]] == [7, 11, 15]  # (in a review, an anchor without a line opens a thread too)
    program = ("Workshop, Room 2B\n★ = talks that matter.\n\n08:50-09:00  Opening remarks (chairs)\n"
               "09:40-10:00  ★ XAttention in practice (J. Lin)\n    - said 9.5x at 256K on A100 for XAttention (2503.16428); read off a slide\n"
               "10:20-10:50  Coffee break\n10:50-11:10  ★ BlockHop: centroids for decode (M. Ferreira)\n"
               "    - prefill gain only 1.3x at 128K on H100, the big number is decode\n")
    parts, _ = parse_note(program, "inbox/p/program.md")
    assert [(i.line, i.works) for i in parts["items"]] == [(5, ("2503.16428",)), (8, ())]
    (q,) = [x for c in parts["claims"] if c.line == 9 for x in c.quantities]
    assert "phase:prefill" in q.conditions and "phase:decode" not in q.conditions
    (q,) = find_figures("said 9.5x at 256K on A100; haven't checked it against the paper")
    assert not any(c.startswith("base:") for c in q.conditions)


def test_per_node_and_per_gpu_figures_are_two_scopes_and_latex_times_is_a_ratio():
    """t94, t95: "190 GB/s per node" and "~23.7 GB/s per GPU" are no two values of one measure; "$1.48\\times$" in a LaTeX
    draft is a 1.48× ratio, not a cost."""
    (node,) = [q for q in find_figures("Transfer Engine: 190 GB/s per node with RoCE NICs") if q.raw.startswith("190")]
    (gpu,) = [q for q in find_figures("Maintainers' benchmark: ~23.7 GB/s per GPU") if q.raw.startswith("23.7")]
    assert "scope:per-node" in node.conditions and "scope:per-gpu" in gpu.conditions
    (q,) = find_figures("$1.48\\times$ throughput for LLaMA-3.1-8B")
    assert q.unit == "x" and q.value == 1.48 and q.metric != "cost"


def test_what_the_ninth_stops_rules_must_leave_alone():
    """A review of this stop's rules found inputs they misread; each stays as an ordinary note reads: a question with
    its "?" right after the word asks; an action item's "Confirm that …" states nothing; a one-line comment in a log
    with "---" days is a comment; decimal ranges are no time slots; a comparison line under an emoji is a field; file
    anchors in a porting note head no threads."""
    from queries.contradictions import _ACTION_SENTENCE, _REPORTED_FACT, _doubted_statement

    for asked in ("Lossless even at 2-bit KV?", "Anyone reproduced the 3.6x speedup on A100 at 16K?", "这个也是无损的？"):
        assert not _doubted_statement(asked), asked
    assert _ACTION_SENTENCE.search("Confirm that SnapKV is lossless before we cite it anywhere.")
    assert not _REPORTED_FACT.search("SnapKV is lossless, we think") and _REPORTED_FACT.search("per the authors it is drop-in")
    cases = {
        "Porting notes\n\nWe ported SnapKV (arXiv:2404.14469) and H2O (arXiv:2306.14048) into our engine.\n\nsrc/evict.py:120\n"
        "The H2O score overflows.\n\nsrc/cache.py:88\nSnapKV's pooling kernel size is hard-coded to 7.\n": [(1, ("2404.14469", "2306.14048"))],
        "# Reading note\n\n📌 SnapKV (arXiv:2404.14469) — clusters the window\n🆚 compared against H2O (arXiv:2306.14048) in Table 2\n"
        "📊 3.6x faster decoding at 16K\n": [(1, ("2404.14469",))],
        "Ablation notes\n\nPruning sweep from SnapKV (arXiv:2404.14469) and H2O (arXiv:2306.14048):\n\n0.25-0.50 of the heads can be "
        "pruned\n\n0.10-0.20 perplexity gap at 4-bit\n": [(3, ("2404.14469", "2306.14048")), (5, ()), (7, ())],
    }
    for text, want in cases.items():
        parts, _ = parse_note(text, "inbox/a/n.md")
        assert [(i.line, i.works) for i in parts["items"]] == want, text[:30]
    log = ("Log\n\n---\n\n# Monday\n\nRead SnapKV (arXiv:2404.14469). It is lossy.\n\n<!-- old draft, wrong: SnapKV is lossless, 9.9x -->\n\n"
           "---\n\n# Tuesday\n\nRan H2O (arXiv:2306.14048) on our box.\n")
    parts, _ = parse_note(log, "inbox/a/log.md")
    assert not any("old draft" in c.text for c in parts["claims"])


def test_a_request_rate_a_median_and_dictated_figures_are_read():
    """t103: the settings that keep "rate_apart" and "median_apart" apart are read (`at 4 req/s`, `at four requests per
    second`, `the median`), and a dictated figure is a figure (`one point oh five seconds` is 1.05 s)."""
    (q,) = find_figures("p99 TTFT at 4 req/s: 410 ms")
    assert (q.metric, "rate:4" in q.conditions, "percentile:99" in q.conditions) == ("latency", True, True)
    (q,) = find_figures("the median TTFT at four requests per second is like a hundred and twenty milliseconds")
    assert (q.raw, "rate:4" in q.conditions, "percentile:50" in q.conditions) == ("120 ms", True, True)
    (q,) = find_figures("they get a p ninety nine TTFT of one point oh five seconds")
    assert (q.value, q.unit, "percentile:99" in q.conditions) == (1.05, "s", True)
    assert find_figures("median of 5 runs: 2.1x")[0].conditions == ()


def test_a_title_in_brackets_after_an_identifier_is_written_for_it():
    """t102: a decision log's papers cell "2402.12374 (TriForce: Lossless Acceleration of …)" writes a title for that
    identifier (a title conflict when the ID is Sequoia's); "(the Sequoia paper)" is no title."""
    from ingest.notes import written_title

    cell = "2402.12374 (TriForce: Lossless Acceleration of Long Sequence Generation with Hierarchical Speculative Decoding), 2404.11912"
    assert written_title(cell, 0, 10) == "TriForce: Lossless Acceleration of Long Sequence Generation with Hierarchical Speculative Decoding"
    line = "see 2402.12374 (the Sequoia paper) for details"
    assert written_title(line, 4, 14) is None


def test_review_probes_that_state_no_need():
    """This stop's review: "free of outliers" is no "-free"; "Table 3 only" names no platform; a draft model trained for
    a baseline is no need of the work's; an ablation "without calibration data" claims nothing."""
    assert not any(p.startswith("-need:") for p in predicates("It keeps the KV cache free of outliers."))
    assert predicates("Table 3 only, the rest is noise") == ()
    assert "+need:draft_model" not in predicates("For the comparison, we trained a draft model for the Medusa baseline.")
    assert "-need:calibration_data" not in predicates("Without calibration data the accuracy drops 5 points.")
    assert "+need:~hopper" in predicates("It needs TMA/wgmma, Hopper only, so it can't run on the A100 box.")
