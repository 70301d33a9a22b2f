import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { hasErrorName } from "@/lib/error-name";
import { AppError } from "@/lib/errors";
import { blobMeter } from "./blob-meter";
import { asStorageFailure } from "./storage-failure";
import { assertBlobKey, isBlobKey, type BlobInfo, type BlobStore, type ByteRange, type ListedBlob, type LocalFile, type PresignedGet } from "./blob-store";
import type { S3Location } from "./storage-url";

// Blobs in an S3-compatible object store, as <prefix>blobs/<sha256>, shared by every web server and
// worker. The key is only known once every byte is read, so a put streams to <prefix>tmp/<uuid>
// (multipart, a few parts in memory at a time) while hashing, then copies that object to its key and
// deletes it. An upload that fails or is aborted is itself aborted and its temp object deleted; a
// process that dies mid-upload leaves an incomplete multipart upload (never an object) or, between
// the upload and the copy, a temp object: nothing ever appears under a blob key half written. The
// bucket's lifecycle rules should expire <prefix>tmp/ and incomplete multipart uploads (README).

/** S3's smallest part: the upload holds at most UPLOAD_PARTS_IN_FLIGHT of these in memory. */
const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_PARTS_IN_FLIGHT = 2;
/** A store that does not answer a probe in this time is not ready: a load balancer's check must not hang on it. */
export const PROBE_TIMEOUT_MS = 3_000;

/** A reachable store accepts a connection at once: longer than this, it or the network is down. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * From sending a request to its answer's headers, body included: a 5 MB multipart part on a slow
 * link (about 350 kbit/s) still fits, while a store that never answers fails instead of holding a
 * job or a download forever.
 */
const REQUEST_TIMEOUT_MS = 120_000;
/** A transfer with no byte in either direction for this long is stalled, also while a blob's body streams after its headers. */
const IDLE_TIMEOUT_MS = 30_000;

export type S3Timeouts = { connectMs: number; requestMs: number; idleMs: number };
const S3_TIMEOUTS: S3Timeouts = { connectMs: CONNECT_TIMEOUT_MS, requestMs: REQUEST_TIMEOUT_MS, idleMs: IDLE_TIMEOUT_MS };

export const STORAGE_UNAVAILABLE_MESSAGE = "The studio's storage did not answer in time; try again in a minute";

/** `timeouts`: only tests shorten them. */
export function s3Client(location: S3Location, timeouts: S3Timeouts = S3_TIMEOUTS): S3Client {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    // The SDK's default CRC32 checksums are refused by several S3-compatible stores; every store
    // checks the Content-MD5 and signatures it requires anyway.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // Without these the SDK waits for a silent store forever.
    requestHandler: { connectionTimeout: timeouts.connectMs, requestTimeout: timeouts.requestMs, throwOnRequestTimeout: true, socketTimeout: timeouts.idleMs },
  });
  // Outermost step, so the SDK's retries have all run before a timeout becomes the studio's refusal.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw hasErrorName(error, "TimeoutError") ? new AppError("storage_unavailable", STORAGE_UNAVAILABLE_MESSAGE) : error;
      }
    },
    { step: "initialize", name: "studioStorageTimeout" },
  );
  return client;
}

/** Whether `error` is the store saying that the object does not exist (HeadObject answers NotFound, GetObject NoSuchKey). */
function isMissingObject(error: unknown): boolean {
  if (hasErrorName(error, "NotFound") || hasErrorName(error, "NoSuchKey")) return true;
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 404;
}

export class S3BlobStore implements BlobStore {
  /**
   * `localDir`: where `localFile` downloads blobs for decoders that need a file, one file per call,
   * removed by its release.
   */
  constructor(
    private readonly client: S3Client,
    private readonly location: Pick<S3Location, "bucket" | "prefix">,
    private readonly localDir: string,
  ) {}

  private objectKey(key: string): string {
    assertBlobKey(key);
    return `${this.location.prefix}blobs/${key}`;
  }

  private tempKey(): string {
    return `${this.location.prefix}tmp/${randomUUID()}`;
  }

  async put(source: Readable | AsyncIterable<Uint8Array>, options: { maxBytes?: number; signal?: AbortSignal } = {}): Promise<BlobInfo> {
    const bucket = this.location.bucket;
    const temp = this.tempKey();
    const meter = blobMeter(options.maxBytes);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: bucket, Key: temp, Body: meter.stream },
      partSize: UPLOAD_PART_BYTES,
      queueSize: UPLOAD_PARTS_IN_FLIGHT,
    });
    const uploading = upload.done();
    try {
      // The source failing, going past maxBytes or being aborted destroys `meter`, which fails the
      // upload's read of it; the upload then aborts its multipart upload itself.
      await Promise.all([pipeline(source, meter.stream, { signal: options.signal }), uploading]);
      const { sha256, bytes } = meter.result();
      const final = this.objectKey(sha256);
      if (!(await this.stat(sha256))) {
        await this.client.send(new CopyObjectCommand({ Bucket: bucket, Key: final, CopySource: `${bucket}/${temp.split("/").map(encodeURIComponent).join("/")}` }));
      }
      return { key: sha256, sha256, bytes };
    } catch (error) {
      // When the pipeline failed first, the upload may still be sending a part: wait until it has
      // aborted its multipart upload, so that nothing of it is left once put answers.
      meter.stream.destroy();
      await uploading.catch(() => {});
      throw asStorageFailure(error);
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: temp })).catch(() => {});
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const response = await this.client.send(
      new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    return response.Body as Readable;
  }

  async presignedGetUrl(key: string, options: PresignedGet): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.location.bucket,
      Key: this.objectKey(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  async stat(key: string): Promise<{ bytes: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return { bytes: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  /** A downloaded copy, since decoders read files and the bytes are on another machine. */
  async localFile(key: string): Promise<LocalFile> {
    await mkdir(this.localDir, { recursive: true, mode: 0o700 });
    const file = path.join(this.localDir, randomUUID());
    const release = () => rm(file, { force: true });
    try {
      await pipeline(await this.get(key), createWriteStream(file, { flags: "wx" }));
    } catch (error) {
      await release();
      throw error;
    }
    return { path: file, release };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
  }

  /** Pages through <prefix>blobs/ (1,000 keys a page): temp objects live under tmp/ and are not listed. */
  async *list(): AsyncIterable<ListedBlob> {
    const prefix = `${this.location.prefix}blobs/`;
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.location.bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length) ?? "";
        if (isBlobKey(key) && object.LastModified) yield { key, modifiedAt: object.LastModified };
      }
    }
  }

  /** Writes and deletes a tiny object: a HeadBucket would pass with read-only credentials. */
  async probe(): Promise<void> {
    const key = this.tempKey();
    const abortSignal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    await this.client.send(new PutObjectCommand({ Bucket: this.location.bucket, Key: key, Body: "probe" }), { abortSignal });
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: key }), { abortSignal });
  }
}
