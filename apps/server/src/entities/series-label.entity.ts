import { defineEntity, p } from '@mikro-orm/core';
import { Label } from './label.entity.js';
import { Series } from './series.entity.js';

/** A label on a series; deleting either removes it. */
export const SeriesLabelSchema = defineEntity({
  name: 'SeriesLabel',
  tableName: 'series_labels',
  properties: {
    // The primary key (series, label) answers "does this series carry one of these labels" from its index alone.
    series: () => p.manyToOne(Series).primary().deleteRule('cascade'),
    label: () => p.manyToOne(Label).primary().deleteRule('cascade').index(),
  },
});
export class SeriesLabel extends SeriesLabelSchema.class {}
SeriesLabelSchema.setClass(SeriesLabel);
