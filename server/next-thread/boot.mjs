// The Next thread's first module: a worker thread does not inherit the loader
// that `tsx` (or `node --import tsx`) gave the main thread, so it registers
// tsx's own (for import and for require) before loading the TypeScript entry.
import { register as registerImport } from "tsx/esm/api";
import { register as registerRequire } from "tsx/cjs/api";

registerImport();
registerRequire();
await import("./next-thread.ts");
