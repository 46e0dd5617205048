import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";

/** The app's one query cache; the session module clears it on logout. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The API client already toasts an error reply; retrying it would toast again.
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
