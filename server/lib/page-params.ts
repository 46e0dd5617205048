// The list shapes are API schemas (domain/api/page.ts); the offset is the server's own business.
export { emptyBody, idParam, pageBody, pageFields, pageOf, pageQuery, type Page } from "../../domain/api/page";

export const offsetOf = (p: { page: number; limit: number }) => (p.page - 1) * p.limit;
