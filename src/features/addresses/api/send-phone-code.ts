import type { CodeSent } from "@domain/api/account-fields";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";

/** Seconds the code stays valid, and before another may be sent. */
export type SentPhoneCode = CodeSent;

/** GET /base/api/home/sending/{phone}: texts a 6-digit code to the phone; one send per minute. */
export function sendPhoneCode(phone: string): Promise<SentPhoneCode> {
  return api.get<SentPhoneCode>(`/home/sending/${encodeURIComponent(phone)}`);
}

/** Sends the code and counts down until another may be sent. */
export function useSendPhoneCode() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const mutation = useMutation({ mutationFn: sendPhoneCode, onSuccess: (sent) => setSecondsLeft(sent.resendIn) });
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { send: mutation.mutateAsync, isPending: mutation.isPending, secondsLeft };
}
