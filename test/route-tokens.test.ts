// Every API route declares what it does with a personal access token (route()'s required `tokens`
// option): the scope it needs, or "refused". This table is that declaration for every route of
// e2e/route-list.ts, so a route that takes tokens, or changes its scope, shows up here in review.
// Account, password, sessions, tokens, teams' membership, admin and sign-in never act for a token.
import { describe, expect, it, vi } from "vitest";
import { TOKEN_SCOPES } from "@/lib/access-tokens/token-rules";
import { apiRoutes } from "../e2e/route-list";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
// next-auth does not load outside Next; its endpoints' declaration is the wrapper's around them.
vi.mock("@/lib/auth/auth", () => ({ handlers: { GET: () => new Response(), POST: () => new Response() } }));

const expected: Record<string, unknown> = {
  "GET /api/admin/audit": "refused",
  "GET /api/admin/audit/csv": "refused",
  "GET /api/admin/invites": "refused",
  "POST /api/admin/invites": "refused",
  "DELETE /api/admin/invites/[id]": "refused",
  "GET /api/admin/links": "refused",
  "PATCH /api/admin/settings": "refused",
  "PATCH /api/admin/storage-quotas": "refused",
  "PUT /api/admin/prices": "refused",
  "PUT /api/admin/currency": "refused",
  "PUT /api/admin/queue-caps": "refused",
  "POST /api/admin/budgets": "refused",
  "DELETE /api/admin/budgets/[id]": "refused",
  "GET /api/admin/teams": "refused",
  "PUT /api/admin/teams/[id]/storage-quota": "refused",
  "GET /api/admin/tokens": "refused",
  "DELETE /api/admin/tokens/[id]": "refused",
  "GET /api/admin/usage": "refused",
  "GET /api/admin/users": "refused",
  "PATCH /api/admin/users/[id]": "refused",
  "PUT /api/admin/users/[id]/storage-quota": "refused",
  "GET /api/admin/video/health": "refused",
  "GET /api/admin/video/partition": "refused",
  "POST /api/admin/video/partition": "refused",
  "POST /api/admin/video/inference": "refused",
  "GET /api/admin/video/inference/[id]": "refused",
  "GET /api/admin/video/inference/[id]/content": "refused",
  "GET /api/alpha/v3/generations": "read",
  "POST /api/alpha/v3/generations": "images:generate",
  "GET /api/beta/generations": "read",
  "POST /api/beta/generations": "images:generate",
  "GET /api/assets": "read",
  "GET /api/assets/[id]": "read",
  "GET /api/assets/[id]/meta": "read",
  "GET /api/delivery/[id]": "read",
  "GET /api/auth/[...nextauth]": "refused",
  "POST /api/auth/[...nextauth]": "refused",
  "GET /api/chat/conversations": "read",
  "POST /api/chat/conversations": "images:generate",
  "GET /api/chat/conversations/[id]": "read",
  "GET /api/comparisons/[id]": "read",
  "PATCH /api/chat/conversations/[id]": "gallery:manage",
  "DELETE /api/chat/conversations/[id]": "gallery:manage",
  "POST /api/chat/conversations/[id]/fork": "images:generate",
  "POST /api/chat/conversations/[id]/turns": "images:generate",
  "POST /api/comparisons": "images:generate",
  "POST /api/comparisons/[id]/keep": "gallery:manage",
  "GET /api/gallery": "read",
  "GET /api/gallery/download": "read",
  "GET /api/gallery/items/[id]": "read",
  "DELETE /api/gallery/items/[id]": "gallery:manage",
  "GET /api/gallery/items/[id]/download": "read",
  "GET /api/gallery/items/[id]/links": "read",
  "POST /api/gallery/items/[id]/links": "gallery:manage",
  "GET /api/gallery/items/[id]/reuse": "read",
  "PUT /api/gallery/items/[id]/share": "gallery:manage",
  "DELETE /api/gallery/links/[linkId]": "gallery:manage",
  "POST /api/gallery/selection": "gallery:manage",
  "GET /api/health": "refused",
  "GET /api/jobs": "read",
  "GET /api/jobs/[id]": "read",
  "POST /api/jobs/[id]/cancel": "images:generate",
  "POST /api/jobs/[id]/run-again": "images:generate",
  "GET /api/jobs/events": "read",
  "GET /api/me": "read",
  "PUT /api/me/active-team": "refused",
  "GET /api/me/team-invitations": "refused",
  "GET /api/me/tokens": "refused",
  "POST /api/me/tokens": "refused",
  "DELETE /api/me/tokens/[id]": "refused",
  "POST /api/me/password": "refused",
  "GET /api/openapi.json": "read",
  "GET /api/public/[token]/assets/[assetId]": "read",
  "GET /api/ready": "refused",
  "POST /api/team-invitations/[id]/accept": "refused",
  "POST /api/team-invitations/[id]/decline": "refused",
  "GET /api/teams": "read",
  "POST /api/teams": "refused",
  "GET /api/teams/[id]": "read",
  "PATCH /api/teams/[id]": "refused",
  "GET /api/teams/[id]/audit": "refused",
  "GET /api/teams/[id]/audit/csv": "refused",
  "GET /api/teams/[id]/invites": "refused",
  "GET /api/upstreams": "refused",
  "POST /api/teams/[id]/invites": "refused",
  "DELETE /api/teams/[id]/invites/[inviteId]": "refused",
  "GET /api/teams/[id]/invitations": "refused",
  "POST /api/teams/[id]/invitations": "refused",
  "DELETE /api/teams/[id]/invitations/[invitationId]": "refused",
  "PATCH /api/teams/[id]/members/[userId]": "refused",
  "DELETE /api/teams/[id]/members/[userId]": "refused",
  "POST /api/teams/join": "refused",
  "POST /api/uploads": ["images:generate",  "videos:generate"],
  "GET /api/usage": "read",
  "GET /api/budgets": "read",
  "GET /api/budgets/alerts": "refused",
  "GET /api/videos": "read",
  "POST /api/videos": "videos:generate",
  "GET /api/videos/[id]": "read",
  "DELETE /api/videos/[id]": "gallery:manage",
  "POST /api/videos/[id]/cancel": "videos:generate",
  "POST /api/videos/[id]/frames": "videos:generate",
  "GET /api/videos/partition": "read",
};

