import { Type } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';

/**
 * A PATCH body: every field of the create body, all optional. Unlike a plain PartialType, `null` is
 * still validated, so a required field cannot be cleared with null (fields the create body declares
 * nullable stay clearable).
 */
export function PatchType<T>(create: Type<T>): Type<Partial<T>> {
  return PartialType(create, { skipNullProperties: false });
}
