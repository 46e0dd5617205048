/**
 * How wide the product images are drawn (`sizes`), shared by the components and the route's
 * preload of its largest image, so both ask the browser for the same file.
 */
/** A home card's thumbnail. */
export const CARD_IMAGE_SIZES = "96px";
/** The detail's gallery is as wide as the page's card: the page (at most 560 px) less its 16 px margins. */
export const GALLERY_SIZES = "(min-width: 560px) 528px, calc(100vw - 32px)";
