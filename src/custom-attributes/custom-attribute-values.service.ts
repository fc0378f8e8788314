import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { newId } from '../common/ids';
import { CUSTOM_ATTRIBUTE_RECORD_TYPES } from '../common/entity-types';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { CustomAttributeValuesRepository, functionalValueIdsSql } from './custom-attribute-values.repository';
import { CustomAttributeValueDto, SetCustomAttributeValueDto } from './dto/custom-attribute-value.dto';
import {
  CustomAttributeDefinitionEntity,
  CustomAttributeEntityType,
  CustomAttributeFieldType,
} from './entities/custom-attribute-definition.entity';
import { CustomAttributeValueEntity } from './entities/custom-attribute-value.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import type { TxScope } from '../database/unit-of-work';
import type { ErasureRule } from '../crud/personal-fields';

/** Finds the record a value belongs to (404 when it is not in the organization's plan). */
export type RecordFinder = (scope: TxScope, idOrExternalId: string) => Promise<{ id: string }>;

export interface ValueTarget {
  /** Custom attribute entity type: TEAM, EMPLOYEE, FUNCTIONAL_GROUP, ... */
  entityType: string;
  find: RecordFinder;
  /**
   * How the change is recorded. Default: `custom_attribute_value` create/update/delete of the value.
   * Functional structure records it as an `update` of the group or seat (document 02).
   */
  recordAs?: string;
}

const VALUE_FIELDS: Record<CustomAttributeFieldType, (keyof SetCustomAttributeValueDto)[]> = {
  STRING: ['stringValue'],
  SELECT: ['stringValue'],
  NUMBER: ['numberValue'],
  DATE: ['dateValue'],
  DATE_RANGE: ['dateRangeStart', 'dateRangeEnd'],
};
const ALL_FIELDS: (keyof SetCustomAttributeValueDto)[] = ['stringValue', 'numberValue', 'dateValue', 'dateRangeStart', 'dateRangeEnd'];

/**
 * The copies of a person's personal attribute values in stored payloads: a value of the record whose
 * definition `erasable` accepts loses its value fields.
 */
export function personalValuesRule(entityId: string, erasable: (definitionId: string) => boolean): ErasureRule {
  return {
    fields: Object.fromEntries(ALL_FIELDS.map((field) => [field, null])),
    matches: (object) => object.entityId === entityId && typeof object.definitionId === 'string' && erasable(object.definitionId),
  };
}

/** A value as change payloads carry it (numbers as decimal strings). */
export function valuePayload(value: CustomAttributeValueDto): Record<string, unknown> {
  return { ...value, numberValue: value.numberValue === null ? null : String(value.numberValue) };
}

/** Checks a value against its definition's field type; returns the columns to store. */
export function checkValue(
  definition: CustomAttributeDefinitionEntity,
  input: SetCustomAttributeValueDto,
): Partial<CustomAttributeValueEntity> {
  const used = VALUE_FIELDS[definition.fieldType];
  for (const field of ALL_FIELDS) {
    if (!used.includes(field) && input[field] !== undefined && input[field] !== null) {
      throw DomainError.validation(field, `${field} is not used by ${definition.fieldType} attributes; send ${used.join(' and ')}`);
    }
  }
  for (const field of used) {
    if (input[field] === undefined || input[field] === null)
      throw DomainError.validation(field, `${field} is required for ${definition.fieldType} attributes`);
  }
  if (definition.fieldType === 'SELECT' && !definition.options?.includes(input.stringValue!)) {
    throw DomainError.validation('stringValue', `stringValue must be one of: ${definition.options?.join(', ')}`);
  }
  if (definition.fieldType === 'DATE_RANGE' && input.dateRangeEnd! < input.dateRangeStart!) {
    throw DomainError.validation('dateRangeEnd', 'dateRangeEnd must not be before dateRangeStart');
  }
  return {
    stringValue: input.stringValue ?? null,
    numberValue: input.numberValue === undefined || input.numberValue === null ? null : String(input.numberValue),
    dateValue: input.dateValue ?? null,
    dateRangeStart: input.dateRangeStart ?? null,
    dateRangeEnd: input.dateRangeEnd ?? null,
  };
}

