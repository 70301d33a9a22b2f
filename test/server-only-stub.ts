// Stands in for the `server-only` package when lib/ runs under Vitest (no RSC bundler).
export {};
