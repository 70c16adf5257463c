"""Installable and offline: the manifest is linked, the service worker precaches the reader's language,
and with the network gone a page never visited still opens and a calculator still computes."""
from __future__ import annotations

import json
import urllib.request

import pytest

pytestmark = pytest.mark.browser


def test_manifest_is_linked_and_complete(web):
    with urllib.request.urlopen(web.url + "manifest.webmanifest") as response:
        manifest = json.load(response)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    with urllib.request.urlopen(web.url + "fr/glossary/") as response:
        html = response.read().decode("utf-8")
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in html



def test_reading_and_computing_offline(context, web):
    page = context.new_page()
    # Online: open the French calculator page once, so the Python runtime gets cached on first use.
    page.goto(web.url + "fr/targets/agility-classic/")
    page.wait_for_function("document.querySelector('[data-result]')?.dataset.state === 'done'", timeout=90_000)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    page.wait_for_function("document.querySelector('[data-result]')?.dataset.state === 'done'", timeout=90_000)

    context.set_offline(True)
    # A French page this reader never opened was precached at install.
    other = context.new_page()
    other.goto(web.url + "fr/glossary/")
    assert "Glossaire" in other.title()
    # The calculator page reloads and computes with the cached runtime.
    other.goto(web.url + "fr/targets/agility-classic/?ag=4")
    other.wait_for_function("document.querySelector('[data-result]')?.dataset.state === 'done'", timeout=90_000)
    assert "(" in other.locator('[data-field="probabilities.success"]').inner_text()
    context.set_offline(False)
