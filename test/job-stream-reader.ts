import type { PrismaClient } from "@/lib/generated/prisma/client";
import { wakeJobStreamsAtCommit } from "@/lib/wakeups/channel";

/** An open job stream as a browser reads it: the event ids that arrived, the events without one, and when it ended. */
export type FollowedStream = {
  ids: bigint[];
  /** The names of the events that came without an id (notices, not job events), in order. */
  notices: string[];
  /** Resolves with the time the server ended the stream. */
  ended: Promise<number>;
  close(): Promise<void>;
};

export function followStream(response: Response): FollowedStream {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ids: bigint[] = [];
  const notices: string[] = [];
  let buffer = "";
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return Date.now();
      buffer += value;
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop() ?? "";
      for (const block of blocks) {
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const name = /^event: (.+)$/m.exec(block)?.[1];
        if (id) ids.push(BigInt(id));
        else if (name) notices.push(name);
      }
    }
  })();
  return { ids, notices, ended, close: () => reader.cancel().catch(() => undefined) };
}

/** What `promise` resolved to, or "still open" if it has not within `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | "still open"> {
  return Promise.race([promise, new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), ms))]);
}

/** Resolves once `stream` has received the event `id`; throws after `ms`. */
export async function receives(stream: FollowedStream, id: bigint, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!stream.ids.includes(id)) {
    if (Date.now() > deadline) throw new Error(`event ${id} did not arrive within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A job event of `ownerId` written straight to the database and notified, as any studio process
 * would; its id. `notify: false` leaves the streams to find it when something else wakes them.
 */
export async function writeJobEvent(db: PrismaClient, ownerId: string, { notify = true } = {}): Promise<bigint> {
  return db.$transaction(async (tx) => {
    const job = await tx.job.create({ data: { kind: "alpha_v3", ownerId, label: "streamed" } });
    const event = await tx.jobEvent.create({ data: { jobId: job.id, ownerId, data: { id: job.id, state: job.state } } });
    if (notify) await wakeJobStreamsAtCommit(tx, ownerId);
    return event.id;
  });
}
