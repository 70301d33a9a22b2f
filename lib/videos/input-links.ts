import "server-only";
import { signAssetPath } from "@/lib/assets/signed-url";

// The links the video agent downloads a job's inputs (keyframes, references, audio) from. The agent
// fetches them when the job starts running, not at the POST (spec 3.1, the POST row: "File download,
// decoding and probing may run later during `running`"; 4.4.1, last rule), and nothing in the spec
// bounds how long a job waits queued before that. So a link opens only while its job is in a phase
// where the agent may still fetch (it dies as soon as the studio sees the job end), and at most
// INPUT_LINK_SECONDS after the POST that carried it: long enough for a full queue of long jobs ahead
// of it, short enough that a job the studio stopped following (a worker down) does not keep its
// inputs open for a day. Links are signed when the POST is sent; a job sent again gets new ones.
// The asset route checks the job's phase (lib/assets/input-link-phase).

/** The longest a link lives, from the POST that carries it. */
export const INPUT_LINK_SECONDS = 6 * 60 * 60;

/** A signed path to one input of `videoJobId`. */
export function signInputPath(assetId: string, videoJobId: string, now = Date.now()): string {
  return signAssetPath(assetId, INPUT_LINK_SECONDS, now, videoJobId);
}
