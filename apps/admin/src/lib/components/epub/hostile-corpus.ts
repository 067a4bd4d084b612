/**
 * Hostile book documents for the sanitiser's tests (book-sanitiser.test.ts): each class of escape the reader has
 * met or could meet, in the spellings that beat hand-written filters. Each document is given as the engine hands it
 * to the sanitiser: the book's own files already replaced by `blob:` URLs of this page (`BLOB`), everything else as
 * the book wrote it. Resources point at `tracker.test`, or at this server's API; links at `elsewhere.test`.
 * test/support/epubs.ts builds the end-to-end hostile book from the same classes.
 */

export interface CorpusDocument {
  /** What the document tries, for the failure message. */
  name: string;
  /** As the book's manifest declares it: any spelling (`TEXT/HTML`, `text/xml`, `text/css; charset=utf-8`…). */
  type: string;
  /** Its path in the book: links resolve against it. */
  path: string;
  text: string;
}

const XHTML_NS = 'http://www.w3.org/1999/xhtml';

const xhtml = (body: string, head = '') => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="${XHTML_NS}" xmlns:epub="http://www.idpf.org/2007/ops" lang="en">
<head><title>Hostile</title>${head}</head>
<body>${body}</body>
</html>`;

const svg = (body: string, prologue = '') => `<?xml version="1.0" encoding="UTF-8"?>${prologue}
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" viewBox="0 0 100 100">${body}</svg>`;

