import { Link } from "@/components/ui/link";
import { DocPage, Code, Table } from "@/components/docs/prose";
import { SMTP_REPLIES, SMTP_SESSION_REPLIES } from "@/server/smtp/smtp-replies";
import { SUBMISSION_LIMITS } from "@/server/smtp/submission-limits";
import { DEFAULT_SUBMISSION_PORT } from "@/server/config/settings-channels";
import { publicUrl } from "@/server/config/public-url";

// This deployment's address in every example, read when the page is served (KASA_PUBLIC_URL).
export const dynamic = "force-dynamic";
export const metadata = { title: "SMTP relay" };

const MB = 1024 * 1024;

/** The SMTP submission service (docs/decisions.md, "SMTP relay"): any app that speaks SMTP sends through Kasa with an API key. */
export default function SmtpDocsPage() {
  return (
    <DocPage
      title="SMTP relay"
      lead="WordPress, Laravel, Django, Rails, Odoo, a printer or a monitoring tool: anything that can send mail through an SMTP server sends through Kasa, with an API key as the password. Each message is one email, exactly as POST /api/v1/email/send makes it."
    >
      <h2 className="text-lg font-semibold">Settings</h2>
      <Table
        head={["Setting", "Value"]}
        rows={[
          ["Host", "your Kasa host (the one the API answers on)"],
          ["Port", `${DEFAULT_SUBMISSION_PORT}, with STARTTLS (KASA_SUBMISSION_PORT)`],
          ["Implicit TLS", "the port in KASA_SUBMISSION_TLS_PORT, when the operator sets one (465-style)"],
          ["Username", <code key="u">kasa</code>],
          ["Password", "an API key with the email:send scope (a test key sends to the sandbox: nothing leaves)"],
          ["Authentication", "PLAIN or LOGIN, after STARTTLS (only the machine itself may authenticate without TLS)"],
        ]}
      />
      <p>
        The <strong>sender</strong> is the message&apos;s <code>From</code> header, display name kept: it must be on one
        of your verified domains. The <strong>recipients</strong> are the envelope&apos;s <code>RCPT TO</code>, at most
        50: those the <code>To</code> and <code>Cc</code> headers name go as <code>to</code> and <code>cc</code>, every
        other one as a blind copy, so Bcc works as mail clients expect and no <code>Bcc</code> header ever leaves.
        Subject, text, HTML, attachments (20 MB in all), <code>Reply-To</code>, your <code>X-</code> headers,{" "}
        <code>In-Reply-To</code>, <code>References</code>, the <code>List-</code> headers and{" "}
        <code>Auto-Submitted</code> carry over; Kasa signs with your domain&apos;s DKIM key and sets the Return-Path, as
        for the API. A message without a subject goes as &quot;(no subject)&quot;.
      </p>
      <p>
        A message resubmitted with the same <code>Message-ID</code> within 24 hours is not sent again: the answer is the
        first one&apos;s (the API&apos;s <Link href="/docs/idempotency">idempotency</Link>, keyed by it). It is charged,
        limited by your plan&apos;s email limits, announced by <code>email.sent</code> and the other events, listed on
        Messages (marked &quot;via SMTP&quot;) and in the request log (one line per message, with the reply).
      </p>

      <h2 className="text-lg font-semibold">Replies</h2>
      <p>
        Every refusal starts with its enhanced status code and then the API&apos;s error code. A <code>4xx</code> reply
        means try again later (your mail queue will); a <code>5xx</code> means it will not work as it is.
      </p>
      <Table
        head={["Reply", "Code", "When"]}
        rows={[
          ...Object.entries(SMTP_REPLIES).map(([code, r]) => [
            <code key="r">{`${r.code} ${r.enhanced}`}</code>,
            <code key="c">{code}</code>,
            r.when,
          ]),
          ...SMTP_SESSION_REPLIES.map((r) => [<code key="r">{r.code}</code>, "", r.when]),
        ]}
      />
      <p>
        Limits: {SUBMISSION_LIMITS.maxMessageBytes / MB} MB a message (552 above), {SUBMISSION_LIMITS.maxPerAddress}{" "}
        connections from one address, {SUBMISSION_LIMITS.idleTimeoutMs / 1000} s idle and{" "}
        {SUBMISSION_LIMITS.sessionTimeoutMs / 60_000} minutes in all per connection, and 10 failed logins per address in
        10 minutes.
      </p>

      <h2 className="text-lg font-semibold">nodemailer (Node.js)</h2>
      <Code>{`const transport = nodemailer.createTransport({
  host: "${new URL(publicUrl()).hostname}",
  port: ${DEFAULT_SUBMISSION_PORT},
  secure: false, // STARTTLS
  requireTLS: true,
  auth: { user: "kasa", pass: process.env.KASA_API_KEY },
});
await transport.sendMail({ from: "Shop <hello@shop.example>", to: "ama@example.com", subject: "Hi", text: "Hello" });`}</Code>

      <h2 className="text-lg font-semibold">Django</h2>
      <Code>{`# settings.py
EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = "${new URL(publicUrl()).hostname}"
EMAIL_PORT = ${DEFAULT_SUBMISSION_PORT}
EMAIL_USE_TLS = True  # STARTTLS
EMAIL_HOST_USER = "kasa"
EMAIL_HOST_PASSWORD = os.environ["KASA_API_KEY"]
DEFAULT_FROM_EMAIL = "Shop <hello@shop.example>"`}</Code>

      <h2 className="text-lg font-semibold">Laravel</h2>
      <Code>{`# .env
MAIL_MAILER=smtp
MAIL_HOST=${new URL(publicUrl()).hostname}
MAIL_PORT=${DEFAULT_SUBMISSION_PORT}
MAIL_ENCRYPTION=tls        # Laravel 11 and later: MAIL_SCHEME=smtp (STARTTLS is used when offered)
MAIL_USERNAME=kasa
MAIL_PASSWORD="\${KASA_API_KEY}"
MAIL_FROM_ADDRESS=hello@shop.example
MAIL_FROM_NAME="Shop"`}</Code>
      <p>
        On a single machine without a certificate configured, Kasa makes a self-signed one. Django and Laravel check
        certificates and will refuse it: give Kasa a real one (<code>KASA_SUBMISSION_TLS_CERT</code> and{" "}
        <code>KASA_SUBMISSION_TLS_KEY</code>), or, for a test, tell nodemailer to accept it (
        <code>tls: {"{ rejectUnauthorized: false }"}</code>). Events of a message sent over SMTP carry{" "}
        <code>&quot;via&quot;: &quot;smtp&quot;</code> in their <code>data</code>.
      </p>
    </DocPage>
  );
}
