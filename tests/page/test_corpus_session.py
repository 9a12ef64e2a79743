"""bleu2.page.corpus: corpus mode's files, jobs and views (CPython, no browser).

Oracles: the command line (its --json output on the same files) and sacreBLEU for the
scores; the spec for the messages.
"""

from __future__ import annotations

import json
import math

import pytest

import bleu2
from bleu2 import cli
from bleu2.page.corpus.port import message_text
from bleu2.page.corpus.session import PAGE_SIZE, Session
from shared_data import TED

REF = TED / "ted.ref.detok.eng"
SYS1 = TED / "ted.sys1.detok.eng"
SYS2 = TED / "ted.sys2.detok.eng"


def loaded(*files, session=None):
    s = session or Session()
    for role, path in files:
        out = s.load(role, path.name, path.read_bytes())
        assert out["ok"], out
    return s


def run(session, **request):
    start = session.start(dict({"lang": "en", "form": {}}, **request))
    assert start["ok"], start
    fractions = []
    while True:
        out = session.step(start["job"], 50)
        if out["done"]:
            assert "error" not in out
            return out["result"], fractions
        fractions.append(out["fraction"])


def test_corpus_scores_equal_the_cli_json(capsys, monkeypatch):
    s = loaded(("reference", REF), ("system", SYS1), ("system", SYS2))
    result, fractions = run(s)
    assert fractions == sorted(fractions) and all(0 <= f <= 1 for f in fractions)
    view = s.view(result, {"lang": "en"})
    monkeypatch.chdir(TED)
    assert cli.main(["--json", "-r", REF.name, SYS1.name, SYS2.name]) == 0
    assert view["json"] == capsys.readouterr().out  # exactly the CLI's --json
    data = json.loads(view["json"])
    assert [d["system"] for d in data] == [SYS1.name, SYS2.name]
    assert data[0]["score"] == pytest.approx(0.373253, abs=5e-7)  # README: ted.sys1 BLEU-2 (CLI 37.33)


def test_every_step_reports_a_fraction_in_0_1_that_never_goes_back():
    # budget 0: each step reports; 2,445 lines in chunks of 1,000 leave a short last chunk
    s = loaded(("reference", REF), ("system", SYS1), ("system", SYS2))
    start = s.start({"lang": "en", "form": {}, "chunk": 1000, "test": "none"})
    fractions = []
    while not (out := s.step(start["job"], 0))["done"]:
        fractions.append(out["fraction"])
    # every system's statistics and sentence scores line by line: one step per chunk
    assert fractions == [1000 / 2445, 2000 / 2445, 1.0]


def test_options_from_the_form_and_the_system_table():
    s = loaded(("reference", REF), ("system", SYS1), ("system", SYS2))
    form = {"max_order": "4", "smoothing": "none", "tokenizer": "intl", "lowercase": "auto"}
    result, _ = run(s, form=form)
    table = s.view(result, {"lang": "en"})["table"]
    assert table["head"][:3] == ["Rank", "System", "BLEU-4"]
    # README's example: ted.sys2 24.92, p1 27640/47304 ... BP 0.948, c 47304, r 49852
    assert table["rows"][0][:4] == ["1", SYS2.name, "0.2492", "27,640/47,304"]
    bp, ratio = math.exp(1 - 49852 / 47304), 47304 / 49852  # Papineni et al. 2002, from c and r
    assert table["rows"][0][-4:] == [f"{bp:.4f}", f"{ratio:.4f}", "47,304", "49,852"]
    assert table["rows"][1][:3] == ["2", SYS1.name, "0.2345"]


