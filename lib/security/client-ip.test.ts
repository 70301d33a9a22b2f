import { describe, expect, it } from "vitest";
import { addressKey, clientAddress } from "./client-ip";

const headersWith = (forwarded?: string) => new Headers(forwarded === undefined ? {} : { "x-forwarded-for": forwarded });

describe("clientAddress", () => {
  it("takes the rightmost X-Forwarded-For entry, the one the nearest hop wrote", () => {
    expect(clientAddress(headersWith("203.0.113.9"))).toBe("203.0.113.9");
    expect(clientAddress(headersWith("6.6.6.6, 203.0.113.9"))).toBe("203.0.113.9");
    expect(clientAddress(headersWith(" 6.6.6.6 ,  198.51.100.4 "))).toBe("198.51.100.4");
  });

  it("has no address without the header", () => {
    expect(clientAddress(headersWith())).toBeUndefined();
    expect(clientAddress(headersWith(""))).toBeUndefined();
  });
});

describe("addressKey", () => {
  it("keeps IPv4 and unwraps IPv4-mapped IPv6", () => {
    expect(addressKey("127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("::ffff:7f00:1")).toBe("127.0.0.1");
  });

  it("buckets IPv6 by /64", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("puts text that is not an address in one shared bucket", () => {
    expect(addressKey("unknown")).toBe("unparseable");
    expect(addressKey("1.2.3.4.5")).toBe("unparseable");
  });
});
