import { describe, expect, it } from "vitest";
import { defaultAccountName } from "./default-account-name";

describe("the name of an account sign-up left unnamed", () => {
  it("is the company of a work address, and Personal account for a mailbox provider's", () => {
    expect(defaultAccountName("ama@acme-foods.com")).toBe("Acme Foods");
    expect(defaultAccountName("kofi@mtn.com.gh")).toBe("Mtn");
    expect(defaultAccountName("second@gmail.com")).toBe("Personal account");
    expect(defaultAccountName("SECOND@Outlook.com")).toBe("Personal account");
  });
});
