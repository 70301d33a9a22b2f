#!/usr/bin/env node
// Generates one alpha v3 image with a personal access token, waits for its job on the job stream,
// and saves the image. It knows the studio only through its OpenAPI document: every request is an
// operation found there by its operationId, with the method and path the document gives.
//
//   STUDIO_TOKEN=studio_pat_… node examples/generate-alpha-v3.mjs --studio http://localhost:3000 --out lantern.png "A paper lantern"
//
// The token needs the scopes "read" and "images:generate". Plain Node 20, no dependencies.
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  options: { studio: { type: "string" }, out: { type: "string", default: "alpha-v3.png" }, timeout: { type: "string", default: "120" } },
  allowPositionals: true,
});
const studio = values.studio ?? process.env.STUDIO_URL;
const token = process.env.STUDIO_TOKEN;
const prompt = positionals.join(" ");
if (!studio || !token || !prompt) {
  console.error('usage: STUDIO_TOKEN=studio_pat_… node examples/generate-alpha-v3.mjs --studio <url> [--out file.png] "<prompt>"');
  process.exit(2);
}

const document = await (await fetch(new URL("/api/openapi.json", studio))).json();
const api = operations(document);

// The stream position before the job exists, so that none of its events can be missed.
const { cursor } = await call("listJobs");
const started = await call("createAlphaV3Generation", { body: { prompt } });
console.log(`job ${started.job.id} started`);
const job = await finishedJob(started.job.id, cursor);
if (job.state !== "succeeded") throw new Error(`job ${job.id} ${job.state}: ${job.error?.code ?? ""} ${job.error?.message ?? ""}`);

const { items } = await call("listAlphaV3Generations");
const image = items.find((generation) => generation.id === job.generationId)?.images[0];
if (!image) throw new Error(`generation ${job.generationId} has no image`);
const file = await call("getAssetFile", { path: { id: image.id } });
await writeFile(values.out, Buffer.from(await file.arrayBuffer()));
console.log(`saved ${image.mime} ${image.width}x${image.height} to ${values.out}`);

/** Every operation of the document by its operationId. */
function operations(openapi) {
  const byId = new Map();
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(methods)) byId.set(operation.operationId, { method: method.toUpperCase(), path, operation });
  }
  return byId;
}

/** The request of an operation: its path with `path` filled in, `query` and a JSON `body`. */
function request(operationId, { path = {}, query = {}, body } = {}) {
  const found = api.get(operationId);
  if (!found) throw new Error(`the studio's API has no operation ${operationId}`);
  const url = new URL(found.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(path[name])), studio);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const headers = { Authorization: `Bearer ${token}`, ...(body && { "Content-Type": "application/json" }) };
  return fetch(url, { method: found.method, headers, body: body && JSON.stringify(body) });
}

/** An operation's answer: its JSON, or the response itself for files; a refusal throws with its code. */
async function call(operationId, options) {
  const response = await request(operationId, options);
  if (!response.ok) {
    const { error } = await response.json().catch(() => ({ error: { code: "unreadable", message: response.statusText } }));
    throw new Error(`${operationId}: ${response.status} ${error.code}: ${error.message}`);
  }
  return response.headers.get("content-type")?.startsWith("application/json") ? response.json() : response;
}

/** Reads the job stream (Server-Sent Events) from `after` until the job has finished. */
async function finishedJob(jobId, after) {
  const response = await request("streamJobEvents", { query: { after } });
  if (!response.ok) throw new Error(`streamJobEvents: ${response.status}`);
  const signal = AbortSignal.timeout(Number(values.timeout) * 1000);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  signal.addEventListener("abort", () => reader.cancel());
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(signal.aborted ? `job ${jobId} did not finish in ${values.timeout} s` : "the job stream ended");
    buffered += value;
    const events = buffered.split("\n\n");
    buffered = events.pop();
    for (const event of events) {
      const fields = Object.fromEntries(event.split("\n").filter((line) => !line.startsWith(":")).map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]));
      if (fields.event !== "job") continue;
      const job = JSON.parse(fields.data);
      if (job.id !== jobId) continue;
      console.log(`job ${job.id}: ${job.state}`);
      if (["succeeded", "failed", "cancelled", "interrupted"].includes(job.state)) {
        await reader.cancel();
        return job;
      }
    }
  }
}
