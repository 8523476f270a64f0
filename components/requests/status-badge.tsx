import { Badge } from "../ui/badge";

export function StatusBadge({ status }: { status: number }) {
  return <Badge tone={status < 300 ? "green" : status < 500 ? "amber" : "red"}>{status}</Badge>;
}
