import { defineConfig } from "prisma/config";

// Prisma 7 reads its settings from here. Migrations are applied by our own WASM-engine runner
// (scripts/db/), because the native schema engine cannot be downloaded on these machines.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