def test_bad_files_name_the_file_and_keep_what_was_loaded():
    s = loaded(("reference", REF))
    bad = s.load("system", "broken.txt", b"fine\n\xff\xfe oops\n")
    assert not bad["ok"]
    text = message_text(bad["message"])
    assert "broken.txt: line 2 is not valid UTF-8 (byte 0xff at byte 1 of the line)" in text
    assert "already loaded is kept" in text
    binary = message_text(s.load("system", "image.png", b"\x89PNG\r\n\x1a\n\x00\x00")["message"])
    assert "image.png: line 3 holds a NUL byte" in binary and "binary" in binary
    empty = s.load("system", "empty.txt", b"")
    assert not empty["ok"] and "empty.txt is empty" in message_text(empty["message"])
    assert [f["name"] for f in s.files_view()["references"]] == [REF.name]
    assert s.files_view()["systems"] == []


def test_a_file_whose_line_count_differs_is_refused_and_not_listed():
    s = loaded(("reference", REF))
    short = s.load("system", "short100.txt", b"one line\n" * 100)
    assert not short["ok"]
    assert message_text(short["message"]) == (
        "Not loaded: short100.txt has 100 lines, the files loaded have 2,445 lines (line i of every file belongs"
        " to sentence i). What was already loaded is kept."
    )
    assert message_text(short["message"], "es").startswith("No se cargó: short100.txt tiene 100 líneas")
    view = s.files_view()
    assert view["systems"] == [] and view["problem"] == {"key": "corpus_need_system"}
    assert s.load("system", SYS1.name, SYS1.read_bytes())["ok"] and s.files_view()["ready"]


def test_the_engines_input_errors_are_written_in_the_pages_language():
    s = Session()
    cases = [
        (b"fine\n\xe9t\xe9\n", "es", "No se cargó: latin1.txt: la línea 2 no es UTF-8 válido (byte 0xe9 en el byte 1"),
        (b"\x1f\x8b\x08\x00", "pt", "Não carregado: latin1.txt é um arquivo gzip: descompacte-o antes."),
        ("one\ntwo\n".encode("utf-16"), "es", "No se cargó: latin1.txt está en UTF-16, no es texto UTF-8"),
        (b"a\nb\n\x00", "pt", "Não carregado: latin1.txt: a linha 3 contém um byte NUL"),
    ]
    for data, lang, expected in cases:
        out = s.load("reference", "latin1.txt", data)
        assert not out["ok"]
        assert message_text(out["message"], lang).startswith(expected), message_text(out["message"], lang)
        assert json.loads(json.dumps(out)) == out  # plain data


@pytest.mark.parametrize(("field", "value"), [("seed", -1), ("seed", 1.5), ("n", 1.5), ("n", -3), ("seed", True)])
def test_resamples_and_seeds_that_are_not_whole_numbers_are_refused(field, value):
    s = loaded(("reference", REF), ("system", SYS1))
    out = s.start({"lang": "en", "form": {}, "test": "confidence", field: value})
    key = "corpus_bad_seed" if field == "seed" else "corpus_bad_resamples"
    assert out == {"ok": False, "message": {"key": key, "params": {"value": str(value)}}}
    assert s.jobs == {}


def test_crlf_cr_and_bom_read_as_the_cli_reads_them(tmp_path):
    s = Session()
    a = s.load("reference", "a.txt", b"\xef\xbb\xbfthe cat sat\r\non the mat\r\n")
    assert a["ok"] and a["file"]["lines"] == 2
    assert s.files[a["file"]["id"]].lines == cli.read_lines(
        str(_write(tmp_path / "a.txt", b"\xef\xbb\xbfthe cat sat\r\non the mat\r\n"))
    )
    assert s.files[a["file"]["id"]].lines == ["the cat sat", "on the mat"]
    b = s.load("system", "b.txt", b"one\rtwo\nthree\n")  # a lone CR stays inside its line, as in the CLI
    assert s.files[b["file"]["id"]].lines == ["one\rtwo", "three"]


def _write(path, data):
    path.write_bytes(data)
    return path


