import { useLayoutEffect, useRef } from "react";
import { FORBIDDEN_ELEMENTS } from "./safe-html-rules";
import "./safe-html.css";

/** The HTML Sanitizer API (`Element.setHTML`), where the browser has it; not yet in TypeScript's DOM types. */
type SetHtml = (this: Element, html: string, options: { sanitizer: { removeElements: readonly string[] } }) => void;

function builtInSetHtml(): SetHtml | null {
  const setHTML = (Element.prototype as { setHTML?: unknown }).setHTML;
  const Sanitizer = (globalThis as { Sanitizer?: { prototype: object } }).Sanitizer;
  // The current API (Chromium 146+, Firefox 148+); an early draft's Sanitizer lacked removeElement.
  return typeof setHTML === "function" && Sanitizer && "removeElement" in Sanitizer.prototype ? (setHTML as SetHtml) : null;
}

const setHtml = typeof Element === "undefined" ? null : builtInSetHtml();
const loadFallback = () => import("./sanitize-html");

/**
 * HTML from the API (notice and product descriptions) is kept as the operator wrote it and
 * flagged unsafe: it is rendered only sanitised (scripts, event handlers and javascript: URLs
 * removed, and `FORBIDDEN_ELEMENTS`). The browser's own sanitiser does it where there is one:
 * it parses once, inert, and costs no download; elsewhere DOMPurify (12 KB gzip) loads with the
 * first such page. Both keep the same of every seeded text (ADR-0178, "Shop first load").
 */
export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (setHtml) {
      setHtml.call(element, html, { sanitizer: { removeElements: FORBIDDEN_ELEMENTS } });
      return;
    }
    let live = true;
    element.replaceChildren();
    loadFallback().then(
      ({ sanitizeHtml }) => {
        if (live) element.innerHTML = sanitizeHtml(html);
      },
      (error: unknown) => console.error("the sanitiser could not be loaded", error),
    );
    return () => {
      live = false;
    };
  }, [html]);
  return <div ref={box} className={className ?? "rich-text"} data-testid={testId} />;
}
