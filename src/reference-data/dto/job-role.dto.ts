import { IsString, MaxLength } from 'class-validator';
import { ListQueryDto } from '../../common/http/pagination.dto';
import { timestamps } from '../../common/http/timestamps';
import { PatchType } from '../../common/validation/patch-type';
import { IsExternalId, IsNullable, IsOptional, IsText } from '../../common/validation/validators';
import type { JobRoleEntity } from '../entities/job-role.entity';

export class CreateJobRoleDto {
  /** Title of the role; unique in the organization (case-insensitively). */
  @IsText(200)
  title: string;

  /** Id in the system of record; unique among job roles; not CUID-shaped. */
  @IsExternalId()
  externalId?: string | null;

  /** Job family, such as Engineering. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(200)
  family?: string | null;

  /** Level or grade, such as L3 or Senior. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(100)
  level?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

export class UpdateJobRoleDto extends PatchType(CreateJobRoleDto) {}

export class JobRoleQueryDto extends ListQueryDto {}

export class JobRoleDto {
  /** @example cdemorole0000000000000001 */
  id: string;
  /** Job title. */
  title: string;
  /** Id in the system of record; null when none. */
  externalId: string | null;
  /** Job family, such as Engineering; null when none. */
  family: string | null;
  /** Seniority level, such as L4; null when none. */
  level: string | null;
  /** Free text; null when none. */
  description: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: JobRoleEntity): JobRoleDto {
    return {
      id: e.id,
      title: e.title,
      externalId: e.externalId,
      family: e.family,
      level: e.level,
      description: e.description,
      ...timestamps(e),
    };
  }
}
