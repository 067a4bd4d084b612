import { describe, expect, it } from 'vitest';
import { cleanBookCss, staysInside } from './book-css.js';

const BLOB = 'blob:http://127.0.0.1:7080/0b8e6d1c';
const keep = (url: string) => url === BLOB || url.startsWith('#');
const clean = (css: string) => cleanBookCss(css, keep);

describe("a book's CSS", () => {
  it('loses every url() outside the book, in any spelling the browser reads', () => {
    expect(clean('a{background:url(http://t.test/x)}')).toBe('a{background: none }');
    expect(clean("a{background:URL( 'http://t.test/x' )}")).toBe('a{background:URL(  none  )}');
    expect(clean('a{background:u\\rl(http://t.test/x)}')).toBe('a{background: none }');
    expect(clean('a{background:\\75 rl(http://t.test/x)}')).toBe('a{background: none }');
    expect(clean('a{background:url(ht\\74p://t.test/x)}')).toBe('a{background: none }');
    expect(clean('a{b/**/ackground:url(/api/v1/auth/me)}')).toBe('a{b/**/ackground: none }');
    expect(clean('a{background:url(http://t.test/a b)}')).toBe('a{background: none }');
    expect(clean(`a{background:url(${BLOB}), url("#g"), url(../x.png)}`)).toBe(
      `a{background:url(${BLOB}), url("#g"),  none }`,
    );
  });

  it('loses @import and the strings of image-set() outside the book, and keeps @namespace', () => {
    expect(clean('@import "http://t.test/a.css"; p{}')).toBe('@import  none ; p{}');
    expect(clean("@\\69mport 'x.css' screen;")).toBe('@\\69mport  none  screen;');
    expect(clean('@media print { @import url(x.css); }')).toBe('@media print { @import  none ; }');
    expect(clean(`p{background:image-set("http://t.test/a.png" 1x, "${BLOB}" 2x)}`)).toBe(
      `p{background:image-set( none  1x, "${BLOB}" 2x)}`,
    );
    expect(clean('p{background:-webkit-image-set(url(//t.test/a.png) 1x)}')).toBe(
      'p{background:-webkit-image-set( none  1x)}',
    );
    const namespaces =
      '@namespace svg url(http://www.w3.org/2000/svg); @namespace epub "http://www.idpf.org/2007/ops";';
    expect(clean(namespaces)).toBe(namespaces);
    const text = 'p::before{content:"http://t.test/"; font-family:"Georgia"} @font-face{src:local("X") format("woff")}';
    expect(clean(text)).toBe(text);
  });

  it('drops a whole address function given a value the browser computes, and keeps literal ones', () => {
    expect(clean('p{--u:"https://t.test/x.png";background-image:image-set(var(--u) 1x)}')).toBe(
      'p{--u:"https://t.test/x.png";background-image: none }',
    );
    for (const value of [
      'image-set(var(--u) 1x)',
      '-webkit-image-set(var(--u, "x") 1x)',
      'IMAGE-SET(V\\61r(--u))',
      'src(var(--u))',
      'image(env(x))',
      'cross-fade(url(#a), image-set(attr(data-u) 1x))',
      'image-set(if(media(print): "x"))',
      'image-set(inherit(--u))',
      'image-set(url(#a) type(var(--t)))',
    ]) {
      expect([value, clean(`a{b:${value}}`)]).toEqual([value, 'a{b: none }']);
    }
    // A function ends where the browser ends it: a `{` block inside runs to its `}`, an unclosed function to the end.
    expect(clean('a{b:image-set({var(--u)) 1x)} c{}')).toBe('a{b: none ');
    expect(clean(`p{b:image-set(url(${BLOB}) type("image/png") 1x, color(srgb 0 0 calc(1 + 1)) 2x)}`)).toBe(
      `p{b:image-set(url(${BLOB}) type("image/png") 1x, color(srgb 0 0 calc(1 + 1)) 2x)}`,
    );
    // Outside an address function a computed value is only a value: a url() it could hold is checked where written.
    expect(clean('p{color:var(--c); --i: url(http://t.test/x)}')).toBe('p{color:var(--c); --i:  none }');
    expect(staysInside('image-set(var(--u))', keep)).toBe(false);
  });

  it('tells a presentation attribute that reaches out from one that stays', () => {
    expect(staysInside('url(#grad)', keep)).toBe(true);
    expect(staysInside('red', keep)).toBe(true);
    expect(staysInside('url(http://t.test/f.svg#g)', keep)).toBe(false);
    expect(staysInside('u\\rl(/api/v1/auth/me)', keep)).toBe(false);
  });
});
