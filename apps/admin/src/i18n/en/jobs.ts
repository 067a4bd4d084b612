// The jobs pages' strings (English, the base locale: fr/jobs.ts must have the same keys).
const jobs = {};

export default jobs;
