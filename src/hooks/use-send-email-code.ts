import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CodeSent, SendEmailCodeInput } from "@domain/api/account-fields";
import { api } from "@/lib/api-client";

export type CodePurpose = "register" | "forget";

/** Seconds the code stays valid, and before another may be sent. */
export type SentCode = CodeSent;

/** POST /base/api/home/send/email `{email, purpose}`: mails a 6-digit code; one send per minute. */
export function sendEmailCode(input: SendEmailCodeInput & { purpose: CodePurpose }): Promise<SentCode> {
  return api.post<SentCode>("/home/send/email", input);
}

/** Sends the code and counts down until another may be sent (shared by registration and find-password). */
export function useSendEmailCode(purpose: CodePurpose) {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const mutation = useMutation({
    mutationFn: (email: string) => sendEmailCode({ email, purpose }),
    onSuccess: (sent) => setSecondsLeft(sent.resendIn),
  });
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { send: mutation.mutateAsync, isPending: mutation.isPending, secondsLeft, sent: mutation.isSuccess };
}
