import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { applyPlan, fieldPlan } from '../crud/assign';
import { DomainError } from '../common/errors/domain-error';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { UnitOfWork } from '../database/unit-of-work';
import type { TxScope } from '../database/unit-of-work';
import {
  CreateCustomAttributeDefinitionDto,
  CustomAttributeDefinitionDto,
  UpdateCustomAttributeDefinitionDto,
} from './dto/custom-attribute-definition.dto';
import { CustomAttributeValuesRepository } from './custom-attribute-values.repository';
import { CustomAttributeDefinitionEntity } from './entities/custom-attribute-definition.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';
import { uniqueConstraint } from '../common/errors/unique-constraints';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateCustomAttributeDefinitionDto>()({
  copy: ['name', 'attributeKey', 'entityType', 'fieldType', 'options', 'required', 'personal', 'description'],
});
/** The records that are people: only their attributes can be personal. */
const PEOPLE: readonly string[] = ['EMPLOYEE', 'CONTRACTOR'];

function checkOptions(definition: Pick<CustomAttributeDefinitionEntity, 'fieldType' | 'options'>): void {
  if (definition.fieldType === 'SELECT' && !definition.options?.length) {
    throw DomainError.validation('options', 'options must list the allowed values of a SELECT attribute');
  }
  if (definition.fieldType !== 'SELECT' && definition.options?.length) {
    throw DomainError.validation('options', 'options are only for SELECT attributes');
  }
}

function checkPersonal(definition: Pick<CustomAttributeDefinitionEntity, 'entityType' | 'personal'>): void {
  if (definition.personal && !PEOPLE.includes(definition.entityType)) {
    throw DomainError.validation('personal', 'personal is only for EMPLOYEE and CONTRACTOR attributes');
  }
}

const CUSTOM_ATTRIBUTE_DEFINITIONS: ResourceDescriptor = {
  table: 'custom_attribute_definitions',
  constraints: {
    uq_custom_attribute_definitions_key: uniqueConstraint('attributeKey', 'another attribute of this entity type'),
  },
};

/**
 * Custom attribute definitions. Deleting one deletes its values in every plan. While values exist,
 * entityType and fieldType cannot change, and a SELECT keeps every option in use.
 */
@Resources(CUSTOM_ATTRIBUTE_DEFINITIONS)
@Injectable()
export class CustomAttributeDefinitionsService extends CrudService<
  CustomAttributeDefinitionEntity,
  CustomAttributeDefinitionDto,
  CreateCustomAttributeDefinitionDto,
  UpdateCustomAttributeDefinitionDto
> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', attributeKey: 'attributeKey', entityType: 'entityType', createdAt: 'createdAt' } as const;
  static readonly defaultSort = 'name';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly values: CustomAttributeValuesRepository,
  ) {
    super(uow, dataSource, {
      entity: CustomAttributeDefinitionEntity,
      table: 'custom_attribute_definitions',
      label: 'Custom attribute definition',
      entityType: 'custom_attribute_definition',
      planScoped: false,
      externalId: false,
      search: ['name', 'attributeKey'],
      toResponse: CustomAttributeDefinitionDto.from,
    });
  }

  protected override blank(): CustomAttributeDefinitionEntity {
    return Object.assign(new CustomAttributeDefinitionEntity(), { options: null, personal: false });
  }

  /** While values exist, entityType and fieldType stay and a SELECT keeps every option in use (a new definition has none). */
  protected override async apply(
    entity: CustomAttributeDefinitionEntity,
    input: UpdateCustomAttributeDefinitionDto,
    scope: TxScope,
  ): Promise<void> {
    const previous = { entityType: entity.entityType, fieldType: entity.fieldType };
    applyPlan(entity, input, FIELDS);
    checkOptions(entity);
    checkPersonal(entity);
    if (!entity.id) return;
    const inUse = await this.values.stringValuesOf(scope, entity.id);
    if (inUse.length && (entity.entityType !== previous.entityType || entity.fieldType !== previous.fieldType)) {
      throw DomainError.conflict(`entityType and fieldType cannot change while ${inUse.length} records have a value; clear them first`);
    }
    if (entity.fieldType === 'SELECT') {
      const missing = [...new Set(inUse.filter((v) => v !== null && !entity.options!.includes(v)))];
      if (missing.length) throw DomainError.conflict(`options in use cannot be removed: ${missing.join(', ')}`);
    }
  }

  protected override filter(qb: SelectQueryBuilder<CustomAttributeDefinitionEntity>, query: ListQueryDto & Record<string, unknown>): void {
    if (query.entityType) qb.andWhere('r.entityType = :entityType', { entityType: query.entityType });
  }
}
