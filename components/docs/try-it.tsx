"use client";
import { useId, useState } from "react";
import { Link } from "../ui/link";
import { Button } from "../ui/button";
import { ScrollRegion } from "../ui/scroll-region";
import { useTryIt } from "./try-it-context";
import { sendsBody, withPathParams, withQuery } from "./operation-examples";
import { TRY_IT_SCOPES } from "@/server/modules/keys/try-it-scopes";

type Answer = { status: number; requestId: string | null; body: string };

/** Calls the endpoint from the page with the member's Try-it test key and shows the real answer. */
export function TryIt({
  method,
  path,
  example,
  scope,
}: {
  method: string;
  path: string;
  example: Record<string, unknown>;
  /** The scope the operation needs; undefined when it needs none. */
  scope: string | undefined;
}) {
  const tryIt = useTryIt();
  const inputId = useId();
  const withBody = sendsBody(method);
  const [input, setInput] = useState(JSON.stringify(example, null, 2));
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (scope && !(TRY_IT_SCOPES as readonly string[]).includes(scope))
    return (
      <p className="text-muted">
        Not from here: this operation changes the account&apos;s settings ({scope}), which the docs&apos; Try-it key may
        not do. Call it with one of your own keys (the curl above).
      </p>
    );
  if (!tryIt.accounts)
    return (
      <p className="text-muted">
        <Link className="font-medium text-brand-700 hover:underline" href="/signin?callbackUrl=/docs/reference">
          Sign in
        </Link>{" "}
        to call this endpoint from here with a test key.
      </p>
    );
  const account = tryIt.accounts.find((a) => a.id === tryIt.accountId);

  async function send() {
    setProblem(null);
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(input || "{}");
    } catch {
      return setProblem(`The ${withBody ? "body" : "query"} is not JSON.`);
    }
    setSending(true);
    try {
      const target = withPathParams(path, parsed);
      const res = await fetch(withBody ? target.url : withQuery(path, parsed), {
        method: method.toUpperCase(),
        headers: {
          authorization: `Bearer ${tryIt.key}`,
          ...(withBody ? { "content-type": "application/json" } : {}),
        },
        body: withBody ? JSON.stringify(target.rest) : undefined,
      });
      const text = await res.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON: shown as it came.
      }
      setAnswer({ status: res.status, requestId: res.headers.get("x-request-id"), body: pretty });
    } catch {
      setProblem("The request did not reach Kasa.");
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="space-y-2" data-testid="try-it">
      <div className="flex flex-wrap items-center gap-2">
        {tryIt.accounts.length > 1 && (
          <select
            aria-label="Account"
            value={tryIt.accountId ?? ""}
            onChange={(e) => tryIt.setAccountId(e.target.value)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs"
          >
            {tryIt.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        )}
        {tryIt.key ? (
          <span className="font-mono text-muted">Test key {tryIt.key.slice(0, 16)}…</span>
        ) : account?.canMakeKeys ? (
          <Button type="button" variant="secondary" className="text-xs" disabled={tryIt.pending} onClick={tryIt.getKey}>
            {tryIt.pending ? "Making a key…" : "Use a Try-it test key"}
          </Button>
        ) : (
          <span className="text-muted">Viewers cannot make keys: ask a developer or an owner of this account.</span>
        )}
      </div>
      {!tryIt.key && (
        <p className="text-muted">
          A test key named &ldquo;Docs: Try it&rdquo; is made for this page (the sandbox: nothing leaves Kasa, nothing
          is charged); asking again replaces it.
        </p>
      )}
      {tryIt.error && (
        <p role="alert" className="text-red-600">
          {tryIt.error}
        </p>
      )}
      <label htmlFor={inputId} className="block font-medium text-slate-800">
        {withBody ? "Body (JSON)" : "Query (JSON)"}
      </label>
      <textarea
        id={inputId}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        rows={Math.min(12, input.split("\n").length + 1)}
        spellCheck={false}
        className="w-full rounded-md border border-slate-300 px-2 py-1.5 font-mono text-xs"
      />
      <Button type="button" disabled={!tryIt.key || sending} onClick={send}>
        {sending ? "Sending…" : `Send ${method.toUpperCase()} ${path}`}
      </Button>
      {problem && (
        <p role="alert" className="text-red-600">
          {problem}
        </p>
      )}
      {answer && (
        <div aria-live="polite" data-testid="try-it-answer">
          <p className="font-medium">
            <span className={answer.status < 400 ? "text-emerald-700" : "text-red-700"}>{answer.status}</span>
            {answer.requestId && <span className="ml-2 font-mono text-muted">{answer.requestId}</span>}
          </p>
          <ScrollRegion
            as="pre"
            label="Response"
            className="mt-1 max-h-80 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100"
          >
            {answer.body}
          </ScrollRegion>
        </div>
      )}
    </div>
  );
}
