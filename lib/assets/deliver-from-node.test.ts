import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadSettings } from "@/lib/settings";
import { blobStore } from "@/lib/storage";
import { deliverFromNode, isDeliveryRequest } from "./deliver-from-node";
import { deliverSigned } from "./deliver-signed";
import { signDeliveryPath, type DeliveryQuery } from "./delivery-url";

// The web entry's delivery path on a real Node server and the real disk store, against the route's
// own answer (deliverSigned) for the same requests. What it hands over, the server here answers 299.
const HANDED_OVER = 299;

let root: string;
let server: Server;
let base: string;
let key: string;
const bytes = Buffer.from("0123456789abcdefghijklmnopqrstuvwxyz");

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "deliver-node-"));
  Object.assign(process.env, { STUDIO_DATA_DIR: root, ASSET_SIGNING_KEY: "k".repeat(40), AUTH_SECRET: "s".repeat(40), STORAGE_URL: "" });
  loadSettings();
  key = (await blobStore().put(Readable.from([bytes]))).key;
  server = createServer((request, response) => {
    if (!isDeliveryRequest(request)) return void response.writeHead(HANDED_OVER).end();
    void deliverFromNode(request, response).then((served) => (served ? undefined : response.writeHead(HANDED_OVER).end()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

function mint(variant: "file" | "thumb" | "download" = "file", storageKey = key): string {
  return signDeliveryPath({ assetId: "5b0c1e4a-7d1f-4c55-9a43-0d6e8f1b2c3d", variant, storageKey, mime: "image/png", fileName: "studio-image-1.png" });
}

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function send(pathAndQuery: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${pathAndQuery}`, { method: options.method ?? "GET", headers: options.headers, agent: false }, async (response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) });
    });
    outgoing.on("error", reject).end(options.body);
  });
}

// What the route answers for the same URL and headers, as a Response.
async function routeAnswer(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(pathAndQuery, "http://studio.test");
  const id = url.pathname.split("/").pop()!;
  return deliverSigned(id, Object.fromEntries(url.searchParams) as DeliveryQuery, new Request(url, { headers }));
}

// The route's headers must all be there with the same values; the entry adds the security headers
// next.config.ts gives every API answer, and the request id.
async function expectSameAsRoute(answer: Answer, pathAndQuery: string, headers: Record<string, string> = {}) {
  const route = await routeAnswer(pathAndQuery, headers);
  expect(answer.status).toBe(route.status);
  for (const [name, value] of route.headers) expect(answer.headers[name], name).toBe(value);
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["content-security-policy"]).toContain("sandbox");
  expect(answer.headers["x-request-id"]).toBeTruthy();
  if (route.status !== 304) expect(answer.body).toEqual(Buffer.from(await route.arrayBuffer()));
}

describe("delivery in front of Next", () => {
  it("serves a signed URL whole, by range, as a download and as 304, as the route does", async () => {
    const url = mint();
    const whole = await send(url);
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual(bytes);
    await expectSameAsRoute(whole, url);

    const range = { Range: "bytes=10-19" };
    const part = await send(url, { headers: range });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.body.toString()).toBe("abcdefghij");
    await expectSameAsRoute(part, url, range);

    const cached = { "If-None-Match": `"${key}"` };
    const notModified = await send(url, { headers: cached });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    await expectSameAsRoute(notModified, url, cached);

    const staleRange = { Range: "bytes=10-19", "If-Range": '"another"' };
    expect((await send(url, { headers: staleRange })).status).toBe(200);

    const download = mint("download");
    await expectSameAsRoute(await send(download), download);
    expect((await send(download)).headers["content-disposition"]).toBe('attachment; filename="studio-image-1.png"');
  });

  it("reads a whole file without a range and a ranged answer by its range, so an object store gets a plain GET", async () => {
    const get = vi.spyOn(blobStore(), "get");
    try {
      const url = mint();
      await send(url);
      await routeAnswer(url).then((answer) => answer.arrayBuffer());
      expect(get.mock.calls).toEqual([[key, undefined], [key, undefined]]);
      get.mockClear();
      await send(url, { headers: { Range: "bytes=10-19" } });
      expect(get.mock.calls).toEqual([[key, { start: 10, end: 19 }]]);
    } finally {
      get.mockRestore();
    }
  });

  it("answers HEAD with the headers and no body, and keeps the request id it is given", async () => {
    const head = await send(mint(), { method: "HEAD", headers: { "X-Request-Id": "req-1" } });
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(bytes.length));
    expect(head.headers["x-request-id"]).toBe("req-1");
    expect(head.body.length).toBe(0);
  });

  it("hands everything the route would not serve from the disk to Next, having sent nothing", async () => {
    const url = new URL(mint(), "http://studio.test");
    const withQuery = (name: string, value: string) => {
      const changed = new URL(url);
      changed.searchParams.set(name, value);
      return `${changed.pathname}${changed.search}`;
    };
    const signature = url.searchParams.get("s")!;
    const tampered = withQuery("s", `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);
    const path = `${url.pathname}${url.search}`;
    const cases: [string, Promise<Answer>][] = [
      ["a tampered signature", send(tampered)],
      ["an expired URL", send(withQuery("e", "1000"))],
      ["a malformed query", send(withQuery("v", "other"))],
      ["a NUL in the query", send(`${path}&x=%00`)],
      ["an encoded id", send(path.replace("/api/delivery/5b0c", "/api/delivery/%35b0c"))],
      ["an Origin", send(path, { headers: { Origin: "http://studio.test" } })],
      ["a page of another site", send(path, { headers: { "Sec-Fetch-Site": "cross-site" } })],
      ["a token", send(path, { headers: { Authorization: "Bearer studio_pat_x" } })],
      ["a body", send(path, { headers: { "Content-Type": "text/plain", "Content-Length": "1" }, body: "x" })],
      ["an unsatisfiable range", send(path, { headers: { Range: `bytes=${bytes.length + 5}-` } })],
      ["a missing file", send(mint("file", "0".repeat(64)))],
      ["another method", send(path, { method: "DELETE" })],
      ["another path", send(`/api/deliveryx/1?${url.searchParams}`)],
    ];
    for (const [what, answer] of cases) expect((await answer).status, what).toBe(HANDED_OVER);
  });
});
