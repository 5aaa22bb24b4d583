// The board's markup read without a DOM (static/page.js imports it; tests run it in a
// page and with Node.js): cut into a tree of nodes, for the board redrawn by difference,
// and pared down to what a selector may match, for the pieces a move takes from the board
// as drawn before.
const TAG = /<(\/?)([a-zA-Z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g; // (">" in quotes)
const KEY = / id="([^"]*)"/; // what pairs an element with its earlier self, besides its tag

// The markup of one <svg> as a tree of {html, name (null: text), open (its opening tag),
// kids (null: none), node (once drawn)}; null for anything else.
export function cut(html) {
  const top = { kids: [] };
  const open = [top];
  let at = 0;
  const text = (end) => {
    if (end <= at) return true;
    const piece = html.slice(at, end);
    open[open.length - 1].kids.push({ html: piece, name: null, node: null });
    return !piece.includes("<");
  };
  TAG.lastIndex = 0;
  for (let tag; (tag = TAG.exec(html));) {
    if (!text(tag.index)) return null;
    at = TAG.lastIndex;
    const [whole, closing, name, rest] = tag;
    const parent = open[open.length - 1];
    if (closing) {
      if (parent === top || parent.name !== name) return null;
      parent.html = html.slice(parent.start, at);
      open.pop();
    } else {
      const element = { html: whole, name, open: whole, kids: null, node: null,
        start: tag.index, key: `${name}#${(whole.match(KEY) || ["", ""])[1]}` };
      parent.kids.push(element);
      if (!rest.endsWith("/")) {
        element.kids = [];
        open.push(element);
      }
    }
  }
  if (!text(html.length) || open.length !== 1) return null;
  const [svg] = top.kids;
  return top.kids.length === 1 && svg.name === "svg" && svg.kids ? svg : null;
}

// The markup of the board as drawn before (its cut tree: a redraw by difference) pared
// down to what `selector` may match, for a move of pieces the action took off. Of the
// selector's parts (between its combinators, " " and ">"), the last one that names an id,
// a class or an attribute: each element whose opening tag holds all it names (id="x",
// the class's word, name="value"; and whose tag is the part's, if it names one) is kept
// whole, inside its ancestors' opening tags, and nothing else. What the selector matches
// is such an element or inside one, and its ancestors are all there. (The boards' markup,
// game/*/drawing.py, quotes every value with '"'.) Parsing the whole board again (some
// 700 elements) at each turn's end was most of that task's time on a slow device. Null
// where the pared markup could answer otherwise than the whole (a list of selectors,
// siblings, pseudo-classes, escapes, a quoted value with a space or ">", a part this does
// not read, none that names anything): the whole is parsed then.
const NAMED = /#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:([~^$*|]?)=(?:"([^"]*)"|'([^']*)'|([\w-]+)))?\]/y;
function held(part) { // what an opening tag holds if the element matches `part`: its
  const tag = (part.match(/^[a-zA-Z][\w-]*/) || [null])[0]; // tag, the pieces of text
  const pieces = [];
  NAMED.lastIndex = tag ? tag.length : 0;
  while (NAMED.lastIndex < part.length) {
    const found = NAMED.exec(part);
    if (!found) return null;
    const [, id, word, name, how, ...quoted] = found;
    const value = quoted.find((one) => one !== undefined);
    if (id) pieces.push(` id="${id}"`);
    else if (word) pieces.push(word);
    else if (value === undefined) pieces.push(` ${name}="`);
    else if (!how && !/[&<>"]/.test(value)) pieces.push(` ${name}="${value}"`);
    else pieces.push(` ${name}="`, ...(value.match(/[\w-]+/g) || []));
  }
  return { tag, pieces };
}
export function paredBefore(tree, selector) {
  if (/[,:+~\\]/.test(selector)
      || (selector.match(/"[^"]*"|'[^']*'/g) || []).some((value) => /[\s>]/.test(value))) {
    return null;
  }
  const parts = selector.trim().split(/\s*>\s*|\s+/).map(held);
  if (parts.includes(null)) return null;
  const named = parts.reverse().find((part) => part.pieces.length);
  if (!named) return null;
  const { tag, pieces } = named;
  const wanted = (node) => (!tag || node.name.toLowerCase() === tag.toLowerCase())
    && pieces.every((piece) => node.open.includes(piece));
  const pare = (node) => {
    if (node.name === null) return "";
    if (wanted(node)) return node.html;
    if (!node.kids) return "";
    const inside = node.kids.map(pare).join("");
    return inside && `${node.open}${inside}</${node.name}>`;
  };
  return pare(tree) || `${tree.open}</${tree.name}>`;
}
