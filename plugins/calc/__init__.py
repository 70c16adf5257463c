"""The `nuffle-calc` MkDocs plugin: ship the calculators package and the Pyodide runtime with the site."""
