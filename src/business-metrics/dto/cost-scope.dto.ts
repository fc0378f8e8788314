import { EXAMPLE_ID } from '../../common/http/examples';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, ValidateIf } from 'class-validator';
import { IsIdOrExternalId } from '../../common/validation/validators';
import { COST_SCOPE_TYPES, type CostScopeType } from '../entities/business-metric.entity';

/**
 * Whose people cost a metric's cost per unit uses (spec 04 §3): `{ type: 'ORGANIZATION' }` (every
 * employee and contractor) or `{ type: 'COST_CENTRE' | 'TEAM', id }`.
 */
export class CostScopeDto {
  /** ORGANIZATION (every employee and contractor), COST_CENTRE or TEAM. */
  @ApiProperty({ enum: COST_SCOPE_TYPES, example: 'TEAM' })
  @IsIn(COST_SCOPE_TYPES, { message: `type must be one of ${COST_SCOPE_TYPES.join(', ')}` })
  type: CostScopeType;

  /** The cost centre's or team's id (or externalId on writes); absent for ORGANIZATION. */
  @ApiPropertyOptional({ type: String, example: EXAMPLE_ID.team })
  @ValidateIf((scope: CostScopeDto) => scope.type !== 'ORGANIZATION' || (scope.id !== undefined && scope.id !== null))
  @IsIdOrExternalId({ message: 'id must be the id or externalId of a cost centre (COST_CENTRE) or team (TEAM)' })
  id?: string;

  static of(type: CostScopeType, id: string | null): CostScopeDto {
    return type === 'ORGANIZATION' || id === null ? { type } : { type, id };
  }
}
