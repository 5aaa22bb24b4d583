"""The page's main thread at 4x CPU slowdown (issue 39):
`.venv/bin/python -m lab.bench_main_thread [--runs N] [--site DIR] [--check]`
(Playwright, as lab.bench: run it with the test environment's Python; CHROMIUM names the
browser, e.g. CHROMIUM=/usr/bin/chromium).

It builds the site into a temporary folder (or serves DIR, a site built before, e.g. by
`python3 -m game build --out DIR`), serves it on 127.0.0.1 and, for each game (Tsuro of
the Seas, Tatsu) and each of N runs, in a fresh browser context (service workers blocked:
a first visit) with Chromium's CPU throttling at 4x (`Emulation.setCPUThrottlingRate`,
set before the navigation; --rate to change it):
  - records every main-thread task over 50 ms from the navigation on (the first byte
    included), with its start and duration, from a trace of the browser (categories
    "toplevel" and "blink.user_timing": each top-level slice of the page's renderer main
    thread, ThreadControllerImpl::RunTask or a microtask checkpoint). The `longtask`
    PerformanceObserver (buffered, registered by an init script) is kept beside it for
    comparison only: it misses tasks that run no script of the page (style, layout and
    paint of a frame, garbage collection, IPC), which block a tap just as much;
  - taps, as soon as the start screen is painted (its first contentful paint, the
    game's `button[data-game]` laid out) and before `<html data-ready="true">`, that
    button (static/early.js and static/first.js answer it before Python is ready: the
    address gets ?game=, the status says the game opens once ready); then, while the
    runtime starts, the start screen's heading (the h1, which does nothing of its own)
    every 0.4 s until the page is ready, asking nothing of the page between taps (an
    evaluate would wait for the main thread and so put every tap between its tasks; the
    page says ready on its console). Taps are real input (Input.dispatchMouseEvent at
    coordinates read once). A tap's answer is its Event Timing duration
    (`PerformanceObserver({type: "event", durationThreshold: 16, buffered: true})`: from
    the input's timestamp through the input delay and the handlers to the next paint), the
    longest entry among its pointerdown to click; a tap with no entry was answered under
    the 16 ms threshold and counts 16;
  - notes the time to `data-ready="true"` (from the navigation, on the page's clock);
  - on the game's start form (found by its `[data-start]` button; fields by name:
    players, player0..., first, seed, speed) starts a game of computers only at the "fast"
    pace (seats and seed in GAMES: some 30 s of play for Tsuro, 50 s for Tatsu,
    unthrottled) and lets it play until it ends, or 150 s of wall time have passed (a
    throttled game takes longer: "ended" says which). The end is what the page shows
    once a game is over: a `[data-again]` button ("Same deal again", "New deal"), watched
    by a MutationObserver installed at the start click;
  - sorts the tasks: "start" (before ready), "setup" (ready to the start click: filling
    the form, not a goal) and "playing" (from the start click to the end): the longest,
    the count and, while playing, the total blocking time (each task's time over 50 ms);
  - counts the layout shifts while playing (Layout Instability API: each time something
    on the screen moved, the board under a status line that changed height, say) and
    their sum ("playing_shift_score"). --viewport WxH sets the page's size (1280x720; a
    phone: 390x844), where a line of text wraps and so what moves.
Prints one JSON object: per game, the medians over the runs, the worst values, and each
run's figures with its tasks ("start+duration" in ms, page clock). With --breakdown the
trace also records Chromium's "devtools.timeline" and "v8" categories (which slow the page
a little: compare breakdowns with breakdowns) and each run gets "breakdown": every long
task while playing, what it spent its time on (self times in ms: parse HTML, style,
layout, paint, GC, script, other; and the costliest slices by name) and what started it
(the events dispatched, the functions called); --traces DIR keeps each run's trace.
Goals (issue 39): no main-thread task over 50 ms while playing, and every tap made while
the runtime starts answered within 100 ms; `--check` exits 1 when the worst run of a
game misses one. Only the page's public hooks drive it (data-ready, button[data-game], the
start form's field names and [data-start], [data-again], #log li, the heading's role), so
that it measures the page alike before and after a rebuild. A busy machine makes long
tasks of its own: compare runs made on the same machine at the same time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from game.site.build import build
from game.site.server import DirectorySite, SiteServer
from lab.bench import launch_args

RATE = 4
LONG_MS = 50
TAP_GOAL_MS = 100
TAP_EVERY_S = 0.4
UNANSWERED_MS = 16.0  # a tap with no Event Timing entry: under the observer's threshold
BOOT_TIMEOUT_S = 240  # a cold start at 4x on a busy 2-core machine
PLAY_CAP_S = 150
FORM = "form:has([data-start])"
READY_SAID = "bench_main_thread: ready"  # on the console, and the ready mark's name
TRACE_CATEGORIES = ["toplevel", "blink.user_timing"]
TASKS = {"ThreadControllerImpl::RunTask", "RunTask", "BlinkScheduler_PerformMicrotaskCheckpoint"}
BREAKDOWN_CATEGORIES = ["devtools.timeline", "v8"]  # --breakdown: what a long task does
# A slice's kind by the start of its name, first match in this order (self time is summed
# by kind; a name not listed is "other", as is the task's own time outside any slice).
KINDS = {
    "gc": ("MinorGC", "MajorGC", "BlinkGC", "V8.GC", "CppGC", "MinorMS", "V8.Scavenge"),
    "parse": ("ParseHTML", "ParseAuthorStyleSheet"),
    "style": ("UpdateLayoutTree", "RecalculateStyles"),
    "layout": ("Layout", "UpdateLayout", "HitTest"),
    "paint": ("Paint", "PrePaint", "Layerize", "UpdateLayer", "CompositeLayers", "Commit"),
    "script": ("FunctionCall", "EvaluateScript", "v8", "V8", "RunMicrotasks", "TimerFire",
               "FireAnimationFrame", "EventDispatch"),
}

RETRIES = 2  # a run whose browser page fails (a renderer crash on a loaded machine) again
# The games of computers alone at the fast pace: the form's fields, in the order a person
# fills them (the seat count first: it redraws the seats).
GAMES = {
    "tsuro": {"players": "4", "player0": "medium", "player1": "hard", "player2": "hard",
              "player3": "easy", "seed": "301", "speed": "fast"},
    "tatsu": {"player0": "medium", "player1": "hard", "first": "black", "seed": "5",
              "speed": "fast"},
}

# Registered before any of the page's scripts: long tasks, the events' timing, the taps'
# own timestamps (pointerdown to click, to find their entries), and the moment of ready.
_INIT = r"""
(() => {
  if (window.__mt) return;
  const mt = window.__mt = {long: [], events: [], taps: [], shifts: [], readyAt: null,
                            endAt: null, longtask: false, eventTiming: false};
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) mt.long.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
    mt.longtask = true;
  } catch (error) { /* not supported: said in the result */ }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        mt.events.push([e.name, e.startTime, e.duration, e.processingStart - e.startTime]);
      }
    }).observe({type: "event", durationThreshold: 16, buffered: true});
    mt.eventTiming = true;
  } catch (error) { /* idem */ }
  try {  // the page's layout shifts (Layout Instability API): what moves on the screen
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) mt.shifts.push([e.startTime, e.value]);
    }).observe({type: "layout-shift", buffered: true});
  } catch (error) { /* not supported: no shift is counted */ }
  addEventListener("pointerdown", (event) => {
    if (!event.isTrusted) return;
    const game = event.target.closest && event.target.closest("button[data-game]");
    mt.taps.push([event.timeStamp, null, game ? "game" : "other"]);
  }, true);
  addEventListener("click", (event) => {
    const last = mt.taps[mt.taps.length - 1];
    if (event.isTrusted && last && last[1] === null) last[1] = event.timeStamp;
  }, true);
  const ready = () => {
    if (mt.readyAt === null && document.documentElement.dataset.ready === "true") {
      mt.readyAt = performance.mark("READY_SAID").startTime;  // (in the trace too)
      console.debug("READY_SAID");
    }
  };
  new MutationObserver(ready).observe(document, {attributes: true, subtree: true,
                                                 attributeFilter: ["data-ready"]});
})();
""".replace("READY_SAID", READY_SAID)

# Installed at the start click: notes when the page first shows a game's end.
_WATCH_END = """() => {
  const mt = window.__mt;
  mt.endAt = null;
  const seen = () => {
    if (mt.endAt === null && document.querySelector("[data-again]")) {
      mt.endAt = performance.now();
      watcher.disconnect();
    }
  };
  const watcher = new MutationObserver(seen);
  watcher.observe(document.body, {childList: true, subtree: true});
  return performance.now();
}"""

# The start screen painted (the first contentful paint, the game's button laid out): the
# centres of that button and of the heading, and whether the page is ready already.
_PAINTED = """(game) => {
  const button = document.querySelector(`button[data-game="${game}"]`);
  const heading = document.querySelector("h1");
  if (!performance.getEntriesByName("first-contentful-paint").length || !button
      || !heading || !button.getBoundingClientRect().width) return null;
  const centre = (el) => {
    const box = el.getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  return [centre(button), centre(heading), window.__mt.readyAt !== null];
}"""


@contextlib.contextmanager
def served_site(site: Path | None):
    """The URL of the site (built into a temporary folder unless `site` names one),
    served on 127.0.0.1 while the block runs."""
    with tempfile.TemporaryDirectory() as folder:
        if site is None:
            site = Path(folder) / "site"
            build(site, log=lambda line: print(line, file=sys.stderr))
        server = SiteServer(DirectorySite(Path(site)), quiet=True)
        server.start()
        try:
            yield server.url
        finally:
            server.shutdown()
            server.server_close()


def fill_form(page, fields: dict) -> None:
    """The start form's fields, by name, as a person sets them (each select that redraws
    the form is waited for by checking every value at the end)."""
    for _attempt in range(5):
        for name, value in fields.items():
            field = page.locator(f'{FORM} [name="{name}"]')
            if field.evaluate("(el) => el.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
        page.wait_for_timeout(500)  # a redraw the last change asked for
        held = {name: page.locator(f'{FORM} [name="{name}"]').input_value()
                for name in fields}
        if held == fields:
            return
    raise RuntimeError(f"the start form keeps {held}, not {fields}")


def tap_durations(taps: list, events: list, ready_at: float) -> list[tuple[str, float]]:
    """Each tap made before ready, (what it hit: "game" for the game's button, "other"),
    and its answer: the longest Event Timing entry among its events (pointerdown to
    click), 16 when none passed the 16 ms threshold."""
    answers = []
    for down, click, hit in taps:
        if down >= ready_at:
            continue
        until = click if click is not None else down
        mine = [duration for _name, start, duration, _delay in events
                if down - 0.5 <= start <= until + 0.5]
        answers.append((hit, max(mine, default=UNANSWERED_MS)))
    return answers


def traced_tasks(trace: bytes, ready_at: float) -> list[tuple[float, float]] | None:
    """(start, duration) in ms on the page's clock of every top-level slice over 50 ms
    of the page's main thread (the thread that made the ready mark, whose time on the
    page's clock is `ready_at`); None when the trace lacks the mark."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    mark = next((e for e in events if e.get("name") == READY_SAID
                 and e.get("cat", "").startswith("blink.user_timing")), None)
    if mark is None:
        return None
    thread, offset = (mark["pid"], mark["tid"]), mark["ts"] / 1000 - ready_at
    slices = sorted((e["ts"], -e["dur"]) for e in events
                    if e.get("ph") == "X" and e.get("name") in TASKS and "dur" in e
                    and (e["pid"], e["tid"]) == thread)
    tasks, end = [], float("-inf")
    for ts, minus in slices:
        if ts < end:
            continue  # within the slice before (a nested run)
        end = ts - minus
        start, duration = ts / 1000 - offset, -minus / 1000
        if duration > LONG_MS and start + duration > 0:
            tasks.append((start, duration))
    return tasks


