import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMinSize, ArrayUnique, IsArray, IsDateString, IsIn } from 'class-validator';
import { IsNullable, IsOptional, IsText } from '../../common/validation/validators';
import { API_PERMISSIONS } from '../../common/auth/permissions';
import type { ApiKeyEntity } from '../entities/api-key.entity';

export class CreateApiKeyDto {
  @IsText(200)
  name: string;

  /** At least one API permission; the key acts with these, narrowed to what its creator holds. */
  @ApiProperty({ type: [String], enum: API_PERMISSIONS, example: ['employees_view'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(API_PERMISSIONS, { each: true })
  permissions: string[];

  /** ISO 8601 datetime after which the key stops working. */
  @ApiPropertyOptional({ format: 'date-time', nullable: true })
  @IsOptional()
  @IsNullable()
  @IsDateString({ strict: true })
  expiresAt?: string | null;
}

export class ApiKeyDto {
  id: string;
  name: string;
  /** The visible start of the key, to recognise it. */
  prefix: string;
  /** The permissions given to the key; it acts with these, narrowed to what its creator holds. */
  permissions: string[];
  /** The user who created the key. */
  userId: string;
  /** When the key stops working; null = never. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt: string | null;
  /** When the key was revoked; null = not revoked. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;
  createdAt: string;

  static from(entity: ApiKeyEntity): ApiKeyDto {
    return {
      id: entity.id,
      name: entity.name,
      prefix: entity.prefix,
      permissions: entity.permissions,
      userId: entity.userId,
      expiresAt: entity.expiresAt?.toISOString() ?? null,
      revokedAt: entity.revokedAt?.toISOString() ?? null,
      createdAt: entity.createdAt.toISOString(),
    };
  }
}

export class CreatedApiKeyDto extends ApiKeyDto {
  /** The key itself: shown only in this response. */
  key: string;
}
