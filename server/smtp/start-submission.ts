// Starts the SMTP submission service beside the web server (`npm start`, `npm run dev`; every web process when
// there are several, sharing the port through node:cluster), unless KASA_SUBMISSION_PORT is `off`. It is a front
// of the API, like /api/v1: web processes serve it, workers do not. A port it cannot take is logged, not fatal: the
// HTTP API goes on serving.
import { logger } from "../lib/logger";
import { startSubmissionServer } from "./submission-server";
import { submissionTls } from "./tls-material";
import { DEFAULT_SUBMISSION_PORT } from "./submission-limits";

export async function startSubmissionBesideWeb(announce: boolean) {
  const port = portSetting("KASA_SUBMISSION_PORT", String(DEFAULT_SUBMISSION_PORT));
  if (port === undefined) return undefined;
  const tlsPort = portSetting("KASA_SUBMISSION_TLS_PORT", "off");
  try {
    const tls = await submissionTls();
    const service = await startSubmissionServer({
      port,
      host: process.env.KASA_SUBMISSION_HOST,
      tlsPort,
      tls,
      trustedProxies: process.env.KASA_SUBMISSION_TRUSTED_PROXIES?.split(",")
        .map((a) => a.trim())
        .filter(Boolean),
      loopbackWithoutTls: process.env.KASA_SUBMISSION_LOOPBACK_PLAIN !== "off",
    });
    if (announce)
      logger().info(
        `kasa: SMTP submission on port ${service.port} (STARTTLS${service.tlsPort ? `; implicit TLS on ${service.tlsPort}` : ""}${tls.selfSigned ? ", self-signed certificate" : ""})`,
      );
    return service;
  } catch (error) {
    logger().error({ err: error }, `kasa: SMTP submission not started: ${(error as Error).message}`);
    return undefined;
  }
}

/** A port number, or undefined for `off`; anything else stops the start with a clear message. */
function portSetting(name: string, fallback: string): number | undefined {
  const value = process.env[name] ?? fallback;
  if (value === "off") return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${name} must be a port number or off`);
  return port;
}
