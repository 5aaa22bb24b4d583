"""What the <head> of every page of the site carries, written once: the Content-Security-
Policy, the web app manifest, the theme colours and the home-screen icon.

The hand-written pages (index.html, embed.html, learn.html, teach.html) hold these lines
literally, since the site serves them as they are; game/site/rules.py writes them into
the rules pages; tests/site/test_head.py checks that every page holds exactly
`head_lines(...)` for its place and kind.

The policy is a <meta http-equiv> (a static site sets no headers), so it cannot say
frame-ancestors: embed.html stays embeddable by any site's <iframe>, as it must. Each
allowance beyond the site's own origin, and why (docs/security.md says the same):

- 'wasm-unsafe-eval': Pyodide compiles CPython, a WebAssembly module
  (pyodide.asm.wasm), in the page;
- 'unsafe-eval': PyScript 0.7 joins its plugins' hooks into one function with
  Function(...) while it starts, refused without it (found by experiment: nothing else in
  the page, Pyodide included, needs it). It covers WebAssembly too; 'wasm-unsafe-eval'
  stays so that Pyodide's need is said, and holds if PyScript stops needing eval;
- nothing else: no inline script (the Python is a <script type="py">, which the browser
  does not run), no inline style or style attribute, no worker, blob: or data: URL.

The pages that run no script (the rules pages and teach.html) forbid scripts outright.
"""

from __future__ import annotations

# The pages that run Python: index.html, embed.html, learn.html.
RUNTIME_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
                  "object-src 'none'; base-uri 'self'; form-action 'self'")
# The pages of words and pictures: the rules pages, teach.html (its boards are embed.html
# in frames, from the site itself).
DOCUMENT_POLICY = ("default-src 'self'; script-src 'none'; object-src 'none'; "
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
