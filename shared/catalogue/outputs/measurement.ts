/** Output schemas of the measurement operations: a unit of measurement. */
import { many, resource, text } from './kit.js';

export const MeasurementWire = resource({ name: text() });

export const measurementOutputs = {
  MeasurementController_createMeasurement: MeasurementWire,
  MeasurementController_findAllMeasurements: many(MeasurementWire),
  MeasurementController_updateMeasurement: MeasurementWire,
  MeasurementController_removeMeasurement: MeasurementWire,
} as const;
