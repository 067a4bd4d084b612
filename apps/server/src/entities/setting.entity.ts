import { defineEntity, p } from '@mikro-orm/core';
import { updatedAt } from './columns.js';

/** Key/value settings; values are JSON so each area keeps its own shape. */
export const SettingSchema = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  properties: {
    key: p.string().length(128).primary(),
    value: p.json<unknown>(),
    updatedAt: updatedAt(),
  },
});
export class Setting extends SettingSchema.class {}
SettingSchema.setClass(Setting);
