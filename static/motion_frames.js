// A move's keyframes (game/core/motion.py) as the page plays them (static/page.js
// imports this; tests/e2e/test_moving_pieces.py checks it against the browser).

const TURNS = ["translate", "rotate", "scale"];
// Whether keyframes turn, scale or shift an element (those three properties), or place it
// (those, or a transform).
export const turns = (frames) => frames.some((frame) => TURNS.some((name) => name in frame));
export const places = (frames) => turns(frames) || frames.some((frame) => "transform" in frame);

// Keyframes' turn, scale and shift (rotate, scale and translate) as one transform, before
// the element's own (`own`: its transform attribute's matrix, which the transform property
// replaces while it runs; none: null). Chromium plays an animation of an SVG element's
// transform on its compositor, but one of those three properties on the page's main
// thread, at each frame: a die's tumble took some 12 ms of every frame on a phone-class
// CPU (Chromium at 4x slowdown), against 1 ms as one transform.
export function asOneTransform(frames, own) {
  const after = own ? ` matrix(${[own.a, own.b, own.c, own.d, own.e, own.f]
    .map((n) => +n.toFixed(4)).join(", ")})` : "";
  const listed = (value, none) => String(value || none).trim().split(/\s+/).join(", ");
  return frames.map(({ translate, rotate, scale, ...rest }) => ({ ...rest,
    transform: `translate(${listed(translate, "0px")}) rotate(${rotate || "0deg"}) `
      + `scale(${listed(scale, "1")})${after}` }));
}
