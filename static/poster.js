// learn.html and embed.html before Python is ready: under "Loading…", a faded picture of
// the game named in the address (?game=), the start screen's card picture in the page's
// language (cards/GAME-LANG.svg, game/web/start.py), so that a visitor on a slow line sees
// at once what is coming rather than a line of text for seconds. Python's first drawing
// of the page (#app) takes its place. No picture for a game the address does not name.
(() => {
  const poster = document.getElementById("poster");
  const game = new URLSearchParams(location.search).get("game");
  if (!poster || !["tsuro", "tatsu"].includes(game)) return;
  const lang = window.pageLanguage ? window.pageLanguage() : "en";
  poster.addEventListener("error", () => { poster.hidden = true; }, { once: true });
  poster.classList.add(`poster-${game}`);
  poster.src = `./cards/${game}-${lang}.svg`;
  poster.hidden = false;
})();
