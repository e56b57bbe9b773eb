import type { ReactNode } from 'react';
import type { Locale } from '../../shared/locale';

/**
 * The flag beside a language's name, drawn as an inline SVG: emoji flags show as two letters on
 * Windows, and a picture from the network would not show offline. Decorative: the name is the label.
 */
export function LanguageFlag({ locale, size = 24 }: { locale: Locale; size?: number }) {
  return (
    <svg
      className="language-flag"
      data-flag={locale}
      width={size}
      height={(size * 2) / 3}
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
    >
      {FLAGS[locale]}
    </svg>
  );
}

const star = (cx: number, cy: number, r: number, rotate = 0) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = ((i * 36 - 90 + rotate) * Math.PI) / 180;
    const radius = i % 2 === 0 ? r : r * 0.382;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  });
  return points.join(' ');
};

const FLAGS: Record<Locale, ReactNode> = {
  vi: (
    <>
      <rect width="30" height="20" fill="#da251d" />
      <polygon points={star(15, 10, 6)} fill="#ffcd00" />
    </>
  ),
  'zh-CN': (
    <>
      <rect width="30" height="20" fill="#de2910" />
      <polygon points={star(5, 5, 3)} fill="#ffde00" />
      <polygon points={star(10, 2, 1, 23)} fill="#ffde00" />
      <polygon points={star(12, 4, 1, 45)} fill="#ffde00" />
      <polygon points={star(12, 7, 1, 70)} fill="#ffde00" />
      <polygon points={star(10, 9, 1, 20)} fill="#ffde00" />
    </>
  ),
  'zh-TW': (
    <>
      <rect width="30" height="20" fill="#fe0000" />
      <rect width="15" height="10" fill="#000095" />
      <polygon points={star(7.5, 5, 3.6)} fill="#ffffff" />
      <circle cx="7.5" cy="5" r="1.8" fill="#000095" />
      <circle cx="7.5" cy="5" r="1.5" fill="#ffffff" />
    </>
  ),
  en: (
    <>
      <rect width="30" height="20" fill="#ffffff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
      ))}
      <rect width="12" height={(20 * 7) / 13} fill="#3c3b6e" />
    </>
  ),
};
