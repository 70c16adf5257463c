"""The injury, casualty and lasting-injury table pages give each row's chance, computed by the resolver's dice."""
from __future__ import annotations

import re

from plugins.site.messages import Messages
from plugins.site.pagemap import generated_pages
from plugins.site.render.context import BackLinks, PageContext


def _chances(repo, path: str) -> dict[str, str]:
    ctx = PageContext(repo, "en", Messages("en"), path, BackLinks.build(repo))
    markdown = generated_pages(repo)[path](ctx)
    return {m[1]: m[2] for m in re.finditer(r'id="row-([a-z0-9-]+)".*?<span title="([0-9/]+)">', markdown)}


def test_d68_d16_and_d6_rows_have_their_chances(repo):
    # D68: 11-38 is 24 of the 48 results (19, 20, 29, 30 cannot be rolled), 41 one of them
    classic = _chances(repo, "tables/casualty-classic.md")
    assert classic["badly-hurt"] == "1/2" and classic["broken-ribs"] == "1/48" and classic["dead"] == "1/6"
    assert _chances(repo, "tables/casualty-bb2020.md")["badly-hurt"] == "3/8"
    assert _chances(repo, "tables/casualty-bb2025.md")["badly-hurt"] == "1/2"
    assert _chances(repo, "tables/lasting-injury-bb2025.md")["head-injury"] == "1/3"
    assert _chances(repo, "tables/injury-bb2020.md")["casualty"] == "1/6"
