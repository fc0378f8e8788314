import { Injectable } from '@nestjs/common';
import type { ObjectLiteral } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { requirePermissions } from '../common/auth/permissions';
import { DomainError } from '../common/errors/domain-error';
import { IdempotencyRepository, StoredBody } from '../common/http/idempotency.repository';
import { eraseCopies, ErasureRule, ownerExternalIdRule, personalRule, tombstonesOf, valuesOfCopies } from '../crud/personal-fields';
import { PERSON_KEYS } from '../database/person-external-ids';
import { PersonalTable, ResourceCatalog } from '../crud/resources';
import { CustomAttributeValuesRepository } from '../custom-attributes/custom-attribute-values.repository';
import { personalValuesRule, valuePayload } from '../custom-attributes/custom-attribute-values.service';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { IntegrationsRepository } from '../integrations/integrations.repository';
import { actingUserOf, ActingUserRights } from '../organizations/acting-user-rights';
import { ErasedCountsDto, ErasePersonDto, ErasePersonResultDto } from './dto/erase-person.dto';
import { PersonalDataRepository, StoredChange } from './personal-data.repository';

/** Whose data: the kind of person (the entity type of their record) and their id. */
interface Person {
  kind: 'employee' | 'contractor';
  id: string;
}

/** One erase in progress: the person, their tables and rules, what was counted and the externalIds they had. */
interface Erasure {
  tx: Tx;
  person: Person;
  tables: readonly PersonalTable[];
  rules: ErasureRule[];
  counts: ErasedCountsDto;
  externalIds: Set<string>;
  /** The rule of the person's externalId beside their id in payloads of their records. */
  owner: ErasureRule;
}

const WAITING: ReadonlySet<string | null> = new Set(['PENDING', 'DISPATCHING']);

/**
 * `POST /admin/v1/organizations/:orgId/people/erase` (docs/architecture.md, "Personal data"): replaces a
 * person's personal fields by their tombstones everywhere a copy is kept, in one transaction: their rows
 * and the rows holding free text about them in every plan (the fields the resources declare), their
 * personal custom attribute values, the change history of every plan (the changes feed, the webhook
 * outbox, record and functional history), stored idempotent answers and integrations' last errors.
 * Figures are untouched. Each live record erased records one `update` (the acting user's), whose
 * `before` and `after` both carry the tombstones.
 */
