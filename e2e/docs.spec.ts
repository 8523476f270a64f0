import { expect, test } from "./fixtures";
import { snap } from "./helpers";

test("the docs cover quick start to reference, and the reference lists every endpoint of the OpenAPI document", async ({
  page,
  request,
}) => {
  const openapi = await (await request.get("/api/v1/openapi.json")).json();
  expect(openapi.openapi).toBe("3.1.0");
  const operations = Object.values(openapi.paths as Record<string, object>).reduce(
    (n, methods) => n + Object.keys(methods).length,
    0,
  );

  for (const [path, heading] of [
    ["/docs", "Quick start"],
    ["/docs/authentication", "Authentication"],
    ["/docs/errors", "Error codes"],
    ["/docs/rate-limits", "Rate limits"],
    ["/docs/idempotency", "Idempotency"],
    ["/docs/webhooks", "Webhooks"],
    ["/docs/sandbox", "Sandbox"],
    ["/docs/coverage", "Coverage"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  // The quick start shows the SDK beside curl.
  await page.goto("/docs");
  await expect(page.locator("pre").filter({ hasText: "curl " }).first()).toContainText("/api/v1/sms/send");
  await expect(page.locator("pre").filter({ hasText: 'import { Kasa } from "@kasa/sdk"' })).toContainText(
    "await kasa.sms.send(",
  );
  await page.goto("/docs/sandbox");
  await expect(page.getByRole("cell", { name: "+233200000002" })).toBeVisible();
  // FORBIDDEN says its reasons; SERVICE_UNAVAILABLE says when a retry helps.
  await page.goto("/docs/errors");
  await expect(page.locator("#FORBIDDEN")).toContainText("email_unverified");
  await expect(page.locator("#SERVICE_UNAVAILABLE")).toContainText("Yes, unless it names a service");
  // Every page's examples call this deployment, none a placeholder host.
  await page.goto("/docs/verify");
  await expect(page.locator("pre").filter({ hasText: "verify/send" }).first()).toContainText(
    `${new URL(page.url()).origin}/api/v1/verify/send`,
  );
  // Number lookup: the price from the price list, the sandbox's numbers, and the number in the path.
  await page.goto("/docs/lookup");
  await expect(page.getByText("costs 0.005 USD")).toBeVisible();
  await expect(page.getByRole("row", { name: /\+233241000001 .*ported/ })).toBeVisible();
  await page.goto("/docs/rate-limits");
  await expect(page.getByRole("row", { name: /Enterprise/ })).toContainText("5,000 / 100,000 / 1,000,000");
  await snap(page, "docs-rate-limits");

  await page.goto("/docs/reference");
  await expect(page.getByTestId("api-operation")).toHaveCount(operations);
  const send = page.getByTestId("api-operation").filter({ hasText: "/api/v1/sms/send" });
  await send.locator("summary").click();
  await expect(send).toContainText("SENDER_ID_NOT_YOURS");
  await expect(send).toContainText("idempotency_key");
  // Each field says the rules the API enforces on it, read from the document.
  await expect(send.getByRole("row", { name: /^idempotency_key/ }).getByTestId("field-rules")).toHaveText(
    "1–255 characters",
  );
  // By its heading: other operations' rules mention the lookup's path.
  const lookup = page
    .getByTestId("api-operation")
    .filter({ has: page.locator("summary").filter({ hasText: "/api/v1/lookup/{phone_number}" }) });
  await lookup.locator("summary").click();
  await expect(lookup.locator("pre").filter({ hasText: "curl " })).toContainText("/api/v1/lookup/%2B233241000001");
  await lookup.getByRole("button", { name: "TypeScript SDK" }).click();
  await expect(lookup.locator("pre").filter({ hasText: "@kasa/sdk" })).toContainText("await kasa.lookup.get(");
  const senderIds = page
    .getByTestId("api-operation")
    .filter({ hasText: "/api/v1/sender-ids" })
    .filter({ hasText: "use_case" });
  await senderIds.locator("summary").click();
  await expect(senderIds.getByRole("row", { name: /^sender_id/ }).getByTestId("field-rules")).toContainText(
    "1–11 characters; matches ^[A-Za-z0-9.&_-]*[A-Za-z]",
  );
  const operators = page.getByTestId("api-operation").filter({ hasText: "Numeric operator ids" });
  await operators.locator("summary").click();
  await expect(operators.getByTestId("operation-rule").first()).toHaveText(
    "Give at least one of phone_number, countryCode, not empty.",
  );
  // Rules that depend on data are said per operation, each on its own.
  const sms = page.getByTestId("api-operation").filter({ hasText: "Send one SMS" });
  await sms.locator("summary").click();
  await expect(
    sms.getByTestId("operation-rule").filter({ hasText: /^region \(or continent\) forces the route family/ }),
  ).toHaveCount(1);
  await snap(page, "docs-reference");
});
