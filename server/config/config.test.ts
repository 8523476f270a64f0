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

  it("takes the forms operators write: a unix-socket database, .5, base64url, yes, * and IPv6 hosts", () => {
    const config = parseConfig({
      DATABASE_URL: "postgresql://kasa:pw@/kasa?host=/var/run/postgresql",
      KASA_ACCOUNT_SHARE: ".5",
      KASA_SECRETS_KEY: Buffer.alloc(32, 251).toString("base64url"),
      KASA_PG_LOG: "yes",
      KASA_SUBMISSION_TRUSTED_PROXIES: "*",
      WEBHOOK_ALLOWED_HOSTS: "localhost,::1,[::1]",
      NODE_ENV: "staging",
      DATA_PROVIDER: "off",
    });
    expect(config).toMatchObject({ KASA_ACCOUNT_SHARE: 0.5, KASA_PG_LOG: true, NODE_ENV: "staging" });
    // Free credit only for exactly `on`.
    expect(refusal({ KASA_SANDBOX_PAYMENTS: "true" }).setting).toBe("KASA_SANDBOX_PAYMENTS");
  });

  it("refuses a malformed carrier URL, naming SMS_CARRIERS and hiding its credentials", () => {
    const bad = refusal({ SMS_CARRIERS: "mtn=smpp://kasa:s3cret@" });
    expect(bad.setting).toBe("SMS_CARRIERS");
    expect(bad.message).not.toContain("s3cret");
    expect(refusal({ SMS_CARRIERS: "mtn=carrier-pigeon://x" }).message).toMatch(/unknown carrier scheme/);
    expect(refusal({ SMS_CARRIERS: "just-a-url" }).setting).toBe("SMS_CARRIERS");
    // A bare URL (SMPP_URL's form) given without its name is refused by position, its password never quoted.
    const bare = refusal({ SMS_CARRIERS: "smpp://kasa:S3cret@smsc.example:2775?window=20" });
    expect(bare.message).toContain("entry 1 is not name=url");
    expect(bare.message).not.toContain("S3cret");
    expect(refusal({ SMS_CARRIERS: "at=twilio://AC1:tok%zz@api.twilio.com" }).message).not.toContain("tok");
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
