import { ApiPropertyOptional } from '@nestjs/swagger';
import { EXAMPLE_ID } from '../../common/http/examples';
import { IsString, MaxLength } from 'class-validator';
import { IncrementalListQueryDto } from '../../common/http/pagination.dto';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsExternalId, IsNullable, IsOptional, IsText, OptionalReference } from '../../common/validation/validators';
import type { CustomAttributeValueDto } from '../../custom-attributes/dto/custom-attribute-value.dto';
import type { TeamEntity } from '../entities/team.entity';

export class CreateTeamDto {
  @IsText(200)
  name: string;

  /** Id in the system of record; unique among teams; not CUID-shaped. */
  @IsExternalId()
  @ApiPropertyOptional({ example: 'TEAM-PAY' })
  externalId?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  @ApiPropertyOptional({ example: 'Runs the payment services and their on-call rota.' })
  description?: string | null;

  /** A cost centre, by id or externalId. */
  @OptionalReference(EXAMPLE_ID.costCentre)
  costCentreId?: string | null;

  /** A value stream, by id or externalId. */
  @OptionalReference(EXAMPLE_ID.valueStream)
  valueStreamId?: string | null;

  /** The parent team, by id or externalId; null = top level. A team cannot sit under itself or its own sub-team. */
  @OptionalReference(EXAMPLE_ID.parentTeam)
  parentTeamId?: string | null;
}

export class UpdateTeamDto extends PatchType(CreateTeamDto) {}

export class TeamQueryDto extends IncrementalListQueryDto {
  /** Only direct sub-teams of this team (id). */
  @IsOptional()
  @IsString()
  parentTeamId?: string;

  /** Only teams of this cost centre (id). */
  @IsOptional()
  @IsString()
  costCentreId?: string;

  /** Only teams of this value stream (id). */
  @IsOptional()
  @IsString()
  valueStreamId?: string;
}

export class TeamDto {
  /** @example cdemoteam0000000000000002 */
  id: string;
  /** @example "Payments Platform" */
  name: string;
  /**
   * Id in the system of record; null when none.
   * @example TEAM-PAY
   */
  externalId: string | null;
  /**
   * Free text; null when none.
   * @example "Runs the payment services and their on-call rota."
   */
  description: string | null;
  /**
   * The team's cost centre; null when none.
   * @example cdemocc000000000000000001
   */
  costCentreId: string | null;
  /**
   * The value stream the team delivers to; null when none.
   * @example cdemovs000000000000000001
   */
  valueStreamId: string | null;
  /**
   * The parent team; null = top level.
   * @example cdemoteam0000000000000001
   */
  parentTeamId: string | null;
  createdAt: string;
  updatedAt: string;
  /** By-id reads only. */
  customAttributes?: CustomAttributeValueDto[];

  static from(e: TeamEntity): TeamDto {
    return {
      id: e.id,
      name: e.name,
      externalId: e.externalId,
      description: e.description,
      costCentreId: e.costCentreId,
      valueStreamId: e.valueStreamId,
      parentTeamId: e.parentTeamId,
      ...timestamps(e),
    };
  }
}
