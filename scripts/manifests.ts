/**
 * The web app manifest in each of the app's languages. vite-plugin-pwa writes the Vietnamese one
 * (the default language) as app.webmanifest; `localizedManifests` emits app.<locale>.webmanifest
 * for every other language, and the app points its manifest link at the member's (src/client/i18n).
 */
import type { Plugin } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../src/shared/locale';
import { manifestPathOf } from '../src/client/pwa/manifestPath';

interface Words {
  description: string;
  rooms: [name: string, short: string];
  fundLog: [name: string, short: string];
  messages: [name: string, short: string];
}

const WORDS: Record<Locale, Words> = {
  vi: {
    description: 'Vòng chơi định giờ, tỷ lệ rõ ràng, số dư bằng USD.',
    rooms: ['Phòng chơi', 'Phòng'],
    fundLog: ['Biến động số dư', 'Số dư'],
    messages: ['Tin nhắn', 'Tin nhắn'],
  },
  en: {
    description: 'Timed rounds, clear odds, your balance in USD.',
    rooms: ['Rooms', 'Rooms'],
    fundLog: ['Fund log', 'Fund log'],
    messages: ['Messages', 'Messages'],
  },
  'zh-CN': {
    description: '定时回合，赔率清晰，余额以美元计。',
    rooms: ['房间', '房间'],
    fundLog: ['资金明细', '资金明细'],
    messages: ['消息', '消息'],
  },
  'zh-TW': {
    description: '定時回合，賠率清晰，餘額以美元計。',
    rooms: ['房間', '房間'],
    fundLog: ['資金明細', '資金明細'],
    messages: ['訊息', '訊息'],
  },
};

const SHORTCUT_ICON = [{ src: '/icons/icon-192.png', sizes: '192x192' }];

/** Screenshots for the richer install dialog (phone width); not precached by the service worker. */
const SCREENSHOTS: ManifestOptions['screenshots'] = [
  { src: '/screenshots/home.png', sizes: '780x1688', type: 'image/png', form_factor: 'narrow', label: 'Home' },
  { src: '/screenshots/room.png', sizes: '780x1688', type: 'image/png', form_factor: 'narrow', label: 'An order' },
  { src: '/screenshots/fund-log.png', sizes: '780x1688', type: 'image/png', form_factor: 'narrow', label: 'Fund log' },
];

export function appManifest(locale: Locale): Partial<ManifestOptions> {
  const words = WORDS[locale];
  const shortcut = ([name, short]: [string, string], url: string) => ({
    name,
    short_name: short,
    url,
    icons: SHORTCUT_ICON,
  });
  return {
    id: '/',
    name: 'RoundPlay',
    short_name: 'RoundPlay',
    description: words.description,
    lang: locale,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    categories: ['games', 'entertainment'],
    background_color: '#0f1420',
    theme_color: '#0f1420',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/monochrome-512.png', sizes: '512x512', type: 'image/png', purpose: 'monochrome' },
    ],
    screenshots: SCREENSHOTS,
    shortcuts: [
      shortcut(words.rooms, '/room_list/1'),
      shortcut(words.fundLog, '/my_income'),
      shortcut(words.messages, '/message'),
    ],
  };
}

/** Emits every other language's manifest beside the default one (app.webmanifest). */
export function localizedManifests(): Plugin {
  return {
    name: 'localized-manifests',
    apply: 'build',
    generateBundle() {
      for (const locale of LOCALES) {
        if (locale === DEFAULT_LOCALE) continue;
        this.emitFile({
          type: 'asset',
          fileName: manifestPathOf(locale).slice(1),
          source: `${JSON.stringify(appManifest(locale))}\n`,
        });
      }
    },
  };
}
