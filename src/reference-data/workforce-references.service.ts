import type { TxScope } from '../database/unit-of-work';
import { Injectable } from '@nestjs/common';
import { CostCentresService } from './cost-centres.service';
import { LocationsService } from './locations.service';
import { ResourceTypesService } from './resource-types.service';
import type { ResourceDescriptor } from '../crud/resources';
import { applyPlan, fieldPlan } from '../crud/assign';

/**
 * The reference-data pointers every people table (employees, contractors, vacancies) has: its job role,
 * work type, location and cost centre. Deleting one still pointed at is a 409 naming `label`.
 */
export function workforceReferences(label: string): NonNullable<ResourceDescriptor['references']> {
  return [
    { target: 'job_roles', column: 'job_role_id', label, planScoped: true },
    { target: 'resource_types', column: 'work_type_id', label, planScoped: true },
    { target: 'locations', column: 'geography_id', label, planScoped: true },
    { target: 'cost_centres', column: 'cost_centre_id', label, planScoped: true },
  ];
}

/** The reference fields people and vacancies share. */
export interface WorkforceRefs {
  workTypeId?: string | null;
  geographyId?: string | null;
  costCentreId?: string | null;
  defaultCurrencyCode?: string | null;
}

/** The default currency, copied as sent (a location's applies when none is set). */
const CURRENCY = fieldPlan<Pick<WorkforceRefs, 'defaultCurrencyCode'>>()({ copy: ['defaultCurrencyCode'] });

/**
 * Resolves the reference-data fields of people and vacancies (workTypeId -> resource type,
 * geographyId -> location, costCentreId), by id or externalId, 400 on the field when unknown; and
 * the default currency: the location's when none is given.
 */
@Injectable()
export class WorkforceReferencesService {
  constructor(
    private readonly resourceTypes: ResourceTypesService,
    private readonly locations: LocationsService,
    private readonly costCentres: CostCentresService,
  ) {}

  async apply(target: WorkforceRefs, input: WorkforceRefs, scope: TxScope, currencyField?: 'defaultCurrencyCode'): Promise<void> {
    if (input.workTypeId !== undefined)
      target.workTypeId = (await this.resourceTypes.resolveId(scope, input.workTypeId, 'workTypeId')) ?? null;
    if (input.geographyId !== undefined)
      target.geographyId = (await this.locations.resolveId(scope, input.geographyId, 'geographyId')) ?? null;
    if (input.costCentreId !== undefined)
      target.costCentreId = (await this.costCentres.resolveId(scope, input.costCentreId, 'costCentreId')) ?? null;
    if (!currencyField) return;
    applyPlan(target, input, CURRENCY);
    if (!target.defaultCurrencyCode && target.geographyId && (input.geographyId !== undefined || input.defaultCurrencyCode !== undefined)) {
      // Document 01: when geographyId is given and the currency is unset, the location's currency applies.
      const location = await this.locations.find(scope, target.geographyId);
      target.defaultCurrencyCode = location.currencyCode;
    }
  }
}
