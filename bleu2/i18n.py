"""Interface strings in English, Spanish and Portuguese, and number formatting per language.

All strings of the page live here, one dict per language (:data:`EN`, :data:`ES`,
:data:`PT`), keyed by the same keys (``tests/test_i18n.py`` checks that the key sets are
equal and that no value is empty). Templates use :meth:`str.format` fields, filled by
:func:`t`; numbers passed to templates should already be formatted with
:func:`format_number` / :func:`format_integer` for the language.

Every dict carries its own code under the key ``"lang"``, so functions that receive a
strings dict (``bleu2.explain.span_label``, ``bleu2.chart.bar_chart``) can format numbers
for its language.

Standard library only (runs in Pyodide). Nothing here builds markup: the page sets these
strings with ``textContent``.
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping

__all__ = [
    "EN",
    "ES",
    "PT",
    "STRINGS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "DEFAULT_LANGUAGE",
    "strings_for",
    "pick_language",
    "format_number",
    "format_integer",
    "t",
    "tn",
]

EN: dict[str, str] = {
    "lang": "en",
    "language_name": "English",
    # --- page ---
    "app_title": "BLEU calculator",
    "app_intro": "Compare translations with BLEU, scored while you type. Everything is computed in this "
    "browser: no text leaves your machine.",
    "loading": "Loading…",
    "loading_stage": "Loading: {stage}…",
    "ready": "Ready",
    "file_protocol": "Browsers block this page when it is opened as a file. Serve it with: {command}",
    "language": "Language",
    "references_heading": "References",
    "reference_label": "Reference {number}",
    "add_reference": "Add reference",
    "remove_reference": "Remove reference {number}",
    "candidates_heading": "Candidates",
    "candidate_label": "Candidate {number}",
    "add_candidate": "Add candidate",
    "remove_candidate": "Remove candidate {number}",
    "remove": "Remove",
    "clear": "Clear",
    "clear_note": "Empties every box and forgets the texts kept for this tab.",
    "empty_text": "(empty)",
    "no_references": "All reference boxes are empty: type or paste at least one reference.",
    "references_ignored": "Empty reference boxes are ignored.",
    # --- ranking ---
    "ranking_heading": "Ranking",
    "ranking_caption": "Candidates ranked by score, best first",
    "col_rank": "Rank",
    "col_candidate": "Candidate",
    "col_score": "BLEU-{order}",
    "col_precision": "p{n}",
    "col_bp": "BP",
    "col_hyp_len": "c",
    "col_ref_len": "r",
    "col_text": "Text",
    "col_details": "Details",
    "show_breakdown": "Show breakdown of candidate {number}",
    "selected": "Selected",
    # --- breakdown ---
    "breakdown_heading": "Breakdown of candidate {number}",
    "score_label": "BLEU-{order}",
    "score_announce": "BLEU-{order} of candidate {number}: {score}",
    "signature": "Signature",
    "precision_1": "unigram precision",
    "precision_2": "bigram precision",
    "precision_3": "trigram precision",
    "precision_4": "4-gram precision",
    "precision_n": "{n}-gram precision",
    "smoothed": "smoothed",
    "smoothed_no_ngrams": "smoothed ({method}): the candidate has no {order}",
    "smoothed_no_match": "smoothed ({method}): none of the candidate's {order} is in a reference",
    "order_1": "unigrams",
    "order_2": "bigrams",
    "order_3": "trigrams",
    "order_4": "4-grams",
    "order_n": "{n}-grams",
    "hyp_len": "c (candidate length)",
    "ref_len": "r (reference length)",
    "brevity_penalty": "Brevity penalty (BP)",
    "bp_branch_ge": "1 (c ≥ r: {c} ≥ {r})",
    "bp_branch_exp": "exp(1 − r/c) = exp(1 − {r}/{c})",
    "bp_branch_empty": "0 (the candidate is empty)",
    "score_zero_candidate_empty": "0, because the candidate is empty",
    "score_zero_reference_empty": "0, because the reference is empty",
    "tokens_heading": "Tokens",
    "tokens_one": "{count} token",
    "tokens_other": "{count} tokens",
    # --- r: which reference length was used ---
    "r_only": "r = {length}: the only reference has {length_tokens}.",
    "r_closest": "r = {length}: reference {number} ({length_tokens}) is the closest in length to the "
    "candidate (c = {c}).",
    "r_tie": "r = {length}: references {numbers} are equally close to the candidate's length (c = {c}); "
    "the shorter one, reference {number} ({length_tokens}), is used.",
    "r_none": "r = 0: no reference has any words.",
    # --- hints (bleu2.view) ---
    "hint_both_empty": "Both texts are empty: type or paste a reference and a candidate.",
    "hint_reference_empty": "The reference is empty, so the score is 0.",
    "hint_candidate_empty": "The candidate is empty, so the score is 0.",
    "hint_reference_no_words": "The reference has no words (only punctuation or symbols, which are not "
    "compared), so it counts as empty and the score is 0.",
    "hint_candidate_no_words": "The candidate has no words (only punctuation or symbols, which are not "
    "compared), so it counts as empty and the score is 0.",
    "hint_short": "The candidate is shorter than the reference ({c_tokens} vs {r}), so the brevity penalty "
    "multiplies the score by {bp}.",
    "hint_word_order": "Right words, wrong order: many words match (p1 = {p1}) but few word pairs do "
    "(p2 = {p2}).",
    # --- highlighting ---
    "highlight_heading": "Matched n-grams",
    "highlight_candidate": "In the candidate",
    "highlight_reference": "In reference {number}",
    "legend": "Legend",
    "status_matched": "matched",
    "status_clipped": "clipped",
    "status_unmatched": "unmatched",
    "hl_matched_one": "{count} matched",
    "hl_matched_other": "{count} matched",
    "hl_clipped_one": "{count} clipped",
    "hl_clipped_other": "{count} clipped",
    "hl_unmatched_one": "{count} unmatched",
    "hl_unmatched_other": "{count} unmatched",
    "hl_ref_summary": "{matched}/{total} matched",
    "highlight_off": "Highlighting is off for long texts (over {limit} tokens in a box), so that typing stays fast.",
    "span_matched": "“{ngram}”: {count}× in the candidate, at most {max_ref}× in a reference: matched",
    "span_clipped": "“{ngram}”: {count}× in the candidate, at most {max_ref}× in a reference: {clipped}",
    "span_unmatched": "“{ngram}”: {count}× in the candidate, in no reference: unmatched",
    "span_ref_matched": "“{ngram}”: {ref_count}× in this reference, {count}× in the candidate: matched",
    "span_ref_unmatched": "“{ngram}”: {ref_count}× in this reference, {count}× in the candidate: not matched",
    # --- chart ---
    "chart_title": "Precisions, brevity penalty and BLEU-{order}",
    "chart_desc": "Bar chart on a scale from 0 to 1: {values}.",
    "chart_bp": "BP",
    "chart_score": "BLEU-{order}",
    "chart_smoothed_mark": "*",
    "chart_smoothed_note": "* smoothed",
    # --- options ---
    "options_heading": "Options",
    "max_order": "Max order",
    "smoothing": "Smoothing",
    "smooth_value": "Smoothing parameter",
    "effective_order": "Effective order",
    "tokenizer": "Tokenizer",
    "lowercase": "Lowercase",
    "lowercase_auto": "Auto",
    "lowercase_auto_help": "As the tokenizer does by default (the default tokenizer lowercases, the others keep case)",
    "lowercase_yes": "Yes",
    "lowercase_no": "No",
    "default_marker": "(default)",
    "restore_defaults": "Restore defaults",
    "option_error": "These options cannot be combined: {error}",
    "option_invalid": "This option is not valid: {error}",
    "option_smooth_value_not_number": "The smoothing parameter of {method} must be a number; “{value}” is not one",
    "option_smooth_value_too_small": "The smoothing parameter of {method} must be {rule}; {value} is not",
    "option_last_valid": "still showing the scores with the last valid options.",
    # --- export ---
    "export_heading": "Export",
    "export_json": "JSON",
    "export_csv": "CSV",
    "export_markdown": "Markdown table",
    "copy": "Copy",
    "copied": "Copied",
    "copy_failed": "Could not copy; select the text and copy it by hand.",
    "download": "Download",
    "json": "JSON",
    "copy_json": "Copy JSON",
    # --- share ---
    "share_link": "Share link",
    "share_note": "The texts travel only in the part after #, which browsers never send to a server.",
    "share_too_long": "Link is too long to share ({length} characters; the limit is {limit}).",
    "share_copied": "Link copied.",
    "share_invalid": "This link could not be read: {error}. Nothing was changed.",
    "bp_name": "brevity penalty",
    "bp_rule": "1 if c ≥ r, else exp(1 − r/c)",
    "candidate_length": "candidate length",
    "reference_length": "reference length",
    "col_counts": "Counts",
    "col_note": "Note",
    "col_term": "Term",
    "col_value": "Value",
    "footer": "BLEU (Papineni et al. 2002), computed by the Python package bleu2 running in Pyodide in this tab.",
    "highlight_help": "Point at a word, or move to it with Tab and the arrow keys, to see its counts.",
    "share_heading": "Share",
    "share_url": "Link",
    "skip_to_breakdown": "Skip to the breakdown",
    "tokens_unit": "tokens",
    "no_candidates": "Type or paste a candidate to rank it.",
    "export_copied": "{format} copied.",
    "export_downloaded": "{format} downloaded.",
    "state_restored": "Texts restored from this tab.",
    "link_restored": "Texts and options restored from the link.",
    "options_default": "These are the default options.",
    "options_changed": "Some options differ from the defaults.",
    "candidate_excerpt": "Candidate {number}: {text}",
    "terms_caption": "Terms of the score",
}

ES: dict[str, str] = {
    "lang": "es",
    "language_name": "Español",
    "app_title": "Calculadora BLEU",
    "app_intro": "Compare traducciones con BLEU, calculado mientras escribe. Todo se calcula en este "
    "navegador: ningún texto sale de su equipo.",
    "loading": "Cargando…",
    "loading_stage": "Cargando: {stage}…",
    "ready": "Listo",
    "file_protocol": "Los navegadores bloquean esta página cuando se abre como archivo. Sírvala con: {command}",
    "language": "Idioma",
    "references_heading": "Referencias",
    "reference_label": "Referencia {number}",
    "add_reference": "Añadir referencia",
    "remove_reference": "Quitar la referencia {number}",
    "candidates_heading": "Candidatas",
    "candidate_label": "Candidata {number}",
    "add_candidate": "Añadir candidata",
    "remove_candidate": "Quitar la candidata {number}",
    "remove": "Quitar",
    "clear": "Borrar",
    "clear_note": "Vacía todos los cuadros y olvida los textos guardados para esta pestaña.",
    "empty_text": "(vacío)",
    "no_references": "Todos los cuadros de referencia están vacíos: escriba o pegue al menos una referencia.",
    "references_ignored": "Los cuadros de referencia vacíos no se tienen en cuenta.",
    "ranking_heading": "Clasificación",
    "ranking_caption": "Candidatas ordenadas por puntuación, de mejor a peor",
    "col_rank": "Puesto",
    "col_candidate": "Candidata",
    "col_score": "BLEU-{order}",
    "col_precision": "p{n}",
    "col_bp": "BP",
    "col_hyp_len": "c",
    "col_ref_len": "r",
    "col_text": "Texto",
    "col_details": "Detalles",
    "show_breakdown": "Ver el desglose de la candidata {number}",
    "selected": "Seleccionada",
    "breakdown_heading": "Desglose de la candidata {number}",
    "score_label": "BLEU-{order}",
    "score_announce": "BLEU-{order} de la candidata {number}: {score}",
    "signature": "Firma",
    "precision_1": "precisión de unigramas",
    "precision_2": "precisión de bigramas",
    "precision_3": "precisión de trigramas",
    "precision_4": "precisión de 4-gramas",
    "precision_n": "precisión de {n}-gramas",
    "smoothed": "suavizada",
    "smoothed_no_ngrams": "suavizada ({method}): la candidata no tiene {order}",
    "smoothed_no_match": "suavizada ({method}): ninguno de los {order} de la candidata está en una referencia",
    "order_1": "unigramas",
    "order_2": "bigramas",
    "order_3": "trigramas",
    "order_4": "4-gramas",
    "order_n": "{n}-gramas",
    "hyp_len": "c (longitud de la candidata)",
    "ref_len": "r (longitud de la referencia)",
    "brevity_penalty": "Penalización por brevedad (BP)",
    "bp_branch_ge": "1 (c ≥ r: {c} ≥ {r})",
    "bp_branch_exp": "exp(1 − r/c) = exp(1 − {r}/{c})",
    "bp_branch_empty": "0 (la candidata está vacía)",
    "score_zero_candidate_empty": "0, porque la candidata está vacía",
    "score_zero_reference_empty": "0, porque la referencia está vacía",
    "tokens_heading": "Tokens",
    "tokens_one": "{count} token",
    "tokens_other": "{count} tokens",
    "r_only": "r = {length}: la única referencia tiene {length_tokens}.",
    "r_closest": "r = {length}: la referencia {number} ({length_tokens}) es la de longitud más cercana a la "
    "candidata (c = {c}).",
    "r_tie": "r = {length}: las referencias {numbers} están igual de cerca de la longitud de la candidata "
    "(c = {c}); se usa la más corta, la referencia {number} ({length_tokens}).",
    "r_none": "r = 0: ninguna referencia tiene palabras.",
    "hint_both_empty": "Los dos textos están vacíos: escriba o pegue una referencia y una candidata.",
    "hint_reference_empty": "La referencia está vacía, así que la puntuación es 0.",
    "hint_candidate_empty": "La candidata está vacía, así que la puntuación es 0.",
    "hint_reference_no_words": "La referencia no tiene palabras (solo signos de puntuación o símbolos, que no "
    "se comparan), así que cuenta como vacía y la puntuación es 0.",
    "hint_candidate_no_words": "La candidata no tiene palabras (solo signos de puntuación o símbolos, que no "
    "se comparan), así que cuenta como vacía y la puntuación es 0.",
    "hint_short": "La candidata es más corta que la referencia ({c_tokens} frente a {r}), así que la "
    "penalización por brevedad multiplica la puntuación por {bp}.",
    "hint_word_order": "Palabras correctas, orden incorrecto: coinciden muchas palabras (p1 = {p1}) pero pocos "
    "pares de palabras (p2 = {p2}).",
    "highlight_heading": "N-gramas coincidentes",
    "highlight_candidate": "En la candidata",
    "highlight_reference": "En la referencia {number}",
    "legend": "Leyenda",
    "status_matched": "coincide",
    "status_clipped": "recortado",
    "status_unmatched": "no coincide",
    "hl_matched_one": "{count} coincide",
    "hl_matched_other": "{count} coinciden",
    "hl_clipped_one": "{count} recortado",
    "hl_clipped_other": "{count} recortados",
    "hl_unmatched_one": "{count} no coincide",
    "hl_unmatched_other": "{count} no coinciden",
    "hl_ref_summary": "{matched}/{total} coinciden",
    "highlight_off": "El resaltado se desactiva con textos largos (más de {limit} tokens en una caja), para que "
    "escribir siga siendo rápido.",
    "span_matched": "«{ngram}»: {count}× en la candidata, como máximo {max_ref}× en una referencia: coincide",
    "span_clipped": "«{ngram}»: {count}× en la candidata, como máximo {max_ref}× en una referencia: "
    "{clipped}",
    "span_unmatched": "«{ngram}»: {count}× en la candidata, en ninguna referencia: no coincide",
    "span_ref_matched": "«{ngram}»: {ref_count}× en esta referencia, {count}× en la candidata: coincide",
    "span_ref_unmatched": "«{ngram}»: {ref_count}× en esta referencia, {count}× en la candidata: no coincide",
    "chart_title": "Precisiones, penalización por brevedad y BLEU-{order}",
    "chart_desc": "Gráfico de barras en una escala de 0 a 1: {values}.",
    "chart_bp": "BP",
    "chart_score": "BLEU-{order}",
    "chart_smoothed_mark": "*",
    "chart_smoothed_note": "* suavizada",
    "options_heading": "Opciones",
    "max_order": "Orden máximo",
    "smoothing": "Suavizado",
    "smooth_value": "Parámetro de suavizado",
    "effective_order": "Orden efectivo",
    "tokenizer": "Tokenizador",
    "lowercase": "Minúsculas",
    "lowercase_auto": "Auto",
    "lowercase_auto_help": "Lo que haga el tokenizador por defecto (el predeterminado pasa a minúsculas; los demás conservan las mayúsculas)",
    "lowercase_yes": "Sí",
    "lowercase_no": "No",
    "default_marker": "(predeterminado)",
    "restore_defaults": "Restablecer valores predeterminados",
    "option_error": "Estas opciones no se pueden combinar: {error}",
    "option_invalid": "Esta opción no es válida: {error}",
    "option_smooth_value_not_number": "El parámetro de suavizado de {method} debe ser un número; «{value}» no lo es",
    "option_smooth_value_too_small": "El parámetro de suavizado de {method} debe ser {rule}; {value} no lo es",
    "option_last_valid": "se siguen mostrando las puntuaciones con las últimas opciones válidas.",
    "export_heading": "Exportar",
    "export_json": "JSON",
    "export_csv": "CSV",
    "export_markdown": "Tabla Markdown",
    "copy": "Copiar",
    "copied": "Copiado",
    "copy_failed": "No se pudo copiar; seleccione el texto y cópielo a mano.",
    "download": "Descargar",
    "json": "JSON",
    "copy_json": "Copiar JSON",
    "share_link": "Enlace para compartir",
    "share_note": "Los textos viajan solo en la parte que sigue a #, que los navegadores nunca envían a un "
    "servidor.",
    "share_too_long": "El enlace es demasiado largo para compartirlo ({length} caracteres; el límite es "
    "{limit}).",
    "share_copied": "Enlace copiado.",
    "share_invalid": "No se pudo leer este enlace: {error}. No se ha cambiado nada.",
    "bp_name": "penalización por brevedad",
    "bp_rule": "1 si c ≥ r, si no exp(1 − r/c)",
    "candidate_length": "longitud de la candidata",
    "reference_length": "longitud de la referencia",
    "col_counts": "Recuentos",
    "col_note": "Nota",
    "col_term": "Término",
    "col_value": "Valor",
    "footer": "BLEU (Papineni et al. 2002), calculado por el paquete de Python bleu2, que se ejecuta en Pyodide en esta pestaña.",
    "highlight_help": "Señale una palabra, o llegue a ella con Tab y las flechas, para ver sus recuentos.",
    "share_heading": "Compartir",
    "share_url": "Enlace",
    "skip_to_breakdown": "Saltar al desglose",
    "tokens_unit": "tokens",
    "no_candidates": "Escriba o pegue una candidata para clasificarla.",
    "export_copied": "{format} copiado.",
    "export_downloaded": "{format} descargado.",
    "state_restored": "Textos recuperados de esta pestaña.",
    "link_restored": "Textos y opciones recuperados del enlace.",
    "options_default": "Son las opciones predeterminadas.",
    "options_changed": "Algunas opciones difieren de las predeterminadas.",
    "candidate_excerpt": "Candidata {number}: {text}",
    "terms_caption": "Términos de la puntuación",
}

PT: dict[str, str] = {
    "lang": "pt",
    "language_name": "Português",
    "app_title": "Calculadora BLEU",
    "app_intro": "Compare traduções com BLEU, calculado enquanto você digita. Tudo é calculado neste "
    "navegador: nenhum texto sai do seu computador.",
    "loading": "Carregando…",
    "loading_stage": "Carregando: {stage}…",
    "ready": "Pronto",
    "file_protocol": "Os navegadores bloqueiam esta página quando ela é aberta como arquivo. Sirva-a com: "
    "{command}",
    "language": "Idioma",
    "references_heading": "Referências",
    "reference_label": "Referência {number}",
    "add_reference": "Adicionar referência",
    "remove_reference": "Remover a referência {number}",
    "candidates_heading": "Candidatas",
    "candidate_label": "Candidata {number}",
    "add_candidate": "Adicionar candidata",
    "remove_candidate": "Remover a candidata {number}",
    "remove": "Remover",
    "clear": "Limpar",
    "clear_note": "Esvazia todas as caixas e esquece os textos guardados para esta aba.",
    "empty_text": "(vazio)",
    "no_references": "Todas as caixas de referência estão vazias: digite ou cole pelo menos uma referência.",
    "references_ignored": "As caixas de referência vazias são ignoradas.",
    "ranking_heading": "Classificação",
    "ranking_caption": "Candidatas ordenadas por pontuação, da melhor para a pior",
    "col_rank": "Posição",
    "col_candidate": "Candidata",
    "col_score": "BLEU-{order}",
    "col_precision": "p{n}",
    "col_bp": "BP",
    "col_hyp_len": "c",
    "col_ref_len": "r",
    "col_text": "Texto",
    "col_details": "Detalhes",
    "show_breakdown": "Ver o detalhamento da candidata {number}",
    "selected": "Selecionada",
    "breakdown_heading": "Detalhamento da candidata {number}",
    "score_label": "BLEU-{order}",
    "score_announce": "BLEU-{order} da candidata {number}: {score}",
    "signature": "Assinatura",
    "precision_1": "precisão de unigramas",
    "precision_2": "precisão de bigramas",
    "precision_3": "precisão de trigramas",
    "precision_4": "precisão de 4-gramas",
    "precision_n": "precisão de {n}-gramas",
    "smoothed": "suavizada",
    "smoothed_no_ngrams": "suavizada ({method}): a candidata não tem {order}",
    "smoothed_no_match": "suavizada ({method}): nenhum dos {order} da candidata está numa referência",
    "order_1": "unigramas",
    "order_2": "bigramas",
    "order_3": "trigramas",
    "order_4": "4-gramas",
    "order_n": "{n}-gramas",
    "hyp_len": "c (comprimento da candidata)",
    "ref_len": "r (comprimento da referência)",
    "brevity_penalty": "Penalidade de brevidade (BP)",
    "bp_branch_ge": "1 (c ≥ r: {c} ≥ {r})",
    "bp_branch_exp": "exp(1 − r/c) = exp(1 − {r}/{c})",
    "bp_branch_empty": "0 (a candidata está vazia)",
    "score_zero_candidate_empty": "0, porque a candidata está vazia",
    "score_zero_reference_empty": "0, porque a referência está vazia",
    "tokens_heading": "Tokens",
    "tokens_one": "{count} token",
    "tokens_other": "{count} tokens",
    "r_only": "r = {length}: a única referência tem {length_tokens}.",
    "r_closest": "r = {length}: a referência {number} ({length_tokens}) é a de comprimento mais próximo do da "
    "candidata (c = {c}).",
    "r_tie": "r = {length}: as referências {numbers} estão igualmente próximas do comprimento da candidata "
    "(c = {c}); usa-se a mais curta, a referência {number} ({length_tokens}).",
    "r_none": "r = 0: nenhuma referência tem palavras.",
    "hint_both_empty": "Os dois textos estão vazios: digite ou cole uma referência e uma candidata.",
    "hint_reference_empty": "A referência está vazia, portanto a pontuação é 0.",
    "hint_candidate_empty": "A candidata está vazia, portanto a pontuação é 0.",
    "hint_reference_no_words": "A referência não tem palavras (só pontuação ou símbolos, que não são "
    "comparados), portanto conta como vazia e a pontuação é 0.",
    "hint_candidate_no_words": "A candidata não tem palavras (só pontuação ou símbolos, que não são "
    "comparados), portanto conta como vazia e a pontuação é 0.",
    "hint_short": "A candidata é mais curta que a referência ({c_tokens} contra {r}), portanto a penalidade "
    "de brevidade multiplica a pontuação por {bp}.",
    "hint_word_order": "Palavras certas, ordem errada: muitas palavras coincidem (p1 = {p1}), mas poucos pares "
    "de palavras (p2 = {p2}).",
    "highlight_heading": "N-gramas coincidentes",
    "highlight_candidate": "Na candidata",
    "highlight_reference": "Na referência {number}",
    "legend": "Legenda",
    "status_matched": "coincide",
    "status_clipped": "cortado",
    "status_unmatched": "não coincide",
    "hl_matched_one": "{count} coincide",
    "hl_matched_other": "{count} coincidem",
    "hl_clipped_one": "{count} cortado",
    "hl_clipped_other": "{count} cortados",
    "hl_unmatched_one": "{count} não coincide",
    "hl_unmatched_other": "{count} não coincidem",
    "hl_ref_summary": "{matched}/{total} coincidem",
    "highlight_off": "O destaque fica desligado para textos longos (mais de {limit} tokens numa caixa), para que "
    "digitar continue rápido.",
    "span_matched": "“{ngram}”: {count}× na candidata, no máximo {max_ref}× numa referência: coincide",
    "span_clipped": "“{ngram}”: {count}× na candidata, no máximo {max_ref}× numa referência: {clipped}",
    "span_unmatched": "“{ngram}”: {count}× na candidata, em nenhuma referência: não coincide",
    "span_ref_matched": "“{ngram}”: {ref_count}× nesta referência, {count}× na candidata: coincide",
    "span_ref_unmatched": "“{ngram}”: {ref_count}× nesta referência, {count}× na candidata: não coincide",
    "chart_title": "Precisões, penalidade de brevidade e BLEU-{order}",
    "chart_desc": "Gráfico de barras numa escala de 0 a 1: {values}.",
    "chart_bp": "BP",
    "chart_score": "BLEU-{order}",
    "chart_smoothed_mark": "*",
    "chart_smoothed_note": "* suavizada",
    "options_heading": "Opções",
    "max_order": "Ordem máxima",
    "smoothing": "Suavização",
    "smooth_value": "Parâmetro de suavização",
    "effective_order": "Ordem efetiva",
    "tokenizer": "Tokenizador",
    "lowercase": "Minúsculas",
    "lowercase_auto": "Auto",
    "lowercase_auto_help": "O padrão do tokenizador (o padrão converte para minúsculas; os demais mantêm as maiúsculas)",
    "lowercase_yes": "Sim",
    "lowercase_no": "Não",
    "default_marker": "(padrão)",
    "restore_defaults": "Restaurar padrões",
    "option_error": "Estas opções não podem ser combinadas: {error}",
    "option_invalid": "Esta opção não é válida: {error}",
    "option_smooth_value_not_number": "O parâmetro de suavização de {method} deve ser um número; “{value}” não é",
    "option_smooth_value_too_small": "O parâmetro de suavização de {method} deve ser {rule}; {value} não é",
    "option_last_valid": "continuam sendo mostradas as pontuações com as últimas opções válidas.",
    "export_heading": "Exportar",
    "export_json": "JSON",
    "export_csv": "CSV",
    "export_markdown": "Tabela Markdown",
    "copy": "Copiar",
    "copied": "Copiado",
    "copy_failed": "Não foi possível copiar; selecione o texto e copie-o manualmente.",
    "download": "Baixar",
    "json": "JSON",
    "copy_json": "Copiar JSON",
    "share_link": "Link para compartilhar",
    "share_note": "Os textos viajam apenas na parte depois de #, que os navegadores nunca enviam a um servidor.",
    "share_too_long": "O link é longo demais para compartilhar ({length} caracteres; o limite é {limit}).",
    "share_copied": "Link copiado.",
    "share_invalid": "Não foi possível ler este link: {error}. Nada foi alterado.",
    "bp_name": "penalidade de brevidade",
    "bp_rule": "1 se c ≥ r, senão exp(1 − r/c)",
    "candidate_length": "comprimento da candidata",
    "reference_length": "comprimento da referência",
    "col_counts": "Contagens",
    "col_note": "Nota",
    "col_term": "Termo",
    "col_value": "Valor",
    "footer": "BLEU (Papineni et al. 2002), calculado pelo pacote Python bleu2, que roda no Pyodide nesta aba.",
    "highlight_help": "Aponte para uma palavra, ou chegue a ela com Tab e as setas, para ver suas contagens.",
    "share_heading": "Compartilhar",
    "share_url": "Link",
    "skip_to_breakdown": "Pular para a análise",
    "tokens_unit": "tokens",
    "no_candidates": "Escreva ou cole uma candidata para a classificar.",
    "export_copied": "{format} copiado.",
    "export_downloaded": "{format} baixado.",
    "state_restored": "Textos recuperados desta aba.",
    "link_restored": "Textos e opções recuperados do link.",
    "options_default": "Estas são as opções padrão.",
    "options_changed": "Algumas opções diferem das padrão.",
    "candidate_excerpt": "Candidata {number}: {text}",
    "terms_caption": "Termos da pontuação",
}

#: language code -> strings dict.
STRINGS: dict[str, dict[str, str]] = {"en": EN, "es": ES, "pt": PT}

#: The interface languages, in the order the language switch lists them.
LANGUAGES: tuple[str, ...] = ("en", "es", "pt")

#: language code -> its name in that language (for the switch).
LANGUAGE_NAMES: dict[str, str] = {code: STRINGS[code]["language_name"] for code in LANGUAGES}

DEFAULT_LANGUAGE = "en"

# decimal separator, grouping separator, minimum digits before grouping applies (as CLDR:
# Spanish writes 8000 but 12.345; Portuguese 8.000).
_NUMBER_FORMAT = {"en": (".", ",", 4), "es": (",", ".", 5), "pt": (",", ".", 4)}


def strings_for(lang: str | Mapping[str, str]) -> Mapping[str, str]:
    """The strings dict of ``lang`` (a code in :data:`LANGUAGES`); a dict is returned as is.
    Unknown codes give English."""
    if isinstance(lang, Mapping):
        return lang
    return STRINGS.get(lang, EN)


def _lang_code(lang: str | Mapping[str, str]) -> str:
    if isinstance(lang, Mapping):
        return lang.get("lang", DEFAULT_LANGUAGE)
    return lang if lang in STRINGS else DEFAULT_LANGUAGE


def pick_language(browser_languages: Iterable[str] | str | None) -> str:
    """The interface language for the browser's preferred languages.

    Args:
        browser_languages: BCP 47 tags in order of preference (``navigator.languages``),
            e.g. ``["pt-BR", "en-US"]``; a single tag is accepted too.
    Returns:
        ``"en"``, ``"es"`` or ``"pt"``: the first tag whose primary language is one of
        :data:`LANGUAGES` ("pt-BR" -> "pt", "es-419" -> "es"); ``"en"`` when none is.
    """
    if not browser_languages:
        return DEFAULT_LANGUAGE
    if isinstance(browser_languages, str):
        browser_languages = [browser_languages]
    for tag in browser_languages:
        if not isinstance(tag, str):
            continue
        primary = tag.strip().replace("_", "-").split("-", 1)[0].lower()
        if primary in STRINGS:
            return primary
    return DEFAULT_LANGUAGE


def _group(digits: str, sep: str, min_digits: int) -> str:
    if len(digits) < min_digits:
        return digits
    head = len(digits) % 3 or 3
    parts = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return sep.join(parts)


def format_integer(value: int, lang: str | Mapping[str, str] = DEFAULT_LANGUAGE) -> str:
    """An integer with the language's digit grouping: ``8,000`` (en), ``8000`` (es),
    ``8.000`` (pt); ``12.345`` in es and pt."""
    _, sep, min_digits = _NUMBER_FORMAT[_lang_code(lang)]
    value = int(value)
    sign = "-" if value < 0 else ""
    return sign + _group(str(abs(value)), sep, min_digits)


def format_number(value: float, lang: str | Mapping[str, str] = DEFAULT_LANGUAGE, decimals: int = 4) -> str:
    """``value`` rounded to ``decimals`` decimals with the language's decimal separator:
    ``format_number(0.70710678, "es") == "0,7071"``, ``"0.7071"`` in English.

    The integer part is not grouped (scores are in [0, 1]). NaN and infinities are written
    ``"NaN"``, ``"∞"``, ``"-∞"``. ``lang`` is a code or a strings dict (its ``"lang"``).
    """
    point = _NUMBER_FORMAT[_lang_code(lang)][0]
    value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    text = f"{value:.{decimals}f}"
    if text.startswith("-") and float(text) == 0:
        text = text[1:]  # no "-0.0000"
    return text.replace(".", point) if point != "." else text


def t(lang: str | Mapping[str, str], key: str, /, **params) -> str:
    """The string ``key`` in ``lang``, with ``{name}`` fields filled from ``params``.

    Args:
        lang: a code in :data:`LANGUAGES` (unknown codes give English) or a strings dict.
        key: a key of :data:`EN`.
        params: values for the template's fields (already formatted for the language).
    Raises:
        KeyError: unknown key, or a field of the template missing from ``params``
            (the message names it).
    """
    strings = strings_for(lang)
    try:
        template = strings[key]
    except KeyError:
        raise KeyError(f"no interface string {key!r}") from None
    if not params and "{" not in template:
        return template
    try:
        return template.format(**params)
    except KeyError as e:
        raise KeyError(f"interface string {key!r} needs the parameter {e.args[0]!r}") from None


def _plural_other(lang: str, count: int) -> bool:
    # "1 token", "0 tokens", "2 tokens" in all three languages.
    return count != 1


def tn(lang: str | Mapping[str, str], key: str, count: int, /, **params) -> str:
    """A plural string: ``key + "_one"`` or ``key + "_other"`` by ``count``, with ``count``
    (formatted with :func:`format_integer`) and ``params`` filled in.

    Example: ``tn("en", "tokens", 3) == "3 tokens"``, ``tn("en", "tokens", 1) == "1 token"``.
    """
    code = _lang_code(lang)
    suffix = "_other" if _plural_other(code, count) else "_one"
    return t(lang, key + suffix, count=format_integer(count, code), **params)
