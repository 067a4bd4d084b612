// The reader pages' strings (English, the base locale: fr/reader.ts must have the same keys).
const reader = {
  title: '{title:string} (reader)',
  close: 'Close',
  closeLabel: 'Close the reader and go back to the book',
  counter: '{page:string} / {total:string}',
  slider: 'Go to page',
  previous: 'Previous page',
  next: 'Next page',
  fit: 'Fit the page to the',
  fitWidth: 'Width',
  fitHeight: 'Height',
  pageAlt: 'Page {page:string} of {total:string}',
  pageError: 'Page {page:string} could not be loaded.',
  retry: 'Try again',
  help: 'Turn pages with the arrow keys, Page Up and Page Down or Space, by tapping the left or right third of the page, or by swiping. Escape closes.',
  epub: 'EPUB books are not shown in the web reader: download the file and open it in a reading app.',
  download: 'Download the file',
  notAnalysed: 'This book has not been analysed yet, so its pages are not known. Try again after the scan.',
  unreadable: 'The scan could not read this file: {error:string}',
  finished: 'Last page: marked as read.',
  saveFailed: 'Your progress could not be saved: {message:string}',
  backToBook: 'Back to the book',
};

export default reader;
