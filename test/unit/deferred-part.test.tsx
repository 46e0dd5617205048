import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type DeferredPartProps, deferredPart, loadDeferredParts } from "@/lib/deferred-part";
import { stubIntersectionObserver } from "./support/intersection-observer";
import { autoCleanup } from "./support/setup";

autoCleanup();

// ADR-0220: a part below the fold keeps the server's drawing until it comes near the viewport,
// and only then loads its code and hydrates that drawing.

let io: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  io = stubIntersectionObserver();
});
afterEach(() => vi.unstubAllGlobals());

/** The part's own component: a counter, so that a working click proves it hydrated. */
function Counter({ anchorId }: DeferredPartProps) {
  const [n, setN] = useState(0);
  return (
    <section>
      <h2>Over time</h2>
      <div id={anchorId}>
        <button type="button" onClick={() => setN(n + 1)}>
          clicked {n}
        </button>
      </div>
    </section>
  );
}

function Fallback({ anchorId }: DeferredPartProps) {
  return (
    <section>
      <h2>Over time</h2>
      <div id={anchorId} aria-busy="true" />
    </section>
  );
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe("a deferred part (lib/deferred-part.tsx)", () => {
  it("keeps the server's markup, loads nothing until it is near, then hydrates that markup in place", async () => {
    // The web server's renderer: every part's code loaded at its start, so it draws them whole.
    const ServerPart = deferredPart("box", async () => Counter, Fallback);
    await loadDeferredParts();
    const html = renderToString(<ServerPart />);
    expect(html).toContain("clicked <!-- -->0");

    // The browser: the same part, its code not loaded yet.
    const load = vi.fn(async () => Counter);
    const BrowserPart = deferredPart("box", load, Fallback);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const button = container.querySelector("button");
    const errors: unknown[] = [];
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <BrowserPart />, { onRecoverableError: (e) => errors.push(e) });
    });
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
    expect(io.observed().map((e) => e.id)).toEqual(["box"]);

    await io.enter();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    // The same node, now React's: the click counts.
    expect(container.querySelector("button")).toBe(button);
    fireEvent.click(button!);
    expect(button!.textContent).toBe("clicked 1");
    expect(errors).toEqual([]);
    await act(async () => root.unmount());
    container.remove();
  });

  it("drawn by the app, holds the place with its fallback and loads at the first tap anywhere", async () => {
    const load = vi.fn(async () => Counter);
    const Part = deferredPart("box2", load, Fallback);
    render(<Part />);
    await flush();
    expect(document.querySelector('#box2[aria-busy="true"]')).not.toBeNull();
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerDown(document.body);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button").textContent).toBe("clicked 0");
  });

  it("loads at once where there is no IntersectionObserver to tell", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const load = vi.fn(async () => Counter);
    const Part = deferredPart("box3", load, Fallback);
    render(<Part />);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button").textContent).toBe("clicked 0");
  });
});
