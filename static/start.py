"""The one-file offline page's script (index.html's <script type="py">, which static/host.js
takes away on the served page, whose Python runs in its worker): static/app.py, which pyscript.toml's [files]
writes into Pyodide's working directory as app.py, imported as a module, so that Python reads the
bytecode bleu2.zip carries for it (tools/compile_pyc.mjs) instead of compiling it at every start."""

import app  # noqa: F401 - runs the page
