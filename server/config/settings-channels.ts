// Settings of what Kasa sends through and buys from: SMS carriers, the mail
// relay and Kasa's own SMTP services, webhooks, top-up and payment providers,
// and the rules of system mail and Verify.
import {
  decimal,
  list,
  onOff,
  oneOf,
  port,
  portOrOff,
  strictOnOff,
  text,
  url,
  wholeNumber,
  wholeNumbers,
} from "./setting-kinds";

const HOST_NAME = {
  form: "host names or IP addresses",
  test: (v: string) => /^[a-z0-9.-]+$/i.test(v) || /^\[?[0-9a-f:.]+\]?$/i.test(v),
};
const ADDRESS = { form: "IP addresses, or * for any", test: (v: string) => v === "*" || /^[0-9a-f.:]+$/i.test(v) };
const DEFAULT_NUMBER = {
  form: "COUNTRY=+E164 pairs (`US=+14155550123,*=+1...`)",
  test: (v: string) => /^([A-Za-z]{2}|\*)=\+[1-9]\d{6,14}$/.test(v),
};

/** Above 1024 (no root needed), beside the usual 587: operators map 587 to it, or set KASA_SUBMISSION_PORT=587. */
export const DEFAULT_SUBMISSION_PORT = 2587;

export const CHANNEL_SETTINGS = {
  KASA_SMS_DEFAULT_SENDER: text({
    unset: "`Kasa`",
    doc: "The sender used when a send has no `from`, where the country's carriers carry alphanumeric senders.",
  }),
  KASA_SMS_DEFAULT_NUMBERS: list(DEFAULT_NUMBER, {
    unset: "unset",
    doc: "The deployment's numbers for countries whose carriers refuse alphanumeric senders (US, Canada, China...): `US=+14155550123,CA=+1...,*=+1...` (`*`: any such country). Unset for a country: live sends there without `from` answer 503 naming the country and this setting; test keys use `+15005550006`. The coverage API and browser show each country's default.",
  }),
  SMS_CARRIERS: text({
    unset: "unset",
    doc: "The live SMS carriers, by name, in default order: `name=url,...`. `smpp://system_id:password@host:port?window=10&enquire_link_s=30&timeout_s=10&reason.027=absent_subscriber` (one persistent SMPP v3.4 transceiver bind; its USSD profile, where the carrier differs from SMPP v3.4: `ussd.dial=1&ussd.answer=18&ussd.request=2&ussd.response=17&ussd.release=129` for `ussd_service_op`, `ussd.code_in=message|destination`, `ussd.end_bit=on|off`, `ussd.coding=smpp|cbs`), `africastalking://username:API_KEY@api.africastalking.com?callback_token=T` (Africa's Talking), `twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com` (any Twilio-compatible API); `+http` after the scheme speaks plain HTTP to a local peer. No carrier: live SMS answers 503 `SERVICE_UNAVAILABLE` and charges nothing.",
    secret: true,
  }),
  SMPP_URL: url(["smpp:"], { unset: "unset", doc: "Shorthand for one SMPP carrier named `smpp`.", secret: true }),
  TWILIO_ACCOUNT_SID: text({
    unset: "unset",
    doc: "With `TWILIO_AUTH_TOKEN`: shorthand for one Twilio-compatible carrier named `twilio`.",
  }),
  TWILIO_AUTH_TOKEN: text({ unset: "unset", doc: "That carrier's auth token.", secret: true }),
  TWILIO_API_BASE_URL: url(
    ["http:", "https:"],
    {
      unset: "`https://api.twilio.com`",
      doc: "That carrier's API address.",
    },
    "https://api.twilio.com",
  ),
  TWILIO_TIMEOUT_MS: wholeNumber({ min: 1 }, 10_000, { unset: "`10000`", doc: "How long to wait for that carrier." }),
  SMS_RECEIPT_TIMEOUT_S: wholeNumber({ min: 1 }, 259_200, {
    unset: "`259200` (72 h)",
    doc: "A sent live SMS with no final receipt after this long is shown as `unknown`.",
  }),
  KASA_CARRIER_ALERT_MARGIN: decimal({ min: 0, max: 1, above: true }, 0.15, {
    unset: "`0.15`",
    doc: "How far a carrier's delivered rate to a network over the last hour, across accounts, may fall under its rate over the week before (0.15: 15 points) before staff are alerted (the console's banner, `kasa_carrier_alert`, a warning in the log). The alert ends once the rate is back within half of it.",
  }),
  KASA_CARRIER_ALERT_MIN_MESSAGES: wholeNumber({ min: 1 }, 50, {
    unset: "`50`",
    doc: "Live messages a carrier must have sent to a network in the last hour before its rate there can raise an alert (fewer say too little).",
  }),
  KASA_ROUTE_AUTODEMOTE: onOff(false, {
    unset: "off",
    doc: "`on`: while a carrier's alert for a network is open, messages to that network try the route's other carriers first and that carrier last (never dropped); each demotion and restoration is in the audit log. Off: the alert only.",
  }),
  KASA_SHORT_URL: url(["http:", "https:"], {
    unset: "`<KASA_PUBLIC_URL>/l`",
    doc: "The short domain of SMS short links (`shorten_links: true`): links become `<this>/<id>`, so `https://k.example` gives `https://k.example/AbC123xy`. Route that host to Kasa with its `Host` header kept: `npm start` serves `/<id>` on it; behind `npm run start:next`, rewrite `/<id>` to `/l/<id>` at the proxy, or give a path (`https://k.example/l`). A shorter one is cheaper: every character of a link is paid for in segments.",
  }),
  KASA_SHORT_LINK_DAYS: wholeNumber({ min: 1, max: 3650 }, 90, {
    unset: "`90`",
    doc: "How long an SMS short link redirects, from its message's acceptance; after that it answers a plain page saying it expired (410). Read when a link is made: a change applies to new links.",
  }),
  KASA_INSIGHTS_VIEW_ROWS: wholeNumber({ min: 1 }, 2_000, {
    unset: "`2000`",
    doc: "An account whose last 7 days hold more delivery-counter rows than this (one per day and combination of country, network, carrier, sender, broadcast, outcome and delivery time) gets delivery views: its counters summed per dimension, so its Insights page and analytics read its groups, not every combination. Checked hourly by the worker; once on, they stay on.",
  }),
  WHATSAPP_GRAPH_URL: url(
    ["http:", "https:"],
    {
      unset: "`https://graph.facebook.com/v21.0`",
      doc: "Meta's Graph API, with its version, for WhatsApp's Cloud API (a local stand-in in tests).",
    },
    "https://graph.facebook.com/v21.0",
  ),
  WHATSAPP_TIMEOUT_MS: wholeNumber({ min: 1 }, 10_000, {
    unset: "`10000`",
    doc: "How long to wait for the Graph API.",
  }),
  KASA_WHATSAPP_SETTLE_HOURS: wholeNumber({ min: 1 }, 24, {
    unset: "`24`",
    doc: "A WhatsApp message's price is held until Meta says delivered (captured) or failed (refunded); one Meta said neither of for this many hours is captured.",
  }),
  KASA_USSD_SANDBOX_CODE: text(
    {
      unset: "`*384#`",
      doc: "The deployment's shared USSD test code. Every account gets an extension of it (`*384*100#`), usable at once with test keys in the simulator (`POST /api/v1/ussd/simulate`) and the dashboard's phone.",
    },
    { form: "a USSD code, * then digits then #, e.g. *384#", test: (v) => /^\*[0-9]+#$/.test(v) },
  ),
  KASA_USSD_IDLE_SECONDS: wholeNumber({ min: 10, max: 600 }, 120, {
    unset: "`120`",
    doc: "A USSD session that hears nothing for this long is closed (`ended_reason` `timeout`) and, when live, charged: networks drop a dialogue well before then.",
  }),
  SMTP_URL: url(["smtp:", "smtps:"], {
    unset: "unset",
    doc: "The live mail relay, `smtp://user:pass@host:587` (STARTTLS when offered; `?tls=required` insists) or `smtps://...:465`. Unset: live email answers 503 `SERVICE_UNAVAILABLE`.",
    secret: true,
  }),
  SMTP_POOL_SIZE: wholeNumber({ min: 1, max: 1000 }, 10, {
    unset: "`10`",
    doc: "Pooled connections to the relay (a batch shares them).",
  }),
  KASA_SYSTEM_FROM: text({
    unset: "`Kasa <no-reply@<public host>>`",
    doc: 'The sender of Kasa\'s own mail (verification, password reset, invites, new-device notices), which goes through `SMTP_URL`. With no relay each such mail is written to the server log with its link instead (see "Accounts and teams").',
  }),
  KASA_SUPPORT_EMAIL: text(
    {
      unset: "unset (pages then say to ask whoever runs this deployment)",
      doc: "Where customers write for help (plan changes, a locked account): shown on every page that mentions support.",
    },
    { form: "an email address", test: (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) },
  ),
  KASA_NETWORK_MAIL_LIMIT: wholeNumber({ min: 1 }, undefined, {
    unset: "unset",
    doc: "Replaces every per-network-address limit on system mail (sign-ups 10 an hour, resets and verifications 20): raise it when many users share one address.",
  }),
  KASA_WEBAUTHN_ORIGIN: url(["http:", "https:"], {
    unset: "the public URL's origin",
    doc: "The origin people sign in on, for passkeys (its host name is the relying-party id). WebAuthn refuses IP addresses: a machine reached as `http://127.0.0.1:3000` sets `http://localhost:3000`.",
  }),
  KASA_EMAIL_DEFAULT_LOCAL_PART: text({
    unset: "`noreply`",
    doc: "Sender used when a send has no `from`: `<this>@<primary domain>`.",
  }),
  KASA_INBOUND_MX: text({
    unset: "`inbound.<public host>`",
    doc: "The MX host customers publish for their sending domains.",
  }),
  KASA_SPF_INCLUDE: text({ unset: "`_spf.<public host>`", doc: "The SPF include customers publish." }),
  KASA_RETURN_PATH_SUBDOMAIN: text({
    unset: "`send`",
    doc: 'The bounce host of each sending domain: mail leaves with the Return-Path `bounces+<id>.<sig>@send.<domain>`, and the domain page asks for an MX (to `KASA_INBOUND_MX`) and an SPF record on that host only, never for the domain\'s own MX. Bounces and DSNs arriving there raise `email.bounced`, `email.delivery_delayed` and `email.delivered`. Domains verified before bounce hosts keep their apex Return-Path until "Check DNS" finds the new records.',
  }),
  KASA_RETURN_PATH_DOMAIN: text({
    unset: "unset",
    doc: "Instead of a host per customer domain, one bounce domain of the deployment's (its MX pointing at the inbound server): customers then publish DKIM only; SPF no longer aligns with their domain (DKIM still does, for DMARC).",
  }),
  KASA_DSN_SUCCESS: onOff(false, {
    unset: "off",
    doc: "`on`: ask the relay for success reports too (`NOTIFY=SUCCESS,FAILURE,DELAY`), which `email.delivered` needs; otherwise `FAILURE,DELAY`. DSN is asked only of a relay that advertises it (`ENVID` = the email id, `RET=HDRS`); a message sent through one that does not says so on its page and in `delivery_reports`.",
  }),
  INBOUND_SMTP_PORT: port(undefined, {
    unset: "unset",
    doc: "The worker's inbound SMTP server, where bounces arrive (through the MX record customers publish). 30 MiB per message, 100 sessions, 10 per address, 30 s idle.",
  }),
  INBOUND_SMTP_HOST: text({ unset: "`0.0.0.0`", doc: "The address the inbound SMTP server listens on." }),
  KASA_SUBMISSION_PORT: portOrOff(DEFAULT_SUBMISSION_PORT, {
    unset: "`2587`",
    doc: "The SMTP submission service (STARTTLS; any username, an API key with `email:send` as the password), served by web processes (`npm start`, `npm run dev`). `off` disables it. See `/docs/smtp`.",
  }),
  KASA_SUBMISSION_TLS_PORT: portOrOff("off", {
    unset: "unset",
    doc: "Also serve it with implicit TLS (465-style) on this port.",
  }),
  KASA_SUBMISSION_TLS_CERT: text({
    unset: "unset",
    doc: "Its certificate (a PEM file, or the PEM text). Unset, with `KASA_SUBMISSION_TLS_KEY`: a self-signed pair made once into the data dir (`.data/smtp-tls`).",
  }),
  KASA_SUBMISSION_TLS_KEY: text({
    unset: "unset",
    doc: "Its private key (a PEM file, or the PEM text).",
    secret: true,
  }),
  KASA_SUBMISSION_TRUSTED_PROXIES: list(ADDRESS, {
    unset: "unset",
    doc: "Load balancers (comma-separated addresses) that send the PROXY protocol header: the client's own address then counts for the per-address limits and the failed-AUTH throttle.",
  }),
  KASA_SUBMISSION_LOOPBACK_PLAIN: onOff(true, {
    unset: "`on`",
    doc: "Whether clients on the machine itself may AUTH without TLS. Turn it `off` behind a proxy on the same host (every client would look local).",
  }),
  KASA_SUBMISSION_HOST: text({ unset: "`0.0.0.0`", doc: "Where the submission service listens." }),
  KASA_SUBMISSION_HOSTNAME: text({
    unset: "the machine's name",
    doc: "The name it greets with (and puts in a self-signed certificate).",
  }),
  WEBHOOK_ALLOWED_HOSTS: list(HOST_NAME, {
    unset: "unset",
    doc: "Hosts exempted from the private-address check on webhook URLs (development and tests only).",
  }),
  WEBHOOK_CONCURRENCY: wholeNumber({ min: 1, max: 10_000 }, 64, {
    unset: "`64`",
    doc: "Webhook attempts each worker keeps in flight.",
  }),
  WEBHOOK_ENDPOINT_SHARE: decimal({ min: 0, max: 1, above: true }, 0.25, {
    unset: "`0.25`",
    doc: "The share of those one endpoint may hold, so a slow receiver delays only its own deliveries.",
  }),
  WEBHOOK_RETRY_SCHEDULE: wholeNumbers({
    unset: "`5,300,1800,7200,18000,36000,36000`",
    doc: "Seconds between webhook attempts (tests shrink it).",
  }),
  WEBHOOK_LEASE_S: wholeNumber({ min: 1 }, 60, {
    unset: "`60`",
    doc: "How long a worker holds a claimed delivery; a crashed worker's claims come back after it (never less than an attempt's 12 s).",
  }),
  WEBHOOK_DISABLE_AFTER_S: wholeNumber({ min: 1 }, 432_000, {
    unset: "`432000` (5 days)",
    doc: "An endpoint whose every attempt failed this long is disabled.",
  }),
  KASA_VERIFICATION_HOURLY_CAP: wholeNumber({ min: 0 }, 500, {
    unset: "`500`",
    doc: "Verification codes the whole deployment texts in an hour (the other caps are per number and per account; docs/decisions.md).",
  }),
  KASA_VERIFY_FROM: text({
    unset: "`verify@` the public host",
    doc: 'The address Verify emails go from for an account with no verified domain of its own (named "<brand> via Kasa"; at most 50 a day per account). Never the address of Kasa\'s own mail.',
  }),
  RELOADLY_CLIENT_ID: text({
    unset: "unset",
    doc: "With `RELOADLY_CLIENT_SECRET`: live airtime and live Ghana data bundles through Reloadly (OAuth client credentials; the same account sells both). Unset: live airtime and data answer 503 `SERVICE_UNAVAILABLE`.",
  }),
  RELOADLY_CLIENT_SECRET: text({ unset: "unset", doc: "Reloadly's client secret.", secret: true }),
  RELOADLY_AUTH_URL: url(
    ["http:", "https:"],
    {
      unset: "`https://auth.reloadly.com`",
      doc: "Reloadly's token endpoint.",
    },
    "https://auth.reloadly.com",
  ),
  RELOADLY_API_URL: url(
    ["http:", "https:"],
    {
      unset: "`https://topups.reloadly.com`",
      doc: "Reloadly's API (`https://topups-sandbox.reloadly.com` for Reloadly's sandbox).",
    },
    "https://topups.reloadly.com",
  ),
  DATA_PROVIDER: oneOf(["reloadly", "none", "off"], "reloadly", {
    unset: "`reloadly`",
    doc: "Who sells live data bundles: `reloadly`, or `none` (also `off`): live data then answers 503, for a Reloadly account without Ghana data operators). Each `data_bundles` row (network + `capacity_gb`) is matched, at purchase, to the Reloadly data plan of that network and size that lasts at least its `validity_days`; a size Reloadly does not sell answers 400 `PURCHASE_FAILED`, refunded. `provider_code` `reloadly:<operatorId>:<amount>` pins a row to one plan.",
  }),
  LOOKUP_URL: url(["http:", "https:"], {
    unset: "unset",
    doc: "The number lookup provider, speaking Twilio's Lookup v2 (`https://ACCOUNT_SID:AUTH_TOKEN@lookups.twilio.com`). Unset: a lookup says the network a number's range was allocated to (`source: \"prefix\"`), and top-ups go by it.",
    secret: true,
  }),
  LOOKUP_TIMEOUT_MS: wholeNumber({ min: 1 }, 3_000, {
    unset: "`3000`",
    doc: 'How long to wait for the lookup provider; past it, the answer falls back to the number\'s range (`source: "prefix"`).',
  }),
  LOOKUP_CACHE_HOURS: wholeNumber({ min: 0 }, 24, {
    unset: "`24`",
    doc: "How long a provider's answer for a number is kept (a number moving networks is rare); 0 asks every time.",
  }),
  TOPUP_TIMEOUT_MS: wholeNumber({ min: 1 }, 15_000, {
    unset: "`15000`",
    doc: "How long to wait for a top-up provider.",
  }),
  TOPUP_RECONCILE_AFTER_S: wholeNumber({ min: 0 }, 30, {
    unset: "`30`",
    doc: "When to first ask about a purchase that got no answer (then doubling, at most hourly).",
  }),
  AIRTIME_MARGIN: decimal({ min: 0, max: 1 }, 0.03, {
    unset: "`0.03`",
    doc: "Added to the operator's exchange rate when pricing airtime.",
  }),
  PAYSTACK_SECRET_KEY: text({
    unset: "unset",
    doc: "Balance top-ups by card and mobile money. Register `https://<your host>/api/payments/paystack/webhook` as the webhook URL in Paystack.",
    secret: true,
  }),
  PAYSTACK_API_URL: url(
    ["http:", "https:"],
    { unset: "`https://api.paystack.co`", doc: "Paystack's API address." },
    "https://api.paystack.co",
  ),
  KASA_SANDBOX_PAYMENTS: strictOnOff(false, {
    unset: "`on` under `npm run dev`, off otherwise",
    doc: "Without Paystack, a sandbox checkout stands in (it credits for free, so only `on` enables it; `NODE_ENV` alone never does).",
  }),
};
