/**
 * What an uploaded image is for. It decides who may see the image: identity and bank images
 * (ID card sides, a bank card) only their owner and an operator; an avatar anyone. These are
 * the purposes a user's upload may name.
 */
export const UPLOAD_PURPOSES = ["avatar", "identity", "bank"] as const;

/** A product image an editor uploads (admin/product/image): shown to anyone, like the shop. */
export const PRODUCT_IMAGE_PURPOSE = "product";

export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number] | typeof PRODUCT_IMAGE_PURPOSE;

/** Purposes whose images are served to anyone holding the location. */
export const PUBLIC_UPLOAD_PURPOSES: readonly UploadPurpose[] = ["avatar", PRODUCT_IMAGE_PURPOSE];

/**
 * An upload that names no purpose (the specification's call has only `file` and `user`) is an
 * ID card side: the only image the specification uploads, and the private choice.
 */
export const DEFAULT_UPLOAD_PURPOSE: (typeof UPLOAD_PURPOSES)[number] = "identity";

/** A purpose a user's upload may name (not an editor's product image). */
export const isUploadPurpose = (value: unknown): value is UploadPurpose =>
  typeof value === "string" && (UPLOAD_PURPOSES as readonly string[]).includes(value);

export const isPublicUploadPurpose = (purpose: UploadPurpose): boolean => PUBLIC_UPLOAD_PURPOSES.includes(purpose);
