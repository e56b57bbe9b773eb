/**
 * What article HTML may hold. The server sanitises with this list before it stores an article,
 * and the app sanitises again with the same list before it renders one, so a row written around
 * the server (a database edit, an older version) still cannot run script in the app.
 */

/** Elements kept; anything else is dropped (its text kept, except for DROPPED_WITH_CONTENT). */
export const ALLOWED_TAGS: readonly string[] = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** Elements removed together with everything inside them. */
export const DROPPED_WITH_CONTENT: readonly string[] = [
  'script',
  'style',
  // Raw-text elements whose content a parser reads as text, a known route around sanitisers.
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
  'option',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'textarea',
  'select',
  'button',
  'title',
  'head',
];

/** Attributes kept, per element ('*' = any allowed element). No `style`, no `on*`, no `class`. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  '*': [],
};

/** Attributes that hold a URL and must pass isSafeUrl. */
export const URL_ATTRIBUTES: readonly string[] = ['href', 'src'];

/** Schemes a link or image may use; relative URLs are allowed. */
export const ALLOWED_URL_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/**
 * True for a relative URL or one whose scheme is allowed. Browsers ignore control characters
 * and whitespace inside a scheme (`java\tscript:`), so they are stripped before the check.
 */
export function isSafeUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true;
  return ALLOWED_URL_SCHEMES.includes(scheme[1].toLowerCase());
}

export function isAllowedAttribute(tag: string, attribute: string): boolean {
  const name = attribute.toLowerCase();
  return (ALLOWED_ATTRIBUTES[tag] ?? []).includes(name) || ALLOWED_ATTRIBUTES['*'].includes(name);
}
