// The plain pages Kasa answers outside the app for links people follow from
// messages (unsubscribe, short links): no script, no tracking, not cached, and
// no Referer carried onward.
export function plainPage(status: number, title: string, line: string, extra = ""): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#111827}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:0;background:#111827;color:#fff;cursor:pointer}</style></head>
<body><main><h1>${title}</h1><p>${line}</p>${extra}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  });
}
