// Durations of the spec 4.4.1 audio formats (wav, mp3), read from the bytes without a decoder.

/** WAV: RIFF/WAVE chunks; duration = data chunk size / byte rate of the fmt chunk. */
export function wavDurationSeconds(bytes: Buffer): number | undefined {
  if (bytes.length < 12 || bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WAVE") return undefined;
  let byteRate: number | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString("ascii", offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === "fmt " && offset + 16 <= bytes.length) byteRate = bytes.readUInt32LE(offset + 16);
    if (id === "data") {
      if (!byteRate) return undefined;
      // A streaming writer may leave the size unset (0xFFFFFFFF); the bytes present then count.
      const dataBytes = Math.min(size, bytes.length - offset - 8);
      return dataBytes / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

// MPEG audio frame header tables (ISO 11172-3 / 13818-3), kbps and Hz.
const BITRATES: Record<string, number[]> = {
  "1-1": [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  "1-2": [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  "1-3": [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  "2-1": [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  "2-2": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  "2-3": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 25: [11025, 12000, 8000] };

interface MpegFrame {
  length: number;
  samples: number;
  sampleRate: number;
}

function mpegFrameAt(bytes: Buffer, offset: number): MpegFrame | undefined {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xe0) !== 0xe0) return undefined;
  const versionBits = (bytes[offset + 1]! >> 3) & 3;
  const layerBits = (bytes[offset + 1]! >> 1) & 3;
  const bitrateIndex = bytes[offset + 2]! >> 4;
  const rateIndex = (bytes[offset + 2]! >> 2) & 3;
  const padding = (bytes[offset + 2]! >> 1) & 1;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 25;
  const layer = 4 - layerBits;
  const bitrate = BITRATES[`${version === 1 ? 1 : 2}-${layer}`]![bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  if (layer === 1) return { length: (Math.floor((12 * bitrate) / sampleRate) + padding) * 4, samples: 384, sampleRate };
  const samples = layer === 3 && version !== 1 ? 576 : 1152;
  return { length: Math.floor(((samples / 8) * bitrate) / sampleRate) + padding, samples, sampleRate };
}

/** MP3: skips an ID3v2 tag, then sums the samples of consecutive MPEG audio frames. */
export function mp3DurationSeconds(bytes: Buffer): number | undefined {
  let offset = 0;
  if (bytes.length >= 10 && bytes.toString("ascii", 0, 3) === "ID3") {
    const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    offset = 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
  }
  let first = mpegFrameAt(bytes, offset);
  // Tolerate a little junk before the first frame.
  for (let scan = offset; !first && scan < Math.min(bytes.length, offset + 4096); scan++) {
    first = mpegFrameAt(bytes, scan);
    if (first) offset = scan;
  }
  if (!first) return undefined;
  let seconds = 0;
  let frames = 0;
  for (let frame: MpegFrame | undefined = first; frame && frame.length > 0; frame = mpegFrameAt(bytes, offset)) {
    seconds += frame.samples / frame.sampleRate;
    frames += 1;
    offset += frame.length;
  }
  return frames >= 2 ? seconds : undefined;
}
