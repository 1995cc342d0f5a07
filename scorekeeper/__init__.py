"""scorekeeper: the scoresheet for Hollywood Gin played with real cards."""

__version__ = "0.3.0"
