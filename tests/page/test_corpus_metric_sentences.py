"""Corpus mode under each registered metric but BLEU: the per-sentence table, its histogram and its exports show each
line's score in the page's metric, labelled with it; the Compare view's verdict, sentence examples and JSON go by
that metric (lower TER is better; NIST in bits). Through corpus mode's fake page on the first 40 lines of the TED
files.

Oracles, the peers themselves: sacreBLEU 2.6.0's ``sentence_chrf``, ``sentence_ter`` and ``corpus_ter``;
rouge-score 0.1.2's ``RougeScorer``; NLTK's ``sentence_gleu`` on sacreBLEU's 13a tokens (HF evaluate's
``google_bleu``) and ``sentence_nist`` on lower-cased 13a tokens (mteval-v13a.pl's; NLTK divides by zero on some
short lines, where bleu2 gives mteval's number).
"""

from __future__ import annotations

import json

import pytest
from nltk.translate.gleu_score import sentence_gleu
from nltk.translate.nist_score import sentence_nist
from rouge_score.rouge_scorer import RougeScorer
from sacrebleu import corpus_ter, sentence_chrf, sentence_ter
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bleu2.page import i18n
from bleu2.page.corpus import views
from corpus_page import DEBOUNCE_MS, Page
from shared_data import TED

LINES = 40
NAMES = ("ted.ref.detok.eng", "ted.sys1.detok.eng", "ted.sys2.detok.eng")
TOK = Tokenizer13a()


def _lines(name: str) -> list[str]:
    return (TED / name).read_text(encoding="utf-8").splitlines()[:LINES]


REF, SYS1, SYS2 = (_lines(n) for n in NAMES)


def _nist(hyp: str, ref: str) -> float | None:
    try:
        return sentence_nist([TOK(ref.lower()).split()], TOK(hyp.lower()).split())
    except ZeroDivisionError:
        return None


#: metric -> one line's peer score (a fraction; NIST's bits; None: the peer divides by zero).
PEERS = {
    "chrf": lambda hyp, ref: sentence_chrf(hyp, [ref]).score / 100,
    "ter": lambda hyp, ref: sentence_ter(hyp, [ref]).score / 100,
    "rouge": lambda hyp, ref: RougeScorer(["rouge1"]).score(ref, hyp)["rouge1"].fmeasure,
    "gleu": lambda hyp, ref: sentence_gleu([TOK(ref).split()], TOK(hyp).split()),
    "nist": _nist,
}


def scored(metric: str, test: str = "none", n: str = "0") -> Page:
    page = Page()
    page.port.set("opt-metric", metric)
    page.port.set("corpus-test", test)
    page.port.set("corpus-n", n)
    page.port.set("corpus-sort", "line")
    page.load("reference", (NAMES[0], "\n".join(REF).encode() + b"\n"))
    page.load("system", *((name, "\n".join(lines).encode() + b"\n") for name, lines in zip(NAMES[1:], (SYS1, SYS2))))
    page.work()
    page.fire(DEBOUNCE_MS)
    page.work()
    return page


@pytest.mark.parametrize("metric", list(PEERS))
def test_the_per_sentence_table_shows_each_lines_score_in_the_pages_metric_equal_to_its_peer(metric):
    page = scored(metric)
    res = page.session.results[page.control.result]
    m = views.sentence_metric(res)
    assert m is not None and m.key == metric
    for k, lines in enumerate((SYS1, SYS2)):
        peer = [PEERS[metric](hyp, ref) for hyp, ref in zip(lines, REF)]
        mine = m.sentences[k]
        # sacreBLEU's percent over 100: within one float rounding
        assert [x for x, y in zip(mine, peer) if y is not None] == pytest.approx(
            [y for y in peer if y is not None], abs=1e-15
        )
        assert sum(y is not None for y in peer) >= LINES - 5
    # the table (in line order): labelled with the metric's name, each cell the line's score
    peer = [PEERS[metric](hyp, ref) for hyp, ref in zip(SYS1, REF)]
    sentences = page.port.last("results")["sentences"]
    assert sentences["head"][1] == (m.name + " (bits)" if metric == "nist" else m.name)
    assert [row["cells"][1] for row in sentences["rows"]][:5] == [
        i18n.format_number(x, "en") for x in m.sentences[0][:5]
    ]
    assert all(
        row["cells"][1] == i18n.format_number(y, "en") for row, y in zip(sentences["rows"], peer) if y is not None
    )
    assert m.name in sentences["caption"]
    # the histogram counts every line in the metric's sentence scores
    histogram = page.port.last("svg")[1]
    assert sum(histogram["counts"]) == LINES and m.name in histogram["title"]
    # "How it works" ends on the page's metric, with the system's score in it
    last = page.port.last("help")["steps"][-1]
    assert last.startswith(f"The page's metric, {m.name}.") and i18n.format_number(m.scores[0], "en") in last
    # the sentence exports carry the metric's column beside BLEU's
    page.on("export", "sentences", "csv")
    rows = page.port.downloads[-1][2].splitlines()
    key = f"{metric}_score"
    assert rows[0].split(",") == ["system", "line", "score", key]
    assert [float(r.rsplit(",", 1)[1]) for r in rows[1 : 1 + LINES] if not r.endswith(",")] == [
        x for x in m.sentences[0] if x is not None
    ]
    page.on("export", "sentences", "json")
    first = json.loads(page.port.downloads[-1][2].splitlines()[0])
    assert first[key] == m.sentences[0][0] and "matches" in first  # BLEU's fields kept


