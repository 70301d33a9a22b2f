// The smallest server that stops the way the studio's web server does (lib/http/server-drain), for
// lib/http/server-drain.int.test.ts: a job-stream-like /events, a /slow request, and /ready. Run
// with the react-server condition, as the studio's server modules expect.
import { createServer, type ServerResponse } from "node:http";
import { drainOnSignal, isDraining } from "@/lib/http/server-drain";

const say = (line: string) => process.stdout.write(`${line}\n`);
const streams = new Set<ServerResponse>();

const server = createServer((request, response) => {
  if (request.url === "/events") {
    response.writeHead(200, { "Content-Type": "text/event-stream" });
    response.write("retry: 2000\n\n");
    streams.add(response);
  } else if (request.url === "/slow") {
    say("slow started");
    setTimeout(() => response.end("slow done"), Number(process.env.SLOW_MS));
  } else {
    response.writeHead(isDraining() ? 503 : 200).end();
  }
});

drainOnSignal(
  () => {
    for (const stream of streams) stream.end();
  },
  async () => {
    say("released");
  },
  { unreadyMs: Number(process.env.UNREADY_MS), deadlineMs: Number(process.env.DEADLINE_MS) },
);
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  say(`listening ${typeof address === "object" && address ? address.port : ""}`);
});
