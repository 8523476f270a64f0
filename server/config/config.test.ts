import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

function refusal(raw: Record<string, string>): ConfigError {
  try {
    parseConfig(raw);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(raw)}`);
}

describe("the configuration", () => {
  it("gives every unset setting its documented default, typed", () => {
    const config = parseConfig({});
    expect(config.KASA_MAX_IN_FLIGHT).toBe(1000);
    expect(config.KASA_ACCOUNT_SHARE).toBe(0.5);
    expect(config.KASA_SUBMISSION_PORT).toBe(2587);
    expect(config.KASA_SUBMISSION_LOOPBACK_PLAIN).toBe(true);
    expect(config.WEBHOOK_RETRY_SCHEDULE).toEqual([]);
    expect(config.TWILIO_API_BASE_URL).toBe("https://api.twilio.com");
    expect(config.carriers).toEqual([]);
  });

  it("reads what is given into typed values", () => {
    const config = parseConfig({
      KASA_MAX_IN_FLIGHT: " 20 ",
      KASA_SUBMISSION_PORT: "off",
      KASA_DSN_SUCCESS: "1",
      WEBHOOK_RETRY_SCHEDULE: "2, 2,4",
      DATA_PROVIDER: "Reloadly",
      SMS_CARRIERS: "mtn=smpp://kasa:pw@127.0.0.1:2775?window=5,at=africastalking+http://app:key@127.0.0.1:9",
    });
    expect(config.KASA_MAX_IN_FLIGHT).toBe(20);
    expect(config.KASA_SUBMISSION_PORT).toBeUndefined();
    expect(config.KASA_DSN_SUCCESS).toBe(true);
    expect(config.WEBHOOK_RETRY_SCHEDULE).toEqual([2, 2, 4]);
    expect(config.DATA_PROVIDER).toBe("reloadly");
    expect(config.carriers.map((c) => [c.name, c.kind])).toEqual([
      ["mtn", "smpp"],
      ["at", "africastalking"],
    ]);
  });

  it("refuses a bad value naming the variable, the value and the form it wants", () => {
    const inFlight = refusal({ KASA_MAX_IN_FLIGHT: "abc" });
    expect(inFlight.message).toBe('KASA_MAX_IN_FLIGHT="abc" is not valid: expected a whole number, at least 1');
    expect(refusal({ KASA_MAX_IN_FLIGHT: "0" }).setting).toBe("KASA_MAX_IN_FLIGHT");
    expect(refusal({ KASA_MAX_IN_FLIGHT: "1.5" }).setting).toBe("KASA_MAX_IN_FLIGHT");
    expect(refusal({ KASA_ACCOUNT_SHARE: "0" }).setting).toBe("KASA_ACCOUNT_SHARE");
    expect(refusal({ KASA_SUBMISSION_PORT: "70000" }).setting).toBe("KASA_SUBMISSION_PORT");
    expect(refusal({ KASA_PUBLIC_URL: "kasa.example.com" }).setting).toBe("KASA_PUBLIC_URL");
    expect(refusal({ KASA_SANDBOX_PAYMENTS: "yes" }).setting).toBe("KASA_SANDBOX_PAYMENTS");
    expect(refusal({ KASA_SMS_DEFAULT_NUMBERS: "US=4155550123" }).setting).toBe("KASA_SMS_DEFAULT_NUMBERS");
  });

  it("refuses a malformed carrier URL, naming SMS_CARRIERS and hiding its credentials", () => {
    const bad = refusal({ SMS_CARRIERS: "mtn=smpp://kasa:s3cret@" });
    expect(bad.setting).toBe("SMS_CARRIERS");
    expect(bad.message).not.toContain("s3cret");
    expect(refusal({ SMS_CARRIERS: "mtn=carrier-pigeon://x" }).message).toMatch(/unknown carrier scheme/);
    expect(refusal({ SMS_CARRIERS: "just-a-url" }).setting).toBe("SMS_CARRIERS");
    expect(refusal({ SMPP_URL: "smpp://h:2775?window=ten" }).setting).toBe("SMPP_URL");
  });

  it("refuses a secrets key of the wrong length without printing it", () => {
    const short = refusal({ KASA_SECRETS_KEY: "c2hvcnQ=" });
    expect(short.setting).toBe("KASA_SECRETS_KEY");
    expect(short.message).toContain("(hidden, 8 characters)");
    expect(short.message).not.toContain("c2hvcnQ=");
    expect(() => parseConfig({ KASA_SECRETS_KEY: Buffer.alloc(32, 7).toString("base64") })).not.toThrow();
  });
});
