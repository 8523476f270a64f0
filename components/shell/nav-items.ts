import {
  Activity,
  BarChart3,
  CreditCard,
  Globe2,
  KeyRound,
  LayoutDashboard,
  MessageSquare,
  ScrollText,
  ShieldAlert,
  Settings,
  ShieldCheck,
  Smartphone,
  Users,
  Webhook,
} from "lucide-react";

/** The dashboard's sidebar, in the order of the foundation issue. */
export const NAV_ITEMS = [
  { segment: "", label: "Overview", icon: LayoutDashboard },
  { segment: "keys", label: "API keys", icon: KeyRound },
  { segment: "messages", label: "Messages", icon: MessageSquare },
  { segment: "domains", label: "Domains & senders", icon: ShieldCheck },
  { segment: "verify", label: "Verify", icon: ShieldAlert },
  { segment: "webhooks", label: "Webhooks", icon: Webhook },
  { segment: "topups", label: "Top-ups", icon: Smartphone },
  { segment: "coverage", label: "Coverage", icon: Globe2 },
  { segment: "requests", label: "Request log", icon: Activity },
  { segment: "usage", label: "Usage", icon: BarChart3 },
  { segment: "billing", label: "Billing", icon: CreditCard },
  { segment: "team", label: "Team", icon: Users },
  { segment: "audit", label: "Audit log", icon: ScrollText, ownersOnly: true },
  { segment: "settings", label: "Settings", icon: Settings },
] as const;
