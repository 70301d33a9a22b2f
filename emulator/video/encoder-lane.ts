import { Worker } from "node:worker_threads";
import type { ClipRequest, ClipResult } from "./encode";
import type { EncodeMessage, EncodeReply } from "./encode-thread";

interface Pending {
  resolve: (result: ClipResult) => void;
  reject: (error: Error) => void;
}

/**
 * One encoder worker thread, started on first use. Encoding is synchronous WASM work; running it
 * off the main thread keeps all three emulator ports answering while clips are made.
 */
export class EncoderLane {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly name: string) {}

  encode(request: ClipRequest): Promise<ClipResult> {
    const worker = (this.worker ??= this.startWorker());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, request } satisfies EncodeMessage);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error(`${this.name} closed`));
    await worker?.terminate();
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL("./encode-thread-entry.mjs", import.meta.url), { name: this.name });
    worker.on("message", (reply: EncodeReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if ("error" in reply) pending.reject(new Error(reply.error));
      else pending.resolve(reply.result);
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(error);
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`${this.name} thread exited with code ${code}`)));
    return worker;
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
