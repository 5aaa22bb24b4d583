"""Site tooling (developer machine only, never shipped to the page): fetching the pinned web
runtime (`runtime`), packing the game's Python into one archive (`bundle`), the site's file
list and `build`, and a small static `server`. (The benchmarks are in lab/.)

`python3 -m game serve` and `python3 -m game build --out DIR` are the commands; both fetch
the runtime into static/vendor/ on first use.
"""
