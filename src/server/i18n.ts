/**
 * `info` texts in the member's language. The error catalogue is the same Lingui PO files the app
 * uses (locales/errors/<locale>.po, ids `err.<code>`), read once at start and compiled so ICU
 * placeholders such as {num} interpolate. Missing text falls back to English, then to the code.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { FUND_REASONS, type FundReasonCode } from '../shared/api/types';
import { CAPTCHA_TTL_SECONDS } from '../shared/constants';
import { messageId, valuesIn, type ErrorCode, type MessageKey, type MessageValues } from '../shared/errors';
import { OUTCOME_KEYS } from '../shared/game';
import { LOCALES, type Locale } from '../shared/locale';
import { SERVER_TIME_ZONE } from '../shared/serverDay';

export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../locales/errors/', import.meta.url));

export interface Translator {
  text(locale: Locale, id: ErrorCode | MessageKey, values?: MessageValues): string;
  /** Names of outcomes 0..10 (catalogue ids `outcome.<key>`), falling back to English, then the key. */
  outcomeNames(locale: Locale): readonly string[];
  /** Fund-log reasons by code (catalogue ids `reason.<code>`), falling back to English, then the code. */
  fundReasonNames(locale: Locale): Readonly<Record<FundReasonCode, string>>;
  /** The text of an SMS carrying a verification code (catalogue id `sms.code`), falling back to English. */
  smsText(locale: Locale, code: string): string;
  /** A notification's words (catalogue ids `push.<id>`, domain/push), falling back to English, then the id. */
  pushText(locale: Locale, id: PushTextId, values?: Record<string, string | number>): string;
  /** Locales whose catalogue could not be read (logged at start). */
  readonly missing: readonly Locale[];
}

/** The notifications' texts (domain/push/messages.ts): a title and a body for each. */
export type PushTextId =
  | `result.${'won' | 'lost' | 'even'}.${'title' | 'body'}`
  | `withdrawal.${'paid' | 'rejected'}.${'title' | 'body'}`
  | `test.${'title' | 'body'}`
  | `limit.${'title' | 'body'}`
  | `limitName.${'day' | 'week' | 'month'}.${'stake' | 'loss' | 'deposit'}`
  | `pause.${'cooloff' | 'exclusion'}.title`
  | 'pause.body';

// The catalogue is hand-written with explicit ids (`err.1001`), not Lingui's hashed source ids.
const po = formatter({ explicitIdAsDefault: true });

/** A catalogue's text compiled for Lingui: the entries with a translation, by id. */
export async function compileCatalog(content: string, locale: Locale): Promise<Record<string, CompiledMessage>> {
  const catalog = await po.parse(content, { locale, sourceLocale: 'en', filename: `${locale}.po` });
  const compiled: Record<string, CompiledMessage> = {};
  for (const [id, entry] of Object.entries(catalog)) {
    if (entry.translation) compiled[id] = compileMessage(entry.translation);
  }
  return compiled;
}

async function loadCatalog(dir: string, locale: Locale): Promise<Record<string, CompiledMessage> | null> {
  let content: string;
  try {
    content = await readFile(join(dir, `${locale}.po`), 'utf8');
  } catch {
    return null;
  }
  return compileCatalog(content, locale);
}

export async function loadTranslator(dir: string = DEFAULT_LOCALES_DIR): Promise<Translator> {
  const instances = new Map<Locale, { i18n: I18n; ids: Set<string> }>();
  const missing: Locale[] = [];
  for (const locale of LOCALES) {
    const messages = await loadCatalog(dir, locale);
    if (!messages) {
      missing.push(locale);
      continue;
    }
    // One instance per locale, activated once: formatting never switches a shared global.
    instances.set(locale, {
      i18n: setupI18n({ locale, messages: { [locale]: messages } }),
      ids: new Set(Object.keys(messages)),
    });
  }

  function lookup(locale: Locale, id: string, values?: Record<string, string | number>): string | null {
    const entry = instances.get(locale);
    return entry && entry.ids.has(id) ? entry.i18n._(id, values) : null;
  }

  const outcomeNames = new Map(
    LOCALES.map((locale) => [
      locale,
      OUTCOME_KEYS.map((key) => lookup(locale, `outcome.${key}`) ?? lookup('en', `outcome.${key}`) ?? key),
    ]),
  );

  const reasonNames = new Map(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        FUND_REASONS.map((code) => [code, lookup(locale, `reason.${code}`) ?? lookup('en', `reason.${code}`) ?? code]),
      ) as Record<FundReasonCode, string>,
    ]),
  );
  const codesAsNames = Object.fromEntries(FUND_REASONS.map((code) => [code, code])) as Record<FundReasonCode, string>;

  return {
    missing,
    outcomeNames: (locale) => outcomeNames.get(locale) ?? [...OUTCOME_KEYS],
    fundReasonNames: (locale) => reasonNames.get(locale) ?? codesAsNames,
    pushText(locale, id, values) {
      return lookup(locale, `push.${id}`, values) ?? lookup('en', `push.${id}`, values) ?? id;
    },
    smsText(locale, code) {
      const values = { code, minutes: Math.round(CAPTCHA_TTL_SECONDS / 60) };
      return lookup(locale, 'sms.code', values) ?? lookup('en', 'sms.code', values) ?? code;
    },
    text(locale, code, values) {
      const id = messageId(code);
      // An instant is written in the server's day's zone, named in the text: the reader's is not known here.
      return (
        lookup(locale, id, valuesIn(locale, values, SERVER_TIME_ZONE)) ??
        lookup('en', id, valuesIn('en', values, SERVER_TIME_ZONE)) ??
        String(code)
      );
    },
  };
}
