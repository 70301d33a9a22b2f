import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { createLogger } from "./log";

it("writes JSON lines and never a key or password", () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger(sink);
  logger.child({ requestId: "r-1" }).info(
    { apiKey: "sk-secret-1", password: "hunter22222", headers: { authorization: "Bearer sk-secret-2" }, config: { apiKey: "sk-secret-3" } },
    "upstream call",
  );
  const entry = JSON.parse(lines[0]);
  expect(entry).toMatchObject({ requestId: "r-1", msg: "upstream call", service: "studio" });
  expect(lines.join("")).not.toMatch(/sk-secret|hunter2/);
});

it("never writes a personal access token, wherever it is", () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const secret = `studio_pat_${"A1b2_-".repeat(7)}x`;
  const logger = createLogger(sink);
  logger.info({ token: { secret }, url: `/api/gallery?note=${secret}`, headers: { authorization: `Bearer ${secret}` } }, `made ${secret}`);
  logger.warn({ err: new Error(`refused ${secret}`) }, "failed");
  expect(lines).toHaveLength(2);
  expect(lines.join("")).not.toContain(secret.slice("studio_pat_".length));
  expect(JSON.parse(lines[0]).msg).toBe("made studio_pat_[redacted]");
});