def test_sentence_page_worst_first_paginated_and_lines_open():
    s = loaded(("reference", REF), ("system", SYS1))
    result, _ = run(s)
    view = s.view(result, {"lang": "en"})
    page = view["sentences"]
    assert page["pages"] == -(-2445 // PAGE_SIZE) and len(page["rows"]) == PAGE_SIZE
    scores = s.results[result].systems[0][1].sentence_scores
    assert [r["line"] for r in page["rows"]] == sorted(range(2445), key=lambda i: (scores[i], i))[:PAGE_SIZE]
    assert page["label"] == "Lines 1–50 of 2,445"
    last = s.view(result, {"lang": "en", "page": 999, "sort": "line"})["sentences"]
    assert last["page"] == page["pages"] - 1 and last["rows"][-1]["line"] == 2444
    line = s.line(result, 0, 7)
    refs = REF.read_text(encoding="utf-8").splitlines()
    assert line["references"] == [refs[7]]
    # the sentence view gives the line's sentence score
    assert bleu2.sentence_bleu(line["candidate"], line["references"]).score == scores[7]
    hist = view["histogram"]
    assert sum(hist["counts"]) == 2445 and len(hist["counts"]) == 10
    titles = [e["text"] for e in hist["elements"] if e["attrs"].get("class") == "axis-title"]
    assert titles == ["Sentence BLEU", "Sentences"]
    spanish = s.view(result, {"lang": "es"})["histogram"]["elements"]
    assert [e["text"] for e in spanish if e["attrs"].get("class") == "axis-title"] == ["BLEU por oración", "Oraciones"]
    y_title = next(e for e in hist["elements"] if e["text"] == "Sentences")
    assert y_title["attrs"]["transform"].startswith("rotate(-90 ")  # along the left edge
    bars = [e for e in hist["elements"] if e["tag"] == "rect"]
    assert {e["attrs"]["class"] for e in bars} == {"bar bar-histogram"}  # styled by the page's CSS


def test_exports_in_the_cli_shapes(capsys, monkeypatch):
    s = loaded(("reference", REF), ("system", SYS1), ("system", SYS2))
    result, _ = run(s)
    monkeypatch.chdir(TED)
    assert cli.main(["--sentence", "-r", REF.name, SYS1.name, SYS2.name]) == 0
    assert s.export(result, "sentences", "json")["text"] == capsys.readouterr().out
    csv = s.export(result, "systems", "csv")
    assert csv["filename"] == "bleu2-corpus-systems.csv" and csv["text"].startswith("rank,system,score,p1_matches")
    md = s.export(result, "systems", "markdown", "es")["text"]
    assert md.startswith(("| Posición |", "| "))


def test_cancel_forgets_the_job_and_keeps_the_last_result():
    s = loaded(("reference", REF), ("system", SYS1))
    first, _ = run(s)
    job = s.start({"lang": "en", "form": {"max_order": "4"}})["job"]
    s.step(job, 1)
    s.cancel(job)
    assert s.step(job, 1) == {"done": True, "error": {"text": "no such job"}}
    assert first in s.results


def test_a_pasted_text_is_read_as_the_bytes_a_file_would_hold():
    s = Session()
    out = s.load_text("reference", "pasted reference 1", "the cat sat on the mat\r\na dog\r\n")
    assert out["ok"] and out["file"]["lines"] == 2 and out["file"]["size"] == 31
    assert s.files[1].lines == ["the cat sat on the mat", "a dog"]
    assert message_text(s.files_view("es")["problem"], "es") == "Cargue al menos un archivo de sistema."


def test_a_message_is_worded_in_the_language_asked_with_its_numbers_formatted_there():
    assert message_text({"key": "corpus_progress_scoring", "numbers": {"percent": 12}}, "es") == "Puntuando: 12 %"
    empty = message_text({"key": "corpus_empty_file", "params": {"name": "a.txt"}}, "pt")
    assert empty == "a.txt está vazio (sem linhas): não foi carregado."
    assert message_text(None) == "" and message_text({"text": "NotReadableError"}) == "NotReadableError"
