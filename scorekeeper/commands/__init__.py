"""The commands of ``scorekeeper``, a module per kind of work, each imported only when one
of its commands runs (:data:`scorekeeper.cli.COMMANDS`)."""
