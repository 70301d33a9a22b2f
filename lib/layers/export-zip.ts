import { Zip, ZipPassThrough } from "fflate";

// A ZIP of images made as a stream: each file is asked for only when the reader wants more, so a set
// of large PNGs is fetched one at a time and never held twice. PNG, JPEG and WebP are compressed
// already, so entries are stored as they are (ZipPassThrough) rather than deflated again.

/** Loads one file of the archive when its turn comes. */
export type ZipSource = { name: string; load: () => Promise<Uint8Array> };

/** The ZIP of `sources`, in order, as a byte stream; a failing load fails the stream. */
export function zipStream(sources: Iterable<ZipSource>): ReadableStream<Uint8Array> {
  const pending = sources[Symbol.iterator]();
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const next = pending.next();
      if (next.done) {
        zip.end();
        return;
      }
      const bytes = await next.value.load();
      const entry = new ZipPassThrough(next.value.name);
      zip.add(entry);
      entry.push(bytes, true);
    },
    cancel() {
      zip.terminate();
    },
  });
}

/** The whole ZIP as a Blob to hand to a download link (the browser may keep a large Blob on disk). */
export function zipBlob(sources: Iterable<ZipSource>): Promise<Blob> {
  return new Response(zipStream(sources), { headers: { "content-type": "application/zip" } }).blob();
}
