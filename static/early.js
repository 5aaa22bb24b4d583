// Read before the rest of the page (not deferred): a game's button pressed while the page
// is still being read, before static/first.js has run, is kept, not lost: the address
// says which game (?game=), as first.js's own click does, and first.js then acts on it.
document.addEventListener("click", (event) => {
  const root = document.documentElement;
  if (root.dataset.firstReady || root.dataset.ready) return; // first.js has the page
  const button = event.target.closest && event.target.closest("button[data-game]");
  if (!button) return;
  const query = new URLSearchParams(location.search);
  query.set("game", button.dataset.game);
  history.pushState(null, "", `?${query}`);
});
