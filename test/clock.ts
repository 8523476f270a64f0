import { onTestFinished } from "vitest";
import { pinClock } from "../server/lib/clock";

// A clock a test drives: schedules, retries, leases and cooldowns come due when
// the test moves it forward, not when real time has passed.
export class TestClock {
  private at: number;

  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  /** Moves the clock forward by `ms`. */
  advance(ms: number): Date {
    this.at += ms;
    return this.now();
  }

  /** Moves the clock to `date` (never back). */
  moveTo(date: Date): Date {
    this.at = Math.max(this.at, date.getTime());
    return this.now();
  }
}

/**
 * For the rest of this test, every rate-limit count happens at one instant, in this process (and in any child given
 * `at` to pin), so a test of "fifty a minute" never straddles two minutes. Returns the pinned instant.
 */
export function pinClockForThisTest(at = new Date()): Date {
  pinClock(at);
  onTestFinished(() => pinClock(null));
  return at;
}
