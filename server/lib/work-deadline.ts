/**
 * An API request's deadline as a long piece of work sees it (an import, a broadcast's start): `checkpoint` between
 * its statements stops it when the time is up (all rolled back, the answer a truthful 503), and `commit` right before
 * COMMIT makes the work the request's answer whatever the time, so a 503 never reports work that then commits.
 */
export type WorkDeadline = { checkpoint(): void; commit(): void };
