import type { ClientError } from "@/lib/errors";
import type { GenerationDto } from "./generation-dto";

// The lines of a streamed alpha v3 answer, shared by the route handler and the page.
export type AlphaV3Event =
  | { type: "queued"; position: number }
  | { type: "generating" }
  | { type: "storing" }
  | { type: "done"; generation: GenerationDto }
  | { type: "error"; error: ClientError };
