import { describe, expect, it } from "vitest";
import { optOutKeyword } from "./apply-opt-out-keyword";

describe("an opt-out keyword", () => {
  it("is the whole reply, in any case, punctuation around it ignored", () => {
    for (const word of ["STOP", "stop", " Stop. ", "STOPALL", "unsubscribe", "Cancel", "END", "quit", "ARRET", "arrêt"])
      expect(optOutKeyword(word), word).toBe("stop");
    for (const word of ["START", "unstop", "Start!"]) expect(optOutKeyword(word), word).toBe("start");
    for (const word of ["stop please", "don't stop", "STOPPED", "", "yes"])
      expect(optOutKeyword(word), word).toBeNull();
  });
});
