// Whether this process's lean front serves /api/v1 (`npm start`, `npm run
// dev`). Then the App Router's catch-all, in Next's bundle, answers nothing of
// its own: a request that reached it got past the front's ownership of /api/v1
// by an encoding the front did not read as such, and would run outside the
// front's admission, on the dashboard's database lane. Kept on globalThis: the
// front and Next's bundle load this file separately (the Next thread is told
// by its web process).
const holder = globalThis as unknown as { kasaApiServedByFront?: boolean };

export function apiServedByFront(): boolean {
  return holder.kasaApiServedByFront === true;
}

export function markApiServedByFront(): void {
  holder.kasaApiServedByFront = true;
}
