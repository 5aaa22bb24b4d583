"""What the accessibility tests measure in the page, beyond axe-core (test_accessibility.py).

axe checks the HTML: its color-contrast rule reads HTML text (SVG text it leaves
"incomplete": too short to judge), and its target-size rule skips the boards' SVG
buttons. So the page is also measured here, in Chromium, with the WCAG formulas:

- `MEASURE`: every visible HTML text against the background behind it (composited through
  translucent layers and opacity), the boundary of every enabled control (its border, or
  its fill when it has no border) against what surrounds it, every label of the board
  (SVG <text>, and the letters of the dragon glyphs drawn with <use>) against the shapes
  painted under it, its size in CSS px, a label whose size page CSS overrides (a page rule
  meant for HTML, like `.status`, once made Tatsu's hub words larger than drawn), every
  pair of board labels whose boxes overlap and any label closer than 1 px to a piece (a
  corner badge, an entry point, a die, a stone: touching counts), and each clickable board element's hit area in CSS px (and that
  nothing covers its centre);
- `FOCUS_RING`: focuses an element as a keyboard would and reads its focus ring: an
  outline and the halo inside it (HTML), or the stroke and halo of its hit shape (SVG),
  against the element's own colour and the background around it.

`audit(page)` and `focus_problems(page)` turn the measures into a list of problems
(empty when all is well) with the WCAG thresholds.
"""

from __future__ import annotations

TEXT_RATIO, LARGE_TEXT_RATIO, NON_TEXT_RATIO = 4.5, 3.0, 3.0
MIN_TARGET_PX = 24  # WCAG 2.5.8 (AA)
MIN_LABEL_PX = 9  # the boards' smallest text, as font size in CSS px

COLOUR_JS = r"""
const parseColour = (c) => {
  const m = c && c.match(/rgba?\(([^)]+)\)/);
  if (!m) return null;
  const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
};
// CSS px: a label keeps at least this far from a piece; two labels' boxes (their whole line
// height, more than their ink) must not overlap at all
const CLEAR = 1;
const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
const lum = (c) => {
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
};
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const hex = (c) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
const visible = (el) => {
  if (!el.getClientRects().length) return false;
  const cs = getComputedStyle(el);
  return cs.visibility !== 'hidden' && Number(cs.opacity) > 0;
};
const opacityOf = (el, stop) => {
  let o = 1;
  for (let e = el; e && e.nodeType === 1 && e !== stop; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
  return o;
};
// The opaque colour behind an HTML element (its own background included).
const backgroundOf = (el) => {
  const layers = [];
  for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
    const c = parseColour(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let bg = parseColour(getComputedStyle(document.documentElement).backgroundColor);
  if (!bg || bg[3] < 1) bg = parseColour(getComputedStyle(document.body).backgroundColor);
  if (!bg || bg[3] < 1) bg = matchMedia('(prefers-color-scheme: dark)').matches ? [18, 18, 18, 1] : [255, 255, 255, 1];
  for (const layer of layers.reverse()) bg = over(layer, bg);
  return bg;
};
// An element's box, scrolled into the viewport first (hit testing sees only the viewport).
const boxInView = (el) => {
  let r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    el.scrollIntoView({block: 'center', inline: 'center'});
    r = el.getBoundingClientRect();
  }
  return r;
};
// Whether something opaque is painted over the centre of a board's text (a destination's
// die label over its segment number, an overlay over the whole board).
const hidden = (svg, t, r) => {
  for (const e of document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)) {
    if (e === t || t.contains(e)) return false;
    if (!svg.contains(e)) return true;
    const fill = parseColour(getComputedStyle(e).fill);
    if (e.tagName !== 'use' && fill && fill[3] * Number(getComputedStyle(e).fillOpacity) * opacityOf(e, svg.parentElement) >= 0.99) return true;
  }
  return false;
};
const describe = (el) => {
  const id = el.id ? '#' + el.id : '';
  const cls = el.getAttribute('class') ? '.' + el.getAttribute('class').trim().split(/\s+/).join('.') : '';
  const data = [...el.attributes].filter((a) => a.name.startsWith('data-')).slice(0, 2)
    .map((a) => `[${a.name}="${a.value}"]`).join('');
  return el.tagName.toLowerCase() + id + cls + data;
};
// What is painted under a point of a board: the shapes there, topmost first, composited.
const boardBackground = (svg, x, y, skip) => {
  const layers = [];
  for (const e of document.elementsFromPoint(x, y)) {
    if (skip(e)) continue;
    if (!svg.contains(e)) { layers.push(backgroundOf(e)); break; }
    if (e === svg) continue;
    let fill, alphaOf = e;
    if (e.tagName === 'use') {
      const def = svg.querySelector(e.getAttribute('href'));
      const shape = def && def.querySelector('path, circle, rect');
      fill = shape ? parseColour(getComputedStyle(shape).fill) : null;
    } else {
      fill = parseColour(getComputedStyle(e).fill);
    }
    if (!fill) continue;
    const alpha = fill[3] * Number(getComputedStyle(e).fillOpacity) * opacityOf(alphaOf, svg.parentElement);
    if (alpha <= 0.001) continue;
    layers.push([fill[0], fill[1], fill[2], Math.min(alpha, 1)]);
    if (alpha >= 1) break;
  }
  let bg = [255, 255, 255, 1];
  for (const layer of layers.reverse()) bg = over(layer, bg);
  return bg;
};
"""

