import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../domain/errors.js';
import { MAX_CBL_BYTES, parseCbl } from './cbl.js';

const cbl = (books: string, name = 'Civil War') =>
  Buffer.from(`<?xml version="1.0"?>
<ReadingList xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Name>${name}</Name>
  <Books>${books}</Books>
  <Matchers />
</ReadingList>`);

describe('parseCbl', () => {
  it('reads the name and each book’s series, number, volume and year, in order', () => {
    const list = parseCbl(
      cbl(`<Book Series="Civil War" Number="1" Volume="2006" Year="2006"><Database Name="cv" Series="1" Issue="2" /></Book>
           <Book Series="Amazing Spider-Man" Number="1.MU" Year="2006" />
           <Book><Series>Fantastic Four &amp; Co</Series><Number>538</Number></Book>`),
    );
    expect(list.name).toBe('Civil War');
    expect(list.entries).toEqual([
      { series: 'Civil War', number: '1', volume: '2006', year: '2006' },
      { series: 'Amazing Spider-Man', number: '1.MU', volume: null, year: '2006' },
      { series: 'Fantastic Four & Co', number: '538', volume: null, year: null },
    ]);
  });

  it('refuses bad XML, another document, an entity bomb and a file too large, with a 400', () => {
    const bomb = Buffer.from(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">
      <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
      <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
      <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">]>
      <ReadingList><Name>&g;</Name><Books/></ReadingList>`);
    for (const bytes of [
      Buffer.from('<ReadingList><Name>x</Name><Books><Book Series="a"'),
      Buffer.from('<ReadingList><Name>x</Name><Books><Book Series="a" Number="1"</Books></ReadingList>'),
      Buffer.from('<ComicInfo><Series>x</Series></ComicInfo>'),
      bomb,
      Buffer.alloc(MAX_CBL_BYTES + 1, 0x20),
    ]) {
      expect(() => parseCbl(bytes)).toThrow(ValidationError);
    }
  });

  it('names an unnamed list and keeps a list without books', () => {
    expect(parseCbl(Buffer.from('<ReadingList><Books /></ReadingList>'))).toEqual({
      name: 'Imported reading list',
      entries: [],
    });
  });
});
