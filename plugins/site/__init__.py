"""The `nuffle` MkDocs plugin: turns data/ into cross-linked pages in the build's language."""
