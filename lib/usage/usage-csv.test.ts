import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "@/lib/csv/csv-cells";

// RFC 4180 quoting and OWASP's CSV-injection defence for the admin's usage export.
describe("usage CSV cells", () => {
  it("defuses every cell a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t"]) expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell("\rSUM(A1)")).toBe(`"'\rSUM(A1)"`);
    expect(csvCell("=HYPERLINK(\"x\")")).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("quotes commas, quotes and line breaks, and ends each line with CRLF", () => {
    expect(csvCell("Blue, the team")).toBe('"Blue, the team"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvLine(["a", "b,c", ""])).toBe('a,"b,c",\r\n');
  });
});
