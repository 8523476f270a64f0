// Starts the SMTP submission service beside the web server (`npm start`, `npm run dev`; every web process when
// there are several, sharing the port through node:cluster), unless KASA_SUBMISSION_PORT is `off`. It is a front
// of the API, like /api/v1: web processes serve it, workers do not.
import { logger } from "../lib/logger";
import { startSubmissionServer } from "./submission-server";
import { submissionTls } from "./tls-material";
import { DEFAULT_SUBMISSION_PORT } from "./submission-limits";

export async function startSubmissionBesideWeb(announce: boolean) {
  const setting = process.env.KASA_SUBMISSION_PORT ?? String(DEFAULT_SUBMISSION_PORT);
  if (setting === "off") return undefined;
  const tls = await submissionTls();
  const tlsPort = process.env.KASA_SUBMISSION_TLS_PORT;
  const service = await startSubmissionServer({
    port: Number(setting),
    host: process.env.KASA_SUBMISSION_HOST,
    tlsPort: tlsPort ? Number(tlsPort) : undefined,
    tls,
  });
  if (announce)
    logger().info(
      `kasa: SMTP submission on port ${service.port} (STARTTLS${service.tlsPort ? `; implicit TLS on ${service.tlsPort}` : ""}${tls.selfSigned ? ", self-signed certificate" : ""})`,
    );
  return service;
}
