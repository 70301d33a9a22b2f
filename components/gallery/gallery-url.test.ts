import { describe, expect, it } from "vitest";
import { activeFilterCount, galleryHref, galleryListPath, hasFilters, withFilter, withScope } from "./gallery-url";
import { filtersFromSearch, filtersOfPageQuery } from "./gallery-url-filters";

const team = "0b8f3c3e-6d3c-4f55-9a43-2f1a4f3c9a11";
const user = "5d7b2f1c-1f0e-4a3b-8c2d-9e8f7a6b5c4d";

describe("gallery address", () => {
  it("reads the tab and every filter from the address", () => {
    const filters = filtersFromSearch(new URLSearchParams(`scope=${team}&kind=video&model=alpha-v3&from=2026-01-01&to=2026-02-01&creator=${user}&q=red+fox`));
    expect(filters).toEqual({ scope: team, kind: "video", model: "alpha-v3", from: "2026-01-01", to: "2026-02-01", creator: user, q: "red fox" });
  });

  it("opens the Mine tab without filters for an empty address", () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual({ scope: "mine" });
  });

  it("drops values the list would refuse instead of failing the page", () => {
    const filters = filtersFromSearch(new URLSearchParams("scope=nope&kind=poster&from=yesterday&shared=maybe&creator=7"));
    expect(filters).toEqual({ scope: "mine" });
  });

  it("reads the server's view of the address as the browser reads it", () => {
    const query = { scope: team, kind: ["video", "image"], q: "red fox", shared: undefined };
    expect(filtersOfPageQuery(query)).toEqual({ scope: team, kind: "video", q: "red fox" });
    expect(filtersOfPageQuery(query)).toEqual(filtersFromSearch(new URLSearchParams(`scope=${team}&kind=video&kind=image&q=red+fox`)));
    expect(filtersOfPageQuery({})).toEqual({ scope: "mine" });
  });

  it("drops an end date before the start date", () => {
    expect(filtersFromSearch(new URLSearchParams("from=2026-03-01&to=2026-02-01"))).toEqual({ scope: "mine", from: "2026-03-01" });
  });

  it("writes an address that reads back the same, leaving out the Mine tab", () => {
    const filters = { scope: "mine", kind: "image" as const, shared: "private" as const, q: "fox" };
    expect(galleryHref(filters)).toBe("/gallery?kind=image&shared=private&q=fox");
    expect(filtersFromSearch(new URLSearchParams(galleryHref(filters).split("?")[1]))).toEqual(filters);
    expect(galleryHref({ scope: "mine" })).toBe("/gallery");
  });

  it("asks the API for the tab and the cursor", () => {
    expect(galleryListPath({ scope: "mine" }, null)).toBe("/api/gallery?scope=mine");
    expect(galleryListPath({ scope: team, q: "fox" }, "abc_1")).toBe(`/api/gallery?scope=${team}&q=fox&cursor=abc_1`);
  });

  it("sets and clears one filter, and drops the tab's own filters on another tab", () => {
    const filters = withFilter({ scope: "mine", shared: "shared" }, "kind", "video");
    expect(filters).toEqual({ scope: "mine", shared: "shared", kind: "video" });
    expect(withFilter(filters, "kind", "")).toEqual({ scope: "mine", shared: "shared" });
    expect(withScope({ scope: "mine", shared: "shared", creator: user, q: "fox" }, team)).toEqual({ scope: team, q: "fox" });
    expect(hasFilters({ scope: team })).toBe(false);
    expect(hasFilters({ scope: team, q: "fox" })).toBe(true);
  });

  it("counts the filters that narrow a tab, the tab itself not among them", () => {
    expect(activeFilterCount({ scope: "mine" })).toBe(0);
    expect(activeFilterCount({ scope: team, creator: user })).toBe(1);
    expect(activeFilterCount({ scope: "mine", kind: "video", model: "t2va", from: "2026-01-01", to: "2026-02-01", shared: "shared", q: "fox" })).toBe(6);
  });
});
