/**
 * Article HTML is sanitised before it is stored (the seed, the admin import), with the allowlist
 * the app sanitises with again before it renders (src/shared/content/html.ts). Titles are plain
 * text: every tag is stripped. Image paths (an article's img list, banners) must pass isSafePath
 * (src/shared/validation/text.ts).
 */
import sanitizeHtml from 'sanitize-html';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  ALLOWED_URL_SCHEMES,
  DROPPED_WITH_CONTENT,
  isSafeUrl,
  URL_ATTRIBUTES,
} from '../../../shared/content';

/** Dropped with their content; the shared list holds sanitize-html's own (xmp, plaintext...) too. */
const NON_TEXT_TAGS = [...DROPPED_WITH_CONTENT];

/** Drops URL attributes whose scheme is not allowed (values arrive with entities decoded). */
function dropUnsafeUrls(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (URL_ATTRIBUTES.includes(name.toLowerCase()) && !isSafeUrl(value)) continue;
    kept[name] = value;
  }
  return { tagName, attribs: kept };
}

const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...ALLOWED_URL_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: [...URL_ATTRIBUTES],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
  transformTags: { '*': dropUnsafeUrls },
  // An image whose source was refused is an empty box: leave it out.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  allowVulnerableTags: false,
};

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
};

/** Article HTML reduced to the shared allowlist. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, HTML_OPTIONS).trim();
}

/**
 * Plain text of a title: tags (and dropped elements' content) removed, whitespace collapsed.
 * sanitize-html answers escaped HTML; the app renders titles as text, so the escapes are undone
 * (they are exactly &amp; &lt; &gt; &quot; on decoded input, so this is exact).
 */
export function plainText(text: string): string {
  return sanitizeHtml(text, TEXT_OPTIONS)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
