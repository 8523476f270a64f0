import { afterAll, beforeAll } from "vitest";
import { TestSmsc } from "./smpp-server";
import { closeLiveCarriers } from "../server/providers/sms";

/** For this test file: a local SMSC, configured as the deployment's only live carrier, "local". */
export function useLocalSmsc(): TestSmsc {
  const smsc = new TestSmsc();
  beforeAll(async () => {
    await smsc.start();
    process.env.SMS_CARRIERS = `local=${smsc.url()}`;
  });
  afterAll(async () => {
    delete process.env.SMS_CARRIERS;
    await closeLiveCarriers();
    await smsc.stop();
  });
  return smsc;
}
