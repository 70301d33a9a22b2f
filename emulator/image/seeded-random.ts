import { createHash } from "node:crypto";

/** A 32-bit seed derived from any strings, so equal inputs always draw the same picture. */
export function hashSeed(...parts: string[]): number {
  return createHash("sha256").update(parts.join("\u0000")).digest().readUInt32LE(0);
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A server-chosen seed when the client sends none (spec 4.1 / 4.2: omitted or 0 means random). */
export function randomSeed(max: number): number {
  return 1 + Math.floor(Math.random() * (max - 1));
}
