// The rules pages' live examples. Each figure the page builder gave an example
// (game/site/rules.py: `data-live`, embed.html's address with the example's position and
// its line of play or its question) becomes a live board once the reader comes near it:
// its frame loads unseen behind the picture, and takes the picture's place when the board
// says `ready` (docs/embedding.md, "The messages"). Until then, and wherever scripts are
// off or the board cannot start, the picture is what the reader sees. The boards of a
// page share one Python runtime (static/engine.js), so a frame after the first is ready
// almost at once. A button under each live board shows the picture again (its notes and
// arrows say what the board does not), and the board back.
(() => {
  const main = document.querySelector("main.rules");
  const figures = [...document.querySelectorAll("figure[data-live]")];
  if (!main || !figures.length || !("IntersectionObserver" in window)) return;
  const words = { picture: main.dataset.showPicture, board: main.dataset.showBoard };
  const frames = new Map();  // the frame -> its figure

  // One frame loads at a time, the next once it is ready (or has failed): frames of the
  // page share its main thread, and two boards drawn for the first time in one frame of
  // the screen would make one long task of their layouts.
  const queue = [];
  let loading = null;
  const next = () => {
    loading = null;
    if (queue.length) open(queue.shift());
  };
  const wanted = (figure) => {
    if (loading) queue.push(figure);
    else open(figure);
  };

  const open = (figure) => {
    const frame = document.createElement("iframe");
    frame.className = "live";
    frame.title = figure.dataset.liveTitle || "";
    frame.inert = true;  // unseen while it loads: no focus, no click
    frame.src = figure.dataset.live;
    figure.classList.add("live-loading");
    figure.insertBefore(frame, figure.querySelector("figcaption"));
    frames.set(frame, figure);
    loading = frame;
  };

  const show = (frame, figure) => {
    if (figure.classList.contains("live-ready")) return;
    const picture = figure.querySelector("img");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "live-toggle";
    const choose = (board) => {
      frame.hidden = !board;
      if (picture) picture.hidden = board;
      button.textContent = board ? words.picture : words.board;
    };
    button.addEventListener("click", () => choose(frame.hidden));
    // A figure that begins above the reader grows as its board takes the picture's place:
    // what the reader sees stays where it is (a link to a rule keeps its rule in view)
    const before = figure.getBoundingClientRect();
    figure.classList.replace("live-loading", "live-ready");
    frame.inert = false;
    figure.insertBefore(button, figure.querySelector("figcaption"));
    choose(true);
    if (before.top < 0) {
      window.scrollBy(0, figure.getBoundingClientRect().height - before.height);
    }
  };

  const give_up = (frame, figure) => {  // the picture stays, as with scripts off
    frames.delete(frame);
    frame.remove();
    figure.classList.remove("live-loading");
  };

  // A board says `ready` once its first screen is drawn (game/web/embed_page.py), so the
  // picture gives way to a board already there, never to an empty frame.
  addEventListener("message", (event) => {
    const data = event.data;
    if (event.origin !== location.origin || !data || data.source !== "tsuro-tatsu") return;
    for (const [frame, figure] of frames) {
      if (frame.contentWindow !== event.source) continue;
      if (data.type === "ready") show(frame, figure);
      else if (data.type === "error" && !figure.classList.contains("live-ready")) {
        give_up(frame, figure);
      } else continue;
      if (loading === frame) next();
    }
  });

  // A frame starts a screen and a half ahead of the reader, so that it is ready when read.
  const near = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      near.unobserve(entry.target);
      wanted(entry.target);
    }
  }, { rootMargin: "150% 0px" });
  for (const figure of figures) near.observe(figure);
})();
