"""Every signature bleu2 writes ends in bleu2's version, BLEU's, chrF's and TER's alike (the
number is bleu2's); the fields before it are sacreBLEU 2.6.0's (the oracle, run here) on the
shared TED data: the library (results, ``print`` of a scorer), ``bleu2 --metric`` and
``bleu2.compat.sacrebleu``. The one exception is ``bleu2 sacrebleu``'s output, sacreBLEU's
byte for byte: its signatures end in sacreBLEU's ``version:2.6.0``, as the installed
``sacrebleu`` command prints them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF
from sacrebleu.metrics import TER as SacreTER

import bleu2
from bleu2 import cli
from bleu2.compat.sacrebleu.metrics import CHRF as CompatCHRF
from bleu2.compat.sacrebleu.metrics import TER as CompatTER
from shared_data import TED

OURS = f"version:bleu2-{bleu2.__version__}"
SACREBLEU = str(Path(sys.executable).parent / "sacrebleu")
REF, SYS = TED / "ted.ref.detok.eng", TED / "ted.sys1.detok.eng"


def lines(path, n: int = 200) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:n]


def sacrebleus(metric, hyps: list[str], refs: list[str]) -> str:
    metric.corpus_score(hyps, [refs])
    signature = metric.get_signature().format()
    assert signature.endswith("|version:2.6.0")
    return signature.replace("version:2.6.0", OURS)


def test_library_signatures_carry_bleu2s_version():
    hyps, refs = lines(SYS), lines(REF)
    assert bleu2.corpus_chrf(hyps, refs).signature == sacrebleus(SacreCHRF(), hyps, refs)
    assert bleu2.corpus_chrf(hyps, refs, word_order=2).signature == sacrebleus(SacreCHRF(word_order=2), hyps, refs)
    assert bleu2.corpus_ter(hyps, refs).signature == sacrebleus(SacreTER(), hyps, refs)
    assert bleu2.corpus_ter(hyps, refs, normalized=True).signature == sacrebleus(SacreTER(normalized=True), hyps, refs)
    assert bleu2.sentence_chrf(hyps[0], refs[0]).signature.endswith(f"|{OURS}")
    assert bleu2.sentence_ter(hyps[0], refs[0]).signature.endswith(f"|{OURS}")
    bleu = bleu2.corpus_bleu(hyps, refs, preset="sacrebleu").corpus
    assert bleu.signature.startswith(sacrebleus(SacreBLEU(), hyps, refs).removesuffix(OURS))
    assert bleu.signature.endswith(f"|preset:sacrebleu|{OURS}")


@pytest.mark.parametrize("scorer", [bleu2.CHRF(), bleu2.CHRF(word_order=2), bleu2.TER(), bleu2.BLEU()], ids=repr)
def test_printed_scorers_carry_bleu2s_version(scorer):
    assert str(scorer).endswith(f"|{OURS})")
    assert repr(scorer).endswith(f"|{OURS})")


@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter"])
def test_the_command_line_signatures_carry_bleu2s_version(metric, capsys):
    assert cli.main(["-r", str(REF), "--metric", metric, "--json", str(SYS)]) == 0
    assert json.loads(capsys.readouterr().out)["signature"].endswith(f"|{OURS}")
    assert cli.main(["-r", str(REF), "--metric", metric, str(SYS)]) == 0
    assert capsys.readouterr().out.endswith(f"|{OURS}\n")


@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter"])
def test_bleu2_sacrebleus_signatures_carry_sacrebleus_version(metric, capsys, tmp_path):
    for path in (REF, SYS):
        (tmp_path / path.name).write_text("\n".join(lines(path)) + "\n", encoding="utf-8")
    argv = [str(tmp_path / REF.name), "-i", str(tmp_path / SYS.name), "-m", metric, "-f", "text"]
    assert cli.main(["sacrebleu", *argv]) == 0
    out = capsys.readouterr().out
    assert "|version:2.6.0 = " in out and OURS not in out
    theirs = subprocess.run([SACREBLEU, *argv], capture_output=True, text=True, check=True).stdout
    assert out == theirs


def test_compat_signatures_carry_bleu2s_version():
    hyps, refs = lines(SYS), lines(REF)
    for ours, theirs in ((CompatCHRF(), SacreCHRF()), (CompatTER(), SacreTER())):
        ours.corpus_score(hyps, [refs])
        assert str(ours.get_signature()) == sacrebleus(theirs, hyps, refs)
