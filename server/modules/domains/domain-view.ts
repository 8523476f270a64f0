import type { SenderDomain } from "../../db/generated/client";
import { bounceHostOf, dnsRecordsFor } from "./dns-records";

/** A sender domain as the API and the dashboard show it. */
export function domainView(d: SenderDomain) {
  return {
    id: d.id,
    name: d.name,
    status: d.status,
    primary: d.isPrimary,
    open_tracking: d.openTracking,
    click_tracking: d.clickTracking,
    return_path: bounceHostOf(d),
    created_at: d.createdAt.toISOString(),
    verified_at: d.verifiedAt?.toISOString() ?? null,
    dns_records: dnsRecordsFor(d),
  };
}
