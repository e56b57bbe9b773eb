import type { Locale } from '../../../src/shared/locale';

/** The round clock's words in each language (RoundPanel.tsx). */
export const CLOCK_WORDS: Record<
  Locale,
  { open: string; closing: string; closed: string; caption: RegExp; untilDraw: string }
> = {
  en: {
    open: 'Open for orders',
    closing: 'Orders closing',
    closed: 'Closed for orders',
    caption: /^left to order · draw in \d\d:\d\d$/,
    untilDraw: 'until the draw',
  },
  vi: {
    open: 'Đang nhận lệnh',
    closing: 'Sắp ngừng nhận lệnh',
    closed: 'Đã ngừng nhận lệnh',
    caption: /^còn lại để đặt lệnh · mở thưởng sau \d\d:\d\d$/,
    untilDraw: 'đến lúc mở thưởng',
  },
  'zh-CN': {
    open: '开放下单',
    closing: '即将封盘',
    closed: '已封盘',
    caption: /^后封盘 · \d\d:\d\d 后开奖$/,
    untilDraw: '后开奖',
  },
  'zh-TW': {
    open: '開放下單',
    closing: '即將封盤',
    closed: '已封盤',
    caption: /^後封盤 · \d\d:\d\d 後開獎$/,
    untilDraw: '後開獎',
  },
};
