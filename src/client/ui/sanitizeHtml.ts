import DOMPurify, { type Config, type UponSanitizeAttributeHookEvent } from 'dompurify';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  ALLOWED_URL_SCHEMES,
  DROPPED_WITH_CONTENT,
  URL_ATTRIBUTES,
  isAllowedAttribute,
  isSafeUrl,
} from '../../shared/content';

/**
 * Article HTML as the app renders it: the server already sanitised it with the same allowlist
 * (src/shared/content/html.ts), and this second pass, DOMPurify configured from that allowlist,
 * keeps a row written around the server from running script in the app. DOMPurify parses into an
 * inert document (no script runs, no picture loads) and keeps only what the configuration allows;
 * the hooks below add the shared list's per-element rules, which DOMPurify's flat lists cannot say.
 *
 * Only screens that show articles import this module (content, the register page's agreement), so
 * DOMPurify loads with them, not with the app shell.
 */
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  // Every attribute some element may keep; which element may keep which is the hook's job.
  ALLOWED_ATTR: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // The allowed schemes, or no scheme at all (a relative URL), DOMPurify's own default shape.
  ALLOWED_URI_REGEXP: new RegExp(
    `^(?:(?:${ALLOWED_URL_SCHEMES.map(escapeForRegExp).join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
    'i',
  ),
  // Unknown elements are unwrapped (text kept); these go with everything inside them.
  KEEP_CONTENT: true,
  FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
  // svg and math never survive, not even their text (they are also in DROPPED_WITH_CONTENT).
  ALLOWED_NAMESPACES: [HTML_NAMESPACE],
};

function isExternal(href: string | null): boolean {
  if (href === null) return false;
  try {
    return new URL(href, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** A DOMPurify of its own, so these hooks never touch another caller's sanitising. */
let purifier: ReturnType<typeof DOMPurify> | null = null;

function articlePurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node: Element, data: UponSanitizeAttributeHookEvent) => {
    const tag = node.localName.toLowerCase();
    const name = data.attrName;
    data.keepAttr = isAllowedAttribute(tag, name) && (!URL_ATTRIBUTES.includes(name) || isSafeUrl(data.attrValue));
  });
  purify.addHook('afterSanitizeAttributes', (node: Element) => {
    const tag = node.localName?.toLowerCase();
    if (tag === 'img') {
      // An image without a safe source shows nothing; one without alt is decorative.
      if (!node.getAttribute('src')) {
        node.remove();
        return;
      }
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
    if (tag === 'a' && isExternal(node.getAttribute('href'))) {
      // Links to other sites open in a new tab, without a handle back to the app; links into the
      // app stay in it (an installed app would otherwise open them in the browser).
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = purify;
  return purify;
}

/** The allowlisted HTML of an article, as a string safe to set as innerHTML. */
export function sanitizeHtml(html: string): string {
  if (html.trim() === '') return '';
  const purify = articlePurifier();
  // Without the DOM features DOMPurify needs it would hand the input back untouched: show nothing.
  if (!purify.isSupported) return '';
  return purify.sanitize(html, CONFIG);
}
