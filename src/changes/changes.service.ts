import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApiPermission } from '../access/permissions';
import type { RequestContext } from '../access/request-context';
import { DomainError } from '../common/errors/domain-error';
import { FunctionalAccessService } from '../functional-structure/functional-access.service';
import { WEBHOOK_ENTITY_TYPES } from '../webhooks/webhook-event';
import { decodeCursor, encodeCursor } from './change-cursor';
import { ChangesRepository } from './changes.repository';
import type { ChangesPageDto, ChangesQueryDto } from './dto/change.dto';

export const CHANGES_DEFAULT_LIMIT = 100;

const FUNCTIONAL_TYPES = new Set(['functional_group', 'functional_position', 'functional_assignment']);

/**
 * Spec 04 §4.2: the view permission that shows each document 02 entity type in the feed. Types this
 * service never records (initiatives, AI agents, objectives, ...) have none and never appear.
 */
const VIEW_PERMISSION: Partial<Record<string, ApiPermission>> = {
  employee: 'employees_view',
  contractor: 'contractors_view',
  vacancy: 'vacancies_view',
  team: 'teams_view',
  project: 'projects_view',
  cost_center: 'reference_data_view',
  value_stream: 'reference_data_view',
  geography: 'reference_data_view',
  salary_adjustment: 'compensation_view',
  bonus: 'compensation_view',
  contractor_rate: 'compensation_view',
  functional_group: 'functional_groups_view',
  functional_position: 'functional_groups_view',
  functional_assignment: 'functional_groups_view',
};
for (const type of WEBHOOK_ENTITY_TYPES) if (type.endsWith('_allocation')) VIEW_PERMISSION[type] = 'assignments_view';

/** `GET /changes`: the organization's live changes in commit order, from the change recorder. */
@Injectable()
export class ChangesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: ChangesRepository,
    private readonly functionalAccess: FunctionalAccessService,
  ) {}

  /** The answer's JSON text (`ChangesPageDto`). */
  async page(ctx: RequestContext, query: ChangesQueryDto): Promise<string> {
    const after = query.after === undefined ? '0' : decodeCursor(query.after);
    const limit = query.limit ?? CHANGES_DEFAULT_LIMIT;
    const types = await this.visibleTypes(ctx, this.requestedTypes(query.entityTypes));
    const rows = await this.changes.page(ctx.organizationId, after, types, limit + 1);
    const changes = rows.filter((row) => row.commit_seq !== null).slice(0, limit + 1);
    const hasMore = changes.length > limit;
    const page = changes.slice(0, limit);
    // A full page continues after its last change; otherwise everything up to the horizon was seen
    // (changes of other types included), so the next poll starts there.
    const horizon = rows[0]?.horizon ?? '0';
    const end = hasMore ? page[page.length - 1].commit_seq! : BigInt(horizon) > BigInt(after) ? horizon : after;
    const meta: ChangesPageDto['meta'] = { nextCursor: encodeCursor(end), hasMore };
    return `{"data":[${page.map((row) => row.change).join(',')}],"meta":${JSON.stringify(meta)}}`;
  }

  /** The `entityTypes` filter: document 02 types only; omitted or empty means all of them. */
  private requestedTypes(raw: string | undefined): string[] {
    const parts = (raw ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const unknown = parts.filter((part) => !(WEBHOOK_ENTITY_TYPES as readonly string[]).includes(part));
    if (unknown.length) {
      throw DomainError.validation(
        'entityTypes',
        `entityTypes has unknown entity types: ${unknown.join(', ')}; allowed: ${WEBHOOK_ENTITY_TYPES.join(', ')}`,
      );
    }
    return parts.length ? [...new Set(parts)] : [...WEBHOOK_ENTITY_TYPES];
  }

  /**
   * Of the requested types, those whose view permission the key holds. Functional changes also need
   * the caller to read every group: with restricted visibility they are left out for a caller who sees
   * only some groups (docs/decisions.md, "Changes feed and ETags").
   */
  private async visibleTypes(ctx: RequestContext, types: string[]): Promise<string[]> {
    let visible = types.filter((type) => {
      const permission = VIEW_PERMISSION[type];
      return permission !== undefined && ctx.permissions.has(permission);
    });
    if (
      visible.some((type) => FUNCTIONAL_TYPES.has(type)) &&
      !(await this.functionalAccess.readsEveryGroup(ctx, this.dataSource.manager))
    ) {
      visible = visible.filter((type) => !FUNCTIONAL_TYPES.has(type));
    }
    return visible;
  }
}
