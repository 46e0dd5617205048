/** An ingot in the material's colour: decorative, the name says which it is. */
const COLOURS = ["#6b7c8f", "#b86b2a", "#4d6f8a", "#7a6a9e", "#3f7d5c"];

export function AlloyIcon({ material, size = 48 }: { material: number; size?: number }) {
  const colour = COLOURS[(material - 1) % COLOURS.length];
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="#f0f2f4" />
      <path d="M10 32 15 18h18l5 14z" fill={colour} />
      <path d="M15 18h18l-3 5H18z" fill="#fff" opacity="0.35" />
      <text x="24" y="42" textAnchor="middle" fontSize="9" fontWeight="700" fill="#1f2328">
        {material}
      </text>
    </svg>
  );
}
