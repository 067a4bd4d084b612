// The reading lists pages' strings (English, the base locale: fr/readingLists.ts must have the same keys).
const readingLists = {
  title: 'Reading lists',
  intro:
    'Books across series in the order you read them. Your lists are yours alone until an administrator shares one.',
  create: { title: 'New reading list', name: 'Name', submit: 'Create the list', working: 'Creating…' },
  list: { empty: 'No reading list yet.', progress: '{read:number} of {total:number} read', shared: 'Shared' },
  detail: {
    continue: 'Continue',
    delete: 'Delete the list',
    deleted: 'The list “{name:string}” was deleted.',
    empty: 'This list holds no book you can open.',
    back: 'All reading lists',
    report: 'Import report',
    share: 'Shared with everyone',
    shared: 'Everyone can now see “{name:string}”.',
    unshared: '“{name:string}” is yours alone again.',
  },
  import: {
    link: 'Import a ComicRack list (.cbl)',
    title: 'Import a reading list',
    intro:
      'Upload a ComicRack reading list (.cbl, up to 20 MB). Each entry is matched to a book you can open by series name, number, volume and year; the report shows what was matched, what could be several books and what is missing.',
    file: 'The .cbl file',
    submit: 'Import',
    working: 'Importing…',
  },
  report: {
    title: 'Import report',
    counts: '{matched:number} matched, {ambiguous:number} to choose, {missing:number} missing',
    matchAgain: 'Match again',
    matchAgainHint: 'After a scan has brought missing books in.',
    volume: 'vol. {volume:string}',
    status: { matched: 'Matched', ambiguous: 'Several books', missing: 'Missing' },
    candidates: 'The book for {entry:string}',
    choose: 'Choose',
  },
};

export default readingLists;
