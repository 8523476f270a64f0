// A USSD app for Kasa, runnable as it is: `KASA_USSD_SECRET=whsec_... PORT=3000 npx tsx ussd-app.ts`, put behind
// https (Kasa calls public https addresses only), and set your code's callback_url to it. Each screen is a form
// POST signed with the code's signing_secret; the app answers CON (wait for the subscriber) or END (the last screen).
import { createServer, type RequestListener } from "node:http";
import { pathToFileURL } from "node:url";
import { KasaWebhookError, ussdAnswer, verifyUssdCallback } from "@kasa/sdk";

/**
 * What the subscriber reads after the inputs so far ([] on the dial). Every input is kept in the session's record
 * (the log, the ussd.session.ended event): ask for no PIN or password here.
 */
export function menu(inputs: string[]): string {
  const [choice, amount] = inputs;
  if (choice === undefined) return ussdAnswer.continue("Kasa Bank\n1. My balance\n2. Buy airtime");
  if (choice === "1") return ussdAnswer.end("Your balance is GHS 10.00");
  if (choice !== "2") return ussdAnswer.end("Please choose 1 or 2.");
  if (amount === undefined) return ussdAnswer.continue("Amount (GHS)");
  return ussdAnswer.end(`You will get GHS ${amount} of airtime.`);
}

/** The app's request handler: a callback whose signature does not hold is refused (401) and changes nothing. */
export function ussdApp(secret: string): RequestListener {
  return async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      const hop = await verifyUssdCallback(Buffer.concat(chunks), request.headers, secret);
      response.writeHead(200, { "content-type": "text/plain" }).end(menu(hop.inputs));
    } catch (error) {
      // Not Kasa's signature: refused. Anything else is the app's own failure (Kasa shows the failure text).
      const forged = error instanceof KasaWebhookError;
      if (!forged) console.error(error);
      response.writeHead(forged ? 401 : 500).end();
    }
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.KASA_USSD_SECRET;
  if (!secret) throw new Error("Set KASA_USSD_SECRET to your code's signing_secret (GET /api/v1/ussd/codes)");
  createServer(ussdApp(secret)).listen(Number(process.env.PORT ?? 3000));
}
