import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable";

describe("isDatabaseUnavailable", () => {
  it.each([
    ["Prisma's adapter: a database not accepting connections", { code: "P2039", meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "55000", severity: "FATAL" } } } }],
    ["Prisma's adapter: not reachable", { code: "P2010", meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } }],
    ["pg: terminated by an administrator", Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01", severity: "FATAL" })],
    ["pg: starting up", { code: "57P03", severity: "FATAL" }],
    ["a refused socket", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["a lost connection", new Error("Connection terminated unexpectedly")],
    ["wrapped", new Error("query failed", { cause: { code: "08006" } })],
  ])("%s is unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", { code: "P2002", meta: { driverAdapterError: { cause: { kind: "UniqueConstraintViolation" } } } }],
    ["a 55000 that is not FATAL (a query refused)", { code: "55000", severity: "ERROR" }],
    ["a plain error", new Error("boom")],
    ["not an error", "ECONNREFUSED"],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
