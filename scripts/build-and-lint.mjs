// `npm test`'s first step: the production build and the lint side by side. The build's type check and the lint
// each keep one core busy for a minute; run one after the other, the machine's second core idles through both.
// The build's output streams as it comes; the lint's is held and printed after, so the two never interleave.
// Fails if either fails.
import { spawn } from "node:child_process";

function run(script, { hold }) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", script], { stdio: hold ? ["ignore", "pipe", "pipe"] : "inherit" });
    let held = "";
    if (hold) {
      child.stdout.on("data", (chunk) => (held += chunk));
      child.stderr.on("data", (chunk) => (held += chunk));
    }
    child.on("exit", (code, signal) => resolve({ script, ok: code === 0, code: code ?? signal, held }));
  });
}

const [build, lint] = await Promise.all([run("build", { hold: false }), run("lint", { hold: true })]);
if (lint.held) process.stdout.write(lint.held);
for (const step of [build, lint]) if (!step.ok) console.error(`npm run ${step.script} failed (${step.code})`);
process.exit(build.ok && lint.ok ? 0 : 1);
