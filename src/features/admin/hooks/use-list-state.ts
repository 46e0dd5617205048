import { useState } from "react";

/** A list's page and filters; changing a filter goes back to page 1. */
export function useListState<F extends object>(initial: F) {
  const [state, setState] = useState({ page: 1, filters: initial });
  return {
    page: state.page,
    filters: state.filters,
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setFilter: <K extends keyof F>(name: K, value: F[K]) =>
      setState((s) => ({ page: 1, filters: { ...s.filters, [name]: value } })),
  };
}
