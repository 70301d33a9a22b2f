import { describe, expect, it } from "vitest";
import { connectionFailureCode } from "./connection-failure";

const systemError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe("connectionFailureCode", () => {
  it("finds the code of a connection never made in fetch's cause, also inside an AggregateError", () => {
    expect(connectionFailureCode(new TypeError("fetch failed", { cause: systemError("ECONNREFUSED") }))).toBe("ECONNREFUSED");
    const both = new AggregateError([systemError("ECONNREFUSED"), systemError("EHOSTUNREACH")]);
    expect(connectionFailureCode(new TypeError("fetch failed", { cause: both }))).toBe("ECONNREFUSED");
  });

  it("is undefined for failures after the connection was made, which may have reached the service", () => {
    expect(connectionFailureCode(new TypeError("fetch failed", { cause: systemError("ECONNRESET") }))).toBeUndefined();
    expect(connectionFailureCode(new DOMException("timed out", "TimeoutError"))).toBeUndefined();
  });
});
