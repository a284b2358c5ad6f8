"""A note's structure, read as a person reads it: one work, or a collection of topics.

Given a note's blocks (:mod:`ingest.blocks`) this module decides what its *items* are and which
works each is *about*, following the rules of ``docs/FORMAT.md`` (section 4):

1. **One-paper note.**  A note is about one work when its front matter names it (``arxiv:``,
   ``doi: 10.48550/arXiv.…``, ``url:``/``link:``/``paper:``/``source:`` pointing at arXiv), when its
   file name carries an arXiv identifier, when its head (title and the lines before the first
   topic) links exactly one work, or when its sub-headings are all generic section names
   (``## 动机``, ``## Abstract``, ``## Method``, ``## Thoughts``; ``structure.generic_headings`` in the
   lexicon) -- and no topic of it brings a work of its own.  It is one item, at line 1, whatever
   its ``##`` sections are called; a title-only note (no identifier anywhere) keeps its title as
   ``title_ref`` for the store to resolve against known titles.
2. **Collection.**  Otherwise the note splits into items at whatever marks its topics, first that
   applies: headings below the title (the shallowest level present); pseudo-headings (a line that
   is all bold, ``一、``, ``（1）``, ``1）``, ``**Topic** —`` lead-ins, org ``** Topic``, chat lines
   ``[10:42] name:``); top-level list entries and table rows; ``---``-separated blocks.  A heading
   that names no work and holds two or more entries that each bring their own work or link is a
   container: its entries are the items (``### Added`` with one bullet per paper).  Text before the
   first item is the note's preamble (its evidence statements apply to every item).
3. **About vs mention.**  An item is about the works its heading, first line or row names; failing
   that, those of its opening paragraph; failing that, every work it names.  A work written in a
   comparison ("vs", "than", "compared with", "相比", "比", "baseline", ...; lexicon
   ``structure.comparison_cues``) is a mention, unless nothing else is named.

Pure functions over blocks; no store.  ``queries`` resolves titles and short names (``SmoothQuant``)
of items that name no identifier, against the works the store knows.
"""
from __future__ import annotations

import bisect
import contextvars
import itertools
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath

from .arxiv import ArxivMatch, arxiv_from_filename, find_arxiv_ids
from .blocks import BIBTEX_ENTRY, SHELL_PROMPT, SHOULD_COLUMN, MdBlock, without_value_cells
from .evidence import evidence_reader
from .lexicon import Lexicon, load_lexicon
from .text import not_a_paper, opens_not_a_paper, split_sentences
from ingest.lazyre import compile_lazy

__all__ = ["Segment", "NoteShape", "read_structure", "works_in", "comparison_spans", "comparison_columns", "front_matter_works", "not_a_paper",
           "TURN_HEADER", "is_turn_header", "IM_CLUTTER", "without_edit_mark", "corrected_turns", "lead_name",
           "signature_blocks", "letter_lines"]

_URL = compile_lazy(r"https?://\S+|\bwww\.\S+", re.I)
_MD_LINK = compile_lazy(r"\[([^\[\]]++)\]\(([^)\s\[]++)\)")  # no bracket inside: linear in [[[[… (issue 23)
#: ``**gpu_goblin**``, ``__Note__``: the text between two equal delimiters (an underscore inside ``**…**`` is
#: part of a name).
_BOLD_ONLY = compile_lazy(r"^\s*(?P<d>\*\*|__)(?P<t>(?:(?!(?P=d))[^*\n]){1,160}?)(?P=d)\s*+[:：]?\s*+$")
_BOLD_LEAD = compile_lazy(r"^\s*(?P<d>\*\*|__)(?P<t>(?:(?!(?P=d))[^*\n]){1,160}?)(?P=d)(?:\s*+[—–\-:：|·]|,\s|，|\s++\S|（|[(\[【](?=\s*(?:arXiv|https?://|arxiv\.org|\d{4}\.\d{4,5})))")
_CN_ORDINAL = compile_lazy(r"^\s*(?P<t>[一二三四五六七八九十]{1,3}\s*[、.．]\s*\S.*)$")
_PAREN_NUM = compile_lazy(r"^\s*(?P<t>(?:[（(]\d{1,2}[）)]|\d{1,2}\s*[）、]|[①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳])\s*\S.*)$")
#: A comment of an issue tracker's activity (Linear, GitHub, GitLab): ``@mira commented 4d ago:``, ``**@kim** replied:``.
_COMMENT_VERB = r"(?:commented|replied|responded|added a comment|left a comment)\b"
_COMMENT_WHEN = r"(?:\d+\s*(?:[smhdw]|mins?|minutes?|hours?|days?|weeks?|months?)\s+ago|(?:on|at)\s+(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)[\w ,.:/-]{0,28}|yesterday|today|just now)"
#: A commenter's role on the tracker, between the handle and the verb: ``**dmitri-v** (maintainer) commented``.
_COMMENT_ROLE = r"(?:[(（](?:maintainer|member|author|owner|contributor|collaborator|op|bot|维护者|作者)[)）]\s+)?"
#: A paragraph after a rule that sets the writer's own notes apart from the read above it: "Notes for our doc (not part of
#: the review):", "Asides:", "顺手记："; its entries are read one by one.
_APART_LEAD = compile_lazy(r"^\W*(?:notes? (?:for|to) (?:our|the) (?:doc(?:ument)?|kb|wiki|team|living doc)|not part of the (?:review|read|note)|"
                         r"asides?\b|side notes?\b|odds and ends|顺手记|题外|另外几件事)", re.IGNORECASE)
#: A note's head giving the paper it is about: "(paper: arXiv 2603.04417)", "论文：…", "the paper is arxiv.org/abs/…".
_PAPER_GIVEN = compile_lazy(r"\b(?:paper|preprint)\s*(?:is\s*|[:：=]\s*)(?:arXiv|https?://|\d{4}\.\d{4,5})|(?:论文|原文)\s*[:：]", re.IGNORECASE)
#: A table cell holding a date: "12-13", "2027-12-13", "12/13", "Dec 13", "12月13日".
_DATE_CELL = compile_lazy(r"^\s*(?:\d{4}[-/.])?\d{1,2}[-/.]\d{1,2}\s*$|^\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\s*$|"
                        r"^\s*\d{1,2}\s*月\s*\d{1,2}\s*日?\s*$", re.IGNORECASE)
#: A tracker's issue or pull request named as such: "### Issue #412: …", "PR #88", "github.com/o/r/issues/412".
_ISSUE_PAGE = compile_lazy(r"\b(?:issue|pull request|PR|MR|merge request)\s*#\d+|/(?:issues|pull|merge_requests)/\d+", re.IGNORECASE)
#: A handle (``@mira``, ``**kim**``) or a when ("4d ago", "on Mar 3") says it is the tracker's line; a plain name
#: needs the colon ("jonas commented:"), and prose ("Nobody commented on the PR", "Reviewer2 replied with a
#: table") is none.
_COMMENTED = compile_lazy(r"^\s*(?P<t>(?:(?:\*\*@?[\w.\-]{1,30}\*\*|@[\w.\-]{1,30})\s+" + _COMMENT_ROLE + _COMMENT_VERB + r"(?:\s+" + _COMMENT_WHEN + r")?"
                        r"|(?!(?:nobody|no|one|someone|somebody|everyone|everybody|he|she|they|i|we|it|who)\b)[\w.\-]{1,30}\s+"
                        + _COMMENT_VERB + r"\s+" + _COMMENT_WHEN + r"|(?!(?:nobody|no|one|someone|somebody|everyone|everybody|he|she|they|i|we|it|who)\b)"
                        r"[\w.\-]{1,30}\s+" + _COMMENT_VERB + r"(?=\s*:)"
                        # a cross-reference in the issue's timeline: "mdrake mentioned this issue in #4830 Overlap grammar …"
                        r"|@?[\w.\-]{1,30}\s+(?:mentioned|referenced) this (?:issue|pull request)\s+(?:in|from)\s+[\w./-]*#\d+\b.*)"
                        # the tracker's badge after the date: "**jchen** commented on May 1 · Maintainer", "… · edited"
                        r"(?:\s*[·•|]\s*(?:maintainer|member|author|owner|contributor|collaborator|bot|edited|维护者|作者))*\s*)\s*:?\s*$",
                        re.IGNORECASE)
#: A comment's author line on a page copied with its discussion (Hugging Face, alphaXiv, a forum): the name, maybe
#: "(Author)", then when: ``**kvcache_kid** · 3 days ago``, ``**lwen** (Author) · 1 day ago``, ``@x · 20 hours ago``.
_AGO_HEAD = compile_lazy(r"^\s*(?:\*\*|__)?@?[\w.\- ]{1,40}?(?:\*\*|__)?\s*(?:\((?:author|op|maintainer|作者|楼主)\)\s*)?[·•|—–-]\s*"
                       r"(?:\d+\s*(?:[smhdw]|mins?|minutes?|hours?|days?|weeks?|months?|years?)\s+ago|yesterday|today|just now|"
                       r"\d{1,2}\s*(?:分钟|小时|天|周|个月)前|昨天|今天)\s*$", re.IGNORECASE)
#: A forum comment (知识星球, 微博, B站 exports): ``张三 回复 星主：…``, ``李四 回复 @张三：…``.
_FORUM_REPLY = compile_lazy(r"^\s*(?P<t>(?P<who>[\w\u4e00-\u9fff.\-]{1,20})\s*回复\s*@?(?P<to>[\w\u4e00-\u9fff.\-]{1,20})\s*[:：]\s*\S.*)$")
#: (and a title after a square or an arrowhead, as a reader app's board export leads each saved article: "■ LoRAX 1.0: …")
#: The symbols a writer opens a paragraph with as their own mark ("▶ 方法（§3）…", "■ …", "★ …").
_MARK_SYMBOLS = "■□▪◇▶►★❖➤"
_BRACKET_TAG = compile_lazy(rf"^\s*(?:(?P<t>【[^】]{{1,8}}】\s*\S.*)|[{_MARK_SYMBOLS}]\s*(?P<t2>[\w\"“'‘(\[].*))$")
#: A chat stamp: a clock, maybe after a date, maybe in brackets ("[10:42]", "[03-08 10:21]", "10.03.27 09:14").
_STAMP_RX = r"\[?(?:(?P<day>\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?),?\s+)?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?\]?"
#: A chat speaker's name: a handle, or a name of up to three capitalised words ("maria", "王磊", "Lin Wei").
_WHO_RX = r"[\w.\-]{1,30}(?:\s[A-Z][\w.\-]{0,29}){0,2}"
#: A chat message's speaker and time in one bracket, as WeChat and QQ digests write them: "【许诺 09:12】", "[kofi 15:48]".
_NAME_STAMP_RX = r"[【\[](?:(?=[\w.\-]*[^\W\d_])[\w.\-]{1,30}(?:\s[A-Z][\w.\-]{0,29}){0,2})\s+\d{1,2}:\d{2}(?::\d{2})?[】\]]"
#: A chat turn's stamp and speaker before its message: "[10:42] maria: ", "[00:00:19] Priya (chat): ", "[03-08 10:21] 王磊：".
#: A transcript's speaker with the time after the name: "Dev (01:05): ", "Priya (1:02:10)：".
_NAME_THEN_TIME_RX = r"[A-Z\u4e00-\u9fff][\w.\-]{0,29}(?:\s[A-Z][\w.\-]{0,29}){0,2}\s+\((?:\d{1,2}:)?\d{1,2}:\d{2}\)\s*[:：]"
#: A reply's mark before a chat turn, as Slack's thread view and its copies write it: "↳ [10:44 AM] dana: …".
_REPLY_MARK = r"(?:[↳↪⤷└]\s*)?"
_CHAT_LEAD = compile_lazy(rf"^\s*{_REPLY_MARK}(?:{_STAMP_RX}\s+(?:@?(?P<who>{_WHO_RX})(?:\s+\([^()\n]{{1,20}}\))?\s*[:：]|<[@+%]?[\w.\-|]{{1,30}}>"
                        r"|\*\s+[\w.\-|]{1,30}(?=\s)|-!-)|" + _NAME_STAMP_RX + "|" + _NAME_THEN_TIME_RX + r")\s*")
#: (an IRC log's "[10:42] <jun> …", its actions "[10:34] * jun reads the appendix" and "-!- jun has joined" lines too)
_CHAT = compile_lazy(rf"^\s*{_REPLY_MARK}(?P<t>(?:{_STAMP_RX}\s+(?:@?{_WHO_RX}(?:\s+\([^()\n]{{1,20}}\))?\s*[:：]|<[@+%]?[\w.\-|]{{1,30}}>"
                   r"|\*\s+[\w.\-|]{1,30}(?=\s)|-!-)|" + _NAME_STAMP_RX + "|" + _NAME_THEN_TIME_RX + r")\s*\S.*)$")
_ORG = compile_lazy(r"^\s*(?P<stars>\*{2,6})\s+(?P<t>\S.*)$"
                  # Jira wiki markup's headings ("h3. Background") and LaTeX sectioning ("\\paragraph{Expert offloading.}")
                  r"|^\s*h[1-6]\.\s+(?P<t2>\S.*)$|^\s*\\(?:sub)*(?:section|paragraph)\*?\{(?P<t3>[^{}\n]{2,120})\}")
#: ``3/ …``, ``4/12 …``: a post of a thread copied from X or Mastodon.
_THREAD = compile_lazy(r"^\s*(?P<t>\d{1,2}/(?:\d{1,2})?\s+\S.*|(?:🧵\s*)?@\w{2,30}[,:]?\s+1/\d{1,2}\s+\S.*)$")
#: An entry that opens with who said it: "@pd_skeptic: …", "Priya: …", "答主 A：…".
_SPEAKER_ENTRY = compile_lazy(r"^\s*(?:@\w{2,30}|[A-Z][a-z]{1,15}|[\u4e00-\u9fff]{1,4}(?:\s?[A-Z])?)\s*[:：]\s*\S")
#: A later post of a thread with its count ("2/7 …", "3/7 …").
_THREAD_NEXT = compile_lazy(r"^\s*(\d{1,2})/(\d{1,2})\s+\S")
#: A thread's post numbered without its total ("1/ new MoE offloading paper …", "2/ headline number: …").
_THREAD_POST = compile_lazy(r"^\s*(\d{1,2})/(?![\d/])\s*\S")
#: A numbered label standing for a heading: ``幻灯片 3：NSA``, ``Slide 4: FlashAttention-3``, ``Finding 2 — …``,
#: ``第 5 页：…`` (a word, a number, a colon or dash, a title).
_NUMBERED_LABEL = compile_lazy(r"^\s*(?P<t>(?:[A-Z][a-z]{2,11}(?: [a-z]{2,8})?|[\u4e00-\u9fff]{2,4}|第)\s*#?\d{1,3}\s*[页张]?\s*(?:[:：]|\s[—–-]\s)\s*\S.*)$")
#: A line of a timestamped transcript (a voice memo, a talk): ``[02:14] second thing layerskip …``.
_STAMP = compile_lazy(r"^\s*(?P<t>[\[(]\d{1,2}:\d{2}(?::\d{2})?[\])]\s+\S.*|(?:\d{1,2}:)?[0-5]?\d:[0-5]\d\s+(?![AaPp]\.?[Mm]\b)(?=\S)[^\d\s].*)$")
#: What a speaker says to move to the next topic: "first …", "second thing", "oh and", "the X paper came up".
_SPOKEN_SHIFT = compile_lazy(r"^\s*[\[(]\d{1,2}:\d{2}(?::\d{2})?[\])]\s+(?:(?:um+|uh+)\s+)*(?:oh,? and|and also|by the way|btw|anyway)\b|"
                           r"^\s*[\[(]\d{1,2}:\d{2}(?::\d{2})?[\])]\s+(?:(?:um+|uh+|okay|ok|so|and|oh)\s+)*"
                           r"(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth|fifth|next|another|also|one more|last(?:ly)?|finally|"
                           r"then there'?s|moving on|other thing|the \w+(?: \w+)? paper|第[一二三四五六七八九十]|其次|然后是|另外|还有|最后)\b",
                           re.IGNORECASE)
#: A label naming a part as the papers it cites: "Papers mentioned", "References", "参考文献".
_REF_LABEL = compile_lazy(r"^(?:papers? (?:mentioned|referenced|cited|discussed)|references?|提到的论文|参考(?:文献|资料))"
                        r"(?:\s*[(（][^()（）]{0,60}[)）])?\s*[:：]?$", re.IGNORECASE)  # ("Papers discussed (copied from the episode page):")
#: A code review's comment anchor alone on its line: a source file and perhaps its line ("engine/attention/backends/blockhop.py:88",
#: "csrc/attention.cu:120-140", "tests/test_rope_scaling.py").
_FILE_ANCHOR = compile_lazy(r"^\s*`?(?P<t>[\w.\-]+(?:/[\w.\-]+)*\.(?:py|pyi|cu|cuh|cpp|cc|c|h|hpp|rs|go|ts|js|java|kt|scala|yaml|yml|toml|json|sh)"
                          r"(?::\d{1,5}(?:-\d{1,5})?)?)`?\s*$"
                          # a review comment written after its anchor on one line: "serving/offload.py:212 — prefetch loop. …"
                          r"|^\s*`?(?P<t2>[\w.\-]+(?:/[\w.\-]+)*\.(?:py|pyi|cu|cuh|cpp|cc|c|h|hpp|rs|go|ts|js|java|kt|scala|yaml|yml|toml|json|sh)"
                          r":\d{1,5}(?:-\d{1,5})?`?\s+[—–]\s+\S.*)$"
                          # a review comment's header naming its reviewer and anchor: "reviewer: dmitri — kvtier/ssd_tier.py:88"
                          r"|^\s*(?P<t4>(?:reviewer|review|comment|reviewed by)\s*[:：]?\s*@?[\w.\-]{2,30}\s*[—–-]+\s*`?[\w.\-]+(?:/[\w.\-]+)*"
                          r"\.(?:py|pyi|cu|cuh|cpp|cc|c|h|hpp|rs|go|ts|js|java|kt|scala|yaml|yml|toml|json|sh|md|txt|cfg)(?::\d{1,5}(?:-\d{1,5})?)?`?)\s*$"
                          # a code review's line anchor under its file, as Gerrit's and Phabricator's pastes write it: "Line 88:", "Lines 31-40:"
                          r"|^\s*(?P<t3>(?:Lines?|L)\s?\d{1,5}(?:\s*[-–]\s*\d{1,5})?)\s*[:：]\s*$")
#: A programme's time slot with its talk ("09:40-10:00  ★ XAttention in practice … (J. Lin)", "14:00–14:20 Panel: …"); a
#: break, a meal or the opening is no talk ("10:20-10:50  Coffee break", "Lunch / posters", "Opening remarks").
#: A section of an issue template that belongs to the report above it: "To reproduce", "Environment", "Logs", "复现步骤".
_TEMPLATE_PART = compile_lazy(r"(?:steps )?to reproduce|reproduction(?: steps)?|steps|environment|system info(?:rmation)?|versions?|logs?|"
                              r"stack ?trace|additional context|screenshots?|your environment|复现(?:步骤|方法)?|环境(?:信息)?|日志|版本(?:信息)?",
                              re.IGNORECASE)
#: The section of an issue template its other sections belong to: "Describe the bug", "Expected behavior", "问题描述".
_TEMPLATE_LEAD = compile_lazy(r"describe the (?:bug|issue|problem)|(?:bug|issue|problem) description|what happened\??|"
                              r"(?:expected|actual|current) (?:behaviou?r|result)|问题描述|现象|预期(?:行为|结果)", re.IGNORECASE)
#: A heading over the links a note's parts name: "Links", "Papers mentioned", "Show links", "链接".
_LINKS_LABEL = compile_lazy(r"(?:show |episode |paper )?links?|papers? (?:mentioned|discussed|cited)|sources|链接|相关链接|提到的论文", re.IGNORECASE)
#: An entry that is a name and its link only: "LayerSkip: https://arxiv.org/abs/2404.16710", "bitnet.cpp report: arXiv:2410.16144".
_NAME_LINK = compile_lazy(r"^\s*(?P<name>[^:：\n]{2,40}?)\s*(?:[:：]|\s[—–-])\s*<?(?:https?://\S+|(?:www\.)?arxiv\.org/\S+|arxiv:\s*\d{4}\.\d{4,5}\S*|"
                        r"10\.48550/\S+|[\w.-]+\.(?:fm|com|org|io|net|dev|ai)/\S*)>?\s*$", re.IGNORECASE)
#: A talk's time written before it on its line, as a live-blog marks each talk: "14:05 "Affinity: …" (arXiv …)", "15:20 coffee."
_TALK_STAMP = compile_lazy(r"^\s*(?:[01]?\d|2[0-3]):[0-5]\d(?:\s*[-–—~]\s*(?:[01]?\d|2[0-3]):[0-5]\d)?\s+\S")
_TIME_SLOT = compile_lazy(r"^\s*(?P<t>(?:[01]?\d|2[0-3]):[0-5]\d\s*[-–—~]\s*(?:[01]?\d|2[0-3]):[0-5]\d\s+(?!(?:coffee|tea|lunch|dinner|break|opening|welcome|closing|"
                        r"registration|茶歇|午餐|午休|休息|开幕|闭幕|签到)\b)\S.*)$", re.IGNORECASE)
#: A social post's header: a name (bold or not), a handle, a time or a date ("**Kai Wei** @kaiwei_gpu · 10:42 AM · May 17").
_SOCIAL_POST_HEAD = compile_lazy(r"^\s*+(?:\*\*|__)?[^*@\n\s][^*@\n]{0,39}(?:\*\*|__)?\s+@[\w.]{2,30}\s*[·•|—–-]\s*\S")
#: A forum post's author line: a handle with its score ("**u/rick · 188 points**", "@kv_fan | 12 votes", "[deleted]").
_AUTHOR_LINE = compile_lazy(r"^\s*(?:\*\*|__)?\s*(?:\[deleted\]|(?:u/|@)?[\w.\-]{2,30}\s*(?:\*\*|__)?\s*"
                          r"(?:[·•|—–-]\s*\d{1,3}\s*(?:[smhdwy]|mo|min|mins|hr|hrs|hours?|days?|weeks?|months?|years?)(?:\s+ago)?\s*)?[·•|—–-]\s*\d[\d,.]*k?\s*"
                          r"(?:points?|pts|upvotes?|votes?|likes?|赞|分))", re.IGNORECASE)
#: A spoken move to the next topic at the start of a transcript's paragraph: "第一个是…", "然后是…", "还有…",
#: "next one is …", "another thing", "finally" (after fillers: "嗯 那个", "um so").
_SPOKEN_OPEN = compile_lazy(r"^\s*(?:(?:嗯|呃|那个|就是说|um|uh|so|okay|ok|and|oh)[\s,，]*)*+"
                          r"(?:第[一二三四五六七八九十\d]+个|然后是|其次是?|另外(?:一个|一篇)?|还有(?:一个|一篇)?|最后(?:一个|一篇)?|接下来|"
                          r"(?:the )?next one\b|another one\b|the next paper\b|"
                          # a transcript's lower-case spoken ordinals ("first the sglang radix paper um …", "second hydragen …"),
                          # not a written paragraph's "First, we …"
                          r"(?-i:first|second|third|fourth|fifth|sixth|lastly|finally)\b(?![,:])(?!\s+(?:of all|time|author|place|half)\b))",
                          re.IGNORECASE)
#: A note that says it is a transcript of speech: "voice memo → transcript", "otter export", "录音转写", "语音备忘".
_TRANSCRIPT_NOTE = compile_lazy(r"\b(?:transcript|transcribed|voice[- ]memo|dictat(?:ed|ion)|otter|whisper)\b|录音|语音|转写|口述", re.IGNORECASE)
#: An IM export's turn header, alone on its line: ``ola 14:02``, ``kenji, 14:05``, ``@mei 2:31 PM``; an issue
#: tracker's comment header ``— wei, 2026-12-19 09:47``; a Discord export's ``jrn_k — 12/27/2026 10:42 PM``.
#: Slack's and Teams' desktop copy writes the full name, maybe emphasised: ``*Priya Raman*  09:12``.
#: A transcript's numbered speaker ("Speaker 1", "说话人 2").
_NUMBERED_SPEAKER = r"(?:Speaker|Participant|Guest|说话人|发言人)\s?\d{1,2}"
#: A numbered speaker's turn header alone on its line ("Speaker 1  00:00:31"): no statement, the turn's words are.
TURN_HEADER = compile_lazy(rf"^\s*{_NUMBERED_SPEAKER}\s+\d{{1,2}}:\d{{2}}(?::\d{{2}})?\s*$", re.IGNORECASE)
_TURN = compile_lazy(r"^\s*(?:[—–]|--)?\s*(?P<t>(?:\*{1,2}|_)?@?(?:[\w.\-]{1,30}|[A-Z\u00c0-\u024f][\w.\-'’]{0,29}(?:\s[A-Z\u00c0-\u024f][\w.\-'’]{0,29}){1,2}|"
                   # a transcript's numbered speaker: "Speaker 1  00:00:06" (Otter), "说话人 2 00:01:40" (飞书妙记)
                   rf"{_NUMBERED_SPEAKER})"
                   # (a Slack app's message: "arxiv-digest  APP  8:00 AM")
                   r"(?:\*{1,2}|_)?(?:\s+(?-i:APP|BOT))?(?:,?\s+|\s+[—–-]\s+)(?:(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4}),?\s+|(?:Today|Yesterday) at\s+)?"
                   # (a Slack copy brackets the time: "**priya** [10:42 AM]")
                   r"(?:\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp][Mm])?|\[\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp][Mm])?\]))\s*$"
                   # a Telegram export's header alone on its line: "[10.03.27 09:14] Ming:"
                   r"|^\s*(?P<t2>\[(?:\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?,?\s+)?\d{1,2}:\d{2}(?::\d{2})?\]\s+@?[\w.\-]{1,30}"
                   r"(?:\s[\w.\-]{1,30})?"
                   # a QQ or email-client export's header, the stamp first and the name after it, perhaps with its account:
                   # "2027-08-17 21:04:05 张三(12345678)", "2027-08-17 21:04 Ana Ruiz <ana@lab.org>"
                   r"|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?\s+@?[^\s\d:：()（）<>\[\]][^:：()（）<>\[\]\n]{0,29}?"
                   r"\s*(?:[(（][\w.@\-]{3,40}[)）]|<[\w.@\-+]{3,60}>)"
                   # a Hacker News comment's header: "user1 4 hours ago | parent | next [–]"
                   r"|[\w.\-]{2,30}\s+\d{1,3}\s+(?:minutes?|hours?|days?|weeks?|months?|years?)\s+ago\s*(?:\|[^|\n]{1,24})*"
                   # a Jira comment's header: "[~ines.k] added a comment - 14/Mar/27 10:42 AM"
                   r"|\[~[\w.\-]{1,30}\]\s+added a comment\s+-\s+[\w/: ]{5,30})\s*[:：]?\s*$")
#: What an IM client's copy adds below a message and is no one's words: a reaction count (":+1: 2", ":eyes: 1
#: :fire: 3"), a thread's reply count ("3 replies", "1 reply Last reply 2 days ago"), a message's "(edited)" mark.
#: An IM client's notice in place of a message: "罗威撤回了一条消息" (QQ, WeChat), "This message was deleted" (WhatsApp),
#: "<Media omitted>", a picture or sticker placeholder ("[图片]", "[表情]").
IM_CLUTTER = compile_lazy(r"^\s*(?::[\w+\-]+:\s*\d+\s*)+$|^\s*\d+\s+repl(?:y|ies)\b[\w\s]{0,40}$"
                        r"|^\s*[^\s:：]{0,20}\s*撤回了一条(?:成员)?消息\s*[。.]?\s*$|^\s*(?:消息已撤回|此消息已撤回|This message was deleted|"
                        r"You deleted this message|<Media omitted>|<(?:image|video|sticker|audio) omitted>)\s*$"
                        r"|^\s*(?:\[(?:图片|表情|动画表情|语音|视频|文件|Sticker|Photo|Image)\]\s*)+$", re.IGNORECASE)
_EDITED = compile_lazy(r"\s*\((?:edited|已编辑)\)\s*$", re.IGNORECASE)


def is_turn_header(line: str) -> bool:
    """Whether ``line`` is a chat turn's header alone on its line (``ola 14:02``, ``Ana Lopez  10:02 AM``, Slack's
    ``*Priya Raman*  09:12``, ``Speaker 1  00:00:31``): it opens a message and says nothing itself."""
    return bool(_TURN.match(line) or TURN_HEADER.match(line) or _CHAT_ALONE.match(line))


def comment_author(line: str) -> str | None:
    """The handle of the writer whose comment or turn ``line`` heads ("fsck_the_bill 8 hours ago | next [–]", "**kvoss**
    commented on Apr 29 · Maintainer", "— kofi, 11 days ago", "Ana Lopez  10:02 AM"), or None when it heads none."""
    line = re.sub(r"^\s*#{1,6}\s+", "", line)  # (a thread a note's reader turned into headings: "## fsck_the_bill · 8 hours ago")
    if not (is_turn_header(line) or _COMMENTED.match(line) or _AGO_HEAD.match(line) or _DASH_AGO.match(line)
            or _POST_HEADER.match(line) or _NAMED_POST_HEADER.match(line) or _COMMENT_STAMP.match(line)):
        # (a copied post's header, a doc comment's)
        return None
    m = re.match(r"[\s—–*_@]*([\w.\-]{1,30})", line)
    return m.group(1) if m else None


def without_edit_mark(line: str) -> str:
    """``line`` without an IM client's trailing "(edited)" mark."""
    return _EDITED.sub("", line)


#: A label over a list of asides: "顺手记两件事：", "Side notes:", "Unrelated:", "Two more things:", "另外：".
_ASIDE_LABEL = compile_lazy(r"^(?:顺手记|顺便记|顺带|另外|附带|杂记|题外|side ?notes?|asides?|unrelated|other things|two more things|also\b|misc(?:ellaneous)?)"
                          r"[^:：\n]{0,30}[:：]$", re.IGNORECASE)
#: A speaker's turn in minutes: ``**Jonas**：…``, ``张三：…``, ``Q: …`` / ``A: …`` are handled as lines.
_SPEAKER = compile_lazy(r"^\s*(?:\*\*)?(?P<t>[\w\u4e00-\u9fff.\- ]{1,20}?)(?:\*\*)?\s*[:：]\s*\S")
#: A reply in a thread or chat: it continues the message before it.
_REPLY = compile_lazy(r"\breply(?:ing)? to\b|回复|^\s*(?:ok(?:ay)?|hm+|yes|yeah|yep|no|nope|thanks|thx|sure|agreed|lol|\+1|same|right|indeed|"
                    r"嗯|好的?|收到|同意|是的|对)\b", re.IGNORECASE)
#: A chat export's reply marker before the message: ``Replying to @jrn_k``, ``In reply to …``, ``回复 @…：``.
_REPLYING = compile_lazy(r"^\s*(?:replying to|in reply to|replied to (?:a |the )?thread|回复)\s*@?[\w.\-]{0,30}\s*[:：]?\s*", re.IGNORECASE)
#: Words that open a new topic in a chat, whatever came before: "unrelated: …", "separate thing: …".
_TOPIC_SHIFT = compile_lazy(r"^\s*(?:(?:(?:totally|completely|somewhat|slightly)\s+)?(?:unrelated|separate(?:ly| thing)|btw|by the way|fyi|psa|also|new (?:preprint|paper)|forwarded(?: message)?)\b|另外|顺便|新论文|题外话|转发|说到|说起|顺带一提"
                          # a speaker turning the talk: "Oh, and H2O — …", "Related: DMC is …", "Quantization side: KIVI's …",
                          # "On eviction generally — …", "Speaking of …", "re mooncake btw: …", "Moving on", "TwinBit: v2 is out" (a name as the label)
                          r"|(?:oh,?\s+and|related\s*[:：]|speaking of|re\s+(?:the\s+)?[\w.-]+(?:\s+(?:btw|thing|paper|one))?\s*[:：,—]|switching (?:to|gears)|moving on|next up|one more(?: thing)?\s*[:：]|"
                          r"on (?:the )?[\w-]+ (?:side|front|generally)\b|[\w-]+ a?side\s*[:：])|(?-i:[A-Z][a-z]*[A-Z0-9][\w.+-]*)\s*[:：]\s)",
                          re.IGNORECASE)
#: A message its writer says is off the topic it is posted under: "unrelated but …", "off-topic:", "题外话，…".
_UNRELATED = compile_lazy(r"^\W*(?:(?:totally|completely)\s+)?(?:unrelated|off[- ]topic|separate (?:thing|topic|question)|题外话|跑个?题|另一件事|换个话题)",
                        re.IGNORECASE)
#: A paragraph of an email that starts an aside: "Side note: …", "P.S. …".
_ASIDE = compile_lazy(r"^\s*(?:(?:side note|p\.?s\.?|unrelated|also|btw|one more thing|另外|顺便|题外话|插一句|跑个题)\s*[:：,，]|p\.\s?s\.\s|(?-i:P\.?S\.?)\s+)",
                    re.IGNORECASE)
#: A post that only continues the one before it: "(still FA3)", "(cont.)", "（续）".
_CONTINUES = compile_lazy(r"^\s*\d{1,2}/(?:\d{1,2})?\s*[(（]\s*(?:still|cont(?:'d|inued|\.)?|续)", re.IGNORECASE)
#: A card's field naming the paper it is about (``Paper: …``, ``- **arXiv**: …``, ``论文：…``); a repo card
#: is about that paper only, never about the works its README compares with.
_PAPER_FIELD = compile_lazy(r"^\s*(?:[-*+|]\s*)?(?:\*\*)?(?:(?:(?:the|linked|related|associated|companion|accompanying|upstream)\s+)?papers?\b[^:：|\n]{0,30}?"
                          r"|arxiv|arxiv id|pdf|implements?(?:\s+paper)?|based on|(?:对应|关联|配套|实现的?)?论文(?:链接)?|原文|链接)"
                          # a label in two languages: "对应论文 / paper:", "Paper / 论文："
                          r"(?:\s*/\s*(?:papers?|论文|arxiv|原文))?"
                          r"(?:\*\*)?\s*(?:[:：|]|::)", re.IGNORECASE)
#: Words in a card's paper field setting the identifier after them apart as another work: "follow-up", "see also", "cf.".
_FIELD_ASIDE = compile_lazy(r"[;；,，(（]\s*(?:(?:its|the|a|their)\s+)?(?:follow[- ]?ups?|successors?|predecessors?|see also|also see|cf\.|related|"
                          r"extension|sequel|后续|续作|另见|相关)\b[^;；\n]{0,30}$", re.IGNORECASE)
#: A label naming a post's or a paragraph's paper inside a line: '"paper: https://…"', "论文：arXiv …", "PDF: …".
_PAPER_LABEL = compile_lazy(r"(?:^|[\s\"“(（])(?:the\s+)?(?:paper|preprint|pdf|论文|原文)\s*[:：]\s*", re.IGNORECASE)
#: A note's reference list (``## 参考``, ``## References``, ``### 七、参考文献``): its entries name the works the
#: note cites, not topics of their own.
_REFERENCE_HEADING = compile_lazy(r"^(?:[一二三四五六七八九十\d]{1,3}\s*[、.．)）]?\s*)?(?:参考|参考文献|参考资料|参考链接|相关论文|延伸阅读|"
                                r"本期提到|节目中提到的?|(?:本期|节目)?(?:提到|提及)的(?:论文|链接|资源)|相关链接|"
                                r"references?|bibliography|further reading|related papers|see also|footnotes?|脚注|"
                                r"(?:links|papers|things) mentioned(?: in this episode)?|mentioned in (?:this|the) (?:episode|show|talk)|show links)"
                                r"\s*$", re.IGNORECASE)
#: The head field giving the paper's title (``> **论文**：*π₀: A Vision-…*``, ``Paper: Title``).
_CARD_TITLE_FIELD = compile_lazy(r"^\s*(?:[-*+]\s*)?(?:\*\*)?(?:title|标题|题目|论文标题)(?:\*\*)?\s*[:：]\s*(?:\*\*)?"
                               r"(?P<t>[^*\n]{4,300}?)(?:\*\*)?\s*$", re.IGNORECASE)
_ARXIV_WORD = compile_lazy(r"arxiv", re.IGNORECASE)
_PAPER_TITLE_FIELD = compile_lazy(r"^\s*(?:[-*+]\s*)?(?:\*\*)?(?:paper|paper title|论文|论文标题|原文标题)(?:\*\*)?\s*[:：]\s*"
                                r"(?:\*\*?|_)?(?P<t>[^*_\n]{8,300}?)(?:\*\*?|_)?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Segment:
    """One item of a note: a topic and its span.

    ``kind`` is ``note`` (the whole note: a one-paper note, a card, a note with no topic marks),
    ``heading``, ``pseudo`` (a pseudo-heading line), ``entry`` (a list entry), ``row`` (a table row)
    or ``block`` (between ``---`` rules).  ``head`` is the text that names the topic (the heading,
    the entry's first line, the row); ``works`` the arXiv keys it is about, in order;
    ``mentions`` the other keys it names; ``title_ref`` a title to resolve (title-only notes);
    ``head_lines`` the lines of the heading and opening, where the item's evidence is read; ``also``
    spans of lines elsewhere in the note that belong to it (a comment under a table naming its row);
    ``shares`` spans it shares with the topic that holds them ("rows 5 and 6 are new → [4.2]" places both).
    """

    index: int
    kind: str
    title: str
    line: int
    line_end: int
    head: str
    works: tuple[str, ...] = ()
    mentions: tuple[str, ...] = ()
    title_ref: str | None = None
    head_lines: tuple[int, ...] = ()
    row_cells: tuple[tuple[str, str], ...] = ()
    also: tuple[tuple[int, int], ...] = ()
    shares: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class NoteShape:
    """What :func:`read_structure` found: the items, the preamble span and whether the note is one paper."""

    segments: tuple[Segment, ...]
    one_paper: bool
    title: str | None
    preamble: tuple[int, int] | None = None  # (first line, last line) before the first item
    paper: str | None = None
    notes: tuple[str, ...] = field(default=())


# --------------------------------------------------------------------------- helpers

def _lex_list(lex: Lexicon, key: str) -> list[str]:
    return list(lex.raw.get("structure", {}).get(key, []))


#: A folded block opened by its summary (``<details><summary>SnapKV: …</summary>``, a Notion toggle).
_TOGGLE = compile_lazy(r"^\s*<details\b[^>]*>\s*<summary\b[^>]*>\s*(?P<title>.*?)\s*</summary>", re.IGNORECASE | re.DOTALL)
_SUMMARY = compile_lazy(r"^\s*<summary\b[^>]*>\s*(?P<title>.*?)\s*</summary>", re.IGNORECASE | re.DOTALL)


#: A folded block exported as its arrow line: "▶ 杂项", Notion's "▸ Title".
_ARROW_TOGGLE = compile_lazy(r"^\s*[▶►▸▹‣]\s*\S")
_ARROW_LINE = compile_lazy(r"^\s*[▶►▸▹‣]\s*\S.{0,118}$")
#: A toggle's title that names a collection of odds and ends: "杂项", "Misc", "Other", "其他", "零碎".
_COLLECTION_TITLE = compile_lazy(r"^\W*(?:杂项|杂记|其他|其它|零碎|misc(?:ellaneous)?|other(?: things| items)?|odds and ends|assorted)\W*$", re.IGNORECASE)


def _toggles_as_headings(blocks: list[MdBlock]) -> list[MdBlock]:
    """``blocks`` with each folded block's opening (``<details><summary>Title</summary>``: a Notion toggle,
    a folded section of a README) read as a heading one level below the headings before it: a toggle
    is a topic mark, its summary the topic's title."""
    if not any(b.kind in ("html", "para") and (_TOGGLE.match(b.text) or _SUMMARY.match(b.text) or _ARROW_TOGGLE.match(b.text))
               for b in blocks):
        return blocks
    out: list[MdBlock] = []
    level = 1
    prev: MdBlock | None = None
    for b in blocks:
        m = _TOGGLE.match(b.text) if b.kind in ("html", "para") and not b.quoted else None
        if m is None and b.kind in ("html", "para") and not b.quoted and prev is not None and prev.kind == "html" \
                and re.fullmatch(r"\s*<details\b[^>]*>\s*", prev.text):
            m = _SUMMARY.match(b.text)  # "<details>" alone, its "<summary>…</summary>" the next block (a Feishu export)
        prev = b
        if b.kind == "heading" and not b.quoted:
            level = b.level
        if m is None and b.kind == "para" and not b.quoted and b.lines and _ARROW_LINE.match(b.lines[0][1]) \
                and not re.search(r"[.。!！]\s*$", b.lines[0][1]):
            # a folded block exported as its arrow line ("▶ 杂项" then its text; Notion's "▸ Title"): the same mark
            # (a toggle titled by a question, "▸ DoRA 能不能用 SGMV 服务？", is one; a sentence's stop ends no title)
            arrows = [k for k, (_ln, t) in enumerate(b.lines) if _ARROW_LINE.match(t) and not re.search(r"[.。!！]\s*$", t)]
            if len(arrows) == 1:
                out.append(_as_heading(b, b.lines[0][1].strip().lstrip("▶►▸▹‣").strip(), level + 1))
                out.extend(_after_first_line(b))
                continue
            # a toggle list exported as one run of lines (Notion indents a toggle's content, and CommonMark joins it all in one
            # paragraph): each arrow line opens its part; one that brings a paper (its line or the lines under it give an
            # identifier or a link) or names a collection ("▸ 杂项") is a toggle of the list, any other one is a toggle inside
            # the one above it
            gathered = False  # after a collection's toggle ("▸ 杂项"), the toggles are its entries
            for n, k in enumerate(arrows):
                nxt = arrows[n + 1] if n + 1 < len(arrows) else len(b.lines)
                part = b.lines[k:nxt]
                title = part[0][1].strip().lstrip("▶►▸▹‣").strip()
                own = " ".join(t for _ln, t in part)
                collection = bool(_COLLECTION_TITLE.match(title))
                top = n == 0 or collection or (_brings_link(own) and not gathered)
                gathered = gathered or collection
                chunk = replace(b, text="\n".join(t for _ln, t in part), line=part[0][0], line_end=part[-1][0], lines=tuple(part))
                out.append(_as_heading(chunk, title, level + (1 if top else 2)))
                out.extend(_after_first_line(chunk))
            continue
        if m:
            title = re.sub(r"<[^>]+>", "", m.group("title")).strip().lstrip("▶►▸▾▼").strip()
            if title:
                rest = b.text[m.end():].strip("\n")
                out.append(_as_heading(b, title, level + 1))
                if rest.strip() and b.kind == "para":  # the toggle's first paragraph, written on the next lines
                    out.extend(_after_first_line(b))
                continue
        out.append(b)
    return out


def _compile(lex: Lexicon, key: str) -> re.Pattern[str]:
    pats = _lex_list(lex, key)
    return re.compile("|".join(f"(?:{p})" for p in pats) or r"(?!x)x", re.IGNORECASE)


#: Where a comparison's clause ends: a sentence's stop (not the dot inside a name, ``papers.attention.x``), a comma.
_CLAUSE_STOP = compile_lazy(r"\.(?!\w)|[;。；!?！？\n]|,\s|，")


#: An identifier set after a comma as an appositive of the name before it: ", arxiv 2606.04417", ", arxiv.org/abs/…".
_ID_APPOSITIVE = compile_lazy(r"[,，]\s*(?:arXiv\s*[:：]?\s*|(?:https?://)?(?:www\.)?arxiv\.org/(?:abs|pdf)/)?\d{4}\.\d{4,5}(?:v\d+)?",
                            re.IGNORECASE)


def _outer_stop(text: str) -> re.Match[str] | None:
    """The first clause break of ``text`` outside brackets: the comma of a citation's "[Geng et al., 10.48550/arXiv.…]"
    or "(Kwon et al., 2023)" does not end the comparison that names it."""
    for m in _CLAUSE_STOP.finditer(text):
        before = text[:m.start()]
        if before.count("[") <= before.count("]") and before.count("(") <= before.count(")") \
                and before.count("（") <= before.count("）"):
            return m
    return None


def comparison_spans(text: str, lexicon: Lexicon | None = None) -> list[tuple[int, int]]:
    """Character spans of ``text`` written as a comparison (the cue and up to ~40 characters after it,
    within the clause), where a work named is a mention, not what the text is about."""
    lex = lexicon or load_lexicon()
    pat = _compile(lex, "comparison_cues")
    out = []
    for m in pat.finditer(text):
        end = m.end()
        if _WORKS_FIELD.match(text, 0) and _WORKS_FIELD.match(text).end() > m.start():
            continue  # "Builds on: LTR (…), SSJF (…)": a field naming the works the part is about, no comparison
        stop = _outer_stop(text[end:end + 60])
        limit = end + (stop.start() if stop else 40)
        appos = _ID_APPOSITIVE.match(text, limit) if stop and not re.search(r"[\"“”「」《》]", text[max(0, m.start() - 200):limit]) else None
        # (not inside a quoted title: '"KVShuttle: … Serving over Commodity Ethernet", arXiv:2603.04417' is the paper's own)
        if appos:  # "same idea as the overlapped-masking preprint, arxiv 2606.04417": the compared work's identifier
            limit = appos.end()
        out.append((m.start(), _after_compared_work(text, end, limit)))
    return out


#: What may join a compared work to the next one it lists ("vs. A (…) and B (…)", "相比 A（…）和 B（…）"): a
#: coordinator, then a name (capitalised, a number or non-Latin), then the identifier.
_COMPARED_AND = compile_lazy(r"[\s)\]）】]*(?:,\s*|，|、|/|\s+(?:and|or|&)\s+|\s*[和与及或]\s*)"
                           r"(?:(?:[A-Z0-9\u0080-\uffff][^\s,;，；]{0,30})\s*){0,3}?[\[(（【]?\s*$")


def _after_compared_work(text: str, start: int, limit: int) -> int:
    """Where a comparison starting at ``start`` ends, at most ``limit``: after the last work it names in a row
    (one identifier, or several joined by a coordinator, "vs. A (…) and B (…)"); the clause after it ("… and adds
    X [2305.05920]") is no longer the comparison."""
    found = [m for m in find_arxiv_ids(text[start:limit + 40]) if m.start < limit - start]
    if not found:
        return limit
    last = found[0]
    for nxt in found[1:]:
        if not _COMPARED_AND.match(text[start + last.end:start + nxt.start]):
            break
        last = nxt
    tail = re.match(r"[^\S\n]*[)\]）】]?", text[start + last.end:])  # (always matches, maybe empty)
    return min(limit, start + last.end + tail.end())


def works_in(text: str, lexicon: Lexicon | None = None, *, drop_comparisons: bool = True) -> tuple[list[str], list[str]]:
    """``(about, compared)``: the arXiv keys ``text`` names outside and inside comparisons, in order; one its writer
    struck out (``~~Pre-gated MoE 2308.12066~~ → ExFlow …``) is among the compared (named, no longer the subject)."""
    found = find_arxiv_ids(text)
    if not found:
        return [], []
    spans = comparison_spans(text, lexicon) if drop_comparisons else []
    if "~~" in text:
        spans = [*spans, *((m.start(), m.end()) for m in re.finditer(r"~~(?!~)[^~\n]{1,400}?~~", text))]
    about: list[str] = []
    comp: list[str] = []
    for m in found:
        inside = any(a <= m.start < b for a, b in spans)
        (comp if inside else about).append(m.arxiv_id)
    return list(dict.fromkeys(about)), [c for c in dict.fromkeys(comp) if c not in about]


_FM_WORK_KEYS = ("arxiv", "arxiv_id", "arxivid", "arxiv-id", "doi", "url", "link", "paper", "paper_url", "pdf",
                 "source", "paper_link", "论文", "链接")


def front_matter_works(front: dict[str, object]) -> list[str]:
    """arXiv keys a front matter names as the note's paper (``arxiv: 2401.10000``, ``doi: 10.48550/arXiv.…``)."""
    out: list[str] = []
    for k, v in front.items():
        if str(k).strip().lower() not in _FM_WORK_KEYS:
            continue
        vals = v if isinstance(v, list) else [v]
        for raw in vals:
            s = str(raw).strip().strip("'\"")
            if not s:
                continue
            found = find_arxiv_ids(s if re.search(r"[:/]", s) else f"arXiv:{s}")
            out.extend(m.arxiv_id for m in found)
    return list(dict.fromkeys(out))


def _strip(text: str) -> str:
    t = _MD_LINK.sub(lambda m: m.group(1), text)
    t = re.sub(r"\*\*|__|`|~~", "", t)
    return re.sub(r"\s+", " ", t).strip()


def _tidy_title(title: str) -> str:
    """A topic's title without an outline's task marker and trailing tags and with its page links as their names
    ("TODO [[TideSpec]] v3 is out #to-read" -> "TideSpec v3 is out"); the title itself when nothing would be left."""
    t = re.sub(r"^\s*(?:TODO|DONE|DOING|NOW|LATER|WAITING|CANCEL(?:L?ED)?)\s+", "", title)
    t = re.sub(r"\[\[([^\[\]|]{1,120})(?:\|([^\[\]]{1,120}))?\]\]", lambda m: m.group(2) or m.group(1), t)
    t = re.sub(r"(?:\s+#(?=[\w/-]*[A-Za-z_])[\w/-]{2,40})+\s*$", "", t)  # (a tag has a letter: "Adapter Weekly #87" keeps its number)
    return t.strip() or title


def _unnumbered(title: str) -> str:
    """A topic's title without the list number its line opens with ("3. RotaQ-MX 更新到 v3" -> "RotaQ-MX 更新到 v3",
    "（2）…", "二、…") and without a chat turn's stamp, speaker and file marker ("[03-08 10:21] 王磊：[文件] TideServe_…pdf"
    -> "TideServe_…pdf", "[00:00:12] Priya: So first one is …" -> "So first one is …"); a section number ("3.1 Foo")
    and a title that would be left empty stay."""
    t = _CHAT_LEAD.sub("", title, count=1)
    t = re.sub(r"^(?:\[(?:文件|file|attachment|附件)\]\s*|回复\s*[\w.\-]{1,30}\s*[:：]\s*)", "", t, flags=re.IGNORECASE)
    t = re.sub(r"^(?:\d{1,3}[.)、](?!\d)|[（(]\d{1,3}[）)]|[一二三四五六七八九十]{1,3}[、．])\s*", "", t)
    return t if t.strip() else title


def reference_spans(blocks: list[MdBlock], last_line: int) -> list[tuple[int, int]]:
    """The ``(first, last)`` lines of every reference-list section of a note (``## 参考``, ``## References``,
    ``## Further reading``), its title heading aside."""
    title_idx = next((i for i, b in enumerate(blocks) if b.kind == "heading" and b.level == 1), None)
    return _reference_spans(blocks, title_idx, last_line)


def _reference_spans(blocks: list[MdBlock], title_idx: int | None, last_line: int) -> list[tuple[int, int]]:
    """The ``(first, last)`` lines of every reference-list section of a note (``_REFERENCE_HEADING``)."""
    heads = [(k, b) for k, b in enumerate(blocks) if b.kind == "heading" and k != title_idx and not b.quoted]
    spans = []
    for n, (_k, b) in enumerate(heads):
        if _REFERENCE_HEADING.match(_strip(b.text)):
            end = next((h.line - 1 for _j, h in heads[n + 1:] if h.level <= b.level), last_line)
            spans.append((b.line, end))
    return spans


def _paper_field_works(blocks: list[MdBlock]) -> list[str]:
    """The works a note's paper fields name ("Paper: https://arxiv.org/abs/2604.11873v2", "原文：…"), in order, once each."""
    return list(dict.fromkeys(m.arxiv_id for b in blocks if b.kind in ("para", "item") for _ln, t in b.lines
                              if _PAPER_FIELD.match(t) for m in find_arxiv_ids(t)))


def _paper_title_field(blocks: list[MdBlock]) -> str | None:
    """The paper title a note's head gives in a field (``论文：*Title*``, ``Paper: Title``), or None."""
    for b in blocks:
        if b.kind in ("para", "item"):
            for _ln, t in b.lines:
                m = _PAPER_TITLE_FIELD.match(t)
                if m and not find_arxiv_ids(m.group("t")):
                    return m.group("t").strip()
    return None


def _one_paper_dialogue(title: MdBlock, raws: list["_Raw"], pre: list[MdBlock], lex: Lexicon) -> tuple[list["_Raw"], list[MdBlock]]:
    """A dialogue about the one paper its title names by identifier ("# Paired read — RotKV, arxiv.org/abs/2604.11873v2"
    over "> **Ana:** §1 Intro …" / "> **Ben:** …" turns): one item from the title on, about that paper; a turn that
    brings another work of its own opens a digression, which the turns after it continue.  ``raws`` as they are when
    the turns are not two to four people speaking by name, or the title names no single work."""
    tw = list(dict.fromkeys(m.arxiv_id for m in find_arxiv_ids(title.text)))
    names = [_first_line(r) for r in raws]
    speakers = [m.group("t").strip() for t in names if (m := _SPEAKER.match(re.sub(r"^\s*>\s*", "", t)))]
    if len(tw) != 1 or len(speakers) != len(raws) or not 2 <= len(set(speakers)) <= 4 \
            or any(len(sp.split()) > 2 for sp in speakers):
        return raws, pre
    groups: list[list[_Raw]] = [[]]
    for r in raws:
        own = [w for w in works_in("\n".join(t for _ln, t in _lines_of(r)), lex)[0] if w != tw[0]]
        if own and groups[-1] and not any(w in _segment_works(g, lex)[0] for g in groups[-1] for w in own):
            groups.append([])
        groups[-1].append(r)
    first = groups[0]
    head = _Raw("block", title.line, first[-1].line_end, title.text, [title.line],
                [title, *[b for b in pre if b.kind != "hr"], *[b for r in first for b in r.blocks]])
    rest = [_Raw("pseudo", g[0].line, g[-1].line_end, g[0].head, g[0].head_lines, [b for r in g for b in r.blocks])
            for g in groups[1:] if g]
    return [head, *rest], []


def _under_paper_lines(blocks: list[MdBlock], marks: list[tuple[int, int, str]],
                       all_marks: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The topics' marks when lines of the writer's own name the papers stamped lines are under.

    A livestream's or talk's notes written as stamped lines ("[06:40] host: …") under lines that name a paper by
    its identifier ("Paper 1: TreeScout — arxiv.org/abs/2603.07214", "Paper 2: EAGLE-3 (… arXiv 2503.01840)"): the
    stamped lines under such a line are one topic, on that paper, opened by that line (or the first mark under it),
    until the next line of the writer's own that opens a paragraph ("Chat Q&A", after which every stamped line is a
    topic of its own, as is one before the first such line); a stamped line under it that names another work compares
    with it ("[21:10] host: Sequoia (2402.12374) already …").  ``marks`` are the marks those rules kept, ``all_marks``
    every mark found; ``marks`` are returned as they are unless two or more such lines name a paper and two or more
    marks are stamped."""
    line_text = {ln: t for b in blocks for ln, t in b.lines}
    nonempty = sorted(ln for ln, t in line_text.items() if t.strip())

    def stamped_next(ln: int) -> bool:  # the next line written is a stamped one
        k = bisect.bisect_right(nonempty, ln)
        return k < len(nonempty) and bool(_STAMP.match(line_text[nonempty[k]]) or _CHAT.match(line_text[nonempty[k]]))

    own = sorted((ln, next((m.arxiv_id for m in find_arxiv_ids(t)), None))
                 for b in blocks if b.kind == "para" and not b.quoted and b.lines
                 for ln, t in b.lines[:1]
                 if not _STAMP.match(t) and not _CHAT.match(t) and 0 < len(t.strip()) <= 140 and stamped_next(ln))
    stamped = [mk for mk in all_marks if _STAMP.match(line_text.get(mk[1], "")) or _CHAT.match(line_text.get(mk[1], ""))]
    if sum(1 for _ln, w in own if w) < 2 or len(stamped) < 2:
        return marks

    def head_of(ln: int) -> tuple[int, str | None] | None:
        return next((h for h in reversed(own) if h[0] <= ln), None)

    # (outside a paper's line, each stamped line is a remark of its own: "[00:30] intro + sponsor read", under "Chat
    # Q&A" each question; what the conversation's rules kept stays as it is)
    kept = [mk for mk in all_marks if ((h := head_of(mk[1])) is None or h[1] is None)
            and (mk in marks or mk in stamped)]
    for h in own:
        if h[1] is None:
            continue
        nxt = next((o[0] for o in own if o[0] > h[0]), 10**9)
        under = [mk for mk in all_marks if h[0] <= mk[1] < nxt]
        if under:
            kept.append(under[0])
    return sorted(kept, key=lambda mk: mk[1])


def _compared_to_title_work(raws: list["_Raw"], seg_works: list[tuple[list[str], list[str]]], title_work: str, lex: Lexicon,
                            asks, text_of) -> list[tuple[list[str], list[str]]]:
    """``seg_works`` where a question that only compares the note's own work with another ("How is this different from
    LayerSkip?", "Did you compare against InfiniGen [2406.19707]?") is about the note's work, the other a mention.
    ``asks(raw)`` says whether the item is a question, ``text_of(raw)`` gives the words the comparison cue is looked
    for in (lexicon ``structure.comparison_cues``)."""
    comp = _compile(lex, "comparison_cues")
    return [([title_work], list(dict.fromkeys([*m, *a])))
            if a and title_work not in a and asks(r) and comp.search(text_of(r)) else (a, m)
            for r, (a, m) in zip(raws, seg_works)]


def _first_line(r: "_Raw") -> str:
    """The text of a raw item's first line (a comment's author line, "**kvcache_kid** · 3 days ago")."""
    return next((t for ln, t in _lines_of(r) if ln == r.line), r.head)


#: A comment its writer opens by saying it is off the page's topic: "off topic but …", "OT:", "unrelated,", "题外话".
_OFF_TOPIC = compile_lazy(r"^\W*(?:off[- ]topic|OT\b|unrelated|separate (?:thing|issue|topic|question)|side (?:note|question)|\+1\b|"
                        r"题外话|跑题|另一件事|另外一件事)", re.IGNORECASE)


def _comment_words(r: "_Raw") -> str:
    """A comment's own words: the lines after its author line up to the first reply's author line or a remark."""
    out = []
    for ln, t in _lines_of(r):
        if ln == r.line:
            continue
        if _AGO_HEAD.match(t) or _CHAT_HANDLE_TIME.match(t) or t.lstrip().startswith(">"):
            break
        out.append(t)
    return "\n".join(out)


def _turn_text_of(r: "_Raw") -> str:
    """The first 300 characters of a raw item's text after its head line (a comment's words under its author line)."""
    return " ".join(t for ln, t in _lines_of(r) if ln not in r.head_lines[:1])[:300]


def _brings_link(text: str) -> bool:
    return bool(find_arxiv_ids(text) or _URL.search(text) or _MD_LINK.search(text))


def _row_title_ref(r: _Raw) -> str | None:
    """The title a table row writes in its paper column when it writes no identifier ("| … | Slack-Aware Preemption for
    SLO-Bound LLM Serving | …" under "Paper (title or link)"): the work it is about, to resolve by title."""
    b = r.blocks[0] if r.kind == "row" and r.blocks else None
    if b is None or not b.header:
        return None
    from .living_doc import TITLE_COLUMNS

    for h, cell in zip(b.header, b.cells):
        name = re.sub(r"\s*[(（][^)）]*[)）]\s*$", "", re.sub(r"[*_`]", "", h)).strip().lower()
        t = _strip(cell).strip().strip("\"“”")
        if name in TITLE_COLUMNS and len(t.split()) >= 3 and not find_arxiv_ids(t) and not _URL.search(t):
            return t
    return None


#: A table column that gives a place in one document: its page, location, slide or timestamp.
_LOCATION_COLUMN = compile_lazy(r"(?:page|pages|pp?\.?|pg\.?|loc\.?|location|slide|页|页码|页数|位置)", re.IGNORECASE)


@dataclass
class _Raw:
    kind: str
    line: int
    line_end: int
    head: str
    head_lines: list[int]
    blocks: list[MdBlock]
    row_cells: tuple[tuple[str, str], ...] = ()
    also: tuple[tuple[int, int], ...] = ()
    shares: tuple[tuple[int, int], ...] = ()


#: A channel's post header alone on its line, as Telegram exports it: "[18.07.27 09:15] LLM Infra Digest:".
_CHANNEL_POST = compile_lazy(r"^\s*(?P<t>\[\d{1,2}[./]\d{1,2}[./]\d{2,4},?\s+\d{1,2}:\d{2}(?::\d{2})?\]\s+[^\n:：\[\]]{1,40})[:：]\s*$")


#: A place in a talk or a document in brackets before what was noted there, as live notes mark each slide: "[slide 3] FA3 on
#: Hopper", "[p. 12] Appendix B", "[幻灯片 5] 结论", "[第 3 页] …".
_PLACE_MARK = compile_lazy(r"^\s*(?P<t>[\[【]\s*(?:slides?|page|pg\.?|pp?\.|幻灯片|第\s*\d{1,3}\s*页|p(?=\s*\d))\s*#?\s*\d{0,3}"
                           r"(?:\s*[-–]\s*\d{1,3})?\s*[\]】]\s*\S.{0,100})$", re.IGNORECASE)


#: A tracker comment's signature line above its text, as Linear and Jira exports write it: "— kofi, 11 days ago",
#: "– amara, yesterday".
_DASH_AGO = compile_lazy(r"^\s*(?P<t>[—–]\s*@?[\w.\-]{2,30},?\s+(?:\d+\s*(?:[smhdw]|mins?|minutes?|hrs?|hours?|days?|weeks?|months?)\s+ago|"
                         r"yesterday|today|just now))\s*$", re.IGNORECASE)
#: A comment thread's opening as a document or a spreadsheet exports it, what it is anchored on first: "Cell C14 · Comment by
#: Tomasz Wrona · 16 Feb 2029, 09:12", "Comment by Ana · 3 May" (its replies, "Reply by …", answer in it).
#: A document comment's header as a collaborative editor exports it, its writer and its time alone on the line: "💬 周浩然 ·
#: 10-18 14:02", "💬 Ana Ruiz · 2029-10-18 14:02".
_COMMENT_STAMP = compile_lazy(r"^\s*(?:💬|🗨️?|✏️)\s*(?P<t>[^·•\n]{1,30}?\s*[·•]\s*(?:\d{4}[-/.])?\d{1,2}[-/.]\d{1,2}(?:\s+\d{1,2}:\d{2})?)\s*$")
_COMMENT_BY = compile_lazy(r"^\s*(?P<t>(?:[^·•\n]{1,30}\s+[·•]\s+)?Comment by\s+[^·•\n]{1,40}(?:\s+[·•]\s+[^\n]{1,40})?)\s*$")
#: A comment's author line on a professional network's post, with the degree of connection: "Wen Li • 3rd+", "Sunita Rao • 1st"
#: (the post author's own reply, "Rafael Ortiz Mendes • Author", written under a comment, answers in it).
_NETWORK_BY = compile_lazy(r"^(?P<t>[A-Z][\w.'’-]{0,30}(?:\s[A-Z][\w.'’-]{0,30}){0,3}\s+[•·]\s+(?:1st|2nd|3rd\+?|Following|Follow))\s*$")
#: A comment's header in a video site's or a feed's comment section, its fields set apart by middle dots and one of them its age:
#: "wuhu起飞 · 3天前 · 👍 566", "算子熬夜版 · UP主 · 置顶 · 3天前 · 👍 1024", "kofi · 2 days ago · 12 likes".
_FEED_COMMENT = compile_lazy(r"^(?P<t>(?![*_@])(?![^\n·•]{0,30}\b(?:commented|replied|reviewed|wrote)\b)[^\s·•][^\n·•]{0,30}?(?:\s[·•]\s[^\n·•]{1,20}){0,3}\s[·•]\s(?:\d{1,3}\s*(?:天|小时|分钟|周|个月|年)前|刚刚|昨天|前天|"
                           r"\d{1,3}\s*(?:[smhdw]|mins?|minutes?|hrs?|hours?|days?|weeks?|months?)\s+ago|yesterday)(?:\s[·•]\s[^\n]{1,40})*)\s*$")
#: A comment thread's opening, whatever its export: "Comment by Teodor Lind on 2029-01-29 10:14", "Cell F3 · Comment by …",
#: "@ana commented 3 days ago".
_COMMENT_HEAD_ANY = compile_lazy(r"(?:^|\s[·•]\s)Comment by\b|\bcommented\b|^\s*Comment\s*#?\d+\b", re.IGNORECASE)
#: A ticket's or an issue's body field: "Description: …", "Problem:", "描述：".
_TICKET_BODY = compile_lazy(r"^\s*(?:Description|Problem statement|Problem|Details|Steps to reproduce|描述|问题描述)\s*[:：]", re.IGNORECASE)
#: A recommender's or a search tool's entry, led by its score in brackets: "[score 0.91] ThinkCap: … — arXiv:2603.14452",
#: "[rank 3] …", "[相关度 0.8] …".
_SCORED_ENTRY = compile_lazy(r"^\s*(?P<t>\[(?:score|rank|sim(?:ilarity)?|relevance|match|相关度|得分|评分)\s*[:=]?\s*[\d.]{1,6}\]\s+\S.*)$",
                             re.IGNORECASE)
#: An alert notification's header, as Grafana and Alertmanager write it: "[FIRING:1] HighP99TTFT (chat prod-us-east-2)",
#: "[RESOLVED] …" (a resolved notification answers the firing one of its rule: one topic, ``_split_pseudo``).
_ALERT = compile_lazy(r"^\s*(?P<t>\[(?P<state>FIRING|RESOLVED|ALERT|ALERTING|WARNING|CRITICAL|PENDING)(?::\d+)?\]\s+(?P<rule>[\w.:-]+).*)$")
#: A PDF reader's exported annotation, its page and kind first: "Page 3, Highlight (yellow): "…"", "p. 12 Underline: …",
#: "第 4 页 划线：…".
_ANNOTATION = compile_lazy(r"^\s*(?P<t>(?:Page|Pg\.?|p\.|第)\s*\d{1,4}\s*页?\s*[,，·]?\s*(?:Highlight|Underline|Strikeout|Comment|Note|"
                           r"Annotation|划线|高亮|批注|笔记)\b.*)$", re.IGNORECASE)
#: A Q&A site's answer header pasted as a line: "Answer (score 41, accepted) — bandwidth_is_all", "✔ Accepted answer (12 votes)",
#: "Answer 2 (score -2) — anon".
_ANSWER_HEAD = compile_lazy(r"^\s*(?P<t>(?:[✔✓]\s*)?(?:accepted\s+)?answer\s*(?:#?\d{1,2}\s*)?[(（]\s*(?:score|votes?|赞同)?\s*[:：]?\s*-?\d[^)）\n]{0,40}[)）].*)$",
                            re.IGNORECASE)
#: A heading as a wiki or a plain-text log writes it: "== run 1: llama.cpp CPU baseline ==", "=== Results ===" (MediaWiki), "== run 4:
#: bitnet.cpp …".
#: A paragraph anchor of a document export: "¶ 28.1 — LLMLingua-2 paragraph", "¶ Sources".
_PILCROW = compile_lazy(r"^\s*¶\s+(?P<t>[^\s。!?！？][^。!?！？]{0,100}?)\s*$")  # (not a read's "¶1 引言。…": its numbered paragraphs)
_EQ_HEADING = compile_lazy(r"^\s*={2,6}\s*(?P<t>[^=\s][^=]{0,120}?)\s*(?:={2,6})?\s*$")


#: A message that forwards another: "【转发】来自「推理优化交流群」", "Forwarded from MoE Daily", "Fwd: …".
_FORWARD_OPEN = compile_lazy(r"【转发】|转发自|^\s*(?:Forwarded (?:from|message)|Fwd?:|FW:)", re.IGNORECASE)
#: A chat turn's stamp and speaker with its message on the lines below: "[2029-01-20 15:19] mei:", "↳ [10:44 AM] dana:".
_CHAT_ALONE = compile_lazy(rf"^\s*{_REPLY_MARK}{_STAMP_RX}\s+@?{_WHO_RX}(?:\s+\([^()\n]{{1,20}}\))?\s*[:：]\s*$")


def _pseudo_kind(line_text: str) -> int:
    """Which kind of pseudo-heading ``line_text`` is (an index into the patterns ``_pseudo`` tries), -1 none; a chat turn's
    stamp and speaker alone on a line ("[2029-01-20 15:19] mei:" over a quote and the reply) are a chat line's kind."""
    kinds = (_BOLD_ONLY, _CN_ORDINAL, _PAREN_NUM, _BRACKET_TAG, _CHAT, _ORG, _THREAD, _TURN, _BOLD_LEAD, _NUMBERED_LABEL,
             _FORUM_REPLY, _COMMENTED, _FILE_ANCHOR, _TIME_SLOT, _CHANNEL_POST, _PLACE_MARK, _EQ_HEADING, _DASH_AGO, _COMMENT_BY,
             _NETWORK_BY, _FEED_COMMENT, _SCORED_ENTRY, _ALERT, _ANNOTATION, _ANSWER_HEAD, _PILCROW, _COMMENT_STAMP)
    if _CHAT_ALONE.match(line_text):
        return kinds.index(_CHAT)
    if _COMMENTED.match(line_text):  # ("**jchen** commented on May 1" is a comment's header, as "mdrake mentioned this issue …" is)
        return kinds.index(_COMMENTED)
    return next((n for n, pat in enumerate(kinds) if pat.match(line_text)), -1)


def _pseudo(line_text: str) -> str | None:
    """The title of a pseudo-heading line, or None."""
    for pat in (_BOLD_ONLY, _CN_ORDINAL, _PAREN_NUM, _BRACKET_TAG, _CHAT, _ORG, _THREAD, _TURN, _STAMP, _NUMBERED_LABEL,
                _FORUM_REPLY, _COMMENTED, _FILE_ANCHOR, _TIME_SLOT, _CHANNEL_POST, _PLACE_MARK, _EQ_HEADING, _DASH_AGO, _COMMENT_BY,
                _NETWORK_BY, _FEED_COMMENT, _SCORED_ENTRY, _ALERT, _ANNOTATION, _ANSWER_HEAD, _PILCROW, _COMMENT_STAMP):
        m = pat.match(line_text)
        if m:
            return (m.group("t") or m.groupdict().get("t2") or m.groupdict().get("t3") or m.groupdict().get("t4") or "").strip()
    m = _BOLD_LEAD.match(line_text)
    if m:
        return m.group("t").strip().rstrip("—–-:： ")
    return None


def _content(blocks: list[MdBlock]) -> list[MdBlock]:
    return [b for b in blocks if b.kind not in ("html", "code", "hr")]


# --------------------------------------------------------------------------- segmentation

def _wikilinked_work(text: str) -> str | None:
    """The work an entry opens with by a wikilink the note resolves in its links footer ("[[KIVI]] — keys vs values" with
    "[[KIVI]] — https://arxiv.org/abs/2402.02750" below), else None."""
    m = re.match(r"\s*\[\[([^\]|#\n]{2,40})(?:\|[^\]\n]*)?\]\]", text)
    return _NOTE_NAMES.get().get(m.group(1)) if m else None


def _split_headings(blocks: list[MdBlock], title_idx: int | None, last_line: int, lex: Lexicon) -> tuple[list[_Raw], list[MdBlock]]:
    heads = [(i, b) for i, b in enumerate(blocks) if b.kind == "heading" and i != title_idx and not b.quoted]
    if len(heads) >= 2 and _CLOSING_SLIDE.match(_strip(heads[-1][1].text)) and not _content(blocks[heads[-1][0] + 1:]):
        heads = heads[:-1]  # a deck's closing "# Questions?" with nothing under it: no topic, and no level for the others
    level = min(b.level for _, b in heads)
    tops = [(i, b) for i, b in heads if b.level == level]
    pre = blocks[: tops[0][0]]
    if title_idx is not None:
        pre = [b for k, b in enumerate(pre) if k != title_idx]
    out: list[_Raw] = []
    if any(b.kind == "heading" and not b.quoted for b in pre):
        # deeper headings before the first of the shallowest level ("### 1. KIVI …", "### 2. PolarKV …", then "## 阅读程度"
        # closing a Yuque export): they are topics of their own, not the preamble of the later one
        inner, pre = _split_headings(pre, None, blocks[tops[0][0]].line - 1, lex)
        out.extend(inner)
    # entries before the first topic that bring works of their own are topics too ("- SnapKV
    # (arXiv:2404.14469) …" above the first "## "); the rest of the text before it is the preamble
    head_list = _entries(pre)
    pre_ents = [(k, b) for k, b in head_list if works_in(b.text, lex)[0] or _wikilinked_work(b.text) is not None]
    if len(pre_ents) >= 2 and len(pre_ents) * 2 >= len(head_list) and any(_wikilinked_work(b.text) for _k, b in pre_ents):
        # an outline's top-level bullets, most opening with a wikilink its footer resolves ("- [[KIVI]] — keys vs values"):
        # every top-level bullet is a topic, "- canvas housekeeping" too
        pre_ents = head_list
    if pre_ents and _PAPER_FIELD.match(head_list[0][1].text.split("\n")[0]):
        # a head of fields under the title ("- paper: https://arxiv.org/pdf/…", "- related: [[…]] (2404.15574)", "- how far
        # I got: …" of a Dendron note): the note's metadata, not topics of their own
        pre_ents = []
    if pre_ents:
        out.extend(_entry_raws(pre, pre_ents, lex))
        first = pre_ents[0][1].line
        pre = [b for b in pre if b.line < first]
    spans = []
    for n, (i, h) in enumerate(tops):
        j = tops[n + 1][0] if n + 1 < len(tops) else len(blocks)
        spans.append((i, h, j, blocks[i + 1: j]))
    # headings that are containers ("### Added" / "### Noted" / "### Dropped", one bullet per thing):
    # when one of them is, its siblings that name a collection too ("### Noted" with two bullets) or whose
    # entries are tasks ("- [ ] …": one task each) give their entries
    containers = [bool(_container_entries(h.text, body, lex)) for _i, h, _j, body in spans]
    any_container = any(containers)  # once, not once per heading (issue 23: it grew with the square)
    meta = _compile(lex, "meta_headings")
    generic = _compile(lex, "generic_headings")
    rules = [b.line for b in blocks if b.kind == "hr"]
    for n, (i, h, j, body) in enumerate(spans):
        end = (blocks[j].line - 1) if j < len(blocks) else last_line
        end = max(h.line, min(end, max((b.line_end for b in body), default=h.line)))
        ents_all = _entries(body)
        if ents_all and len(ents_all) == len([b for b in _content(body) if b.kind != "heading"]) and \
                all(re.match(r"\s*\[\[", b.text) and _WIKILINK_BEFORE_ID.search(b.text[:(ids[0].start if (ids := find_arxiv_ids(b.text)) else 0)])
                    for _k, b in ents_all):
            continue  # "## Links" over "- [[KIVI]] — https://arxiv.org/abs/…": the footer resolving the note's wikilinks, no topic
        if len(ents_all) >= 2 and _LINKS_LABEL.fullmatch(_strip(h.text)) and out \
                and len(ents_all) == len([b for b in _content(body) if b.kind != "heading"]) \
                and all(links := [_NAME_LINK.match(b.text) for _k, b in ents_all]):
            said = " ".join(x.text for r in out for x in r.blocks).casefold()
            if sum(1 for nl in links if nl.group("name").strip().casefold() in said) * 2 >= len(ents_all):
                continue  # a show's "## Links" ("- LayerSkip: https://arxiv.org/abs/…") giving the papers its chapters name: no topic
        if not _content(body) and (meta.search(_strip(h.text)) or _CLOSING_SLIDE.match(_strip(h.text))):
            continue  # "Attendees: raj, li": a heading that is only a note's metadata; "# Questions?" closing a deck
        if n == 0 and title_idx is not None and i == title_idx + 1 and len(rules) >= 3 and not out \
                and any(h.line < r < (blocks[j].line if j < len(blocks) else last_line + 1) for r in rules):
            # a slide deck's cover ("# RotaGroup" over "## Calibration-free 4-bit weights …", the speaker, the link, then
            # "---"): the subtitle and the cover's lines are the deck's head, not a slide of its own
            pre = [*pre, h, *body]
            continue
        prev = out[-1] if out else None
        if prev is not None and prev.kind == "heading" and _TEMPLATE_PART.fullmatch(_strip(h.text)) \
                and (_TEMPLATE_LEAD.fullmatch(_strip(prev.head)) or _TEMPLATE_PART.fullmatch(_strip(prev.head))):
            # a bug report's template sections after its description ("### To reproduce", "### Environment"): parts of
            # the report, no topics of their own; the issue's comments after the last one ("@alice commented 2 days ago:",
            # after a rule or not) are topics of their own
            cut = next((k for k, b in enumerate(body) if b.kind == "hr" or (b.kind == "para" and b.lines
                                                                            and comment_author(b.lines[0][1]) is not None)), len(body))
            mine, rest = body[:cut], body[cut:]
            talk = _split_pseudo([b for b in rest if b.kind != "hr"], end, lex) if any(b.kind != "hr" for b in rest) else None
            if not any(_brings_link(b.text) for b in mine) and (talk is not None or not rest):
                last_own = max([h.line, *(b.line_end for b in mine)])
                out[-1] = _Raw(prev.kind, prev.line, last_own, prev.head, prev.head_lines, [*prev.blocks, h, *mine],
                               prev.row_cells, prev.also, prev.shares)
                if talk is not None:
                    out.extend(talk[0])
                continue
        if (prev is not None and prev.kind == "heading" and prev.blocks and prev.blocks[0].level == h.level
                and _brings_link(prev.head) and not _brings_link(h.text)
                and (lex.caveat_headings.search(_strip(h.text)) or generic.search(_strip(h.text)))):
            # "## MC-SF (arXiv:…)" then "## 值得警惕": the second speaks of the first, a section of it
            out[-1] = _Raw(prev.kind, prev.line, end, prev.head, prev.head_lines, [*prev.blocks, h, *body])
            continue
        sub_heads = [b for b in body if b.kind == "heading"]
        if len(sub_heads) >= 2 and not _content([b for b in body if b.line < sub_heads[0].line]) and not _brings_link(h.text):
            # "* Notes" holding "** Topic" sections: the topics are its sub-sections
            inner, _pre = _split_headings(body, None, end, lex)
            out.extend(inner)
            continue
        if len(sub_heads) >= 2 and not _brings_link(h.text) and _subsections_are_topics(body, lex):
            # "## Methodology" (a paragraph) over "### A100" / "### H100" / "### L40S", each a results table naming
            # its own works: the part before the first sub-section is the heading's topic, each sub-section one more
            before = [b for b in body if b.line < sub_heads[0].line]
            opening = next((b for b in _content(before) if b.kind != "heading"), None)
            out.append(_Raw("heading", h.line, max(h.line, *(b.line_end for b in before)), h.text,
                            [h.line] + ([opening.line] if opening else []), [h, *before]))
            inner, _pre = _split_headings([b for b in body if b.line >= sub_heads[0].line], None, end, lex)
            out.extend(inner)
            continue
        if sub_heads and not _brings_link(h.text):
            # a section's own rows or entries before its sub-sections (a Confluence page's table of methods, then an
            # expand block read as a sub-heading): topics when they would be without the sub-sections, and so are
            # its panels ("> **Warning**"), each sub-section one more
            before = [b for b in body if b.line < sub_heads[0].line]
            own_units = _container_entries(h.text, before, lex) if _content(before) else []
            if own_units:
                covered = {ln for u in own_units for x in u.blocks for ln in range(x.line, x.line_end + 1)}
                panels = [b for b in before if b.kind == "para" and b.quoted and b.line not in covered and _is_panel(b)]
                out.extend(sorted([*own_units, *(_Raw("pseudo", b.line, b.line_end, _strip(b.lines[-1][1] if len(b.lines) > 1 else b.text),
                                                     [b.line], [b]) for b in panels)], key=lambda r: r.line))
                inner, _pre = _split_headings([b for b in body if b.line >= sub_heads[0].line], None, end, lex)
                out.extend(inner)
                continue
        ents_here = _entries(body)
        if len(ents_here) >= 2 and _DATED_HEAD.match(_strip(h.text)) and not _brings_link(h.text) \
                and len(ents_here) == len([b for b in _content(body) if b.kind != "heading" and b.parent is None]) \
                and all(_PERSON_LINE.match(b.text) for _k, b in ents_here) \
                and len({_PERSON_LINE.match(b.text).group("n").casefold() for _k, b in ents_here}) >= 2:
            # a day's stand-up, one line per person ("### Mon 11-10" over "- 唐宁：…" / "- Omar: …" / "- Priya: …"): each
            # person's line is a topic; the heading's line is shared by them
            for k, (_i, b) in enumerate(ents_here):
                stop = ents_here[k + 1][1].line if k + 1 < len(ents_here) else end + 1
                part = [x for x in body if b.line <= x.line < stop]
                out.append(_Raw("entry", b.line, max(x.line_end for x in part), b.text.split("\n")[0].strip(), [b.line], part,
                                shares=((h.line, h.line),)))
            continue
        stamps = [b for b in body if b.kind == "para" and not b.quoted and b.parent is None and b.lines
                  and _TALK_STAMP.match(b.lines[0][1])]
        if len(stamps) >= 2 and not _brings_link(h.text) and not any(b.kind == "heading" for b in body) \
                and not _content([b for b in body if b.line < stamps[0].line]):
            # a session of a live-blog ("## Session 3: Chunk caches" over "14:05 "Affinity: …" (arXiv …)" and its bullets,
            # "14:30 …", "15:20 coffee."): each talk, by its time, is a topic; the session's line is shared by them
            for k, st in enumerate(stamps):
                stop = stamps[k + 1].line if k + 1 < len(stamps) else end + 1
                part = [x for x in body if st.line <= x.line < stop]
                out.append(_Raw("pseudo", st.line, max(x.line_end for x in part), st.lines[0][1].strip(), [st.line], part,
                                shares=((h.line, h.line),)))
            continue
        sub = _container_entries(h.text, body, lex)
        if not sub and any_container and not _brings_link(h.text) and ents_here \
                and not any(b.kind == "heading" for b in body) \
                and not _REFERENCE_HEADING.match(_strip(h.text)) and not _REF_LABEL.match(_strip(h.text)) \
                and (_named_collection(h.text, lex)
                     # a radar's quadrant ("## 采纳" over "- vLLM 分块预填充 —— 理由", "- KIVI（link）—— 理由") beside quadrants that
                     # give their entries: every entry a name, a dash and a reason, each a topic
                     or (len(ents_here) >= 2 and all(_NAME_DASH_REASON.match(b.text) for _k, b in ents_here))
                     # a list of tasks gives its tasks when it is the section's whole text and one of them names a work or
                     # a section or reads as a task ("- [ ] add SnapKV (2404.14469) to 4.2", "- [ ] **E1 日间预消化** · 认领：
                     # Tom"); a shopping list ("- [ ] 牛奶 x2"), or a topic's paragraph with its follow-up task, is one topic
                     or (all(b.task is not None for _k, b in ents_here)
                         and not any(b.kind == "para" and not b.quoted for b in body if b.line < ents_here[0][1].line)
                         and any(_brings_link(b.text) or _SECTION_NUM.search(b.text) or re.match(r"\s*\*\*", b.text)
                                 or re.search(r"\s·\s|[：:]\s*\S", b.text.split("\n")[0]) or len(b.text.split("\n")[0].split()) >= 6
                                 for _k, b in ents_here))):
            sub = _entry_raws(body, ents_here, lex)
        if sub and sum(1 for u in sub if u.kind == "row") >= 2:
            # the notes under a section's table that open by naming one of its rows (a reST ".. note::" under a
            # list-table, "Note:" / "TPP is an OS paper …"): that row's
            last_unit = max(u.line_end for u in sub)
            sub = _row_comments(sub, [b for b in body if b.line > last_unit and b.kind == "para" and b.parent is None and not b.quoted])
        if sub:
            first_unit = min(u.line for u in sub)
            before = [b for b in _content(body) if b.line_end < first_unit and b.kind != "heading"]
            if all(u.kind == "pseudo" for u in sub) and any(b.kind in ("item", "row") for b in before):
                # "## Decision" over its numbered list, then the page's comments ("**Rahul Menon** · Jul 21"): the list
                # is the heading's own topic, the comments after it their own
                out.append(_Raw("heading", h.line, max(b.line_end for b in before), h.text, [h.line, before[0].line], [h, *before]))
            out.extend(sub)
            continue
        labels = [b for b in body if b.kind == "para" and not b.quoted and b.parent is None and len(b.lines) == 1
                  and _BOLD_ONLY.match(b.lines[0][1]) and len(_strip(b.text)) <= 30 and not _brings_link(b.text)
                  and len(_strip(b.text).split()) <= 3 and not generic.search(_strip(b.text))]
        if len(labels) >= 2 and not _brings_link(h.text) and not any(b.kind == "heading" for b in body) \
                and _DATED_HEAD.match(_strip(h.text)) and not _content([b for b in body if b.line < labels[0].line]) \
                and all(any(x.kind == "item" and x.line > lb.line and (k + 1 == len(labels) or x.line < labels[k + 1].line) for x in body)
                        for k, lb in enumerate(labels)):
            # a day's stand-up ("## 2027-07-05 周一" over "**浩然**" / "- 昨天：…" / "- 今天：…", one bold name per person):
            # each person's entries are a topic; the heading's line is shared by them (its date, its placement)
            before = [b for b in body if b.line < labels[0].line]
            if _content(before):
                opening = next((b for b in _content(before) if b.kind != "heading"), None)
                out.append(_Raw("heading", h.line, labels[0].line - 1, h.text, [h.line] + ([opening.line] if opening else []), [h, *before]))
            for k, lb in enumerate(labels):
                stop = labels[k + 1].line if k + 1 < len(labels) else end + 1
                part = [b for b in body if lb.line <= b.line < stop]
                out.append(_Raw("pseudo", lb.line, max(b.line_end for b in part), _strip(lb.text).rstrip(":："), [lb.line], part,
                                shares=((h.line, h.line),)))
            continue
        opening = next((b for b in _content(body) if b.kind != "heading"), None)
        hl = [h.line] + ([opening.line] if opening else [])
        out.extend(_numbered_siblings(_Raw("heading", h.line, end, h.text, hl, [h, *body])))
    if any(r.kind == "row" for r in out) and any(r.kind == "pseudo" for r in out):
        # minutes: a table of the papers ("| FlashAttention-3（arXiv:…） | 王磊 | …") under one heading, then under "## 讨论记录"
        # a bold-headed paragraph per paper ("**FlashAttention-3（王磊）**"): each paragraph is its row's topic
        # (a panel or a quoted aside naming a paper in its text is no such paragraph: only a bold head of its own)
        rows_first = [r for r in out if r.kind == "row"]
        later = [r for r in out if r.kind == "pseudo" and r.line > max(x.line for x in rows_first)
                 and r.blocks and not r.blocks[0].quoted]
        joined = _row_comments([*rows_first, *later])
        if len(joined) < len(rows_first) + len(later):
            merged = {r.line: r for r in joined}
            gone = {r.line for r in later} - set(merged)
            out = [merged.get(r.line, r) if r.kind == "row" else r for r in out if not (r.kind == "pseudo" and r.line in gone)]
    return out, pre


#: A person's line of a stand-up: a name, a colon, their words ("唐宁：bench box …", "Omar: rebased …", "**Priya**: …").
_PERSON_LINE = compile_lazy(r"^\s*(?:\*\*)?(?P<n>[\u4e00-\u9fff]{2,4}|[A-Z][a-z]{1,15}(?: [A-Z][a-z]{0,15}\.?)?|@[\w.-]{2,20})(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*\S")


#: A list entry that is a name, a dash and a reason: "vLLM 分块预填充（chunk=2048）—— 线上跑满两个月", "LMCache — cross-instance reuse"
#: (not a timeline's "14:03 — tenant … starts", which opens with a time).
_NAME_DASH_REASON = compile_lazy(r"^\s*(?![\d(\[])[^\s—–][^—–\n]{0,60}?\s*(?:——|—|–)\s*\S")


#: A heading's number, and a bold paragraph lead's ("### 2. PolarKV v3", "**3. Quest：…**").
_HEAD_NUMBER = compile_lazy(r"^\s*#*\s*(?:\*\*|__)?\s*(\d{1,2})\s*[.、)）]\s*\S")


#: A deck's closing slide title: "Questions?", "Q&A", "Thanks!", "Thank you", "谢谢", "提问环节".
_CLOSING_SLIDE = compile_lazy(r"^\W*(?:questions?|q\s*&\s*a|any questions|thanks?(?: you)?(?: all)?|the end|谢谢(?:大家)?|感谢聆听|提问(?:环节)?|答疑)\W*$",
                            re.IGNORECASE)


def _numbered_siblings(raw: _Raw) -> list[_Raw]:
    """``raw`` (a numbered heading's topic) cut where a bold paragraph continues its numbering ("### 2. PolarKV v3" then,
    inside it, "**3. Quest：按 query 选页…**" and "**4. 杂项**" of a Yuque export): each such paragraph opens a topic."""
    head = _HEAD_NUMBER.match(raw.head)
    if head is None:
        return [raw]
    n, cuts = int(head.group(1)), []
    for b in raw.blocks[1:]:
        m = _HEAD_NUMBER.match(b.lines[0][1]) if b.kind == "para" and not b.quoted and b.parent is None and b.lines else None
        if m and b.lines[0][1].lstrip().startswith(("**", "__")) and int(m.group(1)) == n + 1:
            cuts.append(b)
            n += 1
    if not cuts:
        return [raw]
    out, rest = [], list(raw.blocks)
    for c in reversed(cuts):
        k = next(x for x, b in enumerate(rest) if b is c)
        part, rest = rest[k:], rest[:k]
        lead = _BOLD_LEAD.match(c.lines[0][1])
        out.append(_Raw("pseudo", c.line, max(b.line_end for b in part) if out == [] else out[-1].line - 1,
                        lead.group("t") if lead else c.lines[0][1], [c.line], part))
    first = replace(raw, line_end=max(raw.line, cuts[0].line - 1), blocks=rest)
    out.reverse()
    if out:
        out[-1] = replace(out[-1], line_end=raw.line_end)
    return [first, *out]


_NUMERIC_CELL = compile_lazy(r"^\s*(?:[-–—~≈]|\d{1,3}\s*:\s*\d{1,3}|[-+]?\d[\d.,]*\s*(?:x|×|倍|%|ms|s|tok/s|GB|MB)?|n/?a|—)\s*$", re.IGNORECASE)


def _results_rows(rows: list[MdBlock]) -> set[int]:
    """The lines of the rows of tables of results: no row brings a work or a link, and most cells after the
    first are numbers (``| 独立草稿 1B，k=4 | 贪心 | 0.71 | 2.9 | 231.1 | 2.4x |``): configurations measured,
    not topics; such a table is part of the note's text."""
    out: set[int] = set()
    by_header: dict[tuple[str, ...], list[MdBlock]] = {}
    for r in rows:
        by_header.setdefault(r.header, []).append(r)
    for _h, rs in by_header.items():
        if any(_brings_link(without_value_cells(r)) for r in rs):
            # a results table with a reference column ("| Sarathi-Serve, chunk 512 | 2403.02310 | 8 | 0.47 | 2.41 |"):
            # three or more rows, mostly numbers besides the names and identifiers, few cells of prose (a notes column
            # in most rows gives each row its own say: "| … | ours; chunk 2048 |" rows are topics)
            cells = [c for r in rs for c in r.cells[1:] if c.strip() and not find_arxiv_ids(c)]
            if len(rs) >= 3 and cells and sum(1 for c in cells if _NUMERIC_CELL.match(c)) * 4 >= len(cells) * 3 \
                    and sum(1 for r in rs if any(len(c.split()) >= 3 for c in r.cells[1:] if not find_arxiv_ids(c))) * 2 < len(rs):
                out.update(r.line for r in rs)
            continue
        cells = [c for r in rs for c in r.cells[1:] if c.strip()]
        if len(rs) >= 2 and cells and sum(1 for c in cells if _NUMERIC_CELL.match(c)) * 2 > len(cells):
            out.update(r.line for r in rs)
        elif len(rs) >= 2 and len(_h) >= 3 and _ASPECT_CORNER.match(_strip(_h[0])) and all(c.strip() for c in _h[1:]):
            # a comparison matrix ("| | Paper A: FlashAttention-3 | Paper B: SageAttention2 |" over "| Exact or not | … |"):
            # its columns are the things compared, its rows aspects of them, not topics
            out.update(r.line for r in rs)
    return out


def comparison_columns(row: MdBlock) -> list[tuple[str, str]] | None:
    """``(column name, cell)`` for each filled cell after the first of a comparison matrix's row, else None.

    A comparison matrix names the things compared in its columns and an aspect in each row's first cell
    (``| | Paper A: FlashAttention-3 | Paper B: SageAttention2 |`` over ``| Exact or not | exact … | approximate … |``);
    its corner cell is empty or names the rows' dimension (``Aspect``, ``维度``).  A column's name drops a
    ``Paper A:`` / ``方法一：`` label before it."""
    h = row.header
    if row.kind != "row" or len(h) < 3 or not _ASPECT_CORNER.match(_strip(h[0])) or not all(c.strip() for c in h[1:]):
        return None
    out = []
    for name, cell in zip(h[1:], row.cells[1:]):
        name = re.sub(r"^\s*(?:paper|method|system|option|approach|论文|方法|方案)\s*(?:[A-Z]|\d{1,2}|[一二三四五六])\s*[:：]\s*",
                      "", _strip(name), flags=re.IGNORECASE)
        if cell.strip(" -—–") and name:
            out.append((name, cell.strip()))
    return out


#: The corner cell of a comparison matrix: empty, or the name of its rows' dimension ("Aspect", "维度", "对比项").
_ASPECT_CORNER = compile_lazy(r"^(?:|[-—–/\\]|aspects?|dimensions?|features?|criteri(?:on|a)|properties|property|"
                            r"维度|对比项|对比维度|方面|特性|项目)$", re.IGNORECASE)


def _named_at_head(title: str, head_blocks: list[MdBlock], work: str) -> bool:
    """Whether a title opens with the name its note's head gives the one work it cites ("# EAGLE-2 re-run log (marcus)"
    over "I read the EAGLE-2 paper [2406.16858] end to end"): the log is about that work."""
    m = re.match(r"[^\w]*([A-Za-z][\w+#.-]*[\w+#])", title)
    if m is None or len(m.group(1)) < 3 or not re.search(r"[A-Z0-9]", m.group(1)[1:] + m.group(1)[:1]):
        return False
    name = re.escape(m.group(1))
    for b in head_blocks:
        for hit in find_arxiv_ids(b.text):
            if hit.arxiv_id == work and re.search(rf"(?<![\w-]){name}(?![\w-])[^\n]{{0,30}}$", b.text[:hit.start], re.IGNORECASE):
                return True
    return False


#: The header of a two-column table of a page's properties: "Property | Value", "Field | Value", "属性 | 值".
_PROPERTY_HEADER = compile_lazy(r"^(?:propert(?:y|ies)|field|key|attribute|meta(?:data)?|属性|字段|键|项目?)\s*\|\s*(?:values?|值|内容)$",
                              re.IGNORECASE)


def _entries(body: list[MdBlock], *, top_only: bool = True) -> list[tuple[int, MdBlock]]:
    """Top-level list entries and table rows of ``body`` (with their index); the rows of a table of
    results (``_results_rows``) and of a page's property table naming no work (``_PROPERTY_HEADER``) are no
    entries."""
    got = []
    # (a row of empty cells, a wiki table's row separator or a spreadsheet's spacer, says nothing: no entry)
    rows = [b for b in body if b.kind == "row" and b.parent is None and not b.quoted and any(c.strip() for c in b.cells)]
    results = _results_rows(rows)
    # a page's property table ("| Property | Value |" over "| Status | In progress |", a Notion export's head) holds
    # the page's metadata, no topics, when none of its rows brings a work or a link
    props = {id(b) for b in rows if _PROPERTY_HEADER.match(" | ".join(_strip(h).strip() for h in b.header))
             and not any(_brings_link(" | ".join(r.cells)) for r in rows if r.header == b.header)}
    rows = [b for b in rows if b.line not in results and id(b) not in props]
    prev_row: MdBlock | None = None
    legend = _legend_entries(body)
    for k, b in enumerate(body):
        if b.quoted or k in legend:
            continue
        if b.kind == "item" and (b.level == 0 or not top_only) and b.parent is None:
            got.append((k, b))
        elif b.kind == "row" and b.parent is None and b.line not in results and any(c.strip() for c in b.cells) \
                and id(b) not in props and not _continuation_row(b, rows) and not _group_row(b):
            if not (_record_table(b) and prev_row is not None and prev_row.header == b.header and prev_row.line == b.line - 1):
                got.append((k, b))  # (a key/value table's later rows are its record's fields)
        if b.kind == "row":
            prev_row = b
    return got


#: A paragraph that introduces a legend of marks: "Legend for the Checked? column:", "Key:", "图例：",
#: "标记说明：" (ending with its colon; not "Key papers:").
_LEGEND_LEAD = compile_lazy(r"^(?:(?:legend|图例|标记说明|符号说明|图标说明|标记含义)(?:\b|(?=[^\x00-\x7f])).{0,60}"
                          r"|key(?:\s+(?:to|for)\s+.{1,40})?)\s*[:：]$", re.IGNORECASE)


def _legend_entries(body: list[MdBlock]) -> set[int]:
    """Indices of the list entries of ``body`` that define a legend's marks ("- ✅ confirmed in the source
    itself", "- ❓ not checked yet"): a list right under a paragraph that introduces a legend, whose entries
    bring no work or link. A legend says what a mark means; it is no topic."""
    out: set[int] = set()
    for k, b in enumerate(body[:-1]):
        if b.kind != "para" or b.quoted or not _LEGEND_LEAD.match(_strip(b.text).strip("*_ ")) \
                or body[k + 1].kind != "item":
            continue
        ents = []
        for j in range(k + 1, len(body)):
            c = body[j]
            if c.kind != "item" and c.parent is None:
                break
            ents.append(j)
        if ents and not any(_brings_link(body[j].text) or len(body[j].text) > 160 for j in ents):
            out.update(ents)
    # a list pairing citation keys with identifiers ("- dao2023flashattention2 = arXiv:2307.08691", under "bib keys ->
    # arXiv"): the key each citation of the note stands for, no topic of its own
    run: list[int] = []
    for k, b in enumerate([*body, None]):
        if b is not None and b.kind == "item" and not b.quoted and _CITE_KEY_PAIR.match(_strip(b.text)):
            run.append(k)
            continue
        if len(run) >= 2:
            out.update(run)
        run = []
    return out


#: A citation key paired with its identifier: "dao2023flashattention2 = arXiv:2307.08691", "headpack2026 → [2603.14452v3]".
_CITE_KEY_PAIR = compile_lazy(r"^\s*`?[A-Za-z][A-Za-z-]*\d{2,4}[\w:.\-]*`?\s*(?:=|→|->|:)\s*\S*?\d{4}\.\d{4,5}\S*\s*$")


def _group_row(row: MdBlock) -> bool:
    """Whether a table row only names the group of the rows under it: its first cell filled, every other cell of a
    table of three columns or more empty (``| **Weight-only** | | | |``): a label, no topic."""
    return len(row.cells) >= 3 and bool(row.cells[0].strip()) and not any(c.strip() for c in row.cells[1:]) \
        and not _brings_link(row.cells[0])  # ("| Quest (arXiv:2406.10774) | | | |": a paper not filled in yet)


def _record_table(row: MdBlock) -> bool:
    """Whether a row is a field of a key/value table that records one paper: two columns whose header
    is itself a field and its value ("| 论文 | 2601.04417 |" over "| 标题 | DraftCache … |", a Feishu or Notion
    export)."""
    return len(row.header) == 2 and bool(find_arxiv_ids(row.header[1]) or _URL.search(row.header[1]))


def _continuation_row(row: MdBlock, rows: list[MdBlock]) -> bool:
    """Whether a table row only continues the rows above it: its first cells (the number, the
    identifier) are empty where the table's other rows fill them, and it brings no work or link (a
    title pushed one row down by a paste, a wrapped cell)."""
    if len(row.cells) < 2 or row.cells[0].strip() or _brings_link(" | ".join(row.cells)):
        return False
    filled = sum(1 for r in rows if r is not row and r.header == row.header and r.cells and r.cells[0].strip())
    return filled >= 2 and filled * 4 >= 3 * (len([r for r in rows if r.header == row.header]) - 1)


#: A section number written in a task or an entry: "§4.2", "4.2", "section 3".
_SECTION_NUM = compile_lazy(r"§\s*\d|(?<![\w.])\d{1,2}\.\d{1,2}(?![\w.%])|\bsection\s+\d", re.IGNORECASE)


def _subsections_are_topics(body: list[MdBlock], lex: Lexicon) -> bool:
    """Whether a section's sub-sections (its highest sub-heading level) are topics of their own: two or more
    of them name works of their own (a link or an identifier), and not all the same ones."""
    heads = [b for b in body if b.kind == "heading"]
    level = min(b.level for b in heads)
    tops = [i for i, b in enumerate(body) if b.kind == "heading" and b.level == level]
    works: list[tuple[str, ...]] = []
    for n, i in enumerate(tops):
        part = body[i: tops[n + 1] if n + 1 < len(tops) else len(body)]
        text = "\n".join(b.text for b in part if b.kind not in ("code", "html"))
        if _brings_link(text):
            works.append(tuple(works_in(text, lex)[0]))
        elif (names := _NOTE_NAMES.get()) and (w := _named_exactly(_strip(body[i].text), names)) is not None:
            works.append((w,))  # "### E1 — SketchSel decode, batched": a work the note gives an identifier elsewhere
    return len(works) >= 2 and len(set(works)) >= 2


def _units(body: list[MdBlock], lex: Lexicon) -> list[_Raw]:
    """The units a section's body is made of, when it is a sequence of them: pseudo-headed paragraphs
    (speaker turns ``**Jonas**：…``, bold lead-ins, chat messages), else its top-level list entries and
    table rows (a topic entry holding paper entries gives the paper entries)."""
    last = max((b.line_end for b in body), default=0)
    pseudo = _split_pseudo(body, last, lex, nested=False)
    if pseudo is not None:
        return pseudo[0]
    ents = _entries(body)
    if ents:
        return _entry_raws(body, ents, lex)
    # a link roundup written one link per line, no list markers ("[Title](https://arxiv.org/pdf/…) — take"):
    # each line of such a paragraph is an entry
    out: list[_Raw] = []
    for b in body:
        if b.kind == "para" and not b.quoted and b.parent is None and len(b.lines) >= 2 \
                and all(_LINK_LINE.match(t) for _ln, t in b.lines):
            out.extend(_Raw("entry", ln, ln, t, [ln], [piece]) for ln, t in b.lines
                       if (piece := _slice(b, ln, ln)) is not None)
    return out


#: An outline's property naming where an entry's paper is: "Source:: arxiv.org/abs/…", "link:: …", "url:: …", "paper:: …".
_SOURCE_FIELD = compile_lazy(r"^\s*(?:source|link|url|paper|arxiv|pdf)\s*::", re.IGNORECASE)
#: A line that opens with a link: ``[Title](https://…) — take``, ``<https://…>``, ``https://…``.
_LINK_LINE = compile_lazy(r"^\s*(?:\[[^\[\]]+\]\(\S+\)|<?https?://\S+)")


#: A heading naming a day of a log: "Thu 20 Feb", "Monday", "2027-02-17", "Day 2", "周三", "2月18日".
_DATED_HEAD = compile_lazy(r"^(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?\b\.?,?(?:\s+\d{1,2}(?:\s+[A-Za-z]{3,9})?)?"
                         r"|\d{4}-\d{2}-\d{2}|\d{1,2}\s+(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|day\s*\d{1,2}"
                         r"|(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
                         r"\.?\s+\d{1,2}(?:st|nd|rd|th)?\b"  # an outliner's "Jun 15th, 2027" (not "Marlin 2", "Janus 3")
                         r"|(?:周|星期)[一二三四五六日天]|\d{1,2}\s*月\s*\d{1,2}\s*日)"
                         # nothing after it but a weekday or month, a number, a time or an aside: "2027-02-17 (Tue)",
                         # "Thu 20 Feb, 14:00"; not a topic ("2027-01-03 14:22 CalibTree 复现")
                         r"(?:[\s,，]*(?:(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
                         r"|\d{1,2}[-/.]\d{1,2}|\d{1,4}|\d{1,2}:\d{2}|[(（][^)）]{0,20}[)）]|(?:周|星期)[一二三四五六日天]))*\s*$", re.IGNORECASE)


def _named_collection(head_text: str, lex: Lexicon) -> bool:
    """True when a heading names a collection of things ("Added", "Action items", "Also worth a look",
    "杂项"; lexicon ``structure.container_headings``) in five words or fewer."""
    head = re.sub(r"^[#*\s\d.、）)]+", "", _strip(head_text))
    return len(head.split()) <= 5 and bool(_compile(lex, "container_headings").search(head))


#: A forum post's heading: an answer or a reply by someone ("✔ Accepted — answered 5d ago by `tree_attn_tom`",
#: "Answer — answered 2d ago by …", "Reply from @mira", "回答 · 作者：…").
_POST_HEADING = compile_lazy(r"\b(?:answered|asked|replied|posted|commented)\b[^\n]{0,40}\b(?:ago|by)\b|^\W*(?:accepted\s+)?answer\b|"
                           r"^\W*(?:reply|comment)\s+(?:from|by)\b|^\W*(?:回答|回复|评论)\s*(?:#?\d{1,3}|[一二三四五六七八九十]{1,3})?\s*[·|｜:：—-]",
                           re.IGNORECASE)


#: A conference slot named by its number and title ("Poster #133 — PD-Bench: a trace-driven benchmark …", "Talk 4: …", "海报 #12 —
#: …"): its bullets are what was said at it, one topic.
_TITLED_SLOT = compile_lazy(r"^\W*(?:poster|talk|demo|oral|spotlight|海报|报告|展板)\s*(?:#\s*)?\d{1,4}\s*[—–:：-]\s*\S", re.IGNORECASE)
#: A part of a recording named by its span ("P3 Prism-MoE（47:05–1:12:30）", "Part 2 · 12:10-25:00", "Chapter 4 (1:02:00 - 1:15:30)"):
#: its stamped lines retell that part, one topic, not a topic per stamp.
_RECORDING_PART = compile_lazy(r"[(（\[]?\s*\d{1,2}:\d{2}(?::\d{2})?\s*[–—~\-－至到]\s*\d{1,2}:\d{2}(?::\d{2})?\s*[)）\]]?")


#: A wikilink naming a paper's note by its title (a name and a colon, or four words): "[[MoE-Lightning: High-Throughput …]]".
_WIKILINK_TITLE = compile_lazy(r"\[\[[^\]|#\n]{2,40}:\s[^\]|#\n]{4,200}\]\]|\[\[(?:[^\]|#\s\n]+\s+){3,}[^\]|#\s\n]+\]\]")


#: A line's label naming what kind of text follows in a reading export, not who speaks: "【划线】…", "【想法】…", "【原文】",
#: "[Highlight] …", "[Note] …".
_PART_TAG = compile_lazy(r"^\s*[【\[(（](?:划线|想法|原文|批注|高亮|笔记|摘录|书摘|标注|highlight|note|thought|excerpt|quote)[】\])）]", re.IGNORECASE)


def _container_entries(head_text: str, body: list[MdBlock], lex: Lexicon) -> list[_Raw]:
    """The units of a section whose heading names no work, when they are its topics: two or more of
    them bring their own work or link (at least half of them do); or the heading names a collection
    ("Action items", "Discussion", "Also worth a look", "杂项"; lexicon
    ``structure.container_headings``) and it has two or more; or they are turns of a conversation;
    else ``[]``."""
    if _brings_link(head_text) or any(b.kind == "heading" for b in body) or _REF_LABEL.match(_strip(head_text)) \
            or _REFERENCE_HEADING.match(_strip(head_text)) or _POST_HEADING.search(_strip(head_text)) \
            or _RECORDING_PART.search(_strip(head_text)) or _TITLED_SLOT.match(_strip(head_text)):
        return []  # (a part labelled "Papers mentioned" lists the note's references: read as one part, then dropped;
        # a section headed "参考资料", "See also" is the note's reference list, one part; an answer's heading,
        # "✔ Accepted — answered 5d ago by `tom`", heads one person's post: its bullets are its points)
    content = [b for b in body if b.kind not in ("hr", "html")]
    lead = list(itertools.takewhile(lambda b: b.quoted and b.callout is None, content))
    tail: list[MdBlock] = []
    if lead and any(b.kind == "item" for b in lead):
        # a part that opens with a quote ("**回答一** · @答主" over "> 1. EAGLE-2（arXiv:…）…" / "> 2. …"): an excerpt's
        # list is the part's list; the excerpter's own words after it ("我的看法：…") are a part of their own
        tail = [b for b in body if b.line > lead[-1].line_end and b.kind != "hr"]
        body = [replace(b, quoted=False) for b in body if b.line <= lead[-1].line_end]
    units = _units(body, lex)
    if tail and units and any(b.text.strip() for b in tail):
        first = next(b for b in tail if b.text.strip())
        units = [*units, _Raw("pseudo", first.line, max(b.line_end for b in tail), first.lines[0][1] if first.lines else first.text,
                              [first.line], tail)]
    if _DATED_HEAD.match(_strip(head_text)) and (not units or all(u.kind in ("entry", "row") for u in units)):
        # a log's day ("### Thu 20 Feb") written as paragraphs, one per thing done, and bullets: each paragraph
        # a unit beside the entries
        covered = {ln for u in units for b in u.blocks for ln in range(b.line, b.line_end + 1)}
        off = next((b.line for b in body if b.kind == "para" and b.lines and _SIGN_OFF.match(b.lines[0][1])), None)
        paras = [b for b in body if b.kind == "para" and b.parent is None and not b.quoted and b.lines and b.line not in covered
                 and (off is None or b.line < off)]  # (a mailing's "--" and its footer close the day: no thing done)
        day = sorted([*units, *(_Raw("pseudo", b.line, b.line_end, b.lines[0][1], [b.line], [b]) for b in paras)],
                     key=lambda u: u.line)
        # the bullets under a paragraph that brings its work ("**SLO-Gate** — arXiv:… An admission gate …" over "- P99
        # TTFT …: 3.1× lower", "- Preemption overhead stays below 3%"), naming none of their own, are its points
        merged: list[_Raw] = []
        for u in day:
            prev = merged[-1] if merged else None
            if (u.kind == "pseudo" and prev is not None and prev.kind == "pseudo" and not _brings_link(u.head)
                    and _brings_link("\n".join(b.text for b in prev.blocks[:1])) and _GOES_ON.match(u.head)):
                # "AgeQueue: … (arXiv 2608.05527v2). Read it properly today" then "The idea is …", "Results on ShareGPT …",
                # "I think it belongs in 2.2 …": paragraphs that go on about the work just brought are its own
                merged[-1] = replace(prev, line_end=max(prev.line_end, u.line_end), blocks=[*prev.blocks, *u.blocks])
                continue
            if (u.kind == "entry" and prev is not None and prev.kind == "pseudo" and u.line <= prev.line_end + 1
                    and _brings_link("\n".join(b.text for b in prev.blocks[:1])) and not _brings_link("\n".join(b.text for b in u.blocks))):
                # (written right under it, no blank line between: a list set off by a blank line is the day's next things)
                merged[-1] = replace(prev, line_end=max(prev.line_end, u.line_end), blocks=[*prev.blocks, *u.blocks])
                continue
            merged.append(u)
        day = merged
        if len(day) >= 2 and any(_brings_link("\n".join(b.text for b in u.blocks)) for u in day):
            return day
        if not units:
            return []
    if len(units) < 2:
        return []
    def own(u: _Raw) -> str:
        if u.kind == "pseudo":
            return "\n".join(t for ln, t in _lines_of(u) if ln in u.head_lines)
        t = u.blocks[0].text if u.kind != "block" else f"{u.head}\n{u.blocks[0].text}"
        if not _brings_link(t) and len(_strip(t).split()) <= 5 and len(u.blocks) > 1 and u.blocks[1].kind == "item":
            # "- [[MirrorDraft]]" over "    - arxiv.org/abs/2601.14382v1, only got through the abstract": a
            # name whose first sub-entry brings its link
            t += "\n" + u.blocks[1].text
        return t
    if _WORKS_FIELD.match(own(units[0])) or sum(1 for u in units if _READING_ROLE.match(own(u))) * 2 > len(units):
        return []  # "## 1. vLLM" over "- 依赖论文：PagedAttention（…）；EAGLE-3（…）" and remarks: one topic, about those works
    # (a wikilink to the note kept on a paper, "skimmed [[MoE-Lightning: …]] again", brings that paper as a link does)
    with_works = [u for u in units if _brings_link(own(u)) or _WIKILINK_TITLE.search(own(u))]
    distinct = {tuple(works_in(own(u), lex)[0]) or (own(u)[:40],) for u in with_works}
    named_collection = _named_collection(head_text, lex)
    # (a bold-only line is a part's label, "**What the speaker claimed**", "**My doubts**"; a turn writes its words
    # after the speaker's name, "**Jonas**：…")
    # (and a highlight's or a thought's label is a part of one reading, "【划线】…" / "【想法】…" under "## 02 Kernel：…")
    turns = sum(1 for u in units if u.kind == "pseudo" and not _BOLD_ONLY.match(first := u.blocks[0].lines[0][1] if u.blocks and u.blocks[0].lines else "")
                and not _PART_TAG.match(first)) >= 2
    status = _compile(lex, "status_labels")
    if len(units) >= 2 and all(status.match(_strip(own(u))) for u in units):
        # a standup's "Yesterday: … / Today: … / Blockers: …" bullets: each a topic, "Blockers: none" none
        return [u for u in units if not re.fullmatch(r"[^:：]{1,20}[:：]\s*(?:none|nothing|n/a|-+|—|无|没有|暂无)[.。]?\s*",
                                                        _strip(own(u)), re.IGNORECASE)]
    if len(with_works) >= 2 and len(distinct) >= 2 and len(with_works) * 2 >= len(units):
        return units
    rows = [u for u in units if u.kind == "row"]
    if len(rows) >= 3 and len(rows) == len(units) and with_works \
            and sum(1 for u in rows if _DATE_CELL.match(u.blocks[0].cells[0] if u.blocks[0].cells else "")) * 5 >= len(rows) * 4:
        # a log's table, one run a row under its date ("| 12-13 | Medusa-1（2401.10774） | Vicuna-7B | … | 备注 |"): each
        # row an experiment of its own, though only the first run of each method writes its identifier
        return units
    if len(distinct) >= 2 and (grouped := _timeline_topics(units, own, lex)):
        return grouped
    if turns and (re.match(r"^\W*(?:topic|thread|subject|stream)\s*[:：]", _strip(head_text), re.IGNORECASE)
                  or re.match(r"^\W*`?[\w.\-]+(?:/[\w.\-]+)+\.\w{1,5}`?(?::\d+(?:-\d+)?)?\s*(?:[—–:|-]|$)", _strip(head_text))):
        return []  # a chat's topic ("#### topic: meta CP numbers" of a Zulip export), a review's file ("## src/moe/prefetch.py —
        # next-layer guess" over "**ljw**: …" / "**ahmed**: …"): one discussion, not a topic per message
    if named_collection and not with_works and all(u.kind == "entry" and re.search(r"[?？]\s*$", _strip(own(u))) for u in units):
        return []  # "## Discussion questions" over "1. … ?" "2. … ?": the questions put to a group, one part
    if (named_collection and (len(units) >= 3 or (all(u.kind == "entry" for u in units) and with_works))) or (turns and len(units) >= 2):
        return units  # ("## Hallway" over two bullets, one bringing a work: each a conversation of its own)
    return []


#: A paragraph that goes on about what the one before brought: it opens by pointing back ("It …", "Their …", "The idea
#: is …", "Results on …", "I think it belongs …", "作者…", "这篇…").
_GOES_ON = compile_lazy(r"^\s*(?:(?:it|its|it's|they|their|this|these|the (?:idea|paper|method|approach|authors?|results?|main|key|"
                      r"core|trick|catch|headline|evaluation|eval|setup|experiments?|ablations?|numbers?|gist)|results?|overall|"
                      r"(?:i|we) (?:think|guess|suspect|reckon) (?:it|this|they)|my (?:take|read|verdict)|verdict)\b|"
                      r"(?:作者|这篇|该文|本文|它的?|其|结果|实验|思路|核心|方法上))", re.IGNORECASE)
#: A section's opening field naming the works it builds on: "- 依赖论文：…", "Builds on: …", "Papers used: …".
_WORKS_FIELD = compile_lazy(r"^\s*(?:[-*+]\s*)?(?:\*\*|__)?(?:依赖(?:的)?论文|所依赖的论文|用到的论文|涉及论文|基于的?论文|"
                          r"builds? on|built on|depends on|relies on|based on|underlying papers?|papers? (?:used|behind it|it builds on))"
                          r"(?:\*\*|__)?\s*[:：]", re.IGNORECASE)
#: A syllabus's reading labels: "- Required: Switch Transformers — https://…", "- Optional: …", "必读：…"; a session's
#: readings are its material, the session (the heading) the topic.
_READING_ROLE = compile_lazy(r"^\s*(?:[-*+]\s*)?(?:\*\*|__)?(?:(?:required|optional|pre-?|assigned)\s*(?:readings?|papers?)?|"
                           r"(?:core|main|further|supplementary|background|recommended|suggested|extra)\s*(?:readings?|papers?))(?:\*\*|__)?\s*[:：]|"
                           r"^\s*(?:[-*+]\s*)?(?:\*\*|__)?(?:必读|选读|推荐阅读|延伸阅读|拓展阅读|预习)(?:\*\*|__)?\s*[:：]", re.IGNORECASE)
_LIST_MARK = compile_lazy(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+")
#: A stamped entry that changes the subject without a work: "[01:12] 【广告】…", "[31:40] (ad) …", "12:00 Sponsor: …".
_TAGGED_OPEN = compile_lazy(r"^(?:【[^】]{1,8}】|\[(?:ad|sponsor(?:ed)?|break|Q&A|qa)\]|\((?:ad|sponsor(?:ed)?)\)|(?:ad|sponsor(?:ed)?|广告|赞助)\s*[:：])",
                          re.IGNORECASE)


def _timeline_topics(units: list[_Raw], own, lex: Lexicon) -> list[_Raw] | None:
    """A video's or a talk's timeline written as stamped entries ("- [03:05] **Draft & Verify** (arxiv.org/abs/…)",
    then "- [05:40] UP 主原话大意…", "- [08:20] …"): the topics are the runs of entries that each open by bringing
    a work (or by a tag such as "【广告】"), the entries after an opener continuing its topic; an opening entry
    before the first topic ("[00:00] 开场…", "intro") is no topic.  None when most entries are not stamped or
    fewer than two open a topic."""
    def text(u: _Raw) -> str:
        return _LIST_MARK.sub("", own(u).splitlines()[0] if own(u) else "", count=1)

    if len(units) < 4 or sum(1 for u in units if _STAMP.match(text(u))) * 5 < len(units) * 4:
        return None
    groups: list[list[_Raw]] = []
    current: tuple[str, ...] | None = None
    for u in units:
        body = re.sub(r"^\s*[\[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}[\])]?\s*", "", text(u))
        works = tuple(works_in(own(u), lex)[0]) if _brings_link(own(u)) else ()
        if (works and works != current) or _TAGGED_OPEN.match(body) or not groups:
            groups.append([u])
            current = works or None
        else:
            groups[-1].append(u)
    if sum(1 for g in groups if _brings_link(own(g[0]))) < 2:
        return None
    first = groups[0][0]
    if not _brings_link(own(first)) and (_OPENING.search(text(first)) or _TIMELINE_OPENING.match(
            re.sub(r"^\s*[\[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}[\])]?\s*", "", text(first)))):
        groups = groups[1:] if len(groups[0]) == 1 else [groups[0][1:], *groups[1:]]
    return [_Raw(g[0].kind, g[0].line, max(b.line_end for u in g for b in u.blocks), g[0].head, g[0].head_lines,
                 [b for u in g for b in u.blocks]) for g in groups if g]


#: A timeline's opening entry: "开场", "intro", "opening remarks", "welcome".
_TIMELINE_OPENING = compile_lazy(r"^(?:开场|片头|引言|intro(?:duction)?\b|opening\b|welcome\b|cold open\b)", re.IGNORECASE)


#: An outliner's daily page as a bullet: "[[March 16th, 2027]]", "2027-03-16", "[[2027/03/16]]", "3月16日".
_DATE_LABEL = compile_lazy(r"^(?:\[\[)?\s*(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}"
                         r"|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}\s+[A-Za-z]{3,9}\s+\d{4}|(?:\d{4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*日)\s*(?:\]\])?$",
                         re.IGNORECASE)


#: The one comma of a short label of four words or fewer ("码本 / lattice, 2-bit", "1-bit / ternary — QAT, 不在范围"):
#: still a label, not a sentence.
_ONE_COMMA = compile_lazy(r"^(?=(?:\S+\s+){0,4}\S+$)([^,，]*)[,，](?=[^,，]*$)")
#: A wikilink to a section of a note: ``[[quantized-serving#S3.1]]``, ``[[kv-cache#§2]]`` (a place, not a work).
_SECTION_WIKILINK = compile_lazy(r"(?:→|->)?\s*\[\[[^\[\]#|\n]{0,80}#[^\[\]|\n]{1,60}(?:\|[^\[\]\n]{0,60})?\]\]")


#: A panel's label, alone on the first line of a quote: "> **Warning**", "> **Info**", "> ℹ️ Note", "> 注意".
_PANEL_LABEL = compile_lazy(r"^\s*(?:\*\*|__)?\s*(?:[^\w\s]{1,3}\s*)?(?:info|information|note|warning|caution|tip|important|"
                          r"success|error|信息|注意|警告|提示|重要)\s*[:：]?\s*(?:\*\*|__)?\s*$", re.IGNORECASE)


def _is_panel(b: MdBlock) -> bool:
    """Whether a quoted block is a page's panel (a Confluence info or warning panel, a callout): a callout, or a quote
    whose first line is a panel's label alone."""
    return b.quoted and (b.callout is not None or bool(b.lines and _PANEL_LABEL.match(b.lines[0][1])))


def _entry_raws(body: list[MdBlock], ents: list[tuple[int, MdBlock]], lex: Lexicon | None = None) -> list[_Raw]:
    """One raw item per entry, its nested entries and code inside it.  A topic entry that names no
    work and holds two or more entries that do ("- KV offloading" → "  - InfiniGen, arXiv:…") gives
    those entries instead; once one entry does, every sibling with sub-entries does too."""
    spans = []
    for n, (k, b) in enumerate(ents):
        nxt = ents[n + 1][0] if n + 1 < len(ents) else len(body)
        stop = next((x for x, c in enumerate(body[k + 1: nxt], k + 1) if _is_panel(c)), nxt)  # (a page's panel ends the entry)
        kids = [c for c in body[k + 1: stop] if c.kind != "row" and (c.parent is not None or c.kind in ("code", "html"))]
        if not b.quoted:
            # the reader's verdict quoted right under an entry (">> keep — belongs under 2.1") comments it
            for c in body[k + 1: nxt]:
                if not c.quoted or c.kind == "heading" or (n + 1 == len(ents) and c.line_end - c.line > 2) or _is_panel(c):
                    break  # (a panel, "> **Warning**", is the page's, no reply to the entry)
                kids.append(c)
        spans.append((k, b, kids))
    def children(b: MdBlock, kids: list[MdBlock]) -> list[tuple[int, MdBlock]]:
        return [(n, c) for n, c in enumerate(kids) if c.kind == "item" and c.parent == b.index and b.index >= 0]

    def own(text: str) -> str:
        # a wikilink to a section of a note ("→ [[quantized-serving#S3.1]]" on a mind map's branch) places the
        # label, it brings no work
        return _SECTION_WIKILINK.sub(" ", text)

    def is_topic(b: MdBlock, kids: list[MdBlock]) -> bool:
        # a short label ("KV offloading", "Kernels"), not a sentence that introduces a list
        ch = children(b, kids)
        label = _strip(own(b.text).split("\n")[0]).rstrip(":：→ ")  # "Yesterday:" over its entries is a label
        return (b.kind == "item" and not _brings_link(own(b.text)) and len(label.split()) <= 5 and len(label) <= 40
                and (not re.search(r"[.。:：,，;；!?]", _ONE_COMMA.sub(r"\1 ", label)) or bool(_DATE_LABEL.match(label)))
                and sum(1 for _, c in ch if _brings_link(c.text) or leads(c, kids)) >= 2)

    def leads(c: MdBlock, kids: list[MdBlock]) -> bool:
        # a sub-label whose own entries bring works ("Speculative decoding" → "Draft heads" → "Medusa — 2401.10774"):
        # a mind map's category two levels up is a label too
        return c.kind == "item" and not _brings_link(own(c.text)) and sum(1 for _, g in children(c, kids) if _brings_link(g.text)) >= 1

    topical = any(is_topic(b, kids) for _k, b, kids in spans)
    out = []
    for k, b, kids in spans:
        ch = children(b, kids)
        label = _strip(own(b.text).split("\n")[0]).rstrip(":：→ ")
        if topical and ch and not _brings_link(own(b.text)) and b.kind == "item" and len(label.split()) <= 5 \
                and (not re.search(r"[.。:：,，;；!?]", _ONE_COMMA.sub(r"\1 ", label)) or _DATE_LABEL.match(label)):
            # the sub-entries, each with its own nested lines; the label's own line is shared by all of them (a mind
            # map's "分组标量 → [[doc#S3.1]]", "1-bit — out of scope": its placement and its verdict are theirs)
            own_end = b.lines[-1][0] if b.lines else b.line
            out.extend(replace(r, shares=(*r.shares, (b.line, own_end))) for r in _entry_raws(kids, ch, lex))
            continue
        firsts = [next((m.arxiv_id for m in find_arxiv_ids(c.text)), None) for _n, c in ch]
        if b.kind == "item" and len(ch) >= 2 and all(firsts) and len(set(firsts)) == len(ch) and not find_arxiv_ids(b.text) \
                and not _NUMBERED_LABEL.match(b.text.split("\n")[0]) \
                and all(c.line_end > c.line or children(c, kids) for _n, c in ch):
            # (each sub-entry with words of its own under its first line; a reading list's one-line references, "- Medusa:
            # … — arXiv:2401.15077", stay the list's; "Slide 4: …" keeps its points, as below)
            # a label over sub-entries that each bring a work of their own ("[[Paper reading]] — three spec-decode papers
            # today" over "TODO [[TideSpec]] v3 is out" / "arxiv:: …", "DONE [[Bandit draft length]] …" / "arxiv:: …"): each
            # sub-entry is a topic; the label's own line is shared by them
            own_end = b.lines[-1][0] if b.lines else b.line
            out.extend(replace(r, shares=(*r.shares, (b.line, own_end))) for r in _entry_raws(kids, ch, lex))
            continue
        # a task or a topic that names no work, holding a sub-entry that brings one of its own beside
        # sub-entries that do not ("TODO benchmark APC" → "need the A10G box", "[[CacheBlend]]
        # arXiv:2405.16444 — …"): the linked sub-entry is a topic of its own
        page = re.match(r"\s*(?:\[\[|#\S)", b.text) or re.search(r"^\s*(?:type|kind)::\s*(?:paper|article|preprint)", b.text, re.M | re.I)
        numbered = _NUMBERED_LABEL.match(b.text.split("\n")[0])  # "Slide 3: Sparse decode": a numbered unit keeps its points
        if b.kind == "item" and ch and not page and not numbered and not _brings_link(b.text) \
                and any(not _brings_link(c.text) for _n, c in ch):
            # (a sub-entry that opens with its work; one that names a work in passing, "The kernel is the one from the
            # Marlin paper (arXiv 2408.11743); nothing new", stays in its entry)
            # (nor one that points back at the entry's own subject: "文中引的是 arxiv.org/abs/2404.00456v2", "the post links …")
            linked = [c for _n, c in ch if (_brings_link(c.text) and (ids := find_arxiv_ids(c.text))
                                            and (ids[0].start < 32 or re.match(r"\s*(?:\[\[|\[|<?https?://)", c.text))
                                            and not _SUB_POINTS_BACK.match(c.text))
                      # (or whose own source field gives it: "[[SpillWay]] #to-read" over "Source:: arxiv.org/abs/2603.04417")
                      or (re.match(r"\s*(?:(?:TODO|DONE|DOING|NOW|LATER|WAITING)\s+)?\[\[", c.text)
                          and (any(_SOURCE_FIELD.match(g.text) and find_arxiv_ids(g.text) for _m, g in children(c, kids))
                               # (or a property line of its own, as Logseq writes them: "arxiv:: https://arxiv.org/abs/…")
                               or any(_SOURCE_FIELD.match(t) and find_arxiv_ids(t) for t in c.text.split("\n")[1:])))]
            if linked:
                first = linked[0]
                own_kids = [c for c in kids if c.line < first.line]
                out.append(_Raw("entry", b.line, max([b.line_end, *(c.line_end for c in own_kids)]), b.text.split("\n")[0],
                                [ln for ln, _t in b.lines] or [b.line], [b, *own_kids]))
                rest = [c for c in kids if c.line >= first.line]
                out.extend(_entry_raws(rest, [(n, c) for n, c in enumerate(rest) if c in linked], lex))
                continue
        if b.kind == "row" and _record_table(b):
            # a key/value table is one record: its rows are its fields, from its header line (the field
            # holding the identifier) down
            fields = []
            for c in body[k + 1:]:
                if c.kind != "row" or c.header != b.header or c.line != (fields[-1].line if fields else b.line) + 1:
                    break
                fields.append(c)
            # its header row is right above the first row: two lines up in a pipe table (the delimiter row between)
            top = max(1, b.line - 2 if "|" in (b.lines[0][1] if b.lines else "") else b.line - 1)
            hl = [top, *range(b.line, (fields[-1].line if fields else b.line) + 1)]
            inside = [b, *fields, *(c for c in kids if c.kind != "row")]
            titled = next((r.cells[1] for r in (b, *fields) if len(r.cells) == 2
                           and re.sub(r"[*_`\s]", "", r.cells[0]).lower() in ("标题", "title", "名称", "name", "题目", "论文标题")), None)
            head = f"{titled} ({b.header[1]})" if titled else f"{b.header[0]}: {b.header[1]}"
            out.append(_Raw("block", top, max(c.line_end for c in inside), head, hl, inside))
            continue
        # a paragraph right after an entry, indented under it, is already its own text; free paragraphs
        # between entries are labels ("补充：") or the note's epilogue, not part of the entry
        end = max([b.line_end, *(c.line_end for c in kids)])
        cells = tuple(zip(b.header, b.cells)) if b.kind == "row" else ()
        # an entry's own lines are its heading: its property lines ("status:: todo", "source:: …") say
        # how deeply it was checked
        hl = [ln for ln, _t in b.lines] if b.kind == "item" and b.lines else [b.line]
        out.append(_Raw("row" if b.kind == "row" else "entry", b.line, end, b.text.split("\n")[0], hl, [b, *kids], cells))
    return out


def _turn_text(blocks: list[MdBlock], i: int, ln: int) -> str:
    """The text of a turn whose header is line ``ln`` of block ``i``: the header line, and for an IM
    header alone on its line (``ola 14:02``) the message lines after it, up to the next header."""
    lines = blocks[i].lines
    nums = [n for n, _t in lines] if len(lines) < 64 else _line_numbers(blocks[i])
    k = bisect.bisect_left(nums, ln)
    text = lines[k][1] if k < len(lines) and nums[k] == ln else ""
    if _TURN.match(text):
        # the message runs to the next header: a chat pasted as one paragraph holds every turn after it
        msg: list[str] = []
        ended = False
        for _x, t in lines[bisect.bisect_right(nums, ln):]:
            if _TURN.match(t):
                ended = True
                break
            msg.append(t)
        # (a message that goes on below its paragraph, a forward quoted under "【转发】…" then the sharer's word on it: up
        # to the next turn's header)
        # (only a forward begun under its header and going on in a quote, "【转发】来自「…」": a header alone over a quote is
        # read by its quote's own turn, a reply quoted under a message is the reply's, and a message's own list is its text)
        quoted_next = i + 1 < len(blocks) and blocks[i + 1].quoted and bool(_FORWARD_OPEN.search(msg[0] if msg else ""))
        for b in blocks[i + 1:i + 6] if not ended and msg and quoted_next else ():
            if ended or len(msg) > 40:
                break
            for _x, t in b.lines:
                if not b.quoted and (_TURN.match(t) or _CHAT.match(t) or _CHAT_ALONE.match(t)):
                    ended = True  # (a quoted one is the forwarded message's own header)
                    break
                msg.append(t)
        text = " ".join(msg)
    return text


#: A comment under an answer or a post: "**陈默**：…", "**Yifan** 回复 @林深：…", "**ana**: …".
_COMMENT_HEAD = compile_lazy(r"^\s*\*\*[^*\n]{1,24}\*\*\s*(?:回复\s*@?[^\s：:]{1,24}\s*)?[:：]\s*\S")
#: A line that opens a comment section: "评论区（节选，按热度）", "87 条评论", "Comments (12)", "全部评论".
_COMMENTS_OPEN = compile_lazy(r"^\W*(?:评论区|全部评论|热门评论|精选评论|评论\s*[(（]\d+[)）])|\d+\s*条评论|^\W*(?:\d+\s+)?comments?\s*(?:[(（]\d+[)）]|[:：]|$)",
                            re.IGNORECASE)


#: A chat export's turn header written name first: "孙浩 2027-08-09 15:04" (DingTalk, WeChat), "Mei Chen 2027/08/09 15:04".
_NAME_THEN_STAMP = compile_lazy(r"^\s*(?P<who>[^\s\d:：][^\d:：\n]{0,20}?)\s+\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s+\d{1,2}:\d{2}")
#: A chat message that opens by setting the message before it right: "不对哈，是 22.2 倍", "No, it's 2.8x", "Actually, …".
_CORRECTS_PREV = compile_lazy(r"^\s*(?:不对|不是(?=[，,。!！])|错了|你(?:记|看|说|算)错|(?:no|nope)\s*[,!.]|actually\s*,|correction\s*[:,])",
                            re.IGNORECASE)
#: A chat message that corrects what its writer just sent: "少打了一位，是 2410.18038", "typo, I mean 2410.18038", "应该是 …".
_ID_CORRECTION = compile_lazy(r"\s*(?:少打|打错|多打|写错|更正|纠正|应该是)|少打|打错|多打|写错|更正|纠正|应该是|\btypo\b|\bI mean\b|\bsorry\b|\bcorrection\b|\bshould be\b|\bwrong (?:id|link)\b",
                            re.IGNORECASE)


def _enumerated(head: str) -> int | None:
    """The number of a point enumerated "①", "(2)", "3）" or "4、" at the start of ``head``, else None."""
    m = _PAREN_NUM.match(head)
    if m is None:
        return None
    c = m.group("t").lstrip("（( ")[0]
    if c in _CIRCLED:
        return _CIRCLED.index(c) + 1
    d = re.match(r"\d{1,2}", m.group("t").lstrip("（( "))
    return int(d.group()) if d else None


def _restarted_series(blocks: list[MdBlock], marks: list[tuple[int, int, str]],
                      heads: list[str]) -> list[tuple[int, int, str]] | None:
    """Marks that are enumerated points whose numbering starts again ("① … ④" under "FastServe arXiv 2305.05920",
    then "① … ④" under "Learning to Rank arXiv:2408.15792"): the points of a topic each, not topics.  The topics are
    then the lines that open each series' paragraph above its "①" (the paper's line); None when the marks are not
    such series, when most points bring works of their own (topics under group titles), or when a series has no
    plain line of its own above it."""
    points = [(k, n) for k, h in enumerate(heads) if (n := _enumerated(h)) is not None]
    if len(points) < 4 or points[0][1] != 1:
        return None
    starts = [k for x, (k, n) in enumerate(points) if x == 0 or n <= points[x - 1][1]]
    if len(starts) < 2 or any(_enumerated(heads[k]) != 1 for k in starts):
        return None
    # (points that bring their own works are topics under group titles, "一、论文" over "1、SnapKV arXiv:…")
    if sum(1 for k, _n in points if _brings_link(heads[k])) * 2 >= len(points):
        return None
    enumerated = {k for k, _n in points}
    out = [mk for k, mk in enumerate(marks) if k not in enumerated]  # (other marks stay: a "【OCR 转写】" head)
    for k in starts:
        i, ln, _t = marks[k]
        first_ln, first_text = blocks[i].lines[0]
        if first_ln >= ln or not first_text.strip() or _pseudo(first_text) is not None:
            return None  # (the line above each series is its topic's own line, no mark of another kind)
        out.append((i, first_ln, first_text.strip()))
    return sorted(set(out), key=lambda mk: mk[1])


#: How a line ends that opens a list rather than naming a topic ("Three things from today:") or ends a sentence of prose.
_LABEL_END = compile_lazy(r"[:：.。!！?？;；,，]\s*$")


def _labels_over_lists(blocks: list[MdBlock], lex: Lexicon) -> list[tuple[int, int, str]]:
    """A note's topics when each is a line of its own over a list of its points (a poster session's "P-09 · GrammarKV:
    Sharing Prefix Caches … · Amira Haddad" over "- said: …" / "- checked: arXiv 2602.07781 …", the next poster's line
    over its own bullets): the lines as marks, ``(block index, line, title)``, or none.

    Two or more such lines, every one a paragraph of one line (at most 160 characters, ending in no colon or sentence
    mark), right above a top-level list whose points are about one work at most (a label over a list of papers, each
    with its own work, is a container: its entries are the topics)."""
    out: list[tuple[int, int, str]] = []
    for i, b in enumerate(blocks[:-1]):
        if b.kind != "para" or b.quoted or b.parent is not None or len(b.lines) != 1:
            continue
        nxt = blocks[i + 1]
        if nxt.kind != "item" or nxt.parent is not None or nxt.quoted or nxt.line != b.line_end + 1:
            continue
        text = b.lines[0][1].strip()
        if len(text) > 160 or _LABEL_END.search(text) or len(text.split()) < 2:
            return []
        points: list[MdBlock] = []
        for c in blocks[i + 1:]:
            if c.kind not in ("item",) and c.parent is None:
                break
            points.append(c)
        about = {w for c in points if c.parent is None for w in works_in(c.text, lex)[0]}
        if len(about) > 1:
            return []
        out.append((i, b.line, text))
        tail = max(c.line_end for c in points)
    if len(out) < 2:
        return []
    # the paragraphs after the last list are no point of its poster: a remark of their own each ("Coffee break: someone
    # from the xgrammar team says …")
    out.extend((k, c.line, c.lines[0][1].strip()) for k, c in enumerate(blocks)
               if c.line > tail and c.kind == "para" and not c.quoted and c.parent is None and c.lines)
    return out


def _commented_commands(blocks: list[MdBlock]) -> list[tuple[int, int, str]]:
    """A terminal session's topics: each command its writer comments on ("$ python bench.py --batch 64 …", its output, then
    "# note: 212.4 tok/s at batch 64 …"), from its prompt line to the next prompt; a command nobody comments on ("$ ssh …",
    "$ exit") is the session's context, no topic.  ``(block index, line, title)`` marks, or none when fewer than two."""
    # (a session pasted in a fence, "```console", is code under its heading: the heading is its topic)
    at = [(i, ln, t) for i, b in enumerate(blocks) if b.kind == "para" and not b.quoted for ln, t in b.lines]
    prompts = [k for k, (_i, _ln, t) in enumerate(at) if SHELL_PROMPT.match(t)]
    if len(prompts) < 3:
        return []
    out = []
    for n, k in enumerate(prompts):
        stop = prompts[n + 1] if n + 1 < len(prompts) else len(at)
        if any(re.match(r"#\s", t) for _i, _ln, t in at[k + 1:stop]):
            i, ln, t = at[k]
            out.append((i, ln, t.strip()))
    return out if len(out) >= 2 else []


def _split_pseudo(blocks: list[MdBlock], last_line: int, lex: Lexicon | None = None, *,
                  nested: bool = True) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split at pseudo-heading lines of top-level paragraphs (two or more), else None.

    In a conversation (chat lines ``[10:42] maria: …``, IM turns ``ola 14:02``, thread replies
    "reply to …") a turn starts a topic when it brings a link or a work, opens with a topic shift
    ("unrelated:", "另外"), or is a long message that does not answer the one before; short replies
    and answers ("ok", "hm, not sure", the answer to a question) belong to the turn before.
    """
    marks: list[tuple[int, int, str]] = []  # (block index, line, title)
    lazy: set[int] = set()  # lines of chapter marks a list item swallowed as its lazy continuation
    outline: set[int] = set()  # lines of an outline's "二、…" parts a list item swallowed the same way
    for i, b in enumerate(blocks):
        if b.kind == "item" and not b.quoted and b.parent is None:
            # "(27:55) …" written flush left after "  - a bullet": Markdown continues the bullet, the writer
            # started a chapter; kept only if the marks turn out to be chapters
            for ln, text in b.lines[1:]:
                if _STAMP.match(text):
                    marks.append((i, ln, _pseudo(text) or text))
                    lazy.add(ln)
                elif _CN_ORDINAL.match(text) and not text[:1].isspace():
                    # "二、PrefixWeave：…" flush left under "3. 建议 …": a plain-text outline's next part, which Markdown
                    # reads as the list item's lazy continuation (kept when it is one of an outline's parts, below)
                    marks.append((i, ln, _pseudo(text) or text))
                    outline.add(ln)
            continue
        if b.kind != "para" or b.quoted or (b.parent is not None and nested):
            continue
        for n, (ln, text) in enumerate(b.lines):
            t = _pseudo(text)
            cont = _THREAD_NEXT.match(text)
            if cont and n and 2 <= int(cont.group(1)) <= int(cont.group(2)):
                continue  # "2/7 …" right under "🧵 @handle, 1/7 …" in one paragraph: a thread pasted whole, one post
            post = _THREAD_POST.match(text)
            if post and n and int(post.group(1)) >= 2 and _THREAD_POST.match(b.lines[n - 1][1]) \
                    and int(_THREAD_POST.match(b.lines[n - 1][1]).group(1)) == int(post.group(1)) - 1:
                continue  # "3/ that's ~5x over mixtral-offloading (2312.17238)" under "2/ …": the thread's next post, one topic
            if t and not (_CONTINUES.match(text) and marks):
                marks.append((i, ln, t))
    labelled: set[int] = set()  # lines of labels over lists of their points: their lists are never containers
    if not marks and lex is not None:
        marks = _labels_over_lists(blocks, lex) or _commented_commands(blocks)
        labelled = {ln for _i, ln, _t in marks}
    marks.sort(key=lambda mk: mk[1])
    # the first line of a message under its turn's header ("张伟 2029-01-10 14:20" over "【转发】来自「推理优化交流群」") is the
    # message's text, no heading of its own
    header_at = {ln for i, ln, _t in marks if (h := next((t for x, t in blocks[i].lines if x == ln), ""))
                 and (is_turn_header(h) or _CHAT_ALONE.match(h))}
    if len(header_at) >= 2:
        marks = [mk for mk in marks if mk[1] - 1 not in header_at or mk[1] in header_at]
    # an alert resolved after it fired ("[FIRING:1] GPUXidErrors …" then "[RESOLVED] GPUXidErrors …"): one topic, the firing
    fired: set[str] = set()
    kept_alerts = []
    for mk in marks:
        al = _ALERT.match(next((t for x, t in blocks[mk[0]].lines if x == mk[1]), ""))
        if al and al.group("state") == "RESOLVED" and al.group("rule") in fired:
            continue
        if al:
            fired.add(al.group("rule"))
        kept_alerts.append(mk)
    marks = kept_alerts
    all_marks = list(marks)
    if any(_FILE_ANCHOR.match(t) for _i, _ln, t in marks):
        # a file anchor opens a review thread only when the code it anchors is quoted under it ("> block_size: int = 128")
        # or a reviewer answers right under it ("yuki: …"); in a porting note "src/evict.py:120" is a heading of its text
        at = {ln: (b, t) for b in blocks for ln, t in b.lines}
        def reviewed(ln: int) -> bool:
            nb = at.get(ln + 1)
            if nb is not None and re.match(r"^(?: {4}|\t)\S", nb[1]):
                nb = at.get(ln + 2)  # (the line of code it anchors, indented, then the reviewer: "Line 88:" / "    if …" / "陈立: …")
            return nb is not None and (nb[0].quoted or bool(re.match(r"^\s*@?[\w.\-]{2,20}[:：]\s", nb[1])))
        # (once one anchor is a review thread the note is a review: its other anchors open threads too)
        is_review = any(_FILE_ANCHOR.match(t) and reviewed(ln) for _i, ln, t in marks)
        marks = [mk for mk in marks if not (fa := _FILE_ANCHOR.match(mk[2])) or is_review or fa.group("t2")]
    if lazy and not _chapters([next((t for x, t in blocks[i].lines if x == ln), "") for i, ln, _t in marks]):
        marks = [mk for mk in marks if mk[1] not in lazy]
    if outline and not any(_CN_ORDINAL.match(t) for _i, ln, t in marks if ln not in outline):
        marks = [mk for mk in marks if mk[1] not in outline]  # (an outline opens with a part of its own: "一、…")
    if len(marks) < 2:
        return None
    heads = [next((t for x, t in blocks[i].lines if x == ln), "") for i, ln, _t in marks]
    series = _restarted_series(blocks, marks, heads)
    if series is not None:
        marks, heads = series, [t for _i, _ln, t in series]
        if len(marks) < 2:
            return None
    if all(_STAMP.match(h) and not _CHAT.match(h) and not _TURN.match(h) for h in heads) and not _chapters(heads):
        # a transcript (one speaker, one timestamp per utterance): a topic starts where the speaker moves on
        # (a chat turn's header alone on its line, "[10:02:11] Ana Ruiz:" over the message, is a speaker's turn)
        # (show notes' chapter marks, minutes apart, are topics each)
        kept = [(mk, h) for mk, h in zip(marks, heads) if _SPOKEN_SHIFT.match(h)]
        if len(kept) < 2:
            return None
        marks = [mk for mk, _h in kept]
        heads = [h for _mk, h in kept]
    # Marks of another kind than the topics' that hold no text of their own before the next mark are no
    # topics: a group's title ("一、论文" over "1、…", "2、…") or an annotation on the topic before
    # ("**02 DynaTree 做了什么**" … "【批注】链接少了一位…").  The topics' kind is the most common kind
    # among marks followed by text of their own, else among all marks.
    kinds = [_pseudo_kind(h) for h in heads]
    own_text = sorted({ln for b in blocks if b.kind not in ("hr",) for ln, t in b.lines if t.strip()})

    def has_text(n: int) -> bool:
        hi = marks[n + 1][1] if n + 1 < len(marks) else last_line + 1
        k = bisect.bisect_right(own_text, marks[n][1])  # own_text is sorted: one search, not a scan per mark
        return k < len(own_text) and own_text[k] < hi

    with_text = [kinds[n] for n in range(len(marks)) if has_text(n)]
    pool = with_text or kinds
    # (ties among the marks with text broken by how many marks of each kind there are: "发表于 … 22:13" with the
    # tags under it against five one-line "1）…" topics)
    topic_kind = max(set(pool), key=lambda k: (pool.count(k), kinds.count(k), -kinds.index(k)))
    reply_kind = _pseudo_kind("甲 回复 乙：x")
    groups = {n for n in range(len(marks)) if kinds[n] != topic_kind and not has_text(n) and kinds[n] != reply_kind
              and (n + 1 < len(marks) or n > 0)}
    # a post's header stamp above topics of another kind ("发表于 2027-04-07 22:13" over "1）…", "2）…"): one line of
    # a chat's shape is no conversation, it opens the preamble
    if kinds and kinds[0] in (_pseudo_kind("[10:42] ana: x"), _pseudo_kind("ana 10:42")) and kinds.count(kinds[0]) == 1 \
            and kinds[0] != topic_kind and kinds.count(topic_kind) >= 2:
        groups.add(0)
    # a forum comment that answers the comment right above it ("李四 回复 张三：对…" under "张三 回复 星主：…")
    # goes on with that comment's topic; one that answers the post, or someone further up, opens its own
    for n in range(1, len(marks)):
        a, b = _FORUM_REPLY.match(heads[n]), _FORUM_REPLY.match(heads[n - 1])
        if a and b and a.group("to") == b.group("who"):
            groups.add(n)
    if groups and len(marks) - len(groups) >= 2:
        marks = [mk for n, mk in enumerate(marks) if n not in groups]
        heads = [h for n, h in enumerate(heads) if n not in groups]
        kinds = [_pseudo_kind(h) for h in heads]
    # a page's answers with their comment sections (a Zhihu page, a blog's or a forum's comments): after a line that
    # opens the comments ("评论区（节选）", "赞同 214 · 19 条评论", "Comments (12)"), a comment ("**陈默**：…", "**Yifan** 回复
    # @林深：…") belongs to the answer above it, up to the next mark that is no comment (the next answer)
    if len(marks) >= 3:
        text_at = sorted((ln, t) for b in blocks for ln, t in b.lines)
        folded: set[int] = set()
        in_comments = False
        for n in range(len(marks)):
            if not _COMMENT_HEAD.match(heads[n]):
                in_comments = False
                continue
            lo = marks[n - 1][1] if n else 0  # (the comments of an answer read apart from it: all of them its)
            if in_comments or any(lo < ln < marks[n][1] and _COMMENTS_OPEN.search(t) for ln, t in text_at):
                folded.add(n)
                in_comments = True
        if 0 in folded and len(folded) == len(marks):
            return None
        if folded and len(marks) - len(folded) >= 2:
            marks = [mk for n, mk in enumerate(marks) if n not in folded]
            heads = [h for n, h in enumerate(heads) if n not in folded]
            kinds = [_pseudo_kind(h) for h in heads]
    # an FAQ: the answer ("**A:** …", "答：…") belongs to the question before it ("**Q:** …")
    answers = {n for n in range(1, len(marks)) if _ANSWER.match(heads[n]) and _QUESTION_MARK.match(heads[n - 1])}
    if answers and len(marks) - len(answers) >= 2:
        marks = [mk for n, mk in enumerate(marks) if n not in answers]
        heads = [h for n, h in enumerate(heads) if n not in answers]
    if all(_CHAT.match(h) or _TURN.match(h) or _REPLY.search(h) or _SPEAKER.match(h) and _BOLD_LEAD.match(h) is None
           for h in heads) and sum(1 for h in heads if _CHAT.match(h) or _TURN.match(h)) >= 2:
        kept = []
        prev_q = prev_handoff = False
        # the open topic is about a work: a message bringing none, written within minutes of the one
        # before, goes on about it ("on Mistral-7B it's 4.6x …" after "anyone looked at LatticeKV? <link>")
        on_work = False
        prev_min: int | None = None
        # an export that indents each thread's replies under their message: every message written flush
        # left opens a thread of its own, and an indented one never does
        threaded = any(blocks[i].indented for i, _ln, _t in marks)
        # a digest that gathers its messages in runs set apart by blank lines, several to a run ("【许诺 09:12】 …" /
        # "【周航 09:15】 …" / "【老郑 09:31】 …", a blank line, the next exchange): the writer's runs are its topics
        per_block = Counter(i for i, _ln, _t in marks)
        runs_of_several = [i for i, n in per_block.items() if n >= 2]
        # (runs the export split only around a link preview, "> arxiv.org — Rollwise: …" between two messages, are one
        # stream: the writer set nothing apart)
        run_blocks = sorted(per_block)
        set_apart = all(blocks[j].line > blocks[i].line_end + 1 and not any(
            blocks[i].line_end < x.line < blocks[j].line for x in blocks if x.quoted) for i, j in zip(run_blocks, run_blocks[1:]))
        grouped = not threaded and len(runs_of_several) >= 2 and set_apart and \
            sum(per_block[i] for i in runs_of_several) * 2 >= len(marks)
        # (a video's or a talk's notes stamped with offsets, "[00:45] UP：…" / "我：…" a paragraph per part, one of them
        # holding two stamps of one part: each paragraph is a part of the recording, one topic)
        grouped = grouped or (not threaded and set_apart and len(run_blocks) >= 3 and len(runs_of_several) >= 1
                              and bool(re.search(r"(?<![\d:])0?0:[0-5]\d(?![\d:])", heads[0]))
                              and all(len(blocks[i].lines) > per_block[i] for i in run_blocks))
        prev_block: int | None = None
        firsts: list[int] = []  # where in ``kept`` a turn opened the first topic ("So first one is …")
        # the works the note names with an identifier ("Papers on the agenda: StreamingLLM https://arxiv.org/abs/…"): a
        # transcript moves to one when a turn opens by naming it ("Sure. Okay, AnchorKV. Who read it?")
        names = {**_agenda_names(blocks), **_NOTE_NAMES.get(), **_local_names(blocks)}
        # a meeting recording's transcript stamps each turn with the time since it started ("Priya Nair   0:05",
        # "Mei Chen   2:10"): minutes and seconds, not a clock
        # (also "Priya (00:12):", a recording's offset after the name, and a first stamp at "00:…": no meeting starts at midnight)
        elapsed = bool(heads) and bool(re.search(r"(?<![\d:])0?0:[0-5]\d(?![\d:])", heads[0])
                                       or re.match(_NAME_THEN_TIME_RX, heads[0].strip()))
        current: str | None = None
        prev_shared: tuple[str | None, int] | None = None  # (speaker, minute) of a turn that shared a file
        prev_minute: float | None = None  # the minute of the turn before this one
        last_kept: tuple[str | None, int] | None = None  # (speaker, minute) of the turn that opened the topic
        prev_day: str | None = None  # the date a turn's stamp writes ("03-08" of "[03-08 10:21]"), if any
        pending_q: tuple[tuple[int, int, str], int] | None = None  # a question no topic took, and its minute
        for mk, head in zip(marks, heads):
            body = _turn_text(blocks, mk[0], mk[1])
            message = _CHAT_LEAD.sub("", body, count=1)
            clock = re.search(r"(?<![\d.:])(\d{1,2}):(\d{2})(?!\d)", head)
            minute = int(clock.group(1)) * 60 + int(clock.group(2)) if clock else None
            if clock and elapsed:
                minute = int(clock.group(1)) + int(clock.group(2)) / 60  # a recording's "m:ss"
            day = _STAMP_DAY.match(head)
            day_key = day.group("day") if day else None
            new_day = day_key is not None and prev_day is not None and day_key != prev_day
            close = minute is not None and prev_min is not None and 0 <= minute - prev_min < 10 and not new_day
            # half an hour or more of silence (an hour into a recording), or another day: the channel has moved on
            apart = new_day or (minute is not None and prev_min is not None and abs(minute - prev_min) >= (60 if elapsed else 30))
            prev_minute = prev_min
            prev_min, prev_day = minute, day_key
            shared = bool(_SHARED_FILE.search(message))  # "[文件] TideServe_2602.11873v1.pdf": a paper passed round
            long_ = _weighted_len(message) >= 60
            # ("unlike QMoE (arXiv 2310.16795) it at least …": a link brought to compare with the work on the table opens nothing)
            starts = ((_brings_link(message) and not _COMPARISON_OPEN.match(message)) or shared or _TOPIC_SHIFT.match(message) or apart
                      or (long_ and not _REPLY.search(message) and not prev_q and not (on_work and close)))
            opened = _opens_naming(message, names)
            if opened is None and names and re.search(r"[?？]", message) and not _brings_link(message):
                # a question about a work the note named before ("Does anyone know whether Mooncake's early-rejection
                # policy is in the open-source release?" after the talk moved to DistServe): the talk turns back to it
                question = " ".join(re.findall(r"[^.!?。！？]*[?？]", message))  # (the sentences that ask, not the turn)
                asked = {w for n, w in names.items() if len(n) >= 3 and re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", question)}
                if len(asked) == 1 and next(iter(asked)) != current:
                    opened = next(iter(asked))
            # (a turn cut off by another speaker, "Can I jump in on the SGLang stuff—", opens nothing)
            switched = opened is not None and opened != current and not _brings_link(message) \
                and not re.search(r"(?:—|--|–|\.\.\.|…)\s*$", message.strip())
            if switched:
                starts, long_ = True, True  # the talk turns to another work, named in the turn's first words
                current = opened
            elif _GIVES_ID.match(message) and close:
                starts = False  # "It's 2407.00079, it's already in the refs": the identifier of what is being discussed
            elif names and current is not None and close and not _TOPIC_SHIFT.match(message) and not _brings_link(message) \
                    and not _MOVES_ON.match(message):
                starts = False  # still on the work last opened: a remark, a doubt, a number about it
            if threaded:
                if not blocks[mk[0]].indented and (_brings_link(message) or len(message) >= 40 or not kept):
                    kept.append(mk)
                continue
            if grouped:
                if mk[0] != prev_block or _UNRELATED.match(message):
                    kept.append(mk)  # the first message of a run opens its topic; the others answer in it (but for
                    # one its writer says is off it: "↳ lena: unrelated but while we're on ids: …")
                prev_block = mk[0]
                continue
            if starts and prev_q and not prev_handoff and close and kept and not on_work and not _TOPIC_SHIFT.match(message) and not switched:
                starts = False  # the answer to a question about no work yet names it ("anyone have the FA3 peak?")
                on_work = bool(find_arxiv_ids(message))
            if starts and _BARE_REF.fullmatch(message) and close and kept and not on_work:
                starts = False  # "Priya (chat): <link>" right after "first one is Slackline": the work just named
                on_work = True

            if _MOVES_ON.match(message):
                starts, on_work = True, False  # "So first one is …", "Second one is mine, Gauge."
                if _MOVES_ON_FIRST.match(message):
                    firsts.append(len(kept))
            speaker = _CHAT_SPEAKER.match(head) or _NAME_THEN_STAMP.match(head)
            who = (speaker.group("who") or speaker.groupdict().get("who2")) if speaker else None
            if who is not None and _FROM_THE_FLOOR.search(who):
                starts, on_work, long_ = True, False, True  # a question from the floor after a talk opens a topic of its own
            if starts and last_kept is not None and who is not None and who == last_kept[0] and minute is not None \
                    and 0 <= minute - last_kept[1] <= 2 and not _brings_link(message) and not shared \
                    and not _TOPIC_SHIFT.match(message) and not _MOVES_ON.match(message):
                starts = False  # a forward, then its sharer's own word on it a minute later: one topic
            if starts and last_kept is not None and who is not None and who == last_kept[0] and minute is not None \
                    and 0 <= minute - last_kept[1] <= 2 and not on_work and kept and kept[-1] is not mk \
                    and len({m.arxiv_id for m in find_arxiv_ids(message)}) == 1 and not _TOPIC_SHIFT.match(message):
                starts = False  # "StreamingLLM is not actually training-free …", then a minute later from the same writer:
                # "source is the talk recording … (https://arxiv.org/pdf/2309.17453.pdf)": the identifier of the topic just opened
                on_work = True
            if starts and not shared and prev_shared is not None and who == prev_shared[0] and minute is not None \
                    and 0 <= minute - prev_shared[1] <= 2 and not _TOPIC_SHIFT.match(message):
                starts, on_work = False, True  # "[文件] AgeSched_….pdf", then its sharer: "第二篇 AgeSched（link）…": one topic
            prev_shared = (who, minute) if shared and minute is not None else None
            if _REPLYING.match(message) and not _TOPIC_SHIFT.match(_REPLYING.sub("", message, count=1)):
                starts = False  # "Replying to @jrn_k …" (Discord, Slack threads) continues the turn it answers
            if starts and last_kept is not None and who is not None and who == last_kept[0] and minute is not None \
                    and 0 <= minute - last_kept[1] <= 5 and _ID_CORRECTION.search(message) \
                    and (_weighted_len(message) < 60 or _ID_CORRECTION.match(message)):
                starts = False  # "少打了一位，是 2410.18038" a minute after "POD-Attention … arXiv:2410.1803": the same topic
            if starts and close and kept and _CORRECTS_PREV.match(message) and not _TOPIC_SHIFT.match(message):
                starts = False  # "不对哈，是 22.2 倍 …（arXiv:…）" two minutes after "它也就 2.2 倍加速吧": the same topic, set right
            gap_question = (not starts and minute is not None and prev_minute is not None and minute - prev_minute >= 10
                            and re.search(r"[?？]", message) is not None and not find_arxiv_ids(message)
                            and not _REPLY.search(message) and not _REPLYING.match(message)
                            and not re.match(r"\s*回复\s*\S{1,20}\s*[:：]", message)
                            and _opens_naming(message, names) is None)
            if gap_question:
                starts = long_ = True  # "中午谁去食堂？" half an hour after the last message: the talk has turned to something else
            if starts or not kept:
                if _brings_link(message) or shared or _TOPIC_SHIFT.match(message) or long_ or apart:
                    if pending_q is not None and _brings_link(message) and minute is not None \
                            and 0 <= minute - pending_q[1] <= 3 and not _TOPIC_SHIFT.match(message):
                        kept.append(pending_q[0])  # "q for the room: is Mixtral top-1?" answered with its ID
                    else:
                        kept.append(mk)
                    on_work = bool(find_arxiv_ids(message)) or shared
                    if not switched:  # a topic opened by a link or a shared file is on the work it brings
                        current = next((m.arxiv_id for m in find_arxiv_ids(message)), None) or current
                    last_kept = (who, minute) if minute is not None else None
            pending_q = (mk, minute) if (("?" in message or "？" in message) and not (starts or not kept)
                                         and minute is not None and not find_arxiv_ids(message)) else None
            prev_q = "?" in message or "？" in message
            # (a question that hands the floor to someone, "Hm, we should check that. Maren?", asks about no work)
            prev_handoff = bool(re.search(r"(?:^|[.!,;]\s+)(?-i:[A-Z][a-z]{1,15}|[\u4e00-\u9fff]{2,3})\s*[?？]\s*$", message.strip()))
        if kept and names and _OPENING.search(_turn_text(blocks, kept[0][0], kept[0][1])) and len(kept) > 1 \
                and not _brings_link(_turn_text(blocks, kept[0][0], kept[0][1])):
            kept = kept[1:]  # "Okay, I think it's recording. Um, so two papers today …": the meeting's opening
        if firsts:
            # "OK I think it's recording. Two papers today …" before "So first one is …": the meeting's opening
            kept = [mk for n, mk in enumerate(kept) if n >= firsts[0]
                    or _brings_link(_turn_text(blocks, mk[0], mk[1]))]
        if kept:
            marks = kept
    else:
        # a thread: replies ("· reply to quantqueen") belong to the post before them
        # (a forum's comments, "张三 回复 星主：…", were sorted above)
        kept_marks = []
        names = {**_NOTE_NAMES.get(), **_local_names(blocks)}
        current: str | None = None
        thread_work: str | None = None  # the work a numbered thread is on ("" when its opening post names none)
        several = False  # whether its opening post names several works (then each post goes on with the work last brought)
        for n, (mk, h) in enumerate(zip(marks, heads)):
            if n and not _FORUM_REPLY.match(h) and re.search(r"\breply(?:ing)? to\b|^\W*[\w.@-]{1,30}\W*\s+replied\s*$|回复", h, re.I):
                continue
            if n and kept_marks and blocks[mk[0]].indented and not blocks[kept_marks[-1][0]].indented:
                continue  # "  **Kai Wei** @kaiwei_gpu · May 17" indented under a reply: the answer to it, in its thread
            num = re.match(r"\s*(\d{1,2})/", h)
            if num and _THREAD.match(h) and thread_work is None:
                # the thread's opening post names the work the thread is on ("1/ TileDecode: exact split-K …"), or none
                # ("1/ ok notes from today's inference track, two talks + some hallway stuff": every post a topic)
                opener = next((t for b in blocks for _ln, t in b.lines if re.match(r"\s*1/\d{0,2}\s+\S", t)), "")
                said1 = re.sub(r"^\s*1/\d{0,2}\s*", "", opener)
                thread_work = next((m.arxiv_id for m in find_arxiv_ids(said1)), None) or _opens_naming(said1, names) or ""
                if len({m.arxiv_id for m in find_arxiv_ids(said1)} | {w for n, w in names.items()
                                                                    if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", said1)}) >= 2 \
                        or (thread_work == "" and _PAPERS_ANNOUNCED.search(said1)):
                    thread_work, several = "", True  # ("1/ Three drafting papers: EAGLE-3 and PolyDraft": a thread on several works;
                    # "1/12 🧵 P/D disaggregation, two papers I keep sending people": the papers come in the posts after it)
                current = current or thread_work or None
            if num and _THREAD.match(h) and thread_work:
                # a single work's thread ("1/ TileDecode …", "2/ It's a drop-in …"): a post goes on with the thread unless
                # it brings a work of its own
                said = re.sub(r"^\s*\d{1,2}/\d{0,2}\s*", "", _turn_text(blocks, mk[0], mk[1]))
                # (a work the post compares with, "per-token scores like H2O (arXiv:2306.14048)", is no work of its own)
                compared = comparison_spans(said, lex)
                own = [m.arxiv_id for m in find_arxiv_ids(said) if not any(a <= m.start < b for a, b in compared)] \
                    or ([w] if (w := _opens_naming(said, names)) else [])
                if int(num.group(1)) > 1 and kept_marks and (not own or own[0] == current):
                    continue
                current = own[0] if own else current
            elif num and _THREAD.match(h) and thread_work == "" and several:
                # a thread on several works ("1/ Three drafting papers …: EAGLE-3, PolyDraft and SkipHeads"): a post that
                # brings a work opens its topic, and the posts after it that bring none go on with it ("5/ Headline: it
                # averages 4.3 accepted tokens …") until one changes the subject ("10/ Unrelated: …")
                said = re.sub(r"^\s*\d{1,2}/\d{0,2}\s*", "", _turn_text(blocks, mk[0], mk[1]))
                own = [m.arxiv_id for m in find_arxiv_ids(said)] or ([w] if (w := _opens_naming(said, names)) else [])
                if kept_marks and not own and current is not None and not _TOPIC_SHIFT.match(said) and not _ASIDE_OPEN.match(said) \
                        and not _PROMO.search(said) and not _brings_link(said):
                    continue
                current = own[0] if own else None
            kept_marks.append(mk)
        marks = kept_marks
        if len(marks) < 2:
            return None
    marks = _under_paper_lines(blocks, marks, all_marks)
    heads_now = [next((t for x, t in blocks[i].lines if x == ln), "") for i, ln, _t in marks]
    if len(marks) >= 3 and all(_SYMBOL_MARK.match(h) for h in heads_now):
        # a close read of one paper in marked paragraphs ("▶ 论文：HadaLite: … arXiv:2604.11832v2" then "▶ 方法（§3）…",
        # "▶ 主结果 …", "▶ 和活文档的关系 …"): when only the first brings a work of its own (a later one only compares, "和
        # QuIP#（…）的区别"), they are one topic; a paragraph set apart as an aside ("▶ 题外：…") stays its own
        own = [works_in(_turn_text(blocks, i, ln), lex)[0] for i, ln, _t in marks]
        if own[0] and not any(own[1:]):
            marks = [marks[0], *(mk for mk, h in zip(marks[1:], heads_now[1:])
                                 if _ASIDE_OPEN.match(_SYMBOL_MARK.sub("", h, count=1)) or _ASIDE.match(_SYMBOL_MARK.sub("", h, count=1)))]
    out: list[_Raw] = []
    first_line = marks[0][1]
    pre = [_slice(b, 0, first_line - 1) for b in blocks if b.line < first_line]
    pre = [b for b in pre if b is not None]
    # an episode's chapter list written as one paragraph ("Chapters:" over "(00:12:30) SnapKV: …" lines): the last chapter
    # ends with that paragraph; what the note says after it (the papers' links, a transcript excerpt, the writer's remarks)
    # is no part of it
    mark_heads = [next((x for n2, x in blocks[i].lines if n2 == ln), "") for i, ln, _t in marks]
    tail: list[MdBlock] = []
    if len({i for i, _ln, _t in marks}) == 1 and all(_STAMP.match(h) and not _CHAT.match(h) for h in mark_heads) \
            and _chapters(mark_heads):
        own_end = blocks[marks[-1][0]].line_end
        tail = [b for b in blocks if b.line > own_end]
        last_line = own_end if tail else last_line
    for n, (i, ln, t) in enumerate(marks):
        nxt_line = marks[n + 1][1] if n + 1 < len(marks) else last_line + 1
        inside = [x for x in (_slice(b, ln, nxt_line - 1) for b in blocks if b.line_end >= ln and b.line < nxt_line)
                  if x is not None]
        # a chat message's thread replies are its own, never topics under it
        sub = _container_entries(t, [b for b in inside if b.line > ln], lex) \
            if lex is not None and nested and ln not in labelled and not (_TURN.match(t) or _CHAT.match(t)
                                                   or _AGO_HEAD.match(next((x for n2, x in blocks[i].lines if n2 == ln), ""))) else []
        if sub:
            out.extend(sub)
            continue
        listed = _labelled_list(inside, ln, lex) if ln not in labelled else None
        if listed is not None:
            own_part, body, ents = listed
            out.append(_Raw("pseudo", ln, max(ln, own_part[-1].line_end if own_part else ln), t,
                            [ln] + ([ln + 1] if own_part and ln + 1 <= own_part[-1].line_end else []), own_part or inside[:1]))
            out.extend(_entry_raws(body, ents, lex))
            continue
        end = max([ln, *(min(b.line_end, nxt_line - 1) for b in inside if b.kind != "hr")])
        hl = [ln] + ([ln + 1] if ln + 1 < nxt_line else [])
        title = _turn_text(blocks, i, ln)[:200] if _TURN.match(t) else t
        line_text = next((x for n2, x in blocks[i].lines if n2 == ln), "")
        if _QUESTION_MARK.match(line_text):  # an FAQ's question is titled by what it asks, not "Q"
            title = _QUESTION_MARK.sub("", line_text, count=1).strip().strip("*_ ") or title
        out.append(_Raw("pseudo", ln, end, title, hl, inside))
    out.extend(_trailing_parts(tail, lex))
    if all(_COMMENTED.match(h) for h in heads):
        out = _replies_folded(out)
        opened_b, opened = next(((b, m) for b in pre for _ln, t in b.lines if (m := _OPENED_ISSUE.search(t))), (None, None))
        # (the issue's title heading above that line, or the line itself when the title is the note's)
        title_b = next((b for b in reversed(pre) if b.kind == "heading" and not b.quoted
                        and opened_b is not None and b.line < opened_b.line), opened_b)
        who = _writer(out[0].head) if out else None
        if opened and title_b is not None and who and who.group(1).casefold() == opened.group("who").casefold():
            # a tracker's issue page ("# JSON-schema guided decoding: TPOT … #4821" / "kvoss opened this issue on Apr 29" /
            # "**kvoss** commented on Apr 29" over the report): the opener's first comment is the issue, titled by it
            first = out[0]
            head_blocks = [b for b in pre if b.line >= title_b.line]
            out[0] = _Raw(first.kind, title_b.line, first.line_end, title_b.text, [title_b.line, *first.head_lines],
                          [*head_blocks, *first.blocks], first.row_cells, first.also, first.shares)
            pre = [b for b in pre if b.line < title_b.line]
        body = [b for b in pre if b.kind not in ("hr", "html") and b.text.strip()]
        if body and any(_brings_link(b.text) for b in body):
            out.insert(0, _Raw("pseudo", body[0].line, max(b.line_end for b in body), body[0].lines[0][1] if body[0].lines
                               else body[0].text, [ln for b in body[:2] for ln, _t in b.lines][:3] or [body[0].line], body))
            pre = []
    elif heads and all((m := _FILE_ANCHOR.match(h)) is not None and m.group("t4") for h in heads):
        # a code review's comments ("reviewer: dmitri — kvtier/ssd_tier.py:88") under the pull request's description:
        # the description that brings its own works ("Layer-wise pre-load … is modelled on CachedAttention (arXiv:…)") is
        # the pull request's topic, the header lines above it (title, author, reviewers) its preamble
        body = [b for b in pre if b.kind == "para" and not b.quoted and _brings_link(b.text)]
        if body:
            out.insert(0, _Raw("pseudo", body[0].line, body[-1].line_end, body[0].lines[0][1] if body[0].lines else body[0].text,
                               [ln for b in body[:1] for ln, _t in b.lines][:2] or [body[0].line], body))
            pre = [b for b in pre if b.line < body[0].line]
    return out, pre


#: A tracker's line naming who opened the issue: "Open · kvoss opened this issue on Apr 29 · 9 comments".
_OPENED_ISSUE = compile_lazy(r"(?:^|[\s·•|])@?(?P<who>[\w.\-]{1,30})\s+opened this (?:issue|pull request)\b", re.IGNORECASE)


#: A timeline's cross-reference: "mdrake mentioned this issue in #4830 …".
_MENTION_EVENT = compile_lazy(r"\b(?:mentioned|referenced) this (?:issue|pull request)\b", re.IGNORECASE)


def _writer(head: str) -> re.Match[str] | None:
    """The handle a comment's header opens with ("**jchen** commented …" -> ``jchen``), as group 1, or None."""
    return re.match(r"\W*([\w.\-]{1,30})", head)


def _replies_folded(raws: list[_Raw]) -> list[_Raw]:
    """A tracker's comments with each short reply that opens by addressing the writer of the comment right above it ("@tpham
    unrelated, please open a separate issue" under tpham's question) folded into that comment: it answers it, no topic of
    its own (a reply that says more, "@aisha FMA-Decode is a non-starter for the A100 pool: it requires …", is one)."""
    out: list[_Raw] = []
    for r in raws:
        said = _comment_words(r).lstrip()
        to = re.match(r"@([\w.\-]{1,30})", said)
        prev = _writer(out[-1].head) if out else None
        who = _writer(r.head)
        if (to and prev and to.group(1).casefold() == prev.group(1).casefold() and len(re.findall(r"\w+", said)) <= 20) or (
                prev and who and who.group(1).casefold() == prev.group(1).casefold() and _MENTION_EVENT.search(out[-1].head)):
            # (and the comment the writer of a cross-reference leaves right under it: "#4830 moves fill_next_token_bitmask …")
            p = out[-1]
            out[-1] = _Raw(p.kind, p.line, r.line_end, p.head, p.head_lines, [*p.blocks, *r.blocks], p.row_cells, p.also, p.shares)
            continue
        out.append(r)
    return out


def _trailing_parts(tail: list[MdBlock], lex: Lexicon | None) -> list[_Raw]:
    """The parts of what a note says after a chapter list: each paragraph of the writer's with the quotes and lists
    under it, except that a paragraph introducing a list ("My remarks:") gives the list's entries (which may point back at
    the chapters, ``_back_references``) and one naming the papers discussed ("Papers discussed (…):") gives nothing."""
    out: list[_Raw] = []
    heads = [k for k, b in enumerate(tail) if b.kind == "para" and not b.quoted and b.parent is None and b.lines]
    for n, k in enumerate(heads):
        group = tail[k: heads[n + 1] if n + 1 < len(heads) else len(tail)]
        p = group[0]
        label = _strip(p.lines[-1][1])
        ents = _entries(group[1:])
        if _REF_LABEL.match(label) and ents:
            continue
        if label.endswith((":", "：")) and ents and len(p.lines) == 1:
            out.extend(_entry_raws(group[1:], ents, lex))
            continue
        out.append(_Raw("pseudo", p.line, max(b.line_end for b in group), p.lines[0][1], [p.line], group))
    return out


#: A meeting's opening words: "it's recording", "let's get started", "two papers today", "今天讲两篇", "开始录了".
_OPENING = compile_lazy(r"\brecording\b|\blet'?s (?:get )?start|\bget started\b|\blet'?s get going\b|\b(?:two|three|couple of) (?:papers|things|topics|items) (?:today|on the agenda)\b|\bagenda\b|"
                      r"开始录|今天(?:讲|读|聊)(?:两|三|几)篇|先开始", re.IGNORECASE)
#: A message that opens by comparing: "unlike QMoE (…) it …", "compared to X", "vs. Y", "相比 X".
_COMPARISON_OPEN = compile_lazy(r"^\W*(?:(?:unlike|compared (?:to|with)|as opposed to|similar to|vs\.?|versus)\b|不同于|相比|相较|类似于?)", re.IGNORECASE)
#: A short name written right before an identifier or an arXiv link ("StreamingLLM https://arxiv.org/abs/…", "AnchorKV
#: arXiv:2605.08412", "EAGLE-2（arXiv:…").
_NAME_BEFORE_ID = compile_lazy(r"(?:^|[\s(（\[【,，:：;；])(?P<n>[A-Z][\w.+-]{2,30}(?: [A-Z][\w.+-]{2,30})?|[a-z]{1,3}[A-Z][\w.+-]{1,30})\s*[(（\[【]?\s*"
                             r"(?:https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/|arxiv\.org/(?:abs|pdf)/|arXiv\s*[:：]?\s*)?$"
                             # ("Today is Mooncake, arXiv:2407.00079": a name, a comma, its arXiv: identifier)
                             r"|(?:^|[\s(（\[【:：;；])(?P<n2>[A-Z][\w.+-]{2,30}|[a-z]{1,3}[A-Z][\w.+-]{1,30})[,，]\s*(?:arXiv\s*[:：]\s*)?$")


#: The short names the note being read gives its works (``_local_names`` of all its blocks), for the splits that see
#: only a part of it (set by ``read_structure``).
_NOTE_NAMES: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("note_names", default={})


#: A name the writer equates with an identifier, in any case: "minference = arxiv.org/abs/2407.02490", "head route = 2606.04417",
#: "NSA = 2502.11089".
_NAME_EQUALS_ID = compile_lazy(r"(?:^|[\s\[(（:：·,，;；])(?P<n>[A-Za-z][\w.+-]{1,24}(?: [a-z][\w+-]{1,15})?)\s*=\s*"
                             r"(?:https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/|arxiv\.org/(?:abs|pdf)/|arXiv\s*[:：]?\s*)?$", re.IGNORECASE)


#: A wikilink defined by the link after it, as a note's links footer writes it: "[[KIVI]] — https://arxiv.org/abs/2402.02750",
#: "[[SkewQ]] — arXiv:2606.04417v1", "[[QuaRot]] — 10.48550/arXiv.2404.00456".
_WIKILINK_BEFORE_ID = compile_lazy(r"\[\[(?P<n>[^\]|#\n]{2,40})(?:\|[^\]\n]*)?\]\]\s*[—–:：\-]*\s*(?:https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/|"
                                 r"arxiv\.org/(?:abs|pdf)/|arXiv\s*[:：]?\s*|(?:https?://doi\.org/)?10\.48550/arXiv\.|\[)?$", re.IGNORECASE)


#: Capitalised words that open a sentence before a name, never part of it ("See SplitLess (…", "Recently DistServe (…").
_NOT_NAME_WORDS = frozenset("""see also recently then now here there and but the a an our their its this that these those
    unlike like versus compared both each per via from with without about after before since while when where which""".split())


#: A line that opens with a paper's short name and its title after a colon: "DistServe: Disaggregating Prefill and …".
_TITLE_SHORT_NAME = compile_lazy(r"^\s*(?:[-*+]\s+|\d{1,2}[.)]\s+)?(?P<n>[A-Z][\w.+-]{1,30}):\s+[A-Z]\w*(?:[\s-]+\w+){2,}")
#: Labels a line opens with that name no work: "Summary: …", "Note: …", "Paper: …".
_GENERIC_LABELS = frozenset("""summary note notes paper papers title link links source abstract tldr idea method methods result
    results takeaway takeaways verdict status why what how update updates todo question answer comment comments remark remarks
    context background problem solution claim claims caveat caveats edit edits fix fixes feature features""".split())


def _local_names(blocks: list[MdBlock]) -> dict[str, str]:
    """``{short name: arXiv key}`` for the names a note writes right before an identifier, one work per name."""
    seen: dict[str, set[str]] = {}
    for b in blocks:
        if b.kind in ("code", "html"):
            continue
        for m in find_arxiv_ids(b.text):
            window = b.text[max(0, m.start - 60):m.start]
            nm = _NAME_BEFORE_ID.search(window) or _NAME_EQUALS_ID.search(window) or _WIKILINK_BEFORE_ID.search(window)
            nm_name = (nm.group("n") or nm.groupdict().get("n2")) if nm else None
            if nm_name and nm_name.lower() not in ("arxiv", "paper", "see", "link", "pdf", "abs"):
                n = nm_name
                first, _, last = n.partition(" ")
                if last and first.lower() in _NOT_NAME_WORDS:
                    n = last  # "See SplitLess (…", "Recently DistServe (…": the name is the last word
                elif last and re.search(r"[a-z][A-Z]|\d|[A-Z]{2}", last):
                    seen.setdefault(last, set()).add(m.arxiv_id)  # ("Lean Attention" is also no "Attention"; "Fast DistServe" is DistServe)
                seen.setdefault(n, set()).add(m.arxiv_id)
    # "- DistServe: Disaggregating Prefill and Decoding for … https://arxiv.org/abs/2401.09670": a paper listed by its title,
    # whose short name is the part before the title's colon
    for b in blocks:
        if b.kind not in ("para", "item"):
            continue
        for _ln, t in b.lines:
            short = _TITLE_SHORT_NAME.match(t)
            ids = find_arxiv_ids(t) if short else []
            if short and ids and short.group("n").casefold() not in _GENERIC_LABELS:
                seen.setdefault(short.group("n"), set()).add(ids[0].arxiv_id)
            # "- LayerSkip: https://arxiv.org/abs/2404.16710" (a show's links): the name its link gives
            if not short and (nl := _NAME_LINK.match(t)) and len(nl.group("name").split()) <= 3 \
                    and (ids := find_arxiv_ids(t)) and nl.group("name").strip().casefold() not in _GENERIC_LABELS:
                seen.setdefault(nl.group("name").strip(), set()).add(ids[0].arxiv_id)
    # "### SketchSel" over "arXiv:2603.17745 — re-read properly …": a heading of a name whose section opens with the identifier
    for k, b in enumerate(blocks[:-1]):
        name = _strip(b.text).strip() if b.kind == "heading" else ""
        nxt = blocks[k + 1]
        if name and len(name) <= 40 and len(name.split()) <= 3 and re.match(r"[^\W\d_]", name) and not find_arxiv_ids(name) \
                and nxt.kind in ("para", "item") and (ids := find_arxiv_ids(nxt.text)) and ids[0].start <= 30 \
                and not re.search(r"[.。!?]", nxt.text[:ids[0].start]) and re.search(r"[A-Za-z0-9]", name) \
                and not re.search(r"[A-Za-z\u4e00-\u9fff]{2,}", re.sub(r"(?i)arxiv|https?|www|paper|pdf|link|doi|论文|链接|原文", "",
                                                                          nxt.text[:ids[0].start])):
            # (not "## 问题设定" over "SmartSpec（10.48550/arXiv.2406.14066）以 …": the section opens on another name, and a
            # heading in words names no system)
            seen.setdefault(name, set()).add(ids[0].arxiv_id)
    return {n: next(iter(w)) for n, w in seen.items() if len(w) == 1}


#: A meeting's agenda said or written in a turn: "Agenda is short: KVRoute for the router, Arjun's SGLang numbers, Mooncake, then
#: the budget.", "议程：…".
_AGENDA = compile_lazy(r"\b(?:agenda|on the agenda|topics? for today)\b[^:：.]{0,24}[:：]\s*(?P<items>[^\n]{3,240})|(?:议程|今天的议题)[^:：]{0,8}[:：]\s*(?P<zh>[^\n]{2,240})",
                     re.IGNORECASE)
_AGENDA_STOP = frozenset("the a an for of on our and then also short quick numbers number update updates stuff thing things item "
                         "items part router results result talk review discuss discussion check go over look recap demo present "
                         "about".split())


#: A turn that gives the identifier of the work under discussion: "It's 2407.00079, …", "The ID is 2407.00079", "ID: …".
_GIVES_ID = compile_lazy(r"^\W*(?:it'?s|that'?s|the (?:id|link|arxiv(?: id)?|paper) is|(?:arxiv )?id\s*[:：]|号是|编号是)\s*(?:arxiv\s*:?\s*)?"
                       r"(?:https?://\S*?)?\d{4}\.\d", re.IGNORECASE)


def _agenda_names(blocks: list[MdBlock]) -> dict[str, str]:
    """``{topic word: "agenda:N"}`` for the topics a meeting's agenda lists ("Agenda is short: KVRoute for the router,
    Arjun's SGLang numbers, Mooncake, then the budget" gives KVRoute, SGLang, Mooncake, budget): a turn that opens by
    naming one moves the meeting to it, as naming a work does."""
    for b in blocks:
        if b.kind != "para":
            continue
        m = _AGENDA.search(b.text)
        if not m:
            continue
        out: dict[str, str] = {}
        for k, part in enumerate(re.split(r"\s*(?:[,;，；、]|\band\b|\bthen\b|和|然后)\s*", m.group("items") or m.group("zh") or "")):
            words = [w for w in re.findall(r"[\w+-]{3,}(?:'s)?", part) if not w.endswith("'s") and w.lower() not in _AGENDA_STOP]
            if words:
                out.setdefault(words[0], f"agenda:{k}")
        return out if len(out) >= 2 else {}
    return {}


def _opens_naming(message: str, names: dict[str, str]) -> str | None:
    """The work a message names by its short name within its first words (40 characters), else None."""
    head = message[:40]
    hits = [(m.start(), w) for n, w in names.items() for m in re.finditer(rf"(?<![\w-]){re.escape(n)}(?![\w-])", head)
            if not _NAMED_AGAINST.search(head[:m.start()])]
    return min(hits)[1] if hits else None


def _named_in(text: str, names: dict[str, str]) -> str | None:
    """The one work ``text`` names by a short name of the note's (``names``) or by its first part ("Prism" for "Prism-MoE",
    four letters or more), when it names exactly one; else None."""
    found = set()
    for n, w in names.items():
        forms = {n}
        head = re.split(r"[-_]", n)[0]
        if len(head) >= 4 and head != n:
            forms.add(head)
        spoken = _spoken(n)  # "head route" for HeadRoute
        if any(re.search(rf"(?<![\w-]){re.escape(f)}(?![\w])", text, re.IGNORECASE) for f in forms) or \
                (len(n) >= 4 and spoken is not None and spoken.search(text)):
            found.add(w)
    return found.pop() if len(found) == 1 else None


def _named_exactly(text: str, names: dict[str, str]) -> str | None:
    """The one work ``text`` names by one of the note's short names (``names``) as written ("EAGLE-2" is no form of the
    note's "EAGLE-3", as :func:`_named_in`'s first part "EAGLE" would be), else None."""
    found = {w for n, w in names.items() if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text, re.IGNORECASE)}
    return found.pop() if len(found) == 1 else None


#: A word that makes the name after it a point of reference, not the topic ("next to StreamingLLM", "like H2O", "比 X").
_NAMED_AGAINST = compile_lazy(r"\b(?:next to|after|before|than|like|with|vs\.?|versus|from|under|beside|alongside|over|into|in|builds on|"
                            r"compared (?:to|with))\s+(?:the\s+)?$|(?:比|和|跟|与|像)\s*$", re.IGNORECASE)


#: An FAQ's question and answer lines: ``**Q:** …`` / ``**A:** …``, ``Q. …``, ``问：…`` / ``答：…``.
#: A flashcard written on one line: "front ;; back", "Q:: … A:: …".
_FLASHCARD = compile_lazy(r"\S\s+;;\s+\S|^\s*Q::.+\bA::\s")
#: (with who asks or answers in brackets, as a reading group's notes write them: "Q (Lin): …", "A（Sato）：…")
_ASKER = r"(?:\s*[(（][^()（）\n]{1,24}[)）])?"
_QUESTION_MARK = compile_lazy(r"^\s*(?:\*\*|__)?\s*(?:Q|Question|问|问题)\s*\d{0,2}" + _ASKER + r"\s*(?:\*\*|__)?\s*(?:::|[:：.])", re.IGNORECASE)
_ANSWER = compile_lazy(r"^\s*(?:\*\*|__)?\s*(?:A|Answer|答|回答)\s*\d{0,2}" + _ASKER + r"\s*(?:\*\*|__)?\s*[:：.]", re.IGNORECASE)
#: The two roles of a chat with an assistant, labelled at their turns: "用户：" / "助手：", "**User:**" / "**Assistant:**".
_USER_TURN = compile_lazy(r"^\s*(?:\*\*|__)?\s*(?:用户|提问|我|user|you|me|human|prompt)\s*(?:\*\*|__)?\s*[:：](?:\*\*|__)?\s*\S", re.IGNORECASE)
#: A user's turn disputing the answer before it, and the assistant's turn conceding it.
_DISPUTES = compile_lazy(r"不对|错了|搞错|搞混|混了|不是这样|\bwrong\b|\bincorrect\b|\bnot (?:right|correct|true)\b|\bmixed up\b|\bconfus", re.IGNORECASE)
_CONCEDES = compile_lazy(r"说得对|您是对的|你是对的|抱歉|对不起|是我[^，。]{0,12}(?:混|错|搞)|更正|\byou(?:'re| are) right\b|\bsorry\b|\bmy mistake\b|"
                       r"\bapolog|\bgood catch\b|\bcorrection\b", re.IGNORECASE)


def corrected_turns(lines: list[str]) -> set[int]:
    """Line numbers (1-based) of an assistant's turns that the user disputed and the assistant then conceded, in a chat
    with an assistant ("助手：吞吐大约能提升 4 倍" / "用户：不对吧，…" / "助手：您说得对，是我…混了"): what they said is
    withdrawn, no statement of the work's."""
    turns = [(n, "u") for n, t in enumerate(lines, 1) if _USER_TURN.match(t)] + \
            [(n, "a") for n, t in enumerate(lines, 1) if _ASSISTANT_TURN.match(t)]
    turns.sort()
    if sum(1 for _n, w in turns if w == "u") < 2 or sum(1 for _n, w in turns if w == "a") < 2:
        return set()
    out: set[int] = set()
    for k in range(len(turns) - 2):
        (a, wa), (u, wu), (b, wb) = turns[k], turns[k + 1], turns[k + 2]
        if (wa, wu, wb) == ("a", "u", "a") and _DISPUTES.search(lines[u - 1]) and _CONCEDES.search(lines[b - 1]):
            out.update(range(a, u))
    return out


_FOLLOW_UP = compile_lazy(r"^\s*(?:\*\*|__)?\s*(?:用户|提问|我|user|you|me|human|prompt)\s*(?:\*\*|__)?\s*[:：](?:\*\*|__)?\s*"
                        r"(?:[^，。？?！!,.]{0,10}?(?:那个|这个|刚才|你说|你刚|不对|不是吧|错了|搞错)|"
                        r"(?:no|nope|wrong|that'?s (?:not|wrong)|are you sure|really|hmm|wait)\b|"
                        r"(?:is|does|did|can|was|will|would|could)\s+(?:it|that|this|they)\b|(?:那它|它))", re.IGNORECASE)
_ASSISTANT_TURN = compile_lazy(r"^\s*(?:\*\*|__)?\s*(?:助手|回答|AI|assistant|chatgpt|gpt-?\w{0,6}|claude|gemini|copilot|kimi|deepseek|通义|文心|豆包|问渠|bot|model)"
                             r"\s*(?:\*\*|__)?\s*[:：]", re.IGNORECASE)


#: The date a chat stamp writes before its clock: "[03-08 10:21]" -> "03-08", "[10.03.27 09:14]" -> "10.03.27".
_STAMP_DAY = compile_lazy(rf"^\s*{_STAMP_RX}")
#: The speaker of a chat turn: "[03-08 10:21] 王磊：…" -> "王磊", "[00:00:19] Priya (chat): …" -> "Priya".
_CHAT_SPEAKER = compile_lazy(rf"^\s*(?:{_STAMP_RX}\s+(?:<[@+%]?|\*\s+|-!-\s+)?@?(?P<who>[\w.\-]{{1,30}}(?:(?:\s[A-Z][\w.\-]{{0,29}}){{1,2}}(?=\s*[:：]))?)"
                           r"|(?P<who2>[A-Z\u4e00-\u9fff][\w.\-]{0,29}(?:\s[A-Z][\w.\-]{0,29}){0,2})(?=\s+\((?:\d{1,2}:)?\d{1,2}:\d{2}\)\s*[:：]))")
#: A file shared in a chat export: "[文件] TideServe_2602.11873v1.pdf", "[File] paper.pdf", "📎 x.pdf".
_SHARED_FILE = compile_lazy(r"(?:\[(?:文件|file|attachment|附件)\]|📎)\s*\S+\.pdf\b", re.IGNORECASE)


def _weighted_len(text: str) -> int:
    """A message's length with a CJK character counted as two (a Chinese message says as much in half the
    characters: "上图是他们的 Fig.7：…吞吐提升 1.9 倍" is a long message)."""
    return len(text) + sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")


#: A turn that only gives a reference (``Priya (chat): https://arxiv.org/abs/…``, ``2601.08815``).
_BARE_REF = compile_lazy(r"\s*(?:<?https?://\S+?>?|(?:arXiv\s*[:：]?\s*)?\d{4}\.\d{4,5}(?:v\d+)?)\s*[.。]?\s*", re.IGNORECASE)
#: A turn that says the talk moves to its next topic: "So first one is Slackline", "Second one is mine, Gauge".
_MOVES_ON = compile_lazy(r"^\s*(?:(?:um+|uh+|ok(?:ay)?|so|and|oh|right|alright)[,.]?\s+)*(?:the\s+)?"
                       r"(?:first|second|third|fourth|next|last)\s+(?:one|paper|thing|item|up)\b|"
                       r"^\s*(?:moving on|next up|on to the next)\b|^\s*(?:第[一二三四五六]篇|下一篇|然后是|最后一篇)|"
                       # a talk's "So, paper one, PermFuse.", "Paper two is about …"
                       r"^\s*(?:(?:so|and|okay|ok|now)[,.]?\s+)*(?:paper|part)\s+(?:one|two|three|four|1|2|3|4)\b", re.IGNORECASE)
#: A speaker asking from the floor: "Audience_Member_2", "Questioner", "观众", "提问者".
_FROM_THE_FLOOR = compile_lazy(r"audience|questioner|attendee|from the floor|观众|提问", re.IGNORECASE)
_MOVES_ON_FIRST = compile_lazy(r"^\s*(?:(?:um+|uh+|ok(?:ay)?|so|and|oh|right|alright)[,.]?\s+)*(?:the\s+)?first\b|^\s*第一篇",
                             re.IGNORECASE)


#: A transcript's speaker turn: ``PRIYA: …``, ``Dana: …``, ``张三：…`` (a name, not ``Q:`` or a field).
_NAMED_TURN = compile_lazy(r"^\s*(?:[A-Z][a-z]+(?:\s[A-Z][a-z]+)?|[A-Z]{2,12}|[\u4e00-\u9fff]{2,3})\s*[:：]\s*\S")


#: Labels of fields, not speakers (``结论：``, ``Status:``): a block of them is no transcript.
_FIELD_NAME = compile_lazy(r"结论|待办|议程|主题|状态|时间|地点|备注|链接|来源|作者|日期|负责人|进度|问题|决定|行动项?|参会人|记录人|"
                         r"notes?|status|todo|actions?|decisions?|summary|links?|source|date|owner|agenda|topic|attendees|"
                         r"present|time|place|tags?|depth|evidence|section", re.IGNORECASE)


#: A social post's header alone on its line: ``@量化小王子Kevin：``, ``@handle · Dec 29``, ``@handle 12-28 09:14``.
_POST_HEADER = compile_lazy(r"^\s*@[\w\u4e00-\u9fff.\-]{1,30}(?:@[\w.\-]{2,40})?\s*(?:[:：]|[·•]\s*[\w ,:/\-]{1,30}|\d{1,2}[-/]\d{1,2}(?:\s+\d{1,2}:\d{2})?)?\s*$")
#: A copied post's header with the poster's name before the handle: "Kavya R. @kvcache_kavya · Nov 1, 2029".
_NAMED_POST_HEADER = compile_lazy(r"^\s*[A-Z][\w.'’-]*(?:\s[A-Z][\w.'’-]*){0,3}\s+@[\w.\-]{1,30}\s*[·•]\s*[\w ,:/\-]{1,30}\s*$")


#: A boost's or repost's line above a copied post: "↻ boosted by @lena_k@sigmoid.social", "🔁 Ana reposted", "RT @x".
_BOOSTED = compile_lazy(r"^\s*(?:[↻🔁♻]\s*\S|RT\s+@|.{0,40}\b(?:boosted|reposted|retweeted|转发了?)\b)", re.IGNORECASE)


def _opens_post(b: MdBlock) -> bool:
    """Whether a paragraph opens a copied post: its author's header alone on the first line, or on the second under a
    boost's or repost's line ("↻ boosted by @lena_k@sigmoid.social" over "@infra_weekly@bsky.social · May 27")."""
    return b.kind == "para" and not b.quoted and bool(b.lines) and bool(
        _POST_HEADER.match(b.lines[0][1]) or len(b.lines) > 1 and _BOOSTED.match(b.lines[0][1]) and _POST_HEADER.match(b.lines[1][1]))


#: A comment giving the thread's paper: "paper for the lazy: https://arxiv.org/abs/…", "paper: …", "the paper (v1): …".
_THREAD_PAPER = compile_lazy(r"(?:^|[\s\"“(（])(?:the\s+)?(?:paper|preprint|pdf|论文|原文)\b[^:：\n]{0,24}[:：]\s*", re.IGNORECASE)


#: A comment's opening words that speak of the thread's work without naming it: "the reason it's fast …", "its kernel …",
#: "the paper says …", "they claim …".
_SPEAKS_OF_IT = compile_lazy(r"^\W*(?:\S+\s+){0,5}?(?:it(?:'s|’s)?|its|they|their|the (?:paper|method|authors?|kernel)|this (?:paper|method))\b",
                           re.IGNORECASE)


def _split_forum(body: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a forum thread copied as text (Reddit: the post's title over ``u/quant_goblin · 14h · 212 points``, each
    top-level comment a run of lines opening with its author line, ``> u/marlin_fan · 11h · 64 points``, its replies
    nested under it with no blank line, ``>> u/kernel_kat · …``, or indented), else None: the post and each top-level
    comment with its replies are the parts.  Three author lines or more, two runs or more."""
    ordered = sorted((b for b in body if b.kind != "hr"), key=lambda b: b.line)
    authored = [b for b in ordered if b.kind == "para" and b.lines and any(_AUTHOR_LINE.match(t) for _ln, t in b.lines[:2])]
    if len(authored) < 3 or not any(b.quoted for b in authored):
        return None
    # (comments written flush left, their replies quoted under them: only the flush-left ones open a part; one flush-left post
    # over quoted comments, "> u/…" with ">> u/…" replies: each quoted run opens one)
    flush = [b for b in authored if not b.quoted]
    starts: list[MdBlock] = []
    prev_end: int | None = None
    for b in ordered:
        if b in authored and (prev_end is None or b.line > prev_end + 1) and (len(flush) < 2 or not b.quoted):
            starts.append(b)
        prev_end = b.line_end if prev_end is None else max(prev_end, b.line_end)
    if len(starts) < 2:
        return None
    out: list[_Raw] = []
    for n, b in enumerate(starts):
        stop = starts[n + 1].line if n + 1 < len(starts) else last_line + 1
        inside = [x for x in ordered if b.line <= x.line < stop]
        out.append(_Raw("pseudo", b.line, max(x.line_end for x in inside), _opening_sentence(b.lines[0][1]), [b.line], inside))
    return out, [x for x in body if x.line < starts[0].line]


def _split_posts(body: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split copied social posts (a Weibo or X thread: each post opens with its author's ``@handle：`` alone
    on a line), else None (fewer than two).  A post runs to the next header, the copier's own remarks
    (``//@我：…``, ``→ …``) and the counters under it included."""
    # (a boost's or repost's line above the header, "↻ boosted by @lena_k@sigmoid.social", is the post's)
    starts = [(k, b) for k, b in enumerate(body) if _opens_post(b)]
    if len(starts) < 2:
        return None
    # (among such posts, one headed by its poster's name and handle, "Kavya R. @kvcache_kavya · Nov 1, 2029", is a post too)
    starts = sorted([*starts, *((k, b) for k, b in enumerate(body) if b.kind == "para" and not b.quoted and b.lines
                                and _NAMED_POST_HEADER.match(b.lines[0][1]) and not _opens_post(b))], key=lambda t: t[0])
    out: list[_Raw] = []
    for n, (k, b) in enumerate(starts):
        nxt = starts[n + 1][0] if n + 1 < len(starts) else len(body)
        end = last_line if n + 1 == len(starts) else body[nxt].line - 1
        if n + 1 == len(starts):
            # the copier's words after a rule below the last post ("---" / "jun: if we pick it up, its home is 38.1 …"): the
            # copier's own remark, a topic of its own, no part of that post
            rule = next((x for x in range(k + 1, len(body)) if body[x].kind == "hr"), None)
            if rule is not None and any(x.kind == "para" and not x.quoted for x in body[rule + 1:]):
                rest = [x for x in body[rule + 1:] if x.kind != "hr"]
                nxt, end = rule, body[rule].line - 1
                out_tail = [_Raw("pseudo", rest[0].line, last_line, _opening_sentence(rest[0].lines[0][1]) if rest[0].lines
                                 else rest[0].text, [rest[0].line], rest)]
            else:
                out_tail = []
        skip = 1 if _BOOSTED.match(b.lines[0][1]) else 0
        head = next((t for _ln, t in b.lines[1 + skip:] if t.strip()), b.lines[skip][1])
        hl = [ln for ln, _t in b.lines[:2 + skip]]
        out.append(_Raw("pseudo", b.line, end, _opening_sentence(head), hl, body[k:nxt]))
    return out + out_tail, body[:starts[0][0]]


#: A numbered post that quotes another post below it: "5/8 Quoting the first author's post from release day:".
_QUOTING_POST = compile_lazy(r"^(?:quoting|quote[- ]?(?:tweet|post)|qt)|[:：]\s*$", re.IGNORECASE)


def _thread_parts(r: _Raw) -> list[_Raw]:
    """A copied post that holds a numbered thread ("1/8 If you serve RAG, read this one: SpliceKV (…)" … "8/8 Paper: …"),
    parted as a reader parts it: the thread's own posts are one topic, and a post quoting another post (with the quote
    under it) or changing the subject ("7/8 Unrelated: I'm giving a talk …") is a topic of its own; the posts after such a
    part that go back to the thread's subject are the first topic's (``_Raw.also``)."""
    posts = [(k, b) for k, b in enumerate(r.blocks) if b.kind == "para" and not b.quoted and b.lines
             and (_THREAD_NEXT.match(b.lines[0][1]) or (len(b.lines) > 1 and _THREAD_NEXT.match(b.lines[1][1])))]
    if len(posts) < 3:
        return [r]
    cuts: list[int] = []  # block indexes that open a part of their own
    back: list[int] = []  # block indexes of posts going back to the thread after a part
    for n, (k, b) in enumerate(posts):
        line = next(t for _ln, t in b.lines if _THREAD_NEXT.match(t))
        said = re.sub(r"^\s*\d{1,2}/\d{1,2}\s*", "", line)
        quotes = k + 1 < len(r.blocks) and r.blocks[k + 1].quoted and _QUOTING_POST.search(said)
        if n and (quotes or _TOPIC_SHIFT.match(said) or _ASIDE_OPEN.match(said) or _PROMO.search(" ".join(t for _l, t in b.lines))):
            cuts.append(k)
        elif cuts:
            back.append(k)
    if not cuts:
        return [r]
    bounds = [0, *cuts, len(r.blocks)]
    parts: list[list[MdBlock]] = []
    for a, z in zip(bounds, bounds[1:]):
        mine = [b for k, b in enumerate(r.blocks[a:z], a) if k not in back or a == 0]
        parts.append(mine)
    # a post going back to the thread after a part is the first part's, with the blocks under it up to the next post
    post_at = sorted(k for k, _b in posts)
    joined: list[tuple[int, int]] = []
    for k in back:
        nxt = next((x for x in post_at if x > k), len(r.blocks))
        nxt = min([nxt, *(c for c in cuts if c > k)])
        span = r.blocks[k:nxt]
        joined.append((span[0].line, max(b.line_end for b in span)))
        gone = {id(b) for b in span}
        parts = [[b for b in pt if id(b) not in gone] for pt in parts]
    out = []
    for n, pt in enumerate(parts):
        if not pt:
            continue
        if n == 0:
            out.append(replace(r, line_end=max(b.line_end for b in pt), blocks=pt, also=(*r.also, *joined)))
        else:
            first = pt[0]
            head = next(t for _ln, t in first.lines if t.strip())
            out.append(_Raw("pseudo", first.line, max(b.line_end for b in pt), _opening_sentence(re.sub(r"^\s*\d{1,2}/\d{1,2}\s*", "", head)),
                            [first.line], pt))
    return out


def _split_turn_paragraphs(body: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a transcript whose speaker turns (``PRIYA: …``, ``DANA: …``, ``张三：…``) the transcriber grouped
    into paragraphs, else None: a paragraph of two or more turns is a topic (the speaker moved on where
    the paragraph breaks); a paragraph of one turn belongs to the topic before it, or before the first
    topic to the preamble.  Read so only when two or more paragraphs are all turns and nothing but turns
    follows the first of them."""
    def turns(b: MdBlock) -> int:
        if b.kind != "para" or b.quoted or not b.lines:
            return 0
        return len(b.lines) if all(_NAMED_TURN.match(t) and not _BOLD_LEAD.match(t) for _ln, t in b.lines) else 0

    counts = [turns(b) for b in body]
    firsts = [k for k, c in enumerate(counts) if c >= 2]
    if len(firsts) < 2:
        return None
    # speakers come back ("PRIYA", "DANA" several times each); a block of fields ("结论：", "待办：") does not
    names: dict[str, int] = {}
    for b, c in zip(body, counts):
        for _ln, t in (b.lines if c else ()):
            name = re.split(r"\s*[:：]", t.strip(), maxsplit=1)[0].casefold()
            names[name] = names.get(name, 0) + 1
    if sum(1 for v in names.values() if v >= 2) < 2 or any(_FIELD_NAME.fullmatch(n) for n, v in names.items() if v >= 2):
        return None
    if any(c == 0 and b.kind not in ("hr", "html") for b, c in zip(body[firsts[0]:], counts[firsts[0]:])):
        return None
    out: list[_Raw] = []
    for n, k in enumerate(firsts):
        nxt = firsts[n + 1] if n + 1 < len(firsts) else len(body)
        inside = body[k:nxt]
        end = last_line if n + 1 == len(firsts) else body[nxt].line - 1
        b = body[k]
        out.append(_Raw("pseudo", b.line, end, _opening_sentence(b.lines[0][1]), [b.lines[0][0], b.lines[1][0]], inside))
    return out, body[:firsts[0]]


#: A speaker who answers a question of its own, one of several: ``答主 A（赞同 1.2k）：``, ``Answer 2:``, ``A1:``.
_ANSWERER = compile_lazy(r"^\s*(?:\*\*|__)?\s*(?:答主|回答者|回答|高赞回答|Answer(?:er)?|Reply)\s*[A-Za-z0-9一二三四五六七八九十]{0,3}"
                       r"\s*(?:[（(][^）)\n]{0,30}[）)])?\s*(?:\*\*|__)?\s*[:：]|^\s*A\d{1,2}\s*[:：]", re.IGNORECASE)
#: A paragraph after an interview that is its writer's own word: "Jonas, afterwards: …", "Note: …", "P.S. …".
_AFTERWORD = compile_lazy(r"^\s*(?:[A-Z][\w.\-]{0,20}(?:\s[A-Z][\w.\-]{0,20})?\s*,\s*[^:：\n]{1,30}[:：]|(?:Afterword|Note|Notes|Editor'?s note|"
                        r"P\.?S\.?|编者按|后记|备注)\s*[:：.])")


#: An item's opening that points back at the item before: "same README: …", "and their draft step …",
#: "also from the paper: …", "同一篇：…", "还是这篇：…".
_POINTS_BACK = compile_lazy(r"^\s*(?:(?:and|also|plus)\s+)?(?:same\s+(?:readme|paper|repo|thread|blog|post|table|source|one)|"
                          r"also from (?:the|that) (?:paper|readme|repo))|^\s*(?:and|also|plus)\s+(?:their|its)\s+\w|"
                          r"^\s*(?:同一篇|同一个|还是这篇|还是它|它的|这篇的|同上)|"
                          # a reply adding to the turn before it: "吴昊：补充一点，附录 C 写得很清楚 …", "to add to that: …"
                          r"^\s*(?:补充一(?:点|句|下)|补充[:：，,]|接着(?:说|这个)|关于这(?:篇|个)|"
                          r"(?:to add to that|adding to that|on that (?:point|note)|building on that|following up on that)\b)", re.IGNORECASE)
#: A chat line's speaker before its message: "ravi: …", "• ana: …", "**kim**: …".
_SPEAKER_LEAD = compile_lazy(r"^\s*(?:\*\*)?@?[\w.\-]{1,20}(?:\*\*)?\s*[:：]\s*")


def _labelled_list(inside: list[MdBlock], ln: int, lex: Lexicon | None) -> tuple[list[MdBlock], list[MdBlock], list[tuple[int, MdBlock]]] | None:
    """A list a label introduces at the end of a unit that starts at line ``ln``, when its entries are topics
    of their own: "replies worth keeping:" over "- @pd_skeptic: …" / "- @moon_infra: …" under a thread (each
    entry a speaker or a work), "结论：" / "Decisions:" over numbered points after the last question of
    minutes (the label names a collection, lexicon ``structure.container_headings``).  Returns ``(the
    unit's own blocks, the list's blocks, its entries)``, else None."""
    lab = next((k for k, b in enumerate(inside) if b.line > ln and b.kind == "para" and b.lines and len(b.lines) == 1
                and b.lines[-1][1].rstrip().endswith((":", "："))), None)
    if lab is None or lab + 1 >= len(inside):
        return None
    body = inside[lab + 1:]
    ents = [(k, b) for k, b in enumerate(body) if b.kind == "item" and b.parent is None and not b.quoted]
    if len(ents) < 2 or ents[0][0] != 0:
        return None
    label = inside[lab].lines[0][1].strip().rstrip(":：")
    if not (all(_SPEAKER_ENTRY.match(b.lines[0][1]) or _brings_link(b.text) for _k, b in ents if b.lines)
            or (lex is not None and _named_collection(label, lex))):
        return None
    return inside[:lab], body, ents


#: A transcript's stamped turn: "[00:12:40] HOST: …", "(01:02) Dev Anand: …", "00:04:10 主持人：…".
_STAMPED_TURN = compile_lazy(r"^\s*[\[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}[\])]?\s+(?P<who>[A-Z\u4e00-\u9fff][\w .'\u4e00-\u9fff-]{0,24}?)\s*[:：]\s*(?P<said>\S.*)$")


#: An interviewer's follow-up on the answer just given: "And what does that buy you …?", "Is it training-free?", "So how
#: does that scale?", "那它需要训练吗？".
_FOLLOW_UP_Q = compile_lazy(r"^\W*(?:and|so|but|what about|how about)\b[^?？.]{0,24}[?？]\s*$"  # "And the tail?", "And shorter contexts?"
                            r"|^\W*(?:(?:and|so|but|ok(?:ay)?|right)[,\s]+)?(?:what|how|is|are|does|do|did|can|could|was|were|why)\b"
                            r"[^?？]{0,50}?\b(?:it|that|this|those|these|them|they)\b|^\W*(?:那|所以)?(?:它|这个|那个)[^?？]{0,20}[?？]",
                            re.IGNORECASE)


def _host_questions(paras: list[MdBlock]) -> list[tuple[MdBlock, int]]:
    """An interview transcript's topics (``[00:12:40] HOST: …`` / ``GUEST: …`` turns, six or more, two speakers or more): each
    turn of its interviewer (the speaker who asks most, two questions or more) that asks or moves the talk on opens one;
    a short reaction ("That's nothing.", "Great. Thanks for coming on.") does not.  ``(block, line)`` marks, or none."""
    turns = [(b, ln, m.group("who").strip(), m.group("said")) for b in paras for ln, t in b.lines if (m := _STAMPED_TURN.match(t))]
    if len(turns) < 6 or len({w for _b, _ln, w, _s in turns}) < 2:
        return []
    asks: dict[str, int] = defaultdict(int)
    for _b, _ln, who, said in turns:
        if re.search(r"[?？]\s*(?:\[[^\]]{1,20}\]\s*)?$", said):
            asks[who] += 1
    host = max(asks, key=asks.get, default=None)
    if host is None or asks[host] < 2 or sum(asks.values()) - asks[host] >= asks[host]:
        return []
    # (a follow-up that asks about what was just said, "And what does that buy you in numbers?", "Is it training-free?",
    # goes on with the question before it)
    return [(b, ln) for n, (b, ln, who, said) in enumerate(turns) if who == host
            and (re.search(r"[?？]", said) or len(re.findall(r"\w+", said)) >= 10)
            and not (n > 1 and _FOLLOW_UP_Q.match(said) and not find_arxiv_ids(said))]


def _split_dialogue(body: list[MdBlock], last_line: int, lex: Lexicon | None = None) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split an interview or a Q&A thread, else None: two questions or more (``Q: …`` / ``问：…`` lines),
    each an item with its answer, up to the next question; else one question with two answers or more
    by several people (``答主 A（赞同 1.2k）：…``), each answer an item (the question is their head).  An
    afterword of the writer's own ("Jonas, afterwards: …") ends the last item."""
    paras = [b for b in body if b.kind == "para" and not b.quoted and b.parent is None and b.lines]
    q_marks = [(b, ln) for b in paras for ln, t in b.lines if _QUESTION_MARK.match(t)
               # a flashcard deck: "Q:: … A:: …" and "front ;; back" lines, a card each
               or (_FLASHCARD.search(t) and any(_FLASHCARD.search(x) for _l, x in b.lines if x is not t))]
    if len(q_marks) < 2:
        q_marks = _host_questions(paras)
    if len(q_marks) < 2:
        # a chat with an assistant ("用户：…" / "助手：…", "User:" / "Assistant:"): each of the user's turns asks
        # a question, the assistant's turns after it answer it
        users = [(b, ln) for b in paras for ln, t in b.lines if _USER_TURN.match(t)]
        # (not when an answer lists works the reader annotated one by one, entries of two lines or more each bringing
        # its own work: those entries are the topics, as a list's are)
        listed = [b for b in body if b.kind == "item" and b.line_end > b.line and find_arxiv_ids(b.text)]
        if len(users) >= 2 and sum(1 for b in paras for _ln, t in b.lines if _ASSISTANT_TURN.match(t)) >= 2 and len(listed) < 2:
            # (a turn that takes up the last answer, "KIVI 那个号少了一位吧", "不对吧，…", "No, that's the batch size",
            # continues its question)
            q_marks = [users[0], *(u for u in users[1:] if not _FOLLOW_UP.match(next(t for x, t in u[0].lines if x == u[1])))]
    a_marks = [(b, ln) for b in paras for ln, t in b.lines if _ANSWERER.match(t)]
    if len(q_marks) >= 2:
        marks = q_marks
        # questions asked in blocks, each block's first naming a work ("**Q:** LazyGrammar (arxiv.org/abs/…): what
        # changed?" then "**Q:** Still lazy?" / "**Q:** What do I do with it?" with no blank line between): the
        # follow-ups that name no work are the same topic, about the block's work
        first_of: dict[int, int] = {}
        for b, ln in q_marks:
            first_of.setdefault(id(b), ln)
        def names_work(ln: int) -> bool:
            return bool(find_arxiv_ids(next((t for b, x in q_marks for y, t in b.lines if y == ln == x), "")))
        leads = [ln for ln in first_of.values() if names_work(ln)]
        if len(leads) >= 2 and len(first_of) < len(q_marks):
            marks = [(b, ln) for b, ln in q_marks if first_of[id(b)] == ln or names_work(ln)]
    elif len(a_marks) >= 2:
        marks = a_marks
    else:
        return None
    first = marks[0][1]
    stops = [b.line for b in paras if b.line > marks[-1][1] and _AFTERWORD.match(b.lines[0][1])]
    out: list[_Raw] = []
    for n, (b, ln) in enumerate(marks):
        nxt = marks[n + 1][1] if n + 1 < len(marks) else (min(stops) if stops else last_line + 1)
        inside = [x for x in (_slice(c, ln, nxt - 1) for c in body if c.line_end >= ln and c.line < nxt) if x is not None]
        end = max([ln, *(min(c.line_end, nxt - 1) for c in inside if c.kind != "hr")])
        text = next((t for x, t in b.lines if x == ln), "")
        title = _QUESTION_MARK.sub("", text, count=1).strip().strip("*_ ") if len(q_marks) >= 2 else text
        listed = _labelled_list(inside, ln, lex) if n + 1 == len(marks) else None
        if listed is not None:  # minutes' "结论：" list after the last answer: its points are items
            own_part, rest, ents = listed
            out.append(_Raw("pseudo", ln, max([ln, *(c.line_end for c in own_part)]), title or text, [ln], own_part or inside[:1]))
            out.extend(_entry_raws(rest, ents, lex))
            continue
        out.append(_Raw("pseudo", ln, end, title or text, [ln], inside))
    pre = [x for x in (_slice(c, 0, first - 1) for c in body if c.line < first) if x is not None]
    return out, pre


#: A chapter's or an utterance's stamp at the start of its line: "04:12 ", "(02:10) ", "[1:02:03] ".
_CHAPTER_STAMP = compile_lazy(r"^\s*[\[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}[\])]?\s+")


def _chapters(heads: list[str]) -> bool:
    """Whether timestamped lines are an episode's chapter marks (``(02:10) …``, ``(12:40) …``: two minutes or
    more apart, in order) rather than a transcript's utterances (seconds apart)."""
    secs = []
    for h in heads:
        # ("(02:10) …", "[12:40] …", or bare as a video's description lists them: "04:12 DistServe recap")
        m = re.match(r"\s*(?:[\[(](\d{1,2}):(\d{2})(?::(\d{2}))?[\])]|(\d{1,2}):(\d{2})(?::(\d{2}))?(?=\s))", h)
        if not m:
            return False
        a, b, c = (int(m.group(1)), int(m.group(2)), m.group(3)) if m.group(1) else (int(m.group(4)), int(m.group(5)), m.group(6))
        secs.append(a * 3600 + b * 60 + int(c) if c is not None else a * 60 + b)
    gaps = [y - x for x, y in zip(secs, secs[1:])]
    return len(gaps) >= 2 and all(g > 0 for g in gaps) and sorted(gaps)[len(gaps) // 2] >= 120


_NUMS: dict[int, tuple[object, list[int]]] = {}


def _line_numbers(b: MdBlock) -> list[int]:
    """The line numbers of a long block, computed once per block object (a pasted chat is one paragraph of
    thousands of lines, sliced once per turn: a scan per slice grew with the square of its length)."""
    got = _NUMS.get(id(b))
    if got is None or got[0] is not b:
        if len(_NUMS) > 256:
            _NUMS.clear()
        got = _NUMS[id(b)] = (b, [n for n, _t in b.lines])
    return got[1]


def _slice(b: MdBlock, lo: int, hi: int) -> MdBlock | None:
    """Block ``b`` cut to its lines ``lo..hi`` (a paragraph holding several pseudo-headed topics, one per
    line or a few lines each); other blocks whole, or None when they lie outside."""
    if b.line >= lo and b.line_end <= hi:
        return b
    if b.kind not in ("para", "item") or not b.lines:
        return b if (b.line <= hi and b.line_end >= lo) else None
    nums = [n for n, _t in b.lines] if len(b.lines) < 64 else _line_numbers(b)
    lines = b.lines[bisect.bisect_left(nums, lo):bisect.bisect_right(nums, hi)]  # lines are in order
    if not lines:
        return None
    return replace(b, text="\n".join(t for _n, t in lines), line=lines[0][0], line_end=lines[-1][0], lines=lines)


#: A table's footnote, opening with the mark its rows carry: "† GPTQ predates Llama-2 …", "‡ Not from the PDF …".
FOOTNOTE_MARK = compile_lazy(r"^\s*([†‡§¶⁎]|[¹²³⁴⁵⁶⁷⁸⁹]|\*{1,3}(?=\s))\s*\S")


def _folded(raws: list[_Raw], into: dict[int, list[_Raw]]) -> list[_Raw]:
    """``raws`` with the raws ``into`` lists under a raw's ``id`` made part of that raw (their blocks added, their
    lines in its ``also``) and no longer raws of their own."""
    gone = {id(x) for xs in into.values() for x in xs}
    return [replace(r, blocks=[*r.blocks, *(b for x in into.get(id(r), []) for b in x.blocks)],
                    also=(*r.also, *((x.line, x.line_end) for x in into.get(id(r), []))))
            for r in raws if id(r) not in gone]


def _row_name(r: _Raw) -> str:
    """The name a table row goes by: the first word of its first cell ("vLLM" of "vLLM v0.6.4"), the text of a name
    written as a link ("[EAGLE-2](https://arxiv.org/abs/…)"), the next cell's when the first is only the identifier
    ("| 2211.10438 | SmoothQuant | …")."""
    cells = [_strip(c) for _h, c in r.row_cells]
    first = next((c for c in cells if c and not re.fullmatch(r"(?:arxiv\s*:?\s*)?\d{4}\.\d{4,5}(?:v\d+)?", c, re.IGNORECASE)),
                 cells[0] if cells else "")
    return re.split(r"[\s(（/|]|[:：](?:\s|$)", first, maxsplit=1)[0].strip("*`_")  # ("TPP: Transparent Page Placement …")


#: A paragraph that opens by naming what it speaks of: "RatioScale — read it end to end …", "PDLink: haven't opened it yet".
_NAMED_LEAD = compile_lazy(r"^\s*(?P<n>[A-Z][\w.+-]{2,30})\s*(?:[—–:：]|-\s|,\s)")
#: A ticket's key before an entry's name: "DISAG-143", "KER-142", "#412".
_TICKET_KEY = compile_lazy(r"^(?:[A-Z][A-Z0-9]{1,9}-\d{1,6}|#\d{1,6})$")


#: A margin comment collected at a document's foot under its key: "[a] Comment by Hana Okafor: …", "[3] Comment by …".
_KEYED_COMMENT = compile_lazy(r"^\s*\[(?P<k>[a-z]{1,2}|\d{1,2})\]\s+(?:Comment|Reply|Note)\s+(?:by|from)\s+\S", re.IGNORECASE)


def _keyed_comments(raws: list[_Raw], blocks: list[MdBlock]) -> list[_Raw]:
    """``raws`` with the margin comments a document export collects at its foot ("[a] Comment by Hana Okafor: I only had the
    abstract …", under "Comments") joined to the topic whose text carries their key ("… conditions on the question.[a]"):
    how far that topic was read and where it goes (``_Raw.also``); the topic that held the comments' block ends before it."""
    found = [(ln, m.group("k")) for b in blocks if b.kind in ("para", "item") and not b.quoted for ln, t in b.lines
             if (m := _KEYED_COMMENT.match(t))]
    if len(found) < 2:
        return raws
    first = min(ln for ln, _k in found)
    label = next((ln for b in blocks if b.kind in ("para", "heading") and b.line < first for ln, t in b.lines
                  if first - 2 <= ln < first and re.fullmatch(r"\W*(?:comments?|margin comments?|评论|批注)\W*", t.strip(), re.I)), first)
    text_of = {id(r): "\n".join(t for ln, t in _lines_of(r) if ln < label) for r in raws}
    extra: dict[int, list[tuple[int, int]]] = {}
    for ln, k in found:
        owners = [r for r in raws if re.search(rf"(?<!^)\[{re.escape(k)}\]", text_of[id(r)], re.M)]
        if len(owners) == 1:
            extra.setdefault(id(owners[0]), []).append((ln, ln))
    if not extra:
        return raws
    out = []
    for r in raws:
        joined = extra.get(id(r), ())
        if r.line < label <= r.line_end:
            kept = [_slice(b, b.line, label - 1) if b.line_end >= label else b for b in r.blocks if b.line < label]
            kept = [b for b in kept if b is not None]
            r = replace(r, line_end=max([r.line, *(b.line_end for b in kept)]), blocks=kept)
        out.append(replace(r, also=(*r.also, *joined)) if joined else r)
    return out


def _named_comments(raws: list[_Raw], blocks: list[MdBlock]) -> list[_Raw]:
    """``raws`` with the paragraphs no topic holds that open by naming one of its entries joined to that entry: a ticket's
    comments under its sub-issues ("- [x] DISAG-143 RatioScale: SLO-aware autoscaling …" over, further down, "RatioScale —
    read it end to end, appendix included. …" and its signature "— Priya, May 21") say how far that entry was read and
    where it goes (``_Raw.also``), no topic of their own."""
    entries = [r for r in raws if r.kind == "entry"]
    if len(entries) < 2:
        return raws
    names: dict[str, list[_Raw]] = {}
    for r in entries:
        for tok in re.findall(r"[A-Z][\w.+-]{2,30}", re.split(r"\s[—–]\s|:\s|,\s", _strip(r.head), maxsplit=1)[0]):
            if not _TICKET_KEY.match(tok) and not find_arxiv_ids(tok):
                names.setdefault(tok.casefold(), []).append(r)
    covered = {ln for r in raws for a, b in [(r.line, r.line_end), *r.also] for ln in range(a, b + 1)}
    extra: dict[int, list[tuple[int, int]]] = {}
    paras = [b for b in blocks if b.kind == "para" and not b.quoted and b.parent is None]
    for k, b in enumerate(paras):
        m = _NAMED_LEAD.match(b.text)
        owners = names.get(m.group("n").casefold(), []) if m and b.line not in covered else []
        if len(owners) != 1:
            continue
        end = b.line_end
        nxt = paras[k + 1] if k + 1 < len(paras) else None
        if nxt is not None and nxt.line not in covered and re.match(r"\s*[—–]\s*\w", nxt.text) and len(nxt.text) <= 60:
            end = nxt.line_end  # (its signature: "— Priya, May 21")
        extra.setdefault(id(owners[0]), []).append((b.line, end))
    if not extra:
        return raws
    return [replace(r, also=(*r.also, *extra[id(r)])) if id(r) in extra else r for r in raws]


def _row_comments(raws: list[_Raw], tail: list[MdBlock] = ()) -> list[_Raw]:
    """``raws`` with the list entries after a table that open by naming one of its rows ("- vLLM: about
    30% under…", "- TRT-LLM and LMDeploy rows are for…") joined to that row: a comment on a row is part
    of its topic (``_Raw.also``), not a topic of its own. ``tail``: paragraphs after the table that are no topic; one
    that opens, after a label, by naming one row ("Notes: SmoothQuant is not in the living document yet; it should go
    under section 4.") is that row's too."""
    rows = [r for r in raws if r.kind == "row" and r.row_cells]
    if len(rows) < 2:
        return raws
    # a spreadsheet pasted with merged cells ("| EAGLE-2 2406.16858 | Vicuna-7B | … |" over "|  | Vicuna-7B | … |"): a row
    # whose first cell is empty is a further line of the row above that fills it, one topic
    merged: dict[int, list[_Raw]] = {}
    owner: _Raw | None = None
    def ids_of(r: _Raw) -> set[str]:
        return {m.arxiv_id for m in find_arxiv_ids(" | ".join(c for _h, c in r.row_cells))}

    for r in rows:
        if r.row_cells[0][1].strip():
            owner = r
        elif owner is not None and ids_of(r) and not ids_of(r) & ids_of(owner):
            owner = r  # ("|  | https://arxiv.org/abs/2410.16179 | …": a row whose name a paste lost, its own work in its own cell)
        elif owner is not None and len(r.row_cells) == len(owner.row_cells) and any(c.strip() for _h, c in r.row_cells[1:]) \
                and r.line - owner.line <= 40:
            merged.setdefault(id(owner), []).append(r)
    if merged and sum(1 for r in rows if r.row_cells[0][1].strip()) >= 2:
        raws = _folded(raws, merged)
        rows = [r for r in raws if r.kind == "row" and r.row_cells]
        if len(rows) < 2:
            return raws
    # a claims ledger ("| # | claim | work | checked how |", rows about one paper not kept together): a row
    # whose one work an earlier row of its table is about too is a further point of that row's topic
    first_of: dict[tuple[tuple[str, ...], str], _Raw] = {}
    later: dict[int, list[_Raw]] = {}
    for r in rows:
        ids = list(dict.fromkeys(m.arxiv_id for m in find_arxiv_ids(" | ".join(c for _h, c in r.row_cells))))
        if len(ids) != 1:
            continue
        key = (tuple(h for h, _c in r.row_cells), ids[0])
        if key in first_of:
            later.setdefault(id(first_of[key]), []).append(r)
        else:
            first_of[key] = r
    if later:
        raws = _folded(raws, later)
        rows = [r for r in raws if r.kind == "row" and r.row_cells]
        if len(rows) < 2:
            return raws
    last_row = max(r.line for r in rows)
    names: dict[str, _Raw] = {}
    for r in rows:
        tok = _row_name(r)
        if len(tok) >= 3 and not re.fullmatch(r"[\d.,%x×—-]+", tok):
            names.setdefault(tok.casefold(), r)
    out: list[_Raw] = []
    joined: dict[int, list[_Raw]] = {}
    for r in raws:
        # (a bold-headed paragraph of discussion under the table, "**LiteFA（孙浩）**" over what was said, is a row's too)
        if (r.kind == "entry" or (r.kind == "pseudo" and _BOLD_ONLY.match(r.blocks[0].lines[0][1] if r.blocks and r.blocks[0].lines else "")))\
                and r.line > last_row:
            fm = FOOTNOTE_MARK.match(r.head)
            marked = [row for row in rows if fm and any(c.rstrip().endswith(fm.group(1)) for _h, c in row.row_cells[1:])]
            if len(marked) == 1:  # a footnote of the one row carrying its mark
                joined.setdefault(id(marked[0]), []).append(r)
                continue
            opening = r.head[:60].casefold()
            hit = [row for tok, row in names.items() if re.search(rf"(?<![\w-]){re.escape(tok)}(?![\w-])", opening)]
            if hit:
                target = min(hit, key=lambda row: opening.find(_row_name(row).casefold()))
                joined.setdefault(id(target), []).append(r)
                continue
        out.append(r)
    for b in tail:
        if b.kind == "para" and not b.quoted and b.line > last_row and b.lines:
            # (the label alone on its line, a reST note's "Note:" over its text: the text's first line opens it)
            said = " ".join(t for _ln, t in b.lines[:2]) if re.fullmatch(r"\s*\W*\w{1,10}\s*[:：]\s*", b.lines[0][1]) else b.lines[0][1]
            opening = re.sub(r"^\s*(?:\*\*)?(?:notes?|comments?|remarks?|备注|说明|注)(?:\*\*)?\s*[:：]\s*", "", _strip(said),
                             flags=re.IGNORECASE)[:40].casefold()
            hit = [row for tok, row in names.items() if re.match(rf"{re.escape(tok)}(?![\w-])", opening)]
            if len(hit) == 1:
                joined.setdefault(id(hit[0]), []).append(_Raw("block", b.line, b.line_end, b.text, [b.line], [b]))
    return [replace(r, blocks=[*r.blocks, *(b for c in joined.get(id(r), []) for b in c.blocks)],
                    also=(*r.also, *((c.line, c.line_end) for c in joined.get(id(r), [])))) for r in out]


_ZH_NUM = {w: i for i, w in enumerate("一二三四五六七八九十", start=1)}
#: Capitalised words a topic may open with that name no topic ("Paper", "Notes", "Placement").
_GENERIC_NAMES = frozenset("""paper papers note notes summary table update updates row rows item items entry entries
placement placements section sections both all none other others new old first second third last next verdict
verdicts where what why how read reading link links source sources misc noise todo done status see also and but
rest these those them they this that which our my your their its one two three""".split())
#: How a note points back at one of its own numbered topics: ``row 3``, ``rows 5 and 6``, ``items 2–4``,
#: ``#2``, ``No. 4``, ``paper 2``, ``第 3 条`` / ``第三篇``, ``②``.
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
_NUM_REF = compile_lazy(
    r"^\s*(?:(?:rows?|items?|entr(?:y|ies)|papers?|points?|topics?|no\.|nos\.|(?-i:No)(?=\s*\d{1,2}\s*(?:[:：→)]|->))|#)\s*(?P<nums>\d{1,2}(?:\s*(?:,|&|and|or|to|–|-|—|/|和|、)\s*#?\d{1,2})*)\b"
    rf"|第\s*(?P<zh>[\d一二三四五六七八九十]{{1,3}})\s*(?:条|篇|行|项|点|个)|(?P<circ>[{_CIRCLED}](?:\s*(?:,|、|和|&|and)?\s*[{_CIRCLED}])*))",
    re.IGNORECASE)
#: What separates the names a back-reference opens with from what it says of them.
_REF_SEP = compile_lazy(r"\s*(?:→|->|=>|⇒|:|：|—|–\s|\s-\s|,|，|\(|（|\bis\b|\bare\b|\bas\b|\bgoes\b|\bgo\b|\bbelongs?\b|"
                      r"\bfits?\b|\bstays?\b|\bwas\b|\bwere\b|\bonly\b|放|归|挪|属于|进|合入|并入|补(?:进|入|到|一条)|写(?:进|入|到)|加(?:进|入|到)|"
                      r"暂不|先不|不进|不放|移到|改到|待定|保留|删)", re.IGNORECASE)
#: Who a to-do is for, before what it says: "王磊：…", "@mira: …", "**Kim** — …".
_ASSIGNEE = compile_lazy(r"^\s*(?:\*\*)?@?[\w\u4e00-\u9fff.\-]{1,16}(?:\*\*)?\s*(?:[:：]|\s[—–-]\s)\s*")
_NAME_JOIN = compile_lazy(r"^(?:\s*(?:,|&|\+|/|and|和|与|、|以及)\s*)", re.IGNORECASE)


def _topic_numbers(raws: list[_Raw]) -> dict[int, int]:
    """``{number: raw index}`` of the topics a note numbers: a table row's number cell, an ordered list
    entry's marker, a heading's number ("## 3. Foo"); topics of one kind numbered by their order when
    none is written."""
    out: dict[int, int] = {}
    for k, r in enumerate(raws):
        n = None
        if r.kind == "row" and r.row_cells and re.fullmatch(r"#?\d{1,2}\.?", r.row_cells[0][1].strip()):
            n = int(r.row_cells[0][1].strip().strip("#."))
        else:
            m = re.match(rf"^\s*(?:(?P<d>\d{{1,2}})[.)、](?!\d)|[（(](?P<p>\d{{1,2}})[）)]|(?P<c>[{_CIRCLED}]))", r.head)
            if m:
                n = int(m.group("d") or m.group("p")) if (m.group("d") or m.group("p")) else _CIRCLED.index(m.group("c")) + 1
        if n is not None:
            out.setdefault(n, k)
    if not out and raws:
        # numbered by their order: the topics of the kind the note opens with (a "## Placement" list after
        # three entries is no fourth entry)
        same = [k for k, r in enumerate(raws) if r.kind == raws[0].kind]
        out = {n + 1: k for n, k in enumerate(same)}
    return out


def _topic_name(r: _Raw, stop: frozenset[str]) -> str | None:
    """The proper name a topic opens with ("MagicPIG" of "## MagicPIG — LSH sampling", of a row whose
    first worded cell is "MagicPIG, 10.48550/…"), or None when it opens with an ordinary word."""
    texts = [c for _h, c in r.row_cells] if r.kind == "row" and r.row_cells else [_unnumbered(_strip(r.head))]
    for t in texts:
        t = re.sub(r"^[\s*_`#>\[]+", "", t)
        t = re.sub(r"^[\[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}[\])]?\s*", "", t)  # a chapter's stamp: "(00:12:30) SnapKV: …"
        m = re.match(r"[A-Za-z][\w+.-]*[\w+]|[\u4e00-\u9fff]{2,8}", t)
        if not m:
            if re.fullmatch(r"[\s\d#.]*", t):
                continue  # the number column
            return None
        tok = m.group(0)
        if len(tok) < 3 or tok.casefold() in stop or not (re.search(r"[A-Z].*[A-Z0-9]|[0-9]|^[A-Z][a-z]{2,}$", tok)
                                                         or re.match(r"[\u4e00-\u9fff]", tok)):
            return None
        return tok
    return None


def _drop_index_rows(raws: list[_Raw]) -> list[_Raw]:
    """``raws`` without the rows of a summary table whose every row's work is a later section's topic (a
    triage report's "## Summary" table over its "### 1. TreeScout …" sections): the table indexes the topics,
    it brings none of its own; each row's line joins the section about its work (``_Raw.also``)."""
    rows = [r for r in raws if r.kind == "row"]
    if len(rows) < 2:
        return raws
    ids = {id(r): {m.arxiv_id for b in r.blocks if b.kind != "code" for m in find_arxiv_ids(b.text)}
           for r in raws if r.kind in ("row", "heading", "pseudo")}  # (each raw's works, read once)
    later = [(r.line, ids[id(r)]) for r in raws if r.kind in ("heading", "pseudo")]
    index = [r for r in rows if ids[id(r)] and any(ln > r.line and ids[id(r)] <= got for ln, got in later)]
    by_table: dict[tuple[str, ...], list[_Raw]] = {}
    for r in rows:
        by_table.setdefault(r.blocks[0].header if r.blocks else (), []).append(r)
    drop = {id(r) for table in by_table.values() if len(table) >= 2
            and sum(1 for r in table if r in index) * 2 > len(table) for r in table}
    if not drop:
        return raws
    # each indexing row's line belongs to the section about its work (its verdict, depth and placement too)
    joined: dict[int, list[tuple[int, int]]] = {}
    for r in raws:
        if id(r) in drop and (own := ids[id(r)]):
            k = next((n for n, x in enumerate(raws) if x.kind in ("heading", "pseudo") and x.line > r.line and own <= ids[id(x)]), None)
            if k is not None:
                joined.setdefault(k, []).append((r.line, r.line_end))
    return [replace(x, also=(*x.also, *joined.get(n, ()))) for n, x in enumerate(raws) if id(x) not in drop]


#: What a heading's topic goes by, without its number and identifier: "Speculative Rejection" of "1. Speculative Rejection
#: (2410.20290)", "Dynasor / Certaindex" of "2. Dynasor / Certaindex (2412.20993)".
_HEAD_NAME = compile_lazy(r"^\s*(?:\d{1,2}[.)]\s*|[A-Z][.)]\s+)?(?P<n>[^(（\[:：\n]{4,60}?)\s*(?:[(（\[:：]|$)")


#: A meeting's heading over a list that recaps its topics: "Agenda", "Decisions", "Action items", "Next steps", "议程", "决议", "待办".
_RECAP_LABEL = compile_lazy(r"(?:agenda|decisions?(?: made)?|action items?|actions|next steps|follow[- ]?ups?|to-?dos?|outcomes?|"
                            r"议程|决议|决定|待办(?:事项)?|行动项|后续(?:跟进)?)\s*[:：]?", re.IGNORECASE)


def _drop_recap_lists(raws: list[_Raw], blocks: list[MdBlock] = ()) -> list[_Raw]:
    """``raws`` without the entries of a list that recaps the note's headed topics: a meeting's agenda ("1. Speculative
    Rejection, arXiv:2410.20290 (Priya)") over its "### 1. Speculative Rejection (2410.20290)" discussion, its
    "## Decisions" and "## Action items" after it ("Verifier Cascades goes in under …", "Priya: re-read section 3 of
    2410.20290 …").  Such a list names topics other parts of the note are about; it brings none of its own.  An entry
    recaps a heading when its works are among the heading's, or it has none and names the heading's topic; a run of
    two or more entries of which at least half recap, under a recap heading (``_RECAP_LABEL``), goes, each recapping entry's
    lines joining the heading it recaps
    (``_Raw.also``: its decision, depth and placement are that topic's), the others (AOB, a chore) no topic at all.
    The list-for-rows rule of a table is ``_drop_index_rows``."""
    heads = [(n, r) for n, r in enumerate(raws) if r.kind in ("heading", "pseudo")]
    if not heads or not any(r.kind == "entry" for r in raws):
        return raws
    ids = {id(r): {m.arxiv_id for b in r.blocks if b.kind != "code" for m in find_arxiv_ids(b.text)} for r in raws}
    for _n, h in heads:
        # a heading's topic is what its line and its opening say, not every work its part lists (a digest's last section
        # holding the issue's link list names every work of the issue)
        opening = [b for b in h.blocks if b.kind not in ("code", "hr", "html")][:2]
        ids[id(h)] = {m.arxiv_id for b in opening for m in find_arxiv_ids(b.text)} | {m.arxiv_id for m in find_arxiv_ids(h.head)}
    names: list[tuple[int, str]] = []
    for n, r in heads:
        got = _HEAD_NAME.match(_strip(r.head))
        name = got.group("n").strip(" -–—,") if got else ""
        if len(name) >= 4 and not re.fullmatch(r"[\W\d_]+", name):
            names.append((n, name.lower()))

    def recapped(e: _Raw) -> int | None:
        own = {m.arxiv_id for m in find_arxiv_ids(e.head)} or ids[id(e)]
        if own:
            return next((n for n, h in heads if own <= ids[id(h)] and h.line != e.line), None)
        text = _strip(e.head).lower()
        return next((n for n, name in names if raws[n].line != e.line and re.search(
            rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)), None)

    runs: list[list[int]] = []
    for n, r in enumerate(raws):
        top = r.kind == "entry" and r.blocks and r.blocks[0].kind == "item" and r.blocks[0].level == 0
        if top and runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        elif top:
            runs.append([n])
    drop: set[int] = set()
    joined: dict[int, list[tuple[int, int]]] = {}
    for run in runs:
        if len(run) < 2:
            continue
        # (only under a meeting's recap heading: a note's summary list over the details of its entries is the note's topics)
        above = [b for b in blocks if b.kind == "heading" and b.line < raws[run[0]].line]
        if not above or not _RECAP_LABEL.fullmatch(_strip(above[-1].text)):
            continue
        into = {n: recapped(raws[n]) for n in run}
        k = sum(1 for v in into.values() if v is not None)
        if k < 2 or k * 2 < len(run):
            continue
        drop.update(run)
        for n, h in into.items():
            if h is not None:
                joined.setdefault(h, []).append((raws[n].line, raws[n].line_end))
    if not drop:
        return raws
    return [replace(x, also=(*x.also, *joined.get(n, ()))) for n, x in enumerate(raws) if n not in drop]


#: A field of a reviewer's form, alone at the start of its line: "Summary:", "Strengths:", "Weaknesses:", "Questions for
#: authors:", "Score: 3 (weak accept)", "Confidence: 3/5", "优点：", "缺点：".
_REVIEW_FIELD = compile_lazy(r"^\s*(?:\*\*)?(?:summary(?: of (?:the )?(?:paper|submission))?|strengths?(?: and weaknesses)?|weaknesses?|"
                             r"questions?(?: (?:for|to) (?:the )?authors?)?|limitations|score|overall(?: score| rating)?|rating|"
                             r"recommendation|confidence|soundness|presentation|contribution|优点|缺点|问题|评分|置信度)(?:\*\*)?\s*[:：]",
                             re.IGNORECASE)


def _review_form(raws: list[_Raw], pre: list[MdBlock], blocks: list[MdBlock]) -> tuple[list[_Raw], list[MdBlock]]:
    """A reviewer's form for one submission ("Summary:" / "Strengths:" / "Weaknesses:" / "Questions for authors:" /
    "Score:" / "Confidence:", four fields or more) is one topic, the submission its heading names: its strengths,
    weaknesses and questions are points of that review, no topics of their own.  The topic runs from the line right above
    its first field to its last field.  The parts a rule sets apart after it are topics of their own when another party
    writes them ("Author Response to Reviewer 7Kpd", "Public Comment by …"), when the writer says they are no part of the
    review ("Note to self for the KB, not part of the review: …") or when they bring a work of their own (and so is every
    part after such a one); the writer's own notes on the reviewed paper ("Private notes: - Read the body of the paper end
    to end …") are part of the review.  When no part is a topic of its own, ``raws`` and ``pre`` are returned as they are:
    the rules for one-paper notes read the review."""
    fields = [b for b in blocks if b.kind == "para" and not b.quoted and b.lines and _REVIEW_FIELD.match(b.lines[0][1])]
    names = {_REVIEW_FIELD.match(b.lines[0][1]).group(0).strip(" *:：").lower().split()[0] for b in fields}
    if len(names) < 4 or len(raws) < 2 or any(r.kind in ("heading", "row") for r in raws):
        return raws, pre
    last = fields[-1]
    end = max([last.line_end, *(b.line_end for b in blocks if b.line > last.line and b.kind == "item"
                                and not any(f.line > last.line and f.line < b.line for f in blocks if f.kind == "para"))])
    # the form opens at the line right above its first field ("Official Review of Submission4821 by Reviewer 7Kpd",
    # "Submission 17: …"); the note's words before that line are its opening
    first = fields[0]
    above = [b for b in blocks if b.line < first.line and b.kind == "para" and not b.quoted]
    start = above[-1].line if above and len(above[-1].text) <= 400 else first.line
    form = [b for b in [*pre, *(b for r in raws for b in r.blocks)] if start <= b.line <= end]
    form = sorted({id(b): b for b in form}.values(), key=lambda b: b.line)
    if not form:
        return raws, pre
    rest = [b for b in blocks if b.line > end and b.kind != "html"]
    # the parts after the form, a rule apart: another party's (the authors' response, a public comment) or the writer's
    # words on something else ("Note to self for the KB, not part of the review: …") are a topic each; the writer's own
    # notes on the review ("Private notes: - Read the body of the paper end to end …") are part of it
    form_ids = {m.arxiv_id for b in form for m in find_arxiv_ids(b.text)}
    chunks: list[list[MdBlock]] = [[]]
    for b in rest:
        if b.kind == "hr":
            chunks.append([])
        else:
            chunks[-1].append(b)
    made: list[_Raw] = []
    for c in chunks:
        if not c or not c[0].lines or c[0].quoted:
            continue
        # (a field giving the reviewed paper's link, "Preprint: arxiv.org/abs/…", is the review's, no work of the part's own)
        said = " ".join(t for b in c for _ln, t in b.lines if not (_PAPER_FIELD.match(t) or _PAPER_LABEL.match(t)))
        own = {m.arxiv_id for m in find_arxiv_ids(said)} - form_ids
        if _OTHER_PARTY.match(c[0].lines[0][1]) or _NOT_THE_REVIEW.search(c[0].lines[0][1]) or own or made:
            made.append(_Raw("pseudo", c[0].line, max(b.line_end for b in c), c[0].lines[0][1], [c[0].line], c))
        else:
            form = [*form, *c]
            end = max(b.line_end for b in c)
    if not made:
        return raws, pre  # the note is the review (and the writer's notes on it): the rules for one-paper notes read it
    head = form[0]
    topic = _Raw("pseudo", head.line, end, head.lines[0][1] if head.lines else head.text, [head.line], form)
    return [topic, *made], [b for b in pre if b.line < start]


#: A part of a review page another party writes: "Author Response to Reviewer 7Kpd", "Public Comment by ~Anonymous",
#: "Official Comment", "Meta Review", "Rebuttal".
_OTHER_PARTY = compile_lazy(r"^\W*(?:author(?:s'?)? response|response to|public comment|official comment|meta[- ]?review|"
                            r"comment by|rebuttal|作者回复|公开评论)", re.IGNORECASE)
#: The writer's words after a form saying they are no part of it: "Note to self …, not part of the review", "Unrelated: …".
_NOT_THE_REVIEW = compile_lazy(r"\bnot (?:part|a part) of (?:the|this|my) review\b|^\W*(?:unrelated|aside|side note|also,? unrelated)\b|"
                               r"不(?:属于|是)(?:评审|审稿)", re.IGNORECASE)


#: A remark keyed by the chapter stamp it is about: "- (12:40) is wrong as far as our §39.3 goes: …", "- 24:05 — new for us".
_STAMP_KEY = compile_lazy(r"^\s*[(\[]?((?:\d{1,2}:)?\d{1,2}:\d{2})[)\]]?(?=\s|[:：,—–-])")


def _stamped_remarks(raws: list[_Raw]) -> list[_Raw]:
    """``raws`` with the writer's remarks that name a chapter by its stamp ("## My remarks" over "- (12:40) is wrong as far
    as our §39.3 goes …", "- (24:05) bitnet.cpp is new for us …") joined to that chapter (``_Raw.also``: its depth and its
    placement are the chapter's).  A part whose entries are mostly such remarks brings no topic of its own once they are
    joined; its other lines ("Everything above is the guest talking …") are the note's words, read as its closing."""
    stamped = {m.group(1): n for n, r in enumerate(raws) if (m := _STAMP_KEY.match(_strip(r.head)))}
    if len(stamped) < 3:
        return raws
    out = list(raws)
    joined: dict[int, list[tuple[int, int]]] = {}
    drop: set[int] = set()
    for n, r in enumerate(raws):
        if n in stamped.values():
            continue
        keyed = [(b, stamped[m.group(1)]) for b in r.blocks if b.kind == "item" and b.parent is None
                 and (m := _STAMP_KEY.match(b.text)) and m.group(1) in stamped]
        items = [b for b in r.blocks if b.kind == "item" and b.parent is None]
        if len(keyed) < 2 or len(keyed) * 2 < len(items):
            continue
        for b, k in keyed:
            joined.setdefault(k, []).append((b.line, b.line_end))
        drop.add(n)
    if not drop:
        return raws
    return [replace(x, also=(*x.also, *joined.get(n, ()))) for n, x in enumerate(out) if n not in drop]


def _back_references(raws: list[_Raw], lex: Lexicon) -> list[_Raw]:
    """``raws`` with the trailing entries that only speak of earlier topics joined to them.

    A note may close with a list that points back at its own topics by number or name ("Placement: - row 3
    (MagicPIG) → [4.1]", "- rows 5 and 6 are new → [4.2]", "## Where they go / - PageSkip and HopKV → §4.2"):
    each such entry is part of the topics it names, not a topic of its own.  The first topic it names takes
    its lines (``_Raw.also``); every other one it names shares them (``_Raw.shares``: its placement and its
    verdict).  A list heading that holds only such entries is no topic either.  An entry that brings a work
    none of the topics it names is about, or that opens with no number or name of an earlier topic, stays a
    topic; a name two topics open with names neither."""
    if len(raws) < 2:
        return raws
    stop = frozenset(w.casefold() for w in lex.stopwords) | _GENERIC_NAMES
    numbers = _topic_numbers([r for r in raws])
    works_of = [set(m.arxiv_id for b in r.blocks if b.kind != "code" for m in find_arxiv_ids(b.text)) for r in raws]
    names: dict[str, int] = {}
    clash: set[str] = set()
    for k, r in enumerate(raws):
        nm = _topic_name(r, stop)
        if nm:
            key = nm.casefold()
            if key not in names:
                names[key] = k
            elif works_of[k] - works_of[names[key]]:
                clash.add(key)  # two topics open with one name, each with works of its own: it names neither
            # else a later entry opening with the name and no work of its own ("- Medusa → §4.1"): a pointer back
    for key in clash:
        names.pop(key, None)

    def targets(text: str, before: int) -> list[int] | None:
        t = re.sub(r"^[\s*_`>]+", "", _strip(text))
        m = _NUM_REF.match(t)
        if m:
            if m.group("nums"):
                nums = [int(x) for x in re.findall(r"\d{1,2}", m.group("nums"))]
                rng = re.search(r"\d\s*(?:to|–|-|—)\s*#?\d", m.group("nums"))
                if rng and len(nums) == 2 and nums[0] < nums[1] <= nums[0] + 9:
                    nums = list(range(nums[0], nums[1] + 1))
            elif m.group("zh"):
                z = m.group("zh")
                nums = [int(z) if z.isdigit() else _ZH_NUM.get(z, 0)]
            else:
                nums = [_CIRCLED.index(c) + 1 for c in m.group("circ") if c in _CIRCLED]
            ks = [numbers.get(n) for n in nums]
            return ks if ks and all(k is not None and k < before for k in ks) else None  # type: ignore[misc]
        found: list[int] = []
        rest = t
        while rest:
            nm = re.match(r"[A-Za-z][\w+.-]*[\w+]|[\u4e00-\u9fff]{2,8}", rest)
            if not nm or nm.group(0).casefold() not in names:
                break
            k_ = names[nm.group(0).casefold()]
            found.append(k_)
            rest = rest[nm.end():]
            # "EAGLE speculative decoding → §2.1": the topic's whole heading written out
            full = re.sub(r"^[\[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}[\])]?\s*", "", _unnumbered(_strip(raws[k_].head)))
            more = full[len(nm.group(0)):] if full.casefold().startswith(nm.group(0).casefold()) else ""
            if more.strip() and rest.casefold().startswith(more.casefold()):
                rest = rest[len(more):]
            elif more.strip():
                # "Listener questions: nothing usable." of "(00:54:10) Listener questions: does any of this …": the label
                label_more = re.split(r"[:：]", more, maxsplit=1)[0]
                if label_more.strip() and len(label_more) < len(more) and rest.casefold().startswith(label_more.casefold()):
                    rest = rest[len(label_more):]
            j = _NAME_JOIN.match(rest)
            if j:
                rest = rest[j.end():]
                continue
            break
        if found and (not rest or _REF_SEP.match(rest)) and all(k < before for k in found):
            return found
        return None

    def is_task(r: _Raw) -> bool:
        return r.kind == "entry" and bool(r.blocks) and getattr(r.blocks[0], "task", None) is not None

    def named_in(text: str, before: int) -> list[int]:
        """The earlier topics ``text`` names anywhere, in order (a to-do: "王磊：周四前翻 ExFlow 原文")."""
        got = [names[m.group(0).casefold()] for m in re.finditer(r"[A-Za-z][\w+.-]*[\w+]", text)
               if m.group(0).casefold() in names]
        return [k for k in dict.fromkeys(got) if k < before]

    def refers(r: _Raw, before: int) -> list[int] | None:
        """The earlier topics entry ``raws[before]`` (``r``) points back at, ``[]`` for a to-do of the note
        that names none and brings no work (an action, no topic), or None."""
        if r.kind != "entry" or len(_strip(r.head)) > 300:
            return None
        task = is_task(r) and not is_task(raws[0])  # a to-do list after topics, not a checklist of topics
        # "王磊：整理 SkipRoute …": the assignee before the to-do (unless the label is a topic's name: "SkipRoute：补实验")
        ks = targets(r.head, before)
        if not ks and task:
            head = _ASSIGNEE.sub("", _strip(r.head), count=1)
            ks = targets(head, before) or named_in(head, before)
        own = works_of[before]
        if not ks:
            return [] if task and not own else None
        if own - set().union(*(works_of[k] for k in ks)):
            return None  # it brings a work of its own
        return ks

    # the trailing run: from the end, entries that each point back (or a list heading holding only such)
    joined: dict[int, list[tuple[int, int]]] = {}
    shared: dict[int, list[tuple[int, int]]] = {}
    drop: set[int] = set()
    k = len(raws) - 1
    while k > 0:
        r = raws[k]
        ks = refers(r, k)
        if ks is None and r.kind == "heading":
            ents = [b for b in r.blocks if b.kind == "item" and b.level == 0]
            if ents and not any(b.kind in ("para", "row") and b.line > r.line for b in r.blocks if b.kind != "heading"
                                and not (b.kind == "para" and b.line_end < ents[0].line)):
                subs = [(b, targets(b.text, k)) for b in ents]
                if all(t for _b, t in subs) and not any(
                        works_of[k] - set().union(*(works_of[x] for _b, t in subs for x in t))):
                    for b, t in subs:
                        end = max([b.line_end, *(c.line_end for c in r.blocks if c.line > b.line and c.kind == "item"
                                                 and c.level > 0 and c.line < next((e.line for e in ents if e.line > b.line), 10**9))])
                        joined.setdefault(t[0], []).append((b.line, end))
                        for x in t[1:]:
                            shared.setdefault(x, []).append((b.line, end))
                    drop.add(k)
                    k -= 1
                    continue
        if ks is None:
            break
        if not ks:  # a to-do naming no topic: the note's own action, no topic of its own
            drop.add(k)
            k -= 1
            continue
        joined.setdefault(ks[0], []).append((r.line, r.line_end))
        for x in ks[1:]:
            shared.setdefault(x, []).append((r.line, r.line_end))
        drop.add(k)
        k -= 1
    if not drop:
        return raws
    return [replace(r, also=(*r.also, *joined.get(n, ())), shares=(*r.shares, *shared.get(n, ())))
            for n, r in enumerate(raws) if n not in drop]


#: Words of a page's own header bullet, about the page and not a topic: "exported from my Logseq graph", "one page per
#: paper", "reading log", "#tags", "导出", "本页".
_PAGE_META = compile_lazy(r"\bexport(?:ed)?\b|\bgraph\b|\bpages?\b|\breading[- ]log\b|\bthis (?:note|file|log|list)\b|"
                        r"(?<![\w&])#[A-Za-z][\w-]+|导出|本页|这一页", re.IGNORECASE)


def _split_entries(blocks: list[MdBlock], lex: Lexicon | None = None) -> tuple[list[_Raw], list[MdBlock]] | None:
    ents = _entries(blocks)
    if not ents:
        return None
    last_ent = max(b.line_end for _k, b in ents)
    raws = _row_comments(_entry_raws(blocks, ents, lex),
                         [b for b in blocks if b.line > last_ent and b.kind == "para" and b.parent is None and not b.quoted])
    raws = _follow_ons(raws)
    # an outliner page (Logseq, Roam, Workflowy: every line a bullet) opens with its title as a bullet
    # whose children describe the page ("- [[Week 51]] reading graph" / "  - exported from my graph…"):
    # with no work or link anywhere in it, before two or more entries that bring theirs, it is the preamble
    first_content = min((b.line for b in blocks if b.kind != "hr" and b.text.strip()), default=0)
    # (a numbered entry, "1. SGLang v0.9.3 (released …)", is the first of a series, never a page's title)
    if len(raws) >= 3 and raws[0].kind == "entry" and raws[0].line == first_content and len(raws[0].blocks) > 1 \
            and not re.match(r"\d", raws[0].blocks[0].marker) \
            and _PAGE_META.search("\n".join(x.text for x in raws[0].blocks)) \
            and not any(_brings_link(x.text) for x in raws[0].blocks) \
            and sum(1 for r in raws[1:] if _brings_link("\n".join(x.text for x in r.blocks))) >= 2:
        raws = raws[1:]
    # paragraphs after the last entry that open with a work of their own are topics too (a Notion table,
    # then "DeepSeek-V3 的 MTP 模块（…, arXiv 2412.19437）…")
    last = max(r.line_end for r in raws)
    tail = [b for b in blocks if b.line > last and b.parent is None and not b.quoted]
    # the signature after a closing ("--", "Best,") belongs to no topic
    sign = next((b.line for b in tail if b.kind in ("para", "hr") and (b.kind == "hr" or _SIGN_OFF.match(b.lines[0][1] if b.lines else ""))), None)
    if sign is not None:
        tail = [b for b in tail if b.line < sign]
    linked = sum(1 for r in raws if _brings_link("\n".join(x.text for x in r.blocks)))
    commented = {lo for r in raws for lo, _hi in r.also}  # (a paragraph that is a row's comment is no topic)
    tail = [b for b in tail if b.line not in commented]
    opening = [b for b in tail if b.kind == "para" and b.lines and any(m.start < 100 for m in find_arxiv_ids(b.text))] \
        if linked * 2 >= len(raws) and linked >= 2 else []
    # "chore (ours): bump the bench container …", "P.S. …" after the last entry: a topic set apart by its writer
    opening = sorted({*opening, *(b for b in tail if b.kind == "para" and b.lines and (_ASIDE_OPEN.match(b.lines[0][1])
                                                                                     or _CHORE_OPEN.match(b.lines[0][1])
                                                                                     or _ADDENDUM_OPEN.match(b.lines[0][1])
                                                                                     or _CONCLUSION_OPEN.match(b.lines[0][1])))},
                     key=lambda b: b.line)
    for n, b in enumerate(opening):
        nxt = opening[n + 1].line if n + 1 < len(opening) else None
        inside = [x for x in tail if x.line >= b.line and (nxt is None or x.line < nxt) and x.kind == "para"]
        head = _opening_sentence(b.lines[0][1])
        raws.append(_Raw("pseudo", b.line, max(x.line_end for x in inside), head, [b.line], inside))
    pre = [b for b in blocks if b.line_end < raws[0].line]
    return raws, pre


#: A bullet that goes on with the one before: it points back at it ("上面这条没细看", "这篇只扫了一眼摘要", "same paper:", "ditto")
#: or adds to it ("另外只量化权重的话 …", "Also, …").
_FOLLOW_ON = compile_lazy(r"^\W*(?:上面(?:这|那)?条|上一条|上条|这篇|这条|该文|同上|接上|另外|此外|补充一下|顺带一提|"
                        r"(?:also|additionally|plus|ditto|same (?:paper|work|one)|this one|that one|on the same (?:paper|work))\b)",
                        re.IGNORECASE)
#: A sub-entry that opens pointing back at its entry's subject ("文中引的是 …", "同一篇还贴了 …", "The post links …", "It cites …"):
#: more about that subject, whatever it links.
_SUB_POINTS_BACK = compile_lazy(r"^\W*(?:文中|文章|该文|原文|同一篇|这篇|此文|作者|它|其|(?:the|this) (?:article|post|blog|thread|answer|author|piece)\b|"
                            r"(?:it|they|he|she) (?:cites?|links?|quotes?|references?|points? to)\b)", re.IGNORECASE)
#: Words early in a bullet that point back at what the bullet before is about: "↑", "同一负载", "那组", "这篇", "作者说",
#: "论文正文没看", "README 这条", "the authors", "the same setting", "its README".
_REFERS_BACK = compile_lazy(r"^\W*↑|同一(?:负载|组|篇|设置|配置|实验)|[那这](?:组|个数|条)(?!\s*(?:新|另))|"
                            # ("Llumnix 那篇" names a paper; a bare "这篇" points back)
                            r"(?<![A-Za-z\d)\]】）]\s)(?<![A-Za-z\d)\]】）])[那这]篇|该文|上面|上述|作者(?:说|称|自称|声称)|原文|"
                            r"论文正文|正文(?:没|未)|README\s*这条|\bthe (?:authors?|same (?:paper|setting|workload|run|config))\b|"
                            r"\b(?:its|their) (?:README|repo|code|authors?|paper)\b", re.IGNORECASE)
#: A speaker's label opening a bullet ("Wei: …", "王磊：…"): a take of its own, never a follow-on.
_SPEAKER_OPEN = compile_lazy(r"^\W*[\w\u4e00-\u9fff.@-]{1,20}\s*[:：]")


def _follow_ons(raws: list[_Raw]) -> list[_Raw]:
    """``raws`` with a bulleted entry that continues the one before it joined to it: a note of bare ``-`` bullets
    whose topics run over two or three bullets ("- 看了QuaRot(2404.00456)，代码跑通了" / "- QuaRot 这边其实不需要自定义
    kernel，见2404.00456v2第4节" / "- 另外只量化权重的话 …" is one topic).  A bullet continues when it opens pointing back
    or adding to the one before and brings no work of another, or when it names exactly the works of the one before
    (by their IDs) and opens with no speaker's label.  Numbered entries are the writer's own count of topics and stay apart."""
    out: list[_Raw] = []
    prev_ids: set[str] = set()
    for r in raws:
        first = r.blocks[0] if r.blocks else None
        text = "\n".join(b.text for b in r.blocks if b.kind != "code")
        ids = {m.arxiv_id for m in find_arxiv_ids(text)}
        bullet = first is not None and r.kind == "entry" and first.marker in ("-", "*", "+", "•")
        if out and bullet and out[-1].kind == "entry" and out[-1].blocks and out[-1].blocks[0].marker == first.marker:
            opening = first.lines[0][1] if first.lines else first.text
            back = bool(_FOLLOW_ON.match(opening)) and ids <= prev_ids
            # ("↑ 这是周二组会上转述的说法", "作者说 13B 上 …", "论文正文没看", "ShareGPT + OPT-66B 那组 …": words that point back at
            # the work the bullet before brought, in a bullet bringing none of its own)
            back = back or (not ids and bool(prev_ids) and bool(_REFERS_BACK.search(opening[:48])))
            same = bool(ids) and ids == prev_ids and not _SPEAKER_OPEN.match(opening) and not re.search(r"https?://|\]\(", opening)
            if back or same:
                last = out[-1]
                out[-1] = replace(last, line_end=max(last.line_end, r.line_end), blocks=[*last.blocks, *r.blocks])
                continue
        out.append(r)
        prev_ids = ids
    return out


#: A closing paragraph labelled as the writer's conclusion after a list of runs or entries: "Conclusion: …", "Bottom line:
#: …", "结论：…" (a topic of its own: what the entries add up to).
_CONCLUSION_OPEN = compile_lazy(r"^\s*(?:\*\*)?(?:conclusions?|bottom line|takeaways?|summary|verdict|proposal|结论|总结|小结)(?:\*\*)?\s*[:：]",
                              re.IGNORECASE)
#: A numbered addendum after a list or table, a topic of its own: "补充一：…", "补充 2：…", "**Addendum 1:** …", "Extra #2: …".
_ADDENDUM_OPEN = compile_lazy(r"^\s*(?:\*\*)?(?:补充|附注|追加|addendum|add-?on|extra|supplement)\s*(?:[一二三四五六七八九十]|#?\d{1,2})\s*(?:\*\*)?\s*[:：]",
                            re.IGNORECASE)
#: A paragraph labelled as a chore or an errand: "chore (ours): …", "Logistics: …", "杂事：…", "顺手记：…".
_CHORE_OPEN = compile_lazy(r"^\s*(?:\*\*)?(?:chores?|admin|logistics|housekeeping|errands?|misc(?:ellaneous)?|infra(?:structure)?|ops|tooling|"
                         r"杂事|杂项|琐事|顺手记)\b[^:：\n]{0,20}[:：]|^[^:：\n]{0,30}\bnot for the (?:living )?(?:doc(?:ument)?|kb|wiki)\b[^:：\n]{0,20}[:：]",
                         re.IGNORECASE)


#: A heading naming a part of a work: "HieraSparse：方法", "EAGLE-3 — Results", "Tidal | Motivation".
_NAMED_PART = compile_lazy(r"^(?P<name>[^:：—–|]{2,40}?)\s*(?:[:：]|\s[—–|]\s)\s*(?P<part>[^:：]{1,30})$")
#: A heading that continues the one before: ``HadaKV (2/2) — numbers``, ``Results (cont.)``, ``方法（续）``.
_CONTINUED = compile_lazy(r"^(?P<name>.+?)\s*(?:[(（]\s*(?P<n>\d{1,2})\s*/\s*\d{1,2}\s*[)）]|[(（]\s*(?:cont(?:'d|\.|inued)?|续)\s*[)）])")


def _join_continued(raws: list[_Raw], generic: re.Pattern[str] | None = None) -> list[_Raw]:
    """``raws`` with a topic whose heading continues the one before (a slide deck's ``HadaKV (1/2)``,
    ``HadaKV (2/2)``; ``HieraSparse：动机``, ``HieraSparse：方法``, ``HieraSparse：结果``: the same name before a part the
    ``generic`` headings name) joined to it: one paper over two slides is one topic."""
    out: list[_Raw] = []
    for r in raws:
        if out and generic is not None and r.kind == "heading" and out[-1].kind == "heading":
            here, there = _NAMED_PART.match(_strip(r.head)), _NAMED_PART.match(_strip(out[-1].head))
            if here and there and here.group("name").casefold() == there.group("name").casefold() \
                    and generic.search(here.group("part").strip()) and generic.search(there.group("part").strip()):
                last = out[-1]
                out[-1] = replace(last, line_end=max(last.line_end, r.line_end), blocks=[*last.blocks, *r.blocks])
                continue
        m = _CONTINUED.match(_strip(r.head))
        if m and out and m.group("n") != "1":
            prev = _CONTINUED.match(_strip(out[-1].head))
            name = m.group("name").strip().casefold()
            if (prev and prev.group("name").strip().casefold() == name) or _strip(out[-1].head).casefold().startswith(name):
                last = out[-1]
                out[-1] = replace(last, line_end=max(last.line_end, r.line_end), blocks=[*last.blocks, *r.blocks])
                continue
        out.append(r)
    return out


#: The header of an arXiv listing mail: "Submissions to: …", " received from  Wed 15 Jul 26 18:00:00 GMT  to  Thu …".
_LISTING_HEADER = compile_lazy(r"^\s*submissions to\s*:|^\s*received from\s.{4,40}\sto\s", re.IGNORECASE | re.MULTILINE)


#: A record's field line (``created: 20290401093015000``, ``tags: MoE [[读过正文]]``) and its title field.
_RECORD_FIELD = compile_lazy(r"^\s*[A-Za-z][\w-]{1,20}\s*:\s*\S")
_RECORD_TITLE = compile_lazy(r"^\s*(?:title|name|标题)\s*[:：]\s*(?P<t>\S.*)$", re.IGNORECASE)


def _split_rules(blocks: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    rules = [b.line for b in blocks if b.kind == "hr"]
    if len(rules) < 1:
        return None
    edges = [0, *rules, last_line + 1]
    out = []
    pre: list[MdBlock] = []
    for a, b in zip(edges, edges[1:]):
        inside = [x for x in blocks if a < x.line < b and x.kind != "hr"]
        content = _content(inside)
        if not content:
            continue
        # a paragraph that opens an aside ("题外话，…", "Side note: …") after the block's own text is a topic
        cuts = [k for k, x in enumerate(content) if k and x.kind == "para" and x.parent is None and not x.quoted
                and x.lines and _ASIDE.match(x.lines[0][1])]
        for lo, hi in zip([0, *cuts], [*cuts, len(content)]):
            part = content[lo:hi]
            top_end = part[-1].line_end if hi < len(content) else max(x.line_end for x in inside)
            first = part[0].text.split("\n")[0]
            lead = _BOLD_LEAD.match(first)  # "**LLM.int8()** — we discuss it in §4 …": the bold lead names it
            out.append(_Raw("block", part[0].line, top_end, lead.group("t") if lead else first, [part[0].line],
                            [x for x in inside if part[0].line <= x.line <= top_end]))
    # a line of marks between a listing's parts ("%%%---%%%---…", "* * *", "~~~~"): a separator, no topic
    out = [r for r in out if re.search(r"[^\W_]", "".join(x.text for x in r.blocks))]
    if len(out) < 2:
        return None
    pre, out = [], out
    # the first block is the digest's header when it brings no link and later ones do
    if not _brings_link("\n".join(x.text for x in out[0].blocks)) and any(
            _brings_link("\n".join(x.text for x in r.blocks)) for r in out[1:]):
        pre = out[0].blocks
        out = out[1:]
        # a mailing's further header blocks ("Send any comments regarding submissions …", "Archives at http://arxiv.org/",
        # "Submissions to: …", three lines at most, no paper) before its first entry: the header too
        while len(out) > 2 and not find_arxiv_ids("\n".join(x.text for x in out[0].blocks)) \
                and (sum(len(x.lines) or 1 for x in out[0].blocks) <= 3
                     or (sum(len(x.lines) or 1 for x in out[0].blocks) <= 6 and _LISTING_HEADER.search("\n".join(x.text for x in out[0].blocks)))) \
                and any(find_arxiv_ids("\n".join(x.text for x in r.blocks)) for r in out[1:]):
            pre = [*pre, *out[0].blocks]
            out = out[1:]
    elif not pre and len(out[0].blocks) >= 2:
        # the note's opening paragraph, before the first block's own topic ("Retelling the thread for the doc;
        # … not something I verified" over "The first half is about SnapKV (…)"): a header for every block
        head, rest = out[0].blocks[0], out[0].blocks[1:]
        if head.kind == "para" and not head.quoted and not _brings_link(head.text) and _brings_link(rest[0].text):
            pre = [head]
            out[0] = _Raw("block", rest[0].line, out[0].line_end, rest[0].text.split("\n")[0], [rest[0].line], rest)
    return out, pre


def _titled_records(split: tuple[list[_Raw], list[MdBlock]]) -> tuple[list[_Raw], list[MdBlock]]:
    """A "---" split's records that open with fields over their text ("created: 2029…" / "tags: …" / "title: ProbeCache
    (2605.07761)" of a TiddlyWiki .tid export), each opened at its title field, which names it."""
    raws, pre = split
    out = []
    for r in raws:
        b = r.blocks[0] if r.blocks else None
        fields = b.lines if b is not None and b.kind == "para" and len(b.lines) >= 2 else ()
        t = next(((ln, m) for ln, t in fields if (m := _RECORD_TITLE.match(t))), None) \
            if fields and all(_RECORD_FIELD.match(x) for _ln, x in fields) else None
        cut = _slice(b, t[0], b.line_end) if t else None
        out.append(_Raw(r.kind, t[0], r.line_end, t[1].group("t"), [t[0]], [cut, *r.blocks[1:]]) if cut is not None else r)
    return out, pre


#: The closing of a letter or an email: what follows is the signature.
_SIGN_OFF = compile_lazy(r"^\s*(?:best|regards|best regards|kind regards|cheers|thanks|thank you|many thanks|"
                       r"-- ?|—|祝好|此致|谢谢)\s*[,，!！]?\s*$", re.IGNORECASE)


#: An email's header lines, as a mail client or a list archive copies them: ``From: Name <addr>``,
#: ``Date: …``, ``Subject: Re: [list] …`` (``发件人：`` / ``日期：`` / ``主题：``).
_MAIL_FROM = compile_lazy(r"^\s*(?:from|发件人)\s*[:：]\s*\S", re.IGNORECASE)
_MAIL_FIELD = compile_lazy(r"^\s*(?:date|sent|subject|to|cc|日期|发送时间|主题|收件人)\s*[:：]", re.IGNORECASE)
_MAIL_SUBJECT = compile_lazy(r"^\s*(?:subject|主题)\s*[:：]\s*(?P<t>.*)$", re.IGNORECASE)
#: A reply's or a forward's prefix on a subject: "Re: ", "RE: Fwd: ", "回复：", "答复: ", "转发：".
_REPLY_SUBJECT = compile_lazy(r"^(?:\s*(?:re|fwd?|aw|sv|回复|答复|转发)\s*[:：]\s*)+", re.IGNORECASE)
#: A digest's message number over its header block: "消息 1", "Message: 3", "Message 2 of 5".
_DIGEST_NO = compile_lazy(r"^\s*(?:消息|邮件|message)\s*[:：#]?\s*\d{1,3}(?:\s*(?:of|/)\s*\d{1,3})?\s*$", re.IGNORECASE)


#: A forwarded or quoted mail's separator line above its headers.
_FORWARDED = compile_lazy(r"^\s*(?:-{3,}\s*(?:forwarded message|original message|转发的邮件|原始邮件)\s*-{3,}|begin forwarded message:)\s*$",
                        re.IGNORECASE)
#: A paragraph of a reply that takes up one point: "Re ShardKV on RULER: …", "关于 ShardKV：…".
_RE_TOPIC = compile_lazy(r"^\s*(?i:re|regarding|as for|on the)\s+[A-Z][\w.+-]*[^.:：]{0,40}[:：]|^\s*关于\s*\S[^，。：:]{0,30}[:：，]")
def _lead_name(text: str) -> str:
    """The name a point opens with, lower-cased ("DuoAttention 2410.10819: …" -> ``duoattention``), else ""."""
    m = re.match(r"\s*(?:>\s*)*(?:(?:\d{1,2}[.)]|[-*+])\s+)?([A-Z][\w.+-]{2,30})", text)
    return m.group(1).lower() if m else ""


#: A point of a list that names its subject before a colon: "2. DuoAttention: yes, …", "- KIVI: …".
_POINT_LABEL = compile_lazy(r"^\s*(?:>\s*)*(?:(?:\d{1,2}[.)]|[-*+])\s+)?[A-Z][\w.+-]{1,30}(?:\s[\w.+-]{1,20}){0,2}\s*[:：]\s+\S")
#: The line a reply writes above the mail it quotes: "On Fri, 22 Jan 2027 at 18:20, Tomas <…> wrote:".
_ATTRIBUTION = compile_lazy(r"^\s*(?:on\b.{4,120}\bwrote|.{2,80}写道|.{2,80}\bwrote)\s*[:：]\s*$", re.IGNORECASE)


#: A point of a mail: "(a) Pinned memory: …", "1) TidalKV 0.4.1 on …", "2. …".
_MAIL_POINT = compile_lazy(r"^\s*(?:\(?(?:[a-h]|\d{1,2})\)|\d{1,2}\.)\s+\S")


def _quoted_mail_points(blocks: list[MdBlock], last_line: int) -> list[_Raw]:
    """The lettered or numbered points of the earlier mails a thread quotes with their own headers (``> From: …`` /
    ``> Date: …`` then "(a) …", "(b) …", ">> 1) …"), each up to the next point, the mail's closing or its end."""
    heads = [b for b in blocks if b.quoted and b.kind == "para" and len(b.lines) >= 2 and _MAIL_FROM.match(b.lines[0][1])
             and any(_MAIL_FIELD.match(t) for _ln, t in b.lines[1:])]
    out: list[_Raw] = []
    for k, h in enumerate(heads):
        stop = heads[k + 1].line if k + 1 < len(heads) else last_line + 1
        region = [b for b in blocks if h.line_end < b.line < stop]
        closing = next((b.line for b in region if b.kind == "hr" or (b.kind == "para" and b.lines and _SIGN_OFF.match(b.lines[0][1]))), stop)
        points = [b for b in region if b.quoted and b.line < closing and b.lines and b.parent is None
                  and (b.kind == "item" or (b.kind == "para" and _MAIL_POINT.match(b.lines[0][1])))]
        for n, b in enumerate(points):
            end = (points[n + 1].line if n + 1 < len(points) else closing) - 1
            inside = [x for x in region if b.line <= x.line <= end]
            out.append(_Raw("pseudo", b.line, max(x.line_end for x in inside), b.lines[0][1], [b.line], inside))
    return out if len(out) >= 2 else []


def _split_emails(blocks: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a thread of emails copied one after another (a mailing-list archive, a forwarded chain),
    else None (fewer than two header blocks ``From:`` + ``Date:``/``Subject:``).

    The thread is one topic, titled by the first subject, until a paragraph of the writers' own text
    opens another ("Separate thing, for §3.2: …", "Unrelated: …"); replies continue the topic open
    before them.  Quoted text is the earlier mail again and each header block is metadata, so neither
    starts a topic; a signature after ``--`` belongs to no topic.
    """
    def header(b: MdBlock) -> bool:
        lines = b.lines[1:] if b.lines and (_FORWARDED.match(b.lines[0][1]) or _DIGEST_NO.match(b.lines[0][1])) else b.lines
        # (a digest's header opens with its date: "Date: …" over "From: …"; a mail client's export with its subject:
        # "Subject: Re: …" over "From: …" over "To: …")
        if len(lines) >= 3 and re.match(r"\s*(?:date|subject|主题)\s*[:：]", lines[0][1], re.IGNORECASE) and _MAIL_FROM.match(lines[1][1]):
            lines = lines[1:]
        return (b.kind == "para" and not b.quoted and len(lines) >= 2 and bool(_MAIL_FROM.match(lines[0][1]))
                and any(_MAIL_FIELD.match(t) for _ln, t in lines[1:]))

    heads = [k for k, b in enumerate(blocks) if header(b)]
    # a top-posted thread: one header block, the earlier mails below it, each after its "On …, X wrote:"
    attributed = [k for k, b in enumerate(blocks) if b.kind == "para" and any(_ATTRIBUTION.match(t) for _ln, t in b.lines)]
    # (an inline reply, answered between the quotes, is not one: nothing of the writer's own follows the quotes)
    # (the newest mail may open with its own attribution, "On Tue, …, Bo wrote:" over its unquoted words: the earlier
    # mails are quoted after the last attribution that only quotes follow)
    def quotes_only_after(a: int) -> bool:
        return not any(not b.quoted and b.kind in ("para", "item") and k not in attributed for k, b in enumerate(blocks) if k > a)
    top_posted = len(heads) == 1 and any(blocks[a].line > blocks[heads[0]].line and quotes_only_after(a) for a in attributed)
    if len(heads) < 2 and not top_posted:
        return None
    first = blocks[heads[0]]
    subject = next((m for _ln, t in first.lines if (m := _MAIL_SUBJECT.match(t))), None)
    start_line = next((ln for ln, t in first.lines if _MAIL_SUBJECT.match(t)), first.line)
    # the topic opens with the first mail's own words, below its header block (a heading line is metadata)
    body1 = next((b for b in blocks[heads[0] + 1:] if b.kind == "para" and not b.quoted and b.lines), None)
    if body1 is not None and (len(heads) < 2 or body1.line < blocks[heads[1]].line):
        start_line = body1.line
    seen_ids: set[str] = set()  # the works the topics so far brought (a quoted mail bringing only those continues)
    answered: set[str] = set()  # the works the reply's own paragraphs opened topics with
    answered_names: set[str] = set()  # ... and the names they opened with ("SnapKV: the 40.3 in our doc …")
    cur_ids: set[str] = set()  # the works the open topic brought
    seen_names: set[str] = {""}  # the names quoted points opened with ("DuoAttention: …" then "DuoAttention 2410.10819: …")
    title = subject.group("t").strip() if subject and subject.group("t").strip() else first.lines[0][1]
    starts: list[tuple[int, str, list[int]]] = [(start_line, title, [start_line])]
    own_words = " ".join(" ".join(t.split()) for b in blocks if not b.quoted for _ln, t in b.lines if t.strip())
    # a mail's own points numbered in paragraphs of their own ("1) FP8 KV (E4M3 …) has been on …" a blank line "2) QServe
    # …"), three or more: the writer's count of topics
    numbered_points = sum(1 for b in blocks if b.kind == "item" and not b.quoted and b.parent is None
                          and len(b.text) >= 60 and re.match(r"\(?\d{1,2}[.)]", b.marker or "")) >= 3
    points: set[int] = set()  # lines of a mail's own numbered points (topics in any message of a digest too)
    # (a list's digest, "Message: 2" over each mail's header: its messages are read by their subjects below)
    digest = any(b.lines and _DIGEST_NO.match(b.lines[0][1]) for b in blocks)
    signature = False
    own_in_msg = False  # whether a paragraph of the current message's own words came before this block
    for k, b in enumerate(blocks):
        first_own = not own_in_msg
        if k in heads:
            own_in_msg = False
        elif b.kind == "para" and not b.quoted and b.lines and k not in attributed:
            own_in_msg = True
        if k in heads or k in attributed:
            signature = False
            if k in heads:
                continue
        if b.kind == "hr" or (b.kind == "para" and b.lines and b.lines[0][1].strip() in ("--", "-- ", "—")):
            signature = True
        if top_posted and b.quoted and b.kind == "item" and b.lines and not signature and b.line >= start_line:
            # a point of an earlier mail answered point by point ("> 2. DuoAttention: yes, up to 2.55× …"): a
            # topic when it brings a work no topic brought, or names its subject before a colon
            t = b.lines[0][1]
            ids = {m.arxiv_id for m in find_arxiv_ids(t)}
            name = _lead_name(t)
            # (a numbered point naming no work is a topic of its own too: "3) Thursday lunch talk is …")
            # (and one bringing a work again after a topic of none, "> 1) New: TallyDraft (…)" after "Cluster: …": the
            # work's, not the aside's)
            # (a point the reply's own paragraphs already answered, "SnapKV: the 40.3 in our doc doesn't match …" above
            # "> 1. SnapKV (arXiv:2404.14469): is the LongBench number … right?", is the question, no topic again)
            if ((ids and (not ids <= seen_ids or not cur_ids) and not ids <= answered and name.casefold() not in answered_names)
                    or (not ids and (_POINT_LABEL.match(t) or re.match(r"\d", b.marker or "")))) and name not in seen_names:
                starts.append((b.line, _opening_sentence(t), [b.line]))
                cur_ids = set()
            seen_ids |= ids
            cur_ids |= ids
            seen_names.add(name)
            continue
        if (top_posted or numbered_points) and not b.quoted and b.kind == "item" and b.parent is None and not signature \
                and b.lines and b.line > start_line and re.match(r"\(?(?:\d{1,2}|[a-h])[.)]", b.marker or ""):
            # the newest mail's own numbered points ("1) Sink budget: agreed, …", "2) Thanks for catching the 400k"), a
            # topic each, as its paragraphs are; so are a forwarded mail's ("short version, numbered so you can forward
            # bits: 1) FP8 KV … 2) QServe …")
            t = b.lines[0][1]
            ids = {m.arxiv_id for m in find_arxiv_ids(b.text)}
            starts.append((b.line, _opening_sentence(t), [b.line]))
            points.add(b.line)
            seen_ids |= ids
            cur_ids = set(ids)
            answered |= ids
            answered_names.add(_lead_name(t).casefold())
            continue
        if signature or b.kind != "para" or b.line < start_line or not b.lines:
            continue
        if b.quoted:
            # an earlier mail quoted in the reply is the only copy of it: its paragraph that brings a work
            # ("> > Read SpecTrie end to end yesterday: arXiv:2612.03317v1 …") or opens an aside ("> > PS …")
            # starts a topic; its attribution line ("On Fri, … wrote:") and the rest continue the open one
            opening = True
            for ln, t in b.lines:
                if _ATTRIBUTION.match(t):
                    continue
                if len(t.strip()) >= 12 and " ".join(t.split()) in own_words:
                    break  # a mail of the thread quoted again in a reply to it
                ids = {m.arxiv_id for m in find_arxiv_ids(t)}
                if (opening and _brings_link(t) and not (top_posted and ids and ids <= seen_ids)) or _ASIDE.match(t):
                    starts.append((ln, _opening_sentence(t), [ln]))
                    cur_ids = set()
                seen_ids |= ids
                cur_ids |= ids
                opening = False
            continue
        own_ids = {m.arxiv_id for m in find_arxiv_ids(b.text)}
        # a later message's first paragraph of its own words that brings works no topic brought ("The fair comparison is
        # PowerInfer-2 (2406.06282v2), …" under Hannes's streaming paper; "Different paper, same thread, sorry. … SpinQuant
        # (10.48550/arXiv.2405.16406) …"): the reply takes up a work of its own
        msg_first = len(heads) >= 2 and not digest and b.line > blocks[heads[1]].line and first_own
        if _TOPIC_SHIFT.match(b.lines[0][1]) or _ASIDE.match(b.lines[0][1]) or (
                msg_first and own_ids and not own_ids & seen_ids) or (
                top_posted and b.line > start_line and (_RE_TOPIC.match(b.lines[0][1]) or _POINT_LABEL.match(b.lines[0][1])
                                                        or (own_ids and not own_ids <= seen_ids))):
            # the newest mail of a top-posted thread answers several things, a paragraph each ("Re ShardKV on
            # RULER: …", a paragraph bringing a work no topic brought)
            starts.append((b.line, _opening_sentence(b.lines[0][1]), [b.line]))
            seen_ids |= own_ids
            cur_ids = set(own_ids)
            answered |= own_ids
            answered_names.add(_lead_name(b.lines[0][1]).casefold())
            continue
        seen_ids |= own_ids
        cur_ids |= own_ids
        if len(starts) == 1 and starts[0][2] == [start_line]:
            starts[0][2].append(b.line)  # the first mail's opening says how deeply it was checked
    # a digest of a list's messages ("消息 1" / "Message: 2", each with its own subject): a message whose
    # subject is not a reply to an earlier one ("Re: …", "回复：…") opens a topic of its own at its header
    seen: list[str] = []  # the subjects so far, without "Re:"
    opened: dict[int, str] = {}  # header line -> subject, of the messages that open a topic of their own
    for k in heads:
        b = blocks[k]
        subj = next((m.group("t").strip() for _ln, t in b.lines if (m := _MAIL_SUBJECT.match(t))), "")
        base = _REPLY_SUBJECT.sub("", subj).strip().casefold()
        if k != heads[0] and base and not any(base == x or base in x or x in base for x in seen if x):
            opened[b.line] = subj
        seen.append(base)
    if opened:
        # a digest: each such message is a topic from its header; a quote inside it is the mail it answers
        hdr = [blocks[k].line for k in heads]  # in file order

        def message_of(ln: int) -> int:
            return hdr[max(0, bisect.bisect_right(hdr, ln) - 1)]

        starts = [(hdr[0], title, [hdr[0], *starts[0][2]])] + [
            st for st in starts[1:] if (message_of(st[0]) not in opened and message_of(st[0]) != hdr[0]) or st[0] in points]
        starts += [(h, subj, [h]) for h, subj in opened.items()]
    starts.sort(key=lambda st: st[0])
    if numbered_points and len(starts) > 1 and starts[1][0] in points:
        # "Hi Priya," / "short version of where we are, numbered so you can forward bits:" over the points: the mail's
        # greeting and a line on how it is laid out, no topic (its header block is metadata)
        head_lines = {blocks[k].line for k in heads}
        said = [b for b in blocks if b.kind in ("para", "item") and not b.quoted and b.line not in head_lines
                and starts[0][0] <= b.line < starts[1][0]]
        if all(len(b.text) <= 80 and not _brings_link(b.text) for b in said):
            starts = starts[1:]
    if top_posted and len(starts) > 1:
        opening = next((b for b in blocks if b.line == starts[0][0]), None)
        # (or a greeting and a line on how the reply is laid out, "Hi Wen," / "answers on top, your mail is below.")
        if opening is not None and not _brings_link(opening.text) and opening.line_end < starts[1][0] - 1 and \
                not any(b.kind == "para" and not b.quoted and opening.line_end < b.line < starts[1][0]
                        and (len(b.text) > 80 or _brings_link(b.text) or len(opening.text) > 40) for b in blocks):
            starts = starts[1:]  # "(saving the whole thread to the inbox …)": a remark before the points, no topic
    # the sender's letterhead after "-- " is no statement of any topic ("Kestrel Stream: 2.4M tokens per session")
    sig = signature_blocks(blocks)
    out: list[_Raw] = []
    for n, (line, head, hl) in enumerate(starts):
        end = starts[n + 1][0] - 1 if n + 1 < len(starts) else last_line
        # (a closing and a signature end the topic above them: the quoted mail under them is no part of it)
        end = min([end, *(x - 1 for x in sig if line < x <= end)])
        inside = [x for x in (_slice(b, line, end) for b in blocks if b.line not in sig) if x is not None]
        out.append(_Raw("pseudo", line, end, head, hl, inside))
    pre = [b for b in blocks if b.line_end < starts[0][0]]
    return out, pre


#: A label that closes what came before rather than opening a topic: "Overall: …", "In sum: …", "总之：…".
_CLOSING_LABEL = compile_lazy(r"^\W*(?:overall|in sum|in short|summary|verdict|bottom line|tl;?dr|net|conclusion|so|总之|总结|结论|综上)\s*[:：]",
                              re.IGNORECASE)
#: A paragraph opening on a one- or two-word label: "Logistics: …", "Admin: …", "杂事：…".
_LABEL_LEAD = compile_lazy(r"^\W*(?:[A-Z][a-z]{2,15}(?: [a-z]{2,12})?|[\u4e00-\u9fff]{2,4})\s*[:：]\s+\S")


def _split_replies(blocks: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split an inline reply (an email or a thread answered point by point) at its quotes, else None.

    Each run of quoted blocks (``> Could you check II.1?``) followed by the writer's own answer is one
    topic: the quote says what it is about, the answer what was found.  After the last answer a paragraph
    that opens an aside ("Side note: …", "P.S. …", "Also, …") is a topic of its own.  What comes before
    the first quote (headers, a greeting, "On Thu, … wrote:") is the preamble, and the signature after a
    closing ("Best,", "--") belongs to no topic.  Two quoted runs, each answered, are needed.
    """
    top = [b for b in blocks if b.parent is None or b.quoted]
    if sum(1 for b in top if not b.quoted and b.kind == "para" and b.lines
           and (_TURN.match(b.lines[0][1]) or _CHAT.match(b.lines[0][1]) or _CHANNEL_POST.match(b.lines[0][1]))) >= 2:
        return None  # a chat or channel export: its quotes are link previews and quoted messages, its turns the units
    if sum(1 for b in top if _opens_post(b)) >= 2:
        return None  # copied posts ("@推理加速小组 · 6月5日"): the reader's "> 我：…" under a post is a remark on it
    if sum(1 for b in top if not b.quoted and b.kind == "para" and b.lines and _COMMENTED.match(b.lines[0][1])) >= 2:
        return None  # an issue's activity: the quotes under "@mira commented 4d ago:" are the comments themselves
    posts = sum(1 for b in top if not b.quoted and b.kind == "para" and b.lines and _AUTHOR_LINE.match(b.lines[0][1]))
    quoted_posts = sum(1 for b in top if b.quoted and b.kind == "para" and b.lines and _AUTHOR_LINE.match(b.lines[0][1]))
    if (posts >= 2 and quoted_posts) or (posts and quoted_posts >= 3):
        return None  # a forum thread (Reddit, a mailing-list archive): posts under their author lines, the
        # quotes under a post its replies, each opening with its own author line ("> **u/rick · 188 points**")
    end_at = last_line
    for b in top:
        if not b.quoted and b.kind in ("para", "hr") and (b.kind == "hr" or _SIGN_OFF.match(b.lines[0][1] if b.lines else "")):
            if any(x.quoted for x in top if x.line < b.line):
                end_at = b.line - 1
                break
    if any(b.quoted for b in top if b.line > end_at):
        return None  # quotes after a "---" too: rules between blocks of a thread retold, not a signature
    top = [b for b in top if b.line <= end_at]
    starts: list[int] = []  # indexes in ``top`` where a topic starts
    answered = 0
    for k, b in enumerate(top):
        if b.quoted and (k == 0 or not top[k - 1].quoted):
            starts.append(k)
        elif not b.quoted and k and top[k - 1].quoted and b.kind != "heading":
            answered += 1
    if len(starts) < 2 or answered < 2:
        return None
    # an excerpt whose quotes each sit under a label of their own ("**回答一** · @答主（2.3k 赞）" over "> 1. …"):
    # the label says whose words the quote is, the quote is that part's text; no quote is answered
    if all(k and not top[k - 1].quoted and top[k - 1].kind == "para" and top[k - 1].lines
           and _pseudo(top[k - 1].lines[-1][1]) for k in starts):
        return None
    # a digest whose entries each bring their own paper, with the reader's verdict quoted under each
    # (">> keep — belongs under 2.1"): the entries are the topics and each quote comments the entry above
    answers = [b for k, b in enumerate(top) if not b.quoted and k and top[k - 1].quoted and b.kind != "heading"]
    entries = [b for b in top if not b.quoted and b.kind == "item"]
    if len(entries) >= 2 and sum(1 for b in entries if _brings_link(b.text)) >= 2 and \
            sum(1 for b in answers if b.kind == "item") * 2 >= len(answers):
        return None
    last_q = max(k for k, b in enumerate(top) if b.quoted)
    for k in range(last_q + 1, len(top)):
        b = top[k]
        if b.kind == "para" and b.lines and _ASIDE.match(b.lines[0][1]) and k - 1 > last_q:
            starts.append(k)
    # a paragraph of the writer's own after an answer, not answering a quote, that opens a topic of its own: it brings a
    # paper the part before it does not name ("On your SGLang question from last week's call: the paper (…2312.07104…)"),
    # or it opens on a label ("Logistics: Thursday 16:00 works")
    first = starts[0]
    ids_at = {id(x): {m.arxiv_id for m in find_arxiv_ids(x.text)} for x in blocks}  # (each block's identifiers, read once)
    for k in range(first + 1, len(top)):
        b = top[k]
        if k in starts or b.quoted or b.kind != "para" or not b.lines or top[k - 1].quoted or top[k - 1].kind != "para":
            continue
        if _SIGN_OFF.match(b.lines[0][1]):
            continue
        # (a paper the note named before, in its header or an earlier part, brings no topic: "[checked against
        # 2605.09921v2 …]" under a rebuttal of that paper)
        named = set().union(*(ids_at[id(x)] for x in blocks if x.line < b.line))
        own = [w for w in ids_at[id(b)] if w not in named]
        if own or (_LABEL_LEAD.match(b.lines[0][1]) and not _CLOSING_LABEL.match(b.lines[0][1])):
            starts.append(k)
    starts.sort()
    out: list[_Raw] = []
    for n, k in enumerate(starts):
        nxt = starts[n + 1] if n + 1 < len(starts) else len(top)
        inside = [x for x in blocks if top[k].line <= x.line and (x.line < top[nxt].line if nxt < len(top) else x.line <= end_at)]
        quote = [x for x in inside if x.quoted]
        head_block = quote[-1] if quote else inside[0]
        head = (head_block.lines[-1 if quote else 0][1]) if head_block.lines else head_block.text
        end = max(x.line_end for x in inside)
        # the answer is the writer's own voice: its first line says how deeply it was checked (the quote
        # is the other party's words and says what the topic is)
        answer = next((x for x in inside if not x.quoted and x.lines), None)
        hl = [answer.lines[0][0]] if answer is not None else [top[k].line]
        out.append(_Raw("pseudo", top[k].line, end, head, hl, inside))
    pre = [b for b in blocks if b.line_end < top[starts[0]].line]
    return out, pre


#: A shorthand line that is a topic: a name (a paper, an ID, a tool) then a dash, an arrow or an equals sign and
#: what was found (``LatticeKV 2603.07741 — abs only. 2-bit 5.3×``, ``SageAttn2 → INT4 QK … → 待核``).
_DASH_LINE = compile_lazy(r"^\s*[^\s—–].{0,70}?\s(?:[—–→=]|--?|->|=>)\s+\S")


#: A line of a micro-log: a date, perhaps after a short label, then the entry ("TIL 2027-05-11: …", "2027-05-12 — …",
#: "5/12: …", "5月12日：…").
_DATED_LINE = compile_lazy(r"^\s*(?:[A-Za-z]{2,8}\s+)?(?:\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,2}月\d{1,2}日)\s*(?:[:：]|\s[—–-])\s*\S")


#: A comment of an online document's export, at its foot: "[a]Priya Shah: the +0.3 is from …", "[b] Raj: …".
_DOC_COMMENT = compile_lazy(r"^\s*\[[a-z]{1,2}\]\s*\S")


def _comments_block(raw: _Raw) -> bool:
    """Whether a part is an exported document's comment thread: two or more of its lines are ``[a]…`` comments
    and its first line is one."""
    lines = [t for b in raw.blocks for _ln, t in b.lines if t.strip()]
    return bool(lines) and bool(_DOC_COMMENT.match(lines[0])) and sum(1 for t in lines if _DOC_COMMENT.match(t)) >= 2


#: A remark anchored to a place in a draft: "L12: …", "p.3, ¶2: …", "p.4, fig. 2: …", "§2.1: …", "第3页：…".
_ANCHOR_LINE = compile_lazy(r"^\s*(?:L\d{1,4}(?:[-–]\d{1,4})?|(?:p|pp|pg|page)\.?\s?\d{1,3}|line\s\d{1,4}|第\s*\d{1,3}\s*[页行段])"
                          r"(?:\s*,\s*(?:¶|para\.?|fig\.?|figure|table|tab\.?|l\.?|line)\s*\d{1,3})?(?:\s*\([^)\n]{1,40}\))?\s*[:：]",
                          re.IGNORECASE)


#: A todo.txt task line: "(A) 2027-06-27 read … +project @context", "x 2027-06-26 2027-06-24 done …".
_TODO_TXT = compile_lazy(r"^\s*(?:\([A-Z]\)\s+(?:\d{4}-\d{2}-\d{2}\s+)?\S|x\s+\d{4}-\d{2}-\d{2}\s+\S)")


#: A line led by a bracketed word, a verdict or a tag ("[keep] https://…", "[later] arXiv:…", "[dupe] …"); not an
#: identifier in brackets ("[2609.00517]") nor a checkbox ("[x]").
_VERDICT_TAG_LINE = compile_lazy(r"^\s*\[(?![xX ]\])[A-Za-z][\w?!/+-]{1,14}\]\s+\S")


def _split_lines(body: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a terse note written one topic per line inside one paragraph (no list markers, no blank
    lines: ``KIVI — ftr again, nothing new. n/a``), else None.  Read so when a paragraph has three lines
    or more, two thirds of them led by a name and a dash or an arrow (``_DASH_LINE``), and two of them naming a work or a link; each
    such line is a topic, a line without the dash goes on with the one before.  Two thirds of the lines led by a
    bracketed verdict (``[keep]``, ``[skip]``: a link inbox), a todo.txt task, a margin anchor or a date split the
    same way."""
    for k, b in enumerate(body):
        if b.kind != "para" or b.quoted or b.parent is not None or len(b.lines) < 3:
            continue
        dashed = [(ln, t) for ln, t in b.lines if _DASH_LINE.match(t)]
        anchored = [(ln, t) for ln, t in b.lines if _ANCHOR_LINE.match(t)]
        dated = [(ln, t) for ln, t in b.lines if _DATED_LINE.match(t)]
        tasks = [(ln, t) for ln, t in b.lines if _TODO_TXT.match(t)]
        tagged = [(ln, t) for ln, t in b.lines if _VERDICT_TAG_LINE.match(t)]
        if len(tasks) >= 3 and len(tasks) * 3 >= len(b.lines) * 2:
            dashed = tasks  # a todo.txt list ("(A) 2027-06-27 read … +prefix @reading", "x 2027-06-26 …"): a task a line
        elif len(tagged) >= 3 and len(tagged) * 3 >= len(b.lines) * 2:
            dashed = tagged  # a link inbox, one link a line behind its verdict ("[keep] https://…", "[skip] …", "[later] …")
        elif len(anchored) >= 3 and len(anchored) * 3 >= len(b.lines) * 2:
            dashed = anchored  # a reviewer's margin notes, one remark per line, each at its place in the draft
        elif len(dated) >= 3 and len(dated) * 3 >= len(b.lines) * 2 and any(_brings_link(t) for _ln, t in dated):
            dashed = dated  # a micro-log, one dated entry per line ("TIL 2027-05-11: FlashDecoding++ (…) — …")
        elif len(dashed) < 3 or len(dashed) * 3 < len(b.lines) * 2 or sum(1 for _ln, t in dashed if _brings_link(t)) < 2:
            continue
        out: list[_Raw] = []
        for n, (ln, t) in enumerate(dashed):
            hi = dashed[n + 1][0] - 1 if n + 1 < len(dashed) else b.line_end
            piece = _slice(b, ln, hi)
            if piece is None:
                continue
            rest = [x for x in body[k + 1:] if n + 1 == len(dashed) and x.kind not in ("heading",)]
            end = last_line if rest else piece.line_end
            out.append(_Raw("entry", ln, end, t, [ln], [piece, *rest]))
        pre = [x for x in (body[:k] + ([_slice(b, b.line, dashed[0][0] - 1)] if dashed[0][0] > b.line else []))
               if x is not None]
        return out, pre
    return None


def _opening_sentence(line: str) -> str:
    """A paragraph's title: its first line up to the first sentence's end (``。！？``, or ``. ! ? ;`` and a
    space), at most 160 characters; the rest of the paragraph is what it says."""
    return re.split(r"(?<=[。！？])|(?<=[.!?;；])\s", line, maxsplit=1)[0][:160]


def _para_mark(b: MdBlock) -> str | None:
    """The symbol a paragraph opens with when it is a mark (``◆``, ``■``, ``▶``, ``★``, ``※``, an emoji), else None."""
    t = b.lines[0][1].lstrip() if b.lines else ""
    return t[0] if t and unicodedata.category(t[0]) in ("So", "Sm") else None


def _is_emoji(mark: str) -> bool:
    """Whether a paragraph mark is a pictograph (📌, 🔥, ⚠, 💰) rather than a typographic symbol (◆, ■, ★)."""
    return ord(mark[0]) >= 0x1F000 or mark[0] in "⚠⚡✅✨❗❓⭐☑✔❌"


_RECORD_KEY = compile_lazy(r"^\s*[A-Za-z_][\w -]{0,20}:\s")
#: A code opening a paragraph: "P-03", "#12", "[A3]", "T7." (the shape is what counts: letters A, digits 9).
_PARA_CODE = compile_lazy(r"^\s*(\[?[A-Z]{0,3}[-#]?\d{1,4}\]?)[.:)]?\s+\S")


def _para_code(b: MdBlock) -> str | None:
    """The shape of the code a paragraph opens with (``P-03`` -> ``A-99``), else None."""
    if b.lines and re.match(r"^\s*\[[A-Z]{2,8}\]\s+\S", b.lines[0][1]):
        return "[TAG]"  # a search alert's entries: "[PDF] Title", "[HTML] Title" (Google Scholar)
    m = _PARA_CODE.match(b.lines[0][1]) if b.lines else None
    if not m or not re.search(r"[A-Z#\[]", m.group(1)):
        return None  # a bare number ("2024 was…") is no code
    return re.sub(r"\d", "9", re.sub(r"[A-Z]", "A", m.group(1)))


#: A footnote reference with the work its definition names, as ``_footnotes_resolved`` writes it in.
_NOTED_WORK = compile_lazy(r"\[\^[^\]\s]{1,20}\]\(arXiv:(\d{4}\.\d{4,5})\)")
#: A paragraph that says it is an aside: "Side note, nothing to do with the doc: …", "Unrelated: …", "题外话：…".
#: A thread's opening post announcing the papers its posts bring: "two papers I keep sending people", "三篇论文".
_PAPERS_ANNOUNCED = compile_lazy(r"\b(?:two|three|four|five|several|a few|a couple of|[2-5])\s+(?:\w+\s+)?(?:papers|preprints|works|systems)\b"
                                 r"|[两二三四五几]篇(?:论文|paper)?", re.IGNORECASE)
#: A post selling something: "If you're hiring … my DMs are open", "20% off with DISAGG20", "use code …", "课程".
_PROMO = compile_lazy(r"\bif you(?:'re| are) hiring\b|\bmy DMs are open\b|\b\d{1,2}% off\b|\b(?:use|with) (?:the )?code\b|\bdiscount\b|"
                      r"\bsign up\b|\bsubscribe\b|优惠码|折扣|课程.{0,6}(?:打折|优惠)", re.IGNORECASE)
_ASIDE_OPEN = compile_lazy(r"^\s*(?:(?:side[- ]?note|aside|unrelated|off[- ]topic|totally separate|ps|btw|题外话?|顺便(?:说一句|提一下)?|另外说一句|跑个题|顺带(?:一提|说一句)?|顺手记?|附带一提)\b\s*[,，:：—–-]"
                         r"|p\.\s?s\.(?:\s*[,，:：—–-]|\s+\S))", re.IGNORECASE)


#: A paragraph that opens with who said or did something: a first name and a verb in the past or present
#: ("Kwame came back …", "Lena looked at …", "Rui dropped a link …"). (Not in Chinese: "作者认为", "论文提到",
#: "我们跑了" open a read's paragraphs as often as a name does.)
#: A paragraph opening with its speaker's label, as a transcript writes each turn: "RASMUS OYELARAN: …", "Joanna (audience): …",
#: "**Mei**: …" (a name of one to three capitalised words, maybe a role in brackets).
_LABELLED_TURN = compile_lazy(r"^\s*(?:\*\*)?(?P<who>[A-Z][A-Za-z.'’-]{1,20}(?:\s[A-Z][A-Za-z.'’-]{1,20}){0,2})(?:\s*[(（][^()（）\n]{1,20}[)）])?"
                            r"(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*(?=\S)")
_SPEAKER_PARA = compile_lazy(r"^\s*(?:\*\*)?(?P<who>[A-Z][a-z]{1,12}|@[\w.-]{2,20})(?:\*\*)?\s*(?:"
                           r"(?:[a-z]+ed|came|said|says|ran|found|brought|wrote|thought|took|made|gave|got|went|saw|read|"
                           r"shared|thinks|wants|asks|argues|notes|reports|points|asked|mentioned|posted|dropped|pasted)\b)")


#: Words that open a paragraph like a name and are none ("Results showed …", "Authors claimed …", "Table 2 …").
_NOT_A_SPEAKER = frozenset("""it they we he she this that these those the our their its results result authors author
paper papers method methods table figure fig section experiments experiment everyone someone nobody people one
appendix abstract training inference decoding latency throughput memory speed accuracy overall also then later""".split())


#: A post's or comment's header inside a paste ("▲ 41 points by tess 5 hours ago", "… commented on line 42"): no prose.
_POST_META = compile_lazy(r"\b\d+\s+points?\s+by\b|\b(?:hours?|minutes?|days?)\s+ago\b|\bcommented\b|\breplied\b|^\s*[▲▼↑]",
                        re.IGNORECASE)
#: How long a paragraph of running prose is, at least (characters), to be a topic of a draft.
_PROSE_PARA = 200


def _split_prose(body: list[MdBlock], last_line: int, lex: Lexicon) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a draft written in long paragraphs of prose (a survey section, a report's section: "Offloading only works
    if …" / "LLM in a Flash (Alizadeh et al., 2023) is still …" / "NeuronStream and PowerInfer-2 attack …"), else None.

    Read so when the note is three or more top-level paragraphs of at least ``_PROSE_PARA`` characters and nothing
    else but short lines (no list, table or heading), and at least half of the long paragraphs, two or more, are
    about works of their own (``works_in``), three or more works in all: each long paragraph is a topic, a short one
    goes on with the one before.  A critical read of one paper in paragraphs is about one work and is not split."""
    if any(b.kind in ("item", "row", "heading", "hr", "code") and b.parent is None and not b.quoted for b in body):
        return None  # (a thread between rules, a review with code: its own marks split it)
    paras = [b for b in body if b.kind == "para" and b.parent is None and not b.quoted and b.lines]
    if any((_pseudo(t) is not None and not re.match(r"^\s*_[^_]+_\s*$", t)) or _AGO_HEAD.match(t) or _POST_META.search(t)
           for b in paras for _ln, t in b.lines):
        return None  # (a line standing as a heading, "**jsaito** commented …", "▲ 41 points by tess 5 hours ago")

    def prose(b: MdBlock) -> bool:  # sentences, not fields ("Title: …" / "Authors: …") nor a log
        fields = sum(1 for _ln, t in b.lines if _RECORD_KEY.match(t) or re.match(r"^\s*\\\\|^\s*\[?\d{1,2}:\d{2}", t))
        return len(b.text) >= _PROSE_PARA and fields * 3 <= len(b.lines) and (
            len(split_sentences(b.text)) >= 2 or bool(re.search(r"[.。!?！？]\s*$", b.text)))

    # (a paragraph in italics, "_Draft v0.3 by Amara, …; I went through the full text of [^1] to [^3]_", is the draft's
    # preamble, whatever it cites)
    body_paras = [b for b in paras if not re.fullmatch(r"\s*_[^_]+_\s*|\s*\*[^*]+\*\s*", b.text)]
    long_ = [b for b in body_paras if prose(b)]
    sizable = [b for b in body_paras if len(b.text) >= 80]
    if len(long_) < 3 or len(long_) * 3 < len(sizable) * 2:
        return None
    if all(any(m.start < 100 for m in find_arxiv_ids(b.text)) for b in long_) and _split_paragraphs(body, lex) is not None:
        return None  # (paragraphs that each open with their own work: ``_split_paragraphs`` reads them)
    about = [works_in(b.text, lex)[0] for b in long_]
    if sum(1 for a in about if a) * 2 < len(long_) or sum(1 for a in about if a) < 2 \
            or len({w for a in about for w in a}) < 3 or not about[0]:
        return None  # (a paste whose first paragraph, its preamble, names no work: an export, not a draft)
    out: list[_Raw] = []
    # the draft's footnote definitions or reference list after its last paragraph belong to no paragraph
    notes_at = next((x.line for x in body if x.line > long_[-1].line and x.lines
                     and re.match(r"\s*\[\^[^\]]+\]:|\s*\[\d{1,3}\]\s", x.lines[0][1])), None)
    for n, b in enumerate(long_):
        nxt = long_[n + 1].line if n + 1 < len(long_) else None
        end = (nxt - 1) if nxt is not None else ((notes_at - 1) if notes_at is not None else last_line)
        blocks_ = [x for x in body if b.line <= x.line <= end and x.kind not in ("code",)]
        # (the whole paragraph is its head: how deeply it was read may be said on any of its lines)
        out.append(_Raw("pseudo", b.line, end, _opening_sentence(b.lines[0][1]), [ln for ln, _t in b.lines] or [b.line],
                        blocks_))
    pre = [x for x in body if x.line < long_[0].line]
    return out, pre


#: A note's opening that says what follows is someone else's message passed on: "fwd from Jonas, pasted as-is", "转发自…".
_FORWARDED_INTRO = compile_lazy(r"\bfwd\b|\bfw:|\bforward(?:ed|ing)?\b|\bpast(?:ed|ing)\b|转发|转贴|原样贴", re.IGNORECASE)


def _split_paragraphs(blocks: list[MdBlock], lex: Lexicon) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a note of plain paragraphs where each of two or more opens with its own work, else None.

    ``「KIVI」(arXiv:2402.02750) 我们组…`` / ``「EAGLE-2」(https://arxiv.org/abs/2406.16858v2) 数字来自…``: a
    paragraph that names a work in its first words (an identifier within its first 100 characters) starts
    a topic; the paragraphs after it without one of their own continue it.  What comes before the first is
    the preamble.  A message forwarded in a blockquote is read by its quoted paragraphs when the note says it forwards
    (``_FORWARDED_INTRO``), the quote is one block of two paragraphs or more (more than the writer's own), and all of them
    but one open with their work; one that opens moving on ("Also: …", "另外，…") is about the one work it brings,
    wherever its identifier stands.
    """
    if any(b.kind in ("item", "row", "heading") and b.parent is None for b in blocks):
        return None
    paras = [b for b in blocks if b.kind == "para" and b.parent is None and not b.quoted and b.lines]
    quoted = [b for b in blocks if b.kind == "para" and b.parent is None and b.quoted and b.lines]
    intro = " ".join(b.text for b in paras if quoted and b.line < quoted[0].line)

    def opening_work(b: MdBlock) -> str | None:
        spans = comparison_spans(b.text, lex) if _para_mark(b) else []
        # (in a paragraph opening with the writer's mark, a work it compares with, "▶ 作者自己把和 QuIP#（arXiv:2402.04396）的区别
        # 讲得很清楚", opens no topic)
        ids = [m for m in find_arxiv_ids(b.text) if m.start < 100 and not any(a <= m.start < e for a, e in spans)]
        if not ids and (bold := re.match(r"\s*(?:\*\*|__)[^*_\n]{3,220}(?:\*\*|__)", b.text)):
            # a paragraph opening with a long bold title, its identifier right after ("**Does Group Size Still Matter?
            # Revisiting …**, now at v2 (arxiv.org/abs/2603.17760v2)")
            ids = [m for m in find_arxiv_ids(b.text) if m.start < bold.end() + 60]
        if not ids and len(b.lines) >= 2 and len(b.lines[0][1]) <= 160 and not re.search(r"[.。!?！？]\s*$", b.lines[0][1]) \
                and not re.match(r"\s*[A-Za-z][\w ]{0,20}:\s", b.lines[0][1]):  # (a form's "Summary: …" field is no title line)
            # a title line, then the line naming its paper ("[PDF] AnchorKV: …" over "J Park, … - arXiv preprint arXiv:2605.08412")
            ids = find_arxiv_ids(b.lines[1][1])
        if not ids:
            # a paragraph whose footnote references name one work ("StreamSplit streams the KV cache … layers of
            # the prefill[^1]." over "[^1]: arXiv:2603.11872 …", written in by ``_footnotes_resolved``)
            noted = set(_NOTED_WORK.findall(b.text))
            if len(noted) == 1:
                return noted.pop()
        if not ids and len(b.lines) >= 2 and all(_RECORD_KEY.match(t) for _ln, t in b.lines[:2]):
            # a record's fields ("paper: MegaScale-Infer: Serving … Parallelism" / "id: arxiv.org/abs/…"): its
            # second field may carry the identifier after a long title
            ids = find_arxiv_ids(b.lines[1][1])
        if not ids and _ASIDE.match(b.lines[0][1]) and len({m.arxiv_id for m in find_arxiv_ids(b.text)}) == 1:
            # "Also: we name Mooncake in 4.1 but it never made it into the cited works. … https://arxiv.org/abs/2407.00079":
            # a paragraph that says it moves on, bringing one work of its own
            ids = find_arxiv_ids(b.text)
        return ids[0].arxiv_id if ids else None

    if len(quoted) >= 2 and len(quoted) > len(paras) and not any(quoted[0].line < b.line < quoted[-1].line for b in paras) \
            and _FORWARDED_INTRO.search(intro) and sum(1 for b in quoted if opening_work(b)) >= len(quoted) - 1:
        # a message forwarded in a quote ("fwd from Jonas, pasted as-is" over "> FastServe (arXiv 2305.05920) isn't …" and
        # "> Also: we name Mooncake in 4.1 …"): its paragraphs, each opening with its work, are the note's (said to be
        # forwarded; a forwarded digest with headings of its own, or excerpts each with a remark, are read otherwise)
        paras = sorted(paras + quoted, key=lambda b: b.line)
    if len(paras) < 2:
        return None
    starts = [b for b in paras if opening_work(b)]
    # a recap of a channel or a meeting in prose, one paragraph per topic, each opening with who brought it
    # ("Kwame came back from the reading group excited about …", "Lena looked at the tables …", "Jonas pasted …"):
    # from the first such paragraph on, every paragraph is a topic
    stop = {w.casefold() for w in lex.stopwords} | _NOT_A_SPEAKER
    voiced = [b for b in paras if (m := _SPEAKER_PARA.match(b.lines[0][1])) and m.group("who").casefold() not in stop]
    who = {_SPEAKER_PARA.match(b.lines[0][1]).group("who") for b in voiced}  # type: ignore[union-attr]
    spoken_topics = [b for b in paras if _SPOKEN_OPEN.match(b.lines[0][1])]
    # a talk's transcript, a paragraph a turn under its speaker's label ("RASMUS OYELARAN: (slide 4) First paper, …",
    # "JOANNA (AUDIENCE): You didn't talk about …"): each turn that says something is a part of the talk
    labelled = [(b, m) for b in paras if (m := _LABELLED_TURN.match(b.lines[0][1])) and m.group("who").casefold() not in stop]
    said = Counter(m.group("who").casefold() for _b, m in labelled)
    # (a speaker comes back, is written in capitals or with a role, "JOANNA (AUDIENCE)"; a label said once, "Transcript:", is
    # the note's own field)
    turns = [b for b, m in labelled if said[m.group("who").casefold()] >= 2 or m.group("who").isupper() or "(" in m.group(0)
             or "（" in m.group(0)]
    speakers = {_LABELLED_TURN.match(b.lines[0][1]).group("who").casefold() for b in turns}  # type: ignore[union-attr]
    if len(voiced) >= 3 and len(who) >= 2 and len(voiced) * 2 >= len([b for b in paras if b.line >= voiced[0].line]):
        starts = [b for b in paras if b.line >= voiced[0].line]
    elif len(turns) >= 3 and len(speakers) >= 2 and len(turns) * 2 >= len([b for b in paras if b.line >= turns[0].line]) \
            and not any(b.kind in ("item", "row") for b in blocks):
        starts = [b for b in turns if _brings_link(b.text) or _weighted_len(_LABELLED_TURN.sub("", b.text, count=1)) >= 60]
    elif len(starts) < 2 and len(spoken_topics) >= 3 and _TRANSCRIPT_NOTE.search(" ".join(b.text for b in blocks[:3])):
        # a voice memo's transcript naming its papers aloud, no identifier ("first the sglang radix paper um …", "second
        # hydragen …", "third cacheblend …"): each spoken move opens a topic
        starts = spoken_topics
    elif len(starts) < 2 and _TRANSCRIPT_NOTE.search(" ".join(b.text for b in blocks[:3])) \
            and len(lax := [b for b in paras[1:] if _SPOKEN_MOVE.match(b.lines[0][1])]) >= 2:
        # a voice memo that counts its topics aloud ("Okay so, um, a few things … First the spot stuff", "Um, second thing,
        # …", "Third, cold start.", "And, uh, last thing, …"): its first paragraph after the header and each counted move
        starts = sorted({paras[1], *lax}, key=lambda b: b.line) if paras[0].line == blocks[0].line else sorted({paras[0], *lax}, key=lambda b: b.line)
    elif len(starts) < 2 or len({opening_work(b) for b in starts}) < 2:
        return None
    # the writer's own paragraph mark ("◆ MoBA（arXiv:…）", "◆ 会议室预订：…"): when two or more of the
    # topics open with it, a paragraph that opens with it is a topic even if it names no work
    marks = [m for m in (_para_mark(b) for b in starts) if m]
    if marks and max(marks.count(m) for m in set(marks)) < 2:
        # no one symbol opens two topics: a post whose blocks open with different emoji (📌, 🔥, ⚠️) has one
        # kind of mark, "emoji"; a note whose topics open with "★" keeps its "✅ …" remarks in them
        marks = ["emoji" if _is_emoji(m) else m for m in marks]
    mark = max(set(marks), key=marks.count) if marks else None
    if mark is not None and marks.count(mark) >= 2:
        # (emoji open a post's title line too: "🚀姐妹们！…" above the first topic is its head, not a topic)
        first = starts[0].line if mark == "emoji" else 0
        starts = [b for b in paras if b in starts or b.line >= first and (_para_mark(b) == mark or mark == "emoji"
                                                                           and (pm := _para_mark(b)) and _is_emoji(pm))]
    # the same for a code the writer numbers their topics with ("P-03  HopKV: …", "P-14  \"SLO-aware …\"" on a
    # poster session's notes, "#12 …", "[A3] …"): a paragraph opening with a code of that shape is a topic
    labels = [x for x in (_para_code(b) for b in starts) if x]
    label = max(set(labels), key=labels.count) if labels else None
    if label is not None and labels.count(label) >= 2:
        starts = [b for b in paras if b in starts or _para_code(b) == label]
    # a spoken transcript's moves to the next topic ("第一个是那个 EAGLE 二 …", "然后是那个 Arbor Spec …", "还有 下周组会…",
    # "next one is …"): when two or more topics open so, every paragraph that opens so is a topic
    spoken = [b for b in paras if _SPOKEN_OPEN.match(b.lines[0][1])]
    if len(spoken) >= 2 and sum(1 for b in starts if b in spoken) >= 1:
        starts = sorted({*starts, *spoken}, key=lambda b: b.line)
    # a later paragraph that opens with the name of a work a topic opened with ("SplitLess chains the partial states …"
    # after "SplitLess (arXiv:2604.11873) does …" and "Lean Attention (https://…) takes …"): a topic of its own, about it
    names = _NOTE_NAMES.get()
    opened = {opening_work(b) for b in starts}
    if names and len(opened) >= 2:
        by_name = [b for b in paras if b.line > starts[0].line and b not in starts
                   and (w := _opens_naming(b.lines[0][1][:60], names)) in opened
                   and any(re.match(rf"\W{{0,3}}{re.escape(n)}(?![\w-])", b.lines[0][1], re.IGNORECASE)
                           for n, x in names.items() if x == w)]
        if by_name:
            starts = sorted([*starts, *by_name], key=lambda b: b.line)
    # a paragraph set apart as an aside ("Side note, nothing to do with the doc: …", "顺便：…") after the first topic
    asides = [b for b in paras if b.line > starts[0].line and b not in starts
              and (_ASIDE_OPEN.match(b.lines[0][1]) or _CHORE_OPEN.match(b.lines[0][1]))]
    if asides:
        starts = sorted([*starts, *asides], key=lambda b: b.line)
    out: list[_Raw] = []
    for n, b in enumerate(starts):
        nxt = starts[n + 1].line if n + 1 < len(starts) else None
        inside = [x for x in blocks if x.line >= b.line and (nxt is None or x.line < nxt)]
        head = _opening_sentence(b.lines[0][1])
        # the topic's paragraph is its head: how deeply it was checked may be said on any of its lines
        # ("P-03  HopKV … / arXiv 2603.04476 / 跟一作聊了十来分钟，论文没读。")
        out.append(_Raw("pseudo", b.line, max(x.line_end for x in inside), head, [ln for ln, _t in b.lines] or [b.line], inside))
    pre = [x for x in blocks if x.line_end < starts[0].line]
    return out, pre


def _split_memo(body: list[MdBlock]) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a phone memo typed without punctuation (``kv量化 看了下 awq 那篇 只扫了摘要``, ``午饭 食堂三楼 下次别去``),
    else None: three short paragraphs or more (three lines and 160 characters at most each), no line of the
    note ending a sentence, every paragraph opening with its own words -- each paragraph is a thing jotted
    down.  A first one-line paragraph is its title ("0406 组会后")."""
    if any(b.kind in ("heading", "item", "row", "code") or b.quoted for b in body):
        return None
    paras = [b for b in body if b.kind == "para" and b.lines]
    if paras and len(paras[0].lines) == 1 and len(paras[0].text) <= 40 and len(paras) >= 4:
        paras = paras[1:]
    lines = [t for b in paras for _ln, t in b.lines if t.strip()]
    if len(paras) < 3 or any(len(b.lines) > 3 or len(b.text) > 160 for b in paras) \
            or any(re.search(r"[.。!?！？;；]\s*$|[.。!?！？]\s", t) for t in lines):
        return None
    openings = [re.split(r"\s+", b.text.strip(), maxsplit=1)[0].casefold() for b in paras]
    if len(set(openings)) < len(openings):
        return None
    out = [_Raw("pseudo", b.line, b.line_end, b.lines[0][1], [ln for ln, _t in b.lines], [b]) for b in paras]
    return out, [b for b in body if b.line_end < paras[0].line]


def _split_body(body: list[MdBlock], last_line: int, lex: Lexicon) -> tuple[tuple[list[_Raw], list[MdBlock]] | None, str]:
    """The first split of a note without sub-headings that applies: a transcript's paragraphs of turns,
    pseudo-headings, entries, rules."""
    first: tuple[tuple[str, Callable[[], tuple[list[_Raw], list[MdBlock]] | None]], ...] = (
        ("dialogue", lambda: _split_dialogue(body, last_line, lex)),
        ("turns", lambda: _split_turn_paragraphs(body, last_line)), ("posts", lambda: _split_posts(body, last_line)),
        ("forum", lambda: _split_forum(body, last_line)), ("chat", lambda: _split_named_chat(body, last_line)))
    for how, split_of in first:
        split = split_of()
        if split is not None:
            return split, how
    captions = _split_captions(body, last_line)
    if captions is not None:
        return captions, "captions"
    dated = _split_dated(body, last_line) or _split_clocked(body, last_line)
    if dated is not None:
        return dated, "dated"
    ruled0 = _split_rules(body, last_line)
    if ruled0 is not None and len(ruled0[0]) == 2 and _comments_block(ruled0[0][1]):
        ruled0 = None  # a document's text, a rule, then its comments ("[a]Priya Shah: …"): one text, not two parts
    if ruled0 is not None and len(ruled0[0]) >= 2:
        heads = [_label_of(r.head).casefold() for r in ruled0[0]]
        if heads[0] and re.match(r"[^\W\d_]", heads[0]) and heads.count(heads[0]) >= 2:
            return _titled_records(ruled0), "rules"  # "---" blocks that each open with the same field ("**主讲：** …"): records
    prose = _split_prose(body, last_line, lex)
    if prose is not None:
        return prose, "prose"
    split = _split_pseudo(body, last_line, lex)
    if split is not None:
        split = (_listed_in_turns(split[0], lex), split[1])
        raws, pre = split
        ents = _entries(pre)
        if len(ents) >= 2 and any(_brings_link(b.text) for _k, b in ents):
            # minutes: a table of topics, then bold-led paragraphs: both are topics
            first_raws = _entry_raws(pre, ents, lex)
            return (first_raws + raws, [b for b in pre if b.line_end < first_raws[0].line]), "pseudo"
        # paragraphs that each open with their own work, some with a bold title and some with a link ("**Llumnix: …**
        # (arXiv 2406.03243)" beside "[arxiv.org/abs/2403.02310v2](…) — Sarathi-Serve, the revised version."): the bold
        # titles are some of the topics, not all
        # (bold titles only: a chat's "name — date" headers keep their replies, which may repeat the work's identifier)
        bold = all(r.blocks and re.match(r"\s*(?:\*\*|__)", r.blocks[0].text) for r in raws)
        paras = _split_paragraphs(body, lex) if bold else None
        if paras is not None and len(paras[0]) > len(raws) and {r.line for r in raws} <= {r.line for r in paras[0]}:
            return paras, "paragraphs"
        # "---" rules between the topics are the writer's own marks when every pseudo-heading opens a
        # block of them and some blocks open otherwise ("[SinkKV](…) — came up at …")
        ruled = ruled0
        if (ruled is not None and len(ruled[0]) > len(raws) and {r.line for r in raws} <= {r.line for r in ruled[0]}
                and all(r.line > raws[0].line for r in ruled[0] if r.line not in {x.line for x in raws})):
            return ruled, "rules"
        return split, "pseudo"
    rest: tuple[tuple[str, Callable[[], tuple[list[_Raw], list[MdBlock]] | None]], ...] = (
        ("fields", lambda: _split_field_heads(body, last_line)), ("matrix", lambda: _split_matrix(body)),
        ("entries", lambda: _split_entries(body, lex)), ("rules", lambda: ruled0),
        ("paragraphs", lambda: _split_paragraphs(body, lex)), ("lines", lambda: _split_lines(body, last_line)),
        ("memo", lambda: _split_memo(body)))
    for how, split_of in rest:
        split = split_of()
        if split is not None:
            if how == "entries" and ruled0 is not None:
                split = (split[0] + _after_rule(split[0], ruled0[0], body), split[1])
            return split, how
    return None, ""


#: A chat turn written as its speaker's name and a colon, no time ("张伟：今晚轮到 early exit 专题", "Mei: skimmed it").
_NAMED_TURN_LINE = compile_lazy(r"^\s*(?P<who>[\u4e00-\u9fff]{2,4}|[A-Z][\w.-]{1,20}(?:\s[A-Z][\w.-]{1,20})?|@?[a-z][\w.-]{1,20})\s*[:：]\s*(?P<msg>\S.*)$")
#: What a chat export writes between its turns that no one says: a day's separator ("—— 3月14日 周六 ——"), a nudge ("拍了拍").
_CHAT_NOISE_LINE = compile_lazy(r"^\s*(?:[—–-]{2,}.*[—–-]{2,}|.*拍了拍.*|\[(?:图片|表情|语音|视频|文件)\])\s*$")
#: A record's field written like a turn ("paper: …", "id: …", "takeaway: …", "Decision: …"): no speaker.
_RECORD_WORD = compile_lazy(r"paper|papers|id|arxiv|read|takeaway|title|url|link|status|notes?|summary|source|date|tags?|authors?|"
                            r"verdict|section|score|key|value|type|name|claim|evidence|results?|depth|why|what|where|how|"
                            r"proposal|decision|rationale|q|a|question|answer|todo|action|owner|impact", re.IGNORECASE)
#: A turn that announces something to everyone: "群公告：下周六读书会改到 14:00", "PSA: …".
_ANNOUNCE = compile_lazy(r"^\s*(?:群公告|公告|通知|announcement|PSA)\s*[:：]", re.IGNORECASE)
#: An export's own field written like a turn: "导出人：xiaoyu", "记录：mei", "Exported by: …".
_EXPORT_FIELD = compile_lazy(r"导出|记录|整理|时间|日期|来源|范围|群名|主题|exported|export|source|date|range", re.IGNORECASE)
#: A turn that answers the one before: a quote of it, an agreement, a thanks.
_ANSWERING = compile_lazy(r"^\s*(?:[「“\"]|(?:对|是的|嗯|好的?|收到|谢谢|同意|没错|\+1|yes|yeah|ok|okay|right|agreed|thanks)(?![\w\u4e00-\u9fff]{2}))",
                        re.IGNORECASE)


def _split_named_chat(body: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a chat exported as ``name：message`` lines with no times (a WeChat or WhatsApp group copied as text), else
    None: six turns or more, two speakers or more who each speak twice, and little else.  A turn opens a topic when it
    brings a link or an identifier, says it moves on, or is a long message of a new speaker that answers nothing before it;
    the turns after it (replies, the same speaker going on, a nudge, a day's separator) are in it."""
    paras = [b for b in body if b.kind == "para" and not b.quoted and b.parent is None and b.lines]
    lines = [(b, ln, t) for b in paras for ln, t in b.lines]
    turns = [(ln, m) for _b, ln, t in lines if (m := _NAMED_TURN_LINE.match(t)) and not _FIELD_NAME.fullmatch(m.group("who"))
             and not _EXPORT_FIELD.search(m.group("who")) and not _RECORD_WORD.fullmatch(m.group("who"))]
    if len(turns) < 6:
        return None
    said = Counter(m.group("who") for _ln, m in turns)
    if sum(1 for v in said.values() if v >= 2) < 2:
        return None
    # (field groups, "Proposal: … / Decision: … / Papers: …" a paragraph each, say each label once a paragraph: records, no
    # chat, where someone speaks twice in one stretch)
    per_para = [[m.group("who") for _ln, t in para.lines if (m := _NAMED_TURN_LINE.match(t))] for para in paras]
    if not any(len(ws) != len(set(ws)) for ws in per_para):
        return None
    other = [t for _b, _ln, t in lines if not _NAMED_TURN_LINE.match(t) and not _CHAT_NOISE_LINE.match(t) and not IM_CLUTTER.match(t)]
    if len(other) * 4 > len(turns) or any(b.kind in ("item", "row", "heading") and b.parent is None for b in body):
        return None
    starts: list[tuple[int, str]] = []
    prev_who: str | None = None
    opener: str | None = None  # who opened the topic now open
    for ln, m in turns:
        msg, who = m.group("msg"), m.group("who")
        if _CHAT_NOISE_LINE.match(msg):
            continue  # "赵敏：[图片]": a picture posted says nothing (its poster's next words do)
        answers = bool(_ANSWERING.match(msg))
        # (the link its opener said they would post, "先贴 DEER" then "[链接] …", goes on with the topic it opened)
        own_link = bool(starts) and who == prev_who and who == opener
        if not starts or (_brings_link(msg) and not answers and not own_link) or _TOPIC_SHIFT.match(msg) \
                or _ANNOUNCE.match(msg) or (_weighted_len(msg) >= 60 and not answers and who != prev_who):
            starts.append((ln, msg))
            opener = who
        prev_who = who
    if len(starts) < 2:
        return None
    out: list[_Raw] = []
    for n, (line, msg) in enumerate(starts):
        end = starts[n + 1][0] - 1 if n + 1 < len(starts) else last_line
        inside = [x for x in (_slice(b, line, end) for b in body) if x is not None]
        out.append(_Raw("pseudo", line, end, _opening_sentence(msg), [line], inside))
    return out, [b for b in body if b.line_end < starts[0][0]]


def _split_matrix(body: list[MdBlock]) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a note built around one comparison matrix whose columns name two works or more ("| Property | Sarathi-Serve
    [2403.02310] | Llumnix arXiv:2406.03243 | Ballast 2605.11290 |" over "| Preemption | no … | yes … |"), else None: the
    matrix is one topic about the works its columns name (``comparison_columns``), and each paragraph after it a topic of
    its own (the writer's reading of it, a to-do); what comes before it is the note's head.  Not for a note with a list."""
    rows = [b for b in body if b.kind == "row" and b.parent is None and not b.quoted]
    if not rows or any(b.kind in ("item", "heading") and b.parent is None for b in body) or len({r.header for r in rows}) != 1 \
            or comparison_columns(rows[0]) is None:
        return None
    header = " | ".join(rows[0].header)
    if len({m.arxiv_id for m in find_arxiv_ids(header)}) < 2:
        return None
    start = max(1, rows[0].line - 2)  # (the header line and the delimiter row above the first body row)
    table = [b for b in body if rows[0].line <= b.line <= rows[-1].line_end]
    out = [_Raw("pseudo", start, rows[-1].line_end, header, [start], table)]
    for b in body:
        if b.kind == "para" and b.parent is None and not b.quoted and b.lines and b.line > rows[-1].line_end:
            out.append(_Raw("pseudo", b.line, b.line_end, _opening_sentence(b.lines[0][1]), [ln for ln, _t in b.lines], [b]))
    return out, [b for b in body if b.line_end < start]


#: A paragraph opening with a field, a short label and a colon: "主讲：刘洋 —— HotRep（…）", "Presenter: Ana — SnapKV (…)".
_FIELD_HEAD = compile_lazy(r"^\s*(?:\*\*)?(?P<label>[^\W\d_][^\s:：*|#>\[\]()（）]{0,11})(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*\S")


#: A paragraph's own symbol mark, as ``_BRACKET_TAG`` reads it.
_SYMBOL_MARK = compile_lazy(rf"^\s*[{_MARK_SYMBOLS}]\s*")
#: A speaker's label before a turn's words: "丁：", "**Ben**: ".
_SPEAKER_LABEL = compile_lazy(r"^\s*(?:\*\*)?[^\s:：*]{1,20}(?:\*\*)?\s*[:：]\s*")


def _split_field_heads(body: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Topics opened by paragraphs that lead with one field, each bringing its work's link ("主讲：刘洋 —— HotRep
    （arxiv.org/abs/2603.18452v2）" then its bullets and discussion, "主讲：陈静 —— Placer（…）" then its own): each such
    paragraph opens a topic that runs to the next one; None unless the same label leads two or more of them."""
    heads: dict[str, list[MdBlock]] = defaultdict(list)
    groups: dict[str, list[MdBlock]] = defaultdict(list)  # paragraphs of three fields or more, by their first label
    for b in body:
        if b.kind == "para" and b.parent is None and not b.quoted and b.lines:
            m = _FIELD_HEAD.match(b.lines[0][1])
            if m and _brings_link(b.lines[0][1]):
                heads[m.group("label").casefold()].append(b)
            if m and len(b.lines) >= 3 and sum(1 for _ln, t in b.lines if _FIELD_HEAD.match(t)) >= 3:
                groups[m.group("label").casefold()].append(b)
    label = max(heads, key=lambda k: len(heads[k]), default=None)
    if label is None or len(heads[label]) < 2:
        # a design review's field groups, one per proposal ("Proposal: P1. …" / "Decision: …" / "Rationale: …" / "Papers:
        # …"), three groups or more led by the same label: each group is a topic, its paper in whichever field names it
        label = max(groups, key=lambda k: len(groups[k]), default=None)
        if label is None or len(groups[label]) < 3:
            return None
        grouped = {id(b) for b in groups[label]}
        if any(id(b) not in grouped and b.kind in ("para", "item") and _brings_link(b.text) for b in body):
            # (the groups are parts of records another line opens: an arXiv listing's "Title: / Authors: / Comments:" under
            # its "arXiv:2605.08412" line, a Hypothesis export's "Quote: / Annotation: / Page:" under "=== Title" / "URL: …")
            return None
        heads = groups
    opens = heads[label]
    out = []
    for k, h in enumerate(opens):
        end = opens[k + 1].line - 1 if k + 1 < len(opens) else last_line
        inside = [x for x in body if h.line <= x.line <= end]
        # an aside in the discussion ("丁：跑个题，场地的事：…", "Ben: side note, the room …") is a topic of its own, to the
        # topic's end
        aside = next((n for x in inside if x.kind in ("para", "item") and not x.quoted for n, t in x.lines
                      if n > h.line and any(_ASIDE.match(u) or _ASIDE_OPEN.match(u) for u in (t, _SPEAKER_LABEL.sub("", t, count=1)))),
                     None)
        cuts = [(h.line, aside - 1), (aside, end)] if aside is not None else [(h.line, end)]
        for lo, hi in cuts:
            part = [y for y in (_slice(x, lo, hi) for x in inside) if y is not None]
            if part:
                out.append(_Raw("block", part[0].line, max(x.line_end for x in part), part[0].text.split("\n")[0].strip(),
                                [part[0].line], part))
    return out, [b for b in body if b.line < opens[0].line]


#: A comment under a post, as a forum or a Knowledge Planet exports it: a name and a colon, words, and its likes
#: ("阿飞：星主，H800 的 NVLink 是 400 GB/s …  👍 23", "kv_fan: nice summary ▲ 4").
_LIKED_COMMENT = compile_lazy(r"^\s*(?:\*\*)?[^\s:：*]{1,24}(?:\*\*)?\s*(?:回复\s*@?[^\s：:]{1,24}\s*)?[:：]\s*\S.*?"
                            r"(?:👍|▲|♥|❤️?|赞|likes?\b|upvotes?\b)\s*[:：]?\s*\d[\d,.]*k?\s*$", re.IGNORECASE)


def _after_rule(raws: list[_Raw], ruled: list[_Raw], body: list[MdBlock]) -> list[_Raw]:
    """The comments after a rule below a note's last entry (a Knowledge Planet post's numbered papers, a rule, then ``评论 (4)``
    and its comments): each comment (``_LIKED_COMMENT``) a part of its own; ``[]`` when no comment section follows the
    entries across a rule (what else follows is read as before: a mail's quoted points, a signature)."""
    if not raws:
        return []
    end = max(r.line_end for r in raws)
    rules = [b.line for b in body if b.kind == "hr" and b.line > end]
    if not rules:
        return []
    out: list[_Raw] = []
    for r in ruled:
        if r.line <= rules[0]:
            continue
        paras = [b for b in r.blocks if b.kind == "para" and b.lines]
        opens = bool(paras) and bool(_COMMENTS_OPEN.search(paras[0].lines[0][1]))
        comments = [b for b in paras if _LIKED_COMMENT.match(b.lines[0][1])]
        if opens and len(comments) >= 2:
            out.extend(_Raw("pseudo", b.line, b.line_end, b.lines[0][1], [b.line], [b]) for b in comments)
    return out


#: A note's date and time alone on its line, as a phone's notes app exports each note: "Jul 1, 2027 at 07:52",
#: "2027-07-01 21:30", "2027年7月1日 21:30".
_NOTE_STAMP = compile_lazy(r"^\s*(?:(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
                         r"nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2},?\s+\d{4}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日)"
                         r"(?:,?\s+(?:at\s+)?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?)?\s*$", re.IGNORECASE)


#: A link with its text, a Slack link, a bare URL, an identifier: what an entry links, not what it says.
_LINKED_TITLE = compile_lazy(r"\[[^\]]*\]\([^)]*\)|<https?://[^>]*>|https?://\S+|(?:arXiv\s*[:：]?\s*)?\d{4}\.\d{4,5}(?:v\d+)?", re.IGNORECASE)
_PROSE_WORDS = compile_lazy(r"[A-Za-z]{2,}|[\u4e00-\u9fff]")


def _listed_in_turns(raws: list[_Raw], lex: Lexicon) -> list[_Raw]:
    """``raws`` with a message that carries a list of works, one per entry (a WeChat 接龙 "1. 孙悦 TurboEP arXiv:…（已读完）
    …" / "2. 何川 MegaScale-Infer …"), read as its entries: three or more entries bringing three or more works, most
    entries bringing one. The message's own words before the list are a topic only when they bring a work."""
    out: list[_Raw] = []
    for r in raws:
        if r.kind != "pseudo":
            out.append(r)
            continue
        ents = [(k, b) for k, b in enumerate(r.blocks) if b.kind == "item" and b.level == 0 and not b.quoted]
        # (entries that say something of their own beside the link: "孙悦 TurboEP arXiv:…（已读完）：…", not a bot's list of
        # linked titles, "[Sequoia: Scalable, …](https://huggingface.co/papers/2402.12374) (2024)")
        linked = [b for _k, b in ents if _brings_link(b.text) and len(_PROSE_WORDS.findall(_LINKED_TITLE.sub(" ", b.text))) >= 6]
        works = {w for b in linked for w in works_in(b.text, lex)[0]}
        if len(linked) < 3 or len(works) < 3 or len(linked) * 5 < len(ents) * 3:
            out.append(r)
            continue
        first = ents[0][1].line
        own = [b for b in r.blocks if b.line < first]
        if own and _brings_link("\n".join(b.text for b in own)):
            out.append(_Raw("pseudo", r.line, max(b.line_end for b in own), r.head, r.head_lines, own))
        out.extend(_entry_raws(r.blocks, ents, lex))
    return out


#: A search alert's hit, its second line: the authors, a dash, the venue and the year ("H Okafor, L Brandt, S Nakagawa -
#: arXiv preprint arXiv:2605.08817, 2026", "M Kovač, A Silva - Journal of Attention Disorders, 2027").
_HIT_BYLINE = compile_lazy(r"^\s*(?:(?:[A-Z]{1,3}\s+[^\W\d_][\w'’.-]+(?:\s*,\s*|\s*…\s*|\s+(?=-)))+|(?i:anonymous)\s+)\s*-\s+.{2,160}?\b(?:19|20)\d{2}\s*$")


def _search_hits(raws: list[_Raw]) -> list[_Raw]:
    """``raws`` with the parts holding search-alert hits (Google Scholar alerts pasted as they came, mail after mail: a
    title line, an author - venue, year line, a snippet, the reader's ``>>`` remark) read as their hits, one item each,
    when there are two or more; a mail's header, a greeting before the first hit belong to no item."""
    def hits_of(r: _Raw) -> list[MdBlock]:
        return [b for b in r.blocks if b.kind == "para" and len(b.lines) >= 2 and _HIT_BYLINE.match(b.lines[1][1])]

    holding = [r for r in raws if hits_of(r)]
    if sum(len(hits_of(r)) for r in holding) < 2:
        return raws
    blocks = sorted({id(b): b for r in holding for b in r.blocks}.values(), key=lambda b: b.line)
    paras = [b for b in blocks if b.kind == "para" and len(b.lines) >= 2 and _HIT_BYLINE.match(b.lines[1][1])]
    last = max(r.line_end for r in holding)
    out = [r for r in raws if r not in holding]
    for r in holding:
        # a part's own text before its first hit that brings a work ("## EAGLE-2 (arXiv:…)", a read of it, then the
        # alerts about it) stays its topic
        first = hits_of(r)[0].line
        own = [b for b in r.blocks if b.line < first and b.kind != "hr" and not b.quoted]  # (not the last hit's ">>" reaction)
        if own and _brings_link("\n".join(b.text for b in own)):
            out.append(replace(r, line_end=max(b.line_end for b in own), blocks=own))
    for n, b in enumerate(paras):
        stop = paras[n + 1].line if n + 1 < len(paras) else last + 1
        inside = [x for x in blocks if b.line <= x.line < stop]
        # (a following mail's header, "---------- Forwarded message ---------", "From: …", ends the hit)
        cut = next((x.line for x in inside if x.line > b.line and x.kind == "para" and x.lines
                    and (_FORWARDED.match(x.lines[0][1]) or _MAIL_FROM.match(x.lines[0][1]) or _MAIL_FIELD.match(x.lines[0][1]))), None)
        inside = [x for x in inside if cut is None or x.line < cut]
        title = re.sub(r"^\s*\[(?:PDF|HTML|BOOK|CITATION)\]\s*", "", b.lines[0][1])
        out.append(_Raw("pseudo", b.line, max(x.line_end for x in inside), title, [b.line], inside))
    return sorted(out, key=lambda r: r.line)


#: What a repository card says when the repository is the paper's code: "server around Medusa heads (arXiv …)",
#: "implements", "official implementation of", "code for", "reference implementation", "based on", "的官方实现", "复现".
#: A repo card's description field: "- what: …", "Description | …", "简介：…".
_WHAT_FIELD = compile_lazy(r"^\s*(?:[-*+]\s+|\|\s*)?(?:\*\*)?(?:what(?: it is)?|description|about|summary|overview|简介|是什么|做什么)(?:\*\*)?"
                         r"\s*(?:[:：]|\|)\s*(?P<v>.+)$", re.IGNORECASE)
_IMPLEMENTS = compile_lazy(r"\b(?:around|implement\w*|implementation of|code (?:for|of)|official|reference|based on|port of|built on)\b|"
                         r"实现|官方代码|复现|基于", re.IGNORECASE)


def _split_dated(body: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a dump of dated notes (Google Keep, Apple Notes: each note opens with its date and time alone on a line,
    "Jul 1, 2027 at 07:52"), else None (fewer than three such paragraphs): every note is an item, whatever it names
    (a grocery list is one too)."""
    starts = [b for b in body if b.kind == "para" and not b.quoted and b.parent is None and b.lines
              and _NOTE_STAMP.match(b.lines[0][1])]
    if len(starts) < 3:
        return None
    out = []
    for k, b in enumerate(starts):
        stop = starts[k + 1].line if k + 1 < len(starts) else last_line + 1
        inside = [x for x in body if b.line <= x.line < stop]
        text = next((t for _ln, t in (b.lines[1:] or b.lines)), b.text)
        out.append(_Raw("pseudo", b.line, max(x.line_end for x in inside), text, [b.line], inside))
    return out, [x for x in body if x.line < starts[0].line]


#: A programme's entry opening with its clock time: "09:40 [讲者 Ana Ribeiro] PipeOffload: …", "**14:05–14:30** Talk: …".
_CLOCK_OPEN = compile_lazy(r"^\s*(?:\*\*)?[\[(（]?\d{1,2}[:：]\d{2}(?:\s*[-–~—]\s*\d{1,2}[:：]\d{2})?[\])）]?(?:\*\*)?\s+\S")


def _split_clocked(body: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split a day's programme noted as it went (a conference's live notes: "09:40 [讲者 X] Title（arXiv:…）" over the
    points heard, "10:30 茶歇。"), else None: three or more paragraphs opening with a clock time, one of them or more
    followed by its list of points. Every entry is an item with its points, a coffee break too."""
    starts = [b for b in body if b.kind == "para" and not b.quoted and b.parent is None and b.lines
              and _CLOCK_OPEN.match(b.lines[0][1])]
    if len(starts) < 3 or sum(1 for b in starts if _CHAT.match(b.lines[0][1])) * 2 > len(starts):
        return None  # ("09:14 alice: …": a chat log's turns, read as a chat)
    index = {id(b): k for k, b in enumerate(body)}
    if not any(index[id(b)] + 1 < len(body) and body[index[id(b)] + 1].kind == "item" for b in starts):
        return None
    out = []
    for k, b in enumerate(starts):
        stop = starts[k + 1].line if k + 1 < len(starts) else last_line + 1
        inside = [x for x in body if b.line <= x.line < stop]
        out.append(_Raw("pseudo", b.line, max(x.line_end for x in inside), b.lines[0][1], [b.line], inside))
    return out, [x for x in body if x.line < starts[0].line]


#: A caption's time stamp alone on its line, as YouTube's transcript panel copies it: "0:00", "8:12", "1:02:45".
_CAPTION_STAMP = compile_lazy(r"^\s*\d{1,2}(?::\d{2}){1,2}\s*$")
#: A caption that moves the talk to a new topic: naming the next paper ("alright paper two head route", "okay minference so
#: the observation is …"), a sponsor's break ("before we go on a quick word from today's sponsor"), the questions ("okay
#: questions", "someone in chat asks …").  Captions have no capitals or punctuation; the words carry the move.
_CAPTION_MOVE = compile_lazy(r"^\s*(?:(?:okay|ok|alright|all right|so|right|and|now|um|uh)[\s,]+)*(?:(?:paper|part) (?:one|two|three|four|five|\d)\b|"
                           r"(?:the )?(?:first|second|third|next|last) (?:paper|one|topic)\b|"
                           r"(?:before we (?:go on|move on|continue)[\s,]+)?(?:a )?(?:quick )?word from (?:our|today'?s|this (?:video|episode)'?s) sponsors?\b|"
                           r"(?:this (?:video|episode) is )?(?:sponsored|brought to you) by\b|"
                           r"(?:let'?s (?:do|take) )?(?:questions|q and a|q ?& ?a)\b|someone in (?:the )?chat asks\b)", re.IGNORECASE)


#: The parts of a name as it is spoken ("HeadRoute" -> "Head", "Route"; "EAGLE-3" -> "EAGLE", "3"), joined by an optional space.
_NAME_PARTS = compile_lazy(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SPACED = r"[\s-]?"


def _spoken(name: str) -> re.Pattern[str] | None:
    """A name as it is spoken or captioned ("head route", "Head-Route", "headroute" for HeadRoute; "eagle 3" for EAGLE-3),
    a whole word in any case; None for a name with no letters or digits."""
    parts = _NAME_PARTS.findall(name)
    return re.compile(r"(?<![\w-])" + _SPACED.join(re.escape(p) for p in parts) + r"(?![\w-])", re.IGNORECASE) if parts else None


def _split_captions(body: list[MdBlock], last_line: int) -> tuple[list[_Raw], list[MdBlock]] | None:
    """Split an auto-caption transcript (a stamp alone on a line, ``0:46``, then the caption's lower-case words, six stamps
    or more, most lines so) at the captions that move to a new topic: one naming a work of the note's short names (``_NOTE_NAMES``,
    matched case-insensitively and with its spaces, "head route" for HeadRoute) after the talk's opening, or a move of
    ``_CAPTION_MOVE``; else None.  The talk's opening before the first move is the note's head; a viewer's remark
    (``[me: …]``) stays in the topic it follows."""
    lines = [(ln, t) for b in body if b.kind == "para" and not b.quoted for ln, t in b.lines]
    stamps = [k for k, (_ln, t) in enumerate(lines) if _CAPTION_STAMP.match(t)]
    if len(stamps) < 6 or len(stamps) * 3 < len(lines):
        return None
    names = _NOTE_NAMES.get()
    forms = [(pat, w) for n, w in names.items() if len(n) >= 4 and (pat := _spoken(n)) is not None]
    opens: list[int] = []
    seen: set[str] = set()
    for k in stamps:
        if k + 1 >= len(lines) or _CAPTION_STAMP.match(lines[k + 1][1]):
            continue
        text = lines[k + 1][1]
        head = text[:60]
        named = next((w for pat, w in forms if (m := pat.search(head)) and m.start() <= 30), None)
        if len({w for pat, w in forms if pat.search(text)}) >= 2:
            continue  # "first one is minference … and the second one is head route": the talk's agenda, no move
        if _CAPTION_MOVE.match(text) or (named is not None and named not in seen and opens is not None
                                         and re.match(r"^\s*(?:(?:okay|ok|alright|all right|so|right|now)[\s,]+)+", text, re.IGNORECASE)):
            opens.append(k + 1)
            if named:
                seen.add(named)
    # the questions opened twice ("okay questions", then "someone in chat asks …" two captions on): one topic
    opens = [k for n, k in enumerate(opens) if not (n and k - opens[n - 1] <= 2)]
    if len(opens) < 2:
        return None
    out = []
    for n, k in enumerate(opens):
        lo = lines[k][0]
        hi = lines[opens[n + 1] - 1][0] - 1 if n + 1 < len(opens) else last_line
        hi = max(lo, hi)
        inside = [x for x in (_slice(b, lo, hi) for b in body) if x is not None]
        out.append(_Raw("pseudo", lo, max(x.line_end for x in inside), lines[k][1], [lo], inside))
    first = lines[opens[0]][0]
    pre = [x for x in (_slice(b, 0, first - 1) for b in body) if x is not None]
    return out, pre


# --------------------------------------------------------------------------- works of a segment

def _part_label(r: _Raw) -> str:
    """The label a part opens with: a pseudo-heading's title ("Exactness." of "**Exactness.** This is exact …"), else
    its head."""
    return (_pseudo(r.head) if r.kind == "pseudo" else None) or r.head


def _run_in_label(r: _Raw) -> bool:
    """Whether a part opens with a bold label of a few words run into its text ("**Exactness.** This is exact …"), not
    a post's author line ("**@tokenflux** · 5d · ▲ 23") nor a bold line alone."""
    first = next((t for _ln, t in _lines_of(r)), "")
    m = _BOLD_LEAD.match(first)
    return r.kind == "pseudo" and m is not None and not _BOLD_ONLY.match(first) \
        and re.fullmatch(r"[^\W\d_][^@#·|▲\n]{0,40}", m.group("t").strip()) is not None


#: A note's title saying it reviews one paper: "# Review: <title>", "# Referee report — <title>", "# 审稿意见：…", "# 评审：…".
_REVIEW_TITLE = compile_lazy(r"^\W*(?:(?:peer |paper )?review(?: of)?|referee report|reviewer notes|critical read(?:ing)?(?: of)?|审稿(?:意见)?|评审(?:意见)?)"
                           r"\s*[:：—–-]\s*\S", re.IGNORECASE)


#: A name a title gives a work: a coined word with a capital inside or several capitals ("PolyGraph", "KIVI", "FlashInfer",
#: "SpotServe-2"), not a plain capitalised word.
_COINED_NAME = compile_lazy(r"(?<![\w-])(?:[A-Z][a-z0-9]*[A-Z][\w-]*|[A-Z]{2,}[\w-]*|[a-z]+[A-Z][\w-]*)(?![\w-])")


def _title_names_paper(blocks: list[MdBlock], title_idx: int, head_blocks: list[MdBlock], paper: str, lex: Lexicon) -> bool:
    """Whether a note's title names the one paper its head gives: by identifier ("# Critical read: ExitServe
    (arXiv:2605.08317v2)"), or by the coined name the head's line with the paper's identifier gives it ("# PolyGraph —
    critical read (Ruth)" over 'Paper: "PolyGraph: Shape-Polymorphic …", arxiv.org/abs/2605.08813v2')."""
    title = blocks[title_idx].text
    in_title = works_in(title, lex)[0]
    if in_title:
        return in_title == [paper]
    names = {m.group(0) for m in _COINED_NAME.finditer(title)}
    if not names:
        return False
    for b in head_blocks:
        if b is blocks[title_idx] or b.kind not in ("para", "item", "quote"):
            continue
        for _ln, t in b.lines:
            if paper in {m.arxiv_id for m in find_arxiv_ids(t)} and any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", t) for n in names):
                return True
    return False


def _linked_under_title(blocks: list[MdBlock], title_idx: int | None, work: str | None) -> bool:
    """Whether the note's title heading is followed at once by a short block naming ``work`` (the paper's link or
    identifier line: "https://arxiv.org/abs/2609.04417v2 (v2, revised 2027-09-22)")."""
    if title_idx is None or work is None:
        return False
    nxt = next((b for b in blocks[title_idx + 1:] if b.kind not in ("hr", "html") and b.text.strip()), None)
    if nxt is None or nxt.kind not in ("para", "item"):
        return False
    # (or the block's first line: "Paper: arXiv 2603.14752v2 · Reviewer: mei" over "Read the whole v2 PDF, …")
    first = nxt.lines[0][1] if nxt.lines else nxt.text
    return any(len(t) <= 200 and work in {m.arxiv_id for m in find_arxiv_ids(t)} for t in (nxt.text, first))


def _label_of(head: str) -> str:
    """The label a part opens with ("Strengths" of "**Strengths:** The idea is clean"), else a short head's whole
    text less a bracketed aside ("三、实验" of "三、实验（H100-80G，…）"), or ``""``."""
    m = re.match(r"\s*(?:\*\*|__)?([^:：*_\n]{1,30}?)(?:\*\*|__)?\s*[:：]", head)
    if m:
        return _strip(m.group(1))
    # a bold run-in label closed by a full stop ("Weaknesses" of "**Weaknesses.** Title and abstract sell …")
    m = re.match(r"\s*(?:\*\*|__)([^:：*_\n.。]{1,30}?)\s*[.。](?:\*\*|__)\s", head)
    if m:
        return _strip(m.group(1))
    # a pseudo-heading's whole short text, less a bracketed aside after it
    whole = re.sub(r"\s*[(（][^)）]*[)）]\s*$", "", _strip(head)).strip(" *_").rstrip(".。").strip()  # ("Summary." of a run-in label)
    return whole if 0 < len(whole) <= 30 else ""


_FOOTNOTE_DEF = compile_lazy(r"^\s*\[\^(?P<key>[^\]\s]{1,40})\]:\s*(?P<text>.+)$")
_FOOTNOTE_REF = compile_lazy(r"\[\^(?P<key>[^\]\s]{1,40})\](?!:)")


def _rewritten(b: MdBlock, f) -> MdBlock:
    """``b`` with ``f`` applied to its text, each of its lines and each of its cells (line numbers kept)."""
    return replace(b, text=f(b.text), lines=tuple((ln, f(t)) for ln, t in b.lines), cells=tuple(f(c) for c in b.cells))


def _footnotes_resolved(blocks: list[MdBlock]) -> list[MdBlock]:
    """Blocks where a footnote reference names the works of its definition ("Tidewater[^3] is the newest
    entry" with "[^3]: Tidewater: … — arxiv.org/abs/2604.08817" at the foot: the paragraph is about
    2604.08817), and without the definitions, which are the note's reference list, not a topic.  The
    identifiers are written after the reference as ``[^3](arXiv:2604.08817)``; line spans are kept."""
    defs: dict[str, list[str]] = {}
    def_blocks: set[int] = set()
    for k, b in enumerate(blocks):
        got = [(m.group("key"), m.group("text")) for _ln, t in b.lines if (m := _FOOTNOTE_DEF.match(t))]
        if got and b.kind in ("para", "item") and len(got) == len(b.lines):
            def_blocks.add(k)
        for key, text in got:
            ids = [m.arxiv_id for m in find_arxiv_ids(text)]
            if ids:
                defs[key] = ids
    if not defs:
        return blocks

    def expand(t: str) -> str:
        return _FOOTNOTE_REF.sub(lambda m: m.group(0) + "".join(f"(arXiv:{a})" for a in defs.get(m.group("key"), ())), t)

    out = []
    for k, b in enumerate(blocks):
        if k in def_blocks:  # kept in place (list entries point at their parents by index), as no content
            out.append(replace(b, kind="html"))
            continue
        if "[^" in b.text:
            b = _rewritten(b, expand)
        out.append(b)
    return out


#: An entry of a note's own numbered reference list: "[12] Zhou Y, … LoBit-GEMM …[J]. arXiv:2604.11873v1, 2026.",
#: "\\bibitem{draftverify} Zhang et al. … arXiv:2309.08168".
_NUMBERED_DEF = compile_lazy(r"^\s*(?:\[(?P<n>\d{1,3})\]|\\bibitem(?:\[[^\]]*\])?\{(?P<key>[^}\s]{1,60})\})\s*(?P<text>\S.*)$")
#: A citation of it in the text: "GPTQ[1]", "[5-7]", "[3,4]", "~\\cite{draftverify}", "\\citep{a,b}".
_NUMBERED_REF = compile_lazy(r"(?<![\]\\^])\[(?P<ns>\d{1,3}(?:\s*[-–,，、]\s*\d{1,3}){0,8})\](?![(\[]|:\s*<?https?://)|"
                           r"\\cite[tp]?\*?(?:\[[^\]]*\])?\{(?P<keys>[^}]{1,200})\}")
#: A one-line paragraph naming a reference list, above it: "参考文献", "References", "\\begin{thebibliography}{10}".
_REF_LIST_LINE = compile_lazy(r"^\s*(?:参考文献|参考资料|引用文献|references|bibliography|works cited|\\begin\{thebibliography\}.*|"
                            r"\\end\{thebibliography\})\s*[:：]?\s*$", re.IGNORECASE)


def _ref_keys(m: re.Match[str]) -> list[str]:
    """The reference keys one citation names: "[5-7]" -> 5, 6, 7; "[3,4]"; "\\cite{a, b}" -> a, b."""
    if m.group("keys"):
        return [k.strip() for k in m.group("keys").split(",") if k.strip()]
    out: list[str] = []
    for part in re.split(r"\s*[,，、]\s*", m.group("ns")):
        ends = [x for x in re.split(r"\s*[-–]\s*", part) if x]
        if len(ends) == 2 and ends[0].isdigit() and ends[1].isdigit() and 0 < int(ends[1]) - int(ends[0]) <= 20:
            out.extend(str(k) for k in range(int(ends[0]), int(ends[1]) + 1))
        elif len(ends) == 1 and ends[0].isdigit():
            out.append(ends[0])
    return out


def _numbered_refs_resolved(blocks: list[MdBlock]) -> list[MdBlock]:
    """Blocks where a citation of the note's own numbered reference list names the works of its entries
    ("GPTQ[1] … SpQR[2]" over "[1] Frantar E, … arXiv:2210.17323" at the foot; a LaTeX draft's "~\\cite{draftverify}"
    over "\\bibitem{draftverify} … arXiv:2309.08168"), and without the list, which is no topic.  Read so only when
    the text cites two or more of the entries (a reading list written "[1] Title arXiv:ID" is cited by nothing and
    stays a list of topics).  The identifiers are written after the citation as ``[1](arXiv:2210.17323)``; line spans
    are kept."""
    defs: dict[str, list[str]] = {}
    def_blocks: set[int] = set()
    for k, b in enumerate(blocks):
        if b.kind not in ("para", "item", "code"):
            continue
        got = [(m.group("n") or m.group("key"), m.group("text")) for _ln, t in b.lines if (m := _NUMBERED_DEF.match(t))]
        if not got:
            continue
        ids_of = {key: [m.arxiv_id for m in find_arxiv_ids(text)] for key, text in got}
        if b.kind == "code" or len(got) * 2 >= len(b.lines):
            def_blocks.add(k)
        for key, ids in ids_of.items():
            if ids:
                defs[key] = ids
    if len(defs) < 2:
        return blocks
    cited = {key for k, b in enumerate(blocks) if k not in def_blocks and b.kind not in ("code", "html")
             for m in _NUMBERED_REF.finditer(b.text) for key in _ref_keys(m) if key in defs}
    if len(cited) < 2:
        return blocks

    def expand(t: str) -> str:
        return _NUMBERED_REF.sub(lambda m: m.group(0) + "".join(f"(arXiv:{a})" for key in _ref_keys(m) for a in defs.get(key, ())), t)

    heads = {k - 1 for k in def_blocks if k > 0 and blocks[k - 1].kind == "para" and _REF_LIST_LINE.match(blocks[k - 1].text)}
    return _refs_written_in(blocks, def_blocks | heads, expand, lambda t: "[" in t or "\\cite" in t)


def _refs_written_in(blocks: list[MdBlock], listed: set[int], expand: Callable[[str], str],
                     cites: Callable[[str], bool]) -> list[MdBlock]:
    """``blocks`` with a note's own reference list (the blocks ``listed``: its entries and its heading line) kept in
    place as no content (list entries point at their parents by index), and the text of every other block that
    ``cites`` rewritten by ``expand`` (the identifier written after each citation)."""
    out = []
    for k, b in enumerate(blocks):
        if k in listed:
            out.append(replace(b, kind="html"))
            continue
        if b.kind not in ("code", "html") and cites(b.text):
            b = _rewritten(b, expand)
        out.append(b)
    return out


#: An entry of a note's own author-year reference list: "Alizadeh et al. 2023 — arXiv:2312.11514", "Haddad, N., Wen, Y.,
#: Kowalczyk, A. 2026 — https://arxiv.org/pdf/2607.21045.pdf", "J. Liu et al. 2024 — …" (first author, year).
_AUTHOR_YEAR_DEF = compile_lazy(r"^\s*(?:[-*+]\s+)?(?:(?:[A-Z]\.\s*){1,3})?(?P<name>[A-Z][\w'’-]+)\b[^\n]{0,120}?\b(?P<year>(?:19|20)\d{2})[a-z]?\b")
#: A citation of it in a sentence: "(Song et al., 2023)", "(C. Song et al., 2024)", "(Alizadeh and Mazur, 2023)",
#: "(Xue et al. 2024; Song et al., 2024)", and "Song et al. (2023)".
_AUTHOR_YEAR_CITE = compile_lazy(r"(?:(?:[A-Z]\.\s*){1,3})?(?P<name>[A-Z][\w'’-]+)(?:\s+et\s+al\.?|\s+(?:and|&)\s+[A-Z][\w'’-]+)?,?\s+\(?(?P<year>(?:19|20)\d{2})[a-z]?\)?")


def _author_year_refs_resolved(blocks: list[MdBlock]) -> list[MdBlock]:
    """Blocks where a citation by author and year of the note's own reference list ("ProSparse (C. Song et al., 2024)"
    over "- C. Song et al. 2024 — [2402.13516]" at the foot of a draft) names the work of its entry, and without the
    list, which is no topic (as ``_numbered_refs_resolved`` does for "[3]").  Read so only when entries that each give
    one identifier are cited by two or more citations in brackets; the identifier is written after the citation."""
    defs: dict[tuple[str, str], str] = {}
    def_blocks: set[int] = set()
    for k, b in enumerate(blocks):
        if b.kind not in ("item", "para") or b.quoted:
            continue
        got = []
        for _ln, t in b.lines:
            hits = find_arxiv_ids(t)
            m = _AUTHOR_YEAR_DEF.match(t)
            if m and len({x.arxiv_id for x in hits}) == 1 and m.end() <= min(x.start for x in hits):
                got.append(((m.group("name").lower(), m.group("year")), hits[0].arxiv_id))
        if got and len(got) == len(b.lines):  # (every line of the block an entry)
            def_blocks.add(k)
            defs.update(got)
    if len(defs) < 2:
        return blocks
    cited = 0
    for k, b in enumerate(blocks):
        if k in def_blocks or b.kind in ("code", "html"):
            continue
        for m in re.finditer(r"\(([^()]{4,200})\)", b.text):
            cited += sum(1 for c in _AUTHOR_YEAR_CITE.finditer(m.group(1)) if (c.group("name").lower(), c.group("year")) in defs)
    if cited < 2:
        return blocks

    def expand(t: str) -> str:
        def one(m: re.Match[str]) -> str:
            ids = [defs[key] for c in _AUTHOR_YEAR_CITE.finditer(m.group(1))
                   if (key := (c.group("name").lower(), c.group("year"))) in defs]
            return m.group(0) + "".join(f"(arXiv:{a})" for a in dict.fromkeys(ids))
        return re.sub(r"\(([^()]{4,200})\)", one, t)

    heads = {k - 1 for k in def_blocks if k > 0 and blocks[k - 1].kind == "para"
             and _REF_LIST_LINE.match(re.sub(r"\s*[(（][^()（）]{1,20}[)）]\s*$", "", _strip(blocks[k - 1].text)).strip("*_ "))}
    return _refs_written_in(blocks, def_blocks | heads, expand, lambda t: "(" in t)


#: A topic change said aloud in a dictated note: "new topic", "next topic", "moving on", "换个话题", "下一个话题".
_SPOKEN_BREAK = compile_lazy(r"^\s*(?:(?:ok(?:ay)?|so|and|um+|uh+)[,\s]+)?(?:new topic|next topic|next item|moving on|"
                           r"换个话题|下一个话题|新话题|下一个)\s*[.:：,，]?\s*$", re.IGNORECASE)


#: A dictated paragraph counting its topic, capitals and commas allowed (a transcript writes what was said: "Third, cold
#: start.", "And, uh, last thing, remind me …", "Um, second thing, the colo itself").
_SPOKEN_MOVE = compile_lazy(r"^\s*(?:(?:um+|uh+|so|okay|ok|and|oh|right|anyway)[\s,]*)*+(?:second|third|fourth|fifth|sixth|next|last|lastly|"
                            r"finally|another|one more)(?:\s+(?:thing|one|topic|item|point))?\b", re.IGNORECASE)


def _spoken_breaks(blocks: list[MdBlock]) -> list[MdBlock]:
    """Blocks where a dictated note's spoken topic changes ("new topic" alone on its line, two or more in the note,
    inside a transcript's one long paragraph) are rules: the paragraph is cut there, so the parts between are the
    note's topics, as ``---`` would make them."""
    at = [(k, ln) for k, b in enumerate(blocks) if b.kind == "para" and not b.quoted for ln, t in b.lines if _SPOKEN_BREAK.match(t)]
    if len(at) < 2:
        return blocks
    out: list[MdBlock] = []
    for k, b in enumerate(blocks):
        cuts = [ln for kk, ln in at if kk == k]
        if not cuts:
            out.append(b)
            continue
        part: list[tuple[int, str]] = []
        for ln, t in b.lines:
            if ln in cuts:
                if part:
                    out.append(replace(b, text="\n".join(x for _l, x in part), line=part[0][0], line_end=part[-1][0], lines=tuple(part)))
                    part = []
                out.append(replace(b, kind="hr", text="", line=ln, line_end=ln, lines=((ln, t),)))
                continue
            part.append((ln, t))
        if part:
            out.append(replace(b, text="\n".join(x for _l, x in part), line=part[0][0], line_end=part[-1][0], lines=tuple(part)))
    return out


#: A line of a plain-text outline: "1.2.1 基于二阶信息的逐层重建方法", "2.3 Tree verification" (a short title, no
#: sentence: no full stop, no figure's unit right after the number).
_OUTLINE_LINE = compile_lazy(r"^\s*(?P<n>\d{1,2}(?:\.\d{1,2}){1,3})\.?\s+(?![x×倍%]|times\b|tok)(?P<t>[^\s\d][^。.；;!?！？]{0,48})$",
                           re.IGNORECASE)


def _outline_root_lifted(blocks: list[MdBlock]) -> list[MdBlock]:
    """Blocks where an outliner's day page hangs from one root bullet: a note with no heading whose only top-level
    entry opens it and holds the rest ("- [[2027-12-16]] 周二 · 读论文" over "\t- DONE KIVI 全文重读 …" / "\t- TODO
    ThermoKV …", a Logseq or Roam journal) has that root as its title and the root's children as its entries, when two
    or more of the children bring their own work or link; else the blocks unchanged."""
    if any(b.kind == "heading" for b in blocks):
        return blocks
    content = [k for k, b in enumerate(blocks) if b.kind not in ("html", "hr") and b.text.strip()]
    tops = [k for k, b in enumerate(blocks) if b.kind == "item" and b.level == 0 and b.parent is None and not b.quoted]
    if len(tops) != 1 or not content or content[0] != tops[0]:
        return blocks
    root = tops[0]
    children = [k for k, b in enumerate(blocks) if b.kind == "item" and b.parent == root]
    def subtree(k: int) -> str:
        own = {k}
        for j in range(k + 1, len(blocks)):
            if blocks[j].parent in own:
                own.add(j)
        return "\n".join(blocks[j].text for j in sorted(own))
    if len(children) < 2 or sum(1 for k in children if _brings_link(subtree(k))) < 2:
        return blocks
    out = []
    for k, b in enumerate(blocks):
        if k == root:
            b = replace(b, kind="heading", level=1, marker="", parent=None)
        elif b.kind == "item" and b.level >= 1:
            b = replace(b, level=b.level - 1, parent=None if b.parent == root else b.parent)
        out.append(b)
    return out


def _outline_as_headings(blocks: list[MdBlock]) -> list[MdBlock]:
    """Blocks where the lines of a plain-text outline are headings: a note with no heading of its own below the
    title whose one-line paragraphs number its parts ("1.2 国内外研究现状", "1.2.1 …", "1.2.2 …") is split where
    the parts the outline numbers most often start (two or more at one depth); those become level-2 headings, the
    rest stays text."""
    if any(b.kind == "heading" and b.level >= 2 for b in blocks):
        return blocks
    lines = [(k, m) for k, b in enumerate(blocks) if b.kind == "para" and len(b.lines) == 1 and not b.quoted
             and (m := _OUTLINE_LINE.match(b.lines[0][1]))]
    depth = [m.group("n").count(".") for _k, m in lines]
    if not depth:
        return blocks
    best = max(set(depth), key=lambda d: (depth.count(d), d))
    if depth.count(best) < 2:
        return blocks
    heads = {k for (k, _m), d in zip(lines, depth) if d == best}
    return [replace(b, kind="heading", level=2) if k in heads else b for k, b in enumerate(blocks)]


def _preamble_topic(pre: list[MdBlock], blocks: list[MdBlock], title_idx: int | None,
                    lex: Lexicon) -> _Raw | None:
    """The text before a note's first heading as an item of its own, or ``None``.

    It is one when the note's title (if any) names no work, and the preamble is more than a head:
    a paragraph naming the work it is about followed by a list of points, or two paragraphs or more.
    """
    if title_idx is not None and _brings_link(blocks[title_idx].text):
        return None
    body = [b for b in _content(pre) if b.kind != "heading"]
    if not body or body[0].kind != "para":
        return None
    if not (any(b.kind == "item" for b in body) or sum(1 for b in body if b.kind == "para") >= 2):
        return None
    if not works_in(body[0].text, lex)[0]:
        return None
    return _Raw("block", body[0].line, body[-1].line_end, body[0].text, [ln for ln, _ in body[0].lines], list(body))


def _long_preamble(pre: list[MdBlock], lex: Lexicon) -> _Raw | None:
    """The text before a list of entries as a topic of its own, or ``None``: it is one when it is a read written out at
    length (four blocks or more over twelve lines or more) whose opening (its first three blocks) names exactly one work."""
    inside = [b for b in _content(pre) if b.text.strip() and b.kind != "hr"]
    if len(inside) < 4 or inside[-1].line_end - inside[0].line + 1 < 12:
        return None
    if len(set(works_in(" ".join(b.text for b in inside[:3]), lex)[0])) != 1:
        return None
    first = inside[0]
    return _Raw("block", first.line, max(b.line_end for b in inside), first.lines[0][1] if first.lines else first.text,
                [first.line], inside)


#: A paragraph opened by its speaker's name in bold: "**王磊**：这周讲 …", "**Priya:** read …".
_SPEAKER_TURN = compile_lazy(r"^\s*\*\*[^*\n]{1,24}?\s*(?:[:：]\s*\*\*|\*\*\s*[:：])")
#: A line that opens a speaker's next paper: "第二篇是 …", "另外顺带提了 …", "Second paper: …", "Also …", "Then …".
_NEXT_PAPER = compile_lazy(r"^\s*(?:第[二三四五六七八九十\d]+篇|另(?:外|一篇)|还有|顺带|顺便|此外|其次|然后|接着|"
                         r"(?:second|third|next|another|the other)(?: paper| one)?\b|also\b|then\b|and then\b)", re.IGNORECASE)


def _preamble_topics(pre: list[MdBlock], lex: Lexicon) -> list[_Raw]:
    """The paragraphs before a note's first heading that are each about a work of their own (two or
    more, two works or more), as items, after a head that names none (a byline, "*Team blog, draft 3*");
    a paragraph naming no work continues the one before.  Empty when the preamble is not such."""
    body = [b for b in _content(pre) if b.kind != "heading"]
    if any(b.kind != "para" for b in body):
        return []
    turns = [b for b in body if b.lines and _SPEAKER_TURN.match(b.lines[0][1])]
    if len(turns) >= 3 and len(turns) * 2 > len(body) and any(find_arxiv_ids(b.text) for b in turns):
        # minutes written one paragraph per speaker ("**王磊**：这周讲 MInference（…）…", "**陈曦**：没讲论文，同步一下集群排期"):
        # each turn is a topic, with or without a work; a line in it that opens the speaker's next paper ("第二篇是
        # DuoAttention（…）", "另外顺带提了 InfLLM（arXiv:…）") is a topic of its own
        out: list[_Raw] = []
        for n, b in enumerate(turns):
            nxt = turns[n + 1].line if n + 1 < len(turns) else None
            inside = [x for x in body if x.line >= b.line and (nxt is None or x.line < nxt)]
            cuts = [ln for ln, t in b.lines[1:] if _NEXT_PAPER.match(t) and any(m.start <= 60 for m in find_arxiv_ids(t))]
            bounds = [b.line, *cuts]
            for k, lo in enumerate(bounds):
                hi = bounds[k + 1] - 1 if k + 1 < len(bounds) else max(x.line_end for x in inside)
                part = [p for x in inside if (p := _slice(x, lo, hi)) is not None]
                head = next((t for ln, t in b.lines if ln == lo), b.lines[0][1])
                out.append(_Raw("pseudo", lo, max(x.line_end for x in part), _opening_sentence(head), [lo], part))
        return out
    firsts = [works_in(b.text, lex)[0][:1] for b in body]
    starts = [k for k, ws in enumerate(firsts) if ws]
    if len(starts) < 2 or len({firsts[k][0] for k in starts}) < 2:
        return []
    out = []
    for n, k in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(body)
        inside = body[k:end]
        out.append(_Raw("block", body[k].line, inside[-1].line_end, _opening_sentence(body[k].lines[0][1]),
                        [ln for ln, _ in body[k].lines], list(inside)))
    return out


#: A section that compares the note's work with others ("### Compared with AWQ", "## vs. EAGLE-2", "## 与 GPTQ 的对比"):
#: the works it names are mentions.
_COMPARISON_HEAD = compile_lazy(r"^\W*(?:compar(?:ed|ison|ing)\s+(?:it\s+)?(?:with|to|against)\b|vs\.?\s|versus\b|relation\s+to\b|"
                              r"relative\s+to\b|how\s+it\s+differs\b|differences?\s+(?:from|to|with)\b|baselines?\b(?![-‐]\w)|对比(?!学习|损失|解码|度)|相比|与.{1,24}(?:对比|比较|的区别|相比)|"
                              r"和.{1,24}(?:对比|比较|的区别|相比))", re.IGNORECASE)
#: A section set apart as an aside ("### Side note, not about PivotQuant", "## Unrelated", "## 题外话").
_ASIDE_HEAD = compile_lazy(r"^\W*(?:(?:[一二三四五六七八九十\d]{1,2}\s*[、.．]\s*)?(?:(?:side[- ]?notes?|aside|unrelated|off[- ]topic|ps)\b|"
                         r"(?:题外话|顺便(?:一提|说一句)?|顺带|另外一件事))|p\.\s?s\.)", re.IGNORECASE)


#: A BibTeX entry's opening: "@article{li2024snapkv,", "@misc{ zhang2023h2o," (``ingest.notes`` reads its title field).


def _segment_works(raw: _Raw, lex: Lexicon) -> tuple[list[str], list[str]]:
    """``(about, mentions)`` of one raw segment; a comparison section's works are all mentions."""
    if raw.kind == "pseudo" and _TITLED_SLOT.match(_strip(raw.head)) and not find_arxiv_ids(raw.head):
        # a poster or a talk titled in its heading ("Poster #133 — PD-Bench: …"): about the paper a point gives as its link
        # ("- arxiv.org/abs/2608.02210v1 — …", "- arXiv 2607.11873 (the v2 …)"); a work it builds on, replays or names in
        # passing is a mention, and a poster with no paper is about none
        ids = [m.arxiv_id for b in raw.blocks if b.kind not in ("code", "html") for m in find_arxiv_ids(b.text)]
        given = [found[0].arxiv_id for _ln, t in _lines_of(raw) if (found := find_arxiv_ids(t)) and found[0].start <= 12
                 and not re.match(r"\s*(?:[-*+]\s*)?(?:builds? on|based on|see|cf\.?|vs\.?)\b", t, re.IGNORECASE)]
        about = list(dict.fromkeys(given))
        return about, [w for w in dict.fromkeys(ids) if w not in about]
    if raw.kind == "heading" and _COMPARISON_HEAD.match(_strip(raw.head)):
        ids = [m.arxiv_id for b in raw.blocks if b.kind not in ("code", "html") for m in find_arxiv_ids(b.text)]
        return [], list(dict.fromkeys(ids))
    all_about: list[str] = []
    all_comp: list[str] = []
    for k, b in enumerate(raw.blocks):
        if b.kind in ("code", "html") and not (b.kind == "code" and k <= 2 and BIBTEX_ENTRY.match(b.text)):
            continue  # (a BibTeX entry pasted as code at the part's head, "### 3 · li2024snapkv" over "@article{li2024snapkv, …
            # eprint = {2404.14469}": the work it cites; a README's "Citation" block at its foot names no part's work)
        a, c = works_in(without_value_cells(b) if b.kind == "row" else b.text, lex)
        all_about.extend(a)
        all_comp.extend(c)
    all_ids = list(dict.fromkeys(all_about + all_comp))
    head_text = raw.head if raw.kind != "row" else (without_value_cells(raw.blocks[0]) if raw.blocks and raw.blocks[0].kind == "row"
                                                    else " | ".join(v for _, v in raw.row_cells) or raw.head)
    # the heading / first line / row
    a, c = works_in(head_text, lex)
    record = raw.kind == "block" and bool(raw.blocks) and raw.blocks[0].kind == "row"  # a key/value table: its header names it
    if raw.kind in ("entry", "pseudo", "block") and not (record and a):
        first = raw.blocks[0]
        a, c = works_in(first.text if raw.kind != "pseudo" else head_text, lex)
        if raw.kind == "pseudo" and not a:
            # a post that labels its paper ('7/7 "paper: https://arxiv.org/pdf/2601.10342v2.pdf"') is about it,
            # whatever its opening posts recap
            labelled = list(dict.fromkeys(m.arxiv_id for _ln, t in _lines_of(raw) for lm in _PAPER_LABEL.finditer(t)
                                          for m in find_arxiv_ids(t[lm.end():lm.end() + 90])[:1]))
            quoted = [b for b in raw.blocks if b.quoted and b.kind not in ("code", "html")]
            if len(labelled) == 1:
                a, c = labelled, []
            elif quoted and raw.blocks[0].quoted and (qa := works_in("\n".join(b.text for b in quoted), lex))[0]:
                # an excerpt answered by its reader ("> … ResBudget（arXiv 2611.20356）…，比 VisionZip（…）…" over "【按】…"): the
                # quote says what the part is about, the reader's remark may name another work in passing
                a, c = qa
            else:
                a, c = works_in("\n".join(t for ln, t in _lines_of(raw) if ln in raw.head_lines), lex)
    if raw.kind == "row":
        a, c = works_in(head_text, lex)
    if not a and raw.kind == "heading":
        opening = next((b for b in _content(raw.blocks[1:]) if b.kind != "heading"), None)
        if opening is not None:
            a, c = works_in(opening.text, lex)
            if opening.kind == "row":
                # a part that opens with a results table ("### A100" over "| Sarathi-Serve | 2403.02310 | 8 | 2.41 |"
                # rows): about every work of its rows
                for b in raw.blocks[1:]:
                    if b.kind == "row" and b is not opening and b.header == opening.header:
                        more, _c = works_in(b.text, lex)
                        a = [*a, *(w for w in more if w not in a)]
            # a section of a literature review whose paragraphs each open by citing the work they discuss ("Frantar 等提出的
            # GPTQ[1] …", then "Dettmers 等的 SpQR[2] 在 GPTQ 的基础上 …"): about each of them
            for b in (_content(raw.blocks[1:]) if a and not _RELEASE_HEAD.match(_strip(head_text)) else ()):
                if b is opening or b.kind != "para" or b.quoted:
                    continue
                first = find_arxiv_ids(b.text)[:1]
                if first and first[0].start <= 40 and first[0].arxiv_id not in a and first[0].arxiv_id in works_in(b.text, lex)[0]:
                    a = [*a, first[0].arxiv_id]
            if a and opening.kind == "item" and _READING_ROLE.match(opening.text):
                # a session's readings ("- Required: …" / "- Optional: …"): each names a work of the session
                for b in _content(raw.blocks[1:]):
                    if b.kind == "item" and b is not opening and _READING_ROLE.match(b.text):
                        a = [*a, *(w for w in works_in(b.text, lex)[0] if w not in a)]
    if not a and _RELEASE_HEAD.match(_strip(head_text)):
        # "vLLM v0.21.0, released 2027-05-02" over its changes: a software release, whose notes name papers in passing
        return [], all_ids
    if not a:
        a = list(dict.fromkeys(all_about))
        if not a and len(set(all_comp)) == 1:
            a = list(dict.fromkeys(all_comp))
    lead = _NAMED_PART.match(_strip(head_text)) if raw.kind == "heading" and len(all_ids) > 1 else None
    if lead is not None:
        # "# HieraSparse：动机 … Quest [2406.10774] 的上界估计…" joined to "# HieraSparse：方法 … arXiv:2603.04417v1": the work the
        # heading's name is given to in the note (and no other name), not one the note names otherwise (Quest)
        head_name = lead.group("name").strip().casefold()

        def bare(n: str) -> str:  # ("HieraSparse：方法", a heading the note names its work by, is "HieraSparse")
            m = _NAMED_PART.match(n)
            return (m.group("name") if m else n).strip().casefold()
        local = _NOTE_NAMES.get().items()
        mine = {x for n, x in local if bare(n) == head_name} - {x for n, x in local if bare(n) != head_name}
        if len(mine) == 1 and next(iter(mine)) in all_ids:
            a = list(mine)
    mentions = [w for w in all_ids if w not in a]
    return a, mentions


#: A part headed by a software release: a name and a version ("vLLM v0.21.0, released …", "FlashInfer 0.9.2, 2027-04-28").
_RELEASE_HEAD = compile_lazy(r"^\W*[A-Za-z][\w.+-]{1,30}(?:[ -][A-Z][\w+-]*)?\s+v?\d+\.\d+(?:\.\d+)*(?:[-+][\w.]+)?\b(?!\s*(?:[x×%]|times\b))")


#: A chat export's header alone on its line, a handle and a time in brackets: "@priya (10:14)", "@jonas (13:47):".
_CHAT_HANDLE_TIME = compile_lazy(r"^\s*@[\w.\-]{1,30}\s*\(\d{1,2}:\d{2}(?:\s*[AaPp][Mm])?\)\s*:?\s*$")


def _worded_head(raw: _Raw) -> str:
    """A raw item's head, or, when it holds no word (an arXiv mailing's ``\\`` separator, a ``---``), the
    title its text gives (a ``Title:`` field) or its first line with a word."""
    header = _first_line(raw)
    if _MENTION_EVENT.search(header) and _COMMENTED.match(header):
        return header.strip()  # ("mdrake mentioned this issue in #4830 Overlap grammar bitmask …": the pull request it names)
    if _COMMENTED.match(header) or _AGO_HEAD.match(header) or _DASH_AGO.match(header) or _COMMENT_BY.match(header) \
            or _CHAT_HANDLE_TIME.match(header) or _COMMENT_STAMP.match(header):
        # a comment's header ("**jchen** commented on May 1 · Maintainer", "fsck_the_bill · 8 hours ago") names who wrote
        # and when, not what: the comment is titled by its writer and the first sentence of its words
        said = re.sub(r"\s+", " ", _comment_words(raw)).strip()
        first = re.split(r"(?<=[.!?。！？])\s", said, maxsplit=1)[0].strip()
        who = _writer(header)
        if first and re.search(r"[^\W\d_]{2}", first):
            return (f"{who.group(1)}: " if who else "") + (first if len(first) <= 120 else first[:117].rstrip() + "…")
    if re.search(r"[^\W_]", raw.head):
        return raw.head
    rows = [t for _ln, t in _lines_of(raw) if re.search(r"[^\W_]", t)]
    titled = next((m.group(1) for t in rows if (m := re.match(r"\s*(?:title|标题)\s*[:：]\s*(\S.*)", t, re.IGNORECASE))), None)
    return titled or (rows[0] if rows else raw.head)


_PAIR_HEAD = compile_lazy(r"^\W{0,4}(?:[一二三四五六七八九十\d]{1,2}[、.)）]\s*)?(?P<x>[^\s(（]{2,40})\s*(?:vs\.?|versus|对比|VS)\s*"
                        r"(?P<y>[^\s(（]{2,40})[^(（]{0,12}[(（](?P<ids>[^)）]{8,80})[)）]", re.IGNORECASE)


def _head_pair(head: str) -> list[str] | None:
    """The two works of a head that sets them side by side with both identifiers in one bracket ("KVQuant vs KIVI
    再对比（2401.18079 / arXiv:2402.02750）"), else None."""
    m = _PAIR_HEAD.match(_strip(head))
    if m is None:
        return None
    ids = list(dict.fromkeys(x.arxiv_id for x in find_arxiv_ids(m.group("ids"))))
    return ids if len(ids) == 2 else None


_TAG_LABEL = compile_lazy(r"^\s*(【[^】]{1,8}】)")


def _tag_records(raws: list[_Raw]) -> list[_Raw]:
    """Parts opened by tags that repeat as a record ("【论文】…" / "【结论】…" / "【存疑】…" / "【去向】…", once per paper):
    each record, from one occurrence of the first tag to the next, its tags line under line, is one item (its other tags
    are its parts). Parts whose tags do not repeat so (a one-paper read's "【背景】", "【方法】", "【实验】"), or stand apart
    (a shared doc's "【论文】" / "【工具】" / "【杂项】" topics), are left as they are."""
    tagged = [(_TAG_LABEL.match(r.head), r) for r in raws if r.kind == "pseudo"]
    if len(raws) < 4 or len(tagged) != len(raws) or not all(m for m, _r in tagged):
        return raws
    labels = [m.group(1) for m, _r in tagged]
    first = labels[0]
    opens = [k for k, lab in enumerate(labels) if lab == first]
    others = [lab for lab in labels if lab != first]
    if len(opens) < 2 or not others or any(others.count(lab) > len(opens) for lab in set(others)) \
            or max(others.count(lab) for lab in set(others)) < 2:
        return raws
    out = []
    for n, k in enumerate(opens):
        end = opens[n + 1] if n + 1 < len(opens) else len(raws)
        part = raws[k:end]
        if any(b.line != a.line_end + 1 for a, b in zip(part, part[1:])):
            # (a record's tags stand line under line; tags set apart by blank lines, "【论文】…" / "【工具】…" / "【杂项】…" of
            # a shared doc, each head a topic of its own kind)
            return raws
        out.append(replace(part[0], line_end=max(r.line_end for r in part), blocks=[b for r in part for b in r.blocks]))
    return raws[:opens[0]] + out


def _opening_line(raw: _Raw) -> str:
    """The first line of a part under its first line (``""`` for a part of one line)."""
    return next((t for ln, t in _lines_of(raw) if ln > raw.line and t.strip()), "")


def _lines_of(raw: _Raw) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for b in raw.blocks:
        out.extend(b.lines)
    return out


# --------------------------------------------------------------------------- main

#: A Zettelkasten note's ID at the start of its file name: a timestamp of 12 to 14 digits ("202706011518 tiered kv.md").
_ZETTEL_ID = compile_lazy(r"^(?:19|20)\d{10,12}(?!\d)")


def read_structure(
    blocks: list[MdBlock],
    *,
    path: str,
    kind: str,
    front: dict[str, object],
    first_line: int,
    last_line: int,
    lexicon: Lexicon | None = None,
) -> NoteShape:
    """Decide a note's items (see the module docstring).

    Parameters
    ----------
    blocks : list[MdBlock]
        The note's body blocks (:func:`ingest.blocks.read_blocks`).
    path : str
        Workspace path (its file name may carry the paper's identifier).
    kind : str
        ``note``, ``paper_card``, ``repo_card`` or ``queue``: cards are always one item.
    front : dict
        The front matter (strings), for the paper it names and its title.
    first_line, last_line : int
        The body's first line and the file's last line.

    Returns
    -------
    NoteShape
    """
    lex = lexicon or load_lexicon()
    generic = _compile(lex, "generic_headings")
    blocks = _outline_as_headings(_author_year_refs_resolved(_numbered_refs_resolved(
        _footnotes_resolved(_toggles_as_headings(_spoken_breaks(_outline_root_lifted(_bibtex_entries_as_headings(
            _date_lines_as_headings(_banners_as_headings(blocks))))))))))
    token = _NOTE_NAMES.set(_local_names(blocks))
    try:
        return _read_structure(blocks, path, kind, front, first_line, last_line, lex, generic)
    finally:
        _NOTE_NAMES.reset(token)


#: A line that is a date alone, as a lab notebook or a journal heads its day's entry: "2028-10-05（周四）", "2028/10/05",
#: "10月5日 周四", "Mon 2028-10-05", "**2028-10-06:**".
_DATE_LINE = compile_lazy(r"^\W{0,4}(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?(?:\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}\s*日?|"
                        r"\d{1,2}\s*月\s*\d{1,2}\s*日)\s*(?:[（(]?\s*(?:周[一二三四五六日天]|星期[一二三四五六日天]|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?)"
                        r"\s*[)）]?)?\W{0,4}$", re.IGNORECASE)


def _as_heading(b: MdBlock, title: str, level: int) -> MdBlock:
    """Block ``b``'s first line read as a heading of ``level`` titled ``title`` (a date alone, a BibTeX entry's title)."""
    return replace(b, kind="heading", text=title, level=min(6, level), line_end=b.line, lines=((b.line, title),))


def _after_first_line(b: MdBlock) -> list[MdBlock]:
    """What block ``b`` holds after its first line, as a block of its own (``[]`` when nothing): the text under a line
    read as a heading."""
    body = tuple(b.lines[1:])
    return [replace(b, text="\n".join(t for _, t in body), line=body[0][0], lines=body)] if body else []


def _level_below(blocks: list[MdBlock]) -> int:
    """The heading level one below the deepest heading of ``blocks`` (2 when they have none)."""
    return 1 + max((b.level for b in blocks if b.kind == "heading" and b.level), default=1)


def _banners_as_headings(blocks: list[MdBlock]) -> list[MdBlock]:
    """A plain-text newsletter's section banners, a short line between two rules ("=====" / "DEEP DIVE: early exit as the
    drafter, again" / "====="), two or more: each a heading over its section, the rules gone."""
    if any(b.lines and _DIGEST_NO.match(b.lines[0][1]) for b in blocks):
        return blocks  # (a list's digest, "Message: 1" between dashed rules: its mails are read as mails)
    def banner_rule(b: MdBlock) -> bool:  # a rule drawn with "=" (read as "***"), not a mailing's or a listing's dashes
        return b.kind == "hr" and bool(b.lines) and not b.lines[0][1].strip().startswith(("-", "_"))

    banners = [k for k in range(1, len(blocks) - 1)
               if banner_rule(blocks[k - 1]) and banner_rule(blocks[k + 1]) and blocks[k].kind == "para" and not blocks[k].quoted
               and len(blocks[k].lines) == 1 and len(blocks[k].text.strip()) <= 90 and not _brings_link(blocks[k].text)
               and not _MAIL_FIELD.match(blocks[k].text) and not _MAIL_FROM.match(blocks[k].text)
               and not re.match(r"\s*[^\s:：]{1,12}[:：]\S", blocks[k].text)]  # (an export's field, "消息分组:我的QQ群", is no section)
    if len(banners) < 2 or any(b.kind == "heading" for b in blocks):
        return blocks
    rules = {k + d for k in banners for d in (-1, 1)}
    return [_as_heading(b, _strip(b.text).strip(), 2) if k in banners else b for k, b in enumerate(blocks) if k not in rules]


def _date_lines_as_headings(blocks: list[MdBlock]) -> list[MdBlock]:
    """A notebook of dated entries written as a date alone on its line ("2028-10-05（周四）" over the day's bullets), two
    dates or more: each date heads its day's entry, as a heading would."""
    dated = {id(b) for b in blocks if b.kind == "para" and not b.quoted and b.lines and _DATE_LINE.match(b.lines[0][1])}
    if len(dated) < 2:
        return blocks
    if all(len(b.lines) >= 2 and _NAMED_TURN_LINE.match(b.lines[1][1]) for b in blocks if id(b) in dated):
        return blocks  # a chat's day separators ("—— 3月14日 周六 ——" over "张伟：…"): its topics are its exchanges, not its days
    level = _level_below(blocks)
    out: list[MdBlock] = []
    for b in blocks:
        if id(b) not in dated:
            out.append(b)
            continue
        out.append(_as_heading(b, _strip(b.lines[0][1]).strip(), level))
        out.extend(_after_first_line(b))
    return out


_BIBTEX_TITLE_FIELD = compile_lazy(r"\btitle\s*=\s*[{\"](?P<t>[^\n]{3,300}?)[}\"]\s*,?\s*$", re.IGNORECASE | re.MULTILINE)


def _bibtex_entries_as_headings(blocks: list[MdBlock]) -> list[MdBlock]:
    """An annotated bibliography (two BibTeX entries or more pasted as code, each followed by the writer's annotation):
    each entry opens a topic, titled by its ``title={…}``, as a heading over it would."""
    entries = {id(b) for b in blocks if b.kind == "code" and BIBTEX_ENTRY.match(b.text)}
    if len(entries) < 2:
        return blocks
    level = _level_below(blocks)
    out: list[MdBlock] = []
    for b in blocks:
        if id(b) in entries:
            m = _BIBTEX_TITLE_FIELD.search(b.text)
            out.append(_as_heading(b, re.sub(r"[{}$\\]", "", m.group("t")).strip() if m else b.text.strip().split("\n")[0], level))
        out.append(b)
    return out


def _opens_on_other_work(r: "_Raw", paper: str) -> bool:
    """Whether the first words of ``r``'s body (its first 32 characters: a name and its identifier) give an identifier of a
    work other than ``paper``: "Medusa (2401.10774) is the baseline." opens a topic about Medusa; "The related-work table
    files Draft & Verify (arXiv 2309.08168) under …" compares the read's paper with it, and so does a list of the read's
    relations to other works ("## Against what we already cite" over "- Complements VTC (2401.00588) rather than …")."""
    first = next((b for b in r.blocks if b.kind != "heading" and b.text.strip()), None)
    if first is None or first.kind == "item":
        return False  # (a list of the read's relations to other works, "- Complements VTC (2401.00588) rather than …", compares)
    if not any(m.arxiv_id != paper and m.start < 32 for m in find_arxiv_ids(first.text[:80])):
        return False
    # (a section that sets the read's paper against the work it opens on, "SmartSpec（…）以 goodput 为目标 …；本文认为 …",
    # goes on about the read's paper: a part of the read)
    rest = "\n".join(b.text for b in r.blocks if b.kind != "heading")
    return not (_BACK_TO_PAPER.search(rest) or paper in {m.arxiv_id for m in find_arxiv_ids(rest)})


#: Words by which a read's section returns to the read's paper: "本文", "this paper", "the authors", "they propose".
_BACK_TO_PAPER = compile_lazy(r"本文|该文|这篇(?:论文|文章)?|作者|\bthis (?:paper|work)\b|\bthe authors\b|\b(?:they|we) (?:propose|argue|claim|show)\b",
                              re.IGNORECASE)


def _heads_name_known_work(heads: list[MdBlock], paper: str) -> bool:
    """Whether one of ``heads`` names, by a name the store knows (``_NOTE_NAMES``: "SnapKV", "PyramidKV"), a work other
    than ``paper``: such headings open topics of their own even without an identifier."""
    names = _NOTE_NAMES.get()
    if not names:
        return False
    for b in heads:
        t = _strip(b.text)
        for n, w in names.items():
            if w != paper and len(n) >= 3 and re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", t, re.IGNORECASE):
                return True
    return False


def _read_structure(blocks: list[MdBlock], path: str, kind: str, front: dict, first_line: int, last_line: int,
                    lex: Lexicon, generic: re.Pattern[str]) -> NoteShape:
    """``read_structure``'s body, with the note's short names set (``_NOTE_NAMES``)."""
    title_idx = next((i for i, b in enumerate(blocks) if b.kind == "heading" and b.level == 1), None)
    # (a deck's closing "# Questions?" is no second title)
    ones = [b for b in blocks if b.kind == "heading" and b.level == 1 and not _CLOSING_SLIDE.match(_strip(b.text))]
    if title_idx is not None and any(b.line > blocks[title_idx].line for b in ones):
        # several level-1 headings: they are the topics, not a title
        if _content(blocks[:title_idx]):
            title_idx = None
        elif len(ones) > 1:
            title_idx = None
    # (a Chinese note's "标题:" / "题目:" is its title field as "title:" is)
    fm_title = next((v for k in ("title", "标题", "题目") if isinstance(v := front.get(k), str) and v.strip()), None)
    if title_idx is None and fm_title is None:
        # "### Draft: sparsity-aware offloading" opening a note that has no other heading: its title, at whatever level
        heads = [i for i, b in enumerate(blocks) if b.kind == "heading" and not b.quoted]
        first_content = next((i for i, b in enumerate(blocks) if b.kind not in ("html", "hr") and b.text.strip()), None)
        if len(heads) == 1 and first_content == heads[0]:
            title_idx = heads[0]
    title = (fm_title or (blocks[title_idx].text if title_idx is not None else None))
    if title is None:
        first = next((b for b in blocks if b.kind == "para"), None)
        if first is not None and first.line <= first_line + 2 and len(first.lines) == 1 and len(first.text) <= 90 \
                and not re.search(r"[.。!?]$", first.text):
            title = first.text  # "newsletter / social scan, 2026-11-03 (omar)"
    title = _strip(title) if title else None
    fm_works = front_matter_works(front)
    file_work = arxiv_from_filename(PurePosixPath(path).name)

    if kind in ("paper_card", "repo_card"):
        # (an identifier the field sets apart as another work, "arXiv:2410.02367; follow-up SageAttention2 [2411.10958]",
        # "…; see also …", is a mention)
        field_lines = [[m.arxiv_id for m in find_arxiv_ids(t) if not _FIELD_ASIDE.search(t[max(0, m.start - 40):m.start])]
                       for b in blocks[:20] if b.kind != "code" for _ln, t in b.lines if _PAPER_FIELD.match(t)]
        field_works = [w for ids in field_lines for w in ids]
        # a repo card is about the paper(s) its paper field names ("Papers named in the README: CacheGen
        # (arXiv:…), CacheBlend (…)"), a paper card about one paper
        first_field = next((ids for ids in field_lines if ids), [])
        works = fm_works or (list(dict.fromkeys(first_field)) if kind == "repo_card" else list(dict.fromkeys(field_works))[:1]) \
            or ([file_work[0]] if file_work and kind == "paper_card" else [])
        if not works and kind == "paper_card":
            head = "\n".join(b.text for b in blocks[:6])
            works = works_in(head, lex)[0][:1]
        if not works and kind == "repo_card":
            # a repo card with no paper field whose head names one paper ("- what: OpenAI-compatible server around
            # Medusa heads (arXiv 2401.10774)"): the repository implements that paper
            head_ids = works_in("\n".join(b.text for b in blocks[:10] if b.kind != "code"), lex)[0]
            # (and says it is the paper's code: "around", "implements", "官方实现"; not an eval harness that "cites" one)
            def clause_before(t: str) -> str:  # the clause the identifier ends ("server around Medusa heads (arXiv")
                return re.split(r"[;；。,，]", t[max(0, t.find(head_ids[0]) - 60):t.find(head_ids[0])])[-1]
            built_on = len(head_ids) == 1 and any(
                _IMPLEMENTS.search(clause_before(t)) and not re.search(r"\bcit(?:es|ed|ing)\b|引用", clause_before(t), re.I)
                for b in blocks[:10] if b.kind != "code" for _ln, t in b.lines if head_ids[0] in t)
            works = head_ids if built_on else []
        if not works and kind == "repo_card":
            # its description field opens with the method it is ("- what: Ring Attention (arXiv:2310.01889) built on
            # the flash-attn kernels"): the repository is that method's code (a work it follows later is a mention)
            for b in blocks[:12]:
                for _ln, t in (b.lines if b.kind != "code" else ()):
                    m = _WHAT_FIELD.match(t)
                    ids = find_arxiv_ids(m.group("v")[:90]) if m else []
                    if ids and not re.search(r"\b(?:cit(?:es|ed|ing)|compar\w*|vs\.?|unlike|like|follows?)\b|引用|对比",
                                             m.group("v")[:ids[0].start], re.IGNORECASE):
                        works = [ids[0].arxiv_id]
                        break
                if works:
                    break
        all_ids = [m.arxiv_id for b in blocks if b.kind not in ("code",) for m in find_arxiv_ids(b.text)]
        mentions = [w for w in dict.fromkeys(all_ids) if w not in works]
        if title and not re.search(r"[^\W\d_]", _ARXIV_WORD.sub("", title)):
            # a heading of a number and an identifier only ("1541 · 1706.03762"): the title its field gives
            named = next((m.group("t").strip() for b in blocks[:12] if b.kind != "code" for _ln, t in b.lines
                          if (m := _CARD_TITLE_FIELD.match(t))), None)
            title = f"{title} · {named}" if named else title
        seg = Segment(0, "note", title or PurePosixPath(path).stem, 1, last_line, title or "",
                      tuple(works), tuple(mentions), None, tuple(range(1, min(last_line, 12) + 1)))
        return NoteShape((seg,), True, title, None, works[0] if works else None)

    # candidate collection split
    split: tuple[list[_Raw], list[MdBlock]] | None = None
    how = ""
    heads_at = [b.line for b in blocks if b.kind == "heading" and not b.quoted]
    rules_at = [b.line for b in blocks if b.kind == "hr"]
    if heads_at and len(rules_at) >= 2 and max(heads_at) < rules_at[0]:
        # a header of "#" lines (an agent's run, YAML comments) over "---"-separated records that each open with the
        # same field ("finding: …", "paper: …"): the records are the items, the header the note's head
        recs = _split_rules([b for b in blocks if b.line > rules_at[0] - 1], last_line)
        if recs is not None and len(recs[0]) >= 2:
            labels = [_label_of(r.head).casefold() for r in recs[0]]
            if labels[0] and re.match(r"[^\W\d_]", labels[0]) and labels.count(labels[0]) * 2 >= len(labels) + 1:
                split, how = (recs[0], [b for b in blocks if b.line < rules_at[0]]), "rules"
    if split is None and any(b.kind == "heading" and k != title_idx and not b.quoted for k, b in enumerate(blocks)):
        split = _split_headings(blocks, title_idx, last_line, lex)
        how = "headings"
    if split is None:
        body = [b for k, b in enumerate(blocks) if k != title_idx]
        split = _split_emails(body, last_line)
        how = "emails" if split is not None else ""
        if split is None:
            split = _split_replies(body, last_line)
            how = "replies" if split is not None else ""
        if split is None:
            split, how = _split_body(body, last_line, lex)
        if split is None and any(b.quoted for b in body):
            # a forwarded email or a pasted newsletter: the topics are inside the quote
            split, how = _split_body([replace(b, quoted=False) if b.quoted else b for b in body], last_line, lex)
        if split is not None and len(split[0]) >= 3 and not any(_brings_link(r.head) for r in split[0]) \
                and all(generic.search(_strip(r.head).strip().rstrip(":：").strip()) for r in split[0]):
            # a review form's numbered parts ("1. Summary of contributions:", "2. Strengths", "3. Weaknesses", "4. Questions
            # for authors"): the parts of one review, as a one-paper note's generic headings are, not topics
            split, how = None, ""
    raws, pre = split if split else ([], [])
    if not raws:
        # a single alert mail pasted whole, no split: its hits are its topics
        whole = [b for k, b in enumerate(blocks) if k != title_idx]
        hits = _search_hits([_Raw("block", whole[0].line, last_line, "", [whole[0].line], whole)]) if whole else []
        if len(hits) >= 2:
            raws, pre = hits, [b for b in whole if b.line < hits[0].line]
    pre_hits = [b for b in pre if b.kind == "para" and len(b.lines) >= 2 and _HIT_BYLINE.match(b.lines[1][1])]
    if pre_hits and any(b.kind == "para" and len(b.lines) >= 2 and _HIT_BYLINE.match(b.lines[1][1]) for r in raws for b in r.blocks):
        # an alert's first hit read as the preamble (the reader's ">>" remark under it opened the first topic): a hit too
        moved = [b for b in pre if b.line >= pre_hits[0].line]
        raws = [_Raw("pseudo", moved[0].line, max(b.line_end for b in moved), moved[0].lines[0][1], [moved[0].line], moved), *raws]
        pre = [b for b in pre if b.line < pre_hits[0].line]
    raws = _search_hits(raws)
    if raws and how not in ("headings", "emails", "replies") and _ZETTEL_ID.match(PurePosixPath(path).name) \
            and last_line <= 60 and any("[[" in b.text or re.match(r"\s*(?:links?|source|tags)\s*:", b.text, re.I) for b in blocks):
        # an atomic note of a Zettelkasten ("202706011518 LMCache CPU offload.md": one idea per note, named by its
        # timestamp ID): its bullets are the idea's parts, one item
        raws, pre = [], []
    located = [r for r in raws if r.kind == "row" and r.blocks and r.blocks[0].header
               and _LOCATION_COLUMN.fullmatch(re.sub(r"[*_`]", "", r.blocks[0].header[0]).strip())]
    if located and any(SHOULD_COLUMN.fullmatch(re.sub(r"[*_`]", "", h).strip()) for h in located[0].blocks[0].header):
        located = []  # an errata table ("| 位置 | 原文 | 应为 | 依据 |"): each row a correction of its own place, a topic each
    if len(located) >= 2 and title_idx is not None:
        # a table of one document's highlights ("| Page | Highlight | Comment |", "| Loc. | Quote | Note |" of a PDF
        # annotation export) under a title: the rows are places in that document, not topics; they are the read of
        # the document the title names (a work a comment compares with is a mention), the entries after it asides
        gone = {id(r) for r in located}
        raws = [r for r in raws if id(r) not in gone]
        pre = sorted([*pre, *(b for r in located for b in r.blocks)], key=lambda b: b.line)
    if how == "headings" and len(raws) >= 3 and raws[0].kind == "heading" and raws[0].blocks and raws[0].blocks[0].level == 1:
        # a deck's title slide ("# KV reuse across requests" / "## reading group, week 19" / "Tomas"): a title, a subtitle
        # and a byline, no topic
        rest0 = [b for b in raws[0].blocks[1:] if b.kind not in ("hr", "html")]
        if any(b.kind == "heading" for b in rest0) and len(rest0) <= 3 and not _brings_link("\n".join(b.text for b in raws[0].blocks)) \
                and all(b.kind == "heading" or (b.kind == "para" and len(b.text) <= 60 and not re.search(r"[.。!?！？]", b.text)) for b in rest0):
            pre = [*pre, *raws[0].blocks]
            raws = raws[1:]
    raws = _drop_recap_lists(_drop_index_rows(_back_references(_join_continued(_tag_records(raws), generic), lex)), blocks)
    raws, pre = _review_form(raws, pre, blocks)
    raws = _stamped_remarks(raws)
    # (a numbered thread read as one topic, whatever split it, is parted at its quoted post and its aside)
    raws = [x for r in raws for x in _thread_parts(r)]
    raws = _keyed_comments(_named_comments(raws, blocks), blocks)
    # a letter's closing ("Best," / "Tomas" / "--" / a signature line) belongs to no topic: the last topic ends before it
    if raws and how not in ("headings",):
        last = raws[-1]
        off = next((b for b in last.blocks if b.line > last.line and b.kind == "para" and not b.quoted and b.lines
                    and _SIGN_OFF.match(b.lines[0][1])), None)
        if off is not None:
            keep = [b for b in last.blocks if b.line < off.line]
            raws[-1] = replace(last, line_end=max([last.line, *(b.line_end for b in keep)]), blocks=keep)
    if raws and how == "pseudo" and len(raws) >= 2:
        # "admin: slides promised after the workshop; wifi …" after the last slide's points, a paragraph of its own: a chore
        # or an aside the writer labels, no point of that slide
        last = raws[-1]
        chore = next((b for b in last.blocks[1:] if b.kind == "para" and not b.quoted and b.parent is None and b.lines
                      and b.line > last.line + 1 and (_CHORE_OPEN.match(b.lines[0][1]) or _ASIDE_OPEN.match(b.lines[0][1]))), None)
        if chore is not None:
            keep = [b for b in last.blocks if b.line < chore.line]
            rest = [b for b in last.blocks if b.line >= chore.line]
            raws[-1] = replace(last, line_end=max([last.line, *(b.line_end for b in keep)]), blocks=keep)
            raws.append(_Raw("pseudo", chore.line, max(b.line_end for b in rest), chore.lines[0][1], [chore.line], rest))
    quoted_points = _quoted_mail_points(blocks, last_line)
    if quoted_points and raws:
        # the earlier mails of a top-posted thread, quoted under the last one with their own headers ("> From: Wen …",
        # ">> From: Tobias …"), exist only there: their lettered or numbered points are topics too
        spans = [(r.line, r.line_end) for r in raws]
        extra = [q for q in quoted_points if not any(a <= q.line <= b for a, b in spans)]
        if extra:
            raws = sorted([*raws, *extra], key=lambda r: r.line)
    if how == "headings" and title_idx is not None and sum(1 for r in raws if r.kind == "heading" and _POST_HEADING.search(_strip(r.head))) >= 2 \
            and re.search(r"^\W*\[Q\]|[?？]\s*$|^\W*(?:Q|Question|问)\s*[:：]", _strip(blocks[title_idx].text)) \
            and _content([b for b in pre if b.kind not in ("heading", "hr")]) and raws and raws[0].line > blocks[title_idx].line:
        # a forum thread copied whole ("# [Q] Self-speculative vs draft heads …", the question's text, then "### ✔ Accepted —
        # answered … by …" and further answers): the question is a post too, the first item
        # (a copier's quoted remark above it, "> Copied from …; treat everything as hearsay", still speaks for the note)
        head = blocks[title_idx]
        # (the copier's own remark on how the thread was taken, "摘录：…下面都是答主的说法，基本是别人转述…", stays the note's head)
        evr = evidence_reader(lex)
        remark = {id(b) for b in pre if b.kind == "para" and not b.quoted and evr.levels(b.text)}
        inside = [head, *(b for b in pre if b.line > head.line and b.kind != "hr" and not b.quoted and id(b) not in remark)]
        raws = [_Raw("block", head.line, max(b.line_end for b in inside), head.text, [head.line], inside), *raws]
        pre = [b for b in pre if b.line < head.line or b.quoted or id(b) in remark]
    if how == "pseudo" and title_idx is not None and raws and raws[0].line > blocks[title_idx].line \
            and all(r.head_lines and is_turn_header(next((t for ln, t in _lines_of(r) if ln == r.line), "")) for r in raws):
        # a post with its replies under it (a Douban review's "回应", a blog's comments: "量化民工　2027-08-20 12:03" over each
        # reply): the post itself, under the note's title, is the first item when it says something of a work
        head = blocks[title_idx]
        said = [b for b in pre if b.line > head.line and b.kind == "para" and not b.quoted and b.text.strip()]
        if len(said) >= 2 and sum(len(b.text) for b in said) >= 200 and \
                (_brings_link(head.text) or any(_brings_link(b.text) for b in said)):
            inside = [head, *(b for b in pre if b.line > head.line and b.kind != "hr")]
            raws = [_Raw("block", head.line, max(b.line_end for b in inside), head.text, [head.line], inside), *raws]
            pre = [b for b in pre if b.line < head.line]
    if len(raws) >= 2:
        # a list under a line naming it the papers discussed ("Papers discussed (copied from the episode page):" over "- SnapKV:
        # arxiv.org/abs/…"): the note's references, no topics
        labelled = {b.line for b in blocks if b.kind == "para" and b.lines and _REF_LABEL.match(_strip(b.lines[-1][1]))}
        listed = {b.line for b in blocks if b.kind == "item" and any(b.line - 1 - k in labelled for k in range(0, 2))}
        if labelled:
            under: set[int] = set()
            for b in blocks:
                if b.kind == "item" and (b.line in listed or (under and b.line - 1 in under)):
                    under.add(b.line)
            kept = [r for r in raws if not (r.kind == "entry" and r.line in under)]
            raws = kept if kept else raws
    if how == "pseudo" and title_idx is not None and len(raws) >= 4:
        raws, pre = _one_paper_dialogue(blocks[title_idx], raws, pre, lex)
    if how == "pseudo" and len(raws) >= 2:
        # a part labelled as the papers it names ("**Papers mentioned**", "**References**" over one link per line): the
        # note's reference list, no topic
        raws = [r for r in raws if not (_REF_LABEL.match(_strip(r.head)) and all(
            _brings_link(t) for ln, t in _lines_of(r) if ln not in r.head_lines and t.strip()))] or raws
    if how == "pseudo" and raws and pre and _SOCIAL_POST_HEAD.match(raws[0].blocks[0].lines[0][1] if raws[0].blocks and raws[0].blocks[0].lines else ""):
        # a pasted post or thread ("**Kai Wei** @kaiwei_gpu · 10:42 AM · May 17, 2027" over "1/ TileDecode …") under the
        # paster's own words about it ("转一个 X 上的 thread：TileDecode（arXiv:2604.11873）…"): one item from those words on
        said = [b for b in _content(pre) if b.kind == "para" and b.text.strip()]
        first_works = set(_segment_works(raws[0], lex)[0])
        pre_works = {m.arxiv_id for b in said for m in find_arxiv_ids(b.text)}
        if said and pre_works and pre_works <= first_works:
            r0 = raws[0]
            inside = [b for b in pre if b.line >= said[0].line and b.kind != "hr"] + r0.blocks
            raws[0] = replace(r0, line=said[0].line, head=said[0].lines[0][1] if said[0].lines else said[0].text,
                              head_lines=[ln for ln, _t in said[0].lines] or [said[0].line], blocks=inside)
            # (the words stay the note's head too: "下面的内容都算二手" speaks for the replies after the thread)

    # the paper of a one-paper note
    head_blocks = pre if split else [b for b in blocks[:8]]
    if title_idx is not None:
        head_blocks = [blocks[title_idx], *head_blocks]
    head_text = "\n".join(b.text for b in head_blocks if b.kind not in ("code", "html"))
    head_works = works_in(head_text, lex)[0]
    if raws and re.match(r"\s*<(?:\?xml|rss|channel|feed)\b", raws[0].head, re.IGNORECASE) and not find_arxiv_ids(
            "\n".join(b.text for b in raws[0].blocks)) and len(raws) > 1:
        pre = [*pre, *raws[0].blocks]  # a feed's channel header ("<channel><title>arXiv daily picks …"), no topic
        raws = raws[1:]
    seg_works = [_segment_works(r, lex) for r in raws]
    if how == "forum" and raws:
        # a thread on one paper (its title names it, a reply links it: "paper for the lazy: https://arxiv.org/abs/…"): the post
        # and every comment naming no work of its own are about it, an off-topic one about none
        labelled = list(dict.fromkeys(m.arxiv_id for r in raws for _ln, t in _lines_of(r) for lm in _THREAD_PAPER.finditer(t)
                                      for m in find_arxiv_ids(t[lm.end():lm.end() + 90])[:1]))
        thread = labelled if len(labelled) == 1 else (seg_works[0][0] if len(seg_works[0][0]) == 1 else [])
        if thread:
            # (the post, and a comment that speaks of the thread's work without naming it: "the reason it's fast is …")
            def said(r: _Raw) -> str:  # a comment's first words after its author line
                return next((t for _ln, t in _lines_of(r) if t.strip() and not _AUTHOR_LINE.match(t)), "")
            seg_works = [(a, m) if a or _OFF_TOPIC.match(_strip(said(r))) or not (n == 0 or _SPEAKS_OF_IT.match(said(r)))
                         else (list(thread), m) for n, (r, (a, m)) in enumerate(zip(raws, seg_works))]
    for n, r in enumerate(raws):
        if not seg_works[n][0] and r.kind == "entry" and (w := _wikilinked_work(r.head)) is not None:
            seg_works[n] = ([w], [x for x in seg_works[n][1] if x != w])  # "- [[KIVI]] — …": about the work its footer links
    names = _NOTE_NAMES.get()
    for n, r in enumerate(raws):
        # a talk's topic opened by naming its paper aloud ("alright paper two head route"), a comment under a post that
        # names one of the post's works by its short name ("Prism 在 V3 上 1.6× 其实算保守的" under "1️⃣ Prism-MoE（arXiv:…）"):
        # about the work of that name
        if names and not seg_works[n][0] and (how == "captions" or (r.kind == "pseudo" and _LIKED_COMMENT.match(r.head))) \
                and (w := _named_in(r.head, names)) is not None:
            seg_works[n] = ([w], [x for x in seg_works[n][1] if x != w])
        elif names and not seg_works[n][0] and r.kind == "pseudo" \
                and (w := _opens_naming((head := _CHAPTER_STAMP.sub("", r.head, count=1))[:60], names)) is not None \
                and any(re.match(rf"\W{{0,3}}{re.escape(nm)}(?![\w-])", head, re.IGNORECASE) for nm, x in names.items() if x == w):
            # (a video's chapter, "04:12 DistServe recap", is named after its stamp)
            # a paragraph that opens with a work's name the note gives it ("SplitLess chains the partial states …" after
            # "SplitLess (arXiv:2604.11873) does …"): about it
            seg_works[n] = ([w], [x for x in seg_works[n][1] if x != w])
        elif names and not seg_works[n][0] and how == "headings" and r.kind == "heading" \
                and (w := _named_exactly(_strip(r.head), names)) is not None and not comparison_spans(_strip(r.head), lex):
            # "### E1 — SketchSel decode, batched" in a notebook whose "### SketchSel" section gives its identifier: a run
            # of that work, named as written ("## 3. EAGLE-2 复测" is no run of the note's EAGLE-3; a heading comparing it
            # with another, "### vs MagicPIG", does not make it the topic's work)
            seg_works[n] = ([w], [x for x in seg_works[n][1] if x != w])
    if how == "pseudo" and raws and any(_TURN.match(t) or _CHAT.match(t) for r in raws for _ln, t in _lines_of(r)[:1]):
        # a transcript's topic opened by naming a work the note gives an identifier elsewhere ("Sure. Okay, AnchorKV. Who
        # read it?" under "Papers on the agenda: … AnchorKV arXiv:2605.08412"): the topic is about it
        names = _NOTE_NAMES.get()  # (set from these blocks by ``read_structure``)
        for n, r in enumerate(raws):
            if not seg_works[n][0] and names:
                said = " ".join(t for _ln, t in _lines_of(r) if not (_TURN.match(t) or _CHAT.match(t)))[:200]
                w = _opens_naming(said, names)
                if w is not None:
                    seg_works[n] = ([w], [x for x in seg_works[n][1] if x != w])
    refs = _reference_spans(blocks, title_idx, last_line) if how == "headings" else []
    # entries of a reference list are the works the note cites, not topics bringing their own work
    own = [set(a) for r, (a, _) in zip(raws, seg_works) if a and not any(lo <= r.line <= hi for lo, hi in refs)]
    field_title = _paper_title_field(head_blocks) if title_idx is not None else None
    paper = None
    if fm_works:
        paper = fm_works[0]
    elif file_work and kind == "note":
        paper = file_work[0]
    elif len(head_works) == 1 and how != "entries":
        paper = head_works[0]
    # "### Side note, not about PivotQuant" or "**四、顺带：KIVI 与 KVQuant**" closing a read of one paper: a topic
    # of its own that does not make the read a collection
    asides = [r for r in raws if how in ("headings", "pseudo") and r.kind in ("heading", "pseudo")
              and _ASIDE_HEAD.match(_strip(r.head)) and r.line > raws[0].line] if raws else []
    aside_ids = {id(r) for r in asides}
    if asides:
        own = [set(a) for r, (a, _) in zip(raws, seg_works) if a and id(r) not in aside_ids
               and not any(lo <= r.line <= hi for lo, hi in refs)]
    distinct_other = {w for s in own for w in s if w != paper}
    sub_heads = [b for k, b in enumerate(blocks) if b.kind == "heading" and k != title_idx and not b.quoted]
    all_generic = bool(sub_heads) and all(generic.search(_strip(b.text)) for b in sub_heads)
    if not sub_heads and len(raws) >= 2 and how != "entries":
        # a form's labelled fields as its parts ("Summary: …", "Strengths: …", "Weaknesses: …", "Questions:
        # …" of a peer review): each label a generic section name, like "## Method" in a reading note; the
        # paper is the one its first field names
        all_generic = all(generic.search(_label_of(r.head)) for r in raws if id(r) not in aside_ids)
        if all_generic and paper is None and len(seg_works[0][0]) == 1:
            paper = seg_works[0][0][0]
    one_paper = False
    pair_works: list[str] = []  # the works of a comparison note (its title names them), one item about them all
    # an issue and its comments ("@mira commented 4d ago:"): each comment is a voice of its own, about the
    # issue's work unless it names another
    comments = how in ("pseudo", "headings") and sum(1 for r in raws if _COMMENTED.match(r.head) or _AGO_HEAD.match(_first_line(r))) >= 2
    # (a question's answers copied under it, "### 回答 1 · 答主（赞同 412）", "### Answer 2 — by …": each answer a voice of its own)
    comments = comments or (how == "headings" and sum(1 for r in raws if r.kind == "heading" and _POST_HEADING.search(_strip(r.head))) >= 2)
    # a close read written as questions and answers under a head that names its paper in a field ("论文：PivotSparse: …"
    # / "链接：https://arxiv.org/pdf/2607.14352v1.pdf" / "读法：…" over "Q1：…" / "A1：…"): one read of that paper, not an
    # interview whose questions are topics
    qa_read = how == "dialogue" and len(head_works) == 1 and _paper_title_field(head_blocks) is not None
    if (how == "dialogue" or comments) and not qa_read:
        paper = None  # an interview's questions are its items; the work it is about is their subject below
    elif qa_read:
        paper = head_works[0]
    if paper is not None:
        topics_with_own = sum(1 for s in own if s - {paper})
        # a sub-heading that names a work (an identifier, a link) opens a topic of its own; one that
        # names none ("## What I doubt", "## 三、实验") is a part of the note about its paper
        heads_name_work = any(find_arxiv_ids(b.text) or _brings_link(b.text) for b in sub_heads)
        if how == "headings":
            one_paper = all_generic or (topics_with_own == 0 or (topics_with_own == 1 and not heads_name_work))
            if not one_paper and not heads_name_work and title_idx is not None and _title_names_paper(blocks, title_idx, head_blocks, paper, lex) \
                    and topics_with_own * 2 <= len(raws) \
                    and not _heads_name_known_work(sub_heads, paper) \
                    and not any(_opens_on_other_work(r, paper) for r in raws):
                # "# Critical read: ExitServe (arXiv:2605.08317v2)" over "## Why I picked it up", "## How deep I went",
                # "## Numbers", "## What I don't buy": a title naming one paper and sub-headings naming none (in whatever
                # words, not only the lexicon's generic ones) are one read of it; the sections comparing it with other works
                # (its baselines, a related-work table) are parts of the read, as long as they are no more than half and
                # none opens on another work ("## 2. The baseline engine" over "Medusa (…) is the baseline." is Medusa's)
                one_paper = True
        elif qa_read:
            one_paper = topics_with_own * 3 <= len(raws)  # (an answer comparing with another work is still the read's)
        else:
            one_paper = (all_generic and not fm_works) or \
                (topics_with_own < 2 and bool(fm_works or file_work or len(raws) <= 1 or not distinct_other))
            if not one_paper and how == "pseudo" and topics_with_own <= 1 and len(raws) >= 3 \
                    and _linked_under_title(blocks, title_idx, paper) and all(_run_in_label(r) for r in raws) \
                    and not any(_brings_link(lab) for lab in map(_part_label, raws)):
                # "# SplitPage: Fusing Split-K …" over its arXiv link, then run-in labels ("**Exactness.**", "**Numbers.**",
                # "**Related.**") naming no work: the parts of one read; the one part naming other works (its
                # related work, its baselines) compares with them, as a "## Related work" of a one-paper note does
                one_paper = True
    elif all_generic and not distinct_other and title:
        one_paper = True
    elif all_generic and how == "headings" and len(field_ids := _paper_field_works(blocks)) == 1:
        # every heading a generic section name ("# Notes" over "## What" / "## How" / "## Numbers" / "## So what") and one
        # work named in a paper field anywhere ("Paper: https://arxiv.org/abs/…" at its foot): one read of that work;
        # the others it names are what it compares with
        paper, one_paper = field_ids[0], True
    elif all_generic and title_idx is None and how == "headings" and raws and len(seg_works[0][0]) == 1 \
            and not {w for s in own for w in s} - set(seg_works[0][0]):
        # no title, every heading a generic section name ("# Motivation" over the paper's line and link, "# Method",
        # "# Results", "# Our take" of a slide deck): one read of the paper its first section names
        paper, one_paper = seg_works[0][0][0], True
    elif field_title and how == "headings" and not distinct_other:
        # a title, a head giving the paper's title in a field (``> **论文**：*Title*``) and no section
        # bringing a work of its own: a one-paper note whose paper has no identifier (title-only)
        one_paper = True
    elif raws and not any(_brings_link("\n".join(b.text for b in r.blocks)) for r in raws) \
            and not (how == "dialogue" and _host_questions([b for b in blocks if b.kind == "para" and not b.quoted and b.lines])):
        # (an interview's host questions are its topics even when the episode's page links one paper, its guest's)
        # none of its parts brings a work or a link of its own ("Strengths: 1. … 2. …" of a review
        # form) and the note names one work in all ("Preprint: arxiv.org/abs/…" at its foot): it is
        # a note about that work
        ids = list(dict.fromkeys(m.arxiv_id for b in blocks if b.kind not in ("code", "html") for m in find_arxiv_ids(b.text)))
        if len(ids) == 1:
            paper, one_paper = ids[0], True
        elif how == "entries" and title_idx is not None:
            # a comparison of two or three works under a title naming them ("# EAGLE-2 vs EAGLE-3: replace or add in
            # 2.2?") whose bullets bring no work of their own ("- fuses low-, mid- and high-level features …"): one
            # item about the works its title names
            t_text = blocks[title_idx].text
            t_about, t_comp = works_in(t_text, lex)
            named = sorted((m.start(), w) for n, w in _NOTE_NAMES.get().items()
                           for m in [re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", t_text, re.IGNORECASE)] if m)
            tw = list(dict.fromkeys([*t_about, *t_comp, *(w for _pos, w in named)]))
            if 2 <= len(tw) <= 3 and set(tw) <= set(ids):
                pair_works, one_paper = tw, True

    if not one_paper and how == "entries" and paper is None and not fm_works and len(raws) >= 3 and len(seg_works[0][0]) == 1 \
            and _PAPER_FIELD.match(re.sub(r"^\s*(?:\d{1,2}[.)、]|[-*+])\s*", "", raws[0].blocks[0].text if raws[0].blocks else "")) \
            and not any(_brings_link("\n".join(b.text for b in r.blocks)) for r in raws[1:]):
        # "1. Paper: FastDraft (arXiv:…), read the abstract and Table 2." then "2. FastDraft does not need fine-tuning …",
        # "3. Table 2 reports …": a list of points whose first names the paper in a field and whose others bring no work
        # of their own is one read of that paper, not six topics
        paper, one_paper = seg_works[0][0][0], True
    if not one_paper and how in ("entries", "pseudo") and paper in (None, *head_works[:1]) and title_idx is not None \
            and not fm_works and len(head_works) == 1 and _REVIEW_TITLE.match(_strip(blocks[title_idx].text)) \
            and _linked_under_title(blocks, title_idx, head_works[0]):
        # "# Review: HydraEP: …" over "Paper: arxiv.org/abs/…", then "Concerns:" numbered or labelled, some comparing
        # with other works (its baselines): the points of one review of its paper
        paper, one_paper = head_works[0], True
    if not one_paper and how == "entries" and paper is None and title_idx is not None and not fm_works:
        # a form whose labelled parts hold lists ("Summary:", "Strengths:" over bullets, "Weaknesses:",
        # "Questions:" of a review) under a title naming one work: the bullets are its parts, and a work a
        # bullet compares with ("Fair comparison with FastServe (arXiv:…)") is a mention
        title_works = works_in(blocks[title_idx].text, lex)[0]
        labels = [b for b in blocks if b.kind == "para" and not b.quoted and b.lines
                  and re.fullmatch(r"[^:：\n]{2,30}[:：]", b.lines[0][1].strip().strip("*_"))
                  and generic.search(_label_of(b.lines[0][1]))]
        if len(title_works) == 1 and len(labels) >= 2:
            paper, one_paper = title_works[0], True
    # (the title a heading gives, else the note's first line: "精读｜Exit-Aware Self-Speculation …（arXiv:2608.13502v1）")
    head_block = blocks[title_idx] if title_idx is not None else next((b for b in blocks if b.kind in ("para", "heading")), None)
    head_line = (head_block.text if title_idx is not None else head_block.lines[0][1]) if head_block is not None and head_block.lines else ""
    if not one_paper and how == "entries" and paper is None and head_line and not fm_works and len(raws) >= 2 \
            and head_block.line <= first_line + 1 and head_block.line < raws[0].line:
        # "# Critical read: HeadTrim — … (arXiv 2605.11902v1)" over "Concerns:" and numbered points, most naming no work
        # ("4. The entropy is computed on the last 32 prompt tokens only"), a few another only to compare ("2. Ada-KV
        # (arXiv:…) already redistributes budget"): the points of one read of the paper its title names
        tw = list(dict.fromkeys(m.arxiv_id for m in find_arxiv_ids(head_line)))
        bringing = sum(1 for r in raws if _brings_link("\n".join(b.text for b in r.blocks)))
        # (not a list set apart after a rule or under an aside's label: "---" / "顺手记两件事：" / "1. 相关工作里引了 …")
        set_apart = any(b.kind == "hr" or (b.kind == "para" and b.lines and (_ASIDE_OPEN.match(b.lines[0][1])
                                                                              or _ASIDE_LABEL.match(_strip(b.lines[-1][1]))))
                        for b in blocks if head_block.line < b.line < raws[0].line)
        # (under a generic label, "Concerns:", "【疑问】", the points are the read's whichever works they compare with)
        label = next((b for b in reversed(blocks) if b.line < raws[0].line and b.kind in ("para", "heading") and b.lines), None)
        under_generic = label is not None and bool(generic.search(_label_of(_strip(label.lines[-1][1]).strip("【】[]「」"))))
        # (a first line taken for the title, no heading: only over points under such a label, and never a mail's
        # "Subject: Re: a few questions on SwapServe (arXiv:…)" over numbered questions, each answered)
        titled_by_line = title_idx is None
        mail_head = bool(re.match(r"\s*(?:subject|from|to|date|re|fwd?|cc)\s*[:：]", head_line, re.IGNORECASE))
        if len(tw) == 1 and (bringing * 2 <= len(raws) or under_generic) and not set_apart \
                and not (titled_by_line and (mail_head or not under_generic)):
            paper, one_paper = tw[0], True

    # a preamble that is a topic of its own: above the first heading, a note whose title names no work
    # ("# Reading notes, Tuesday") opens with a paragraph about a work and its points ("Today the main
    # find was Tidal (arXiv:…) … - It reports 2.3x …"), and a later section brings another work: the
    # preamble is the first item, not the head of a one-paper note
    pre_raw = _preamble_topic(pre, blocks, title_idx, lex) if (how == "headings" and not fm_works and not file_work
                                                                 and not all_generic) else None
    pre_is_item = pre_raw is not None and any(s - set(_segment_works(pre_raw, lex)[0]) for s in own)
    pre_raws = _preamble_topics(pre, lex) if (how == "headings" and not fm_works and not file_work and not all_generic
                                              and not pre_is_item and (own or paper is None)) else []
    if pre_is_item:
        one_paper = False
        raws = [pre_raw, *raws]
        seg_works = [_segment_works(pre_raw, lex), *seg_works]
        pre = []
    elif pre_raws:
        # a blog post's opening paragraphs, each about a work of its own ("PagedAttention[^1] answered it …",
        # "Mooncake[^2] made the case …"), before its sections: items each
        one_paper = False
        raws = [*pre_raws, *raws]
        seg_works = [*(_segment_works(r, lex) for r in pre_raws), *seg_works]
        pre = [b for b in pre if b.line_end < pre_raws[0].line]
    elif how == "pseudo" and raws and _ANSWER_HEAD.match(_first_line(raws[0])) \
            and len(q_blocks := [b for b in _content(pre) if b.text.strip() and not b.quoted]) >= 2:
        # a Q&A page pasted under the writer's line ("(pasted from Stack Overflow by dmitri …)" / the question / "Answer (score
        # 41, accepted) — …"): the question is a topic before its answers, the writer's line the note's head
        first = q_blocks[1]
        raws = [_Raw("block", first.line, max(b.line_end for b in q_blocks[1:]), first.lines[0][1] if first.lines else first.text,
                     [first.line], q_blocks[1:]), *raws]
        seg_works = [_segment_works(raws[0], lex), *seg_works]
        pre = [b for b in pre if b.line < first.line]
    elif how == "pseudo" and raws and pre and _COMMENT_HEAD_ANY.search(raws[0].head or "") \
            and any(b.kind == "para" and not b.quoted and b.lines and _TICKET_BODY.match(b.lines[0][1]) for b in pre):
        # a ticket or an issue exported with its comments ("[INFRA-2231] …" / fields / "Description: …" / "Comments:" / "Comment by
        # … on …"): the ticket itself, from its first line, is the first topic; its comments follow
        inside = [b for b in _content(pre) if b.text.strip()]
        if inside:
            first = inside[0]
            raws = [_Raw("block", first.line, max(b.line_end for b in inside), first.lines[0][1] if first.lines else first.text,
                         [first.line], inside), *raws]
            seg_works = [_segment_works(raws[0], lex), *seg_works]
            pre = []
    elif how == "entries" and raws and pre and not fm_works and not one_paper \
            and (title_idx is None or not _brings_link(blocks[title_idx].text)) \
            and (long_pre := _long_preamble(pre, lex)) is not None \
            and long_pre.line_end - long_pre.line + 1 >= 2 * sum(r.line_end - r.line + 1 for r in raws) \
            and not set(_segment_works(long_pre, lex)[0]) & {w for ws, _m in seg_works for w in ws}:
        # a review form, a read or a report of one paper written out at length ("Title: PRISM: …" / "Public preprint used
        # while reviewing: arXiv:…" / "Summary" / "Strengths" / "Weaknesses" / "Score: 6") before a short list of private
        # remarks: the read itself is the first topic, about the work its opening names; the remarks follow (a note whose
        # title names its work, "# 精读：TriLattice（arXiv:…）", is a read of that work whatever follows)
        raws = [long_pre, *raws]
        seg_works = [_segment_works(long_pre, lex), *seg_works]
        pre = []
    elif how == "headings" and raws and not fm_works and not file_work and not one_paper \
            and any(b.kind == "row" and comparison_columns(b) for b in pre):
        # a comparison matrix before the first section ("|  | KIVI | KVQuant | QServe |" over "| arXiv | 2402.02750 | …",
        # "| Needs calibration? | no | …") under the note's title: one item about the works its columns compare
        rows = [b for b in pre if b.kind == "row"]
        mworks = list(dict.fromkeys(m.arxiv_id for b in rows for m in find_arxiv_ids(b.text)))
        if len(mworks) >= 2:
            head = blocks[title_idx] if title_idx is not None else rows[0]
            inside = [b for b in pre if b.line >= head.line and b.kind != "hr"]
            if title_idx is not None and head not in inside:
                inside = [head, *inside]
            raws = [_Raw("block", head.line, max(b.line_end for b in inside), head.text, [head.line], inside), *raws]
            seg_works = [(mworks, []), *seg_works]
            pre = [b for b in pre if b.line < head.line]
    page_works = list(dict.fromkeys(head_works))
    if comments and pre and len(page_works) == 1 and not _COMMENTED.match(raws[0].head) and _AGO_HEAD.match(_first_line(raws[0])) \
            and sum(1 for b in _content(pre) if b.kind == "para") >= 2:
        # a paper's page copied with its discussion (Hugging Face, alphaXiv: the title, the abstract, then "**user** ·
        # 3 days ago" comments): the page is the first item, about its paper
        inside = [b for b in pre if b.kind not in ("hr",)]
        if title_idx is not None:
            inside = [blocks[title_idx], *[b for b in inside if b.line != blocks[title_idx].line]]
        page = _Raw("block", inside[0].line, inside[-1].line_end, title or inside[0].text,
                    [ln for ln, _t in inside[0].lines], inside)
        raws = [page, *raws]
        seg_works = [([page_works[0]], [w for w in _segment_works(page, lex)[0] if w != page_works[0]]), *seg_works]
        pre = []
    if not one_paper and raws and how in ("entries", "rules") and title_idx is not None and not fm_works and pre:
        # "# 精读：TriLattice（arXiv:…）", paragraphs reading it, then after a rule "顺手记两件事：" and a list of
        # asides: the read under the title is an item about the work the title names, the asides items too
        tw = list(dict.fromkeys(m.arxiv_id for m in find_arxiv_ids(blocks[title_idx].text)))
        read = [b for b in _content(pre) if b.kind in ("para", "row") and b.line > blocks[title_idx].line]
        if len(tw) == 1 and len(read) >= 2 and not any(tw[0] in a for a, _m in seg_works):
            inside = [b for b in pre if b.line > blocks[title_idx].line and b.kind != "hr"]
            head = blocks[title_idx]
            raws = [_Raw("block", head.line, max(b.line_end for b in inside), head.text, [head.line], [head, *inside]), *raws]
            mentions = [w for b in inside for part in works_in(b.text, lex) for w in part if w != tw[0]]
            seg_works = [(tw, list(dict.fromkeys(mentions))), *seg_works]
            pre = []
    if not one_paper and raws and how == "pseudo" and pre and all(_ANNOTATION.match(_first_line(r)) for r in raws):
        # a PDF reader's annotations of one paper ("StrataKV: … (https://arxiv.org/pdf/2602.13318v2)" then "Page 1,
        # Highlight (yellow): …" / "Note: …" pairs): each annotation is about that paper unless it names another
        head_ids = list(dict.fromkeys(m.arxiv_id for b in _content(pre) for m in find_arxiv_ids(b.text)))
        if len(head_ids) == 1:
            def compared_only(r: _Raw, works: list[str]) -> bool:
                # ("Note: the baseline is FlexGen (2303.06865)": a work the annotation names as what the paper is compared
                # with is a mention)
                text = "\n".join(b.text for b in r.blocks)
                spans = comparison_spans(text, lex)
                at = [(m.arxiv_id, m.start) for m in find_arxiv_ids(text)]
                return bool(works) and all(any(a <= p < e for a, e in spans) for w in works for x, p in at if x == w)
            seg_works = [(w, m) if w and not compared_only(r, w) else ([head_ids[0]], [x for x in [*w, *m] if x != head_ids[0]])
                         for r, (w, m) in zip(raws, seg_works)]
    if one_paper or not raws:
        all_ids = [m.arxiv_id for b in blocks if b.kind not in ("code", "html") for m in find_arxiv_ids(b.text)]
        if paper is None and field_title and one_paper:
            works = []
        elif paper is None and pair_works:
            works = pair_works
        elif paper is None:
            about, comp = works_in("\n".join(b.text for b in blocks if b.kind not in ("code", "html")), lex)
            opening = works_in(head_text, lex)[0] if head_text else []
            works = opening or about[:1] if (opening or about) else []
            if not works and not about and len(comp) == 1:
                works = comp
        else:
            works = [paper]
        mentions = [w for w in dict.fromkeys(all_ids) if w not in works]
        title_ref = (field_title or title) if (one_paper and not works and title) else None
        hl = tuple(ln for b in (head_blocks or blocks[:3]) for ln, _ in b.lines) or (1,)
        carved = [(r, sw) for r, sw in zip(raws, seg_works) if any(r is x for x in asides)] if one_paper and asides else []
        if one_paper and how == "headings":
            # "### 顺带对比：EAGLE-2" under "## 结果" of a reproduction of one paper: a sub-section set apart as an aside
            # is a topic of its own, as a top-level one is
            heads_all = [b for k, b in enumerate(blocks) if b.kind == "heading" and k != title_idx and not b.quoted]
            for n, h in enumerate(heads_all):
                if not _ASIDE_HEAD.match(_strip(h.text)) or any(r.line == h.line for r, _sw in carved):
                    continue
                nxt = next((x.line for x in heads_all[n + 1:] if x.level <= h.level), last_line + 1)
                body = [b for b in blocks if h.line <= b.line < nxt]
                r = _Raw("heading", h.line, max(b.line_end for b in body), h.text, [h.line], body)
                carved.append((r, _segment_works(r, lex)))
            carved.sort(key=lambda rs: rs[0].line)
        if not carved:
            # a read closed by a rule and the writer's notes set apart from it ("---" / "Notes for our doc (not part of
            # the review):" / "- Gap I noticed …: LayerSkip (arxiv.org/abs/2404.16710v2) …" / "- Admin: …"): an entry
            # there that brings its own work or is a chore is a topic of its own; one speaking of the read's paper stays
            rule = max((b.line for b in blocks if b.kind == "hr" and not b.quoted and b.parent is None), default=None)
            lead = next((b for b in blocks if rule is not None and b.line > rule and b.kind == "para" and b.lines), None)
            if lead is not None and _APART_LEAD.match(lead.lines[0][1]):
                ents = [(k, b) for k, b in enumerate(blocks) if b.line > lead.line and b.kind == "item" and b.level == 0
                        and b.parent is None and not b.quoted]
                own = [(k, b) for k, b in ents if _brings_link(b.text) or _CHORE_OPEN.match(b.lines[0][1] if b.lines else b.text)]
                if own and len(ents) >= 2:
                    carved = [(r, _segment_works(r, lex)) for r in _entry_raws(blocks, own, lex)]
        if not carved:
            # a note of one topic whose last paragraphs are set apart ("P.S. unrelated: FA3's build needs CUDA ≥ 12.3 …",
            # "Side note: …", "题外话：…"): each such paragraph is a topic of its own
            paras = [b for b in blocks if b.kind == "para" and b.parent is None and not b.quoted and b.lines
                     and (title_idx is None or b.line > blocks[title_idx].line)]
            side = [b for b in paras[1:] if _ASIDE_OPEN.match(b.lines[0][1])]
            side_raws = [_Raw("pseudo", b.line, b.line_end, b.lines[0][1], [b.line], [b]) for b in side]
            carved = [(r, _segment_works(r, lex)) for r in side_raws]
        end = carved[0][0].line - 1 if carved else last_line
        # "## Side note" between two parts of the read ("## Method", "## Side note", "## Limitations"): what
        # follows an aside's section is the read's again
        rest: list[tuple[int, int]] = []
        if carved:
            bounds = [*(r.line for r, _sw in carved[1:]), last_line + 1]
            rest = [(r.line_end + 1, nxt - 1) for (r, _sw), nxt in zip(carved, bounds) if r.line_end + 1 <= nxt - 1]
        seg = Segment(0, "note", title or PurePosixPath(path).stem, 1, end, title or "", tuple(works),
                      tuple(mentions), title_ref, hl, also=tuple(rest))
        extra = tuple(Segment(n + 1, r.kind, _tidy_title(_unnumbered(_strip(_worded_head(r))))[:200] or f"item {n + 2}", r.line, r.line_end,
                              r.head, tuple(a), tuple(m), None, tuple(r.head_lines))
                      for n, (r, (a, m)) in enumerate(carved))
        return NoteShape((seg, *extra), one_paper, title, None, paper)

    # "# Critical read: Llumnix (arXiv:2406.03243)" over numbered points, some about other works: a point
    # that names no work ("## 1. Migration and tail TTFT", "## 5. Presentation issues") is about the
    # paper the title names
    # (and "# alphaXiv comments — SPINE (2605.13390v2)" over the page's comments: a comment naming no work is about it)
    title_work = None
    sections_only = False
    if title_idx is not None and how in ("headings", "pseudo") and not fm_works:
        tw = list(dict.fromkeys(m.arxiv_id for m in find_arxiv_ids(blocks[title_idx].text)))
        title_work = tw[0] if len(tw) == 1 else None
    if how == "dialogue":
        # an interview about one work ("Interview with …, first author of Mirror Drafting (arXiv:…)") or a
        # question about one ("问：如何评价 TriLattice（arxiv.org/abs/…）？"): an answer naming no work of its own is
        # about it, and so is a question that only compares it with another ("How is this different from LayerSkip?")
        tw = list(dict.fromkeys(fm_works or head_works))
        title_work = tw[0] if len(tw) == 1 else None
        if title_work is not None:
            seg_works = _compared_to_title_work(
                raws, seg_works, title_work, lex,
                lambda r: bool(_QUESTION_MARK.match(r.blocks[0].lines[0][1] if r.blocks and r.blocks[0].lines else "")), lambda r: r.head)
    if title_work is None and not fm_works and how in ("entries", "pseudo"):
        # a mail about one work ("Subject: Re: a few questions on SwapServe (arXiv:2603.08821v1)" over numbered questions
        # and the author's answers): a question naming no work is about it, and so is one that only compares it with
        # another ("Did you compare against InfiniGen [2406.19707]?")
        subject = next((m.group("t") for b in head_blocks if b.kind == "para" for _ln, t in b.lines
                        if (m := _MAIL_SUBJECT.match(t))), None)
        sw = list(dict.fromkeys(m.arxiv_id for m in find_arxiv_ids(subject))) if subject else []
        if len(sw) == 1:
            title_work = sw[0]
            seg_works = _compared_to_title_work(raws, seg_works, title_work, lex, lambda r: "?" in r.head, lambda r: r.head)
    if title_work is None and not fm_works and how == "entries" and title_idx is not None \
            and len(set(head_works)) == 1 and not find_arxiv_ids(blocks[title_idx].text) \
            and _PAPER_GIVEN.search(" ".join(b.text for b in head_blocks if b.kind == "para")):
        # a talk's or a read's points under its title and the paper its head gives ("# Tidal: SLO-Class … (SoCC 2027)" /
        # "Speaker is the first author … (paper: arXiv 2603.04417)" / "- [00:40] Framing: …"): a point naming no work is
        # about that paper
        title_work = head_works[0]
    # (on a tracker's issue page, "### Issue #412: …" or a paste of ".../issues/412", the first comment is the issue itself)
    opener = comments and _COMMENTED.match(raws[0].head) and any(_ISSUE_PAGE.search(b.text) for b in head_blocks)
    if comments and title_work is None and seg_works and len(seg_works[0][0]) == 1 \
            and (opener or not _COMMENTED.match(raws[0].head)) and not _AGO_HEAD.match(_first_line(raws[0])):
        title_work = seg_works[0][0][0]  # the issue's own work, for the comments that name none
        # ("How is this different from Sequoia (2402.12374)?" under the page of ArborSpec: a question comparing the
        # page's work with another is about the page's work)
        seg_works = [seg_works[0], *_compared_to_title_work(raws[1:], seg_works[1:], title_work, lex,
                                                            lambda r: "?" in _turn_text_of(r), _turn_text_of)]
        if _AGO_HEAD.match(_first_line(raws[min(1, len(raws) - 1)])):
            # on a page's discussion, a comment is about what its own words name: a work named only in a reply under
            # it ("the standard residual resampling from Leviathan et al. (arXiv:2211.17192)") is a mention; a comment
            # its writer calls off topic is about none
            for n, r in enumerate(raws[1:], 1):
                a, m = seg_works[n]
                own_words = _turn_text_of(r)
                if _OFF_TOPIC.match(own_words):
                    seg_works[n] = ([], list(dict.fromkeys([*a, *m])))
                elif a and title_work not in a and not works_in(_comment_words(r), lex)[0]:
                    seg_works[n] = ([title_work], list(dict.fromkeys([*m, *a])))
    if title_work is None and title_idx is not None and how == "headings" and not fm_works and not one_paper \
            and len(head_works) == 1 and (len(_strip(blocks[title_idx].text).split()) <= 3
                                          or _named_at_head(_strip(blocks[title_idx].text), head_blocks, head_works[0])) \
            and not find_arxiv_ids(blocks[title_idx].text):
        # a deck or a write-up titled by its work's name ("# RotaGroup") whose cover gives the work's link: a slide that
        # names no work of its own ("## The idea", "## Results (Table 2 …)") is about it; one that only names a work
        # it builds on or compares with ("Kernel is a fork of Marlin (2408.11743)") too; in a longer title that opens with
        # the name its head gives the work ("# EAGLE-2 re-run log" over "the EAGLE-2 paper [2406.16858]"), only its
        # sections are (a "## Misc" list's "gpu-07 fan alarm again" is about none)
        title_work = head_works[0]
        sections_only = len(_strip(blocks[title_idx].text).split()) > 3

        def compared_only(r: _Raw) -> bool:
            return not any(works_in(b.text, lex)[0] for b in r.blocks if b.kind not in ("code", "html"))
        seg_works = [([title_work], list(dict.fromkeys([*a, *m]))) if (a or m) and title_work not in a and compared_only(r)
                     else (a, m) for r, (a, m) in zip(raws, seg_works)]
    if title_work is None and how in ("dialogue", "replies") and len(set(head_works)) == 1 \
            and any(re.match(r"\s*(?:subject|主题)\s*[:：]", t, re.I) and find_arxiv_ids(t) for b in head_blocks for _ln, t in b.lines):
        # a mail answering questions about one paper ("Subject: Re: SpecThrottle (arXiv:2604.11872) — three questions"):
        # each quoted question with its answer is about that paper
        title_work = head_works[0]
    if title_work is not None:
        # (a comment naming another work of the note by its short name, "@aisha FMA-Decode is a non-starter …", is about it)
        names = _NOTE_NAMES.get() if comments else {}
        seg_works = [(a, m) if a or _brings_link("\n".join(b.text for b in r.blocks)) or _OFF_TOPIC.match(_turn_text_of(r))
                     or (sections_only and r.kind != "heading")
                     or (names and _named_in(_turn_text_of(r), names) not in (None, title_work))
                     else ([title_work], m) for r, (a, m) in zip(raws, seg_works)]
    # "• ravi: same README: on the 70B target …", "and their draft step costs …" after an item about Kestrel:
    # an item that names no work and opens by pointing back is about the work of the item before it
    for n in range(1, len(seg_works)):
        a, m = seg_works[n]
        if not a and seg_works[n - 1][0] and _POINTS_BACK.match(_SPEAKER_LEAD.sub("", raws[n].head, count=1)):
            seg_works[n] = (list(seg_works[n - 1][0]), m)
    # "our AWQ run (not a paper): vLLM v0.7.3 …", "CI flake (not a paper): …": the writer says the item is
    # about no work; what it names is a mention
    # "**二、KVQuant vs KIVI 再对比（2401.18079 / arXiv:2402.02750）**": a topic headed as two works set side by side, their
    # identifiers in one bracket after both names, is about both (a "vs" in running text still names one compared with)
    for n, r in enumerate(raws):
        if r.kind in ("heading", "pseudo") and (pair := _head_pair(r.head)) is not None:
            a, m = seg_works[n]
            seg_works[n] = (pair, [w for w in dict.fromkeys([*a, *m]) if w not in pair])
    # (or its first line under the heading does: "## General remark: what "speedup" meant" / "Not a paper. The three …")
    seg_works = [([], list(dict.fromkeys([*m, *a]))) if a and (not_a_paper(r.head) or opens_not_a_paper(_opening_line(r)))
                 else (a, m) for r, (a, m) in zip(raws, seg_works)]
    if len(raws) >= 2 and _CODA.match(_strip(raws[-1].head)) and not seg_works[-1][0] and _places(_raw_text(raws[-1])) \
            and _coda_places_one(raws[:-1], seg_works[:-1], _raw_text(raws[-1])):
        # "---" then "me (ines): if the numbers hold up, it's a candidate for 6.1": the writer's closing word on the note
        # (read with the item it names, ``ingest.notes``), no item of its own
        raws, seg_works = raws[:-1], seg_works[:-1]
    segs = []
    coda = _coda_line(blocks, raws[-1]) if raws else None
    if coda is not None and not _coda_places_one(raws, seg_works, "\n".join(
            b.text for b in blocks if b.kind == "para" and b.line >= coda and b.line <= raws[-1].line_end)):
        coda = None
    for n, (r, (a, m)) in enumerate(zip(raws, seg_works)):
        end = coda - 1 if coda is not None and n == len(raws) - 1 else r.line_end
        segs.append(Segment(n, r.kind, _tidy_title(_unnumbered(_strip(_worded_head(r))))[:200] or f"item {n + 1}", r.line, end, r.head,
                            tuple(a), tuple(m), None if a else _row_title_ref(r), tuple(r.head_lines), r.row_cells, r.also, r.shares))
    pre_span = (min(b.line for b in pre), max(b.line_end for b in pre)) if pre else None
    return NoteShape(tuple(segs), False, title, pre_span, None)


#: The writer's own closing word on the whole note, after its items: "my take: …", "me (ines): …", "[jonas] For the doc: …",
#: "我的看法：…".  A closing "结论：" or "Summary:" is left to the item it closes (a meeting's last topic has its own).
_CODA = compile_lazy(r"^\W*(?:\[[\w .-]{1,24}\]\s*)?(?:my (?:take|view|opinion|verdict|two cents|read)|me \([^()]{1,24}\)|"
                     r"for the doc|(?:我的|个人)(?:看法|判断|意见|结论)|我的建议)\s*[:：—–-]", re.IGNORECASE)


def _coda_line(blocks: list[MdBlock], last: _Raw) -> int | None:
    """The first line of the writer's closing word (``_CODA``) at the end of the last item ``last``, set apart from the
    item by a blank line or a rule, or None: it speaks of the note's items (places them by name, says which is off-topic),
    not of the last one."""
    inside = [b for b in blocks if last.line < b.line <= last.line_end and b.kind in ("para", "hr") and not b.quoted]
    paras = [b for b in inside if b.kind == "para"]
    if not paras:
        return None
    b = paras[-1]
    first = b.lines[0][1] if b.lines else ""
    if not _CODA.match(first) or b.line <= last.line + 1 or not _places(b.text):
        return None
    return b.line


def _coda_places_one(raws: list[_Raw], seg_works: list, text: str) -> bool:
    """Whether a closing word can be read with one item: it names one item's lead name ("SinkShift deserves a line in
    §4.2" under "[14:18] SINKSHIFT (their own paper)"), or one item alone is about a work.  A closing word placing several
    items by what they do ("the int2 / int4 KV paths … belong in §7.1") stays a part of its own."""
    leads = set()
    for r, (works, _m) in zip(raws, seg_works):
        name = lead_name(_strip(r.head))
        # (a name: an item's about a work, or written as names are, "SINKSHIFT", "TwinScale", "EAGLE-2"; not "Fixes")
        if name and (works or re.search(r"[A-Z].*[A-Z]|\d", name)):
            leads.add(name)
    named = [n for n in leads if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text, re.IGNORECASE)]
    if len(named) == 1:
        return True
    return not named and sum(1 for a, _m in seg_works if a) == 1


def _places(text: str) -> bool:
    """Whether a closing word places something in the living document ("deserves a line in §4.2", "a candidate for 6.1"):
    one that only sums up ("我的看法：两个回答都是答主自己的经验") is a part of the note of its own."""
    from .placement import section_refs

    return any(r.role == "suggest" for r in section_refs(text))


def _raw_text(r: _Raw) -> str:
    """The text of a raw item's blocks."""
    return "\n".join(b.text for b in r.blocks) or r.head


def lead_name(title: str) -> str | None:
    """The name a title opens with, a slide's time before it left out ("[14:18] SINKSHIFT (their own paper)" ->
    ``SINKSHIFT``, "PagedTree: Branch-Shared …" -> ``PagedTree``, "EAGLE-2 at T=1" -> ``EAGLE-2``), or None (no word of
    three characters or more leads it)."""
    head = re.sub(r"^\W*\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s*", "", title)
    m = re.match(r"[^\w]*([A-Za-z][\w+#.-]*[\w+#])", head)
    return m.group(1) if m and len(m.group(1)) >= 3 else None


#: A mail's signature delimiter (RFC 3676 writes "-- "; people type "--" or a dash alone).
_SIG_DELIMITER = frozenset({"--", "—", "–"})


def signature_blocks(blocks: list[MdBlock]) -> set[int]:
    """First lines of the blocks of a mail's signature: the paragraph opening with ``-- `` and the unquoted paragraphs after
    it (a name, a phone number, a tagline, a legal disclaimer) up to the next quoted mail, heading or attribution line
    ("On Tue, …, Dana wrote:").  A sender's letterhead states nothing of any work ("Kestrel Stream: 2.4M tokens per
    session")."""
    out: set[int] = set()
    on = closing = False
    for b in blocks:
        first = b.lines[0][1] if b.lines else ""
        if b.quoted or b.kind == "heading" or _ATTRIBUTION.match(first) or (b.kind == "para" and _MAIL_FROM.match(first)):
            on = closing = False
        elif b.kind == "para" and first.strip() in _SIG_DELIMITER:
            on, closing = True, False
        elif b.kind == "para" and _SIGN_OFF.match(first) and _signature_lines(b.lines[1:]):
            # "Thanks," / "Priya" and the lines under it ("Priya Raman | Inference team", "Sent from my phone"): a
            # closing and a signature, short lines that name no work, until a postscript or a link
            on = closing = True
        elif closing and not (b.kind == "para" and _signature_lines(b.lines)):
            on = closing = False
        if on and b.kind == "para":
            out.add(b.line)
    return out


def letter_lines(blocks: list[MdBlock]) -> dict[int, str]:
    """The lines of a mail that carry no statement of any work, only the letter's form: ``{line: "header"}`` for its header
    fields (every line of a paragraph ``From:`` / ``To:`` / ``Subject:`` / ``发件人：``…), which are the note's metadata, and
    ``{line: "form"}`` for its greeting ("Hi all,", "Dear Wen,", "各位好，"), an attribution over a quoted mail ("On Mon, 11 Sep
    2028, Tomas wrote:") and a quoted mail's own closing and signature ("> Thanks," / "> Lena"), which are no claims."""
    out: dict[int, str] = {}
    for b in blocks:
        if b.kind != "para" or not b.lines:
            continue
        if all(_MAIL_FROM.match(t) or _MAIL_FIELD.match(t) for _ln, t in b.lines):
            out.update((ln, "header") for ln, _t in b.lines)
            continue
        if b.quoted and _SIGN_OFF.match(b.lines[0][1]) and _signature_lines(b.lines[1:]):
            out.update((ln, "form") for ln, _t in b.lines)
            continue
        for ln, t in b.lines:
            if _ATTRIBUTION.match(t) or (len(b.lines) == 1 and _GREETING.match(t)):
                out[ln] = "form"
    return out


#: A letter's greeting on a line of its own: "Hi all,", "Dear Wen,", "Hello team!", "各位好，".
_GREETING = compile_lazy(r"^\s*(?:(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening))\b[^.!?。！？]{0,40}[,，:：!！]?"
                         r"|(?:各位|大家|老师们?)[^。！？，,]{0,6}好[,，!！:：。]?)\s*$", re.IGNORECASE)


def _signature_lines(lines: list[tuple[int, str]]) -> bool:
    """Whether ``lines`` (of a paragraph after a letter's closing) are a signature: at most four short lines, none naming
    a work, a link or a figure, none opening a postscript."""
    return len(lines) <= 4 and all(len(t.strip()) <= 80 and not _brings_link(t) and not find_arxiv_ids(t)
                                   and not _POSTSCRIPT.match(t) and not re.search(r"\d+(?:\.\d+)?\s*(?:x|×|%|倍)", t)
                                   for _ln, t in lines)


#: A postscript after a letter's closing: "P.S. …", "PS: …", "附：…".
_POSTSCRIPT = compile_lazy(r"^\s*(?:p\.?\s?s\.?|附|另外)\s*[:：.,，]?\s*\S", re.IGNORECASE)
