// The floors of docs/architecture.md are lint rules; this proves each one
// fires, by name, on a deliberate violation (a rule that silently stopped
// matching would otherwise let the house rot unnoticed).
import { afterAll, describe, expect, it } from "vitest";
import { ESLint } from "eslint";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const eslint = new ESLint();
const scratch = join("server", "modules", "zz-lint-scratch");

async function rulesFiredOn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the lint rules that keep the floors", () => {
  it("refuses an upward import (a provider importing a use case) with boundaries/dependencies", async () => {
    const fired = await rulesFiredOn(
      "server/providers/sms/zz-upward.ts",
      'import { sendSms } from "../../modules/sms/send-sms";\nexport const x = sendSms;\n',
    );
    expect(fired).toContain("boundaries/dependencies");
  });

  it("refuses a page importing the database", async () => {
    const fired = await rulesFiredOn(
      "app/zz-page.tsx",
      'import { db } from "@/server/db/client";\nexport default function P() { return String(db); }\n',
    );
    expect(fired).toContain("boundaries/dependencies");
  });

  it("allows a downward import", async () => {
    const fired = await rulesFiredOn(
      "server/modules/sms/zz-down.ts",
      'import { sandboxCarrier } from "../../providers/sms";\nexport const x = sandboxCarrier;\n',
    );
    expect(fired).toEqual([]);
  });

  it("refuses a ledger write outside billing, in SQL and through the model", async () => {
    const sql = await rulesFiredOn(
      "server/modules/sms/zz-ledger.ts",
      "export const q = `INSERT INTO ledger_entries (account_id) VALUES ($1)`;\n",
    );
    const model = await rulesFiredOn(
      "server/modules/sms/zz-ledger.ts",
      "declare const t: { ledgerEntry: { create(): void } };\nt.ledgerEntry.create();\n",
    );
    expect(sql).toContain("no-restricted-syntax");
    expect(model).toContain("no-restricted-syntax");
    expect(
      await rulesFiredOn(
        "server/modules/billing/zz-ledger.ts",
        "export const q = `INSERT INTO ledger_entries (account_id) VALUES ($1)`;\n",
      ),
    ).toEqual([]);
  });

  it("refuses a non-null assertion on an endpoint's caller", async () => {
    const fired = await rulesFiredOn(
      "server/http/zz-caller.ts",
      "declare const caller: { accountId: string } | null;\nexport const id = caller!.accountId;\n",
    );
    expect(fired).toContain("no-restricted-syntax");
  });

  it("refuses an import cycle with import-x/no-cycle", async () => {
    mkdirSync(scratch, { recursive: true });
    writeFileSync(join(scratch, "a.ts"), 'import { b } from "./b";\nexport const a = () => b();\n');
    writeFileSync(join(scratch, "b.ts"), 'import { a } from "./a";\nexport const b = () => a();\n');
    const [result] = await eslint.lintFiles([join(scratch, "a.ts")]);
    expect(result!.messages.map((m) => m.ruleId)).toContain("import-x/no-cycle");
  });

  it("refuses a file over 400 lines with max-lines", async () => {
    const fired = await rulesFiredOn("server/lib/zz-long.ts", "export const x = 1;\n".repeat(401));
    expect(fired).toContain("max-lines");
  });

  it("refuses a source file in a folder no floor names with boundaries/no-unknown-files", async () => {
    expect(await rulesFiredOn("server/anything-new/zz.ts", "export const x = 1;\n")).toContain(
      "boundaries/no-unknown-files",
    );
    expect(await rulesFiredOn("server/zz-loose.ts", "export const x = 1;\n")).toContain("boundaries/no-unknown-files");
    // The SMTP services and the Next thread are edges: on a floor, their imports checked.
    expect(await rulesFiredOn("server/smtp/zz.ts", "export const x = 1;\n")).toEqual([]);
    expect(
      await rulesFiredOn(
        "server/next-thread/zz.ts",
        'import { Button } from "../../components/ui/button";\nexport const y = Button;\n',
      ),
    ).toContain("boundaries/dependencies");
  });

  it("refuses an import of a composition root from a floor with boundaries/no-unknown-dependencies", async () => {
    const fired = await rulesFiredOn("server/smtp/zz.ts", 'import { x } from "../web";\nexport const y = x;\n');
    expect(fired).toContain("boundaries/no-unknown-dependencies");
  });

  it("refuses process.env outside server/config with no-restricted-properties", async () => {
    const read = "export const x = process.env.KASA_MAX_IN_FLIGHT;\n";
    expect(await rulesFiredOn("server/http/zz-env.ts", read)).toContain("no-restricted-properties");
    expect(await rulesFiredOn("app/zz-env/page.tsx", read)).toContain("no-restricted-properties");
    expect(await rulesFiredOn("server/config/zz-env.ts", read)).toEqual([]);
  });

  it("refuses making a key on the event loop with no-restricted-imports", async () => {
    const fired = await rulesFiredOn(
      "server/modules/domains/zz-key.ts",
      'import { generateKeyPairSync } from "node:crypto";\nexport const k = generateKeyPairSync;\n',
    );
    expect(fired).toContain("no-restricted-imports");
  });

  it("refuses next/link outside components/ui/link, whose links prefetch on intent", async () => {
    const page = 'import Link from "next/link";\nexport const P = () => <Link href="/">Home</Link>;\n';
    expect(await rulesFiredOn("components/shell/zz-nav.tsx", page)).toContain("no-restricted-imports");
    const ours = 'import { Link } from "../ui/link";\nexport const P = () => <Link href="/">Home</Link>;\n';
    expect(await rulesFiredOn("components/shell/zz-nav.tsx", ours)).toEqual([]);
  });
});
