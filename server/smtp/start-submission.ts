// Starts the SMTP submission service beside the web server (`npm start`, `npm run dev`; every web process when
// there are several, sharing the port through node:cluster), unless KASA_SUBMISSION_PORT is `off`. It is a front
// of the API, like /api/v1: web processes serve it, workers do not. A port it cannot take is logged, not fatal: the
// HTTP API goes on serving.
import { logger } from "../lib/logger";
import { startSubmissionServer } from "./submission-server";
import { submissionTls } from "./tls-material";
import { config } from "../config/config";

export async function startSubmissionBesideWeb(announce: boolean) {
  const settings = config();
  const port = settings.KASA_SUBMISSION_PORT;
  if (port === undefined) return undefined;
  try {
    const tls = await submissionTls();
    const service = await startSubmissionServer({
      port,
      host: settings.KASA_SUBMISSION_HOST,
      tlsPort: settings.KASA_SUBMISSION_TLS_PORT,
      tls,
      trustedProxies: settings.KASA_SUBMISSION_TRUSTED_PROXIES,
      loopbackWithoutTls: settings.KASA_SUBMISSION_LOOPBACK_PLAIN,
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
