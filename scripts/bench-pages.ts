// `npm run bench:pages`: how heavy each page of a production studio is on a first visit. Every page
// is opened by the studio's first account (its admin) in Chromium with an empty cache, and the bench
// prints, per page, the JavaScript it transfers (compressed bytes on the wire, headers included, as
// the browser's network panel counts them) and its largest contentful paint.
// "First load" is what the page's HTML asks for (its script tags and preloads); "later" is what the
// page's own code fetched afterwards while it settled (chunks loaded on demand, e.g. the usage
// chart). "Shared" is the part of the first load that every page loads: a visitor pays it once.
// Figures are printed, never asserted.
// BENCH_PORT sets the studio's port (default 3910; the emulator takes port + 900, + 910, + 920);
// NEXT_DIST_DIR its build folder (default .next-bench, built when missing or older than the sources);
// BENCH_RUNS the visits per page whose median timings (first and last byte of the HTML, first and largest contentful paint) are printed (default 3); BENCH_VERBOSE=1 lists every
// script each page loads.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, devices, type Browser } from "@playwright/test";
import { launchOptions } from "../playwright.config";
import { runBench, signUpFirstAccount, startEmulator, startStudio, stopAll, studioUrl } from "./bench/studio-harness";
import { benchBuildDir } from "./build-dir";

const port = Number(process.env.BENCH_PORT ?? 3910);
const studio = studioUrl(port);
const distDir = benchBuildDir();
const runs = Number(process.env.BENCH_RUNS ?? 3);
const verbose = process.env.BENCH_VERBOSE === "1";
/** /sign-in is opened signed out (it sends a signed-in visitor home); every other page as the admin. */
const pages = ["/sign-in", "/", "/alpha", "/beta", "/chat", "/videos", "/gallery", "/teams", "/account", "/admin", "/admin/usage", "/admin/video"];
/** After the load event, a page has settled once no request (but the event stream) has been under way for this long. */
const QUIET_MS = 1_500;
const SETTLE_LIMIT_MS = 15_000;

type Script = { url: string; bytes: number; inDocument: boolean };
type Lcp = { ms: number; element: string };
/**
 * Where a visit's LCP time goes, in ms from navigation: `ttfb` to the first byte of the page's HTML
 * (the server's share), `html` to its last (a streamed page ends later), `fcp` to the first paint of
 * any content (after the HTML's styles and blocking scripts).
 */
type Timings = { ttfb: number; html: number; fcp: number };
type Visit = { scripts: Script[]; lcp: Lcp | undefined; timings: Timings };

/**
 * Sets up the LCP observer before any of the page's own scripts run; the last entry is the page's
 * LCP so far, with what was painted (its tag and the start of its text), to tell what to make faster.
 */
const observeLcp = () => {
  const state = window as unknown as { benchLcp?: Lcp };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
      const element = entry.element;
      const text = (element?.textContent ?? "").trim().slice(0, 40);
      state.benchLcp = { ms: entry.startTime, element: element ? `<${element.tagName.toLowerCase()}> ${text}` : "(removed)" };
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
};

/** The cookies of the harness's "name=value; …" header, for a browser context. */
function cookiesOf(header: string) {
  return header.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: studio };
  });
}

/** One visit to `page` in a fresh context (an empty cache): the scripts it transferred and its LCP (ms). */
async function visit(browser: Browser, cookie: string, page: string): Promise<Visit> {
  const context = await browser.newContext({ ...devices["Desktop Chrome"] });
  try {
    if (page !== "/sign-in") await context.addCookies(cookiesOf(cookie));
    const tab = await context.newPage();
    await tab.addInitScript(observeLcp);
    const cdp = await context.newCDPSession(tab);
    const scriptUrls = new Map<string, string>();
    const scripts: { url: string; bytes: number }[] = [];
    // Requests under way, but for the jobs event stream, which stays open as long as the page does.
    const pending = new Set<string>();
    let lastActivityAt = Date.now();
    cdp.on("Network.requestWillBeSent", (event) => {
      if (event.type === "EventSource") return;
      pending.add(event.requestId);
      lastActivityAt = Date.now();
    });
    cdp.on("Network.responseReceived", (event) => {
      if (event.type === "Script") scriptUrls.set(event.requestId, event.response.url);
    });
    cdp.on("Network.loadingFinished", (event) => {
      pending.delete(event.requestId);
      lastActivityAt = Date.now();
      const url = scriptUrls.get(event.requestId);
      if (url) scripts.push({ url, bytes: event.encodedDataLength });
    });
    cdp.on("Network.loadingFailed", (event) => {
      pending.delete(event.requestId);
      lastActivityAt = Date.now();
    });
    await cdp.send("Network.enable");
    const response = await tab.goto(`${studio}${page}`, { waitUntil: "load" });
    if (!response?.ok()) throw new Error(`${page} answered ${response?.status()}`);
    if (new URL(tab.url()).pathname !== page) throw new Error(`${page} went to ${tab.url()}`);
    const html = await response.text();
    const settleBy = Date.now() + SETTLE_LIMIT_MS;
    while ((pending.size > 0 || Date.now() - lastActivityAt < QUIET_MS) && Date.now() < settleBy) await tab.waitForTimeout(250);
    const lcp = await tab.evaluate(() => (window as unknown as { benchLcp?: Lcp }).benchLcp);
    const timings = await tab.evaluate((): Timings => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      return { ttfb: navigation.responseStart, html: navigation.responseEnd, fcp };
    });
    return { scripts: scripts.map(({ url, bytes }) => ({ url, bytes, inDocument: html.includes(new URL(url).pathname) })), lcp, timings };
  } finally {
    await context.close();
  }
}

