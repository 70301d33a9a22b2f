import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { adminStorageState, studioDataDir } from "../playwright.config";
import { newMember, signUp } from "./accounts";
import { settleJobs } from "./settle-jobs";
import { apiRoutes, serverActions, type ApiRoute, type Fixtures, type HttpMethod, type MethodSpec, type ParamSource, type ServerAction } from "./route-list";
import { buildDir } from "../scripts/build-dir";

// Every API route and server action, sent every kind of hostile request, answers with a 4xx
// that names the problem (never a 5xx) and writes nothing. The routes and actions come from
// route-list.ts; this file only knows the kinds of hostility.

type Role = "anonymous" | "member" | "admin";
type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

type Expectation = {
  /** The exact status, where the contract names one. Otherwise any 4xx. */
  status?: number;
  /** The studio's `error.code`. */
  code?: string;
  /** A field `error.fields` must name when the answer is `validation_failed`. */
  field?: string;
  /**
   * The studio's JSON error cannot be expected: Node's HTTP parser refuses a request line over its
   * 16 KB header limit (431, empty body) before the studio sees the request.
   */
  noBody?: true;
};

type Case = {
  name: string;
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Sent chunked, without Content-Length, so only the bytes as they stream in can reveal the size. */
  streamed?: true;
  /** next-auth's endpoints and server actions answer in their own formats: only no 5xx is checked. */
  foreignAnswer?: true;
  expect: Expectation;
};

/** The list's fixtures plus the bytes hostile uploads send. */
type SweepFixtures = Fixtures & { hostilePng: Buffer };

/** A body as a stream of 64 KB chunks. */
function chunked(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      controller.close();
    },
  });
}

type Outcome = { status: number | "no answer"; contentType: string; text: string; setCookies: string[] };

const MB2 = "a".repeat(2 * 1024 * 1024);
// Node refuses a request head over 16 KB with 431 and closes the connection. At 32 KB the head
// arrives in one read, so the client reads the 431; at 2 MB the close resets a client still writing,
// which is a refusal too but proves nothing about the answer.
const URL_OVER_HEAD_LIMIT = "a".repeat(32 * 1024);
const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype", "toString"];
const FOREIGN_ORIGIN = "https://evil.example";
/** The headers that mark a prefetch (next/link's, and browsers' own): a client may send them on anything. */
const PREFETCH_HEADERS: { label: string; headers: Record<string, string> }[] = [
  { label: "next-router-prefetch: 1", headers: { "Next-Router-Prefetch": "1", RSC: "1" } },
  { label: "Purpose: prefetch", headers: { Purpose: "prefetch" } },
];
// A URL has no way to carry a lone surrogate (UTF-8 has none): its CESU-8 bytes, percent-encoded,
// are the closest a client can send, and decode to U+FFFD.
const LONE_SURROGATE_IN_URL = "%ED%A0%80";
/** How many of one route's cases are in flight together. */
const CASES_AT_ONCE = 4;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
/** Path parameter values that name nothing real, or cannot be stored at all. */
const HOSTILE_IDS: { label: string; value: string; expect: Expectation }[] = [
  { label: "__proto__", value: "__proto__", expect: {} },
  { label: "constructor", value: "constructor", expect: {} },
  { label: "an unknown id", value: UNKNOWN_ID, expect: {} },
  { label: "NUL", value: "%00", expect: { status: 400, code: "validation_failed" } },
  // Refused by the proxy before routing, where the parameter has no name yet: the path is named.
  { label: "a lone surrogate", value: LONE_SURROGATE_IN_URL, expect: { status: 400, code: "validation_failed", field: "(path)" } },
  { label: "32 KB", value: URL_OVER_HEAD_LIMIT, expect: { status: 431, noBody: true } },
];

const isStateChanging = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);
const roleOf = (route: ApiRoute): Role => (route.access === "public" ? "anonymous" : route.access);
const normalizeField = (field: string) => field.replace(/\[(\d+)\]/g, ".$1");

function setAt(value: Record<string, unknown>, fieldPath: string, replacement: unknown): Record<string, unknown> {
  const copy = structuredClone(value);
  const keys = fieldPath.split(".");
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = replacement;
  return copy;
}

