import { describe, expect, it } from "vitest";
import { MediaSlots } from "./media-slots";

/** A piece of work that runs until `finish()` is called, and says whether it has started. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const work = { started: false, finish, run: () => ((work.started = true), done) };
  return work;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("MediaSlots", () => {
  it("runs at most `total` at once studio-wide; the next starts when one ends", async () => {
    const slots = new MediaSlots({ total: 2, perPerson: 2, waitingPerPerson: 10 });
    const works = [pending(), pending(), pending()];
    const runs = works.map((work, n) => slots.run(`person-${n}`, work.run, { whenBusy: "wait" }));
    await tick();
    expect(works.map((work) => work.started)).toEqual([true, true, false]);
    works[0].finish();
    await runs[0];
    await tick();
    expect(works[2].started).toBe(true);
    works[1].finish();
    works[2].finish();
    await Promise.all(runs);
    expect(slots.snapshot()).toEqual({ active: 0, waiting: 0, activeBy: {} });
  });

  it("gives one person at most `perPerson` slots: another person's work passes their waiting files", async () => {
    const slots = new MediaSlots({ total: 3, perPerson: 1, waitingPerPerson: 10 });
    const ada = [pending(), pending(), pending()];
    const bob = pending();
    const runs = ada.map((work) => slots.run("ada", work.run, { whenBusy: "wait" }));
    runs.push(slots.run("bob", bob.run, { whenBusy: "wait" }));
    await tick();
    expect(ada.map((work) => work.started)).toEqual([true, false, false]);
    expect(bob.started).toBe(true);
    expect(slots.snapshot()).toEqual({ active: 2, waiting: 2, activeBy: { ada: 1, bob: 1 } });
    ada[0].finish();
    await runs[0];
    await tick();
    expect(ada.map((work) => work.started)).toEqual([true, true, false]);
    for (const work of [...ada, bob]) work.finish();
    await Promise.all(runs);
  });

  it("refuses an upload with 429 once its person has `waitingPerPerson` waiting; background work still waits", async () => {
    const slots = new MediaSlots({ total: 1, perPerson: 1, waitingPerPerson: 2 });
    const works = [pending(), pending(), pending()];
    const runs = works.map((work) => slots.run("ada", work.run, { whenBusy: "refuse-when-full" }));
    await expect(slots.run("ada", async () => "never", { whenBusy: "refuse-when-full" })).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      headers: { "Retry-After": "5" },
      fields: [{ field: "file", message: "at most 2 of your files may wait to be processed at once" }],
    });
    const background = slots.run("ada", async () => "stored", { whenBusy: "wait" });
    for (const work of works) work.finish();
    await Promise.all(runs);
    await expect(background).resolves.toBe("stored");
  });

  it("gives the slot back when the work fails, and takes a waiter out of line when its request ends", async () => {
    const slots = new MediaSlots({ total: 1, perPerson: 1, waitingPerPerson: 5 });
    const first = pending();
    const running = slots.run("ada", first.run, { whenBusy: "wait" });
    const leaving = new AbortController();
    const waiting = slots.run("ada", async () => "never", { whenBusy: "wait", signal: leaving.signal });
    leaving.abort(new Error("the browser went away"));
    await expect(waiting).rejects.toThrow("the browser went away");
    expect(slots.snapshot().waiting).toBe(0);
    first.finish();
    await running;
    await expect(slots.run("ada", () => Promise.reject(new Error("ffmpeg refused it")), { whenBusy: "wait" })).rejects.toThrow("ffmpeg refused it");
    expect(slots.snapshot()).toEqual({ active: 0, waiting: 0, activeBy: {} });
  });
});
