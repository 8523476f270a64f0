import type { AnalyticsChannel } from "@/server/modules/insights/delivery-dimensions";

/** The outcomes a channel's volume chart stacks, in order, with their names and colours (green: it arrived). */
export const OUTCOMES: Record<AnalyticsChannel, { id: string; name: string; color: string }[]> = {
  sms: [
    { id: "delivered", name: "Delivered", color: "#1f9d63" },
    { id: "sent", name: "On its way", color: "#3b82f6" },
    { id: "failed", name: "Failed", color: "#dc2626" },
    { id: "unknown", name: "Unknown", color: "#64748b" },
  ],
  email: [
    { id: "delivered", name: "Delivered", color: "#1f9d63" },
    { id: "sent", name: "On its way", color: "#3b82f6" },
    { id: "bounced", name: "Bounced", color: "#b45309" },
    { id: "failed", name: "Failed", color: "#dc2626" },
    { id: "unknown", name: "Unknown", color: "#64748b" },
  ],
  verify: [
    { id: "approved", name: "Approved", color: "#1f9d63" },
    { id: "pending", name: "Pending", color: "#3b82f6" },
    { id: "failed", name: "Failed", color: "#dc2626" },
    { id: "expired", name: "Expired", color: "#64748b" },
  ],
  webhook: [
    { id: "succeeded", name: "Succeeded", color: "#1f9d63" },
    { id: "pending", name: "Retrying", color: "#3b82f6" },
    { id: "failed", name: "Failed", color: "#dc2626" },
  ],
};

/** What each channel calls its "delivered" (the rate the page leads with). */
export const DELIVERED: Record<AnalyticsChannel, { id: string; name: string }> = {
  sms: { id: "delivered", name: "Delivered" },
  email: { id: "delivered", name: "Delivered" },
  verify: { id: "approved", name: "Approved" },
  webhook: { id: "succeeded", name: "Succeeded" },
};

export const DIMENSION_NAMES: Record<string, string> = {
  country: "Country",
  network: "Network",
  sender: "Sender",
  domain: "Recipient domain",
  route: "Channel",
  endpoint: "Endpoint",
  event: "Event",
  reason: "Reason",
};

export const percent = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? "–" : `${(rate * 100).toFixed(1)} %`;

export const seconds = (s: number) =>
  s < 120 ? `${s} s` : s < 7200 ? `${(s / 60).toFixed(1)} min` : `${(s / 3600).toFixed(1)} h`;
