// Reads the frames of an alpha v3.5 answer (spec 2.2). How the frames travel is not shown (spec
// 4.2): one JSON body, or a server-sent-event stream of `data: {...}` frames. The Content-Type
// decides; when it names neither, the first non-blank character does (`{`/`[` → JSON, else SSE).
import "server-only";
import { UpstreamError } from "@/lib/upstream/errors";

export type WireFormat = "json" | "sse";

export interface ReadFramesOptions {
  /** Called for every frame as it arrives, before the next one is read. */
  onFrame?: (frame: unknown, index: number) => void;
}

function formatFromContentType(contentType: string | null): WireFormat | undefined {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (mediaType === "text/event-stream") return "sse";
  if (mediaType === "application/json" || mediaType?.endsWith("+json")) return "json";
  return undefined;
}

async function* decodedText(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder(); // strips a leading BOM
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text) yield text;
    }
    finished = true;
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    // Stopped early (`[DONE]`, a bad frame, the caller gave up): free the connection.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

function parseFrame(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new UpstreamError({
      kind: "invalid_response",
      upstreamMessage: `frame is not JSON: ${text.slice(0, 200)}`,
      cause,
    });
  }
}

/** A JSON body: one frame, an array of frames, or (leniently) one frame per line. */
function framesOfJsonBody(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text
      .split(/\r?\n/)
      .filter((line) => line.trim())
      .map(parseFrame);
  }
  return Array.isArray(parsed) ? parsed : [parsed];
}

const DONE = Symbol("done");

/** Event-stream lines → frames (WHATWG HTML "server-sent events" parsing, data fields only). */
function createEventStreamParser() {
  let dataLines: string[] = [];

  function dispatch(): unknown | typeof DONE | undefined {
    if (dataLines.length === 0) return undefined; // keep-alive: an empty event
    const data = dataLines.join("\n");
    dataLines = [];
    if (data.trim() === "[DONE]") return DONE;
    return parseFrame(data);
  }

  return {
    line(line: string): unknown | typeof DONE | undefined {
      if (line === "") return dispatch();
      if (line.startsWith(":")) return undefined; // comment
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "data") dataLines.push(value);
      return undefined;
    },
    // A last event without its closing blank line is still delivered: the format is not pinned down.
    end: dispatch,
  };
}

async function* framesOfEventStream(chunks: AsyncIterable<string>): AsyncGenerator<unknown> {
  const parser = createEventStreamParser();
  let buffer = "";
  for await (const chunk of chunks) {
    buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      // A `\r` at the end of a chunk may be the first half of `\r\n`.
      if (!match || (match[0] === "\r" && match.index === buffer.length - 1)) break;
      const line = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      const frame = parser.line(line);
      if (frame === DONE) return;
      if (frame !== undefined) yield frame;
    }
  }
  if (buffer) {
    const frame = parser.line(buffer.replace(/\r$/, ""));
    if (frame === DONE) return;
    if (frame !== undefined) yield frame;
  }
  const last = parser.end();
  if (last !== undefined && last !== DONE) yield last;
}

async function* prepend(first: string, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  if (first) yield first;
  yield* rest;
}

/** Yields every frame of the answer, in order, whichever wire format it uses. */
export async function* readFrames(response: Response): AsyncGenerator<unknown> {
  if (!response.body) throw new UpstreamError({ kind: "invalid_response", upstreamMessage: "empty body" });
  const chunks = decodedText(response.body);
  let format = formatFromContentType(response.headers.get("content-type"));
  let head = "";
  if (!format) {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      head += next.value;
      const firstVisible = head.trimStart()[0];
      if (firstVisible) {
        format = firstVisible === "{" || firstVisible === "[" ? "json" : "sse";
        break;
      }
    }
  }
  const text = prepend(head, chunks);
  if (format === "sse") {
    yield* framesOfEventStream(text);
    return;
  }
  let body = "";
  for await (const chunk of text) body += chunk;
  if (body.trim()) yield* framesOfJsonBody(body);
}

/** Reads all frames, reporting each to `onFrame`, and returns the last one (the final frame of spec 2.2). */
export async function readFinalFrame(response: Response, options: ReadFramesOptions = {}): Promise<unknown> {
  let index = 0;
  let last: unknown;
  let seen = false;
  for await (const frame of readFrames(response)) {
    options.onFrame?.(frame, index);
    index += 1;
    last = frame;
    seen = true;
  }
  if (!seen) throw new UpstreamError({ kind: "invalid_response", upstreamMessage: "the answer held no frame" });
  return last;
}
