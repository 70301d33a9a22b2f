import { spawn } from "node:child_process";
import { request, type IncomingMessage } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { expect, it } from "vitest";

const UNREADY_MS = 1_500;
const SLOW_MS = 3_000;
const DEADLINE_MS = 8_000;

function get(port: number, pathname: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => request({ host: "127.0.0.1", port, path: pathname, agent: false }, resolve).on("error", reject).end());
}

async function body(response: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of response) text += String(chunk);
  return text;
}

it("on SIGTERM ends streams, answers not ready, then refuses connections, finishes the request under way and exits 0", async () => {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("test", "drain-server.ts")], {
    env: { ...process.env, UNREADY_MS: String(UNREADY_MS), SLOW_MS: String(SLOW_MS), DEADLINE_MS: String(DEADLINE_MS) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => String((await lines.next()).value);
  try {
    const port = Number((await nextLine()).replace("listening ", ""));
    const stream = await get(port, "/events");
    const streamEnded = body(stream);
    expect((await get(port, "/ready")).statusCode).toBe(200);
    const slow = get(port, "/slow").then(body);
    expect(await nextLine()).toBe("slow started");

    const signalled = performance.now();
    child.kill("SIGTERM");
    await streamEnded;
    expect(performance.now() - signalled).toBeLessThan(UNREADY_MS);
    expect((await get(port, "/ready")).statusCode).toBe(503);

    let slowDone = false;
    void slow.then(() => (slowDone = true));
    let refused = false;
    while (!refused) {
      refused = await get(port, "/ready").then(
        () => false,
        (error: NodeJS.ErrnoException) => error.code === "ECONNREFUSED",
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(slowDone).toBe(false);
    expect(await slow).toBe("slow done");

    expect(await exited).toBe(0);
    expect(await nextLine()).toBe("released");
    expect(performance.now() - signalled).toBeLessThan(DEADLINE_MS);
  } finally {
    child.kill("SIGKILL");
  }
}, 20_000);
