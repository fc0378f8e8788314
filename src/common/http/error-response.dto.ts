import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class FieldErrorDto {
  /** Dot path of the offending field, such as `salary.currencyCode` or `readings.3.periodEnd`. */
  @ApiProperty({ example: 'salary.currencyCode' }) field: string;
  /** What is wrong with the field. */
  @ApiProperty({ example: 'salary.currencyCode must be an ISO 4217 currency code of 3 uppercase letters' }) message: string;
  /** The value to send in the field instead, where the error names one (410 GONE: the oldest retained cursor). */
  @ApiPropertyOptional({ example: 'MTI0' }) value?: string;
}

export class ErrorDto {
  /** Machine-readable error code; each code belongs to one HTTP status. */
  @ApiProperty({ example: 'VALIDATION_ERROR' }) code: string;
  /** Human-readable explanation. */
  @ApiProperty() message: string;
  /** One entry per invalid field (validation errors), or the value to use instead (410 GONE). */
  @ApiPropertyOptional({ type: [FieldErrorDto] }) details?: FieldErrorDto[];
  /** Present on 400, 403, 404 and 500 answers (not on functional-structure routes); quote it to support. */
  @ApiPropertyOptional({ format: 'uuid' }) errorId?: string;
}

/** `{ error: { code, message, details?, errorId? } }` */
export class ErrorResponseDto {
  @ApiProperty({ type: ErrorDto }) error: ErrorDto;
}

/** The 429 body of document 01 "Limits". */
export class RateLimitResponseDto {
  /** Always `too_many_requests`. */
  @ApiProperty({ example: 'too_many_requests' }) error: string;
  /** Human-readable explanation with the seconds to wait. */
  @ApiProperty({ example: 'Rate limit exceeded; retry after 12 seconds' }) error_description: string;
}
