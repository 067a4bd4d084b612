// Strings of the libraries list, the first run and the pages ported to the kit in ISSUE 19 (English, the base
// locale: fr/libraryPages.ts must have the same keys).
const libraryPages = {
  moreActions: 'More actions for {name:string}',
  lastScanTitle: 'Last scan: {date:string}',
  scheduleLabel: 'Scheduled scan',
  watchLabel: 'Changes in the folder',
  scheduleIs: 'Scheduled scan:',
  watchIs: 'Changes in the folder:',
  counts: 'Counts',
  empty: 'No library yet. Add the folder that holds your comics or ebooks, and Shelfmark scans it.',
  paging: 'Pages of libraries',
  firstRun: {
    title: 'Add your first library',
    intro:
      'Choose the folder that holds your comics or ebooks. Shelfmark scans it as soon as it is created, and shows its series when the scan ends.',
    scanningTitle: 'Scanning {name:string}',
    scanningIntro: 'The series grid of this library opens when the scan ends.',
    openSeries: 'Open its series now',
  },
};

export default libraryPages;
