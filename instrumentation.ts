// Next.js calls register() once when a server process starts, before it
// serves anything: the moment to check the configuration (a bad setting stops
// `next start` here, naming it), then settle the database (embedded or
// DATABASE_URL) and apply migrations. NEXT_RUNTIME and NEXT_PHASE are Next's
// own variables, not Kasa's configuration.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { loadConfig } = await import("./server/config/config");
  loadConfig();
  const { bootWebProcess } = await import("./server/boot-web-process");
  await bootWebProcess();
}
