import "server-only";
import { Zip, ZipPassThrough } from "fflate";
import { extensionFor } from "@/lib/assets/file-name";
import type { CurrentUser } from "@/lib/auth/types";
import { AppError } from "@/lib/errors";
import type { Asset, GalleryItem } from "@/lib/generated/prisma/client";
import { blobStore } from "@/lib/storage";
import { linkedAssets } from "./item-outputs";
import { openItemsForUser } from "./selection";

type ZipFile = { name: string; storageKey: string; modified: Date };

/** GET /api/gallery/download?ids=…: one streamed ZIP of the outputs of every listed entry the user may see. */
export async function downloadItems(user: CurrentUser, ids: string[]): Promise<Response> {
  const items = await openItemsForUser(user, ids);
  const unique = [...new Map(items.map((item) => [item.id, item])).values()];
  return zipResponse(await zipFilesOf(unique), `studio-gallery-${day(new Date())}.zip`);
}

/** The entries' outputs as ZIP entries: one folder per entry, named so a person can tell them apart. */
export async function zipFilesOf(items: GalleryItem[]): Promise<ZipFile[]> {
  const outputs = await linkedAssets(
    items.map((item) => item.id),
    true,
  );
  const folders = new Set<string>();
  return items.flatMap((item) => {
    const folder = uniqueName(folderName(item), folders);
    return (outputs.get(item.id) ?? []).map((asset, index) => ({ name: `${folder}/${fileName(asset, index)}`, storageKey: asset.storageKey, modified: asset.createdAt }));
  });
}

/** The folder of one entry's files, also the name of a single entry's ZIP. */
export function folderName(item: Pick<GalleryItem, "kind" | "createdAt" | "prompt">): string {
  const words = item.prompt
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return [item.kind.replace("_", "-"), day(item.createdAt), words || "untitled"].join("-");
}

function fileName(asset: Asset, index: number): string {
  const stem = asset.role === "base" ? "base" : asset.role === "layer" ? `layer-${index}` : String(index + 1);
  return `${stem}.${extensionFor(asset.mime)}`;
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${name}-${n}`;
  taken.add(candidate);
  return candidate;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A ZIP streamed as it is read: media is stored (already compressed), each blob is read only when
 * the client pulls more, so the archive is never held in memory. Every blob is checked to exist
 * first, so a missing file is a 404 rather than a download cut short.
 */
export async function zipResponse(files: ZipFile[], fileName: string): Promise<Response> {
  if (!files.length) throw new AppError("not_found", "There are no files to download");
  for (const file of files) {
    if (!(await blobStore().stat(file.storageKey))) throw new AppError("not_found", "A stored file is missing");
  }
  const chunks = zipChunks(files);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

async function* zipChunks(files: ZipFile[]): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  function* drain() {
    if (failure) throw failure;
    while (ready.length) yield ready.shift()!;
  }
  for (const file of files) {
    const entry = new ZipPassThrough(file.name);
    entry.mtime = file.modified;
    zip.add(entry);
    for await (const chunk of await blobStore().get(file.storageKey)) {
      entry.push(chunk as Uint8Array);
      yield* drain();
    }
    entry.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
