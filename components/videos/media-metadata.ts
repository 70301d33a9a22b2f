import type { VideoInputType } from "@/lib/upstream/video/limits";

// What the browser can read of a media file before it is uploaded, for the checks of spec 4.4.1
// (sides, lengths). The server probes the bytes again with ffprobe; this only spares the designer an
// upload that would be refused. Browser-only (DOM).

export type MediaMetadata = { width?: number; height?: number; durationSeconds?: number };

/** How long a file may take to show its metadata before the browser's check is skipped. */
const READ_TIMEOUT_MS = 15_000;

async function imageMetadata(file: File): Promise<MediaMetadata> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    // HEIC/HEIF: most browsers cannot decode them; the server converts them to PNG and checks the sides then.
    return {};
  }
}

function mediaElementMetadata(file: File, type: "video" | "audio"): Promise<MediaMetadata> {
  // A file this browser cannot play (a .mov in a codec it lacks) may still be valid: nothing is
  // known then, and the server's probe decides.
  return new Promise((resolve) => {
    const element = document.createElement(type);
    const url = URL.createObjectURL(file);
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      element.removeAttribute("src");
      element.load();
      URL.revokeObjectURL(url);
      outcome();
    };
    const timer = setTimeout(() => finish(() => resolve({})), READ_TIMEOUT_MS);
    element.preload = "metadata";
    element.muted = true;
    element.onloadedmetadata = () =>
      finish(() =>
        resolve({
          durationSeconds: Number.isFinite(element.duration) ? element.duration : undefined,
          ...(element instanceof HTMLVideoElement && element.videoWidth > 0 ? { width: element.videoWidth, height: element.videoHeight } : {}),
        }),
      );
    element.onerror = () => finish(() => resolve({}));
    element.src = url;
  });
}

/** The sides of an image, or the length (and sides) of a video or audio file, as far as this browser can tell. */
export function readMediaMetadata(file: File, type: VideoInputType): Promise<MediaMetadata> {
  return type === "image" ? imageMetadata(file) : mediaElementMetadata(file, type);
}
