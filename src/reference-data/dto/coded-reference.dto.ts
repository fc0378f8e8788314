import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { timestamps } from '../../common/http/timestamps';
import { IsExternalId, IsNullable, IsOptional, IsText } from '../../common/validation/validators';
import type { CodedReferenceEntity } from '../entities/coded-reference.base';

/** The create body of reference data with a code (cost centres, value streams); each resource names its own subclass. */
export class CreateCodedReferenceDto {
  @IsText(200)
  name: string;

  /** Short reporting code; unique among the organization's records of this kind. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  code?: string | null;

  /** Id in the system of record; unique among the organization's records of this kind; not CUID-shaped. */
  @IsExternalId()
  externalId?: string | null;

  /** Free text; null clears it. */
  @IsOptional()
  @IsNullable()
  @IsString()
  @MaxLength(5000)
  description?: string | null;
}

/** The answer for reference data with a code. */
export class CodedReferenceDto {
  id: string;
  name: string;
  /** Short reporting code; null when none. */
  code: string | null;
  /** Id in the system of record; null when none. */
  externalId: string | null;
  /** Free text; null when none. */
  description: string | null;
  createdAt: string;
  updatedAt: string;

  static from(e: CodedReferenceEntity): CodedReferenceDto {
    return { id: e.id, name: e.name, code: e.code, externalId: e.externalId, description: e.description, ...timestamps(e) };
  }
}
