import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ContextRequest } from '../access/request-context';
import { DomainError } from '../common/errors/domain-error';

/**
 * Document 02: while the organization's functional-groups module is off, every endpoint answers
 * 403 FEATURE_DISABLED. Runs after the global access guard (so after authentication).
 */
@Injectable()
export class FunctionalFeatureGuard implements CanActivate {
  constructor(private readonly dataSource: DataSource) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ContextRequest>();
    const organizationId = req.ctx?.organizationId;
    if (!organizationId) return true;
    await this.assertEnabled(organizationId);
    return true;
  }

  /** 403 FEATURE_DISABLED unless the organization's functional-groups module is on (also used by the assistant tools). */
  async assertEnabled(organizationId: string): Promise<void> {
    const rows: { enabled: boolean }[] = await this.dataSource.query(`SELECT functional_groups_enabled AS enabled FROM organizations WHERE id = $1`, [organizationId]);
    if (!rows[0]?.enabled) throw new DomainError('FEATURE_DISABLED', 'The functional groups module is off for this organization');
  }
}
