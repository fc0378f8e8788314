import type { DataSource } from 'typeorm';
import type { RecordedEntityType } from '../common/entity-types';
import { externalIdConstraint, uniqueConstraint } from '../common/errors/unique-constraints';
import { applyPlan, fieldPlan } from '../crud/assign';
import { CrudService } from '../crud/crud.service';
import type { ResourceDescriptor } from '../crud/resources';
import type { UnitOfWork } from '../database/unit-of-work';
import { CodedReferenceDto, CreateCodedReferenceDto } from './dto/coded-reference.dto';
import type { CodedReferenceEntity } from './entities/coded-reference.base';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<Partial<CreateCodedReferenceDto>>()({ copy: ['name', 'code', 'externalId', 'description'] });

/** What a coded reference resource is: its table, entity type, words for messages ("cost centre") and label. */
export interface CodedReference<E extends CodedReferenceEntity> {
  entity: new () => E;
  table: string;
  entityType: RecordedEntityType;
  words: string;
}

/** Its descriptor: the unique externalId and code, and its changes shown to holders of reference_data_view. */
export function codedReferenceDescriptor(resource: CodedReference<CodedReferenceEntity>): ResourceDescriptor {
  return {
    table: resource.table,
    constraints: {
      [`uq_${resource.table}_external_id`]: externalIdConstraint(resource.words),
      [`uq_${resource.table}_code`]: uniqueConstraint('code', `another ${resource.words}`),
    },
    changes: { entityTypes: [resource.entityType], permission: 'reference_data_view', payload: { dto: CodedReferenceDto } },
  };
}

/**
 * Reference data charged or delivered to by a short code (cost centres, value streams): organization records with a
 * name, a unique code and externalId, searched by name and code.
 */
export abstract class CodedReferenceService<E extends CodedReferenceEntity> extends CrudService<
  E,
  CodedReferenceDto,
  CreateCodedReferenceDto,
  Partial<CreateCodedReferenceDto>
> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { name: 'name', code: 'code', createdAt: 'createdAt', updatedAt: 'updatedAt' } as const;
  static readonly defaultSort = 'name';

  protected constructor(uow: UnitOfWork, dataSource: DataSource, resource: CodedReference<E>) {
    const label = resource.words[0].toUpperCase() + resource.words.slice(1);
    super(uow, dataSource, {
      entity: resource.entity,
      table: resource.table,
      label,
      entityType: resource.entityType,
      planScoped: false,
      externalId: true,
      search: ['name', 'code'],
      toResponse: CodedReferenceDto.from,
    });
  }

  protected override async apply(entity: E, input: Partial<CreateCodedReferenceDto>): Promise<void> {
    applyPlan(entity, input, FIELDS);
  }
}