/** Every field path of a JSON value, containers included: `images`, `images.0`, `images.0.mime`. */
function fieldPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return [at, ...fieldPaths(item, at)];
  });
}

function valueAt(value: unknown, fieldPath: string): unknown {
  return fieldPath.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value);
}

/** A value of another JSON type than the sample's. */
function wrongType(sample: unknown): unknown {
  if (typeof sample === "string") return 12345;
  if (typeof sample === "number") return "twelve";
  if (typeof sample === "boolean") return "yes";
  if (Array.isArray(sample)) return "not a list";
  if (sample === null) return 12345;
  return "not an object";
}

function resolveParam(source: ParamSource, fixtures: Fixtures): string {
  return "value" in source ? source.value : encodeURIComponent(fixtures[source.fixture]);
}

/** A route's path and query, filled with the valid values; hostile cases swap one of them. */
function target(route: ApiRoute, spec: MethodSpec, fixtures: Fixtures) {
  const params = Object.fromEntries(Object.entries(spec.params ?? route.params ?? {}).map(([name, source]) => [name, resolveParam(source, fixtures)]));
  const query = Object.fromEntries(
    Object.entries(spec.query ?? {})
      .filter(([, param]) => param.sample !== undefined)
      .map(([name, param]) => [name, encodeURIComponent(param.sample!)]),
  );
  const url = (paramValues: Record<string, string> = params, queryValues: Record<string, string> = query) => {
    const pathname = route.path.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_match, name: string) => paramValues[name]);
    const search = Object.entries(queryValues).map(([name, value]) => `${name}=${value}`).join("&");
    return search ? `${pathname}?${search}` : pathname;
  };
  return { params, query, url };
}

