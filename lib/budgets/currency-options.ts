// The currencies an admin may pick, each named in one fixed locale. Made on the server, whose ICU
// also checks the choice (budget-schemas), and handed to the page as data: a browser's ICU may know
// other currencies, or name them otherwise, and a list drawn from it would not match the server's
// render of the same page.

const names = new Intl.DisplayNames("en", { type: "currency" });

export type CurrencyOption = { code: string; name: string };

export function currencyOptions(): CurrencyOption[] {
  return Intl.supportedValuesOf("currency").map((code) => ({ code, name: names.of(code) ?? code }));
}
