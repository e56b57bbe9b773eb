/**
 * A small reader for gettext .po text. The error catalogue (locales/errors/) is hand-written and
 * shared with the server, so the Lingui Vite plugin does not compile it; the app reads it raw.
 * Obsolete (#~) entries and comments are skipped; the header (empty msgid) is dropped.
 */
function unquote(line: string): string {
  const start = line.indexOf('"');
  const end = line.lastIndexOf('"');
  if (start === -1 || end <= start) return '';
  return line
    .slice(start + 1, end)
    .replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

export function parsePo(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  let id: string | null = null;
  let str: string | null = null;
  let field: 'id' | 'str' | 'other' | null = null;

  const flush = () => {
    if (id !== null && id !== '' && str !== null && str !== '') entries[id] = str;
    id = null;
    str = null;
    field = null;
  };

  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#')) continue;
    if (line.startsWith('msgctxt ')) {
      flush();
      field = 'other';
    } else if (line.startsWith('msgid ')) {
      if (id !== null && str !== null) flush();
      id = unquote(line);
      field = 'id';
    } else if (line.startsWith('msgid_plural ')) {
      field = 'other';
    } else if (line.startsWith('msgstr ') || line.startsWith('msgstr[0] ')) {
      str = unquote(line);
      field = 'str';
    } else if (line.startsWith('msgstr[')) {
      field = 'other';
    } else if (line.startsWith('"')) {
      if (field === 'id' && id !== null) id += unquote(line);
      else if (field === 'str' && str !== null) str += unquote(line);
    }
  }
  flush();
  return entries;
}
