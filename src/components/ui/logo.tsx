/** The PEX mark: decorative, the page title names the app. */
export function Logo({ size = 72 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#0b6e4f" />
      <path d="M20 46V18h13a9 9 0 0 1 0 18h-6v10z M27 29h6a2.5 2.5 0 0 0 0-5h-6z" fill="#fff" fillRule="evenodd" />
      <circle cx="46" cy="44" r="4" fill="#7fd4b0" />
    </svg>
  );
}
