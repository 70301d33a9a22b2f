import { describe, expect, it, vi } from "vitest";
import { DELETE as deleteBudgetRoute } from "@/app/api/admin/budgets/[id]/route";
import { POST as budgetRoute } from "@/app/api/admin/budgets/route";
import { GET as alertsRoute } from "@/app/api/budgets/alerts/route";
import { PUT as currencyRoute } from "@/app/api/admin/currency/route";
import { PUT as priceRoute } from "@/app/api/admin/prices/route";
import type { CurrentUser } from "@/lib/auth/types";
import { session } from "@/test/session-double";
import { useSessionStorage } from "@/test/session-storage";
import { createPerson } from "@/test/team-people";
import { myBudgets } from "./budget-status";

// The admin sets prices and budgets through their routes, each change on record in the audit log; a
// member is refused, and a mistake is a 400 naming the field and the rule.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

const storage = useSessionStorage("budgets");
const db = () => storage.testDb.db;

let people = 0;

async function signIn(role: CurrentUser["role"] = "member"): Promise<CurrentUser> {
  people += 1;
  const team = await db().team.create({ data: { name: `Team ${people}` } });
  session.user = await createPerson(db(), `Person ${people}`, [team], role);
  return session.user;
}

function json(url: string, method: string, body: unknown) {
  return new Request(url, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
}

const putPrice = (body: unknown) => priceRoute(json("http://studio.test/api/admin/prices", "PUT", body), { params: Promise.resolve({}) });
const putCurrency = (body: unknown) => currencyRoute(json("http://studio.test/api/admin/currency", "PUT", body), { params: Promise.resolve({}) });
const postBudget = (body: unknown) => budgetRoute(json("http://studio.test/api/admin/budgets", "POST", body), { params: Promise.resolve({}) });
const removeBudget = (id: string) => deleteBudgetRoute(new Request(`http://studio.test/api/admin/budgets/${id}`, { method: "DELETE" }), { params: Promise.resolve({ id }) });

describe("the admin sets prices and budgets", () => {
  it("a member is refused (403) and nothing changes", async () => {
    const member = await signIn();
    expect((await putPrice({ model: "alpha-image-v3", per1kTokens: 0.01, perImage: 0.04, perVideoSecond: 0 })).status).toBe(403);
    expect((await postBudget({ scope: "person", userId: member.id, metric: "images", period: "daily", limit: 100 })).status).toBe(403);
    expect(await db().budget.count()).toBe(0);
    expect(await db().modelPrice.count()).toBe(0);
  });

  it("an admin sets a price, sets a team budget (replacing the team's of that metric) and removes it; each on record", async () => {
    const member = await signIn();
    const admin = await signIn("admin");
    expect((await putPrice({ model: "alpha-image-v3", per1kTokens: 0.01, perImage: 0.04, perVideoSecond: 0 })).status).toBe(200);
    expect(await db().modelPrice.findUnique({ where: { model: "alpha-image-v3" } })).toMatchObject({ per1kTokensMicros: 10_000, perImageMicros: 40_000 });

    const first = await postBudget({ scope: "team", teamId: member.activeTeamId, metric: "money", period: "weekly", limit: 25 });
    expect(first.status).toBe(200);
    const again = await postBudget({ scope: "team", teamId: member.activeTeamId, metric: "money", period: "monthly", limit: 50, alertPercent: 90 });
    const { budget } = (await again.json()) as { budget: { id: string } };
    expect(await db().budget.findMany({ where: { teamId: member.activeTeamId } })).toEqual([expect.objectContaining({ id: budget.id, period: "monthly", limit: 50_000_000, alertPercent: 90 })]);
    expect(await myBudgets({ userId: member.id, teamId: member.activeTeamId })).toEqual([
      expect.objectContaining({ name: `The budget of team ${member.teams[0].name}`, metric: "money", limit: 50_000_000, spent: 0, remaining: 50_000_000, currency: "USD", alerting: false }),
    ]);

    expect((await removeBudget(budget.id)).status).toBe(204);
    expect(await db().budget.count({ where: { teamId: member.activeTeamId } })).toBe(0);
    expect((await removeBudget(budget.id)).status).toBe(404);

    const entries = await db().auditLog.findMany({ where: { actorId: admin.id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((entry) => [entry.action, entry.teamId])).toEqual([
      ["budget.price_set", null],
      ["budget.set", member.activeTeamId],
      ["budget.set", member.activeTeamId],
      ["budget.deleted", member.activeTeamId],
    ]);
  });

  it.each([
    [{ scope: "team", metric: "images", period: "daily", limit: 5 }, "teamId", "is required for a team budget"],
    [{ scope: "studio", teamId: "00000000-0000-4000-8000-000000000000", metric: "images", period: "daily", limit: 5 }, "teamId", "must be null for a studio budget"],
    [{ scope: "studio", metric: "images", period: "daily", limit: 2.5 }, "limit", "must be a whole number of images"],
    [{ scope: "studio", metric: "money", period: "yearly", limit: 5 }, "period", "must be one of daily, weekly, monthly, none"],
    [{ scope: "studio", metric: "money", period: "daily", limit: -1 }, "limit", "must be at least 0"],
    [{ scope: "studio", metric: "money", period: "daily", limit: 1, alertPercent: 0 }, "alertPercent", "must be at least 1"],
  ])("budget %j → 400 naming %s", async (body, field, message) => {
    await signIn("admin");
    const response = await postBudget(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: unknown } }).error.fields).toEqual([{ field, message }]);
  });

  it("a price for a model the studio does not use, or below 0, is refused naming the field", async () => {
    await signIn("admin");
    const unknown = await putPrice({ model: "gpt", per1kTokens: 0, perImage: 0, perVideoSecond: 0 });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { fields: { field: string }[] } }).error.fields[0].field).toBe("model");
    const negative = await putPrice({ model: "t2va", per1kTokens: 0, perImage: 0, perVideoSecond: -0.5 });
    expect(((await negative.json()) as { error: { fields: unknown } }).error.fields).toEqual([{ field: "perVideoSecond", message: "must be at least 0" }]);
  });

  it("a budget for a team that does not exist is a 404 naming teamId", async () => {
    await signIn("admin");
    const response = await postBudget({ scope: "team", teamId: "00000000-0000-4000-8000-000000000000", metric: "images", period: "daily", limit: 5 });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { fields: unknown } }).error.fields).toEqual([{ field: "teamId", message: "must be the id of a team" }]);
  });

  it("an admin names the currency until money has been charged in it; then it stays, with a 409 naming the field", async () => {
    const member = await signIn();
    expect((await putCurrency({ currency: "EUR" })).status).toBe(403);
    const admin = await signIn("admin");
    const wrong = await putCurrency({ currency: "eur" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: unknown } }).error.fields).toEqual([{ field: "currency", message: "must be an ISO 4217 code of three capital letters, such as EUR" }]);
    const unknown = await putCurrency({ currency: "QQQ" });
    expect(((await unknown.json()) as { error: { fields: unknown } }).error.fields).toEqual([{ field: "currency", message: "must be a currency this studio knows (ISO 4217)" }]);

    const euros = await putCurrency({ currency: "EUR" });
    expect(euros.status).toBe(200);
    expect(await euros.json()).toEqual({ currency: "EUR" });
    await postBudget({ scope: "person", userId: member.id, metric: "money", period: "none", limit: 10 });
    expect(await myBudgets({ userId: member.id, teamId: member.activeTeamId })).toEqual([expect.objectContaining({ currency: "EUR" })]);

    const prices = { per1kTokensMicros: 0, perImageMicros: 40_000, perVideoSecondMicros: 0 };
    await db().chargeEntry.create({ data: { kind: "charge", at: new Date(), jobId: "job-charged", userId: member.id, model: "alpha-image-v3", images: 1, ...prices, amountMicros: 40_000n } });
    const refused = await putCurrency({ currency: "GBP" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { fields: unknown } }).error.fields).toEqual([{ field: "currency", message: "must stay EUR: 1 charge was reckoned in it" }]);
    expect((await putCurrency({ currency: "EUR" })).status).toBe(200);

    const entries = await db().auditLog.findMany({ where: { actorId: admin.id, action: "budget.currency_set" } });
    expect(entries.map((entry) => entry.details)).toEqual([{ from: "USD", to: "EUR" }]);
  });

  it("the shell's alerts: a person sees the budgets past their threshold that bind them; an admin sees every one", async () => {
    const first = await signIn();
    const second = await signIn();
    await signIn("admin");
    // A limit of 0 is past any threshold at once; the studio's is far from its own.
    const own = await postBudget({ scope: "person", userId: first.id, metric: "images", period: "none", limit: 0 });
    const other = await postBudget({ scope: "person", userId: second.id, metric: "images", period: "none", limit: 0 });
    await postBudget({ scope: "studio", metric: "tokens", period: "none", limit: 1_000_000 });
    const [ownId, otherId] = await Promise.all([own, other].map(async (response) => ((await response.json()) as { budget: { id: string } }).budget.id));
    const alerts = async () => {
      const response = await alertsRoute(new Request("http://studio.test/api/budgets/alerts"), { params: Promise.resolve({}) });
      expect(response.status).toBe(200);
      return ((await response.json()) as { budgets: { id: string }[] }).budgets.map((budget) => budget.id).sort();
    };
    expect(await alerts()).toEqual(expect.arrayContaining([ownId, otherId]));
    session.user = first;
    expect(await alerts()).toEqual([ownId]);
  });
});
