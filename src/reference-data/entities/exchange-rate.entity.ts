import { Column, Entity, Index } from 'typeorm';
import { OrganizationRecordEntity } from '../../database/entities/record-keys.base';

/** 1 fromCurrency = rate toCurrency, in force from effectiveDate until the pair's next rate. */
@Entity({ name: 'exchange_rates' })
@Index('uq_exchange_rates_pair_date', ['organizationId', 'fromCurrency', 'toCurrency', 'effectiveDate'], { unique: true })
export class ExchangeRateEntity extends OrganizationRecordEntity {
  @Column({ type: 'char', length: 3 })
  fromCurrency: string;

  @Column({ type: 'char', length: 3 })
  toCurrency: string;

  @Column({ type: 'numeric', precision: 24, scale: 10 })
  rate: string;

  @Column({ type: 'date' })
  effectiveDate: string;
}
