import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./zod-config";

describe("zod config", () => {
  it("parses without compiling (no `new Function` under the pages' CSP) for every zod import", () => {
    expect(z.config().jitless).toBe(true);
  });
});
