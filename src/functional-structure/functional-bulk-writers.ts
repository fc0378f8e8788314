import { PatchType } from '../common/validation/patch-type';
import type { BulkWriter } from '../crud/bulk-upsert';
import { isCuid } from '../common/ids';
import { RejectUnknownFields } from '../common/validation/validation.pipe';
import type { Tx } from '../database/unit-of-work';
import { FunctionalGroupBodyDto, FunctionalPositionBodyDto } from './dto/functional-structure.dto';
import { FunctionalGroupsService } from './groups/functional-groups.service';
import { FunctionalPositionsService } from './seats/functional-positions.service';

/** §4.1's PATCH semantics for an existing group: only the fields sent change (the rest keep their value). */
@RejectUnknownFields()
export class FunctionalGroupPatchDto extends PatchType(FunctionalGroupBodyDto) {}

/** §4.1's PATCH semantics for an existing position. */
@RejectUnknownFields()
export class FunctionalPositionPatchDto extends PatchType(FunctionalPositionBodyDto) {}

/** The fields an item sent (class-transformer may leave the others as undefined keys). */
function sent<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * A reference to a group in a pulled item may be its id or its externalId (as `GET /functional-groups/:id`
 * accepts either): an external source knows its own keys. Unknown references are left as they are, so
 * that the single write answers its 404.
 */
async function groupRef(groups: FunctionalGroupsService, tx: Tx, ref: string | null | undefined): Promise<string | null | undefined> {
  if (typeof ref !== 'string' || isCuid(ref)) return ref;
  return (await groups.idByExternalId(tx, ref)) ?? ref;
}

/**
 * Functional groups as a bulk-upsert target (PULL hooks, spec 04 §5.3): a new externalId is document 02's
 * group create, an existing one its PUT with the current fields under the ones sent (the parent is not
 * changed by an update, as on PUT: a move is dated and has its own request).
 */
export class FunctionalGroupWriter implements BulkWriter {
  readonly spec = { table: 'functional_groups', planScoped: true };

  constructor(private readonly groups: FunctionalGroupsService) {}

  async createIn(tx: Tx, input: unknown): Promise<{ id: string }> {
    const body = input as FunctionalGroupBodyDto;
    const parentFunctionalGroupId = await groupRef(this.groups, tx, body.parentFunctionalGroupId);
    return { id: await this.groups.createGroupIn(tx, { ...body, parentFunctionalGroupId }) };
  }

  async updateIn(tx: Tx, id: string, input: unknown): Promise<void> {
    const group = await this.groups.findGroup(tx, id);
    const current: FunctionalGroupBodyDto = {
      name: group.name,
      groupType: group.groupType,
      description: group.description,
      externalId: group.externalId,
      startDate: group.startDate,
      endDate: group.endDate,
    };
    await this.groups.replaceGroupIn(tx, id, { ...current, ...sent(input as FunctionalGroupPatchDto) });
  }
}

/** Functional positions as a bulk-upsert target: create, or PUT with the current fields under the ones sent. */
export class FunctionalPositionWriter implements BulkWriter {
  readonly spec = { table: 'functional_positions', planScoped: true };

  constructor(
    private readonly groups: FunctionalGroupsService,
    private readonly positions: FunctionalPositionsService,
  ) {}

  async createIn(tx: Tx, input: unknown): Promise<{ id: string }> {
    const body = input as FunctionalPositionBodyDto;
    const functionalGroupId = (await groupRef(this.groups, tx, body.functionalGroupId)) ?? body.functionalGroupId;
    return { id: await this.positions.createPositionIn(tx, { ...body, functionalGroupId }) };
  }

  async updateIn(tx: Tx, id: string, input: unknown): Promise<void> {
    const position = await this.positions.findPosition(tx, id);
    const patch = sent(input as FunctionalPositionPatchDto);
    if (patch.functionalGroupId !== undefined)
      patch.functionalGroupId = (await groupRef(this.groups, tx, patch.functionalGroupId)) ?? patch.functionalGroupId;
    const current: FunctionalPositionBodyDto = {
      functionalGroupId: position.functionalGroupId,
      name: position.name,
      description: position.description,
      externalId: position.externalId,
      jobRoleId: position.jobRoleId,
      requiredFte: Number(position.requiredFte),
      startDate: position.startDate,
      endDate: position.endDate,
    };
    await this.positions.replacePositionIn(tx, id, { ...current, ...patch });
  }
}
