import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/client/features/content/sanitizeHtml';

/** Parses the sanitiser's output the way the page will, to look at what survived. */
function parse(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = sanitizeHtml(html);
  return box;
}

/** Every attribute name left anywhere in the output. */
function attributeNames(box: HTMLElement): string[] {
  return [...box.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
}

describe('sanitizeHtml', () => {
  it('keeps allowed markup: headings, paragraphs, emphasis, lists, tables, figures, links and images', () => {
    const html = [
      '<h2>Title</h2>',
      '<p>One <strong>bold</strong>, <em>em</em>, <u>u</u>, <s>s</s>, H<sub>2</sub>O, x<sup>2</sup><br>line</p>',
      '<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>',
      '<blockquote>quote</blockquote><pre><code>code()</code></pre><hr>',
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">1</td><td>2</td></tr></tbody></table>',
      '<figure><img src="/articles/a.svg" alt="A picture" width="300" height="128" title="t"><figcaption>cap</figcaption></figure>',
      '<p><a href="https://example.com/x?y=1" title="Example">link</a> <a href="mailto:help@example.com">mail</a> <a href="tel:+84123">tel</a> <a href="/help/3">rel</a></p>',
    ].join('');
    const box = parse(html);
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

  it('drops script elements with their content', () => {
    const box = parse(
      '<p>before</p><script>alert(1)</script><p>after<script src="https://evil.test/x.js"></script></p>',
    );
    expect(box.querySelector('script')).toBeNull();
    expect(box.textContent).toBe('beforeafter');
    expect(sanitizeHtml('<SCRIPT>alert(1)</SCRIPT>ok')).toBe('ok');
  });

  it('removes event handler attributes (onerror, onclick, onload) and style/class/id', () => {
    const box = parse(
      '<img src="/a.png" onerror="alert(1)" alt="x"><p onclick="alert(2)" style="color:red" class="c" id="i">p</p><a href="/x" onmouseover="alert(3)">a</a><body onload="alert(4)">',
    );
    expect(attributeNames(box).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(attributeNames(box)).not.toContain('style');
    expect(attributeNames(box)).not.toContain('class');
    expect(attributeNames(box)).not.toContain('id');
    expect(box.querySelector('img')?.getAttribute('src')).toBe('/a.png');
    expect(box.querySelector('p')?.textContent).toBe('p');
  });

  it('refuses javascript: and other unsafe schemes, also with tabs, newlines or entities inside the scheme', () => {
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
      const box = parse(`<a href="${href}">x</a>`);
      expect(box.querySelector('a')?.hasAttribute('href'), href).toBe(false);
      expect(box.textContent).toBe('x');
    }
    // An image with an unsafe source is dropped altogether.
    expect(parse('<img src="javascript:alert(1)" alt="x">').querySelector('img')).toBeNull();
    expect(parse('<img src="data:image/svg+xml,<svg onload=alert(1)>">').querySelector('img')).toBeNull();
  });

  it('drops iframe, object, embed, style, form controls with their content', () => {
    const box = parse(
      '<iframe src="https://evil.test"></iframe><object data="x"></object><embed src="x"><style>body{display:none}</style><form action="/x"><input name="a"><button>b</button><textarea>t</textarea></form><p>kept</p>',
    );
    expect(box.innerHTML).toBe('<p>kept</p>');
  });

  it('drops svg and math with everything nested inside, even allowed elements and text', () => {
    const box = parse(
      '<p>a</p><svg><a href="javascript:alert(1)"><text>svg text</text></a><script>alert(1)</script><foreignObject><p onclick="x">inside</p><img src=x onerror=alert(1)></foreignObject></svg><math><mi><a href="javascript:x">m</a></mi></math><p>b</p>',
    );
    expect(box.innerHTML.startsWith('<p>a</p>')).toBe(true);
    expect(box.querySelectorAll('svg, math, a, img, script, text, foreignObject, mi')).toHaveLength(0);
    expect(box.textContent).not.toMatch(/svg text|inside|alert|m$/);
    expect(attributeNames(box)).toEqual([]);
    // Nested deeper, inside allowed elements.
    expect(sanitizeHtml('<div><span><svg><svg><image href="x" onload="alert(1)"/></svg></svg>ok</span></div>')).toBe(
      '<div><span>ok</span></div>',
    );
  });

  it('drops raw-text elements (xmp, noembed, noframes, plaintext) with their content', () => {
    expect(sanitizeHtml('<p>a</p><xmp><img src=x onerror=alert(1)></xmp><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeHtml('<p>a</p><noembed><img src=x onerror=alert(1)></noembed>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<p>a</p><noframes><a href="javascript:x">n</a></noframes>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<p>a</p><plaintext><script>alert(1)</script>')).toBe('<p>a</p>');
  });

  it('unwraps unknown elements, keeping their text and allowed children', () => {
    const box = parse(
      '<section><article><font color="red">Hello <b>world</b></font></article></section><marquee>m</marquee>',
    );
    expect(box.innerHTML).toBe('Hello <b>world</b>m');
  });

  it('drops comments and does not let a comment or CDATA trick reintroduce markup', () => {
    expect(sanitizeHtml('<p>a<!-- <script>alert(1)</script> -->b</p>')).toBe('<p>ab</p>');
    const box = parse('<p><![CDATA[<img src=x onerror=alert(1)>]]></p>');
    expect(attributeNames(box).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(box.querySelector('img')).toBeNull();
  });

  it('escapes text so that it stays text', () => {
    const box = parse('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('p')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('forces links into a new tab with rel="noopener noreferrer", overriding what the article said', () => {
    const box = parse('<a href="https://example.com" target="_self" rel="opener">x</a><a name="anchor">no href</a>');
    const [link, anchor] = [...box.querySelectorAll('a')];
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(anchor.hasAttribute('target')).toBe(false);
    expect(anchor.hasAttribute('name')).toBe(false);
  });

  it('keeps links into the app in the app: no new tab, and no target the article set', () => {
    const box = parse('<a href="/help/3" target="_top">guide</a><a href="mailto:help@example.com">mail</a>');
    const [inApp, mail] = [...box.querySelectorAll('a')];
    expect(inApp.getAttribute('href')).toBe('/help/3');
    expect(inApp.hasAttribute('target')).toBe(false);
    expect(mail.getAttribute('target')).toBe('_blank');
  });

  it('gives images without alt an empty alt, and empty input an empty string', () => {
    expect(parse('<img src="/a.png">').querySelector('img')?.getAttribute('alt')).toBe('');
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('   ')).toBe('');
    expect(sanitizeHtml('plain text')).toBe('plain text');
  });
});
