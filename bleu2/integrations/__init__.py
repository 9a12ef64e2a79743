"""bleu2 inside other tools: the Sphinx extension, the MkDocs plugin (their docs blocks and
assets) and Dask. Each imports its tool; nothing else in bleu2 imports them."""
