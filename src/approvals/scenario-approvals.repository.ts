import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GenerateSql } from '../common/generate-sql';
import { OrganizationRows, RowScope, scopeParts } from '../crud/organization-rows.repository';
import { ScenarioApprovalEntity } from './entities/scenario-approval.entity';

/** The rounds of approval of scenarios (organization-level rows, distributed by organization). */
@Injectable()
export class ScenarioApprovalsRepository extends OrganizationRows<ScenarioApprovalEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ScenarioApprovalEntity);
  }

  /** The scenario's latest round, or null; `lock` takes its row lock (in the scope's transaction). */
  @GenerateSql({ params: (s) => [s.tx, s.id, false] })
  async latest(at: RowScope, scenarioId: string, lock = false): Promise<ScenarioApprovalEntity | null> {
    const { organizationId, em } = scopeParts(at);
    return this.rows(em).findOne({
      where: { organizationId, scenarioId },
      order: { round: 'DESC' },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /** Every round of the scenario, oldest first. */
  @GenerateSql({ params: (s) => [s.tx, s.id] })
  ofScenario(at: RowScope, scenarioId: string): Promise<ScenarioApprovalEntity[]> {
    const { organizationId, em } = scopeParts(at);
    return this.rows(em).find({ where: { organizationId, scenarioId }, order: { round: 'ASC' } });
  }
}
