import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { scenarioFor } from '../access/scenario-access';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, pageOf } from '../common/http/envelopes';
import { UnitOfWork } from '../database/unit-of-work';
import { ScenarioDiffEntryDto, ScenarioDiffQueryDto } from './dto/scenario-diff.dto';
import { ChangedRows, changedFields, ScenarioChange, ScenarioChanges } from './scenario-changes';

/**
 * `GET .../scenarios/:scenarioId/diff`: what a merge of the scenario would change in live data, record by record,
 * in merge order, paged (`ScenarioChanges`, the merge's own computation), with both versions of each record.
 */
@Injectable()
export class ScenarioDiffService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uow: UnitOfWork,
    private readonly changes: ScenarioChanges,
  ) {}

  async diff(ctx: RequestContext, scenarioId: string, query: ScenarioDiffQueryDto): Promise<ListEnvelope<ScenarioDiffEntryDto>> {
    const scenario = await scenarioFor(this.dataSource.manager, ctx, scenarioId, 'read');
    const known = this.changes.entityTypes();
    if (query.entityType !== undefined && !known.has(query.entityType)) {
      throw DomainError.validation('entityType', `entityType must be one of ${[...known].sort().join(', ')}`);
    }
    const page = pageOf(query);
    const scope = this.uow.read(ctx);
    const { total, changes } = await this.changes.list(scope, { id: scenario.id, forkedAt: scenario.forked_at }, 'view', {
      entityType: query.entityType ?? null,
      limit: page.limit,
      offset: page.offset,
    });
    const rows = await this.changes.rows(scope, scenario.id, changes);
    return list(
      changes.map((change) => entryOf(change, rows.get(change.table)!)),
      total,
      page,
    );
  }
}

/** A change with the live and the scenario record as webhook events carry them, and the fields an update changes. */
function entryOf(change: ScenarioChange, rows: ChangedRows): ScenarioDiffEntryDto {
  const liveRow = change.change === 'create' ? undefined : rows.live.get(change.entityId);
  const scenarioRow = change.change === 'delete' ? undefined : rows.scenario.get(change.entityId);
  const live = liveRow ? change.table.payload(liveRow) : null;
  const scenario = scenarioRow ? change.table.payload(scenarioRow) : null;
  return {
    entityType: change.entityType,
    entityId: change.entityId,
    change: change.change,
    ...(change.change === 'update' && live && scenario ? { fields: changedFields(change.table, live, scenario) } : {}),
    live,
    scenario,
    conflict: change.conflict,
  };
}