const CUSTOM_ATTRIBUTE_VALUES: ResourceDescriptor = {
  table: 'custom_attribute_values',
  scenario: {
    parents: CUSTOM_ATTRIBUTE_RECORD_TYPES,
    entity: CustomAttributeValueEntity,
    entityTypes: ['custom_attribute_value'],
    view: 'custom_attributes_view',
    // Values of functional groups and seats are recorded as updates of the group or seat (document 02).
    related: { entityTypes: ['functional_group', 'functional_position'], idsSql: functionalValueIdsSql },
  },
};

/** The one mechanism for custom attribute values of every record type. */
@Resources(CUSTOM_ATTRIBUTE_VALUES)
@Injectable()
export class CustomAttributeValuesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly values: CustomAttributeValuesRepository,
  ) {}

  async list(scope: TxScope, target: ValueTarget, recordId: string): Promise<CustomAttributeValueDto[]> {
    const record = await target.find(scope, recordId);
    return this.values.values(scope, target.entityType, record.id);
  }

  async set(
    ctx: RequestContext,
    target: ValueTarget,
    recordId: string,
    definitionId: string,
    input: SetCustomAttributeValueDto,
  ): Promise<CustomAttributeValueDto> {
    return this.uow.run(ctx, async (tx) => {
      const record = await target.find(tx, recordId);
      const definition = await this.definition(tx, target.entityType, definitionId);
      const values = checkValue(definition, input);
      const before = await this.values.value(tx, target.entityType, record.id, definition.id);
      if (before) {
        await tx.em.update(CustomAttributeValueEntity, { organizationId: ctx.organizationId, planId: ctx.planId, id: before.id }, values);
      } else {
        await tx.em.insert(CustomAttributeValueEntity, {
          ...values,
          planId: ctx.planId,
          id: newId(),
          organizationId: ctx.organizationId,
          definitionId: definition.id,
          entityType: target.entityType,
          entityId: record.id,
        });
      }
      const after = (await this.values.value(tx, target.entityType, record.id, definition.id))!;
      this.recordChange(tx, target, record.id, before, after);
      return after;
    });
  }

  async clear(ctx: RequestContext, target: ValueTarget, recordId: string, definitionId: string): Promise<void> {
    await this.uow.run(ctx, async (tx) => {
      const record = await target.find(tx, recordId);
      const definition = await this.definition(tx, target.entityType, definitionId);
      if (definition.required)
        throw DomainError.validation('definitionId', `${definition.attributeKey} is a required attribute and cannot be cleared`);
      const before = await this.values.value(tx, target.entityType, record.id, definition.id);
      if (!before) return;
      await tx.em.delete(CustomAttributeValueEntity, { organizationId: ctx.organizationId, planId: ctx.planId, id: before.id });
      this.recordChange(tx, target, record.id, before, null);
    });
  }

  private async definition(tx: Tx, entityType: string, definitionId: string): Promise<CustomAttributeDefinitionEntity> {
    const definition = await tx.em.findOneBy(CustomAttributeDefinitionEntity, {
      id: definitionId,
      organizationId: tx.ctx.organizationId,
      entityType: entityType as CustomAttributeEntityType,
    });
    if (!definition) throw DomainError.notFound(`Custom attribute definition for ${entityType}`, definitionId);
    return definition;
  }

  private recordChange(
    tx: Tx,
    target: ValueTarget,
    recordId: string,
    before: CustomAttributeValueDto | null,
    after: CustomAttributeValueDto | null,
  ): void {
    const payload = (v: CustomAttributeValueDto | null) => (v ? valuePayload(v) : null);
    if (target.recordAs) {
      tx.record({ entityType: target.recordAs, entityId: recordId, changeType: 'update', before: payload(before), after: payload(after) });
      return;
    }
    const changeType = before && after ? 'update' : before ? 'delete' : 'create';
    tx.record({
      entityType: 'custom_attribute_value',
      entityId: (after ?? before)!.id,
      changeType,
      before: payload(before),
      after: payload(after),
    });
  }
}
