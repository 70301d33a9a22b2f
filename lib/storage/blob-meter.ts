import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { BlobTooLargeError } from "./blob-store";

/**
 * A pass-through for the bytes a put streams: it hashes and counts them, and fails past `maxBytes`.
 * Every store learns a blob's key this way, once the last byte is through.
 */
export function blobMeter(maxBytes: number | undefined): { stream: Transform; result(): { sha256: string; bytes: number } } {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (maxBytes !== undefined && bytes > maxBytes) {
        callback(new BlobTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest("hex"), bytes }) };
}
