"""A corpus job's request from the significance boxes (bleu2.page.corpus.request)."""

from __future__ import annotations

from bleu2.page.corpus.request import job_request, request_problem


def test_the_boxes_text_becomes_the_jobs_request():
    fields = {"test": "paired-bs", "n": "200", "seed": "", "baseline": "3"}
    assert job_request(fields, {}, "en", 256) == {
        "form": {},
        "lang": "en",
        "test": "paired-bs",
        "n": 200,
        "seed": None,
        "baseline": 3,
        "chunk": 256,
    }


def test_resamples_and_seeds_that_are_not_whole_numbers_are_refused_with_the_text_typed():
    assert request_problem(job_request({"n": "1.5"}, {}, "en", 256), {"n": "1.5"}) == {
        "key": "corpus_bad_resamples",
        "params": {"value": "1.5"},
    }
    assert request_problem(job_request({"seed": "-1"}, {}, "en", 256), {"seed": "-1"}) == {
        "key": "corpus_bad_seed",
        "params": {"value": "-1"},
    }
    assert request_problem(job_request({"n": "200", "seed": "7"}, {}, "en", 256), {"n": "200", "seed": "7"}) is None
