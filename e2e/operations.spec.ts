// What an operator relies on, against the server `npm start` runs (the lean
// Node front): the key is checked before the body, every answer has a request
// id that finds it again, metrics behind a token, readiness, and the public
// assets every page asks for.
import { connect } from "node:net";
import { expect, test } from "./fixtures";
import { E2E } from "../playwright.config";
import { admin, LOG_CANARY, signInAsNewStaff, signUp, snap } from "./helpers";

const METRICS = { authorization: `Bearer ${E2E.METRICS_TOKEN}` };

/**
 * Sends raw bytes on a fresh connection (stopping once an answer starts) and resolves with what came back when the
 * server closed; an answer that never comes, while the body is left unfinished, fails it.
 */
function rawExchange(
  head: string,
  body: { chunk: Buffer; times: number; pauseMs?: number },
): Promise<{ answer: string; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(E2E.PORT, "127.0.0.1");
    let answer = "";
    let sentBytes = 0;
    let closed = false;
    socket.on("data", (d) => (answer += d.toString("latin1")));
    socket.on("error", () => {}); // the server hangs up on a refused upload: expected
    socket.on("close", () => {
      closed = true;
      resolve({ answer, sentBytes });
    });
    socket.on("connect", async () => {
      socket.write(head);
      for (let i = 0; i < body.times && !closed && answer === ""; i++) {
        if (!socket.write(body.chunk)) await new Promise((r) => socket.once("drain", r).once("close", r));
        sentBytes += body.chunk.length;
        if (body.pauseMs) await new Promise((r) => setTimeout(r, body.pauseMs));
      }
      // Half a body, then nothing: an honest server answers the bad key without waiting for the rest.
      setTimeout(() => (closed ? undefined : (socket.destroy(), reject(new Error(`no answer: ${answer}`)))), 10_000);
    });
  });
}

/** Memory held in Buffers by the server (where a buffered upload would sit), from its metrics. */
async function bufferBytes(request: import("@playwright/test").APIRequestContext): Promise<number> {
  const text = await (await request.get("/metrics", { headers: METRICS })).text();
  return Number(/^kasa_nodejs_external_memory_bytes (\d+(\.\d+)?(e\+\d+)?)$/m.exec(text)![1]);
}

