import {
  ALLOWED_TAGS,
  DROPPED_WITH_CONTENT,
  URL_ATTRIBUTES,
  isAllowedAttribute,
  isSafeUrl,
} from '../../../shared/content';

/**
 * Article HTML as the app renders it: the server already sanitised it with the same allowlist
 * (src/shared/content/html.ts), and this second pass keeps a row written around the server from
 * running script in the app.
 *
 * The input is parsed into an inert <template> (its content belongs to a document without a
 * browsing context: no script runs, no image or frame loads) and a new tree is built from what
 * the allowlist keeps, so nothing of the input reaches the output unless it was copied on
 * purpose: allowed elements with their allowed attributes, text, nothing else.
 */
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const allowedTags = new Set(ALLOWED_TAGS);
const droppedTags = new Set(DROPPED_WITH_CONTENT);

function copyAttributes(from: Element, to: Element, tag: string): void {
  for (const attribute of Array.from(from.attributes)) {
    const name = attribute.name.toLowerCase();
    if (!isAllowedAttribute(tag, name)) continue;
    if (URL_ATTRIBUTES.includes(name) && !isSafeUrl(attribute.value)) continue;
    to.setAttribute(name, attribute.value);
  }
}

function isExternal(href: string | null): boolean {
  if (href === null) return false;
  try {
    return new URL(href, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = child as Element;
    // svg and math content (and anything else outside HTML) never survives, not even as text.
    if (element.namespaceURI !== HTML_NAMESPACE) continue;
    const tag = element.localName.toLowerCase();
    if (droppedTags.has(tag)) continue;
    if (!allowedTags.has(tag)) {
      // Unknown element: unwrapped, its text and allowed children kept in its place.
      copyChildren(element, to, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    copyAttributes(element, copy, tag);
    if (tag === 'img') {
      // An image without a safe source shows nothing; one without alt is decorative.
      if (!copy.getAttribute('src')) continue;
      if (!copy.hasAttribute('alt')) copy.setAttribute('alt', '');
      copy.setAttribute('loading', 'lazy');
      copy.setAttribute('decoding', 'async');
    }
    if (tag === 'a' && isExternal(copy.getAttribute('href'))) {
      // Links to other sites open in a new tab, without a handle back to the app; links into the
      // app stay in it (an installed app would otherwise open them in the browser).
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
    copyChildren(element, copy, doc);
    to.appendChild(copy);
  }
}

/** The allowlisted HTML of an article, as a string safe to set as innerHTML. */
export function sanitizeHtml(html: string): string {
  if (html.trim() === '') return '';
  const target = document.implementation.createHTMLDocument('');
  const source = target.createElement('template');
  source.innerHTML = html;
  const container = target.createElement('div');
  copyChildren(source.content, container, target);
  return container.innerHTML;
}
