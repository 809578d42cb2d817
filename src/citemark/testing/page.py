"""A review page in one file: the server's review page with saved reports inside it.

The page ``citemark serve`` shows (``citemark/server/static``) draws a report that it
asks the API for, or one read from a file opened in it. A standalone page is that same
page with its script and style written inline and the reports stored in it as JSON,
handed to the page through its own file input when it loads: every report is drawn
by the page's own code, so the two never drift apart, and nothing here draws a report
a second time. It needs no server and loads nothing from anywhere.

Everything in the reports is untrusted text (model output, documents): the JSON is
stored with ``<``, ``>`` and ``&`` escaped, so no text of it can close its ``<script>``
element, and the page's script only ever inserts text as text. A content security
policy that admits the page's two scripts by their hashes backs both up.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Sequence
from importlib import resources
from typing import Any

# Runs after the page's own script has started: hides what needs a server, then opens
# the stored reports as a file, one JSON line per report (one report is one object),
# which the page reads as it reads a batch's results.
_OPEN_RECORDS = """(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const stored = JSON.parse($("citemark-records").textContent);
  // No server to ask and nothing to paste: the record picker and the status line move
  // out of the input panel, which goes, with the settings that need a server.
  const bar = document.createElement("div");
  bar.className = "actions";
  bar.append($("record-picker"), $("status"));
  $("error").before(bar);
  $("input-panel").hidden = true;
  $("settings").hidden = true;
  document.querySelector(".tagline").textContent = stored.title;
  if (!stored.records.length) {
    $("status").textContent = "No grounded assertion ran.";
    return;
  }
  const lines = stored.records.map((record) => JSON.stringify(record)).join("\\n");
  const transfer = new DataTransfer();
  transfer.items.add(new File([lines], stored.name, { type: "application/json" }));
  $("file").files = transfer.files;
  $("file").dispatchEvent(new Event("change"));
})();"""

# The name the page's status line gives the stored reports ("pytest: showing the saved
# report for tests/test_answers.py::test_deposit.").
_SOURCE_NAME = "pytest"

_STYLESHEET = re.compile(r'<link rel="stylesheet" href="static/review\.css">')
_SCRIPT = re.compile(r'\s*<script src="static/review\.js" defer></script>')
_TITLE = re.compile(r"<title>.*?</title>", re.DOTALL)
_CHARSET = re.compile(r'<meta charset="utf-8">')


def review_page(records: Sequence[dict[str, Any]], title: str) -> str:
    """A self-contained review page showing ``records``: each an ``id`` (the label the
    page shows), the ``answer``, its ``sources`` and the ``report`` (``to_dict()``).
    With several, the page's record picker chooses among them."""
    static = resources.files("citemark").joinpath("server", "static")
    template = static.joinpath("index.html").read_text("utf-8")
    style = static.joinpath("review.css").read_text("utf-8")
    script = static.joinpath("review.js").read_text("utf-8")
    for text, tag in ((style, "style"), (script, "script")):
        if f"</{tag}" in text.lower() or "<!--" in text:
            raise RuntimeError(f"the review page's {tag} cannot be written inline")
    stored = json.dumps(
        {"name": _SOURCE_NAME, "title": title, "records": list(records)}, ensure_ascii=False
    )
    # JSON escapes, so that no text of a report closes or opens an element
    stored = stored.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    policy = (
        f"default-src 'none'; script-src {_hash(script)} {_hash(_OPEN_RECORDS)}; "
        f"style-src {_hash(style)}; img-src data:; base-uri 'none'; form-action 'none'"
    )
    page = _once(
        _CHARSET,
        template,
        '<meta charset="utf-8">\n  <meta http-equiv="Content-Security-Policy" '
        f'content="{html.escape(policy)}">',
    )
    page = _once(_TITLE, page, f"<title>{html.escape(title)} · citemark</title>")
    page = _once(_STYLESHEET, page, f"<style>{style}</style>")
    page = _once(_SCRIPT, page, "")
    body_end = page.rfind("</body>")
    if body_end < 0:
        raise RuntimeError("the review page's template has no </body>")
    scripts = (
        f'<script type="application/json" id="citemark-records">{stored}</script>\n'
        f"<script>{script}</script>\n<script>{_OPEN_RECORDS}</script>\n"
    )
    return page[:body_end] + scripts + page[body_end:]


def _once(pattern: re.Pattern[str], text: str, replacement: str) -> str:
    """``text`` with the one match of ``pattern`` replaced: a template that no longer has
    it (or has it twice) is a page this module must be taught about, not one to write
    half made."""
    found = pattern.findall(text)
    if len(found) != 1:
        raise RuntimeError(
            f"the review page's template has {len(found)} matches of {pattern.pattern!r}, not 1"
        )
    return pattern.sub(lambda _: replacement, text)


def _hash(text: str) -> str:
    """A CSP source admitting an inline element whose content is exactly ``text``."""
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"