type RouteModule = Record<string, { tokens?: unknown } | undefined>;
const routeModules = import.meta.glob<RouteModule>("../app/api/**/route.ts");

async function declarations(): Promise<Record<string, unknown>> {
  const declared: Record<string, unknown> = {};
  for (const { path, methods } of apiRoutes) {
    const routeModule = await routeModules[`../app${path}/route.ts`]();
    for (const method of Object.keys(methods)) declared[`${method} ${path}`] = routeModule[method]?.tokens;
  }
  return declared;
}

/** Routes where a token would make more tokens, change who a person is, or act as an admin. */
const NEVER_FOR_TOKENS = [/ \/api\/admin\//, / \/api\/auth\//, / \/api\/me\/tokens/, / \/api\/me\/password$/, / \/api\/me\/active-team$/];

describe("what each API route does with a personal access token", () => {
  it("is declared on every method of every listed route, as this table says", async () => {
    expect(await declarations()).toEqual(expected);
  });

  it("is a known scope, a choice of known scopes, or refused", async () => {
    const unknown = Object.entries(await declarations()).filter(([, policy]) => {
      const scopes = Array.isArray(policy) ? policy : [policy];
      return policy !== "refused" && (scopes.length === 0 || !scopes.every((scope) => (TOKEN_SCOPES as readonly unknown[]).includes(scope)));
    });
    expect(unknown).toEqual([]);
  });

  it("is refused by the account, password, token, admin and sign-in routes", async () => {
    const taking = Object.entries(await declarations()).filter(([key, policy]) => NEVER_FOR_TOKENS.some((rule) => rule.test(key)) && policy !== "refused");
    expect(taking).toEqual([]);
  });
});
