"""What the <head> of every page of the site carries, written once: the Content-Security-
Policy, the web app manifest, the theme colours and the home-screen icon.

The hand-written pages (index.html, embed.html, learn.html, teach.html) hold these lines
literally, since the site serves them as they are; game/site/rules.py writes them into
the rules pages; tests/site/test_head.py checks that every page holds exactly
`head_lines(...)` for its place and kind.

The policy is a <meta http-equiv> (a static site sets no headers), so it cannot say
frame-ancestors: embed.html stays embeddable by any site's <iframe>, as it must. The
allowances beyond the site's own origin (docs/security.md says the same):

- none: the pages that run the game compile no WebAssembly and evaluate no code. Python
  runs in a web worker of the site's own origin (static/engine.js, allowed by
  script-src 'self'), where Pyodide compiles CPython's WebAssembly: a worker takes its
  policy from its own response's headers, never from the page's <meta>, and a static
  site sends none, so the worker runs under no policy (docs/security.md);
- no inline script, no inline style or style attribute, no blob: or data: URL.

teach.html runs no script and forbids scripts outright; the rules pages allow their own
one (static/rules-live.js), which evaluates nothing.
"""

from __future__ import annotations

# The pages that run Python: index.html, embed.html, learn.html.
RUNTIME_POLICY = ("default-src 'self'; script-src 'self'; "
                  "object-src 'none'; base-uri 'self'; form-action 'self'")
# The pages of words and pictures: teach.html (its boards are embed.html in frames, from
# the site itself).
DOCUMENT_POLICY = ("default-src 'self'; script-src 'none'; object-src 'none'; "
                   "base-uri 'self'; form-action 'none'")
# The rules pages: words and pictures, and one script of the site's own
# (static/rules-live.js) that frames each picture's live board, embed.html, once near.
RULES_POLICY = ("default-src 'self'; script-src 'self'; object-src 'none'; "
                "base-uri 'self'; form-action 'none'")

MANIFEST = "manifest.webmanifest"  # at the site root: its start_url and scope "./" are the site
ICONS = "static/icons"
APPLE_TOUCH_ICON = f"{ICONS}/apple-touch-icon.png"
# The page's background in each colour scheme (static/style.css, --bg): the browser's bar.
THEME_COLORS = {"light": "#fbfaf6", "dark": "#0b1a21"}


def head_lines(prefix: str, policy: str) -> str:
    """The lines, indented as the pages' <head>, for a page whose path to the site root is
    prefix ("./" at the root, "../" in rules/)."""
    themes = "\n".join(f'  <meta name="theme-color" content="{color}" '
                       f'media="(prefers-color-scheme: {scheme})">'
                       for scheme, color in THEME_COLORS.items())
    return (f'  <meta http-equiv="Content-Security-Policy" content="{policy}">\n'
            '  <!-- Why each allowance of the policy is there: docs/security.md. -->\n'
            f'  <link rel="manifest" href="{prefix}{MANIFEST}">\n'
            f"{themes}\n"
            f'  <link rel="apple-touch-icon" href="{prefix}{APPLE_TOUCH_ICON}">\n')
