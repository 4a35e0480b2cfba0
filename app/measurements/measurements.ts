/**
 * Measurements (units such as "pcs", "kg"): a plain descriptive resource with create, list, update and delete
 * (the reference has no GET by id). Items keep their measurement as free text, so deleting one never breaks an
 * item.
 */
import type { CreateMeasurementDto, UpdateMeasurementDto } from '../../shared/catalogue/measurement.js';
import { handler } from '../operation.js';
import { commonWire, simpleResource } from '../resources/simple-resource.js';

export const measurements = simpleResource<CreateMeasurementDto, UpdateMeasurementDto>({
  table: 'measurements',
  label: 'Measurement',
  toRow: (body) => ({ name: body.name }),
  toPatch: (body) => ({ name: body.name ?? undefined }),
  toWire: (row) => ({ ...commonWire(row), name: row.name }),
});

export const measurementHandlers = [
  handler('MeasurementController_createMeasurement', (db, { body }, ctx) => measurements.create(db, body, ctx)),
  handler('MeasurementController_findAllMeasurements', (db, _input, ctx) => measurements.findAll(db, ctx)),
  handler('MeasurementController_updateMeasurement', (db, { params, body }, ctx) =>
    measurements.update(db, params.id ?? '', body, ctx),
  ),
  handler('MeasurementController_removeMeasurement', (db, { params }, ctx) => measurements.remove(db, params.id ?? '', ctx)),
];
