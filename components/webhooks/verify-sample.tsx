import { Card } from "../ui/card";
import { VERIFY_WEBHOOK_SAMPLE as SAMPLE } from "./verify-sample-code";
import { ScrollRegion } from "../ui/scroll-region";

export function VerifySample() {
  return (
    <Card title="Verify signatures (Node)" className="mt-6">
      <p className="mb-3 text-sm text-slate-600">
        Answer 401 when neither signature matches. Deduplicate on <code>transaction_id</code> + <code>event</code>.
      </p>
      <ScrollRegion
        as="pre"
        className="overflow-x-auto rounded-md bg-slate-900 p-4 text-xs text-slate-100"
        label="Verification sample"
      >
        {SAMPLE}
      </ScrollRegion>
    </Card>
  );
}
