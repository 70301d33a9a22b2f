import { parentPort } from "node:worker_threads";
import { encodeClip, type ClipRequest, type ClipResult } from "./encode";

export interface EncodeMessage {
  id: number;
  request: ClipRequest;
}

export type EncodeReply = { id: number; result: ClipResult } | { id: number; error: string };

// One clip at a time: the WASM encoder is synchronous, so clips would not overlap anyway.
let previous = Promise.resolve();
parentPort!.on("message", (message: EncodeMessage) => {
  previous = previous.then(async () => {
    let reply: EncodeReply;
    try {
      reply = { id: message.id, result: await encodeClip(message.request) };
    } catch (error) {
      reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort!.postMessage(reply);
  });
});
