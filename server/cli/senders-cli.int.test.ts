import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { apiCustomer } from "../../test/api";
import { adminRun } from "../../test/run-admin";

async function admin(...args: string[]) {
  const run = await adminRun(...args, "--json");
  return { ...run, json: run.code === 0 ? JSON.parse(run.stdout) : null };
}

describe("operator CLI for senders and routes", () => {
  it("sender-id add [--approved], phone add --verified and route set do what they say, audited; bad arguments are exit 2 with no change", async () => {
    const c = await apiCustomer();
    const pending = await admin("sender-id", "add", "--account", c.accountId, "--name", "ShopGH", "--country", "gh");
    expect(pending.json.sender_id).toMatchObject({ name: "ShopGH", country: "GH", status: "pending" });
    const approved = await admin(
      "sender-id",
      "add",
      "--account",
      c.accountId,
      "--name",
      "ShopGH",
      "--country",
      "NG",
      "--approved",
    );
    expect(approved.json.sender_id).toMatchObject({ country: "NG", status: "approved" });
    const phone = await admin("phone", "add", "--account", c.accountId, "--number", "+233201112222", "--verified");
    expect(phone.json.number).toMatchObject({ number: "+233201112222", status: "verified" });
    const route = await admin("route", "set", "--route", "global", "--carriers", "twilio,smpp");
    expect(route.json).toEqual({ route: "global", carriers: ["twilio", "smpp"] });
    expect(
      (await db().smsRouteCarrier.findMany({ where: { route: "global" }, orderBy: { position: "asc" } })).map(
        (r) => r.carrier,
      ),
    ).toEqual(["twilio", "smpp"]);
    const audited = await db().auditEvent.findMany({
      where: { OR: [{ accountId: c.accountId }, { target: "global" }] },
      select: { action: true },
    });
    expect(audited.map((a) => a.action).sort()).toEqual([
      "phone.add_verified_override",
      "route.set_carriers",
      "sender_id.add",
      "sender_id.add_approved_override",
    ]);
    await db().smsRouteCarrier.deleteMany({ where: { route: "global" } });

    const before = await db().senderId.count();
    for (const args of [
      ["sender-id", "add", "--account", c.accountId, "--name", "WayTooLongName", "--country", "GH"],
      ["sender-id", "add", "--account", c.accountId, "--name", "Ok", "--country", "Ghana"],
      ["phone", "add", "--account", c.accountId, "--number", "0201112222"],
      ["route", "set", "--route", "mars", "--carriers", "a"],
      ["route", "set", "--route", "global", "--carriers", "a,a"],
    ]) {
      const run = await admin(...args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
    expect(await db().senderId.count()).toBe(before);
    // Held already (by this account): a clear refusal, nothing added.
    expect(
      (await admin("sender-id", "add", "--account", c.accountId, "--name", "ShopGH", "--country", "GH")).code,
    ).not.toBe(0);
  });
});