/** The cases of one method of one route. */
function routeCases(route: ApiRoute, method: HttpMethod, spec: MethodSpec, fixtures: SweepFixtures, ownOrigin: string): Case[] {
  const title = `${method} ${route.path}`;
  const role = roleOf(route);
  const { params, query, url } = target(route, spec, fixtures);

  const body = spec.body;
  // The valid request: a hostile case changes one thing of it, so a missing refusal shows as a write.
  const valid: { body?: string | Buffer; type?: string } =
    body.type === "json"
      ? { body: JSON.stringify(body.sample(fixtures)), type: "application/json" }
      : body.type === "form"
        ? { body: new URLSearchParams(body.sample(fixtures)).toString(), type: "application/x-www-form-urlencoded" }
        : body.type === "upload"
          ? { body: fixtures.hostilePng, type: "image/png" }
          : {};
  const validHeaders: Record<string, string> = valid.type ? { "Content-Type": valid.type } : {};
  const base = (name: string, changes: Partial<Case> & { expect: Expectation }): Case => ({
    name: `${title}: ${name}`,
    role,
    method,
    url: url(),
    body: valid.body,
    headers: validHeaders,
    foreignAnswer: route.foreignAnswers,
    ...changes,
  });
  const cases: Case[] = [];

  if (route.access !== "public") cases.push(base("no session", { role: "anonymous", expect: { status: 401, code: "unauthorized" } }));
  if (route.access === "admin") cases.push(base("a member's session", { role: "member", expect: { status: 403, code: "forbidden" } }));

  if (isStateChanging(method)) {
    const refused = { status: 403, code: "cross_origin_refused" };
    const sibling = ownOrigin.replace(/:(\d+)$/, (_match, port: string) => `:${Number(port) + 1}`);
    const withHeaders = (headers: Record<string, string>) => ({ ...validHeaders, ...headers });
    cases.push(
      base(`Origin ${FOREIGN_ORIGIN}`, { headers: withHeaders({ Origin: FOREIGN_ORIGIN }), expect: refused }),
      base("Origin null (an opaque origin)", { headers: withHeaders({ Origin: "null" }), expect: refused }),
      base(`Origin ${sibling} (another port of this host)`, { headers: withHeaders({ Origin: sibling, "Sec-Fetch-Site": "same-site" }), expect: refused }),
      base("Sec-Fetch-Site: cross-site", { headers: withHeaders({ "Sec-Fetch-Site": "cross-site" }), expect: refused }),
    );
    const unsupported = { status: 415, code: "unsupported_media_type", field: "Content-Type" };
    const wrongTypes = body.type === "upload" ? ["text/plain", "application/json", "text/html"] : ["text/plain", ...(body.type === "json" ? ["application/x-www-form-urlencoded", "multipart/form-data; boundary=sweep"] : [])];
    for (const type of wrongTypes) {
      cases.push(base(`a ${type} body`, { body: valid.body ?? "x", headers: { "Content-Type": type }, expect: unsupported }));
    }
  }

  if (body.type === "json") {
    const sample = body.sample(fixtures);
    const validText = JSON.stringify(sample);
    const json = (text: string) => ({ body: text, headers: { "Content-Type": "application/json" } });
    const invalid = { status: 400, code: "validation_failed" };
    cases.push(
      base("malformed JSON", { ...json(validText.slice(0, -3)), expect: invalid }),
      base("an empty JSON body", { ...json(""), expect: invalid }),
      base("a JSON array instead of an object", { ...json("[]"), expect: invalid }),
      base("JSON null instead of an object", { ...json("null"), expect: invalid }),
      base("a JSON string instead of an object", { ...json('"text"'), expect: invalid }),
    );
    // JSON.stringify cannot write a "__proto__" key (it sets the prototype): spliced in as text.
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const text = `{"${key}":{"role":"admin"},${validText.slice(1)}`;
      cases.push(base(`a "${key}" key`, { ...json(text), expect: { ...invalid, field: key } }));
    }
    for (const field of fieldPaths(sample)) {
      const value = wrongType(valueAt(sample, field));
      cases.push(base(`${field} = ${JSON.stringify(value)} (wrong type)`, { ...json(JSON.stringify(setAt(sample, field, value))), expect: { ...invalid, field } }));
    }
    for (const field of body.strings) {
      const text = String(valueAt(sample, field));
      cases.push(
        base(`${field} with NUL`, { ...json(JSON.stringify(setAt(sample, field, `${text}\u0000`))), expect: { ...invalid, field } }),
        base(`${field} with a lone surrogate`, { ...json(JSON.stringify(setAt(sample, field, `${text}\ud800`))), expect: { ...invalid, field } }),
        base(`${field} of 2 MB`, { ...json(JSON.stringify(setAt(sample, field, MB2))), expect: { status: 413, code: "payload_too_large" } }),
      );
    }
    for (const field of body.closed) {
      for (const name of PROTOTYPE_NAMES) {
        cases.push(base(`${field} = "${name}"`, { ...json(JSON.stringify(setAt(sample, field, name))), expect: { field } }));
      }
    }
    const [firstString] = body.strings;
    if (firstString) {
      cases.push(
        base(`${firstString} of 2 MB, streamed without Content-Length`, {
          ...json(JSON.stringify(setAt(sample, firstString, MB2))),
          streamed: true,
          expect: { status: 413, code: "payload_too_large" },
        }),
      );
    }
  }

  if (body.type === "form") {
    const sample = body.sample(fixtures);
    const form = (text: string) => ({ body: text, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    cases.push(base("a malformed form body", { ...form("email=%E0%A4%A&password"), expect: {} }));
    for (const field of body.strings) {
      cases.push(
        base(`${field} with NUL`, { ...form(new URLSearchParams({ ...sample, [field]: `${sample[field]}\u0000` }).toString()), expect: {} }),
        base(`${field} of 2 MB`, { ...form(new URLSearchParams({ ...sample, [field]: MB2 }).toString()), expect: {} }),
      );
    }
  }

  for (const name of Object.keys(params)) {
    for (const id of HOSTILE_IDS) {
      const expectation = id.expect.status === 400 ? { field: name, ...id.expect } : id.expect;
      cases.push(base(`[${name}] = ${id.label}`, { url: url({ ...params, [name]: id.value }), expect: expectation }));
    }
  }

  for (const [name, param] of Object.entries(spec.query ?? {})) {
    const withValue = (value: string) => url(params, { ...query, [name]: value });
    const invalid = { status: 400, code: "validation_failed", field: name };
    cases.push(
      base(`?${name} with NUL`, { url: withValue("%00"), expect: invalid }),
      base(`?${name} of 32 KB`, { url: withValue(URL_OVER_HEAD_LIMIT), expect: { status: 431, noBody: true } }),
    );
    if (param.closed) {
      cases.push(base(`?${name} with a lone surrogate`, { url: withValue(LONE_SURROGATE_IN_URL), expect: invalid }));
      for (const prototypeName of PROTOTYPE_NAMES) cases.push(base(`?${name}=${prototypeName}`, { url: withValue(prototypeName), expect: invalid }));
    }
    if (param.number) cases.push(base(`?${name}=twelve`, { url: withValue("twelve"), expect: invalid }));
    if (param.required) {
      const { [name]: _left, ...rest } = query;
      cases.push(base(`without ?${name}`, { url: url(params, rest), expect: invalid }));
    }
  }
  return cases;
}

/** The multipart body React sends for `action(previousState, formData)` from useActionState. */
function actionFormBody(fields: Record<string, string>): { body: string; type: string } {
  const boundary = `----sweep${crypto.randomUUID().replaceAll("-", "")}`;
  // The FormData's entries first, then the argument list ("$K1" points at them): React decodes the
  // argument list as soon as it arrives.
  const entries = [...Object.entries(fields).map(([name, value]) => [`_1_${name}`, value]), ["0", '[{},"$K1"]']];
  const parts = entries.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

/** The cases of one server action. Form data cannot carry a lone surrogate (see LONE_SURROGATE_IN_URL). */
function actionCases(action: ServerAction, actionId: string, fixtures: Fixtures): Case[] {
  const textPlain = "text/plain;charset=UTF-8";
  const base = (name: string, request: { body: string; type: string }, changes: Partial<Case> = {}): Case => ({
    name: `server action ${action.name} (${action.page}): ${name}`,
    role: action.access === "member" ? "member" : "anonymous",
    method: "POST",
    url: action.page,
    body: request.body,
    headers: { "Next-Action": actionId, Accept: "text/x-component", "Content-Type": request.type },
    foreignAnswer: true,
    expect: {},
    ...changes,
  });
  const form = action.form;
  // With no form the action takes no arguments: React then sends the empty argument list as text.
  const valid = () => (form ? actionFormBody(form.sample(fixtures)) : { body: "[]", type: textPlain });
  // Refused by the proxy before Next sees the action, in the studio's own JSON.
  const crossOriginRefused = (name: string, headers: Record<string, string>): Case => {
    const testCase = base(name, valid(), { foreignAnswer: undefined, expect: { status: 403, code: "cross_origin_refused" } });
    return { ...testCase, headers: { ...testCase.headers, ...headers } };
  };
  const cases: Case[] = [
    crossOriginRefused(`Origin ${FOREIGN_ORIGIN}`, { Origin: FOREIGN_ORIGIN }),
    crossOriginRefused("Origin null (an opaque origin)", { Origin: "null" }),
    crossOriginRefused("Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }),
    // A prefetch header must not take a request past the proxy's guards.
    ...PREFETCH_HEADERS.flatMap(({ label, headers }) => [
      crossOriginRefused(`${label} with Sec-Fetch-Site: cross-site`, { ...headers, "Sec-Fetch-Site": "cross-site" }),
      crossOriginRefused(`${label} with Origin ${FOREIGN_ORIGIN}`, { ...headers, Origin: FOREIGN_ORIGIN }),
    ]),
  ];
  if (action.access === "member") cases.push(base("no session", valid(), { role: "anonymous" }));
  if (form) {
    cases.push(base("a text/plain body", { body: JSON.stringify([{}, form.sample(fixtures)]), type: textPlain }));
    for (const field of form.strings) {
      const sample = form.sample(fixtures);
      cases.push(
        base(`${field} with NUL`, actionFormBody({ ...sample, [field]: `${sample[field]}\u0000` })),
        base(`${field} of 2 MB`, actionFormBody({ ...form.sample(fixtures), [field]: MB2 })),
      );
    }
  } else {
    cases.push(base("a 2 MB argument", { body: JSON.stringify([MB2]), type: textPlain }));
  }
  return cases;
}

/** The ids the build gave each server action ("use server" module + export name → id). */
function serverActionIds(): Map<string, string> {
  const manifestFile = path.join(buildDir(), "server", "server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { node: Record<string, { filename?: string; exportedName?: string }> };
  return new Map(Object.entries(manifest.node).map(([id, entry]) => [`${entry.filename}#${entry.exportedName}`, id]));
}

/**
 * A view's body without the clock in its signed delivery links: they are minted afresh each refresh
 * window (lib/assets/delivery-lifetime), so their expiry and signature (and an asset's `delivery`
 * object) change with the time, not with what is stored. The file a link names stays.
 */
function withoutDeliveryLinks(body: string): string {
  const unsigned = (value: unknown) => (typeof value === "string" && value.startsWith("/api/delivery/") ? value.split("?")[0] : value);
  try {
    return JSON.stringify(JSON.parse(body, (key, value: unknown) => (key === "delivery" ? undefined : unsigned(value))));
  } catch {
    return body;
  }
}

/** What changed in one snapshot view: the blob files that came or went, or the view's start before and after. */
function describeChange(before: unknown, after: unknown): string {
  if (Array.isArray(before) && Array.isArray(after)) {
    const came = after.filter((name) => !before.includes(name));
    const went = before.filter((name) => !after.includes(name));
    return `came ${JSON.stringify(came)}, went ${JSON.stringify(went)}`;
  }
  return `${JSON.stringify(before).slice(0, 200)} → ${JSON.stringify(after).slice(0, 200)}`;
}

/** The files under `dir`, as sorted paths relative to it, leaving out the folder `skip`. */
function listFiles(dir: string, skip: string): string[] {
  const walk = (folder: string): string[] => {
    let entries: string[];
    try {
      entries = readdirSync(folder);
    } catch {
      return [];
    }
    return entries.flatMap((name) => {
      const full = path.join(folder, name);
      if (full === skip) return [];
      return statSync(full).isDirectory() ? walk(full) : [path.relative(dir, full)];
    });
  };
  return walk(dir).sort();
}

function checkOutcome(testCase: Case, outcome: Outcome): string[] {
  const { status } = outcome;
  if (status === "no answer") return [`no answer: ${outcome.text}`];
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  // A hostile request must neither start a session nor end one.
  const sessionCookies = outcome.setCookies.filter((cookie) => /^(__Secure-)?authjs\.session-token=/.test(cookie));
  const cleared = (cookie: string) => /^[^=]+=;|max-age=0/i.test(cookie);
  if (testCase.role === "anonymous" && sessionCookies.some((cookie) => !cleared(cookie))) problems.push("a session cookie was issued");
  if (testCase.role !== "anonymous" && sessionCookies.some(cleared)) problems.push("the session cookie was cleared");
  if (testCase.foreignAnswer) return problems;

  if (status < 400 || status >= 500) problems.push(`answered ${status}, not a 4xx`);
  const expected = testCase.expect;
  if (expected.status && status !== expected.status) problems.push(`answered ${status}, expected ${expected.status}`);
  if (expected.noBody) return problems;
  let body: { error?: { code?: unknown; message?: unknown; fields?: { field: string }[] }; requestId?: unknown };
  try {
    body = JSON.parse(outcome.text);
  } catch {
    return [...problems, `the body is not JSON (${outcome.contentType}): ${outcome.text.slice(0, 120)}`];
  }
  const error = body.error;
  if (typeof error?.code !== "string" || !error.code) problems.push("error.code is missing");
  if (typeof error?.message !== "string" || !error.message.trim()) problems.push("error.message is missing");
  if (typeof body.requestId !== "string") problems.push("requestId is missing");
  if (expected.code && error?.code !== expected.code) problems.push(`error.code is ${String(error?.code)}, expected ${expected.code}`);
  if (expected.field && error?.code === "validation_failed") {
    // The field itself, a part of it (`kind.0` for `kind`) or the object it belongs to (`images.0`
    // for `images.0.assetId`, "no such image") all name the problem.
    const named = (error.fields ?? []).map((problem) => normalizeField(problem.field));
    const field = normalizeField(expected.field);
    const related = (name: string) => name === field || name.startsWith(`${field}.`) || field.startsWith(`${name}.`);
    if (!named.some(related)) problems.push(`error.fields names ${JSON.stringify(named)}, not ${field}`);
  }
  return problems;
}

test("every API route and server action refuses hostile requests with a 4xx naming the problem, and writes nothing", async ({ browser, playwright, baseURL }) => {
  test.setTimeout(10 * 60_000);
  const ownOrigin = baseURL!;

  // The member the sweep acts as, and a bystander for the admin's requests about users, both signed
  // up through the page like a person.
  const signUpMember = async (prefix: string) => {
    const account = newMember(prefix);
    const context = await browser.newContext();
    await signUp(await context.newPage(), account);
    const state = await context.storageState();
    await context.close();
    return { account, state };
  };
  const memberSignUp = await signUpMember("sweep");
  const bystanderSignUp = await signUpMember("bystander");
  const states: Record<Role, StorageState> = {
    anonymous: { cookies: [], origins: [] },
    member: memberSignUp.state,
    admin: JSON.parse(readFileSync(adminStorageState, "utf8")) as StorageState,
  };

  const contextFor = (role: Role) => playwright.request.newContext({ baseURL, storageState: states[role], maxRedirects: 0 });
  const idOf = async (state: StorageState) => {
    const context = await playwright.request.newContext({ baseURL, storageState: state });
    const { user } = (await (await context.get("/api/me")).json()) as { user: { id: string } };
    await context.dispose();
    return user.id;
  };
  const member = await contextFor("member");
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 90 } } }).png().toBuffer();
  const upload = await member.post("/api/uploads?purpose=alpha-v3", { data: png, headers: { "Content-Type": "image/png" } });
  expect(upload.status()).toBe(201);
  const { asset } = (await upload.json()) as { asset: { id: string; bytes: number } };
  const created = await member.post("/api/chat/conversations", { data: { title: "Route sweep fixture" } });
  expect(created.status()).toBe(201);
  const { conversation } = (await created.json()) as { conversation: { id: string } };
  const teamCreated = await member.post("/api/teams", { data: { name: "Route sweep team" } });
  expect(teamCreated.status()).toBe(201);
  const { team } = (await teamCreated.json()) as { team: { id: string } };
  const galleryItem = await generateGalleryItem(member);
  await member.dispose();
  const admin = await contextFor("admin");
  const makeInvite = async (note: string) => {
    const response = await admin.post("/api/admin/invites", { data: { note } });
    expect(response.status()).toBe(201);
    const { invite, link } = (await response.json()) as { invite: { id: string }; link: string };
    return { id: invite.id, code: new URL(link).searchParams.get("invite")! };
  };
  const invite = await makeInvite("Route sweep fixture");
  const signUpInvite = await makeInvite("Route sweep sign-ups");
  await admin.dispose();
  const fixtures: SweepFixtures = {
    conversation: conversation.id,
    asset: asset.id,
    assetBytes: asset.bytes,
    invite: invite.id,
    inviteCode: signUpInvite.code,
    bystander: await idOf(bystanderSignUp.state),
    team: team.id,
    galleryItem,
    member: { id: await idOf(memberSignUp.state), email: memberSignUp.account.email, password: memberSignUp.account.password },
    // Other bytes than the fixture's: an upload that slipped through would add a blob, not reuse one.
    hostilePng: await sharp({ create: { width: 48, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer(),
  };

  // What is stored, as the API shows it, plus the blob files on disk (temp files excluded).
  const blobDir = path.join(studioDataDir, "blobs");
  // One context per role for the snapshots, read all at once: they are thousands of requests.
  const snapshotContexts = new Map<Role, APIRequestContext>();
  for (const role of ["anonymous", "member", "admin"] as const) snapshotContexts.set(role, await contextFor(role));
  const snapshotUrls = apiRoutes.flatMap((route) => {
    const spec = route.methods.GET;
    return spec?.snapshot ? [{ role: roleOf(route), url: target(route, spec, fixtures).url() }] : [];
  });
  const snapshot = async (): Promise<Record<string, unknown>> => {
    // By name, so a failure says which blob appeared (a hostile upload's, or background work's).
    const views: Record<string, unknown> = { blobFiles: listFiles(blobDir, path.join(blobDir, "tmp")) };
    await Promise.all(
      snapshotUrls.map(async ({ role, url }) => {
        // A browser sends an idempotent request again when a kept-alive connection was closed under
        // it (the server ends idle ones after a few seconds); the snapshot does the same.
        const response = await snapshotContexts.get(role)!.get(url, { maxRetries: 2 });
        views[url] = { status: response.status(), body: withoutDeliveryLinks(await response.text()) };
      }),
    );
    return views;
  };

  // Each case alone, as a fresh client would send it: the role's cookies and nothing a case before it
  // set. A streamed body is sent chunked, without Content-Length.
  const cookies = (role: Role) => states[role].cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  const send = async (testCase: Case): Promise<Outcome> => {
    try {
      const cookie = cookies(testCase.role);
      const body = testCase.streamed ? chunked(Buffer.from(testCase.body!)) : testCase.body;
      const response = await fetch(new URL(testCase.url, baseURL), {
        method: testCase.method,
        headers: { ...testCase.headers, ...(cookie ? { cookie } : {}) },
        body,
        duplex: "half",
        redirect: "manual",
      } as RequestInit);
      return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text(), setCookies: response.headers.getSetCookie() };
    } catch (error) {
      // fetch says only "fetch failed"; its cause says why (a reset, a refused connection).
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      return { status: "no answer", contentType: "", text: error instanceof Error ? `${error.message.split("\n")[0]}${cause}` : String(error), setCookies: [] };
    }
  };

  const statuses: Record<string, number> = {};
  const requestsPerTarget: Record<string, number> = {};
  const failures: { case: string; status: number | string; answer: string; problems: string[] }[] = [];
  let requests = 0;
  const run = async (testCase: Case) => {
    const outcome = await send(testCase);
    requests += 1;
    statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    const targetName = testCase.name.split(": ")[0];
    requestsPerTarget[targetName] = (requestsPerTarget[targetName] ?? 0) + 1;
    const problems = checkOutcome(testCase, outcome);
    if (problems.length) failures.push({ case: testCase.name, status: outcome.status, answer: outcome.text.slice(0, 300), problems });
    expect.soft(problems, `${testCase.name} → ${outcome.status} ${outcome.text.slice(0, 200)}`).toEqual([]);
  };
  // The cases of one route are independent refusals: a few at a time keep both cores busy.
  const runAll = async (cases: Case[]) => {
    const queue = [...cases];
    const lane = async () => {
      for (let testCase = queue.shift(); testCase; testCase = queue.shift()) await run(testCase);
    };
    await Promise.all(Array.from({ length: CASES_AT_ONCE }, lane));
  };
  // A snapshot after each route and action, compared with the one before it (the last one's), so a
  // write is blamed on the right one. Returns the new one.
  const expectNothingWritten = async (label: string, before: Record<string, unknown>) => {
    const after = await snapshot();
    const changed = Object.keys(before)
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => `${key}: ${describeChange(before[key], after[key])}`);
    if (changed.length) failures.push({ case: `${label}: wrote something`, status: "-", answer: "", problems: changed });
    expect.soft(changed, `${label}: stored state changed`).toEqual([]);
    return after;
  };

  // Earlier tests' work may still be ending in the background (a thumbnail, a video's archive): the
  // sweep starts once the stored state holds still, so what changes later is the sweep's doing.
  const adminJobs = await contextFor("admin");
  await settleJobs(adminJobs);
  await adminJobs.dispose();
  let previous = await snapshot();
  await expect
    .poll(
      async () => {
        const current = await snapshot();
        const moving = Object.keys(current)
          .filter((key) => JSON.stringify(previous[key]) !== JSON.stringify(current[key]))
          .map((key) => `${key}: ${describeChange(previous[key], current[key])}`);
        previous = current;
        return moving;
      },
      { message: "stored views still changing before the sweep", timeout: 60_000, intervals: [2_000] },
    )
    .toEqual([]);

  for (const route of apiRoutes) {
    for (const [method, spec] of Object.entries(route.methods) as [HttpMethod, MethodSpec][]) {
      await test.step(`${method} ${route.path}`, async () => {
        await runAll(routeCases(route, method, spec, fixtures, ownOrigin));
        previous = await expectNothingWritten(`${method} ${route.path}`, previous);
      });
    }
  }

  const actionIds = serverActionIds();
  for (const action of serverActions) {
    await test.step(`server action ${action.name}`, async () => {
      const actionId = actionIds.get(`${action.module}#${action.name}`);
      expect.soft(actionId, `the build has an id for ${action.module}#${action.name}`).toBeTruthy();
      if (!actionId) return;
      await runAll(actionCases(action, actionId, fixtures));
      previous = await expectNothingWritten(`server action ${action.name}`, previous);
    });
  }

  for (const context of snapshotContexts.values()) await context.dispose();
  const summary = `route sweep: ${requests} requests, statuses ${JSON.stringify(statuses).replaceAll('"', "")}`;
  console.log(summary);
  console.log(failures.length ? `route sweep: ${failures.length} cases failed` : "route sweep: every case passed");
  mkdirSync(".test-reports", { recursive: true });
  writeFileSync(
    path.join(".test-reports", "route-sweep.json"),
    `${JSON.stringify({ summary, requests, statuses, routes: apiRoutes.length, serverActions: serverActions.length, requestsPerTarget, failures }, null, 2)}\n`,
  );
  expect(requests).toBeGreaterThan(0);
});

test("pages fetched with prefetch headers pass through the proxy: each carries the page CSP, and a foreign Origin is never a 5xx", async ({ playwright, baseURL }) => {
  const pagesByRole: { storageState: string | StorageState; pages: string[] }[] = [
    { storageState: { cookies: [], origins: [] }, pages: ["/sign-in", "/sign-up"] },
    { storageState: adminStorageState, pages: ["/", "/chat", "/alpha", "/admin"] },
  ];
  let requests = 0;
  for (const { storageState, pages } of pagesByRole) {
    const context = await playwright.request.newContext({ baseURL, storageState, maxRedirects: 0 });
    for (const page of pages) {
      for (const { label, headers } of PREFETCH_HEADERS) {
        for (const origin of [{}, { Origin: FOREIGN_ORIGIN, "Sec-Fetch-Site": "cross-site" }] as Record<string, string>[]) {
          const response = await context.get(page, { headers: { ...headers, ...origin } });
          const what = `GET ${page} with ${label}${"Origin" in origin ? ` from ${FOREIGN_ORIGIN}` : ""}`;
          requests += 1;
          expect.soft(response.status(), `${what}: status`).toBeLessThan(500);
          expect.soft(response.headers()["content-security-policy"] ?? "", `${what}: Content-Security-Policy`).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/]+={0,2}'/);
        }
      }
    }
    await context.dispose();
  }
  expect(requests).toBeGreaterThan(0);
});

/** A gallery entry of the member's: an alpha v3 image, generated on the emulator and listed once stored. */
async function generateGalleryItem(member: APIRequestContext): Promise<string> {
  const started = await member.post("/api/alpha/v3/generations", { data: { prompt: "Route sweep gallery entry", images: [], size: "1024x1024", revise: false } });
  expect(started.status(), await started.text()).toBe(202);
  let item: { id: string; thumbnailUrl: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const page = (await (await member.get("/api/gallery?scope=mine")).json()) as { items: { id: string; thumbnailUrl: string | null }[] };
        item = page.items[0];
        return item?.id;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  // Asking for the thumbnail makes it now, instead of in the background (once results stop
  // arriving) in the middle of the sweep, where its new blob would read as a write.
  expect((await member.get(item!.thumbnailUrl!)).status()).toBe(200);
  return item!.id;
}