@Injectable()
export class ErasePersonUseCase {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly catalog: ResourceCatalog,
    private readonly rights: ActingUserRights,
    private readonly rows: PersonalDataRepository,
    private readonly values: CustomAttributeValuesRepository,
    private readonly answers: IdempotencyRepository,
    private readonly integrations: IntegrationsRepository,
  ) {}

  async execute(ctx: RequestContext, input: ErasePersonDto): Promise<ErasePersonResultDto> {
    const person = personOf(input);
    if (!actingUserOf(ctx)) {
      throw DomainError.validation('X-Acting-User', 'Erasing personal data needs the X-Acting-User header naming the user who erases');
    }
    await this.rights.assertHolds(this.uow.read(ctx), ['manage_personal_data'], 'erase personal data');
    const tables = this.catalog.personalTables().filter((table) => table.person === person.kind);
    // Spec 03 §1.17: the erase rewrites the person's records, so it needs what writing them needs (employees_edit, compensation_edit).
    requirePermissions(
      ctx,
      tables.map((table) => table.edit),
      `to erase the personal data of a ${person.kind}`,
    );
    return this.uow.run(ctx, async (tx) => {
      const counts: ErasedCountsDto = {
        liveRecords: 0,
        scenarioRecords: 0,
        customAttributeValues: 0,
        changes: 0,
        pendingDeliveries: 0,
        idempotentAnswers: 0,
        integrationErrors: 0,
      };
      const owner = ownerExternalIdRule(
        PERSON_KEYS.find((key) => key.entityType === person.kind)!,
        person.id,
      );
      const rules = [...tables.map((t) => personalRule(t, person.id)), owner];
      const erasure: Erasure = { tx, person, tables, counts, externalIds: new Set(), rules, owner };
      await this.eraseRecords(erasure);
      await this.eraseAttributeValues(erasure);
      await this.eraseHistory(erasure);
      await this.eraseAnswers(erasure);
      counts.integrationErrors = await this.integrations.eraseFromErrors(tx.em, ctx.organizationId, [...erasure.externalIds]);
      return { erased: counts };
    });
  }

  /** The rows of every declared table naming the person, in every plan; 404 when the person was never recorded. */
  private async eraseRecords(erasure: Erasure): Promise<void> {
    const { tx, person, tables, counts } = erasure;
    const now = new Date();
    let found = false;
    for (const table of tables) {
      const rows = await this.rows.rowsOf(tx, table, person.id);
      const own = table.via === 'id';
      if (own && rows.length) found = true;
      const values = tombstonesOf(table, person.id);
      for (const row of rows) {
        if (own && typeof row.externalId === 'string') erasure.externalIds.add(row.externalId);
        if (!Object.keys(values).some((field) => row[field] !== values[field])) continue;
        if (row.planId !== tx.ctx.livePlanId) {
          counts.scenarioRecords++;
          continue;
        }
        counts.liveRecords++;
        this.recordErased(erasure, table, row, { ...row, ...values, updatedAt: now });
      }
      await this.rows.eraseRows(tx, table, person.id, values, now);
    }
    const ownTable = tables.find((table) => table.via === 'id')!;
    if (!found && !(await this.rows.hasHistory(tx, ownTable.entityTypes, person.id))) {
      throw DomainError.notFound(person.kind === 'employee' ? 'Employee' : 'Contractor', person.id);
    }
  }

  /** One `update` of a live record: `before` is erased too (a change must not keep a new copy of what is erased). */
  private recordErased(erasure: Erasure, table: PersonalTable, row: ObjectLiteral, erased: ObjectLiteral): void {
    const before = table.payload(row);
    eraseCopies(before, erasure.rules);
    erasure.tx.record({
      entityType: table.entityTypeOf(row),
      entityId: row.id as string,
      changeType: 'update',
      before,
      after: table.payload(erased),
      // Every plan is erased alike: a scenario that changed the record still merges.
      organizationLevel: true,
    });
  }

  /**
   * Deletes the person's values of personal attributes in every plan (a live one records its delete, the
   * value erased), and adds the rule for their copies: values of personal definitions, and of definitions
   * deleted since (whether those were personal can no longer be told).
   */
  private async eraseAttributeValues(erasure: Erasure): Promise<void> {
    const { tx, person } = erasure;
    const type = person.kind.toUpperCase();
    const definitions = await this.values.definitionsOf(tx, type);
    const personal = new Set(definitions.filter((d) => d.personal).map((d) => d.id));
    const known = new Set(definitions.map((d) => d.id));
    const rule = personalValuesRule(person.id, (id) => personal.has(id) || !known.has(id));
    erasure.rules.push(rule);
    if (!personal.size) return;
    const deleted = await this.values.deleteInEveryPlan(tx, type, person.id, [...personal]);
    erasure.counts.customAttributeValues = deleted.length;
    for (const { planId, value } of deleted) {
      if (planId !== tx.ctx.livePlanId) continue;
      const before = valuePayload(value);
      eraseCopies(before, [rule]);
      tx.record({
        entityType: 'custom_attribute_value',
        entityId: value.id,
        changeType: 'delete',
        before,
        after: null,
        organizationLevel: true,
      });
    }
  }

  /** Every change of every plan holding a copy: its `before` and `after` erased in place. */
  private async eraseHistory(erasure: Erasure): Promise<void> {
    const { tx, person, counts } = erasure;
    const ownRule = erasure.rules[erasure.tables.findIndex((table) => table.via === 'id')];
    const rewritten: StoredChange[] = [];
    for (const change of await this.rows.changesHolding(tx, person.id)) {
      valuesOfCopies(change.before, ownRule, 'externalId', erasure.externalIds);
      valuesOfCopies(change.after, ownRule, 'externalId', erasure.externalIds);
      for (const payload of [change.before, change.after]) {
        valuesOfCopies(payload, erasure.owner, `${person.kind}ExternalId`, erasure.externalIds);
      }
      const before = eraseCopies(change.before, erasure.rules);
      const after = eraseCopies(change.after, erasure.rules);
      if (!before && !after) continue;
      rewritten.push(change);
      if (WAITING.has(change.dispatch_status)) counts.pendingDeliveries++;
    }
    await this.rows.rewriteChanges(tx, rewritten);
    counts.changes = rewritten.length;
  }

  /**
   * Stored idempotent answers holding the person's id or one of their externalIds: the same rules, and a
   * bulk result naming one of their externalIds without another record's id (an item that failed) loses it.
   */
  private async eraseAnswers(erasure: Erasure): Promise<void> {
    const { tx, person, externalIds } = erasure;
    const rules: ErasureRule[] = [
      ...erasure.rules,
      {
        fields: { externalId: null },
        matches: (object) =>
          typeof object.externalId === 'string' && externalIds.has(object.externalId) && (object.id ?? person.id) === person.id,
      },
    ];
    const rewritten: StoredBody[] = [];
    for (const answer of await this.answers.answersHolding(tx.em, tx.ctx.organizationId, [person.id, ...externalIds])) {
      const body = parsedJson(answer.response_body);
      if (body !== undefined && eraseCopies(body, rules)) rewritten.push({ ...answer, response_body: JSON.stringify(body) });
    }
    await this.answers.rewriteAnswers(tx.em, tx.ctx.organizationId, rewritten);
    erasure.counts.idempotentAnswers = rewritten.length;
  }
}

/** The person of the body: exactly one of employeeId and contractorId (400 otherwise). */
function personOf(input: ErasePersonDto): Person {
  if (input.employeeId !== undefined && input.contractorId !== undefined) {
    throw DomainError.validation('contractorId', 'Send employeeId or contractorId, not both');
  }
  if (input.employeeId !== undefined) return { kind: 'employee', id: input.employeeId };
  if (input.contractorId !== undefined) return { kind: 'contractor', id: input.contractorId };
  throw DomainError.validation('employeeId', 'employeeId or contractorId is required');
}

/** A stored answer's JSON body, or undefined when it is not JSON (nothing structured to erase in it). */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
