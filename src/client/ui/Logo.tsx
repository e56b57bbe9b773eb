/** The app mark: three dice pips inside a rounded square, in the accent gold. Decorative. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo-mark">
      <defs>
        <linearGradient id="logo-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd874" />
          <stop offset="1" stopColor="#e8a626" />
        </linearGradient>
      </defs>
      <rect x="4" y="4" width="56" height="56" rx="16" fill="url(#logo-gold)" />
      <circle cx="20" cy="20" r="5.5" fill="#1b1403" />
      <circle cx="32" cy="32" r="5.5" fill="#1b1403" />
      <circle cx="44" cy="44" r="5.5" fill="#1b1403" />
    </svg>
  );
}
