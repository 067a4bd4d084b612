/** Series names in the styles real libraries hold: French BD, manga, US comics, novels. */
const BASES = [
  'Les Légendaires',
  'Astérix',
  'Blacksad',
  'Lucky Luke',
  'Spirou et Fantasio',
  'Thorgal',
  'XIII',
  'Largo Winch',
  'Les Tuniques Bleues',
  'Blake et Mortimer',
  'Yoko Tsuno',
  'Valérian',
  'Lanfeust de Troy',
  'Les Schtroumpfs',
  'Gaston',
  'Boule et Bill',
  'Tintin',
  'Les Vieux Fourneaux',
  'Mortelle Adèle',
  'Aldebaran',
  'One Piece',
  'Naruto',
  'Kaiju No. 8',
  'Mob Psycho 100',
  'Vinland Saga',
  'Berserk',
  'Fullmetal Alchemist',
  '20th Century Boys',
  'Monster',
  'Gantz',
  'Dragon Ball',
  'Saga',
  'The Walking Dead',
  'Invincible',
  'Paper Girls',
  'Sandman',
  'Watchmen',
  'Y the Last Man',
  '100 Bullets',
  'Fables',
  'Batman',
  'Spider-Man',
  'Les Rougon-Macquart',
  'Fondation',
  'Dune',
  'Les Misérables',
  'Le Seigneur des Anneaux',
  'Harry Potter',
  'La Horde du Contrevent',
  'Les Thanatonautes',
];
const QUALIFIERS = [
  '',
  ' (2019)',
  ' - Intégrale',
  ' Deluxe',
  ' - Cycle 2',
  ' (Édition collector)',
  ' Origines',
  ' - Hors-série',
  ' Next',
  ' Legacy',
];
const EXTRAS = ['', ' II', ' III', ' Chroniques', ' Saison 2'];

export function seriesNames(count: number): string[] {
  const names: string[] = [];
  for (const extra of EXTRAS) {
    for (const qualifier of QUALIFIERS) {
      for (const base of BASES) {
        names.push(`${base}${extra}${qualifier}`);
        if (names.length === count) return names;
      }
    }
  }
  for (let i = names.length; i < count; i++) names.push(`${BASES[i % BASES.length]} Collection ${i}`);
  return names;
}

/** File names in the naming styles of each kind of library. */
export function fileName(series: string, volume: number, extension: string): string {
  const padded = String(volume).padStart(2, '0');
  switch (volume % 5) {
    case 0:
      return `${series} - T${padded} - Titre ${volume}.${extension}`;
    case 1:
      return `${series} Tome ${volume}.${extension}`;
    case 2:
      return `${series} v${padded} (2021) (Digital) [Team].${extension}`;
    case 3:
      return `${series} #${String(volume).padStart(3, '0')}.${extension}`;
    default:
      return `${series} - ${padded}.${extension}`;
  }
}
