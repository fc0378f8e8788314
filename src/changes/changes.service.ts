import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { ResourceCatalog } from '../crud/resources';
import { FunctionalAccessService } from '../functional-structure/access/functional-access.service';
import { WEBHOOK_ENTITY_TYPES } from '../webhooks/webhook-event';
import { beyondTheLastChange, decodeCursor, encodeCursor } from './change-cursor';
import { ChangesRepository } from './changes.repository';
import type { ChangesPageDto, ChangesQueryDto } from './dto/change.dto';
import { UnitOfWork } from '../database/unit-of-work';

export const CHANGES_DEFAULT_LIMIT = 100;

/** `GET /changes`: the organization's live changes in commit order, from the change recorder. */
@Injectable()
export class ChangesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly changes: ChangesRepository,
    private readonly functionalAccess: FunctionalAccessService,
    private readonly resources: ResourceCatalog,
  ) {}

  /** The answer's JSON text (`ChangesPageDto`). */
  async page(ctx: RequestContext, query: ChangesQueryDto): Promise<string> {
    const org = ctx.organizationId;
    const given = query.after === undefined ? '0' : decodeCursor(query.after, org);
    const limit = query.limit ?? CHANGES_DEFAULT_LIMIT;
    const types = await this.visibleTypes(ctx, this.requestedTypes(query.entityTypes));
    const rows = await this.changes.page(org, given, types, limit + 1);
    // A position beyond the organization's last change was never issued: a client must not wait on it.
    if (BigInt(given) > BigInt(rows[0]?.horizon ?? '0')) throw beyondTheLastChange();
    // Without a cursor the feed starts at the oldest retained change; a cursor before it missed purged changes.
    const purged = rows[0]?.purged ?? '0';
    if (query.after !== undefined && BigInt(given) < BigInt(purged)) throw goneBefore(purged, org);
    const after = BigInt(given) < BigInt(purged) ? String(purged) : given;
    const changes = rows.filter((row) => row.commit_seq !== null).slice(0, limit + 1);
    const hasMore = changes.length > limit;
    const page = changes.slice(0, limit);
    // A full page continues after its last change; otherwise everything up to the horizon was seen
    // (changes of other types included), so the next poll starts there.
    const horizon = rows[0]?.horizon ?? '0';
    const end = hasMore ? page[page.length - 1].commit_seq! : BigInt(horizon) > BigInt(after) ? horizon : after;
    const meta: ChangesPageDto['meta'] = { nextCursor: encodeCursor(end, org), hasMore };
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
      const permission = this.resources.viewPermissionOf(type);
      return permission !== undefined && ctx.permissions.has(permission);
    });
    // The functional records' types: those their descriptors show to holders of the functional view permission.
    const functional = new Set(this.resources.entityTypesViewedWith('functional_groups_view'));
    if (visible.some((type) => functional.has(type)) && !(await this.functionalAccess.readsEveryGroup(this.uow.read(ctx)))) {
      visible = visible.filter((type) => !functional.has(type));
    }
    return visible;
  }
}

/** 410: the changes after the cursor up to the purge were removed by the organization's retention. */
function goneBefore(purged: string, organizationId: string): DomainError {
  const oldest = encodeCursor(purged, organizationId);
  return new DomainError(
    'GONE',
    `Changes this old are no longer retained (the organization's changeRetentionDays); read from the oldest retained cursor ${oldest}, or resync`,
    [{ field: 'after', message: 'after is older than the oldest retained change; value is the cursor to read from', value: oldest }],
  );
}
