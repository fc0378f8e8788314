import { Column } from 'typeorm';
import { OrganizationRecordEntity } from '../../database/entities/record-keys.base';

/** Reference data charged or delivered to by a short code (cost centres, value streams): a name, a code, an externalId. */
export abstract class CodedReferenceEntity extends OrganizationRecordEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  code: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  externalId: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
