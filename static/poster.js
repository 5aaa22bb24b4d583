// learn.html and embed.html before Python is ready, so that a visitor on a slow line sees
// at once what is coming rather than a line of text for seconds (its "Loading…" said in
// the page's language). Python's first drawing
// of the page (#app) takes the place of what is shown here.
// - A lesson's first step, for a learner who has solved no step of it (what learn.html
//   opens then): the step as the live page draws it, built in the page's language
//   (static/first/learn-GAME-LANG.txt, game/site/first_paint.py), inert, with the
//   "Loading…" line pinned to the foot of the screen. The live page draws the same screen
//   in its place: nothing moves.
// - Else (another step, an embedded board, whose position only Python reads from the
//   address): the board of the game the address names (?game=) with no piece on it, in
//   the page's language (static/first/board-GAME-LANG.svg, game/site/first_paint.py),
//   under "Loading…": the board's colours at once, never a position that is not the
//   one asked for. No picture for a game the address does not name.
(() => {
  const poster = document.getElementById("poster");
  const query = new URLSearchParams(location.search);
  const game = query.get("game");
  const lang = window.pageLanguage ? window.pageLanguage() : "en";
  // "Loading…" in the language the page is about to speak (static/words.js)
  document.documentElement.lang = lang;
  const notice = document.getElementById("status");
  if (notice && window.pageSay) notice.textContent = window.pageSay(notice.textContent.trim());
  if (!poster || !["tsuro", "tatsu"].includes(game)) return;

  const picture = () => {
    poster.addEventListener("error", () => { poster.hidden = true; }, { once: true });
    poster.classList.add(`poster-${game}`);
    poster.src = `./static/first/board-${game}-${lang}.svg`;
    poster.hidden = false;
  };
  // Whether the lesson opens on its first step (game/web/learn.py, first_open): no other
  // step asked for, none solved (what the page keeps; none when it may keep nothing).
  const firstStep = () => {
    const step = query.get("step");
    if (step !== null && step.trim() !== "1") return false;
    let solved = [];
    try {
      solved = JSON.parse(localStorage.getItem(`tsuro-tatsu.lessons.${game}`) || "[]");
    } catch (error) {
      solved = [];
    }
    return !(Array.isArray(solved) && solved.length);
  };
  if (!document.body.classList.contains("learn") || !firstStep()) {
    picture();
    return;
  }
  fetch(`./static/first/learn-${game}-${lang}.txt`)
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status} ${response.url}`);
      return response.text();
    })
    .then((html) => {
      if (!poster.isConnected) return; // Python has drawn the page already
      const built = document.createElement("div");
      built.className = "built";
      built.inert = true;
      built.innerHTML = html;
      built.querySelector("#status")?.removeAttribute("id"); // "Loading…" is the status
      notice?.classList.add("over-built");
      poster.replaceWith(built);
    })
    .catch(picture);
})();
