// `npm pack` makes a package that installs and works with nothing but Node:
// built into a temporary copy (nothing is left in sdk/), packed, installed into
// an empty project, imported as ESM and type-checked as a consumer would.
import { afterAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const sdk = fileURLToPath(new URL("..", import.meta.url));
const tsc = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "kasa-sdk-pack-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("npm pack in sdk/", () => {
  it("makes an installable ESM package with its types and no dependencies", () => {
    const pkg = join(work, "pkg");
    for (const entry of ["package.json", "README.md", "tsconfig.json", "src"])
      cpSync(join(sdk, entry), join(pkg, entry), { recursive: true });
    run(process.execPath, [tsc, "-p", "tsconfig.json"], pkg);
    // prepack would regenerate and build again: done just above, from the committed sources.
    const [packed] = JSON.parse(run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], pkg));
    const files = (packed.files as { path: string }[]).map((f) => f.path);
    expect(packed.name).toBe("@kasa/sdk");
    expect(files).toEqual(expect.arrayContaining(["package.json", "README.md", "dist/index.js", "dist/index.d.ts"]));
    expect(files.filter((f) => !f.startsWith("dist/") && f !== "package.json" && f !== "README.md")).toEqual([]);

    const app = join(work, "app");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    run(
      "npm",
      ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", join(work, packed.filename)],
      app,
    );
    const installed = JSON.parse(run("npm", ["ls", "--all", "--json"], app));
    expect(Object.keys(installed.dependencies)).toEqual(["@kasa/sdk"]);
    expect(installed.dependencies["@kasa/sdk"].dependencies).toBeUndefined();

    writeFileSync(
      join(app, "main.ts"),
      `import { Kasa, KasaError, verifyWebhook, type WebhookEvent } from "@kasa/sdk";
const kasa = new Kasa({ apiKey: "kasa_test_x", baseUrl: "http://127.0.0.1:9", maxRetries: 0 });
export async function sent(): Promise<string> {
  const sms = await kasa.sms.send({ to: "+233200000001", message: "Hi" });
  return sms.transaction_id;
}
export const check = (body: string, headers: Headers): Promise<WebhookEvent> => verifyWebhook(body, headers, "whsec_x");
export const isKasa = (e: unknown) => e instanceof KasaError && e.code === "INVALID_PHONE_NUMBER";
// @ts-expect-error message is required
void kasa.sms.send({ to: "+233200000001" });
`,
    );
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          lib: ["ES2022", "DOM"],
          types: [],
        },
        files: ["main.ts"],
      }),
    );
    run(process.execPath, [tsc, "-p", "tsconfig.json"], app);

    const script = `import { Kasa, KasaConnectionError, verifyWebhook } from "@kasa/sdk";
const kasa = new Kasa({ apiKey: "kasa_test_x", baseUrl: "http://127.0.0.1:9", maxRetries: 0 });
const refused = await kasa.balance().catch((e) => e);
const invalid = await verifyWebhook("{}", {}, "whsec_x").catch((e) => e.reason);
console.log(JSON.stringify({ refused: refused instanceof KasaConnectionError, invalid }));`;
    const out = run(process.execPath, ["--input-type=module", "-e", script], app);
    expect(JSON.parse(out)).toEqual({ refused: true, invalid: "missing_signature" });
  });
});
