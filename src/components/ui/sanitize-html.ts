import DOMPurify from "dompurify";
import { FORBIDDEN_ELEMENTS } from "./safe-html-rules";

/**
 * The sanitiser for browsers without the built-in one (safe-html.tsx): DOMPurify's HTML profile,
 * so scripts, event handlers and javascript: URLs go, and the same elements as there.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: [...FORBIDDEN_ELEMENTS] });
}
