import type { UploadedLocation } from "@domain/api/upload-location";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("file could not be read"));
    reader.readAsDataURL(file);
  });
}

/**
 * POST admin/product/image `{file}` (editor, a wallet): one image as a data URL (the server reads
 * the type from the bytes and checks the size); answers its public location for `images`.
 */
export async function uploadProductImage(file: File): Promise<UploadedLocation> {
  return api.post<UploadedLocation>("/admin/product/image", { file: await readAsDataUrl(file) });
}

export function useUploadProductImage() {
  return useMutation({ mutationFn: uploadProductImage });
}
