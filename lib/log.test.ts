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
