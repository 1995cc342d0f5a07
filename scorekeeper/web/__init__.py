"""The sheet on every phone at the table: the web page of ``scorekeeper serve``.

:mod:`~scorekeeper.web.app` is the app (its routes, its guard, the event stream),
:mod:`~scorekeeper.web.views` the page's HTML; ``page.html``, ``sheet.css`` and ``page.js``
beside them are served from the package itself, so the page loads nothing from the network.
Only ``serve`` imports this package (and with it starlette).
"""
