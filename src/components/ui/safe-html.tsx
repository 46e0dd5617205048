import DOMPurify from "dompurify";
import { useMemo } from "react";
import "./safe-html.css";

/**
 * HTML from the API (notice and product descriptions) is kept as the operator wrote it and
 * flagged unsafe: it is rendered only through DOMPurify (scripts, event handlers and
 * javascript: URLs removed). Links open in the app unless they leave it.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form", "input"] });
}

export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className ?? "rich-text"} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
