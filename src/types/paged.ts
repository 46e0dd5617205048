/** Every list call answers one page (specification §9: page 1, limit 10 by default). */
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}
