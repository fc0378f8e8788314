import type { Type } from '@nestjs/common';
import { bulkController } from '../crud/bulk.controller';
import { crudControllers, CrudControllerOptions } from '../crud/crud.controller';
import { customAttributeValuesController } from './custom-attribute-values.controller';

/**
 * The routes of a record type with bulk writes and custom attributes (teams, projects, employees, contractors,
 * vacancies), in the order Nest must register them (fixed paths such as `bulk` before `:id`): bulk writes, the
 * module's own controllers under the record (`nested`: adjustments, the fill), the record's custom attribute
 * values, then the CRUD routes (with the scenario routes of a planning resource).
 */
export function recordControllers(options: CrudControllerOptions, nested: Type<unknown>[] = []): Type<unknown>[] {
  const { path, tag, view, service } = options;
  return [bulkController(options), ...nested, customAttributeValuesController({ path, tag, view, service }), ...crudControllers(options)];
}
