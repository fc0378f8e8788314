import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ContextRequest } from '../../common/auth/request-context';
import { DomainError } from '../../common/errors/domain-error';
import { FunctionalAccessRepository } from './functional-access.repository';

/**
 * Document 02: while the organization's functional-groups module is off, every endpoint answers
 * 403 FEATURE_DISABLED. Runs after the global access guard (so after authentication).
 */
@Injectable()
export class FunctionalFeatureGuard implements CanActivate {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rows: FunctionalAccessRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ContextRequest>();
    const organizationId = req.ctx?.organizationId;
    if (!organizationId) return true;
    await this.assertEnabled(organizationId);
    return true;
  }

  /** 403 FEATURE_DISABLED unless the organization's functional-groups module is on (also used by the assistant tools). */
  async assertEnabled(organizationId: string): Promise<void> {
    if (!(await this.rows.functionalGroupsEnabled({ organizationId, em: this.dataSource.manager })))
      throw new DomainError('FEATURE_DISABLED', 'The functional groups module is off for this organization');
  }
}
