/**
 * What a member reads to tell their sessions apart: the browser and system a User-Agent names,
 * and the address cut to its network. Only known names come out of a User-Agent (it is whatever
 * the client sent), and an address keeps no more than its first three parts: enough to recognise
 * "home" or "another country", not to locate anyone.
 */

/** First match wins: browsers built on Chrome name Chrome (and Safari) in their User-Agent too. */
const BROWSERS: readonly [RegExp, string][] = [
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/UCBrowser\//, 'UC Browser'],
  [/YaBrowser\//, 'Yandex'],
  [/CocCoc\//, 'Cốc Cốc'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

function firstName(text: string, table: readonly [RegExp, string][]): string {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? '';
}

/** The browser and system a User-Agent names; '' for what it does not name in a way we know. */
export function describeDevice(userAgent: string): { browser: string; os: string } {
  return { browser: firstName(userAgent, BROWSERS), os: firstName(userAgent, SYSTEMS) };
}

/** 203.0.113.7 -> 203.0.113.*, 2001:db8:85a3::8a2e:370:7334 -> 2001:db8:85a3:*; '' for none. */
export function maskAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) return `${address.split('.').slice(0, 3).join('.')}.*`;
  if (address.includes(':')) {
    const head = address.split('::')[0].split(':').filter(Boolean).slice(0, 3);
    return head.length > 0 ? `${head.join(':')}:*` : '*';
  }
  return '';
}