def test_under_ter_the_verdict_and_the_examples_go_by_ter_lower_is_better():
    page = scored("ter", test="paired-bs", n="100")
    view = page.port.last("compareView")[1]
    ter = [corpus_ter(lines, [REF]).score / 100 for lines in (SYS1, SYS2)]
    winner, loser = (0, 1) if ter[0] < ter[1] else (1, 0)
    fmt = [i18n.format_number(x, "en") for x in ter]
    assert view["verdict"]["headline"] == (
        f"By TER, the metric the table above ranks by, {NAMES[1 + winner]} scores better (an error rate: lower is"
        f" better): TER {fmt[winner]} against {fmt[loser]} for {NAMES[1 + loser]}."
    )
    assert view["verdict"]["test"] == "paired-bs" and view["verdict"]["p_value"] is not None
    assert [row[1] for row in view["scores"]["rows"]] == fmt and view["scores"]["head"][1] == "TER"
    # the first example where the baseline (sys1) beats sys2: the line where sys2's sentence TER exceeds sys1's most
    peer = [[PEERS["ter"](h, r) for h, r in zip(lines, REF)] for lines in (SYS1, SYS2)]
    gaps = [b - a for a, b in zip(*peer)]
    item = view["examples"][0]["items"][0]
    line = item["line"]
    assert gaps[line - 1] == max(gaps)
    assert view["examples"][0]["caption"].endswith("(sentence TER)")
    first, second = (row["score"] for row in item["rows"][-2:])
    a, b = peer[0][line - 1], peer[1][line - 1]
    delta = i18n.format_number(b - a, "en")
    assert first == f"TER {i18n.format_number(a, 'en')}"
    assert second == f"TER {i18n.format_number(b, 'en')}, +{delta} against the baseline"
    # the JSON export: bleu2 compare's, with the page's metric beside it
    page.on("compare_export", "json")
    exported = json.loads(page.port.downloads[-1][2])
    block = exported["page_metric"]
    assert [s["score"] for s in block["scores"]] == ter and block["lower_is_better"] and block["unit"] == "fraction"
    assert block["scores"][1]["p_value"] == view["verdict"]["p_value"]
    assert block["pairs"][0]["examples"]["left_better"][0]["line"] == line
    assert "scores" in exported and exported["systems"] == list(NAMES[1:])  # bleu2 compare's fields kept


def test_under_nist_the_compare_view_shows_bits():
    page = scored("nist")
    view = page.port.last("compareView")[1]
    assert view["verdict"]["headline"].startswith("By NIST, the metric the table above ranks by, ")
    assert view["verdict"]["headline"].count(" bits") == 2
    assert all(row[1].endswith(" bits") for row in view["scores"]["rows"])
    item = view["examples"][1]["items"][0]
    assert item["rows"][-1]["score"].startswith("NIST ") and item["rows"][-1]["score"].endswith(" against the baseline")
    page.on("compare_export", "json")
    assert json.loads(page.port.downloads[-1][2])["page_metric"]["unit"] == "bits"


def _corpus_gleu(hyps: list[str]) -> float:
    from nltk.translate.gleu_score import corpus_gleu

    return corpus_gleu([[TOK(r).split()] for r in REF], [TOK(h).split() for h in hyps])


#: metric -> (its name, a system's corpus score by the peer: rouge-score's mean F, NLTK's corpus_gleu).
CORPUS_PEERS = {
    "rouge": ("ROUGE-1", lambda hyps: sum(PEERS["rouge"](h, r) for h, r in zip(hyps, REF)) / len(hyps)),
    "gleu": ("GLEU", _corpus_gleu),
}


@pytest.mark.parametrize("metric", list(CORPUS_PEERS))
def test_under_rouge_and_gleu_the_verdict_names_the_metric_and_the_peers_winner(metric):
    page = scored(metric)
    name, corpus = CORPUS_PEERS[metric]
    scores = [corpus(lines) for lines in (SYS1, SYS2)]
    winner, loser = (0, 1) if scores[0] > scores[1] else (1, 0)
    fmt = [i18n.format_number(x, "en") for x in scores]
    view = page.port.last("compareView")[1]
    assert view["verdict"]["headline"] == (
        f"By {name}, the metric the table above ranks by, {NAMES[1 + winner]} scores better: {name} {fmt[winner]}"
        f" against {fmt[loser]} for {NAMES[1 + loser]}."
    )
    assert view["examples"][1]["caption"].endswith(f"(sentence {name})")