def kind_of(name: str) -> str:
    """The kind (KINDS) of a slice named `name`."""
    return next((kind for kind, starts in KINDS.items() if name.startswith(starts)), "other")


def thread_slices(events: list, thread) -> list[tuple[float, float, str, dict]]:
    """The thread's slices (start, duration in µs, name, args): its complete events and
    its begin/end pairs, sorted outermost first."""
    slices, open_ = [], []
    for e in sorted((e for e in events if (e.get("pid"), e.get("tid")) == thread
                     and e.get("ph") in ("X", "B", "E")), key=lambda e: e["ts"]):
        if e["ph"] == "X" and "dur" in e:
            slices.append((e["ts"], e["dur"], e["name"], e.get("args", {})))
        elif e["ph"] == "B":
            open_.append(e)
        elif open_:
            begun = open_.pop()
            slices.append((begun["ts"], e["ts"] - begun["ts"], begun["name"],
                           {**begun.get("args", {}), **e.get("args", {})}))
    slices.sort(key=lambda s: (s[0], -s[1]))
    return slices


def breakdown(trace: bytes, ready_at: float, since: float, until: float) -> list[dict]:
    """Each long task between `since` and `until` (page clock, ms): its start and
    duration, its self time by kind (KINDS), its five costliest slice names (self time)
    and what began it (events dispatched by type, functions called)."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    mark = next((e for e in events if e.get("name") == READY_SAID
                 and e.get("cat", "").startswith("blink.user_timing")), None)
    if mark is None:
        return []
    thread, offset = (mark["pid"], mark["tid"]), mark["ts"] / 1000 - ready_at
    slices = thread_slices(events, thread)
    found, at = [], 0
    while at < len(slices):
        ts, dur, name, _args = slices[at]
        start = ts / 1000 - offset
        if name not in TASKS or dur / 1000 <= LONG_MS or not since <= start <= until:
            at += 1
            continue
        end = ts + dur
        inner = at + 1
        while inner < len(slices) and slices[inner][0] < end:
            inner += 1
        selves: dict[str, float] = {}
        started: dict[str, int] = {}
        stack: list[list] = []  # [end, name, self time]
        for s_ts, s_dur, s_name, s_args in slices[at:inner]:
            while stack and s_ts >= stack[-1][0]:
                done = stack.pop()
                selves[done[1]] = selves.get(done[1], 0) + done[2]
            if stack:
                stack[-1][2] -= s_dur
            stack.append([s_ts + s_dur, s_name, s_dur])
            data = s_args.get("data") or {}
            if s_name == "EventDispatch":
                what = f"event:{data.get('type')}"
            elif s_name in ("FunctionCall", "TimerFire", "FireAnimationFrame"):
                what = f"{s_name}:{data.get('functionName') or ''}" \
                       f"@{str(data.get('url', '')).rsplit('/', 1)[-1]}:{data.get('lineNumber')}"
            else:
                continue
            started[what] = started.get(what, 0) + 1
        for done in stack:
            selves[done[1]] = selves.get(done[1], 0) + done[2]
        kinds: dict[str, float] = {}
        for s_name, self_time in selves.items():
            kind = "other" if s_name in TASKS else kind_of(s_name)
            kinds[kind] = kinds.get(kind, 0) + self_time / 1000
        costliest = sorted(selves.items(), key=lambda item: -item[1])[:5]
        found.append({"at": round(start), "ms": round(dur / 1000),
                      "kinds": {k: round(v, 1) for k, v in sorted(kinds.items(),
                                                                  key=lambda kv: -kv[1])},
                      "costliest": {n: round(v / 1000, 1) for n, v in costliest},
                      "began": started})
        at = inner
    return found


def one_run(browser, url: str, game: str, rate: float, detailed: bool = False,
            keep: Path | None = None, viewport: dict | None = None) -> dict:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    context = browser.new_context(service_workers="block",
                                  **({"viewport": viewport} if viewport else {}))
    tracing = False
    try:
        page = context.new_page()
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES
                              + (BREAKDOWN_CATEGORIES if detailed else []))
        tracing = True
        page.add_init_script(_INIT)
        ready_seen = []
        page.on("console", lambda message: ready_seen.append(True)
                if message.text == READY_SAID else None)
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(url, wait_until="commit")
        deadline = time.monotonic() + BOOT_TIMEOUT_S
        while not (probe := page.evaluate(_PAINTED, game)):  # (not Playwright's waiting,
            if time.monotonic() > deadline:  # which waits for frames: long after)
                raise TimeoutError("the start screen was not painted in time")
            time.sleep(0.05)
        game_xy, heading_xy, ready = probe
        if not ready:  # (a tap on the live page could land elsewhere)
            page.mouse.click(*game_xy)  # the game button, answered before Python runs
        # Then the heading, every TAP_EVERY_S until the page says it is ready, with
        # nothing asked of the page between taps (an evaluate would wait for the main
        # thread and so put every tap between its tasks): a tap waits only for its own
        # answer, and the page tells ready on its console.
        while not ready:
            if time.monotonic() > deadline:
                raise TimeoutError("the page was not ready in time")
            page.wait_for_timeout(TAP_EVERY_S * 1000)  # (console events come meanwhile)
            if ready_seen:
                break
            page.mouse.click(*heading_xy)  # (the heading does nothing: only the answer)
        ready_at = page.evaluate("window.__mt.readyAt")
        if f"game={game}" not in page.url:  # the tap missed: the live page's button then
            page.locator(f"button[data-game='{game}']").click()
            tap_missed = True
        else:
            tap_missed = False
        page.locator(f"{FORM} [data-start]").wait_for(state="visible", timeout=60_000)
        fill_form(page, GAMES[game])
        play_at = page.evaluate(_WATCH_END)
        page.locator(f"{FORM} [data-start]").click()
        with contextlib.suppress(PlaywrightTimeout):  # the cap
            page.wait_for_function("() => window.__mt.endAt !== null", polling=500,
                                   timeout=PLAY_CAP_S * 1000)
        end_at = page.evaluate("window.__mt.endAt")
        ended = end_at is not None
        if not ended:
            end_at = page.evaluate("performance.now()")
        lines = page.locator("#log li").count()
        mt = page.evaluate("window.__mt")
        painted_at, first_byte = page.evaluate(
            "[performance.getEntriesByName('first-contentful-paint')[0].startTime,"
            " performance.getEntriesByType('navigation')[0].responseStart]")
        trace, tracing = browser.stop_tracing(), False
    finally:
        if tracing:
            browser.stop_tracing()
        context.close()
    if keep is not None:  # the trace itself, for Chromium's Performance panel or Perfetto
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"{game}-{time.strftime('%H%M%S')}.json").write_bytes(trace)
    traced = traced_tasks(trace, ready_at)
    tasks = traced if traced is not None else mt["long"]

    def phases(found):
        return {"start": [(t, d) for t, d in found if t < ready_at],
                "setup": [(t, d) for t, d in found if ready_at <= t < play_at],
                "playing": [(t, d) for t, d in found if play_at <= t <= end_at]}

    phase, api = phases(tasks), phases(mt["long"])
    start, setup, playing = ([d for _t, d in phase[name]]
                             for name in ("start", "setup", "playing"))
    taps = tap_durations(mt["taps"], mt["events"], ready_at)
    first_tap = next((d for hit, d in taps if hit == "game"), None)
    details = ({"breakdown": breakdown(trace, ready_at, play_at, end_at)}
               if detailed and traced is not None else {})
    moved = [value for at, value in mt["shifts"] if play_at <= at <= end_at]
    return {
        "ready_ms": round(ready_at), "first_byte_ms": round(first_byte),
        "painted_ms": round(painted_at), "tasks_from": "trace" if traced is not None
        else "longtask", "event_timing": mt["eventTiming"],
        "first_tap_ms": first_tap, "worst_tap_ms": max((d for _hit, d in taps), default=None),
        "taps": len(taps), "tap_missed": tap_missed,
        "start_longest_ms": round(max(start, default=0)), "start_long_tasks": len(start),
        "setup_longest_ms": round(max(setup, default=0)), "setup_long_tasks": len(setup),
        "playing_longest_ms": round(max(playing, default=0)),
        "playing_long_tasks": len(playing),
        "playing_blocking_ms": round(sum(d - LONG_MS for d in playing)),
        "playing_layout_shifts": len(moved), "playing_shift_score": round(sum(moved), 4),
        "played_s": round((end_at - play_at) / 1000, 1), "ended": ended, "log_lines": lines,
        "play_started_ms": round(play_at), "ended_ms": round(end_at),
        "tasks": {name: " ".join(f"{t:.0f}+{d:.0f}" for t, d in found)
                  for name, found in phase.items()},
        "longtask_api": {name: [len(found), round(max((d for _t, d in found), default=0))]
                         for name, found in api.items()},  # (count, longest): comparison
        **details,
    }


def retried(browser, url: str, game: str, rate: float, detailed: bool = False,
            keep: Path | None = None, viewport: dict | None = None) -> dict:
    """One run, made again (RETRIES times at most) when the page fails under it."""
    from playwright.sync_api import Error

    for attempt in range(RETRIES + 1):
        try:
            return one_run(browser, url, game, rate, detailed, keep, viewport)
        except Error as failure:
            if attempt == RETRIES:
                raise
            print(f"{game}: the run failed ({failure.message.splitlines()[0]}): again",
                  file=sys.stderr)
    raise AssertionError("unreachable")


SUMMED = ("ready_ms", "first_tap_ms", "worst_tap_ms", "start_longest_ms", "start_long_tasks",
          "playing_longest_ms", "playing_long_tasks", "playing_blocking_ms",
          "playing_layout_shifts", "played_s")


def summarize(runs: list[dict]) -> dict:
    median, worst = {}, {}
    for key in SUMMED:
        values = [r[key] for r in runs if r[key] is not None]
        if values:
            median[key] = round(statistics.median(values), 1)
            worst[key] = min(values) if key == "played_s" else max(values)
    met = {"no_long_task_playing": worst.get("playing_longest_ms", 0) <= LONG_MS,
           "tap_within_100ms": worst.get("worst_tap_ms", 0) <= TAP_GOAL_MS}
    return {"median": median, "worst": worst, "goals_met": met,
            "all_ended": all(r["ended"] for r in runs), "runs": runs}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.bench_main_thread",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs per game (median)")
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build)")
    parser.add_argument("--rate", type=float, default=RATE, help="CPU slowdown (4)")
    parser.add_argument("--games", default=",".join(GAMES), help="tsuro,tatsu")
    parser.add_argument("--viewport", default="1280x720", metavar="WxH",
                        help="the page's size in CSS pixels (e.g. 390x844, a phone)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a goal is missed")
    parser.add_argument("--breakdown", action="store_true",
                        help="trace more: what each long task while playing spends its time on")
    parser.add_argument("--traces", type=Path, metavar="DIR",
                        help="keep each run's trace in DIR (GAME-HHMMSS.json)")
    args = parser.parse_args(argv)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("error: the benchmark needs Playwright: run it as .venv/bin/python -m "
              "lab.bench_main_thread (python3 tests/run.py makes .venv)", file=sys.stderr)
        return 2
    games = [g for g in args.games.split(",") if g]
    width, height = (int(n) for n in args.viewport.lower().split("x"))
    viewport = {"width": width, "height": height}
    samples: dict = {g: [] for g in games}
    with served_site(args.site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        try:
            for index in range(max(1, args.runs)):
                for game in games:
                    samples[game].append(retried(browser, url, game, args.rate,
                                                 args.breakdown, args.traces, viewport))
                    print(f"run {index + 1} {game}: {json.dumps(samples[game][-1])}",
                          file=sys.stderr)
        finally:
            browser.close()
    result = {"rate": args.rate, "runs": max(1, args.runs), "viewport": args.viewport,
              "goals_ms": {"longest_task_playing": LONG_MS, "tap": TAP_GOAL_MS},
              **{game: summarize(runs) for game, runs in samples.items()}}
    print(json.dumps(result, indent=2))
    met = all(all(result[g]["goals_met"].values()) for g in games)
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
