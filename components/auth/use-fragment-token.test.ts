// @vitest-environment happy-dom
// A mailed link's token under React's StrictMode, as `npm run dev` runs every page: effects run, are cleaned up and
// run again, and the second run must still see the token the first one took out of the address bar.
import { afterEach, describe, expect, it } from "vitest";
import { createElement, StrictMode } from "react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { useFragmentToken } from "./use-fragment-token";

function ShowToken({ stash }: { stash?: string }) {
  const token = useFragmentToken(stash);
  return createElement("output", null, token === undefined ? "reading" : token === null ? "none" : token);
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  sessionStorage.clear();
});

async function render(strict: boolean, stash?: string): Promise<string> {
  const container = document.createElement("div");
  document.body.append(container);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  root = createRoot(container);
  const tree = createElement(ShowToken, { stash });
  await act(async () => root!.render(strict ? createElement(StrictMode, null, tree) : tree));
  return container.textContent ?? "";
}

describe("the token of a mailed link", () => {
  it("is read under StrictMode's double effect, and taken out of the address bar", async () => {
    window.history.replaceState(null, "", "/verify-email#token=abc123");
    expect(await render(true)).toBe("abc123");
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/verify-email");
  });

  it("is read once in production's single run, and kept for a detour when stashed", async () => {
    window.history.replaceState(null, "", "/reset-password#token=def456");
    expect(await render(false, "reset")).toBe("def456");
    expect(sessionStorage.getItem("reset")).toBe("def456");
  });

  it("is none on a page whose address never carried one", async () => {
    window.history.replaceState(null, "", "/invite");
    expect(await render(true)).toBe("none");
  });
});
