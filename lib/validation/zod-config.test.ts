import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { z } from "zod";

// zod and the setting meet in either order: zod already loaded here (this file imports it first),
// and zod loaded after the setting in a process of its own (a module is loaded once per process).
describe("zod config", () => {
  it("parses without compiling (no `new Function` under the pages' CSP) when zod loaded first", async () => {
    expect(z.config().jitless).toBeFalsy();
    await import("./zod-config");
    expect(z.config().jitless).toBe(true);
  });

  it("parses without compiling when zod loads after the setting", () => {
    const script = 'await import("./lib/validation/zod-config.ts"); const { z } = await import("zod"); process.stdout.write(String(z.config().jitless));';
    expect(execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], { encoding: "utf8" })).toBe("true");
  });
});
