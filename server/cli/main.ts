// The operator CLI as a process (`npm run admin`): runAdmin on the command line, its answer as the exit code.
import { runAdmin } from "./run-admin";

runAdmin(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`kasa admin: ${(error as Error).message.split("\n")[0]}\n`);
    process.exit(1);
  },
);
