import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Page } from '../common/http/envelopes';
import { OrganizationRows, RowScope, scopeParts } from '../crud/organization-rows.repository';
import { newId } from '../common/ids';
import { ScenarioMemberEntity } from '../organizations/entities/scenario-member.entity';
import { GenerateSql } from '../common/generate-sql';

/** The users scenarios are shared with (organization-level rows of the application API), oldest first. */
@Injectable()
export class ScenarioMembersRepository extends OrganizationRows<ScenarioMemberEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ScenarioMemberEntity);
  }

  /** A page of the scenario's members, oldest first. */
  @GenerateSql({ params: (s) => [s.tx, s.id, { page: 1, limit: 20, offset: 0 }] })
  ofScenario(at: RowScope, scenarioId: string, page: Page): Promise<[ScenarioMemberEntity[], number]> {
    return this.page(at, page, { scenarioId });
  }

  /** The user's membership of the scenario, or null. */
  @GenerateSql({ params: (s) => [s.tx, s.id, s.userId] })
  membership(at: RowScope, scenarioId: string, userId: string): Promise<ScenarioMemberEntity | null> {
    const { organizationId, em } = scopeParts(at);
    return this.rows(em).findOneBy({ organizationId, scenarioId, userId });
  }

  /**
   * Shares the scenario with the user in `role`, or sets the role of an existing member, in one statement
   * (concurrent calls for one user cannot both insert).
   */
  @GenerateSql({ params: (s) => [s.tx, { scenarioId: s.planId, userId: s.userId, role: 'EDITOR' }] })
  async upsert(at: RowScope, member: Pick<ScenarioMemberEntity, 'scenarioId' | 'userId' | 'role'>): Promise<ScenarioMemberEntity> {
    const { organizationId, em } = scopeParts(at);
    const rows: ScenarioMemberEntity[] = await (em ?? this.dataSource.manager).query(
      `INSERT INTO scenario_members (id, organization_id, scenario_id, user_id, role) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (organization_id, scenario_id, user_id) DO UPDATE SET role = EXCLUDED.role, updated_at = EXCLUDED.updated_at
       RETURNING id, organization_id AS "organizationId", scenario_id AS "scenarioId", user_id AS "userId", role,
                 created_at AS "createdAt", updated_at AS "updatedAt"`,
      [newId(), organizationId, member.scenarioId, member.userId, member.role],
    );
    return rows[0];
  }

  /** Removes every member of the scenario (the scenario is deleted). */
  async removeAll(at: RowScope, scenarioId: string): Promise<void> {
    const { organizationId, em } = scopeParts(at);
    await this.rows(em).delete({ organizationId, scenarioId });
  }

  /** The ids of the scenarios shared with the user. */
  @GenerateSql({ params: (s) => [s.tx, s.userId] })
  async sharedWith(at: RowScope, userId: string): Promise<string[]> {
    const { organizationId, em } = scopeParts(at);
    const rows = await this.rows(em).find({ select: { scenarioId: true }, where: { organizationId, userId } });
    return rows.map((r) => r.scenarioId);
  }
}
