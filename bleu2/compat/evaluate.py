"""HF evaluate's BLEU, chrF and TER metrics on bleu2's engines: one changed import,

    import evaluate
    from bleu2.compat import evaluate

then ``evaluate.load("bleu")``, ``"sacrebleu"``, ``"chrf"`` or ``"ter"`` as with HF evaluate 0.4:
``compute(predictions=, references=, ...)``, or ``add(prediction=, reference=)`` and
``add_batch(predictions=, references=)`` in a loop and ``compute()`` at the end, as HF's
``EvaluationModule`` does: ``compute`` with inputs after ``add_batch`` adds them as one more
batch and scores everything; each ``compute`` empties the module. ``references[i]`` are the
references of ``predictions[i]``: a string, or a list of them (one layout per module, set
by the first input, as HF's feature formats).

``bleu``: HF's dict (``bleu``, ``precisions``, ``brevity_penalty``, ``length_ratio``,
``translation_length``, ``reference_length``; fractions) under tensorflow/nmt
``compute_bleu``'s rules: its ``Tokenizer13a`` (or ``tokenizer=``, a function text ->
tokens), the shortest reference length, ``smooth`` adds 1 to every order; bleu2's
``hf-evaluate`` preset. ``sacrebleu``: sacreBLEU's ``corpus_bleu`` through
:mod:`bleu2.compat.sacrebleu` (``score`` and ``precisions`` in percent, ``counts``,
``totals``, ``bp``, ``sys_len``, ``ref_len``), the same number of references per
prediction. ``chrf``: sacreBLEU's ``CHRF(...).corpus_score`` through the same module
(``score`` in percent, ``char_order``, ``word_order``, ``beta``), the same number of
references per prediction; ``ter``: sacreBLEU's ``TER(...).corpus_score`` (its options named
as the script names them: ``ignore_punct``, ``support_zh_ja_chars``; ``score`` in percent,
``num_edits``, ``ref_length``), likewise. ``google_bleu``: its ``Tokenizer13a`` (or
``tokenizer=``) and NLTK's ``corpus_gleu`` (``min_len``, ``max_len``; ``google_bleu`` a fraction).
``rouge``: rouge-score's ``RougeScorer`` and ``BootstrapAggregator`` through
:mod:`bleu2.compat.rouge_score` (``rouge_types``, ``use_aggregator``, ``use_stemmer``,
``tokenizer``; F-measures, fractions): :class:`Rouge` says where its numbers are seeded.

    >>> from bleu2.compat import evaluate
    >>> predictions = ["hello there general kenobi", "foo bar foobar"]
    >>> references = [["hello there general kenobi", "hello there!"], ["foo bar foobar"]]
    >>> bleu = evaluate.load("bleu")
    >>> bleu.compute(predictions=predictions, references=references)
    {'bleu': 1.0, 'precisions': [1.0, 1.0, 1.0, 1.0], 'brevity_penalty': 1.0, 'length_ratio': 1.1666666666666667, 'translation_length': 7, 'reference_length': 6}
    >>> sacrebleu = evaluate.load("sacrebleu")
    >>> for p, r in zip(predictions, [["hello there general kenobi", "hello there !"], ["foo bar foobar", "foo bar foobar"]]):
    ...     sacrebleu.add(prediction=p, reference=r)
    >>> round(sacrebleu.compute()["score"], 1)
    100.0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..metrics.bleu.api import corpus_bleu, extract_stats
from ..metrics.bleu.scorer import BLEU

__all__ = ["Bleu", "Chrf", "EvaluationModule", "GoogleBleu", "Rouge", "Sacrebleu", "Ter", "load"]

_INPUTS = ["predictions", "references"]


class EvaluationModule:
    """HF evaluate's ``EvaluationModule``: ``add``, ``add_batch``, ``compute``. Subclasses
    give ``_compute(predictions, references, **kwargs)`` (the metric script's)."""

    name = ""
    #: ``_compute(predictions, references, **kwargs)``: the metric script's.
    _compute: Callable[..., dict[str, Any]]

    def __init__(self) -> None:
        self._clear()

    def _clear(self) -> None:
        self._predictions: list[str] = []
        self._references: list[str | list[str]] = []
        self._layout: type | None = None  # str or list: the references' format, set by the first input

    def __repr__(self) -> str:
        return f'EvaluationModule(name: "{self.name}", module_type: "metric", features: predictions, references)'

    def _check_inputs(self, kwargs: dict[str, Any]) -> None:
        if kwargs:
            raise ValueError(f"Bad inputs for evaluation module: {list(kwargs)}. All required inputs are {_INPUTS}")

    def _entry(self, reference: object, where: str) -> str | list[str]:
        """One prediction's references, checked against the module's format."""
        entry: str | list[str]
        if isinstance(reference, str):
            entry = reference
        elif isinstance(reference, Iterable):  # a list, tuple or array of strings
            entry = list(reference)
        if not isinstance(reference, (str, Iterable)) or not all(isinstance(r, str) for r in entry):
            raise ValueError(f"{where} must be a reference string or a list of them, got {reference!r}")
        layout = type(entry)
        if self._layout is None:
            self._layout = layout
        elif layout is not self._layout:
            expected = "a string" if self._layout is str else "a list of strings"
            raise ValueError(
                f"Predictions and/or references don't match the expected format: {where} is "
                f"{'a string' if layout is str else 'a list'}, this module's references are each {expected} "
                "(set by the first input since the last compute)"
            )
        return entry

    def add_batch(self, *, predictions: Sequence[str] | None = None, references: Any = None, **kwargs: Any) -> None:
        """Add a batch: ``predictions`` (strings) and ``references`` (one entry per prediction).

        Raises:
            ValueError: other inputs, different lengths, a non-string, a change of format.
        """
        self._check_inputs(kwargs)
        if predictions is None or references is None or isinstance(predictions, str) or isinstance(references, str):
            raise ValueError("add_batch takes predictions= (a list of strings) and references= (one entry each)")
        if len(predictions) != len(references):
            raise ValueError(
                f"Mismatch in the number of predictions ({len(predictions)}) and references ({len(references)})"
            )
        for i, p in enumerate(predictions):
            if not isinstance(p, str):
                raise ValueError(f"predictions[{i}] must be a string, got {p!r}")
        layout = self._layout
        try:
            entries = [self._entry(r, f"references[{i}]") for i, r in enumerate(references)]
        except ValueError:
            self._layout = layout  # nothing of a refused batch is kept
            raise
        self._predictions.extend(predictions)
        self._references.extend(entries)

    def add(self, *, prediction: str | None = None, reference: Any = None, **kwargs: Any) -> None:
        """Add one prediction (a string) and its reference(s).

        Raises:
            ValueError: as :meth:`add_batch`.
        """
        self._check_inputs(kwargs)
        if not isinstance(prediction, str):
            raise ValueError(f"prediction must be a string, got {prediction!r}")
        self._references.append(self._entry(reference, "reference"))
        self._predictions.append(prediction)

    def compute(
        self, *, predictions: Sequence[str] | None = None, references: Any = None, **kwargs: Any
    ) -> dict[str, Any]:
        """The metric on everything added (plus ``predictions``/``references`` when given, as
        one more batch); the module is empty afterwards. Other keywords go to the metric.

        Raises:
            ValueError: nothing to score (HF's message), or bad inputs (:meth:`add_batch`).
        """
        if predictions is not None or references is not None:
            self.add_batch(predictions=predictions, references=references)
        if not self._predictions:
            self._clear()
            raise ValueError(
                "Evaluation module cache file doesn't exist. Please make sure that you call `add` or `add_batch` "
                "at least once before calling `compute`."
            )
        hyps, refs = self._predictions, self._references
        self._clear()  # emptied, as HF's compute deletes its cache
        return self._compute(hyps, refs, **kwargs)


def _lists(references: list[Any]) -> list[list[str]]:
    """The metric scripts' first line: one string per prediction becomes a list of one."""
    return [[r] for r in references] if isinstance(references[0], str) else references


def _streams(references: list[Any], who: str) -> list[list[str]]:
    """The metric scripts' sacreBLEU layout: references per prediction (the same number
    for each) turned into reference streams.

    Raises:
        ValueError: predictions with different numbers of references (the script's message).
    """
    refs = _lists(references)
    per_prediction = len(refs[0])
    if any(len(r) != per_prediction for r in refs):
        raise ValueError(f"{who} the same number of references for each prediction")
    return [[r[j] for r in refs] for j in range(per_prediction)]


class Bleu(EvaluationModule):
    """HF evaluate's ``bleu`` metric (``_compute(predictions, references, tokenizer, max_order, smooth)``)."""

    name = "bleu"

    def _compute(
        self,
        predictions: list[str],
        references: list[Any],
        tokenizer: Callable[[str], list[str]] | None = None,
        max_order: int = 4,
        smooth: bool = False,
    ) -> dict[str, Any]:
        """``tokenizer`` None is HF's default ``Tokenizer13a``; another callable (text ->
        tokens) is used as HF uses it.

        Raises:
            ZeroDivisionError: no reference tokens, as HF. (No prediction tokens: 0 and BP 0,
            as bleuscore; HF's script divides by zero there.)
        """
        refs = _lists(references)
        options: dict[str, Any] = dict(preset="hf-evaluate", max_order=max_order, smoothing="nmt" if smooth else "none")
        if tokenizer is None:
            result = corpus_bleu(predictions, refs, layout="per-candidate", sentence_scores=False, **options)
        else:
            stats = [
                extract_stats(
                    tokenizer(p), [tokenizer(r) for r in rs], max_order, empty_references="count", ref_length="shortest"
                )
                for p, rs in zip(predictions, refs)
            ]
            result = BLEU(**options).corpus_from_stats(stats, sentence_scores=False)
        c, r = result.hyp_len, result.ref_len
        ratio = c / r
        # tensorflow/nmt compute_bleu's arithmetic on bleu2's counts, operation for operation
        # (its sum, its 1 / ratio): HF's floats to the last bit
        precisions = [p.value for p in result.precisions]
        geo_mean = math.exp(sum((1.0 / max_order) * math.log(p) for p in precisions)) if min(precisions) > 0 else 0.0
        bp = 1.0 if ratio > 1.0 else math.exp(1 - 1.0 / ratio) if c else 0.0
        return {
            "bleu": geo_mean * bp,
            "precisions": precisions,
            "brevity_penalty": bp,
            "length_ratio": ratio,
            "translation_length": c,
            "reference_length": r,
        }


class Sacrebleu(EvaluationModule):
    """HF evaluate's ``sacrebleu`` metric: sacreBLEU's ``corpus_bleu`` and its statistics."""

    name = "sacrebleu"

    def _compute(
        self,
        predictions: list[str],
        references: list[Any],
        smooth_method: str = "exp",
        smooth_value: float | None = None,
        force: bool = False,
        lowercase: bool = False,
        tokenize: str | None = None,
        use_effective_order: bool = False,
    ) -> dict[str, Any]:
        """Raises:
        ValueError: predictions with different numbers of references (HF's message); what
            :mod:`bleu2.compat.sacrebleu` refuses (MeCab and SentencePiece tokenizers).
        """
        from . import sacrebleu  # sacreBLEU's corpus_bleu, as the metric script calls it

        streams = _streams(references, "Sacrebleu requires")
        extra = {"tokenize": tokenize} if tokenize else {}
        output = sacrebleu.corpus_bleu(
            predictions,
            streams,
            smooth_method=smooth_method,
            smooth_value=smooth_value,
            force=force,
            lowercase=lowercase,
            use_effective_order=use_effective_order,
            **extra,
        )
        return {
            "score": output.score,
            "counts": output.counts,
            "totals": output.totals,
            "precisions": output.precisions,
            "bp": output.bp,
            "sys_len": output.sys_len,
            "ref_len": output.ref_len,
        }


class Chrf(EvaluationModule):
    """HF evaluate's ``chrf`` metric: sacreBLEU's ``CHRF(...).corpus_score`` (chrF, or
    chrF++ with ``word_order=2``), ``score`` in percent."""

    name = "chrf"

    def _compute(
        self,
        predictions: list[str],
        references: list[Any],
        char_order: int = 6,
        word_order: int = 0,
        beta: int = 2,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
    ) -> dict[str, Any]:
        """Raises:
        ValueError: predictions with different numbers of references (HF's message); a bad
            option (:class:`bleu2.CHRF`).
        """
        from .sacrebleu.metrics import CHRF  # sacreBLEU's CHRF, as the metric script calls it

        streams = _streams(references, "ChrF, as implemented by sacrebleu, requires")
        output = CHRF(char_order, word_order, beta, lowercase, whitespace, eps_smoothing).corpus_score(
            predictions, streams
        )
        return {
            "score": output.score,
            "char_order": output.char_order,
            "word_order": output.word_order,
            "beta": output.beta,
        }


class Ter(EvaluationModule):
    """HF evaluate's ``ter`` metric: sacreBLEU's ``TER(...).corpus_score``, ``score`` in
    percent, ``num_edits``, ``ref_length`` (the summed average reference lengths)."""

    name = "ter"

    def _compute(
        self,
        predictions: list[str],
        references: list[Any],
        normalized: bool = False,
        ignore_punct: bool = False,
        support_zh_ja_chars: bool = False,
        case_sensitive: bool = False,
    ) -> dict[str, Any]:
        """Raises:
        ValueError: predictions with different numbers of references (HF's message); an
            option that is not True or False (:class:`bleu2.TER`).
        """
        from .sacrebleu.metrics import TER  # sacreBLEU's TER, as the metric script calls it

        streams = _streams(references, "Sacrebleu requires")
        output = TER(
            normalized=normalized,
            no_punct=ignore_punct,
            asian_support=support_zh_ja_chars,
            case_sensitive=case_sensitive,
        ).corpus_score(predictions, streams)
        return {"score": output.score, "num_edits": output.num_edits, "ref_length": output.ref_length}


class GoogleBleu(EvaluationModule):
    """HF evaluate's ``google_bleu`` metric: its ``Tokenizer13a`` (or ``tokenizer=``, text ->
    tokens), then NLTK's ``corpus_gleu`` (:mod:`bleu2.compat.nltk.gleu_score`); ``{"google_bleu":
    fraction}``."""

    name = "google_bleu"

    def _compute(
        self,
        predictions: list[str],
        references: list[Any],
        tokenizer: Callable[[str], Sequence[Any]] | None = None,
        min_len: int = 1,
        max_len: int = 4,
    ) -> dict[str, Any]:
        """Raises:
        ValueError: a bad ``min_len`` or ``max_len`` (the message names them).
        """
        from ..tokenizers.sacrebleu import tokenize_13a  # HF's tokenizer_13a.py is sacreBLEU's 13a, split
        from .nltk.gleu_score import corpus_gleu

        tok = tokenize_13a if tokenizer is None else tokenizer
        refs = [[tok(r) for r in rs] for rs in _lists(references)]
        return {"google_bleu": corpus_gleu(refs, [tok(p) for p in predictions], min_len=min_len, max_len=max_len)}


class _CallableTokenizer:
    """The metric script's ``Tokenizer``: a callable as rouge-score's ``tokenize`` object."""

    def __init__(self, tokenizer_func: Callable[[str], list[str]]) -> None:
        self.tokenizer_func = tokenizer_func

    def tokenize(self, text: str) -> list[str]:
        return self.tokenizer_func(text)


class Rouge(EvaluationModule):
    """HF evaluate's ``rouge`` metric: its script's ``_compute`` on
    :mod:`bleu2.compat.rouge_score` (rouge-score's tokenizer, ``score``, or ``score_multi``
    where each prediction has a list of references).

    ``use_aggregator=True`` (the default) gives, per type, the ``mid`` F-measure of
    rouge-score's ``BootstrapAggregator``: the median of 1,000 resampled means, not the
    mean. HF's number is random (NumPy's global generator, unseeded: each run differs);
    bleu2's is seeded (``seed``, 12345 unless given, a bleu2 addition): HF's number after
    ``numpy.random.seed(seed)``. ``use_aggregator=False`` gives per type the list of
    per-line F-measures (rouge-score's int 0 for an empty rougeL/rougeLsum text).
    """

    name = "rouge"

    def _compute(
        self,
        predictions: list[str],
        references: list[Any],
        rouge_types: Sequence[str] | None = None,
        use_aggregator: bool = True,
        use_stemmer: bool = False,
        tokenizer: Callable[[str], list[str]] | None = None,
        seed: int = 12345,
    ) -> dict[str, Any]:
        """``tokenizer``: a callable text -> tokens in place of rouge-score's (then no
        lower-casing, filtering or stemming, as rouge-score). Scores are floats in [0, 1].

        Raises:
            ValueError: ``rouge_types`` a string (rouge-score reads its letters as types), an
                invalid rouge type (rouge-score's message after ``rouge.compute: rouge_types``),
                an empty list of references (rouge-score: "attempt to get argmax of an empty
                sequence"), or a bad seed; each message starts ``rouge.compute:``.
        """
        from .rouge_score import rouge_scorer, scoring

        if rouge_types is None:
            rouge_types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
        if isinstance(rouge_types, str):
            raise ValueError(
                f"rouge.compute: rouge_types must be a list of names such as ['rouge1'], got the string {rouge_types!r}"
            )
        for rouge_type in rouge_types:
            try:
                rouge_scorer._check_type(rouge_type)
            except ValueError as e:
                raise ValueError(f"rouge.compute: rouge_types: {e}") from None
        multi_ref = isinstance(references[0], list)
        for i, ref in enumerate(references):
            if multi_ref and not ref:
                raise ValueError(f"rouge.compute: references[{i}] is an empty list: each prediction needs a reference")
        wrapped = _CallableTokenizer(tokenizer) if tokenizer is not None else None
        scorer = rouge_scorer.RougeScorer(rouge_types=rouge_types, use_stemmer=use_stemmer, tokenizer=wrapped)
        scores = [
            scorer.score_multi(ref, pred) if multi_ref else scorer.score(ref, pred)
            for ref, pred in zip(references, predictions)
        ]
        if use_aggregator:
            aggregator = scoring.BootstrapAggregator(seed=seed)
            for score in scores:
                aggregator.add_scores(score)
            return {key: value.mid.fmeasure for key, value in aggregator.aggregate().items()}
        return {key: [score[key].fmeasure for score in scores] for key in scores[0]}


#: HF's metric names -> bleu2's modules.
METRICS: dict[str, type[EvaluationModule]] = {
    "bleu": Bleu,
    "sacrebleu": Sacrebleu,
    "chrf": Chrf,
    "ter": Ter,
    "google_bleu": GoogleBleu,
    "rouge": Rouge,
}


def load(
    path: str, config_name: str | None = None, *, process_id: int = 0, num_process: int = 1, **kwargs: Any
) -> EvaluationModule:
    """``evaluate.load(path)``: a new module for ``"bleu"``, ``"sacrebleu"``, ``"chrf"``,
    ``"ter"``, ``"google_bleu"`` or ``"rouge"`` (also spelt ``"evaluate-metric/bleu"``). HF's storage and download keywords (``cache_dir``,
    ``keep_in_memory``, ``experiment_id``, ``revision``, ...) are accepted and have no effect.

    Raises:
        NotImplementedError: a distributed run (``num_process`` > 1).
        ValueError: another metric (``"meteor"``: why not), or a config name other than
            ``"default"``.
    """
    name = path.removeprefix("evaluate-metric/") if isinstance(path, str) else path
    if name == "meteor":
        raise ValueError(
            "bleu2.compat.evaluate has no 'meteor': METEOR matches synonyms through WordNet's synonym sets "
            "(NLTK's wordnet corpus), which bleu2 does not ship; use HF evaluate with NLTK's WordNet for METEOR"
        )
    if name not in METRICS:
        raise ValueError(f"bleu2.compat.evaluate has the metrics {', '.join(map(repr, METRICS))}, not {path!r}")
    if config_name not in (None, "default"):
        raise ValueError(f"the {name!r} metric has one config, 'default', not {config_name!r}")
    if num_process != 1 or process_id != 0:
        raise NotImplementedError("bleu2.compat.evaluate runs in one process (num_process=1, process_id=0)")
    return METRICS[name]()
