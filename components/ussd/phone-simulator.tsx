"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { SelectField } from "../ui/select-field";
import type { SimulatedHop, UssdCodeRow } from "./ussd-types";

/**
 * A phone without a carrier (POST /api/v1/ussd/simulate's use case): dial a code, read the screen, answer it. Each
 * hop lists what the app was sent, what it answered and how long it took, so an app can be built against this page.
 */
export function PhoneSimulator({ accountId, codes }: { accountId: string; codes: UssdCodeRow[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [serviceCode, setServiceCode] = useState(codes[0]?.service_code ?? "");
  const [phone, setPhone] = useState("+233241234567");
  const [reply, setReply] = useState("");
  const [hops, setHops] = useState<SimulatedHop[]>([]);
  const hop = useMutation(
    trpc.ussd.simulate.mutationOptions({
      onSuccess: (answer) => {
        setHops((shown) => [...shown, answer]);
        setReply("");
        if (!answer.continues) {
          // The session is in the log now, and in the day's bar.
          void queryClient.invalidateQueries({ queryKey: trpc.ussd.sessions.pathKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.ussd.sessionDays.pathKey() });
        }
      },
    }),
  );
  const last = hops.at(-1);
  const open = last?.continues === true;
  const dial = () => {
    setHops([]);
    hop.mutate({ accountId, service_code: serviceCode, phone_number: phone });
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (last)
      hop.mutate({
        accountId,
        service_code: serviceCode,
        phone_number: phone,
        session_id: last.session_id,
        input: reply,
      });
  };
  return (
    <Card title="Try it on a phone" label="USSD phone">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]">
        <div className="rounded-[1.75rem] border-4 border-slate-800 bg-slate-900 p-3 shadow-inner">
          <output
            aria-live="polite"
            aria-label="Phone screen"
            data-testid="phone-screen"
            className="block min-h-40 whitespace-pre-wrap break-words rounded-md bg-emerald-50 p-3 font-mono text-sm text-slate-900"
          >
            {last ? last.screen : `Dial ${serviceCode}`}
          </output>
          {open ? (
            <form onSubmit={send} aria-label="Answer the screen" className="mt-3 flex gap-2">
              <label htmlFor="ussd-reply" className="sr-only">
                Your answer
              </label>
              <input
                id="ussd-reply"
                autoComplete="off"
                inputMode="numeric"
                value={reply}
                onChange={(e) => setReply(e.target.value)}
                className="min-w-0 flex-1 rounded-md border border-slate-600 bg-slate-800 px-2 py-1.5 text-sm text-white outline-none focus:ring-2 focus:ring-emerald-400"
              />
              <Button type="submit" disabled={hop.isPending}>
                Send
              </Button>
            </form>
          ) : (
            <Button className="mt-3 w-full" onClick={dial} disabled={hop.isPending || !serviceCode}>
              {last ? "Dial again" : "Dial"}
            </Button>
          )}
        </div>
        <div className="grid content-start gap-3">
          <SelectField
            id="ussd-dial-code"
            label="Code"
            value={serviceCode}
            onChange={(e) => setServiceCode(e.target.value)}
          >
            {codes.map((c) => (
              <option key={c.id} value={c.service_code}>
                {c.service_code}
              </option>
            ))}
          </SelectField>
          <Field id="ussd-phone" label="Phone number" value={phone} onChange={(e) => setPhone(e.target.value)} />
          {hop.error && (
            <p role="alert" className="text-sm text-red-600">
              {hop.error.message}
            </p>
          )}
          {hops.length > 0 && <HopList hops={hops} />}
        </div>
      </div>
    </Card>
  );
}

function HopList({ hops }: { hops: SimulatedHop[] }) {
  return (
    <ol aria-label="Hops" className="grid gap-2 text-xs">
      {hops.map(({ hop }) => (
        <li key={hop.seq} className="rounded-md border border-slate-200 p-2">
          <p className="font-medium text-slate-800">
            Hop {hop.seq}: {hop.input === null ? "dialled" : `typed "${hop.input}"`}
          </p>
          <p className="mt-1 text-slate-600">
            {hop.text === null
              ? "A page Kasa served itself (98 More, 0 Back): your app was not asked."
              : `Your app got text="${hop.text}" and answered ${hop.error ? `badly (${hop.error})` : hop.continues ? "CON" : "END"}${hop.app_ms === null ? "" : ` in ${hop.app_ms} ms`}; Kasa's own time ${hop.kasa_ms} ms.`}
          </p>
        </li>
      ))}
    </ol>
  );
}
