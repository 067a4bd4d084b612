// The books pages' strings (English, the base locale: fr/books.ts must have the same keys).
const books = {};

export default books;
