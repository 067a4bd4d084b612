// The series cover picker's strings (English, the base locale: fr/seriesCover.ts must have the same keys).
const seriesCover = {
  change: 'Change cover',
  title: 'Cover of {name:string}',
  intro: 'The first book’s cover shows by default. Choose another book’s, or upload an image.',
  firstBook: 'First book (default)',
  fromBooks: 'From the books',
  bookCover: 'Cover of {title:string}',
  chosen: 'Current cover',
  upload: 'Upload an image',
  uploadHint: 'JPEG, PNG or WebP, up to 20 MB.',
  uploading: 'Uploading…',
  uploaded: 'Uploaded image',
  saved: 'Cover changed.',
  tooLarge: 'This image is too large: at most 20 MB and 50 million pixels.',
  notAnImage: 'This file is not a JPEG, PNG or WebP image the server can read.',
};

export default seriesCover;
