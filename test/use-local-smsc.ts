import { afterAll, beforeAll } from "vitest";
import { TestSmsc } from "./smpp-server";
import { closeLiveCarriers } from "../server/providers/sms";
import { configure } from "../server/config/config";

/** For this test file: a local SMSC, configured as the deployment's only live carrier, "local". */
export function useLocalSmsc(): TestSmsc {
  const smsc = new TestSmsc();
  let restore = () => {};
  beforeAll(async () => {
    await smsc.start();
    restore = configure({ SMS_CARRIERS: `local=${smsc.url()}` });
  });
  afterAll(async () => {
    restore();
    await closeLiveCarriers();
    await smsc.stop();
  });
  return smsc;
}
