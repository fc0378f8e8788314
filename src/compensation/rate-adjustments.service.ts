import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { CrudService } from '../crud/crud.service';
import { applyPlan, fieldPlan, groupBy } from '../crud/assign';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { Tx, TxScope, UnitOfWork } from '../database/unit-of-work';
import { CreateRateAdjustmentDto, RateAdjustmentDto, UpdateRateAdjustmentDto } from './dto/rate-adjustment.dto';
import { RateAdjustmentEntity } from './entities/rate-adjustment.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateRateAdjustmentDto>()({ copy: ['effectiveDate', 'rateType', 'currencyCode', 'reason'], numeric: ['rate'] });

const RATE_ADJUSTMENTS: ResourceDescriptor = {
  table: 'rate_adjustments',
  scenario: { parents: ['contractor'] },
  changes: { entityTypes: ['contractor_rate'], permission: 'compensation_view', payload: { dto: RateAdjustmentDto, decimals: ['rate'] } },
  // The reason is free text about the person.
  personal: { person: 'contractor', via: 'contractorId', fields: { reason: null } },
};

/** Contractor rate adjustments (document 02 entity type `contractor_rate`). */
@Resources(RATE_ADJUSTMENTS)
@Injectable()
export class RateAdjustmentsService extends CrudService<
  RateAdjustmentEntity,
  RateAdjustmentDto,
  CreateRateAdjustmentDto & { contractorId: string },
  UpdateRateAdjustmentDto
> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = { effectiveDate: 'effectiveDate', createdAt: 'createdAt' } as const;
  static readonly defaultSort = 'effectiveDate';

  constructor(uow: UnitOfWork, dataSource: DataSource) {
    super(uow, dataSource, {
      entity: RateAdjustmentEntity,
      table: 'rate_adjustments',
      label: 'Rate adjustment',
      entityType: 'contractor_rate',
      planScoped: true,
      externalId: false,
      search: ['reason'],
      toResponse: RateAdjustmentDto.from,
      toPayload: RateAdjustmentDto.payload,
    });
  }

  protected override blank(input: CreateRateAdjustmentDto & { contractorId: string }): RateAdjustmentEntity {
    return Object.assign(new RateAdjustmentEntity(), { contractorId: input.contractorId, reason: null });
  }

  protected override async apply(entity: RateAdjustmentEntity, input: UpdateRateAdjustmentDto): Promise<void> {
    applyPlan(entity, input, FIELDS);
  }

  protected override filter(qb: SelectQueryBuilder<RateAdjustmentEntity>, query: ListQueryDto & Record<string, unknown>): void {
    qb.andWhere('r.contractorId = :contractorId', { contractorId: query.contractorId });
  }

  /**
   * The nested `rateAdjustment` of contractor bodies, in the caller's transaction, keyed by contractor and
   * effectiveDate (`notify: false`: audit only). Returns the functions recording each.
   */
  upsertFor(tx: Tx, rates: { contractorId: string; input: CreateRateAdjustmentDto }[], notify = true): Promise<(() => void)[]> {
    return this.mergeKeyedIn(
      tx,
      rates.map(({ contractorId, input }) => ({
        key: { contractorId, effectiveDate: input.effectiveDate },
        input: { ...input, contractorId },
      })),
      { notify },
    );
  }

  /** Contractors' rate adjustments in one query: contractor id -> adjustments, newest effectiveDate first. */
  async historyForMany(scope: TxScope, contractorIds: string[]): Promise<Map<string, RateAdjustmentEntity[]>> {
    if (!contractorIds.length) return new Map();
    const rows = await this.rows.findWhere(scope, { contractorId: contractorIds }, { effectiveDate: 'DESC', createdAt: 'DESC' });
    return groupBy(rows, (row) => row.contractorId);
  }
}
