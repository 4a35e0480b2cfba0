/** Output schemas of the base-configuration operations: one key and its value (text). */
import { many, resource, text } from './kit.js';

export const BaseConfigWire = resource({ key_name: text(), key_value: text() });

export const baseConfigOutputs = {
  BaseConfigController_create: BaseConfigWire,
  BaseConfigController_findAll: many(BaseConfigWire),
  BaseConfigController_findByKey: BaseConfigWire,
  BaseConfigController_findOne: BaseConfigWire,
  BaseConfigController_update: BaseConfigWire,
  BaseConfigController_remove: BaseConfigWire,
} as const;
