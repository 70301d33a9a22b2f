import "server-only";
import { randomBytes, randomInt } from "node:crypto";
import { ALPHA_V3_SEED_RANGE, ALPHA_V35_SEED_MAX } from "@/lib/images/alpha-schemas";

// A seed left empty ("random") is chosen by the studio rather than the service, so the job records
// the seed it ran with and "Run again" after an interruption makes the same image.

/** spec 4.1: [1, 4294967295]. */
export function randomAlphaV3Seed(): number {
  return randomInt(ALPHA_V3_SEED_RANGE.min, ALPHA_V3_SEED_RANGE.max + 1);
}

/** spec 4.2: int64 in [0, 2^63-1], 0 meaning "server chooses"; as decimal text (JavaScript numbers cannot hold it). */
export function randomAlphaV35Seed(): string {
  const seed = randomBytes(8).readBigUInt64BE() & ALPHA_V35_SEED_MAX;
  return (seed === 0n ? 1n : seed).toString();
}
