// Sessions that can be ended: each sign-in is a row, an ended session is
// refused at its next request, and "sign out everywhere" spares only the one
// asking.
import { describe, expect, it } from "vitest";
import { signedUpCustomer } from "../../../../test/factories";
import { db } from "../../../db/client";
import { endAllSessions, endSession, endSessionById } from "./end-sessions";
import { listSessions } from "./list-sessions";
import { resolveSession } from "./resolve-session";
import { startSession } from "./start-session";

describe("sessions", () => {
  it("are rows; ended ones are refused, everywhere spares the one asking", async () => {
    const { userId } = await signedUpCustomer("sessions");
    const laptop = await startSession({ userId, userAgent: "Laptop", ip: "203.0.113.9" });
    const phone = await startSession({ userId, userAgent: "Phone" });
    const tablet = await startSession({ userId, userAgent: "Tablet" });
    expect(await db().userSession.count({ where: { userId } })).toBe(3);
    // Three sign-ins a second apart: made in one millisecond, their order would be the database's whim.
    for (const [token, secondsLater] of [
      [phone, 1],
      [tablet, 2],
    ] as const) {
      const { sessionId } = (await resolveSession(token))!;
      const at = new Date(Date.now() + secondsLater * 1000);
      await db().userSession.update({ where: { id: sessionId }, data: { createdAt: at } });
    }

    const me = (await resolveSession(laptop))!;
    expect(me.userId).toBe(userId);
    expect(
      (await listSessions({ userId, currentSessionId: me.sessionId })).map((s) => [s.userAgent, s.current]),
    ).toEqual([
      ["Tablet", false],
      ["Phone", false],
      ["Laptop", true],
    ]);

    await endSessionById(tablet);
    expect(await resolveSession(tablet)).toBeNull();

    const other = await signedUpCustomer("other");
    const phoneId = (await resolveSession(phone))!.sessionId;
    expect(await endSession({ userId: other.userId, sessionId: phoneId })).toBe(false);
    expect(await resolveSession(phone)).not.toBeNull();

    expect(await endAllSessions({ userId, reason: "signed_out_everywhere", keep: me.sessionId })).toBe(1);
    expect(await resolveSession(phone)).toBeNull();
    expect(await resolveSession(laptop)).not.toBeNull();
    expect(await resolveSession("not-a-session")).toBeNull();
  });
});
