import { describe, expect, it } from 'vitest';
import { MAX_RANGE_SPAN, releaseVolumes } from './release-volumes.js';

const span = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** Release titles as indexers list them (French and English, comics, BD and manga), and the volumes they cover. */
const TITLES: [string, number[]][] = [
  // Ranges with markers on both ends
  ['One Piece T01-T105 (Glénat) [Intégrale CBZ]', span(1, 105)],
  ['Naruto T01-T72 FRENCH CBZ', span(1, 72)],
  ['[T001.T104] Détective Conan', span(1, 104)],
  ['Les Légendaires T01.T15 [CBR]', span(1, 15)],
  ['Thorgal Tome01.Tome15 (Lombard)', span(1, 15)],
  ['Largo Winch - Tome 01 à Tome 05', span(1, 5)],
  ["L'Arabe du futur - Intégrale T01 à T06 - Riad Sattouf (EPUB)", span(1, 6)],
  ['Blake et Mortimer T1 a T5', span(1, 5)],
  ['Spirou et Fantasio - T01 - T10 [BD FR]', span(1, 10)],
  ['Berserk v01-v41 (2003-2018) (Digital) (danke-Empire)', span(1, 41)],
  ['Saga #001-#054 (2012-2018)', span(1, 54)],
  ['Dragon Ball – T1 – T3', span(1, 3)],
  // Ranges with a bare end number
  ['Tome 01 à 05 - Les Vieux Fourneaux', span(1, 5)],
  ['Blacksad.Vol.01-06.FRENCH.CBZ-NoGroup', span(1, 6)],
  ['Vol. 1-3 Attack on Titan (Kodansha)', span(1, 3)],
  ['Vinland Saga v01-03 (2013) (Digital)', span(1, 3)],
  ['Invincible #1-12 (2003) (Image)', span(1, 12)],
  ['Tomes 1 au 4 - Astérix (Hachette)', span(1, 4)],
  ['Fullmetal Alchemist Volumes 1 to 27 (Complete)', span(1, 27)],
  ['One Punch Man Vols. 1-20 (2015-2020) [Digital]', span(1, 20)],
  ['Tome 1~3 Nausicaä', span(1, 3)],
  // Lists
  ['Fullmetal Alchemist 3-in-1 Edition Vol. 1 (Includes vols. 1, 2 & 3)', [1, 2, 3]],
  ['Gaston Tomes 1 et 2', [1, 2]],
  ['Thorgal T01 + T02 [CBZ]', [1, 2]],
  ['Lucky Luke T10, T12 & T15', [10, 12, 15]],
  ['XIII T1-T3 + T5', [1, 2, 3, 5]],
  ['Akira Vol. 1 and 2 [Epic]', [1, 2]],
  // Singles
  ['One Piece - Tome 03 [Glénat] (CBZ)', [3]],
  ["Astérix - Tome 40 - L'Iris blanc (2023) [CBR]", [40]],
  ['One.Piece.v107.2024.Digital.Comic.cbz-Oak', [107]],
  ['Naruto Tome 12 [Kana] (2003)', [12]],
  ['Dragon Ball Vol.03', [3]],
  ['Dragon Ball Vol. 2 (Viz) [1080p scans]', [2]],
  ['Bleach v07 (2005) (Digital)', [7]],
  ['Batman #004 (2016)', [4]],
  ['Spider-Man Issue #5', [5]],
  ['Les Nombrils - Tome #097 - [V2].cbz', [97]],
  ['Kingdom T3 (2019) 1080p [Team-Scan]', [3]],
  ['Dune Tome 12.5 - Hors série', [12.5]],
  ['Gunnm T.3 - Ange de fer', [3]],
  ['Tintin.T05.1080p.FRENCH', [5]],
  ['Gunnm T 4 (Glénat)', [4]],
  ['Largo Winch_T05_(2001)_[CBR]', [5]],
  ['One Piece Volume 100 (Viz Media)', [100]],
  ['Yotsuba&! Vol 15', [15]],
  ['Bone Book 3: Eyes of the Storm', [3]],
  ['Tome 0 - La Jeunesse de Blueberry', [0]],
  ['Detective Comics #1000 (2019) (Deluxe Edition)', [1000]],
  ['Les Tuniques Bleues - 05', [5]],
  ['Les Tuniques Bleues - 05 - Les Bleus de la marine (1974)', [5]],
  ['The Walking Dead - 193 [Image] (2019)', [193]],
  // Japanese counters
  ['[Kodansha] 進撃の巨人 第01-34巻 (完) [Digital]', span(1, 34)],
  ['鬼滅の刃 第3巻', [3]],
  ['[集英社] ONE PIECE 全105巻', span(1, 105)],
  ['ＮＡＲＵＴＯ 第１２巻', [12]],
  // Nothing that is a volume
  ['Astérix - Le Secret de la potion magique (2019) 1080p', []],
  ['Blacksad Intégrale [Dargaud] (2014)', []],
  ['Blake et Mortimer - Intégrale Tome 2 (2020)', []],
  ['One Piece Omnibus Vol. 3', []],
  ['Astérix HS T02 - Le Livre d’Astérix le Gaulois', []],
  ['Astérix Hors-Série Tome 3', []],
  ['Batman v2016 Rebirth (Digital)', []],
  ["Don't 2 Stop", []],
  ['Mission Impossible Part 3 (2006) 720p', []],
  ['C# 10 in a Nutshell (2022) [EPUB]', []],
  ['Foundation - 1080p x264 [Team]', []],
  ['Spider-Man - 2099 (1992)', []],
  ['Marvel Omnibus [v2]', []],
  ['Top 10 (ABC) (1999)', []],
  // The run of a US comic is not a volume; its issue is
  ['Batman v3 #001 (2016) (Digital)', [1]],
  // Absurd or backwards ranges keep only their first volume
  ['Naruto T1-T9999', [1]],
  ['Tintin T05-T02', [5]],
  ['Tome 3 - 12 histoires extraordinaires', [3]],
];

