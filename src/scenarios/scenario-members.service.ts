import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { scenarioFor } from '../access/scenario-access';
import type { RequestContext } from '../common/auth/request-context';
import { DomainError } from '../common/errors/domain-error';
import { list, ListEnvelope, Page } from '../common/http/envelopes';
import { UsersRepository } from '../organizations/users.repository';
import type { ScenarioMemberEntity } from '../organizations/entities/scenario-member.entity';
import { AddScenarioMemberDto, ScenarioMemberDto } from './dto/scenario-member.dto';
import { ScenarioMembersRepository } from './scenario-members.repository';

/**
 * The users a scenario is shared with (`.../scenarios/:scenarioId/members`). Who may read a scenario may list its
 * members; adding, changing and removing them needs the owner or manage_scenarios (the scenario access rule).
 */
@Injectable()
export class ScenarioMembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly members: ScenarioMembersRepository,
  ) {}

  /** Shares the scenario with an active user of the organization, or sets the role of a member. */
  async add(ctx: RequestContext, scenarioId: string, input: AddScenarioMemberDto): Promise<ScenarioMemberDto> {
    const scenario = await scenarioFor(this.dataSource.manager, ctx, scenarioId, 'manage');
    const user = await this.users.find(ctx, input.userId);
    if (!user) throw DomainError.notFound('User', input.userId);
    if (!user.active) throw DomainError.validation('userId', `User ${input.userId} is inactive: only active users can be members`);
    return ScenarioMemberDto.from(await this.members.upsert(ctx, { scenarioId: scenario.id, userId: user.id, role: input.role }));
  }

  async list(ctx: RequestContext, scenarioId: string, page: Page): Promise<ListEnvelope<ScenarioMemberDto>> {
    const scenario = await scenarioFor(this.dataSource.manager, ctx, scenarioId, 'read');
    const [rows, total] = await this.members.ofScenario(ctx, scenario.id, page);
    return list(rows.map(ScenarioMemberDto.from), total, page);
  }

  /** One member of a scenario the acting user may read (404 when the user is no member). */
  async get(ctx: RequestContext, scenarioId: string, userId: string): Promise<ScenarioMemberDto> {
    const scenario = await scenarioFor(this.dataSource.manager, ctx, scenarioId, 'read');
    return ScenarioMemberDto.from(await this.member(ctx, scenario.id, userId));
  }

  /** Stops sharing the scenario with the user (404 when the user is no member). */
  async remove(ctx: RequestContext, scenarioId: string, userId: string): Promise<void> {
    const scenario = await scenarioFor(this.dataSource.manager, ctx, scenarioId, 'manage');
    await this.members.remove(ctx, (await this.member(ctx, scenario.id, userId)).id);
  }

  private async member(ctx: RequestContext, scenarioId: string, userId: string): Promise<ScenarioMemberEntity> {
    const member = await this.members.membership(ctx, scenarioId, userId);
    if (!member) throw DomainError.notFound('Scenario member', userId);
    return member;
  }
}
