import { vipLevel } from '../../shared/vip';

/** Colours of the eight VIP levels, bronze to diamond. */
const LEVEL_COLOURS = ['#b98a5e', '#c0c7d4', '#f3c04f', '#5ed3b4', '#5fa8ff', '#a98bff', '#ff7eb6', '#7ef0ff'];

/** The level icon (1-8): a shield with the level number. Decorative; the level name is text next to it. */
export function LevelBadge({ level, size = 44 }: { level: number; size?: number }) {
  const value = vipLevel(level);
  const colour = LEVEL_COLOURS[value - 1];
  // The number stays at least 12 px on screen however small the badge is drawn (home draws it at 24 px).
  const fontSize = Math.max(16, Math.ceil((12 * 48) / size));
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      className="level-badge"
      data-level={value}
    >
      <path d="M24 3 41 9v12c0 11-7.3 20-17 24C14.3 41 7 32 7 21V9z" fill={colour} opacity="0.18" />
      <path d="M24 3 41 9v12c0 11-7.3 20-17 24C14.3 41 7 32 7 21V9z" fill="none" stroke={colour} strokeWidth="2.5" />
      <text
        x="24"
        y={24 + fontSize * 0.36}
        textAnchor="middle"
        fontSize={fontSize}
        fontWeight="800"
        fill={colour}
        fontFamily="system-ui, sans-serif"
      >
        {value}
      </text>
    </svg>
  );
}
