import type { reviewBody } from "@domain/api/applications";
import type { adminBankApplication } from "@domain/api/bank";
import type { adminIdentityApplication } from "@domain/api/identity";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { Paged } from "@/types/paged";
import { adminKeys } from "./admin-keys";

/* The reviewers' two queues share one API shape: `admin/{auth,bank}/list` and `admin/{auth,bank}/review/{id}`. */

export type AdminIdentityApplication = z.infer<typeof adminIdentityApplication>;
export type AdminBankApplication = z.infer<typeof adminBankApplication>;
export type ApplicationStatus = AdminIdentityApplication["status"];
export type ReviewInput = z.input<typeof reviewBody>;

export const QUEUES = {
  identity: { path: "auth", key: adminKeys.identities },
  bank: { path: "bank", key: adminKeys.banks },
} as const;
export type Queue = keyof typeof QUEUES;
export type ItemOf<Q extends Queue> = Q extends "identity" ? AdminIdentityApplication : AdminBankApplication;

export const QUEUE_PAGE_SIZE = 10;

/** POST admin/{auth,bank}/list `{status?, page, limit}` (reviewer): newest first. */
export function useApplications<Q extends Queue>(queue: Q, { page, status }: { page: number; status: ApplicationStatus | "" }) {
  const { path, key } = QUEUES[queue];
  return useQuery({
    queryKey: [...key, { page, status }],
    queryFn: ({ signal }) =>
      api.post<Paged<ItemOf<Q>>>(
        `/admin/${path}/list`,
        { page, limit: QUEUE_PAGE_SIZE, ...(status ? { status } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
