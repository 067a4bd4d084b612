import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';

export const SERIES_STATUSES = ['ongoing', 'ended', 'hiatus', 'cancelled', 'upcoming'] as const;
export type NormalisedSeriesStatus = (typeof SERIES_STATUSES)[number];

export const StatusMappingSchema = defineEntity({
  name: 'StatusMapping',
  tableName: 'status_mappings',
  properties: {
    id: uuidPrimaryKey(),
    /** Lowercased raw status as providers send it. */
    providerStatus: p.string().length(200).unique(),
    /** Null: known but unmapped, kept so it stays listed in settings. */
    mappedStatus: p.enum(SERIES_STATUSES).nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
});
export class StatusMapping extends StatusMappingSchema.class {}
StatusMappingSchema.setClass(StatusMapping);
