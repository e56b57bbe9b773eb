import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { FUND_REASONS } from '../../src/shared/api/types';
import { ALL_ERROR_CODES, ALL_MESSAGE_KEYS, messageId } from '../../src/shared/errors';
import { OUTCOME_KEYS } from '../../src/shared/game';
import { LOCALES } from '../../src/shared/locale';

/**
 * One vocabulary: a message lives in one catalogue. The app's own texts are in locales/<locale>.po
 * (extracted by Lingui); the words the server says too (error codes and message keys `err.*`,
 * outcome names `outcome.*`, fund-log reasons `reason.*`) are in locales/errors/<locale>.po, which
 * both the server and the app read.
 */
interface Entry {
  context: string | null;
  id: string;
  text: string;
}

function unquote(raw: string): string {
  return raw.slice(1, -1).replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/** The live entries of a .po file (obsolete `#~` entries and the header left out). */
function entriesOf(path: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of readFileSync(path, 'utf8').split(/\r?\n\s*\r?\n/)) {
    const lines = block.split(/\r?\n/).filter((line) => line !== '' && !line.startsWith('#'));
    const fields: Record<string, string> = {};
    let current = '';
    for (const line of lines) {
      const match = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line);
      if (match) {
        current = match[1];
        fields[current] = unquote(match[2]);
      } else if (line.startsWith('"') && current) {
        fields[current] += unquote(line);
      }
    }
    if (fields.msgid) entries.push({ context: fields.msgctxt ?? null, id: fields.msgid, text: fields.msgstr ?? '' });
  }
  return entries;
}

const SHARED_IDS = [
  ...[...ALL_ERROR_CODES, ...ALL_MESSAGE_KEYS].map(messageId),
  ...OUTCOME_KEYS.map((key) => `outcome.${key}`),
  ...FUND_REASONS.map((code) => `reason.${code}`),
];

describe.each(LOCALES)('the catalogues of %s', (locale) => {
  const ui = entriesOf(`locales/${locale}.po`);
  const shared = entriesOf(`locales/errors/${locale}.po`);

  it('hold no message twice: no id is in both, by source or by the id the app loads it under', () => {
    const sharedIds = new Set(shared.map((entry) => entry.id));
    const both = ui.filter(
      (entry) => sharedIds.has(entry.id) || sharedIds.has(generateMessageId(entry.id, entry.context ?? '')),
    );
    expect(both.map((entry) => entry.id)).toEqual([]);
  });

  it("leave the server's vocabulary (codes, outcomes, fund-log reasons) to the shared catalogue", () => {
    const misplaced = ui.filter(
      (entry) =>
        /^(err|outcome|reason)\./.test(entry.id) || /^(fund log reason|game outcome)/.test(entry.context ?? ''),
    );
    expect(misplaced.map((entry) => `${entry.context ?? ''}|${entry.id}`)).toEqual([]);
  });

  it('hold each message once within a catalogue', () => {
    for (const entries of [ui, shared]) {
      const keys = entries.map((entry) => `${entry.context ?? ''}\u0004${entry.id}`);
      expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    }
  });

  it('have a text for every message: the shared one for every code, key, outcome and reason', () => {
    const texts = new Map(shared.map((entry) => [entry.id, entry.text]));
    expect(SHARED_IDS.filter((id) => !texts.get(id))).toEqual([]);
    expect(ui.filter((entry) => entry.text === '').map((entry) => entry.id)).toEqual([]);
  });
});

describe('one word per concept', () => {
  it('zh-TW says 儲值 for a deposit everywhere, never 充值 (the zh-CN word)', () => {
    const texts = [...entriesOf('locales/zh-TW.po'), ...entriesOf('locales/errors/zh-TW.po')].map((e) => e.text);
    expect(texts.filter((text) => text.includes('充值'))).toEqual([]);
    expect(texts.filter((text) => text.includes('儲值')).length).toBeGreaterThan(2);
  });
});
