// What an attacker would try first against the pages: framing the dashboard,
// mapping the staff console's procedures. Pages carry headers that forbid
// framing and foreign code, and a staff procedure answers anyone else exactly
// as a procedure that does not exist.
import { expect, test } from "./fixtures";
import { signUp } from "./helpers";

test("every page forbids framing and foreign code; staff procedures look like missing ones to customers and strangers", async ({
  page,
  request,
}) => {
  const signin = await request.get("/signin");
  const headers = signin.headers();
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toContain("default-src 'self'");
  expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  expect(headers["x-content-type-options"]).toBe("nosniff");

  // A page still works under its policy (the fixtures fail the test on any console error, CSP's included).
  await signUp(page);

  const probe = async (path: string, context = request) => {
    const answer = await context.get(
      `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: { q: "x" } }))}`,
    );
    const body = await answer.json();
    return { status: answer.status(), code: body.error?.json?.data?.code, message: body.error?.json?.message };
  };
  for (const context of [request, page.request]) {
    const staff = await probe("staff.search", context);
    const missing = await probe("staff.doesNotExist", context);
    expect(staff.status).toBe(404);
    expect({ ...staff, message: staff.message.replace("staff.search", "P") }).toEqual({
      ...missing,
      message: missing.message.replace("staff.doesNotExist", "P"),
    });
  }
});
