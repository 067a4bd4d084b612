import { describe, expect, it } from 'vitest';
import { htmlToText } from '../src/html-text.js';

describe('htmlToText', () => {
  it('keeps paragraphs and headings apart and list items on their own lines', () => {
    expect(
      htmlToText(
        '<p>Intro <a href="/x/4005-1/" data-ref-id="4005-1">Batman</a>.</p><h2>Collected</h2><ul><li>Vol. 1</li><li>Vol. 2</li></ul>',
      ),
    ).toBe('Intro Batman.\n\nCollected\n\nVol. 1\nVol. 2');
  });

  it('drops figures with their captions, scripts and comments', () => {
    expect(
      htmlToText(
        '<figure data-align="right"><a href="/i.jpg"><img src="/i.jpg"></a><figcaption>Cover</figcaption></figure><p>Text</p><script>alert(1)</script><!-- note -->',
      ),
    ).toBe('Text');
  });

  it('decodes named and numeric entities once', () => {
    expect(htmlToText('Tom &amp; Jerry &#233;t&eacute; &#x2019; &hellip; &amp;lt;b&amp;gt;')).toBe(
      'Tom & Jerry été ’ … &lt;b&gt;',
    );
  });

  it('keeps escaped angle brackets as text and unknown entities as they are', () => {
    expect(htmlToText('a &lt;b&gt; c &bogus; d')).toBe('a <b> c &bogus; d');
  });

  it('collapses the whitespace of the source, line breaks included', () => {
    expect(htmlToText('  one\n   two&nbsp;&nbsp;three<br/>four<br>\n\n\n\nfive  ')).toBe(
      'one\ntwo three\nfour\n\nfive',
    );
  });

  it('turns table cells into words on a line per row', () => {
    expect(
      htmlToText('<table><tr><th>Title</th><th>Year</th></tr><tr><td>Hellboy</td><td>1994</td></tr></table>'),
    ).toBe('Title Year\nHellboy 1994');
  });

  it('answers null when nothing readable is left', () => {
    expect(htmlToText('<p> </p><br>')).toBeNull();
    expect(htmlToText('')).toBeNull();
    expect(htmlToText(null)).toBeNull();
  });
});
