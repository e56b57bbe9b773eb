import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { sanitizeHtml as sanitizeHere } from '../../src/client/ui/sanitizeHtml';
import { launchBrowser } from '../e2e/support/browser';

/**
 * The sanitiser is DOMPurify, which only vouches for real browsers' parsers: every case runs in
 * Chromium (the sanitiser bundled as the app would load it, on a page of an http origin, so that
 * links into the app can be told from links out), and again in this suite's happy-dom, which the
 * component tests render article HTML with (see happy-dom-dompurify.ts).
 */
const ORIGIN = 'http://app.test';
let browser: Browser | undefined;
let page: Page | undefined;

beforeAll(async () => {
  const built = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: { entry: 'src/client/ui/sanitizeHtml.ts', formats: ['iife'], name: 'articleHtml' },
    },
  });
  const output = (Array.isArray(built) ? built[0] : built) as { output: { code?: string }[] };
  const code = output.output[0].code ?? '';
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>articles</title>' }),
  );
  await page.goto(`${ORIGIN}/help/list`);
  await page.addScriptTag({ content: code });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

type Sanitize = (html: string) => Promise<string>;

const inChromium: Sanitize = (html) =>
  page!.evaluate(
    (dirty) =>
      (window as unknown as { articleHtml: { sanitizeHtml(html: string): string } }).articleHtml.sanitizeHtml(dirty),
    html,
  );
const inHappyDom: Sanitize = async (html) => sanitizeHere(html);