# Returns {texts, controls, labels, targets, overlaps, board}: see the module's text.
MEASURE = "() => {" + COLOUR_JS + r"""
  const out = {texts: [], controls: [], labels: [], targets: [], overlaps: [], board: null, covered: 0, restyled: []};
  // 1. HTML text: every element with text of its own, outside the boards.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || seen.has(el) || el.closest('svg, script, style, noscript, option')) continue;
    seen.add(el);
    if (!visible(el) || el.closest('[disabled], [aria-hidden="true"]')) continue;
    const cs = getComputedStyle(el);
    const bg = backgroundOf(el);
    const o = opacityOf(el);
    let fg = over(parseColour(cs.color), bg), back = bg;
    if (o < 1) {  // faded: blend text and background with what lies under the faded element
      let faded = el;
      while (faded.parentElement && Number(getComputedStyle(faded).opacity) >= 1) faded = faded.parentElement;
      const under = backgroundOf(faded.parentElement || document.body);
      fg = over([...fg.slice(0, 3), o], under); back = over([...bg.slice(0, 3), o], under);
    }
    const px = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    out.texts.push({what: describe(el), text: node.textContent.trim().slice(0, 40), ratio: ratio(fg, back),
                    fg: hex(fg), bg: hex(back), large: px >= 24 || (bold && px >= 18.66)});
  }
  for (const el of document.querySelectorAll('input:not([type=checkbox]):not([type=radio]), select')) {
    if (!visible(el) || el.disabled) continue;
    const bg = backgroundOf(el);
    out.texts.push({what: describe(el), text: el.value.slice(0, 40) || el.placeholder || '',
                    ratio: ratio(over(parseColour(getComputedStyle(el).color), bg), bg),
                    fg: getComputedStyle(el).color, bg: hex(bg), large: false});
  }
  // 2. The boundary of each control: its border, or else its fill, against its surroundings.
  for (const el of document.querySelectorAll('button, select, input:not([type=checkbox]):not([type=radio]), summary')) {
    if (!visible(el) || el.disabled || el.closest('svg')) continue;
    const cs = getComputedStyle(el);
    const around = backgroundOf(el.parentElement);
    const border = parseColour(cs.borderTopColor);
    const width = parseFloat(cs.borderTopWidth);
    const fill = parseColour(cs.backgroundColor);
    let edge = null, how = '';
    if (border && border[3] > 0 && width >= 1) { edge = over(border, around); how = 'border'; }
    if (fill && fill[3] > 0) {
      const filled = over(fill, around);
      if (!edge || ratio(filled, around) > ratio(edge, around)) { edge = filled; how = 'fill'; }
    }
    if (!edge) {  // no border, no fill: its picture is the control (a hand tile), or text (summary)
      if (el.tagName === 'SUMMARY' || el.querySelector('svg')) continue;
      out.controls.push({what: describe(el), ratio: 1, how: 'nothing drawn'});
      continue;
    }
    out.controls.push({what: describe(el), ratio: ratio(edge, around), how, edge: hex(edge), around: hex(around)});
  }
  // 3. The board: labels, their size and what is under them; targets; overlaps.
  const svg = document.querySelector('#board svg[data-board]');
  if (!svg) return out;
  const box = svg.getBoundingClientRect();
  out.board = {game: svg.dataset.board, width: box.width, height: box.height};
  document.head.insertAdjacentHTML('beforeend',
    '<style id="a11y-probe">#board svg, #board svg * { pointer-events: all !important; }</style>');
  try {
    const labels = [];
    for (const t of svg.querySelectorAll('text')) {
      if (t.closest('defs') || !t.textContent.trim()) continue;
      if (!t.getBoundingClientRect().width || Number(getComputedStyle(t).opacity) === 0) continue;
      const r = boxInView(t);
      if (hidden(svg, t, r)) { out.covered += 1; continue; }
      const cs = getComputedStyle(t);
      const px = parseFloat(cs.fontSize) * t.getScreenCTM().a;
      const bg = boardBackground(svg, r.left + r.width / 2, r.top + r.height / 2,
                                 (e) => e === t || !!e.closest('text'));
      const fill = parseColour(cs.fill);
      const fg = over([fill[0], fill[1], fill[2], fill[3] * Number(cs.fillOpacity) * opacityOf(t, svg.parentElement)], bg);
      const bold = Number(cs.fontWeight) >= 700;
      const own = t.closest('[font-size]');
      const drawn = own ? parseFloat(own.getAttribute('font-size')) : null;
      if (drawn && Math.abs(parseFloat(cs.fontSize) - drawn) > 0.01) {
        out.restyled.push(describe(t) + ' "' + t.textContent + '": font-size ' + cs.fontSize + ', drawn as ' + drawn);
      }
      const item = {what: describe(t.parentElement) + ' > ' + describe(t), text: t.textContent, px, height: r.height,
                    ratio: ratio(fg, bg), fg: hex(fg), bg: hex(bg), large: px >= 24 || (bold && px >= 18.66)};
      out.labels.push(item);
      // in the page's coordinates: labels are measured at different scroll positions
      labels.push([t, {left: r.left + scrollX, right: r.right + scrollX, top: r.top + scrollY,
                       bottom: r.bottom + scrollY}, item]);
    }
    // the dragon glyphs' letters, drawn with <use>: letter over the glyph's own fill
    for (const u of svg.querySelectorAll('use')) {
      const def = svg.querySelector(u.getAttribute('href'));
      const t = def && def.querySelector('text'), shape = def && def.querySelector('path');
      if (!t || !shape || !u.getClientRects().length) continue;
      const px = parseFloat(t.getAttribute('font-size')) * u.getScreenCTM().a;
      const fg = parseColour(getComputedStyle(t).fill), bg = parseColour(getComputedStyle(shape).fill);
      out.labels.push({what: describe(u.parentElement.closest('g[class]') || u) + ' > glyph', text: t.textContent,
                       px, height: null, ratio: ratio(fg, bg), fg: hex(fg), bg: hex(bg), large: false});
    }
    // overlapping labels (a destination's die label is meant to cover its segment number)
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        const [a, ra, ia] = labels[i], [b, rb, ib] = labels[j];
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 0 && h > 0) out.overlaps.push([ia.what + ' "' + ia.text + '"', ib.what + ' "' + ib.text + '"']);
      }
    }
    // labels against the board's pieces that carry no words of theirs (Tatsu's hub words
    // against the corner badges, entry points, dice and stones round them)
    for (const [t, r, item] of labels) {
      for (const s of svg.querySelectorAll('g.corner-mark, g.entry, g.die, g.stone')) {
        if (s.contains(t)) continue;
        // a round piece (a stone's disc; a corner badge's hexagon, inside its circle)
        const disc = s.matches('.stone') ? s.querySelector('circle:not(.ring):not(.hit)')
          : s.matches('.corner-mark') ? s.querySelector('polygon') : null;
        const b = (disc || s).getBoundingClientRect();
        const q = {left: b.left + scrollX, right: b.right + scrollX, top: b.top + scrollY, bottom: b.bottom + scrollY};
        let near;
        if (disc) {  // a round piece: from the label's box to the circle
          const cx = (q.left + q.right) / 2, cy = (q.top + q.bottom) / 2;
          const radius = Math.max(q.right - q.left, q.bottom - q.top) / 2;
          const dx = Math.max(r.left - cx, 0, cx - r.right), dy = Math.max(r.top - cy, 0, cy - r.bottom);
          near = Math.hypot(dx, dy) < radius + CLEAR;
        } else {
          const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
          const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
          near = w > -CLEAR && h > -CLEAR;
        }
        if (near) out.overlaps.push([item.what + ' "' + item.text + '"', describe(s)]);
      }
    }
  } finally {
    document.getElementById('a11y-probe').remove();
  }
  // targets: each clickable thing's hit area, and nothing over its centre
  for (const el of svg.querySelectorAll('[role="button"]')) {
    const hit = el.querySelector(':scope > .hit') || el;
    const r = boxInView(hit);
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const top = document.elementFromPoint(cx, cy);
    out.targets.push({what: describe(el), width: r.width, height: r.height,
                      mark: el.matches('g.mark.choice'), reached: !!top && el.contains(top)});
  }
  return out;
}"""