/** A link, an image and a CSS reference, in every spelling of "somewhere else" that the URL parser accepts. */
export function outsideSpellings(origin: string, host: string, path: string): string[] {
  const bare = origin.replace(/^https?:\/\//, '');
  return [
    `http://${host}${path}`,
    `HTTP://${host.toUpperCase()}${path}`,
    `//${host}${path}`,
    `http:/${host}${path}`,
    `http:${host}${path}`,
    `http:\\\\${host}${path.replace(/\//g, '\\')}`,
    `\\\\${host}${path}`,
    `/\\${host}${path}`,
    `https:/\\${host}${path}`,
    `  http://${host}${path}`,
    `ht&#x09;tp://${host}${path}`,
    `h&#x0A;ttp://${host}${path}`,
    `&#x68;ttp://${host}${path}`,
    `http://${host}:80${path}`,
    `http://user@${host}${path}`,
    `/api/v1/auth/me?from=${path}`,
    `../../../api/v1/libraries?from=${path}`,
    `../../../../../../api/v1/auth/me?from=${path}`,
    `%2e%2e/%2e%2e/%2e%2e/api/v1/auth/me?from=${path}`,
    `/trpc/libraries.list?from=${path}`,
    `${origin}/api/v1/auth/me?from=${path}`,
    `//${bare}/api/v1/auth/me?from=${path}`,
    `http:/${bare}/api/v1/auth/me?from=${path}`,
  ];
}

/** Schemes that run, show a document or reach the machine: never a link's, never a resource's. */
export const CODE_SCHEMES = [
  'javascript:top.hostile=1',
  'java&#x09;script:top.hostile=1',
  'java&#x0A;script:top.hostile=1',
  'java&#x0D;script:top.hostile=1',
  ' javascript:top.hostile=1',
  'JaVaScRiPt:top.hostile=1',
  'javascript&#x3A;top.hostile=1',
  '&#x6A;avascript:top.hostile=1',
  'vbscript:msgbox(1)',
  'data:text/html,<script>top.hostile=1</script>',
  'data:text/html;base64,PHNjcmlwdD50b3AuaG9zdGlsZT0xPC9zY3JpcHQ+',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="top.hostile=1"/>',
  'data:application/xhtml+xml,<html xmlns="http://www.w3.org/1999/xhtml"/>',
  'file:///etc/passwd',
  'blob:https://tracker.test/0b8e6d1c-0000-4000-8000-000000000000',
  'filesystem:https://tracker.test/temporary/x',
  'about:blank',
  'chrome://settings',
  'view-source:https://tracker.test/',
  'ftp://tracker.test/x',
  'tel:+3312345678',
  'intent://tracker.test#Intent;scheme=https;end',
];

const escapeAttribute = (value: string) => value.replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** Entities are written as they are (`&#x09;`), everything else escaped for an attribute. */
const attribute = (value: string) => escapeAttribute(value).replace(/&amp;(#x?[0-9a-f]+;)/gi, '&$1');

export function hostileCorpus(origin: string): CorpusDocument[] {
  const BLOB = `blob:${origin}/11111111-2222-4333-8444-555555555555`;
  const chapter = 'OEBPS/text/chapter.xhtml';
  const links = outsideSpellings(origin, 'elsewhere.test', '/page');
  const resources = outsideSpellings(origin, 'tracker.test', '/pixel.png');
  const anchors = [...links, ...CODE_SCHEMES]
    .map((href, i) => `<p><a id="link-${i}" href="${attribute(href)}">link ${i}</a></p>`)
    .join('\n');
  const images = [...resources, ...CODE_SCHEMES]
    .map((src, i) => `<img id="img-${i}" alt="" src="${attribute(src)}"/>`)
    .join('\n');
  const cssUrls = resources.filter((url) => !url.includes('&#'));

  return [
    { name: 'links in every spelling and scheme', type: 'application/xhtml+xml', path: chapter, text: xhtml(anchors) },
    {
      name: 'links with a leading control character (HTML only: XML refuses it)',
      type: 'text/html',
      path: chapter,
      text: `<!DOCTYPE html><html><head><title>x</title></head><body>
<a href="&#x01;javascript:top.hostile=1">c0</a><a href="&#x1F;http://elsewhere.test/">c0 web</a>
<a href="java\tscript:top.hostile=1">tab</a><a href="\u0000javascript:top.hostile=1">nul</a>
<area href="javascript:top.hostile=1"><map name="m"><area shape="rect" coords="0,0,5,5" href="http://elsewhere.test/map"></map>
</body></html>`,
    },
    { name: 'images in every spelling and scheme', type: 'application/xhtml+xml', path: chapter, text: xhtml(images) },
    {
      name: 'every element and attribute that fetches by itself',
      type: 'application/xhtml+xml',
      path: chapter,
      text: xhtml(
        `<img alt="" src="${BLOB}" srcset="http://tracker.test/2x.png 2x, ${BLOB} 1x" sizes="100vw"/>
<picture><source srcset="http://tracker.test/source.png" type="image/png"/><img alt="" src="${BLOB}"/></picture>
<video src="http://tracker.test/video.mp4" poster="//tracker.test/poster.png"><source src="/api/v1/auth/me?from=source"/><track src="http://tracker.test/track.vtt"/></video>
<audio src="http:/tracker.test/audio.mp3"></audio>
<input type="image" src="http://tracker.test/input.png" alt=""/>
<table background="http://tracker.test/table.png"><tr><td background="/api/v1/auth/me?from=td">x</td></tr></table>
<object data="http://tracker.test/object.svg"><embed src="http://tracker.test/embed.svg"/></object>
<iframe src="/api/v1/auth/me?from=iframe"></iframe><iframe srcdoc="&lt;img src='http://tracker.test/srcdoc.png'&gt;"></iframe>
<form action="/api/v1/tokens" method="post"><button formaction="http://tracker.test/form">Send</button><input name="name" value="x"/></form>
<blockquote cite="http://tracker.test/cite">q</blockquote>
<img alt="" src="${BLOB}" usemap="http://tracker.test/map#m" longdesc="http://tracker.test/longdesc"/>
<a href="#top" ping="http://tracker.test/ping">ping</a>
<div itemscope="" itemtype="http://tracker.test/type" itemid="http://tracker.test/id">micro</div>
<template><img alt="" src="http://tracker.test/template.png"/></template>
<template shadowrootmode="open"><img alt="" src="http://tracker.test/shadow.png"/></template>
<noscript><img alt="" src="http://tracker.test/noscript.png"/></noscript>
<div xml:base="http://tracker.test/"><img alt="" src="relative.png"/></div>
<img alt="" src="${BLOB}" onerror="fetch('/api/v1/tokens',{method:'POST'})" onload="top.hostile=1"/>
<script>fetch('/api/v1/tokens', { method: 'POST' })</script>
<script src="${BLOB}"></script>
<portal src="http://tracker.test/portal"></portal>
<frameset><frame src="http://tracker.test/frame"/></frameset>`,
        `<base href="http://tracker.test/"/>
<meta http-equiv="refresh" content="0; url=http://tracker.test/refresh"/>
<meta http-equiv="Content-Security-Policy" content="default-src *"/>
<link rel="stylesheet" href="http://tracker.test/sheet.css"/>
<link rel="stylesheet" href="/api/v1/auth/me?from=link"/>
<link rel="preload" as="image" href="${BLOB}"/>
<link rel="prefetch" href="http://tracker.test/prefetch"/>
<link rel="dns-prefetch preconnect" href="//tracker.test"/>
<link rel="icon" href="http://tracker.test/icon.png"/>
<link rel="import" href="http://tracker.test/import.html"/>
<link rel="stylesheet" href="data:text/css,@import url(http://tracker.test/data.css);"/>
<link rel="stylesheet" href="${BLOB}"/>`,
      ),
    },
    {
      name: 'style blocks and attributes that fetch, in every CSS spelling',
      type: 'application/xhtml+xml',
      path: chapter,
      text: xhtml(
        `${cssUrls.map((url, i) => `<p style="background-image: url('${attribute(url)}')">s${i}</p>`).join('\n')}
<p style="background:u\\rl(http://tracker.test/escaped.png)">e1</p>
<p style="background:\\75 rl(http://tracker.test/escaped2.png)">e2</p>
<p style="background:URL(ht\\74p://tracker.test/escaped3.png)">e3</p>
<p style="b/**/ackground:url(http://tracker.test/comment.png)">e4</p>
<p style="background:image-set('http://tracker.test/set.png' 1x, url(/api/v1/auth/me) 2x)">e5</p>
<p style="background:-webkit-image-set(url(//tracker.test/wset.png) 1x)">e6</p>
<p style="list-style:url(http://tracker.test/list.png); cursor:url(http://tracker.test/cursor.png), auto">e7</p>
<p style="border-image:url(http://tracker.test/border.png) 30; mask:url(http://tracker.test/mask.svg#m)">e8</p>
<p style="content:url(http://tracker.test/content.png); background:url(data:text/css,x)">e9</p>
<p style="background:image('http://tracker.test/image.png'); background:src('http://tracker.test/src.png')">e10</p>`,
        `<style><![CDATA[
@import "http://tracker.test/import1.css";
@import url(http://tracker.test/import2.css);
@import 'http:/tracker.test/import3.css' screen;
@IMPORT "/api/v1/auth/me?from=import";
@\\69mport "http://tracker.test/import4.css";
@im\\70 ort url("//tracker.test/import5.css");
@import "data:text/css,body{background:url(http://tracker.test/datacss.png)}";
@font-face { font-family: x; src: url(http://tracker.test/font.woff2) format("woff2"), local("X"); }
@media screen { body { background: url("http://tracker.test/media.png"); } }
@supports (display: grid) { p { background: url(../../../api/v1/auth/me) } }
@namespace svg url(http://www.w3.org/2000/svg);
p::before { content: url(http://tracker.test/before.png); }
p { background: u\\rl( "http://tracker.test/quoted-escaped.png" ) }
p { background: url(/*x*/http://tracker.test/not-a-comment.png) }
p { background:url( http://tracker.test/bad url.png ) }
]]></style>
<style>p { background: url(http\\:\\/\\/tracker.test/escaped-in-url.png) }</style>`,
      ),
    },
    {
      // The addresses come in through values the browser computes: the strings themselves stay (harmless once no
      // address function can take them), so they name computed.test rather than tracker.test.
      name: 'address functions given a computed value (var, env, attr, if, inherit)',
      type: 'application/xhtml+xml',
      path: chapter,
      text: xhtml(
        `<p style="--u: 'https://computed.test/attr-var.png'"><i style="background-image: image-set(var(--u) 1x)">a1</i></p>
<p style="background-image: -webkit-image-set(var(--w, 'https://computed.test/fallback.png') 1x)">a2</p>
<p style="background-image: image(var(--u)); border-image-source: cross-fade(url(${BLOB}), image-set(env(x) 1x))">a3</p>
<p data-u="https://computed.test/attr.png" style="background-image: image-set(attr(data-u) 1x)">a4</p>
<p style="background-image: src(var(--u)); list-style-image: image-set(if(media(print): 'https://computed.test/if.png'))">a5</p>`,
        `<style>
p { --u: "https://computed.test/var.png"; background-image: image-set(var(--u) 1x); }
div { --w: '/api/v1/auth/me'; background-image: -webkit-image-set(var(--w) 1x); }
h1 { --t: "https://computed.test/type.png"; background-image: image-set(url(${BLOB}) type(var(--t)), src(inherit(--u))); }
h2 { cursor: image-set(var(--u) 1x), auto; content: image-set(color(srgb var(--c) 0 0)); }
</style>`,
      ),
    },
    {
      name: 'an SVG section with computed addresses (an SVG document gets no policy)',
      type: 'image/svg+xml',
      path: 'OEBPS/images/computed.svg',
      text: svg(
        `<style>svg { --u: 'https://computed.test/svg-var.png'; background-image: image-set(var(--u)) } rect { fill: image(var(--u)) }</style>
<rect width="10" height="10" style="--v: 'https://computed.test/svg-attr.png'; background-image: src(var(--v))"/>`,
      ),
    },
    ...spelledTypes(),
    {
      name: 'an SVG section that fetches with no click',
      type: 'image/svg+xml',
      path: 'OEBPS/images/cover.svg',
      text: svg(
        `<style>@import "http:/tracker.test/svg-import.css"; rect { fill: url(http://tracker.test/svg-fill.svg#g) }</style>
<image width="10" height="10" href="http://tracker.test/svg-image.png"/>
<image width="10" height="10" xlink:href="//tracker.test/svg-xlink.png"/>
<image width="10" height="10" href="/api/v1/auth/me?from=svg-image"/><image width="10" height="10" href="&tracker;"/>
<filter id="f"><feImage href="http://tracker.test/feimage.png"/><feImage xlink:href="/api/v1/auth/me?from=feimage"/></filter>
<foreignObject width="10" height="10"><img xmlns="${XHTML_NS}" src="http://tracker.test/foreign.png" alt=""/><iframe xmlns="${XHTML_NS}" src="/api/v1/auth/me"/></foreignObject>
<rect width="10" height="10" fill="url(http://tracker.test/fill.svg#g)" stroke="url(/api/v1/auth/me#s)" filter="url(//tracker.test/filter.svg#f)" clip-path="url(http:/tracker.test/clip.svg#c)" mask="url('http://tracker.test/mask.svg#m')" marker-start="url(http://tracker.test/marker.svg#m)" style="fill: url(http://tracker.test/style-fill.svg#g)"/>
<use href="http://tracker.test/sprite.svg#icon"/><use xlink:href="/api/v1/auth/me#icon"/>
<pattern id="p" xlink:href="http://tracker.test/pattern.svg#p"/><linearGradient id="g" href="http://tracker.test/gradient.svg#g"/>
<textPath href="http://tracker.test/text.svg#path">t</textPath><tref xlink:href="http://tracker.test/tref.svg#t"/>
<animate attributeName="href" to="javascript:top.hostile=1"/><set attributeName="xlink:href" to="http://tracker.test/set"/>
<script href="http://tracker.test/script.js"/><script>top.hostile = 1</script>
<a href="javascript:top.hostile=1"><text y="20">js</text></a>
<a xlink:href="java&#x09;script:top.hostile=1"><text y="30">xlink js</text></a>
<a xlink:href="http:/elsewhere.test/svg-link"><text y="40">one slash</text></a>
<a href="//elsewhere.test/svg-link2" target="_top"><text y="50">protocol-relative</text></a>
<cursor xlink:href="http://tracker.test/cursor.png"/><font-face><font-face-src><font-face-uri xlink:href="http://tracker.test/font.svg"/></font-face-src></font-face>
<rect onload="top.hostile=1" onclick="top.hostile=1" width="1" height="1"/>`,
        `<?xml-stylesheet type="text/css" href="http://tracker.test/pi.css"?>
<?xml-stylesheet href="/api/v1/auth/me?from=pi"?>
<!DOCTYPE svg [<!ENTITY tracker "http://tracker.test/entity.png">]>`,
      ),
    },
    {
      name: 'an SVG inside a chapter, and MathML',
      type: 'application/xhtml+xml',
      path: chapter,
      text: xhtml(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
<image href="http://tracker.test/inline-image.png" width="10" height="10"/>
<feImage href="/api/v1/auth/me?from=inline-feimage"/>
<foreignObject><img xmlns="${XHTML_NS}" src="/api/v1/auth/me?from=inline-foreign" alt=""/></foreignObject>
<rect fill="url(http://tracker.test/inline-fill.svg#g)" width="1" height="1"/>
<a xlink:href="vbscript:msgbox(1)"><text>v</text></a>
</svg>
<math xmlns="http://www.w3.org/1998/Math/MathML"><mi href="http://tracker.test/mathml">x</mi><mglyph src="http://tracker.test/mglyph.png"/><maction actiontype="statusline"><mi>y</mi><mtext>z</mtext></maction><mtext><img src="http://tracker.test/math-img.png" alt=""/></mtext></math>`),
    },
    {
      name: 'an XHTML file that does not parse (read as HTML)',
      type: 'application/xhtml+xml',
      path: chapter,
      text: `<html><head><title>broken</title><link rel="stylesheet" href="http://tracker.test/broken.css"></head><body><p>unclosed<img src="/api/v1/auth/me?from=broken"><a href="java&#x09;script:top.hostile=1">x</a><svg><image href="http://tracker.test/broken-svg.png"/></svg></body></html>`,
    },
    {
      name: 'an XHTML file whose root is not html',
      type: 'application/xhtml+xml',
      path: chapter,
      text: `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><image href="http://tracker.test/rootless.png"/></svg>`,
    },
    {
      name: 'namespace and mXSS tricks',
      type: 'text/html',
      path: chapter,
      text: `<!DOCTYPE html><html><head><title>x</title></head><body>
<svg><style><img src="http://tracker.test/svg-style-img.png"></style></svg>
<math><mtext><table><mglyph><style><img src="http://tracker.test/mxss.png" onerror="top.hostile=1">
<svg></p><style><a id="</style><img src=/api/v1/auth/me?from=mxss onerror=top.hostile=1>">
<noscript><p title="</noscript><img src=http://tracker.test/noscript-break.png>"></noscript>
<form><math><mtext></form><form><mglyph><style></math><img src="http://tracker.test/form-mxss.png">
</body></html>`,
    },
    {
      name: 'a style sheet file',
      type: 'text/css',
      path: 'OEBPS/styles/book.css',
      text: `@charset "utf-8";
@import "http://tracker.test/sheet-import.css";
@import url('/api/v1/auth/me?from=sheet-import');
@\\69mport "//tracker.test/escaped-import.css";
@font-face { font-family: "Hostile"; src: url(http:/tracker.test/font.woff) format("woff"); }
body { background: u\\rl(http://tracker.test/sheet-escaped.png); }
h1 { background: image-set("http://tracker.test/sheet-set.png" 1x, "${BLOB}" 2x); }
h2 { background: url(${BLOB}), url("../../../api/v1/libraries"); }
h3 { background: url(data:text/html,hello); cursor: url(data:image/svg+xml,x), auto; }
h4 { background: url(  'http:\\\\tracker.test\\\\backslash.png'  ); }
:root { --u: "https://computed.test/sheet-var.png"; }
body { background-image: image-set(var(--u) 1x); }
h5 { background-image: -webkit-image-set(var(--u) 1x), cross-fade(url(${BLOB}), src(var(--u))); }`,
    },
  ];
}

/**
 * One hostile document in each spelling of a type that a browser reads as a document or a style sheet: every one
 * must come out sanitised, whatever the manifest wrote (a frame renders `text/xml`, `TEXT/HTML` and the like).
 */
function spelledTypes(): CorpusDocument[] {
  const chapter = xhtml(
    `<img alt="" src="/api/v1/auth/me?from=spelled"/><img alt="" src="http://tracker.test/spelled.png"/><a href="java&#x09;script:top.hostile=1">x</a>`,
    `<link rel="stylesheet" href="http://tracker.test/spelled.css"/>`,
  );
  const image = svg(`<image width="1" height="1" href="http://tracker.test/spelled-svg.png"/>`);
  const sheet = `@import "http://tracker.test/spelled-import.css"; body { background: url(/api/v1/auth/me?from=spelled-css) }`;
  const documents: [string, string, string][] = [
    ['Application/XHTML+XML', 'OEBPS/text/a.xhtml', chapter],
    ['application/xhtml+xml; charset=utf-8', 'OEBPS/text/b.xhtml', chapter],
    ['text/xml', 'OEBPS/text/c.xml', chapter],
    ['application/xml', 'OEBPS/text/d.xml', chapter],
    ['application/x-dtbncx+xml', 'OEBPS/toc.ncx', chapter],
    ['TEXT/HTML', 'OEBPS/text/e.html', chapter],
    [' text/html ;charset="utf-8"', 'OEBPS/text/f.html', chapter],
    ['image/svg+xml;charset=utf-8', 'OEBPS/images/g.svg', image],
    ['IMAGE/SVG+XML', 'OEBPS/images/h.svg', image],
    ['TEXT/CSS', 'OEBPS/styles/i.css', sheet],
    ['text/css; charset=utf-8', 'OEBPS/styles/j.css', sheet],
  ];
  return documents.map(([type, path, text]) => ({ name: `a file declared "${type}"`, type, path, text }));
}

/** A well-made book's document (in-book resources already `blob:` URLs): what must survive the sanitiser. */
export function wellMadeChapter(origin: string): CorpusDocument {
  const BLOB = `blob:${origin}/aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee`;
  return {
    name: 'a well-made chapter',
    type: 'application/xhtml+xml',
    path: 'OEBPS/text/chapter-1.xhtml',
    text: xhtml(
      `<section epub:type="chapter" id="top"><h1 xml:lang="en">Chapter 1</h1>
<p id="p1" class="first" style="color: navy; background: url('${BLOB}')">Text with a <a id="note-ref" href="#note">note</a>, a <a id="next" href="chapter-2.xhtml#start">next chapter</a>, the <a id="cover-link" href="../images/cover.jpg">cover</a> and <a id="web" href="https://example.org/a?b=c#d">a site</a> and <a id="mail" href="mailto:author@example.org">the author</a>.</p>
<img id="picture" src="${BLOB}" alt="A picture" width="100" height="50"/>
<img id="inline-data" src="data:image/png;base64,iVBORw0KGgo=" alt=""/>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" id="figure" width="100" height="100" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid meet"><defs><linearGradient id="grad"><stop offset="0" stop-color="red"/></linearGradient><clipPath id="clip"><rect width="50" height="50"/></clipPath></defs><rect width="100" height="100" fill="url(#grad)" clip-path="url(#clip)"/><image width="100" height="100" xlink:href="${BLOB}"/><use href="#clip"/><a xlink:href="chapter-2.xhtml"><text x="10" y="90">Next</text></a></svg>
<math xmlns="http://www.w3.org/1998/Math/MathML"><mfrac><mi>a</mi><mi>b</mi></mfrac></math>
<aside epub:type="footnote" id="note"><p>The note.</p></aside></section>`,
      `<meta name="viewport" content="width=600, height=800"/>
<link rel="stylesheet" type="text/css" href="${BLOB}"/>
<style>@namespace epub "http://www.idpf.org/2007/ops"; @font-face { font-family: "Book"; src: url("${BLOB}") format("woff2"); } h1 { font-family: "Book", serif; } [epub|type~="footnote"] { font-style: italic; } p::before { content: "« "; }</style>`,
    ),
  };
}
