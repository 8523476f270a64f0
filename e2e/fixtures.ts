// Every spec imports `test` from here: it watches every page the test opens
// (through `page`, or contexts it makes with `browser.newContext()`) and fails
// the test on a console error, an uncaught page error, a request that failed
// or an answer of 400 or more, unless the test said it expects that one
// (`allowProblems(/pattern/)`: a 404 page it visits on purpose, a refused form).
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { conformanceProblem } from "../test/openapi-conformance";

export type { Page };

type Watch = { allowProblems: (...patterns: RegExp[]) => void };

export const test = base.extend<Watch & { watchPages: void }>({
  // Playwright reads a fixture's dependencies from this destructuring: this one has none.
  // eslint-disable-next-line no-empty-pattern
  allowProblems: async ({}, use, testInfo) => {
    const allowed: RegExp[] = [];
    (testInfo as unknown as { kasaAllowed: RegExp[] }).kasaAllowed = allowed;
    await use((...patterns) => allowed.push(...patterns));
  },
  watchPages: [
    async ({ browser, context, request, allowProblems }, use, testInfo) => {
      void allowProblems;
      const problems: string[] = [];
      const watch = (ctx: BrowserContext) => {
        ctx.pages().forEach((p) => attach(p, problems));
        ctx.on("page", (p) => attach(p, problems));
        checkApiAnswers(ctx.request, problems);
      };
      watch(context);
      checkApiAnswers(request, problems);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const ctx = await newContext(...args);
        watch(ctx);
        return ctx;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      const allowed = (testInfo as unknown as { kasaAllowed: RegExp[] }).kasaAllowed ?? [];
      const unexpected = problems.filter((p) => !allowed.some((a) => a.test(p)));
      expect(
        unexpected,
        "console errors, page errors, failed requests or answers the OpenAPI document refuses",
      ).toEqual([]);
    },
    { auto: true },
  ],
});

function attach(page: Page, problems: string[]) {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? "";
    // A navigation or prefetch the page itself cancelled (moving on) is not a failure.
    if (failure.includes("ERR_ABORTED")) return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400)
      problems.push(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
}

let servedDocument: Promise<unknown> | undefined;

/**
 * Every /api/v1 answer a test's request objects (the `request` fixture, `page.request`) receive is checked
 * against the document the server serves (docs/decisions.md, "The document and its tests"): a status its operation does not list, or a body its
 * schema refuses, is a problem that fails the test.
 */
function checkApiAnswers(api: APIRequestContext, problems: string[]) {
  const marked = api as APIRequestContext & { kasaChecked?: boolean };
  if (marked.kasaChecked) return;
  marked.kasaChecked = true;
  for (const name of ["get", "post", "put", "patch", "delete", "fetch"] as const) {
    const original = api[name].bind(api) as (...args: unknown[]) => ReturnType<APIRequestContext["get"]>;
    (api as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await original(...args);
      const url = new URL(response.url());
      if (!url.pathname.startsWith("/api/v1/") || url.pathname === "/api/v1/openapi.json") return response;
      if (!(response.headers()["content-type"] ?? "").includes("application/json")) return response;
      servedDocument ??= fetch(new URL("/api/v1/openapi.json", url)).then((r) => r.json());
      const method =
        name === "fetch"
          ? String((args[1] as { method?: string } | undefined)?.method ?? "GET").toUpperCase()
          : name.toUpperCase();
      const problem = conformanceProblem(
        await servedDocument,
        method,
        url.pathname,
        response.status(),
        await response.json(),
      );
      if (problem) problems.push(`OpenAPI mismatch: ${problem}`);
      return response;
    };
  }
}

export { expect };