# Focuses `selector`'s first match as a keyboard would and reads its focus ring.
FOCUS_RING = "(selector) => {" + COLOUR_JS + r"""
  const el = document.querySelector(selector);
  if (!el) return null;
  el.focus({preventScroll: true, focusVisible: true});
  if (document.activeElement !== el) return {what: describe(el), focused: false};
  const result = {what: describe(el), focused: true, visible: el.matches(':focus-visible')};
  const svg = el.closest('svg');
  if (!svg) {
    const cs = getComputedStyle(el);
    const around = backgroundOf(el.parentElement);
    const own = backgroundOf(el);
    const halo = (cs.boxShadow.match(/rgba?\([^)]+\)/) || [null])[0];
    Object.assign(result, {kind: 'outline', style: cs.outlineStyle, width: parseFloat(cs.outlineWidth),
      ring: parseColour(cs.outlineColor), halo: halo ? parseColour(halo) : null, element: own, around});
    const border = parseColour(cs.borderTopColor);
    if (border && border[3] > 0) result.elementEdge = over(border, around);
  } else {
    const carrier = el.querySelector(':scope > .hit') || svg.querySelector('.target-ring');
    const hit = carrier || el;  // no shape for a ring: the element's own outline, if any
    const cs = getComputedStyle(hit);
    const halo = (cs.filter.match(/rgba?\([^)]+\)/) || [null])[0];
    const r = boxInView(hit);
    document.head.insertAdjacentHTML('beforeend',
      '<style id="a11y-probe">#board svg, #board svg * { pointer-events: all !important; }</style>');
    // what the ring lies on: the board just outside the hit shape, and inside it
    const ring = (e) => e === hit || e.classList.contains('hit') || e.classList.contains('target-ring');
    const outside = boardBackground(svg, r.left + r.width / 2, r.top - 3, (e) => ring(e) || el.contains(e));
    const inside = boardBackground(svg, r.left + r.width / 2, r.top + Math.min(4, r.height / 4), ring);
    document.getElementById('a11y-probe').remove();
    if (carrier) {
      Object.assign(result, {kind: 'stroke', style: cs.strokeDasharray === 'none' ? 'solid' : 'dashed',
        width: parseFloat(cs.strokeWidth) * (cs.vectorEffect === 'non-scaling-stroke' ? 1 : hit.getScreenCTM().a),
        ring: parseColour(cs.stroke), halo: halo ? parseColour(halo) : null, element: inside, around: outside});
    } else {
      Object.assign(result, {kind: 'outline', style: cs.outlineStyle, width: parseFloat(cs.outlineWidth),
        ring: parseColour(cs.outlineColor), halo: null, element: inside, around: outside});
    }
  }
  const r = result;
  if (!r.ring || r.ring[3] === 0 || r.style === 'none') {  // no ring drawn at all
    el.blur();
    return {what: r.what, focused: true, visible: r.visible, style: 'none', width: 0, ring: null,
            halo: null, around: hex(r.around), element: hex(r.element), ringHalo: 0, vsAround: 0, vsElement: 0};
  }
  r.ringHalo = r.halo ? ratio(r.ring, r.halo) : 0;
  const best = (c) => Math.max(ratio(r.ring, c), r.halo ? ratio(r.halo, c) : 0);
  r.vsAround = best(r.around);
  r.vsElement = best(r.element);
  if (r.elementEdge) r.vsElement = Math.max(r.vsElement, best(r.elementEdge));
  r.ring = hex(r.ring); r.halo = r.halo && hex(r.halo); r.around = hex(r.around); r.element = hex(r.element);
  delete r.elementEdge;
  el.blur();
  return r;
}"""


