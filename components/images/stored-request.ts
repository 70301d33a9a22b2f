import type { GenerationDto } from "@/lib/images/generation-dto";

/**
 * What a generator form is refilled from: a generation of the history ("Reuse settings" on a
 * result) or a gallery entry's stored request (`?reuse=<entry>`): its prompt, model and
 * the params stored with it.
 */
export type StoredRequest = Pick<GenerationDto, "prompt" | "model" | "params">;
