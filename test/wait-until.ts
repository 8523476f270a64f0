/** Polls `check` until it holds; throws, naming what it waited for, when `timeoutMs` runs out. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20));
  }
}
