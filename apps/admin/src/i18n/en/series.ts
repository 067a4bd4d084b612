// The series pages' strings (English, the base locale: fr/series.ts must have the same keys).
const series = {};

export default series;
