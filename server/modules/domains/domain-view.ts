import type { SenderDomain } from "../../db/generated/client";
import { dnsRecordsFor } from "./dns-records";

/** A sender domain as the API and the dashboard show it. */
export function domainView(d: SenderDomain) {
  return {
    id: d.id,
    name: d.name,
    status: d.status,
    primary: d.isPrimary,
    open_tracking: d.openTracking,
    click_tracking: d.clickTracking,
    // Where this domain's bounces come back now (the apex for a domain verified before bounce hosts).
    return_path: process.env.KASA_RETURN_PATH_DOMAIN?.toLowerCase() ?? d.returnPathHost ?? d.name,
    created_at: d.createdAt.toISOString(),
    verified_at: d.verifiedAt?.toISOString() ?? null,
    dns_records: dnsRecordsFor(d),
  };
}
