import type { StatusMappingRepository } from '../repositories/status-mapping.repository.js';

/** The normalised series statuses and the table that maps raw provider statuses to them. */
export class StatusMappingService {
  constructor(private readonly mappings: StatusMappingRepository) {}

  /** Lowercased raw status → the status a series stores (normalised, or the raw value when unmapped). */
  normalise(_raw: string): Promise<string> {
    throw new Error('not written yet');
  }
}
