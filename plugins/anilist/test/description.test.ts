import { describe, expect, it } from 'vitest';
import { descriptionToPlainText } from '../src/description.js';

describe('descriptionToPlainText', () => {
  it('turns AniList line breaks into paragraphs and drops inline tags', () => {
    expect(descriptionToPlainText('First line.<br><br>\n<i>Second</i> <b>line</b>.<br>\n(Source: VIZ)')).toBe(
      'First line.\n\nSecond line.\n\n(Source: VIZ)',
    );
  });

  it('handles self-closing, upper-case and attribute-carrying tags', () => {
    expect(descriptionToPlainText('A<BR/>B<br />C <a href="https://anilist.co/x">link</a>')).toBe('A\nB\nC link');
  });

  it('keeps a less-than sign that does not open a tag', () => {
    expect(descriptionToPlainText('Power < 9000 and <3 hearts')).toBe('Power < 9000 and <3 hearts');
  });

  it('drops a tag cut off at the end of the text', () => {
    expect(descriptionToPlainText('Ends here <i')).toBe('Ends here');
  });

  it('never lets markup through, even script tags', () => {
    const text = descriptionToPlainText('<script>alert(1)</script>Hi<img src=x onerror=alert(1)>');
    expect(text).not.toContain('<');
    expect(text).toBe('alert(1)Hi');
  });

  it('decodes named and numeric entities, leaving unknown ones alone', () => {
    expect(descriptionToPlainText('Tom &amp; Jerry &quot;&#39;&#x263A;&hellip; &bogus; &lt;i&gt;')).toBe(
      'Tom & Jerry "\'☺… &bogus; <i>',
    );
    expect(descriptionToPlainText('&#0; &#xD800;')).toBe('&#0; &#xD800;');
  });

  it('cuts spoilers but keeps an unclosed marker as text', () => {
    expect(descriptionToPlainText('An elf mage. ~!She outlives them all.!~ The end.')).toBe('An elf mage. The end.');
    expect(descriptionToPlainText('Wow ~! unclosed')).toBe('Wow ~! unclosed');
  });

  it('collapses blank lines and trims, and reads empty as null', () => {
    expect(descriptionToPlainText('\r\n  A  \r\n\r\n\r\n\r\n  B  ')).toBe('A\n\nB');
    expect(descriptionToPlainText('<br><br>  ')).toBeNull();
    expect(descriptionToPlainText(null)).toBeNull();
  });
});
