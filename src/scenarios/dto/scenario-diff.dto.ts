import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { EXAMPLE_ID } from '../../common/http/examples';
import { PageQueryDto } from '../../common/http/pagination.dto';
import { IsOptional } from '../../common/validation/validators';

export class ScenarioDiffQueryDto extends PageQueryDto {
  /** Only the changes of this entity type (`employee`, `team`, `employee_team_allocation`, `functional_group`, ...); default every type. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(60)
  @Matches(/^[a-z_]+$/, { message: 'entityType must be an entity type such as employee or employee_team_allocation' })
  entityType?: string;
}

/** One record a merge of the scenario would create, update or delete in live data. */
export class ScenarioDiffEntryDto {
  @ApiProperty({ example: 'employee', description: 'The entity type of the record (as webhook events name it)' }) entityType: string;
  @ApiProperty({ example: EXAMPLE_ID.employee, description: "The record's id" }) entityId: string;
  @ApiProperty({ enum: ['create', 'update', 'delete'], example: 'update', description: 'What the merge would do to the live record' })
  change: 'create' | 'update' | 'delete';
  /** Updates only: the names of the fields whose values differ between the scenario and live. */
  @ApiPropertyOptional({ type: [String], example: ['lastName', 'costCentreId'] }) fields?: string[];
  /** The live record now (as webhook events carry it); null for a create. */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: { id: EXAMPLE_ID.employee, lastName: 'Silva' } })
  live: Record<string, unknown> | null;
  /** The scenario's record now; null for a delete. */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: { id: EXAMPLE_ID.employee, lastName: 'Costa' } })
  scenario: Record<string, unknown> | null;
  /** Live changed this record after the scenario was forked: a merge is refused (409) while it is so. */
  @ApiProperty({ example: false }) conflict: boolean;
}
