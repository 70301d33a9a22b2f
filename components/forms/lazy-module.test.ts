import { describe, expect, it, vi } from "vitest";
import { lazyModule, moduleForSubmit } from "./lazy-module";

function submitEvent() {
  const form = { requestSubmit: vi.fn() };
  return { form, event: { preventDefault: vi.fn(), currentTarget: form as unknown as HTMLFormElement } };
}

describe("lazyModule", () => {
  it("loads the module once, however often it is asked for", async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const schemas = lazyModule(load);
    expect(schemas.current()).toBeUndefined();
    schemas.preload();
    schemas.preload();
    expect(await schemas.load()).toEqual({ answer: 42 });
    expect(schemas.current()).toEqual({ answer: 42 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("says when loading failed, and gives no schemas", async () => {
    const schemas = lazyModule(() => Promise.reject(new Error("offline")));
    expect(await schemas.load()).toBeUndefined();
    expect(schemas.failed()).toBe(true);
    expect(schemas.current()).toBeUndefined();
  });
});

describe("moduleForSubmit", () => {
  it("stops a submit made before the schemas arrived and sends the form again once it has", async () => {
    const schemas = lazyModule(async () => ({ schema: "loaded" }));
    const { form, event } = submitEvent();
    expect(moduleForSubmit(schemas, event)).toBeUndefined();
    expect(event.preventDefault).toHaveBeenCalled();
    await schemas.load();
    await Promise.resolve();
    expect(form.requestSubmit).toHaveBeenCalledTimes(1);

    const again = submitEvent();
    expect(moduleForSubmit(schemas, again.event)).toEqual({ schema: "loaded" });
    expect(again.event.preventDefault).not.toHaveBeenCalled();
  });

  it("leaves the check to the server when the schemas could not be loaded", async () => {
    const schemas = lazyModule(() => Promise.reject(new Error("offline")));
    const { form, event } = submitEvent();
    expect(moduleForSubmit(schemas, event)).toBeUndefined();
    await schemas.load();
    await Promise.resolve();
    expect(form.requestSubmit).toHaveBeenCalledTimes(1);
    const resent = submitEvent();
    expect(moduleForSubmit(schemas, resent.event)).toBe("unchecked");
    expect(resent.event.preventDefault).not.toHaveBeenCalled();
  });
});
