import type { Hono } from "hono";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Clock } from "../core/clock";
import type { EmulatorConfig } from "../core/config";
import { isAuthorized } from "./auth";
import { alphaErrorBody, ApiError, newRequestId } from "./errors";

export type ImageFormat = "png" | "jpeg";

interface IssuedFile {
  filePath: string;
  format: ImageFormat;
  expiresAtMs: number;
}

const FILE_ROUTE = /^\/files\/([0-9a-f]{32})\.(png|jpeg)$/;

/**
 * Generated images and the temporary URLs that point at them (spec 2.1: valid 12 hours;
 * spec 5: the URL needs the Bearer key too).
 */
export class FileStore {
  private readonly files = new Map<string, IssuedFile>();
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    private readonly config: EmulatorConfig,
    private readonly publicUrl: () => string,
  ) {}

  /** Stores an image and returns its URL, valid for the configured lifetime from now. */
  async issue(data: Buffer, format: ImageFormat): Promise<string> {
    // A request still running at shutdown must not recreate the removed work directory.
    if (this.closed) throw new Error("the emulator is closed");
    const id = randomUUID().replaceAll("-", "");
    const filePath = path.join(this.dir, `${id}.${format}`);
    // Not recursive: once the work directory is gone (closed emulator) this fails instead of recreating it.
    await mkdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    await writeFile(filePath, data);
    this.files.set(id, { filePath, format, expiresAtMs: this.clock.nowMs() + this.config.urlLifetimeSeconds * 1000 });
    return `${this.publicUrl()}/files/${id}.${format}`;
  }

  /** The id of a URL this store issued, whatever loopback host name the caller used. */
  idOfOwnUrl(url: string): string | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    const own = new URL(this.publicUrl());
    const loopback = (host: string) => ["127.0.0.1", "localhost", "[::1]", own.hostname].includes(host);
    if (parsed.port !== own.port || !loopback(parsed.hostname)) return undefined;
    return FILE_ROUTE.exec(parsed.pathname)?.[1];
  }

  /** The bytes of a live file; "expired" once its lifetime is over; undefined if never issued. */
  async read(id: string): Promise<{ data: Buffer; format: ImageFormat } | "expired" | undefined> {
    const file = this.files.get(id);
    if (!file) return undefined;
    if (this.clock.nowMs() >= file.expiresAtMs) {
      // Keep the record so later requests still learn it expired rather than "never existed".
      await rm(file.filePath, { force: true });
      return "expired";
    }
    return { data: await readFile(file.filePath), format: file.format };
  }

  async reset(): Promise<void> {
    this.files.clear();
    await rm(this.dir, { recursive: true, force: true });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.reset();
  }

  /** GET /files/<id>.<ext>: authenticated download (spec 4.1: "The returned url requires authentication"). */
  mount(app: Hono): void {
    app.get("/files/:name", async (c) => {
      const requestId = newRequestId();
      const refuse = (error: ApiError) =>
        c.json(alphaErrorBody(error, requestId), error.status as 401 | 403 | 404);
      if (!isAuthorized(c.req.header("authorization"), this.config.apiKeys)) {
        return refuse(new ApiError(401, "invalid_api_key", "missing or invalid Bearer key"));
      }
      const id = FILE_ROUTE.exec(c.req.path)?.[1];
      const found = id ? await this.read(id) : undefined;
      // Our choice: an expired URL answers 403 url_expired, as an expired signed URL would.
      if (found === "expired") return refuse(new ApiError(403, "url_expired", "this image URL has expired"));
      if (!found) return refuse(new ApiError(404, "not_found", "no such image"));
      return c.body(new Uint8Array(found.data), 200, {
        "Content-Type": `image/${found.format}`,
        "Cache-Control": "private, no-store",
      });
    });
  }
}
