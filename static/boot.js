// Every page that runs the game's Python (index.html, embed.html, learn.html) ends with
// this: once Python has run, a friendly sentence if the page could not start (the
// page's own, from <body data-cannot-start>), then offline support.
addEventListener("py:all-done", () => {
  const root = document.documentElement;
  if (root.dataset.ready !== "true") {
    root.dataset.ready = "error";
    const status = document.getElementById("status");
    if (status && !document.querySelector("[data-failed]")) {
      status.dataset.failed = "";
      status.textContent = document.body.dataset.cannotStart;
    }
  }
  if ("serviceWorker" in navigator && isSecureContext) {
    navigator.serviceWorker.register("./sw.js").catch(
      (error) => console.warn("offline play unavailable:", error));
  }
}, { once: true });
