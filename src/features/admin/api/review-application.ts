import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type Queue, QUEUES, type ReviewInput } from "./get-applications";

/** POST admin/{auth,bank}/review/{id} (reviewer): approve, or reject with the reason the user reads. */
export function useReviewApplication(queue: Queue) {
  const queryClient = useQueryClient();
  const { path, key } = QUEUES[queue];
  return useMutation({
    mutationFn: ({ id, review }: { id: number; review: ReviewInput }) => api.post<unknown>(`/admin/${path}/review/${id}`, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
