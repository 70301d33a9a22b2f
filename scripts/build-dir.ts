// The folder Next builds into and serves from. NEXT_DIST_DIR names another one, so two checkouts'
// servers, or a test run beside a dev server, build into separate folders.
export function buildDir(): string {
  return process.env.NEXT_DIST_DIR ?? ".next";
}

/** The benches' build folder: one of their own, so a bench never collides with another checkout's or test run's. */
export function benchBuildDir(): string {
  return process.env.NEXT_DIST_DIR ?? ".next-bench";
}
