import type { ClientError } from "@/lib/errors";
import type { TurnDto } from "./turn-dto";

// The lines of a streamed chat turn, shared by the route handler and the chat view.
export type TurnEvent =
  | { type: "queued"; position: number }
  | { type: "generating" }
  | { type: "frame"; round?: number }
  | { type: "storing" }
  | { type: "done"; turn: TurnDto }
  | { type: "error"; error: ClientError };
