// The moment a send stops being undoable: right before the carrier, relay or
// provider is called. The request's deadline may have passed (or its client
// left) while the send was being prepared and reserved; then nothing is handed
// over, the reservation is refunded, and the request answers 503.
export type HandOff = {
  commit(): void;
  /** Aborted at the deadline: a hand-off still waiting its turn (a carrier's window) gives up instead of sending late. */
  signal?: AbortSignal;
  /** Time left to answer: a settle still running then finishes behind the answer. */
  remainingMs?(): number;
};

export async function commitOrRefund(handOff: HandOff | undefined, refund: () => Promise<unknown>): Promise<void> {
  if (!handOff) return;
  try {
    handOff.commit();
  } catch (error) {
    await refund();
    throw error;
  }
}
