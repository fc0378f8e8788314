import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EXAMPLE_ID } from '../../common/http/examples';
import { RejectUnknownFields } from '../../common/validation/validation.pipe';
import { IsCuid, IsOptional } from '../../common/validation/validators';

/** The person whose personal data is erased: one employee or one contractor, by id. */
@RejectUnknownFields()
export class ErasePersonDto {
  /** The employee, by id (not externalId). Send this or contractorId. */
  @IsOptional()
  @IsCuid()
  @ApiPropertyOptional({ example: EXAMPLE_ID.erasableEmployee })
  employeeId?: string;

  /** The contractor, by id (not externalId). Send this or employeeId. */
  @IsOptional()
  @IsCuid()
  @ApiPropertyOptional({ example: EXAMPLE_ID.erasableContractor })
  contractorId?: string;
}

/** How many copies of the person's personal data were erased, per place. */
export class ErasedCountsDto {
  /** Records of live data rewritten: the person's own record and records holding free text about them (salary reasons). */
  @ApiProperty({ example: 2 }) liveRecords: number;
  /** The same records in scenarios. */
  @ApiProperty({ example: 2 }) scenarioRecords: number;
  /** Values of personal custom attributes deleted, in every plan. */
  @ApiProperty({ example: 1 }) customAttributeValues: number;
  /** Entries of the change history rewritten (every plan: the changes feed, record and functional history, scenarios). */
  @ApiProperty({ example: 7 }) changes: number;
  /** Of those, live changes still waiting for the webhook dispatcher: they will be sent erased. */
  @ApiProperty({ example: 0 }) pendingDeliveries: number;
  /** Stored answers of idempotent requests rewritten. */
  @ApiProperty({ example: 1 }) idempotentAnswers: number;
  /** Integrations whose last error named the person's externalId. */
  @ApiProperty({ example: 0 }) integrationErrors: number;
}

export class ErasePersonResultDto {
  /** Copies erased per place; all zero when nothing was left to erase (erasing again). */
  @ApiProperty({ type: ErasedCountsDto }) erased: ErasedCountsDto;
}
