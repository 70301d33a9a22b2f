// Amounts of money are kept in micros (millionths) of the studio's one currency, so sums stay exact.
// Shared by the server and the browser.
export const MICROS_PER_UNIT = 1_000_000;
