import { ApiPropertyOptional } from '@nestjs/swagger';

import { IsExternalId, IsOptional, IsText } from '../../common/validation/validators';

/**
 * Document 01 "Nested job role object": at least one of title and externalId. Resolution order:
 * externalId, then title (stamping the externalId on the role found), then a new role by title.
 */
export class NestedJobRoleDto {
  /** Required when the externalId matches nothing: a new role is created with this title. */
  @IsOptional()
  @IsText(200)
  title?: string;

  /** Preferred match key. */
  @IsExternalId()
  @ApiPropertyOptional({ example: 'JR-DATA-ENG' })
  externalId?: string | null;
}
