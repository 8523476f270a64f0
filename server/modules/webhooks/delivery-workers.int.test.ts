import { describe, expect, it } from "vitest";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { waitUntil } from "../../../test/wait-until";
import { raiseEvents } from "../../../test/events";
import { startWorker, type WorkerProcess } from "../../../test/worker-process";
import { sql } from "../../db/client";

const { receiver, subscribe } = useWebhookReceiver();

const workerEnv = (extra: Record<string, string> = {}) => ({
  WEBHOOK_ALLOWED_HOSTS: "localhost",
  NODE_EXTRA_CA_CERTS: receiver.certFile,
  ...extra,
});

async function settled(endpointId: string): Promise<number> {
  const { rows } = await sql().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'succeeded'`,
    [endpointId],
  );
  return rows[0]!.n;
}

const until = (check: () => Promise<boolean>, timeoutMs: number, what: string) =>
  waitUntil(check, what, { timeoutMs, intervalMs: 100 });

/** The webhook-ids the receiver got for this endpoint's deliveries, repeats included. */
async function receivedFor(endpointId: string): Promise<() => string[]> {
  const { rows } = await sql().query<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1`, [
    endpointId,
  ]);
  const ours = new Set(rows.map((r) => r.id));
  return () => receiver.received.map((r) => r.headers["webhook-id"] as string).filter((id) => ours.has(id));
}

describe("webhook workers as separate processes", () => {
  it("two workers on one database deliver 1,000 events, none twice", async () => {
    receiver.reply = () => ({ status: 200 });
    const c = await subscribe();
    await raiseEvents(c.accountId, 1_000);
    const received = await receivedFor(c.endpointId);
    const workers: WorkerProcess[] = await Promise.all([startWorker(workerEnv()), startWorker(workerEnv())]);
    try {
      await until(async () => (await settled(c.endpointId)) === 1_000, 90_000, "1,000 deliveries");
    } finally {
      for (const w of workers) w.child.kill("SIGTERM");
      expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
    }
    const got = received();
    expect(got).toHaveLength(1_000);
    expect(new Set(got).size).toBe(1_000);
  }, 120_000);

  it("a worker killed with SIGKILL mid-backlog loses nothing: after a restart all 1,000 arrive, duplicates at most those in flight at the kill", async () => {
    // Slow answers keep deliveries in flight when the kill lands.
    receiver.reply = () => ({ status: 200, delayMs: 40 });
    const c = await subscribe();
    await raiseEvents(c.accountId, 1_000);
    const received = await receivedFor(c.endpointId);
    const env = workerEnv({ WEBHOOK_LEASE_S: "12", WEBHOOK_CONCURRENCY: "32" });
    const first = await startWorker(env);
    await until(async () => received().length >= 300, 60_000, "300 deliveries before the kill");
    first.child.kill("SIGKILL");
    await first.exited;
    const { rows } = await sql().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending' AND locked_until > now()`,
      [c.endpointId],
    );
    const inFlightAtKill = rows[0]!.n;
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(inFlightAtKill).toBeLessThanOrEqual(32);
    expect(await settled(c.endpointId)).toBeLessThan(1_000);

    receiver.reply = () => ({ status: 200 });
    const second = await startWorker(env);
    try {
      await until(async () => (await settled(c.endpointId)) === 1_000, 90_000, "all 1,000 after the restart");
    } finally {
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    }
    const got = received();
    expect(new Set(got).size).toBe(1_000);
    expect(got.length - 1_000).toBeLessThanOrEqual(inFlightAtKill);
  }, 150_000);

  it("a worker stopped with SIGTERM finishes the deliveries in flight and records them before it exits", async () => {
    receiver.reply = () => ({ status: 200, delayMs: 1_500 });
    const c = await subscribe();
    await raiseEvents(c.accountId, 100);
    const received = await receivedFor(c.endpointId);
    const worker = await startWorker(workerEnv({ WEBHOOK_CONCURRENCY: "10" }));
    await until(async () => received().length >= 1, 30_000, "a delivery in flight");
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    const { rows } = await sql().query<{ locked: number; succeeded: number }>(
      `SELECT count(*) FILTER (WHERE locked_until IS NOT NULL)::int AS locked, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded
       FROM webhook_deliveries WHERE endpoint_id = $1`,
      [c.endpointId],
    );
    expect(rows[0]!.locked).toBe(0);
    expect(rows[0]!.succeeded).toBe(received().length);
    expect(rows[0]!.succeeded).toBeGreaterThan(0);
    expect(rows[0]!.succeeded).toBeLessThan(100);
  }, 60_000);
});