describe('releaseVolumes', () => {
  it('holds a table of at least 60 real-world-looking titles', () => {
    expect(TITLES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(TITLES)('%s', (title, volumes) => {
    expect(releaseVolumes(title)).toEqual(volumes);
  });

  it('reads a bare number or range right after the series name, only when no marker says more', () => {
    expect(releaseVolumes('Saga 001-054 (2012-2018) (Digital)', 'Saga')).toEqual(span(1, 54));
    expect(releaseVolumes('One Piece 05 (Glénat)', 'One Piece')).toEqual([5]);
    expect(releaseVolumes('One.Piece.098.FRENCH.CBZ', 'One Piece')).toEqual([98]);
    // The number in the name itself is not a volume.
    expect(releaseVolumes('Mob Psycho 100 - 05 [Kurokawa]', 'Mob Psycho 100')).toEqual([5]);
    expect(releaseVolumes('Mob Psycho 100 (2018)', 'Mob Psycho 100')).toEqual([]);
    expect(releaseVolumes('One Piece 2019 Calendar', 'One Piece')).toEqual([]);
    // Without the name, a bare number after the title is not read.
    expect(releaseVolumes('Saga 001-054 (2012-2018) (Digital)')).toEqual([]);
    expect(releaseVolumes('One Piece T03 05', 'One Piece')).toEqual([3]);
  });

  it("masks the series name's own digits", () => {
    expect(releaseVolumes('#1 Crush T02 (Kana)')).toEqual([1, 2]);
    expect(releaseVolumes('#1 Crush T02 (Kana)', '#1 Crush')).toEqual([2]);
    expect(releaseVolumes('Mr. Robot 3', 'Mr. Robot')).toEqual([3]);
    expect(releaseVolumes('Anime.100.Vol.02.cbz', 'Anime 100')).toEqual([2]);
  });

  it('caps ranges at MAX_RANGE_SPAN volumes', () => {
    expect(releaseVolumes(`Detective Comics #1-${1 + MAX_RANGE_SPAN}`)).toHaveLength(MAX_RANGE_SPAN + 1);
    expect(releaseVolumes(`Detective Comics #1-${2 + MAX_RANGE_SPAN}`)).toEqual([1]);
  });

  it('returns each volume once, in order, whatever the order of the title', () => {
    expect(releaseVolumes('Naruto T05 + T01-T03 (T02 bonus)')).toEqual([1, 2, 3, 5]);
  });

  it('never throws on odd input', () => {
    for (const title of ['', '   ', '#', 'T', 'v-', 'Tome à', '- -', '第巻', '\u0000T01']) {
      expect(() => releaseVolumes(title)).not.toThrow();
    }
  });
});
