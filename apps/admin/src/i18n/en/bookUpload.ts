// The book drop zone's strings (English, the base locale: fr/bookUpload.ts must have the same keys).
const bookUpload = {
  title: 'Add books',
  drop: 'Drop CBZ, CBR, CB7, PDF or EPUB files here, or',
  choose: 'choose files',
  hintSeries: 'They are added to this series.',
  hintLibrary: 'Each is matched to a series of this library; files that match none wait in the import queue.',
  hintAny: 'Each is matched to a series; files that match none wait in the import queue.',
  listLabel: 'Uploads',
  waiting: 'Waiting',
  uploading: 'Uploading {percent:number}%',
  checking: 'Checking and importing…',
  imported: 'Imported',
  queued: 'Waiting in the import queue',
  cancelled: 'Cancelled',
  failed: 'Failed',
  cancel: 'Cancel the upload of {name:string}',
  dismiss: 'Remove {name:string} from the list',
  tooLarge: 'This file is over the upload limit.',
  notABook: 'This file is not a CBZ, CBR, CB7, PDF or EPUB book.',
};

export default bookUpload;
