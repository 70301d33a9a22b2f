import { describe, expect, it } from "vitest";
import { MediaToolError, runTool } from "./run-tool";

// The runner with Node itself as the tool: a hang, a refusal and a missing binary.
const node = process.execPath;

describe("runTool", () => {
  it("answers the tool's stdout", async () => {
    const output = await runTool(node, ["-e", "process.stdout.write('frame')"], { timeoutMs: 10_000 });
    expect(output.toString()).toBe("frame");
  });

  it("kills a tool that runs past its time limit", async () => {
    const started = performance.now();
    const failure = await runTool(node, ["-e", "setInterval(() => {}, 1000)"], { timeoutMs: 300 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MediaToolError);
    expect(failure).toMatchObject({ failure: "timed_out", message: expect.stringContaining("timed out after 300 ms") });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("keeps the end of what a refusing tool wrote to stderr", async () => {
    const script = "process.stderr.write('x'.repeat(5000) + '\\nmoov atom not found'); process.exit(1)";
    const failure = await runTool(node, ["-e", script], { timeoutMs: 10_000 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ failure: "refused", message: expect.stringContaining("exited with code 1") });
    const tail = (failure as MediaToolError).stderrTail;
    expect(tail.endsWith("moov atom not found")).toBe(true);
    expect(tail.length).toBeLessThanOrEqual(2000);
  });

  it("says when the tool is not there", async () => {
    await expect(runTool("/nonexistent/ffmpeg", [], { timeoutMs: 1_000 })).rejects.toMatchObject({ failure: "not_started" });
  });

  it("answers a cancelled run with the caller's reason", async () => {
    const controller = new AbortController();
    const running = runTool(node, ["-e", "setInterval(() => {}, 1000)"], { timeoutMs: 10_000, signal: controller.signal });
    controller.abort(new Error("request closed"));
    await expect(running).rejects.toThrow("request closed");
  });
});
