"""Options of the `nuffle` plugin (mkdocs.yml: `plugins: - nuffle: {...}`)."""
from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class NuffleConfig(Config):
    enabled = c.Type(bool, default=True)
    """Turn the plugin off (the site then has only its hand-written pages)."""

    data_dir = c.Type(str, default="data")
    """The data folder, relative to the folder of this config file (like docs_dir)."""

    languages = c.ListOfItems(c.Type(str), default=["en", "fr", "ja"])
    """Languages the site is built in; the first is the default and lives at the site root."""

    strict_translations = c.Type(bool, default=True)
    """Warn (and so fail a --strict build) when a text or UI string lacks this language."""
