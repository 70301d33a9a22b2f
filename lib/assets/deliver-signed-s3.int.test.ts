import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { S3BlobStore, s3Client } from "@/lib/storage/s3-blob-store";
import { useS3Server } from "@/test/s3-server";
import { deliverFromNode } from "./deliver-from-node";
import { deliverSigned } from "./deliver-signed";
import { signDeliveryPath, type DeliveryQuery } from "./delivery-url";

const store = vi.hoisted(() => ({ current: undefined as unknown as S3BlobStore }));
vi.mock("@/lib/storage", () => ({ blobStore: () => store.current }));

const s3 = useS3Server();
let localDir: string;
beforeAll(async () => {
  process.env.ASSET_SIGNING_KEY = "k".repeat(40);
  process.env.AUTH_SECRET = "s".repeat(40);
  localDir = await mkdtemp(path.join(os.tmpdir(), "s3-delivery-"));
  const location = s3.location();
  store.current = new S3BlobStore(s3Client(location), location, localDir);
});
afterAll(() => rm(localDir, { recursive: true, force: true }));

describe("signed delivery from an object store", () => {
  it("redirects to a presigned GET that serves ranges with the file's type and disposition, without the studio", async () => {
    const bytes = Buffer.from("0123456789abcdefghij");
    const { key } = await store.current.put(Readable.from([bytes]));
    const now = Date.now();
    const url = new URL(signDeliveryPath({ assetId: "asset-1", variant: "download", storageKey: key, mime: "image/png", fileName: "studio-image-asset-1.png" }, now), "http://studio.test");
    const answer = await deliverSigned("asset-1", Object.fromEntries(url.searchParams) as DeliveryQuery, new Request(url), now);
    expect(answer.status).toBe(302);
    const presigned = answer.headers.get("location")!;
    expect(presigned).toContain("X-Amz-Signature=");

    const part = await fetch(presigned, { headers: { Range: "bytes=5-9" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("56789");
    expect(part.headers.get("content-type")).toBe("image/png");
    expect(part.headers.get("content-disposition")).toBe('attachment; filename="studio-image-asset-1.png"');
    const etag = part.headers.get("etag")!;
    expect((await fetch(presigned, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("is redirected by the web entry before Next as the route redirects it, with the security headers", async () => {
    const bytes = Buffer.from("the studio's bytes");
    const { key } = await store.current.put(Readable.from([bytes]));
    const now = Date.now();
    const pathAndQuery = signDeliveryPath({ assetId: "asset-2", variant: "thumb", storageKey: key, mime: "image/webp", fileName: "studio-image-asset-2.webp" }, now);
    const server = createServer((request, response) => void deliverFromNode(request, response).then((served) => served || response.writeHead(599).end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
        const outgoing = httpRequest(`http://127.0.0.1:${(server.address() as AddressInfo).port}${pathAndQuery}`, { agent: false }, (response) => {
          response.resume();
          resolve({ status: response.statusCode!, headers: response.headers });
        });
        outgoing.on("error", reject).end();
      });
      const url = new URL(pathAndQuery, "http://studio.test");
      const route = await deliverSigned("asset-2", Object.fromEntries(url.searchParams) as DeliveryQuery, new Request(url), now);
      expect(answer.status).toBe(302);
      // The same lifetime, but for the second that may have passed between the two answers.
      const maxAge = (cacheControl: string | null | undefined) => Number(/^private, max-age=(\d+)$/.exec(cacheControl ?? "")?.[1]);
      expect(Math.abs(maxAge(answer.headers["cache-control"]) - maxAge(route.headers.get("cache-control")))).toBeLessThanOrEqual(1);
      expect(answer.headers["content-security-policy"]).toContain("sandbox");
      const presigned = new URL(answer.headers.location!);
      const routes = new URL(route.headers.get("location")!);
      expect(presigned.origin + presigned.pathname).toBe(routes.origin + routes.pathname);
      expect(presigned.searchParams.get("response-content-type")).toBe("image/webp");
      const fetched = await fetch(presigned);
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
