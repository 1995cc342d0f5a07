"""The whole scorekeeper on the phone: this package's own Python running in the browser on
Pyodide (CPython compiled to WebAssembly), offline, with no laptop at the table.

:mod:`~scorekeeper.app.main` is what the browser imports (the page's script calls its
functions: open the matches kept on the phone, the next hand's questions, record, take back,
correct, change the rules, draw with :mod:`scorekeeper.web.views`, import and export);
``index.html``, ``app.js``, ``app.css`` and ``sw.js`` beside it are the shell around it.
:mod:`~scorekeeper.app.site` writes the whole static site (``scorekeeper app DIR``). Nothing
here imports click, tinydb or the store: the browser loads none of them.
"""