const kB = (bytes: number) => (bytes / 1000).toFixed(0);
const median = (lcps: Lcp[]) => [...lcps].sort((a, b) => a.ms - b.ms)[Math.floor(lcps.length / 2)];
const sum = (scripts: Script[]) => scripts.reduce((total, script) => total + script.bytes, 0);

/** The median of each timing over a page's visits. */
function medianTimings(timings: Timings[]): Timings {
  const of = (key: keyof Timings) => [...timings.map((one) => one[key])].sort((a, b) => a - b)[Math.floor(timings.length / 2)];
  return { ttfb: of("ttfb"), html: of("html"), fcp: of("fcp") };
}

function report(visits: Map<string, { first: Visit; lcps: Lcp[]; timings: Timings[] }>) {
  const firstLoads = [...visits.values()].map(({ first }) => new Set(first.scripts.filter((script) => script.inDocument).map((script) => script.url)));
  const shared = new Set([...firstLoads[0]].filter((url) => firstLoads.every((urls) => urls.has(url))));
  const sharedScripts = [...visits.values()][0].first.scripts.filter((script) => shared.has(script.url));
  console.log(`JavaScript transferred on a first visit (kB = 1000 bytes, compressed, headers included); TTFB, HTML (its last byte), FCP and LCP: median of ${runs} cold visits`);
  console.log(`shared by every page: ${kB(sum(sharedScripts))} kB in ${sharedScripts.length} files`);
  console.log([...["page".padEnd(14), "first load", "shared", "own", "later", "TTFB ms", "HTML ms", "FCP ms", "LCP ms"].map((cell, i) => (i ? cell.padStart(10) : cell)), "  LCP element"].join(""));
  for (const [page, { first, lcps, timings }] of visits) {
    const initial = first.scripts.filter((script) => script.inDocument);
    const later = first.scripts.filter((script) => !script.inDocument);
    const own = initial.filter((script) => !shared.has(script.url));
    const lcp = lcps.length ? median(lcps) : undefined;
    const { ttfb, html, fcp } = medianTimings(timings);
    const cells = [page.padEnd(14), ...[kB(sum(initial)), kB(sum(initial) - sum(own)), kB(sum(own)), kB(sum(later)), ttfb.toFixed(0), html.toFixed(0), fcp.toFixed(0), lcp ? lcp.ms.toFixed(0) : "none"].map((cell) => cell.padStart(10))];
    console.log(`${cells.join("")}  ${lcp?.element ?? ""}`);
    if (verbose) {
      for (const script of [...first.scripts].sort((a, b) => b.bytes - a.bytes)) {
        const where = shared.has(script.url) ? "shared" : script.inDocument ? "own" : "later";
        console.log(`    ${kB(script.bytes).padStart(5)} kB  ${where.padEnd(6)}  ${new URL(script.url).pathname}`);
      }
    }
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-pages-"));
  try {
    const emulator = await startEmulator({ basePort: port, latency: "fast" });
    await startStudio({ port, distDir, emulator, dataDir, databaseUrl: "" });
    const cookie = await signUpFirstAccount(studio, distDir);
    const browser = await chromium.launch(launchOptions);
    try {
      // The server's first rendering of each page is not the page's weight: one visit each first.
      for (const page of pages) await visit(browser, cookie, page);
      const visits = new Map<string, { first: Visit; lcps: Lcp[]; timings: Timings[] }>();
      for (const page of pages) {
        const all: Visit[] = [];
        for (let run = 0; run < runs; run += 1) all.push(await visit(browser, cookie, page));
        visits.set(page, { first: all[0], lcps: all.flatMap((one) => (one.lcp ? [one.lcp] : [])), timings: all.map((one) => one.timings) });
      }
      report(visits);
    } finally {
      await browser.close();
    }
  } finally {
    await stopAll();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
