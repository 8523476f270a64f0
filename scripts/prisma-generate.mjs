// Runs `prisma generate` offline. Prisma's CLI wants a native schema engine it
// would download at run time; generation does not use it, so any executable
// stub satisfies the check (see DESIGN.md, "Decisions already made").
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const stub = join(mkdtempSync(join(tmpdir(), "kasa-prisma-")), "schema-engine");
writeFileSync(stub, "#!/bin/sh\nexit 0\n");
chmodSync(stub, 0o755);

execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: stub,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
