/**
 * Two icons the wallet needs beyond ui/icons.tsx, drawn in the same line style (24 px grid,
 * currentColor). Decorative: the control carries the name.
 */
const PATHS = {
  filter: 'M4 5h16l-6 7.5V19l-4-2v-4.5z',
  trash: 'M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3',
} as const;

export function WalletIcon({ name, size = 22 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
