// Next.js calls register() once when a server process starts, before it
// serves anything: the moment to settle the database (embedded or
// DATABASE_URL) and apply migrations.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { bootWebProcess } = await import("./server/boot-web-process");
  await bootWebProcess();
}
