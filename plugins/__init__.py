"""Nuffle Codex build plugins: load the YAML data, render the site pages, ship the calculators."""