def audit(page, where: str) -> list[str]:
    """What `MEASURE` finds below the WCAG thresholds on the page as it is, in words."""
    m = page.evaluate(MEASURE)
    problems = []
    for t in m["texts"]:
        need = LARGE_TEXT_RATIO if t["large"] else TEXT_RATIO
        if t["ratio"] < need:
            problems.append(f"{where}: text {t['what']} {t['text']!r}: contrast "
                            f"{t['ratio']:.2f} < {need} ({t['fg']} on {t['bg']})")
    for c in m["controls"]:
        if c["ratio"] < NON_TEXT_RATIO:
            problems.append(f"{where}: control {c['what']}: its {c['how']} contrasts "
                            f"{c['ratio']:.2f} < 3 with what surrounds it "
                            f"({c.get('edge')} on {c.get('around')})")
    for t in m["labels"]:
        need = LARGE_TEXT_RATIO if t["large"] else TEXT_RATIO
        if t["ratio"] < need:
            problems.append(f"{where}: board label {t['what']} {t['text']!r}: contrast "
                            f"{t['ratio']:.2f} < {need} ({t['fg']} on {t['bg']})")
        if t["px"] < MIN_LABEL_PX:
            problems.append(f"{where}: board label {t['what']} {t['text']!r}: "
                            f"{t['px']:.2f} px < {MIN_LABEL_PX} px")
    for line in m["restyled"]:
        problems.append(f"{where}: page CSS restyles a board label: {line}")
    for a, b in m["overlaps"]:
        problems.append(f"{where}: board texts overlap: {a} and {b}")
    for t in m["targets"]:
        small = min(t["width"], t["height"])
        # a start mark owns 30 x 38 units at most (WCAG 2.5.8's equivalent: the panel)
        need = 20 if t["mark"] else MIN_TARGET_PX
        if small < need or (t["mark"] and max(t["width"], t["height"]) < MIN_TARGET_PX):
            problems.append(f"{where}: target {t['what']} is {t['width']:.1f} x "
                            f"{t['height']:.1f} px (< {need})")
        if not t["reached"]:
            problems.append(f"{where}: target {t['what']}: something else covers its centre")
    return problems


