/** Measurement operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateMeasurementDto = dto({
  name: requiredText(),
});
export type CreateMeasurementDto = z.output<typeof CreateMeasurementDto>;

export const UpdateMeasurementDto = dto({
  name: text().nullish(),
});
export type UpdateMeasurementDto = z.output<typeof UpdateMeasurementDto>;

export const measurementOperations = [
  operation({ operationId: 'MeasurementController_createMeasurement', method: 'POST', path: '/measurements/create', tag: 'Measurement', body: CreateMeasurementDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'descriptive' }),
  operation({ operationId: 'MeasurementController_findAllMeasurements', method: 'GET', path: '/measurements/all', tag: 'Measurement', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'MeasurementController_updateMeasurement', method: 'PATCH', path: '/measurements/update/{id}', tag: 'Measurement', body: UpdateMeasurementDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'descriptive' }),
  operation({ operationId: 'MeasurementController_removeMeasurement', method: 'DELETE', path: '/measurements/delete/{id}', tag: 'Measurement', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'delete' }),
] as const;
