import { Injectable } from '@nestjs/common';
import { EmScope, scopeParts } from '../crud/organization-rows.repository';
import { GenerateSql } from '../common/generate-sql';

/** The rate of one currency pair in force on a day, as stored. */
export interface RateInForceRow {
  from_currency: string;
  to_currency: string;
  rate: string;
  effective_date: string;
}

/** Exchange rates beyond the generic CRUD rows. Reads take the scope first and run on its entity manager (the pool's, or a transaction's). */
@Injectable()
export class ExchangeRatesRepository {
  /** The organization's latest rate of each currency pair effective on or before `day`. */
  @GenerateSql({ params: (s) => [s.tx, s.day] })
  inForce(at: EmScope, day: string): Promise<RateInForceRow[]> {
    const { organizationId, em } = scopeParts(at);
    return em.query(
      `SELECT DISTINCT ON (from_currency, to_currency) from_currency, to_currency, rate, effective_date
         FROM exchange_rates
        WHERE organization_id = $1 AND effective_date <= $2
        ORDER BY from_currency, to_currency, effective_date DESC`,
      [organizationId, day],
    );
  }
}
