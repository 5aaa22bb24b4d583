// One Lighthouse run on one page, for lab/lighthouse.py: node run.mjs '<options as JSON>'.
//
// Lighthouse's own end of a navigation (the load event, then the network "2-quiet", at
// most 2 requests in flight, for networkQuietThresholdMs, then a quiet CPU) ends the
// observation while one big download is still going: the game's web worker fetching the
// Python runtime (pyodide.asm.wasm). So the navigation is handed to Lighthouse as a
// function (Lighthouse's "navigation requestor", lighthouse.navigation(page, requestor)):
// it opens the page with Puppeteer and resolves only once <html data-ready="true"> (the
// game's Python runs and its first screen is live) and then the page and its workers have
// had no request in flight and the main thread no long task for quietMs. Lighthouse ends
// the navigation when both its own conditions and this function are done.
//
// Writes {lhr, lab: {...}} to options.output; exit 0, or 3 when the page never became
// ready within readyTimeoutMs (or said data-ready="error"), 1 on any other failure.
import fs from 'node:fs';

import * as ChromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import {navigation} from 'lighthouse';
import {TraceProcessor} from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const options = JSON.parse(process.argv[2]);
const {url, output, chromium, chromeFlags, categories, throttlingMethod} = options;
const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
const quietMs = options.quietMs ?? 5250;
const POLL_MS = 500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const config = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: categories,
    throttlingMethod,
    // Lighthouse's own wait may run as long as ours (it only adds a warning when it ends).
    maxWaitForLoad: readyTimeoutMs + quietMs + 5000,
  },
};

const lab = {
  throttling_method: throttlingMethod,
  ready: {seen: false, state: null, ms: null},
  settled: false,
  settle_ms: null,
  in_flight_at_end: [],
  error: null,
};

/** Page-side: data-ready's value once it is "true" or "error", or null at the limit. */
function readyInPage(limitMs) {
  return new Promise((resolve) => {
    const root = document.documentElement;
    const final = () => ['true', 'error'].includes(root.dataset.ready);
    const finish = () => resolve({state: root.dataset.ready ?? null, ms: performance.now()});
    if (final()) return finish();
    const observer = new MutationObserver(() => {
      if (!final()) return;
      observer.disconnect();
      clearTimeout(timer);
      finish();
    });
    observer.observe(root, {attributes: true, attributeFilter: ['data-ready']});
    const timer = setTimeout(() => {
      observer.disconnect();
      finish();
    }, limitMs);
  });
}

/** Page-side: ms since the main thread's last long task (watching from the first call). */
function sinceLongTask() {
  if (window.__labLastLongTask === undefined) {
    window.__labLastLongTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__labLastLongTask = Math.max(window.__labLastLongTask,
                                            entry.startTime + entry.duration);
      }
    }).observe({type: 'longtask', buffered: true});
  }
  return performance.now() - window.__labLastLongTask;
}

async function main() {
  const chrome = await ChromeLauncher.launch({chromePath: chromium, chromeFlags});
  let browser;
  try {
    browser = await puppeteer.connect({browserURL: `http://127.0.0.1:${chrome.port}`,
                                       defaultViewport: null});
    const page = await browser.newPage();
    // Each page starts Python in a worker of its own, as where SharedWorker is missing
    // (static/page.js): Lighthouse's records, like Puppeteer's request events, follow a
    // page's dedicated workers but not a shared worker (a target of its own), and the run
    // must count the whole start. The page's main thread does the same work either way.
    await page.evaluateOnNewDocument(() => { delete window.SharedWorker; });

    // Requests in flight, the page's and its dedicated workers' (Puppeteer follows both).
    const inFlight = new Map();
    let lastChange = Date.now();
    page.on('request', (request) => {
      inFlight.set(request, request.url());
      lastChange = Date.now();
    });
    for (const event of ['requestfinished', 'requestfailed']) {
      page.on(event, (request) => {
        inFlight.delete(request);
        lastChange = Date.now();
      });
    }
    const requestor = async () => {
      // Must not reject (Lighthouse awaits it only after its own conditions): failures go
      // into lab.error and the run is refused afterwards.
      const start = Date.now();
      const left = () => readyTimeoutMs - (Date.now() - start);
      try {
        await page.goto(url, {waitUntil: 'domcontentloaded', timeout: readyTimeoutMs});
        while (left() > 0) {
          const limit = left();
          const seen = await Promise.race([
            page.evaluate(readyInPage, limit).catch((error) => ({retry: String(error)})),
            sleep(limit + 2000).then(() => ({state: null, ms: null})),
          ]);
          if (seen.retry) { // the document changed under the check: look again
            await sleep(POLL_MS);
            continue;
          }
          lab.ready = {seen: seen.state === 'true', state: seen.state, ms: seen.ms};
          break;
        }
        if (!lab.ready.seen) return;
        // Then the whole start: no request in flight and no long task for quietMs.
        const settleStart = Date.now();
        const settleLimit = Math.max(left(), 0) + quietMs * 4;
        while (Date.now() - settleStart < settleLimit) {
          const idleCpu = await page.evaluate(sinceLongTask).catch(() => 0);
          if (inFlight.size === 0 && Date.now() - lastChange >= quietMs && idleCpu >= quietMs) {
            lab.settled = true;
            break;
          }
          await sleep(POLL_MS);
        }
        lab.settle_ms = Date.now() - settleStart;
        lab.in_flight_at_end = [...inFlight.values()];
      } catch (error) {
        lab.error = String(error.message || error);
      }
    };

    const result = await navigation(page, requestor, {
      config, flags: {logLevel: 'error'},
    });
    if (!result) throw new Error('Lighthouse gave no result');
    const {lhr, artifacts} = result;
    lab.blocking_time_after_fcp_ms = blockingAfterFcp(artifacts.Trace);
    fs.writeFileSync(output, JSON.stringify({lhr, lab}));
    if (!lab.ready.seen) return 3;
    return 0;
  } finally {
    await browser?.disconnect().catch(() => {});
    chrome.kill();
  }
}

/** Lighthouse's blocking-time sum over the main thread's tasks from first contentful paint
 * to the end of the trace (TBT itself stops at time to interactive). */
function blockingAfterFcp(trace) {
  try {
    const processed = TraceProcessor.processTrace(trace);
    const processedNavigation = TraceProcessor.processNavigation(processed);
    const tasks = TraceProcessor.getMainThreadTopLevelEvents(processed);
    return Lantern.Metrics.TBTUtils.calculateSumOfBlockingTime(
      tasks, processedNavigation.timings.firstContentfulPaint, processed.timings.traceEnd);
  } catch {
    return null;
  }
}

main().then((code) => process.exit(code), (error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
