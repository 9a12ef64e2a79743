"""README (issue 8, item 14): how to install the command line, and the two scales (the page
and the library 0-1, the command line 0-100) said where each is described."""

from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end > 0 else None]


def test_install_the_command_line():
    assert "pip install ." in README
    assert "bleu2 --help" in README


def test_both_scales_are_said_for_the_page_and_for_the_command_line():
    page, cli = _section("The page"), _section("Command line")
    assert "from 0 to 1 (`0.7071`)" in page and "multiplied by 100 (`70.71`" in page
    assert "multiplied by 100 (`24.92`)" in cli and "fractions from 0 to 1" in cli


def test_item18_lead_sentence_names_the_empty_reference_exception_and_the_option():
    section = _section("Where bleu2's defaults differ from sacreBLEU and NLTK")
    lead = section.split("\n\n")[1]
    assert "gives sacreBLEU's\nnumbers, with one exception: a reference with no tokens" in lead
    assert '`empty_references="count"`' in lead and "`bleu2.SACREBLEU_OPTIONS`" in lead


def test_item18_table_names_nltk_method6_in_corpus_bleu():
    row = next(
        line for line in README.splitlines() if line.startswith("| NLTK `method5`, `method6`, `method7` in corpus")
    )
    assert "`method6` its n-gram counts" in row and "1.0 vs 1.2714" in row


def test_item2_readme_says_where_long_texts_are_scored():
    page = _section("The page")
    from bleu2.page.live import LIVE_CHARACTERS

    assert f"Up to {LIVE_CHARACTERS:,} characters" in page and "PyScript worker" in page and "*scoring…*" in page
