// What a WAV file's header says about its sound, against what the file holds. ffprobe measures a
// WAV whose `data` chunk claims more bytes than the file has by the bytes there (a 3 s file whose
// header claims 10 hours reads as 3 s), while a reader that trusts the header, as the video agent's
// may, sees 10 hours. (For MP3 and MP4, ffprobe reports what the header claims, so a lie there is
// refused by the length rule.)

/** How much of the file is read to find the `data` chunk: `fmt ` and metadata chunks come first. */
export const WAV_HEADER_BYTES = 64 * 1024;

export type WavHeader = {
  /** Bytes of sound the `data` chunk declares, and how many of them the file holds. */
  declaredDataBytes: number;
  presentDataBytes: number;
  /** Bytes of sound per second (`fmt ` chunk). */
  byteRate: number;
};

/**
 * The `fmt ` byte rate and the `data` chunk's declared and present length of a RIFF/WAVE file, from
 * its first bytes (`head`) and its length. Undefined when the head holds no RIFF/WAVE header with
 * both chunks.
 */
export function readWavHeader(head: Uint8Array, fileBytes: number): WavHeader | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const text = (at: number) => String.fromCharCode(...head.subarray(at, at + 4));
  if (head.length < 12 || text(0) !== "RIFF" || text(8) !== "WAVE") return undefined;
  let byteRate: number | undefined;
  for (let at = 12; at + 8 <= head.length; ) {
    const id = text(at);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt " && at + 20 <= head.length) byteRate = view.getUint32(at + 16, true);
    if (id === "data") {
      if (!byteRate) return undefined;
      return { declaredDataBytes: size, presentDataBytes: Math.max(0, fileBytes - (at + 8)), byteRate };
    }
    // Chunks are padded to an even length (RIFF).
    at += 8 + size + (size % 2);
  }
  return undefined;
}
