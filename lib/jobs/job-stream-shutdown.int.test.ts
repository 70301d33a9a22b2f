import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { createTestUser } from "@/test/users";
import type { CurrentUser } from "@/lib/auth/current-user";
import { endJobStreams, jobEventStream } from "./job-stream";

// A file of its own: endJobStreams() is for good (the server is stopping), so every stream this
// module opens afterwards ends too.
let testDb: TestDb;
let user: CurrentUser;
beforeAll(async () => {
  testDb = await createTestDb();
  user = await createTestUser(testDb.db);
});
afterAll(() => testDb.close());

/** Reads a stream to its end; "still open" if it has not ended within `ms`. */
async function readToEnd(response: Response, ms: number): Promise<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const deadline = new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), ms));
  for (;;) {
    const next = await Promise.race([reader.read(), deadline]);
    if (next === "still open") {
      await reader.cancel();
      return next;
    }
    if (next.done) return text;
    text += next.value;
  }
}

describe("job streams when the server stops (Next waits for open responses before it exits)", () => {
  it("an open stream ends at once, and one opened afterwards ends after its first line", async () => {
    const open = await jobEventStream(user, 0n, new AbortController().signal, null);
    const reading = readToEnd(open, 3_000);
    // Well within its five-minute lifetime and between its polls.
    await new Promise((resolve) => setTimeout(resolve, 200));
    endJobStreams();
    expect(await reading).toBe("retry: 2000\n\n");

    const late = await jobEventStream(user, 0n, new AbortController().signal, null);
    expect(await readToEnd(late, 3_000)).toBe("retry: 2000\n\n");
  });
});
