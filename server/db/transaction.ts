import { db, type Tx } from "./client";

/** Runs fn inside the caller's transaction when given one, else in a new one. */
export function inTransaction<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : db().$transaction(fn);
}
