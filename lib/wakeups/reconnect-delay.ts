/** The first wait before connecting again; it doubles with each failure in a row. */
const FIRST_DELAY_MS = 250;
/** The longest wait: streams poll meanwhile, so there is no hurry beyond this. */
const MAX_DELAY_MS = 10_000;

/**
 * How long to wait before connecting again after `failures` failures in a row (0 for the first).
 * Half of it is random, so that the processes a database restart cut off do not all come back in the
 * same instant.
 */
export function reconnectDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
