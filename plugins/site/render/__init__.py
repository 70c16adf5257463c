"""Markdown for the generated pages, one module per page family."""
