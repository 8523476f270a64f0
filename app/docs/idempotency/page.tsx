import { DocPage, Code } from "@/components/docs/prose";

export const metadata = { title: "Idempotency" };

export default function IdempotencyPage() {
  return (
    <DocPage title="Idempotency" lead="Retry safely: the same idempotency_key never sends or buys twice.">
      <p>
        Put <code>idempotency_key</code> (any string up to 255 characters, unique per operation) in the body of{" "}
        <code>POST /sms/send</code>, <code>POST /email/send</code>, <code>POST /verify/send</code>,{" "}
        <code>POST /data/purchase</code> or <code>POST /airtime/purchase</code>. Keys are scoped to your account, the
        service and the key's mode, and kept 24 hours.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          A repeat of a request that succeeded gets the original answer again, with{" "}
          <code>X-Idempotent-Replay: true</code> and an <code>_idempotent</code> marker. Nothing is sent again.
        </li>
        <li>
          A repeat while the first is still running gets 409 <code>REQUEST_IN_PROGRESS</code>: retry shortly.
        </li>
        <li>
          The same key with a different body is 409 <code>CONFLICT</code> (<code>reason: idempotency_key_reused</code>).
        </li>
        <li>
          A request that failed releases its key, so the retry really runs. One exception: a top-up the provider
          received but did not answer in time (502 <code>PROVIDER_ERROR</code> with <code>status: "pending"</code>)
          keeps its key, because it may have been delivered; Kasa settles it with the provider, and the repeat replays
          that answer.
        </li>
      </ul>
      <Code>{`{ "success": true, "data": { "transaction_id": "sms_…", … },
  "_idempotent": { "replayed": true, "message": "This response was replayed from an earlier request with the same idempotency_key; nothing was sent again." } }`}</Code>
    </DocPage>
  );
}
