"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiErrorOf } from "@/lib/client/api";
import { readNdjson } from "@/lib/client/read-ndjson";
import type { ClientError } from "@/lib/errors";
import type { AlphaV3Event } from "@/lib/images/alpha-v3-events";
import type { GenerationDto } from "@/lib/images/generation-dto";
import type { AlphaV3RequestBody } from "./alpha-v3-form-state";
import { alphaV3HistoryKey, prependGeneration } from "./use-alpha-v3-history";

export type GenerationStage = "sending" | "queued" | "generating" | "storing";

export type RunningGeneration = {
  stage: GenerationStage;
  /** Place in the studio's line (1 = next) while the concurrency gate holds the request. */
  position?: number;
  startedAt: number;
  /** `WxH`, or "auto", so the placeholder can take the coming image's shape. */
  size: string;
  revise: boolean;
};

/** `status` is set when the studio refused the request before streaming (400, 401, 429 …). */
export type GenerationFailure = { error: ClientError; status?: number };

const lostConnection: ClientError = {
  code: "stream_ended",
  message: "The connection to the studio closed before the result arrived. If the image was made, it appears in your results.",
};
const unreachable: ClientError = {
  code: "offline",
  message: "The studio could not be reached. Check your connection and try again.",
};

// One alpha v3 request at a time: POST the form, follow its streamed progress (queued → generating →
// storing → done | error, lib/images/alpha-v3-events) and put the result at the top of the history.
// Cancel aborts the fetch; the route handler sees request.signal and aborts the upstream call.
export function useGenerateAlphaV3() {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<RunningGeneration | null>(null);
  const [failure, setFailure] = useState<GenerationFailure | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const generate = useCallback(
    async (input: AlphaV3RequestBody): Promise<GenerationDto | undefined> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setFailure(null);
      setCancelled(false);
      setRunning({ stage: "sending", startedAt: Date.now(), size: input.size ?? "auto", revise: input.revise ?? true });
      const advance = (stage: GenerationStage, position?: number) => setRunning((run) => (run ? { ...run, stage, position } : run));
      let result: GenerationDto | undefined;
      let settled = false;
      let answered = false;
      try {
        const response = await fetch("/api/alpha/v3/generations", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(input),
          signal: abort.signal,
        });
        answered = true;
        if (!response.ok) {
          const error = await apiErrorOf(response);
          setFailure({ error: error.error, status: error.status });
          return undefined;
        }
        await readNdjson<AlphaV3Event>(response, (event) => {
          if (event.type === "queued") advance("queued", event.position);
          else if (event.type === "generating" || event.type === "storing") advance(event.type);
          else if (event.type === "done") {
            settled = true;
            result = event.generation;
            prependGeneration(queryClient, event.generation);
          } else {
            settled = true;
            setFailure({ error: event.error });
          }
        });
        if (!settled) setFailure({ error: lostConnection });
        return result;
      } catch {
        if (abort.signal.aborted) setCancelled(true);
        else if (!settled) setFailure({ error: answered ? lostConnection : unreachable });
        return result;
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setRunning(null);
        }
        // Failed and cancelled generations are recorded too; the refetch brings them into the strip.
        void queryClient.invalidateQueries({ queryKey: alphaV3HistoryKey });
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => {
    setFailure(null);
    setCancelled(false);
  }, []);

  return { running, failure, cancelled, generate, cancel, dismiss };
}
