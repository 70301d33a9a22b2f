import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Condition } from "./conditions";
import { fetchMedia } from "./media-fetch";
import { MediaError } from "./media-error";
import { MAX_BYTES, probeMedia, type ProbedMedia } from "./probe";

// Spec 4.4.1: total reference video/audio time at most 15 seconds.
const MAX_REFERENCE_SECONDS = 15;

export interface PreparedInput {
  condition: Condition;
  filePath: string;
  media: ProbedMedia;
}

/**
 * Downloads, probes and stores every condition file of a job (spec 4.4.1: this happens during
 * `running`, so a violation fails the accepted job). Throws MediaError naming the condition.
 */
export async function prepareInputs(conditions: Condition[], directory: string): Promise<PreparedInput[]> {
  if (conditions.length === 0) return [];
  await mkdir(directory, { recursive: true });
  const prepared: PreparedInput[] = [];
  for (const [index, condition] of conditions.entries()) {
    try {
      const bytes = await fetchMedia(condition.uri, MAX_BYTES[condition.type]);
      const media = await probeMedia(condition.type, bytes);
      const filePath = path.join(directory, `condition-${index}.${media.format}`);
      await writeFile(filePath, media.converted ?? bytes);
      prepared.push({ condition, filePath, media });
    } catch (error) {
      if (error instanceof MediaError) throw new MediaError(error.diagnostic, `conditions[${index}]: ${error.message}`);
      throw error;
    }
  }
  const referenceSeconds = prepared.reduce((sum, input) => sum + (input.media.durationSeconds ?? 0), 0);
  if (referenceSeconds > MAX_REFERENCE_SECONDS) {
    throw new MediaError("media_invalid", `reference video/audio total ${referenceSeconds.toFixed(2)} s exceeds ${MAX_REFERENCE_SECONDS} s`);
  }
  return prepared;
}
