"""The sheet on every phone at the table: the web page of ``scorekeeper serve``.

:mod:`~scorekeeper.web.app` is the app (its routes, the event stream),
:mod:`~scorekeeper.web.guard` who gets in, :mod:`~scorekeeper.web.keys` the join code kept
across restarts,
:mod:`~scorekeeper.web.views` the page's HTML; ``page.html``, ``sheet.css`` and ``page.js``
beside them are served from the package itself, so the page loads nothing from the network.
Only ``serve`` imports this package (and with it starlette).
"""
