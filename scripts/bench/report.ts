// docs/benchmarks.md is made of sections, one per benchmark, each between
// markers, so `npm run bench -- webhooks` refreshes its own numbers and keeps the others.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const FILE = "docs/benchmarks.md";
const HEADER = `# Benchmarks

Every number here is produced by \`npm run bench\` (scripts/bench/run.ts); \`npm run bench -- <section>\` reruns one
section (${"`api`, `webhooks`, `smpp`"}) and leaves the others as they were. Each section says when it was measured.
`;

/** An empty section (a partial rerun that only prints) leaves the file as it is. */
export function writeSection(name: string, markdown: string) {
  if (!markdown.trim()) return;
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let text = existsSync(FILE) ? readFileSync(FILE, "utf8") : HEADER;
  if (!text.includes("<!-- bench:")) text = HEADER; // the old single-report layout
  text = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block)
    : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, text);
  console.log(block);
}
