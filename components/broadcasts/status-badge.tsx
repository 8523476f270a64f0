import { Badge } from "../ui/badge";

const TONE = {
  draft: "slate",
  scheduled: "blue",
  sending: "blue",
  paused: "amber",
  sent: "green",
  cancelled: "slate",
} as const;

export function BroadcastStatusBadge({ status }: { status: keyof typeof TONE }) {
  return <Badge tone={TONE[status]}>{status}</Badge>;
}
