/**
 * Reads a body stream whole, or gives up as soon as it passes `cap` bytes
 * (null): the rest is never read into memory, and the stream is cancelled.
 */
export async function readCapped(stream: ReadableStream<Uint8Array>, cap: number): Promise<Buffer | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
