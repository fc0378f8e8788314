import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { EXAMPLE_ID } from '../../common/http/examples';
import { timestamps } from '../../common/http/timestamps';
import { SCENARIO_ROLES, type ScenarioMemberEntity, type ScenarioRole } from '../../organizations/entities/scenario-member.entity';

const ROLE_TEXT = 'EDITOR reads the scenario and writes inside it; VIEWER only reads it';

/** Shares a scenario with a user of the organization (for a member already, sets the role). */
export class AddScenarioMemberDto {
  /** An active user of the organization. */
  @ApiProperty({ example: EXAMPLE_ID.user })
  @IsString()
  @MaxLength(25)
  userId: string;

  @ApiProperty({ enum: SCENARIO_ROLES, example: 'VIEWER', description: ROLE_TEXT })
  @IsIn(SCENARIO_ROLES)
  role: ScenarioRole;
}

export class ScenarioMemberDto {
  @ApiProperty({ example: EXAMPLE_ID.user, description: 'The user the scenario is shared with' }) userId: string;
  @ApiProperty({ enum: SCENARIO_ROLES, description: ROLE_TEXT }) role: ScenarioRole;
  createdAt: string;
  updatedAt: string;

  static from(member: ScenarioMemberEntity): ScenarioMemberDto {
    return { userId: member.userId, role: member.role, ...timestamps(member) };
  }
}