def focus_problems(page, where: str, selectors) -> list[str]:
    """The focus ring of the first element of each selector present: solid, at least 2 px,
    two tones 3:1 apart, and one of them 3:1 against the element and its surroundings."""
    problems = []
    page.keyboard.press("Shift")  # the last input was a key: focus shows as for a keyboard
    for selector in selectors:
        r = page.evaluate(FOCUS_RING, selector)
        if r is None:
            continue
        what = f"{where}: focus on {selector} ({r['what']})"
        if not r["focused"]:
            problems.append(f"{what}: cannot be focused")
            continue
        if not r["visible"]:
            problems.append(f"{what}: not :focus-visible after a key")
        if r["style"] != "solid" or r["width"] < 2:
            problems.append(f"{what}: ring {r['style']} {r['width']:.1f} px (want solid, >= 2)")
        if r["ringHalo"] < NON_TEXT_RATIO:
            problems.append(f"{what}: ring {r['ring']} and halo {r['halo']} contrast "
                            f"{r['ringHalo']:.2f} < 3")
        if r["vsAround"] < NON_TEXT_RATIO:
            problems.append(f"{what}: ring against the background {r['around']}: "
                            f"{r['vsAround']:.2f} < 3")
        if r["vsElement"] < NON_TEXT_RATIO:
            problems.append(f"{what}: ring against the element {r['element']}: "
                            f"{r['vsElement']:.2f} < 3")
    return problems
