/** Removed with their content beyond what either sanitiser removes anyway (scripts, handlers, javascript: URLs). */
export const FORBIDDEN_ELEMENTS = ["style", "form", "input"] as const;
