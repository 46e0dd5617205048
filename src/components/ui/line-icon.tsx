/** A decorative 24×24 line icon drawn with the text colour (the label next to it names it). */
export function LineIcon({ path, className }: { path: string; className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
