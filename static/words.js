// The pages' scripts speak the page's language: `pageSay(text, {name: value})` gives the
// words of an English text in the language of <html lang>, its {placeholders} filled.
// The build writes the table from the gettext catalogs (game/web/page_words.py); a text
// the table lacks is said in English.
// The language a page starts in (static/first.js on the game's page): the address's
// ?lang=, else the player's saved choice, else the browser's first language we speak,
// else English, as game/core/i18n.py negotiate() decides it.
const WORDS = {};

window.pageSay = (text, fill = {}) => {
  const words = (WORDS[document.documentElement.lang] || {})[text] || text;
  return words.replace(/\{(\w+)\}/g, (hole, name) => (name in fill ? String(fill[name]) : hole));
};

window.pageLanguage = () => {
  const known = (code) => {
    const two = typeof code === "string" ? code.trim().toLowerCase().slice(0, 2) : "";
    return two === "en" || two in WORDS ? two : null;
  };
  let saved = null;
  try { saved = localStorage.getItem("tsuro-tatsu.lang"); } catch (error) { saved = null; }
  const asked = new URLSearchParams(location.search).get("lang");
  for (const code of [asked, saved, ...(navigator.languages || [])]) {
    const found = known(code);
    if (found) return found;
  }
  return "en";
};

