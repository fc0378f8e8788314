import { Injectable } from '@nestjs/common';
import { API_PERMISSIONS } from '../common/auth/permissions';
import { applicationContext } from '../common/auth/request-context';
import { ApiKeysService } from '../access/api-keys.service';
import { UnitOfWork } from '../database/unit-of-work';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersService } from '../organizations/users.service';

export interface FirstOrganizationInput {
  org: string;
  user: string;
  name?: string;
  currency?: string;
}

export interface FirstOrganization {
  organizationId: string;
  userId: string;
  keyId: string;
  apiKey: string;
}

/**
 * `npm run setup`: an organization, its first user (every permission) and an API key with every API
 * permission, written in one transaction; the key is returned once (only its hash is kept).
 */
@Injectable()
export class FirstOrganizationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: OrganizationsRepository,
    private readonly organizations: OrganizationsService,
    private readonly users: UsersService,
    private readonly keys: ApiKeysService,
  ) {}

  create(input: FirstOrganizationInput): Promise<FirstOrganization> {
    return this.uow.runUnscoped(async (em) => {
      const org = await this.organizations.create(
        { name: input.org, reportingCurrency: input.currency ?? 'USD', functionalGroupsEnabled: true },
        em,
      );
      const scope = { ctx: applicationContext(org.id, (await this.repository.livePlanId({ organizationId: org.id, em }))!), em };
      const user = await this.users.create(scope, { email: input.user, name: input.name ?? input.user, permissions: ['*'], active: true });
      const key = await this.keys.create(scope, user.id, { name: 'Setup key', permissions: [...API_PERMISSIONS] });
      return { organizationId: org.id, userId: user.id, keyId: key.id, apiKey: key.key };
    });
  }
}

/** `--org "<name>" --user <email> [--name "<user name>"] [--currency USD]`; throws with the usage on anything else. */
export function parseSetupArgs(argv: readonly string[]): FirstOrganizationInput {
  const usage = 'usage: npm run setup -- --org "<organization name>" --user <email> [--name "<user name>"] [--currency USD]';
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (!['--org', '--user', '--name', '--currency'].includes(flag) || value === undefined || value.startsWith('--'))
      throw new Error(usage);
    values[flag.slice(2)] = value;
  }
  if (!values.org?.trim() || !values.user?.includes('@')) throw new Error(usage);
  return { org: values.org.trim(), user: values.user.trim(), name: values.name, currency: values.currency?.toUpperCase() };
}
