"""The armour calculator's apothecary on a KO (issue 19 item 5), on its page in the three languages (rendered
Markdown of the real data, no build): a labelled box in the form, and a result row that shows only once the box
is ticked (the answer has no `apothecary` before)."""
from __future__ import annotations

import re
from html import unescape

import pytest

from plugins.site.messages import Messages


@pytest.mark.parametrize("lang", ("en", "fr", "ja"))
def test_the_armour_form_offers_the_apothecary_on_a_ko(render_page, lang):
    t = Messages(lang)
    md = render_page(lang, "calculators/armour.md")
    form = md[md.index('data-calculator="armour"'):]
    field = re.search(r"<label[^>]*data-name=\"apothecary\"[^>]*>(.*?)</label>", unescape(form), re.S)
    assert field and t("The team uses its apothecary on a KO") in field.group(1)
    assert 'type="checkbox"' in field.group(1) and "checked" not in field.group(1)
    row = re.search(r'<div class="nc-result-row" data-row( hidden)?><dt>([^<]*)</dt>\s*<dd data-field="apothecary\.'
                    r'patched_ko"[^>]*data-absent="hide"', form)
    assert row and row.group(1) and unescape(row.group(2)) == t("KO'd, patched up by the apothecary (Stunned instead)")
