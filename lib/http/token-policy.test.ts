import { describe, expect, it } from "vitest";
import { bearerSecret, tokenScopesOf } from "./token-policy";

const withAuthorization = (value?: string) => new Request("http://studio.test/api/gallery", value === undefined ? {} : { headers: { Authorization: value } });

describe("bearerSecret", () => {
  it("reads the secret of a Bearer header, whatever the scheme's case and spacing", () => {
    expect(bearerSecret(withAuthorization("Bearer studio_pat_abc"))).toBe("studio_pat_abc");
    expect(bearerSecret(withAuthorization("bearer   studio_pat_abc  "))).toBe("studio_pat_abc");
  });

  it("is undefined without an Authorization header or with another scheme, so the request is a browser's", () => {
    expect(bearerSecret(withAuthorization())).toBeUndefined();
    expect(bearerSecret(withAuthorization("Basic dXNlcjpwYXNz"))).toBeUndefined();
  });

  it("is empty for a Bearer header without a secret, so that it is refused rather than ignored", () => {
    expect(bearerSecret(withAuthorization("Bearer"))).toBe("");
  });
});

it("tokenScopesOf turns one scope or a choice of scopes into a list", () => {
  expect(tokenScopesOf("read")).toEqual(["read"]);
  expect(tokenScopesOf(["images:generate", "videos:generate"])).toEqual(["images:generate", "videos:generate"]);
});
