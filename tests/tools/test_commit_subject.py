"""tools/commit_subject.py, the commit-msg hook: subjects of at most 72 characters."""

from __future__ import annotations

from tools.commit_subject import main, problem


def test_a_short_subject_with_a_body_passes():
    assert problem("Tests of tools/ in tests/tools/\n\nThey test the build, not the page.\n") is None


def test_a_72_character_subject_passes_and_73_fails():
    assert problem("x" * 72) is None
    assert problem("x" * 73) == "the subject has 73 characters (at most 72): put the detail in the body"


def test_git_comments_are_not_the_subject():
    assert problem("# Please enter the commit message\nFix the brevity penalty\n") is None
    assert problem("# only a comment\n") == "the commit message has no subject line"


def test_the_body_is_apart_from_the_subject():
    assert problem("Subject\nbody at once") == "leave a blank line between the subject and the body"


def test_the_hook_names_the_file_and_exits_1(tmp_path, capsys):
    message = tmp_path / "COMMIT_EDITMSG"
    message.write_text("y" * 100 + "\n", encoding="utf-8")
    assert main([str(message)]) == 1
    assert (
        capsys.readouterr().err
        == f"{message}: the subject has 100 characters (at most 72): put the detail in the body\n"
    )
    message.write_text("Short\n", encoding="utf-8")
    assert main([str(message)]) == 0
