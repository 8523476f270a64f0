// The operator CLI's run (server/cli/run-admin.ts) inside the test process, with its output captured: what an
// operator's `npm run admin` does, minus starting Node and tsx for every command (a second or more of CPU each on
// a 2-core CI). cli.int.test.ts keeps one real process for the process's own contract (exit code, stdout, stderr).
import { runAdmin } from "../server/cli/run-admin";

export type AdminRun = { code: number; stdout: string; stderr: string };

export async function adminRun(...args: string[]): Promise<AdminRun> {
  let stdout = "";
  let stderr = "";
  const code = await runAdmin(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}