test("a bad key is refused on the headers: half a body gets 401 at once, and a 25 MiB upload is never buffered", async ({
  request,
}) => {
  const half = await rawExchange(
    "POST /api/v1/email/send HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer kasa_live_notarealkeynotarealkeynotarealk\r\n" +
      "Content-Type: application/json\r\nContent-Length: 2000\r\n\r\n",
    { chunk: Buffer.from('{"to":"a@example.org","subject":"x","text":"'.padEnd(1000, "x")), times: 1 },
  );
  expect(half.answer).toMatch(/^HTTP\/1\.1 401/);
  expect(half.answer).toMatch(/x-request-id: req_[0-9A-Za-z]{24}/i);
  // Answered while the rest of the body never came: the key was refused on the headers.
  expect(half.answer).toContain('"code":"UNAUTHORIZED"');

  // The process's buffers also hold what the tests running beside this one send: a growth past the limit is measured
  // once more. An upload the server held would pass it every time (25 MiB); another test's traffic seldom twice.
  const growths: number[] = [];
  for (let attempt = 0; attempt < 2 && !growths.some((g) => g < 12 * 1024 * 1024); attempt++) {
    const before = await bufferBytes(request);
    let peak = before;
    let uploading = true;
    const sampling = (async () => {
      while (uploading) {
        peak = Math.max(peak, await bufferBytes(request));
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const upload = await rawExchange(
      "POST /api/v1/email/send HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${25 * 1024 * 1024}\r\n\r\n`,
      { chunk: Buffer.alloc(256 * 1024, 0x61), times: 100 },
    );
    uploading = false;
    await sampling;
    expect(upload.answer).toMatch(/^HTTP\/1\.1 401/);
    growths.push(peak - before);
  }
  // While the 25 MiB went by, the server answered at once and threw it away instead of holding it.
  expect(Math.min(...growths)).toBeLessThan(12 * 1024 * 1024);
});

test("every /api/v1 answer carries a request id, which finds the request in the request log and in the staff search", async ({
  page,
  request,
  browser,
}) => {
  const { accountId } = await signUp(page, undefined, "Request Id Co");
  const key = admin("key", "create", "--account", accountId, "--mode", "test").key as string;
  const sent = await request.post("/api/v1/sms/send", {
    headers: { authorization: `Bearer ${key}` },
    data: { to: "+233241234567", message: LOG_CANARY },
  });
  expect(sent.status()).toBe(200);
  const requestId = sent.headers()["x-request-id"]!;
  expect(requestId).toMatch(/^req_[0-9A-Za-z]{24}$/);
  const refused = await request.get("/api/v1/balance", { headers: { authorization: "Bearer nope" } });
  expect(refused.headers()["x-request-id"]).toMatch(/^req_/);
  expect(refused.headers()["x-request-id"]).not.toBe(requestId);

  await page.goto(`/accounts/${accountId}/requests`);
  await page.getByRole("form", { name: "Filter requests" }).getByLabel("Request id").fill(requestId);
  await page.getByRole("button", { name: "Apply" }).click();
  const rows = page.getByTestId("request-row");
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await expect(page.getByRole("region", { name: "Request detail" })).toContainText(requestId);
  await snap(page, "request-log-by-request-id");

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signInAsNewStaff(staffPage);
  await staffPage.getByLabel("Search").fill(requestId);
  await staffPage.getByRole("button", { name: "Search" }).click();
  const found = staffPage.getByTestId("request-result");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText("POST /api/v1/sms/send");
  await expect(found).toContainText(accountId);
  await staff.close();
});

test("metrics are served to the operator's token only, from the web process and from the worker", async ({
  request,
}) => {
  expect((await request.get("/metrics")).status()).toBe(401);
  expect((await request.get("/metrics", { headers: { authorization: "Bearer wrong" } })).status()).toBe(401);
  const web = await request.get("/metrics", { headers: METRICS });
  expect(web.status()).toBe(200);
  const text = await web.text();
  for (const metric of [
    "kasa_api_requests_total",
    "kasa_api_request_duration_seconds_bucket",
    "kasa_db_pool_connections",
    "kasa_nodejs_eventloop_lag_seconds",
    "kasa_process_start_time_seconds",
  ])
    expect(text, metric).toContain(metric);
  // The dashboard's thread (Next) counts apart from the API's, and its series are merged in.
  expect(text).toMatch(/^kasa_nodejs_eventloop_lag_seconds\{thread="next"\} /m);

  const worker = await request.get(`http://127.0.0.1:${E2E.WORKER_METRICS_PORT}/metrics`, { headers: METRICS });
  expect(worker.status()).toBe(200);
  const workerText = await worker.text();
  for (const metric of ["kasa_webhook_queue_depth", "kasa_webhook_oldest_due_seconds", "kasa_topups_pending"])
    expect(workerText, metric).toContain(metric);
  expect(
    (await request.get(`http://127.0.0.1:${E2E.WORKER_METRICS_PORT}/metrics`)).status(),
    "the worker's metrics need the token too",
  ).toBe(401);
});

test("liveness and readiness answer, and every page finds its icon and robots.txt", async ({ page, request }) => {
  expect((await request.get("/api/health")).status()).toBe(200);
  const ready = await request.get("/api/health/ready");
  expect(ready.status()).toBe(200);
  expect((await ready.json()).data).toEqual({ status: "ready", database: "ok", migrations: "applied" });
  // /api/v1 is the lean front's alone: a target that only decodes or normalises to it is the front's too (sent as
  // written, on a raw socket: a client library would resolve the dots itself), answered in the envelope, never by
  // Next's copy of the router beside the front's admission.
  for (const path of ["/api/%761/balance", "//api/v1/balance", "/x%3F/../api/v1/balance", "/x/%2e%2e/api/v1/balance"]) {
    const { answer } = await rawExchange(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, {
      chunk: Buffer.alloc(0),
      times: 0,
    });
    expect(answer, path).toMatch(/^HTTP\/1\.1 (401|404) /);
    expect(answer, path).toMatch(/x-request-id: req_/i);
    expect(answer, path).toMatch(/"code":"(UNAUTHORIZED|NOT_FOUND)"/);
  }

  expect((await request.get("/favicon.ico")).status()).toBe(200);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Disallow: \/api\//);
  expect(robots).toMatch(/Disallow: \/accounts\//);

  await page.goto("/");
  const og = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect((await request.get(new URL(og!).pathname)).headers()["content-type"]).toBe("image/png");
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect((await request.get(icon!)).status()).toBe(200);
  await page.goto("/docs");
  expect(await page.locator('meta[property="og:image"]').count()).toBe(1);
});
