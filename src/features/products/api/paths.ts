/** Specification §9: page size 10. */
export const PRODUCT_PAGE_SIZE = 10;

/** GET (public): one page of the products on sale. */
export function productListPath(page: number): string {
  return `/home/product/list?page=${page}&limit=${PRODUCT_PAGE_SIZE}`;
}

/** POST `{}` (public): one product with its description. */
export function productDetailPath(id: number): string {
  return `/home/product/${id}`;
}
