import { ApiProperty } from '@nestjs/swagger';
import { PatchType } from '../../common/validation/patch-type';
import { Transform } from 'class-transformer';
import { ArrayUnique, IsArray, IsBoolean, IsEmail, IsIn, MaxLength } from 'class-validator';
import { IsOptional, IsText } from '../../common/validation/validators';
import { USER_PERMISSIONS } from '../../common/auth/permissions';
import type { UserEntity } from '../entities/user.entity';

export class CreateUserDto {
  /** Login e-mail; unique in the organization (matched case-insensitively). */
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail()
  @MaxLength(320)
  email: string;

  @IsText(200)
  name: string;

  /** API permission names and application capabilities; `*` grants every one. */
  @ApiProperty({ type: [String], enum: USER_PERMISSIONS, example: ['employees_view', 'view_costs'] })
  @IsArray()
  @ArrayUnique()
  @IsIn(USER_PERMISSIONS, { each: true })
  permissions: string[];

  /** An inactive user cannot use the application, and keys they created stop working. */
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class UpdateUserDto extends PatchType(CreateUserDto) {}

export class UserDto {
  id: string;
  /** The organization the user belongs to. */
  organizationId: string;
  /** Login e-mail; unique in the organization. */
  email: string;
  name: string;
  /** API permission names and application capabilities; `*` grants every one. */
  permissions: string[];
  /** An inactive user cannot use the application, and keys they created stop working. */
  active: boolean;
  createdAt: string;
  updatedAt: string;

  static from(entity: UserEntity): UserDto {
    return {
      id: entity.id,
      organizationId: entity.organizationId,
      email: entity.email,
      name: entity.name,
      permissions: entity.permissions,
      active: entity.active,
      createdAt: entity.createdAt.toISOString(),
      updatedAt: entity.updatedAt.toISOString(),
    };
  }
}
