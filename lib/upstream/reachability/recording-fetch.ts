// A fetch that writes what it learned about a service's reachability: any HTTP answer means
// reachable, a connection that could not be made means unreachable. Other failures (a cancel, a
// reset mid-answer, a slow generation's timeout) say nothing about reachability and write nothing.
import "server-only";
import { log } from "@/lib/log";
import { connectionFailureCode } from "./connection-failure";
import { recordReachability } from "./record";
import type { UpstreamService } from "./services";

export function reachabilityRecordingFetch(service: UpstreamService, fetchImpl: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetchImpl(input, init);
    } catch (error) {
      const code = connectionFailureCode(error);
      if (code) await record(service, code);
      throw error;
    }
    await record(service, undefined);
    return response;
  };
}

// The call's own outcome matters more than the record: a database hiccup is logged, not thrown.
async function record(service: UpstreamService, errorCode: string | undefined): Promise<void> {
  try {
    await recordReachability(service, errorCode);
  } catch (error) {
    log.warn({ service, reason: error instanceof Error ? error.message : String(error) }, "could not record upstream reachability");
  }
}
