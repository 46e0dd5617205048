import type { AddressInput as AddressBody } from "@domain/api/addresses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { DeliveryAddress } from "./get-addresses";

/** POST /base/api/user/add/addr, or /user/update/addr with an id: every field, isDefault optional. */
/** The address fields (with its id to update one); `phoneCode` only for a phone this user has not proved yet. */
export type AddressInput = Omit<AddressBody, "id"> & { id?: number };

export function saveAddress(input: AddressInput): Promise<DeliveryAddress> {
  return input.id === undefined
    ? api.post<DeliveryAddress>("/user/add/addr", input)
    : api.post<DeliveryAddress>("/user/update/addr", input);
}

/** Adding, editing and setting the default all go through here (setting the default is an update). */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
}