/** Every attribute name left anywhere in the output. */
function attributeNames(box: HTMLElement): string[] {
  return [...box.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
}

describe.each([
  ['Chromium', inChromium],
  ['happy-dom', inHappyDom],
])('sanitizeHtml in %s', (_engine, sanitizeHtml: Sanitize) => {
  /** Parses the sanitiser's output the way the page will, to look at what survived. */
  async function parse(html: string): Promise<HTMLElement> {
    const box = document.createElement('div');
    box.innerHTML = await sanitizeHtml(html);
    return box;
  }

  it('keeps allowed markup: headings, paragraphs, emphasis, lists, tables, figures, links and images', async () => {
    const html = [
      '<h2>Title</h2>',
      '<p>One <strong>bold</strong>, <em>em</em>, <u>u</u>, <s>s</s>, H<sub>2</sub>O, x<sup>2</sup><br>line</p>',
      '<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>',
      '<blockquote>quote</blockquote><pre><code>code()</code></pre><hr>',
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">1</td><td>2</td></tr></tbody></table>',
      '<figure><img src="/articles/a.svg" alt="A picture" width="300" height="128" title="t"><figcaption>cap</figcaption></figure>',
      '<p><a href="https://example.com/x?y=1" title="Example">link</a> <a href="mailto:help@example.com">mail</a> <a href="tel:+84123">tel</a> <a href="/help/3">rel</a></p>',
    ].join('');
    const box = await parse(html);
    expect(box.querySelector('h2')?.textContent).toBe('Title');
    expect(box.querySelectorAll('li')).toHaveLength(3);
    expect(box.querySelector('th')?.getAttribute('colspan')).toBe('2');
    expect(box.querySelector('td')?.getAttribute('rowspan')).toBe('1');
    expect(box.querySelector('pre code')?.textContent).toBe('code()');
    expect(box.querySelector('sub')?.textContent).toBe('2');
    const img = box.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/articles/a.svg');
    expect(img.getAttribute('alt')).toBe('A picture');
    expect(img.getAttribute('width')).toBe('300');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(box.querySelector('figcaption')?.textContent).toBe('cap');
    const links = [...box.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/x?y=1',
      'mailto:help@example.com',
      'tel:+84123',
      '/help/3',
    ]);
    expect(links[0].getAttribute('title')).toBe('Example');
    expect(box.textContent).toContain('One bold, em, u, s, H2O, x2line');
  });

  it('drops script elements with their content', async () => {
    const box = await parse(
      '<p>before</p><script>alert(1)</script><p>after<script src="https://evil.test/x.js"></script></p>',
    );
    expect(box.querySelector('script')).toBeNull();
    expect(box.textContent).toBe('beforeafter');
    expect(await sanitizeHtml('<SCRIPT>alert(1)</SCRIPT>ok')).toBe('ok');
  });

  it('removes event handler attributes (onerror, onclick, onload) and style/class/id', async () => {
    const box = await parse(
      '<img src="/a.png" onerror="alert(1)" alt="x"><p onclick="alert(2)" style="color:red" class="c" id="i">p</p><a href="/x" onmouseover="alert(3)">a</a><body onload="alert(4)">',
    );
    expect(attributeNames(box).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(attributeNames(box)).not.toContain('style');
    expect(attributeNames(box)).not.toContain('class');
    expect(attributeNames(box)).not.toContain('id');
    expect(box.querySelector('img')?.getAttribute('src')).toBe('/a.png');
    expect(box.querySelector('p')?.textContent).toBe('p');
  });

  it('refuses javascript: and other unsafe schemes, also with tabs, newlines or entities inside the scheme', async () => {
    const hrefs = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      ' \u0001javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'jav&#10;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ];
    for (const href of hrefs) {
      const box = await parse(`<a href="${href}">x</a>`);
      expect(box.querySelector('a')?.hasAttribute('href'), href).toBe(false);
      expect(box.textContent).toBe('x');
    }
    // An image with an unsafe source is dropped altogether.
    expect((await parse('<img src="javascript:alert(1)" alt="x">')).querySelector('img')).toBeNull();
    expect((await parse('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).querySelector('img')).toBeNull();
  });

  it('drops iframe, object, embed, style, form controls with their content', async () => {
    const box = await parse(
      '<iframe src="https://evil.test"></iframe><object data="x"></object><embed src="x"><style>body{display:none}</style><form action="/x"><input name="a"><button>b</button><textarea>t</textarea></form><p>kept</p>',
    );
    expect(box.innerHTML).toBe('<p>kept</p>');
  });

  it('drops svg and math with everything nested inside, even allowed elements and text', async () => {
    const box = await parse(
      '<p>a</p><svg><a href="javascript:alert(1)"><text>svg text</text></a><script>alert(1)</script><foreignObject><p onclick="x">inside</p><img src=x onerror=alert(1)></foreignObject></svg><math><mi><a href="javascript:x">m</a></mi></math><p>b</p>',
    );
    expect(box.innerHTML.startsWith('<p>a</p>')).toBe(true);
    expect(box.querySelectorAll('svg, math, a, img, script, text, foreignObject, mi')).toHaveLength(0);
    expect(box.textContent).not.toMatch(/svg text|inside|alert|m$/);
    expect(attributeNames(box)).toEqual([]);
    // Nested deeper, inside allowed elements.
    expect(
      await sanitizeHtml('<div><span><svg><svg><image href="x" onload="alert(1)"/></svg></svg>ok</span></div>'),
    ).toBe('<div><span>ok</span></div>');
  });

  it('drops raw-text elements (xmp, noembed, noframes, plaintext) with their content', async () => {
    expect(await sanitizeHtml('<p>a</p><xmp><img src=x onerror=alert(1)></xmp><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(await sanitizeHtml('<p>a</p><noembed><img src=x onerror=alert(1)></noembed>')).toBe('<p>a</p>');
    expect(await sanitizeHtml('<p>a</p><noframes><a href="javascript:x">n</a></noframes>')).toBe('<p>a</p>');
    expect(await sanitizeHtml('<p>a</p><plaintext><script>alert(1)</script>')).toBe('<p>a</p>');
  });

  it('unwraps unknown elements, keeping their text and allowed children', async () => {
    const box = await parse(
      '<section><article><font color="red">Hello <b>world</b></font></article></section><marquee>m</marquee>',
    );
    expect(box.innerHTML).toBe('Hello <b>world</b>m');
  });

  it('drops comments and does not let a comment or CDATA trick reintroduce markup', async () => {
    expect(await sanitizeHtml('<p>a<!-- <script>alert(1)</script> -->b</p>')).toBe('<p>ab</p>');
    const box = await parse('<p><![CDATA[<img src=x onerror=alert(1)>]]></p>');
    expect(attributeNames(box).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(box.querySelector('img')).toBeNull();
  });

  it('escapes text so that it stays text', async () => {
    const box = await parse('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('p')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('forces links into a new tab with rel="noopener noreferrer", overriding what the article said', async () => {
    const box = await parse(
      '<a href="https://example.com" target="_self" rel="opener">x</a><a name="anchor">no href</a>',
    );
    const [link, anchor] = [...box.querySelectorAll('a')];
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(anchor.hasAttribute('target')).toBe(false);
    expect(anchor.hasAttribute('name')).toBe(false);
  });

  it('keeps links into the app in the app: no new tab, and no target the article set', async () => {
    const box = await parse('<a href="/help/3" target="_top">guide</a><a href="mailto:help@example.com">mail</a>');
    const [inApp, mail] = [...box.querySelectorAll('a')];
    expect(inApp.getAttribute('href')).toBe('/help/3');
    expect(inApp.hasAttribute('target')).toBe(false);
    expect(mail.getAttribute('target')).toBe('_blank');
  });

  it('leaves no handler behind after known mutation-XSS payloads are parsed again', async () => {
    const payloads = [
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<a href="/x"><table><a href="javascript:alert(1)">x</a></table></a>',
    ];
    for (const payload of payloads) {
      // The page parses the output once more when it sets innerHTML: that parse must find nothing live.
      const once = await parse(payload);
      const twice = document.createElement('div');
      twice.innerHTML = once.innerHTML;
      for (const box of [once, twice]) {
        expect(
          attributeNames(box).filter((name) => name.startsWith('on')),
          payload,
        ).toEqual([]);
        expect(box.querySelectorAll('script, style, svg, math, iframe, noscript'), payload).toHaveLength(0);
        const hrefs = [...box.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
        expect(
          hrefs.filter((href) => /script:/i.test(href)),
          payload,
        ).toEqual([]);
      }
    }
  });

  it('gives images without alt an empty alt, and empty input an empty string', async () => {
    expect((await parse('<img src="/a.png">')).querySelector('img')?.getAttribute('alt')).toBe('');
    expect(await sanitizeHtml('')).toBe('');
    expect(await sanitizeHtml('   ')).toBe('');
    expect(await sanitizeHtml('plain text')).toBe('plain text');
  });
});
