// Where a key goes on the page (static/page.js), so that it acts once; a module of its own,
// tested natively with Node.js (tests/web/test_web_keys.py).
const ACTIVATING = ["Enter", " "];
const CONTROLS = ["BUTTON", "A", "SUMMARY", "INPUT", "SELECT", "TEXTAREA", "OPTION"];
export const TYPING = ["INPUT", "SELECT", "TEXTAREA"];
// Keys that move the focus within a roving group (the choices of one decision, each with
// data-rove: one in the tab order, the arrows reach the others).
const ROVING = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first",
  End: "last" };

// Where a key pressed on an element (its tag, role and data-rove) goes: "ignore" (the
// focused control handles it, or the person is typing), "click" (a board element drawn as
// a button: Enter and Space press it), "rove" (an arrow, Home or End on one of a roving
// group's elements), or "board" (the game's shortcut).
export function keyRoute(key, tagName, role, rove) {
  const tag = (tagName || "").toUpperCase();
  if (TYPING.includes(tag)) return "ignore";
  if (rove && key in ROVING) return "rove";
  if (ACTIVATING.includes(key)) {
    if (role === "button" && !CONTROLS.includes(tag)) return "click";
    if (CONTROLS.includes(tag)) return "ignore";
  }
  return "board";
}

// The index a roving key moves the focus to among `count` elements from `at`: the arrows
// wrap round, Home and End go to the ends.
export function roved(count, at, key) {
  const step = ROVING[key];
  if (step === "first") return 0;
  if (step === "last") return count - 1;
  return (at + step + count) % count;
}
