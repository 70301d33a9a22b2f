// How many images one click on the alpha v3 or beta form asks for: each is its own job and
// generation, shown together as one set. Browser-safe: the forms and the route handlers share it.
import { z } from "zod";
import { ALPHA_V3_SEED_RANGE } from "@/lib/upstream/alpha/limits";
import { MAX_VARIATIONS } from "./variation-count";

export { MAX_VARIATIONS };

const rule = `Variations must be a whole number from 1 to ${MAX_VARIATIONS}`;

export const variationsSchema = z.number({ error: rule }).int(rule).min(1, rule).max(MAX_VARIATIONS, rule).default(1);

/**
 * The seeds of an alpha v3 set: the first as given, each next one the one after it, wrapping within
 * spec 4.1's range [1, 4294967295], so every image of the set differs and each can be repeated alone.
 */
export function alphaV3VariationSeeds(first: number, count: number): number[] {
  const { min, max } = ALPHA_V3_SEED_RANGE;
  const span = max - min + 1;
  return Array.from({ length: count }, (_, index) => min + ((first - min + index) % span));
}
