// The customer's app answers a USSD hop as Africa's Talking's apps do (issue #41, point 3): a text/plain body that
// starts "CON " (show this and wait for the subscriber's input) or "END " (show this and close the session). Anything
// else ends the session with the account's failure text, and the reason is kept on the hop.
export type AppAnswer =
  | { kind: "continue" | "end"; text: string }
  | {
      kind: "error";
      /** app_timeout and app_unreachable: no whole answer came (call-ussd-app.ts); the others: one that is no screen. */
      reason: "app_status" | "app_format" | "app_empty" | "app_timeout" | "app_unreachable";
      detail: string;
    };

/** The app's answer to one hop, from its HTTP status and body (already read, within the code's timeout). */
export function parseAppAnswer(status: number, body: string): AppAnswer {
  if (status < 200 || status > 299) return { kind: "error", reason: "app_status", detail: `HTTP ${status}` };
  // A byte-order mark or a line break before the keyword is an editor's, not the app's meaning.
  const text = body.replace(/^\uFEFF/, "").replace(/^[\r\n]+/, "");
  const match = /^(CON|END)(?:[ \t]|\r?\n|$)/.exec(text);
  if (!match)
    return text.trim()
      ? { kind: "error", reason: "app_format", detail: `starts "${text.slice(0, 20)}", not "CON " or "END "` }
      : { kind: "error", reason: "app_empty", detail: "an empty answer" };
  // Line endings as the phone shows them; trailing spaces and line breaks are the app's template, not its screen.
  const screen = text.slice(match[0].length).replace(/\r\n/g, "\n").trimEnd();
  return { kind: match[1] === "CON" ? "continue" : "end", text: screen };
}
