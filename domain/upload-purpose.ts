/**
 * What an uploaded image is for. It decides who may see the image: identity and bank images
 * (ID card sides, a bank card) only their owner and an operator; an avatar anyone.
 */
export const UPLOAD_PURPOSES = ["avatar", "identity", "bank"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Purposes whose images are served to anyone holding the location. */
export const PUBLIC_UPLOAD_PURPOSES: readonly UploadPurpose[] = ["avatar"];

/**
 * An upload that names no purpose (the specification's call has only `file` and `user`) is an
 * ID card side: the only image the specification uploads, and the private choice.
 */
export const DEFAULT_UPLOAD_PURPOSE: UploadPurpose = "identity";

export const isUploadPurpose = (value: unknown): value is UploadPurpose =>
  typeof value === "string" && (UPLOAD_PURPOSES as readonly string[]).includes(value);

export const isPublicUploadPurpose = (purpose: UploadPurpose): boolean => PUBLIC_UPLOAD_PURPOSES.includes(purpose);
