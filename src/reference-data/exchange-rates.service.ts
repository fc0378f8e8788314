import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import type { RequestContext } from '../common/auth/request-context';
import { CrudService } from '../crud/crud.service';
import { RowScope, scopeParts } from '../crud/organization-rows.repository';
import { applyPlan, fieldPlan } from '../crud/assign';
import { todayUtc } from '../common/dates';
import { DomainError } from '../common/errors/domain-error';
import type { ListQueryDto } from '../common/http/pagination.dto';
import { UnitOfWork } from '../database/unit-of-work';
import { ConversionDto, CreateExchangeRateDto, ExchangeRateDto, UpdateExchangeRateDto } from './dto/exchange-rate.dto';
import { ExchangeRatesRepository } from './exchange-rates.repository';
import { ExchangeRateEntity } from './entities/exchange-rate.entity';
import { ResourceDescriptor, Resources } from '../crud/resources';

/** Where each field of a body goes: a field added to the DTO does not compile until it is placed. */
const FIELDS = fieldPlan<UpdateExchangeRateDto>()({ copy: ['fromCurrency', 'toCurrency', 'effectiveDate'], numeric: ['rate'] });

export interface RateInForce {
  rate: number;
  source: 'direct' | 'inverse' | 'identity';
  effectiveDate: string | null;
}

/**
 * The rates of one organization in force on one day. Conversion uses the rate of the pair, else
 * 1 / the rate of the reverse pair, else nothing (null); one currency converts to itself at 1.
 */
export class CurrencyConverter {
  constructor(
    readonly day: string,
    private readonly rates: ReadonlyMap<string, { rate: number; effectiveDate: string }>,
  ) {}

  rate(from: string, to: string): RateInForce | null {
    if (from === to) return { rate: 1, source: 'identity', effectiveDate: null };
    const direct = this.rates.get(`${from}:${to}`);
    if (direct) return { rate: direct.rate, source: 'direct', effectiveDate: direct.effectiveDate };
    const inverse = this.rates.get(`${to}:${from}`);
    if (inverse) return { rate: 1 / inverse.rate, source: 'inverse', effectiveDate: inverse.effectiveDate };
    return null;
  }

  /** Every currency some rate of this day names. */
  currencies(): string[] {
    const out = new Set<string>();
    for (const pair of this.rates.keys()) for (const code of pair.split(':')) out.add(code);
    return [...out];
  }

  convert(amount: number, from: string, to: string): number | null {
    const found = this.rate(from, to);
    return found ? amount * found.rate : null;
  }
}

const EXCHANGE_RATES: ResourceDescriptor = {
  table: 'exchange_rates',
  constraints: {
    uq_exchange_rates_pair_date: {
      code: 'VALIDATION_ERROR',
      field: 'effectiveDate',
      message: 'the organization already has a rate for this currency pair on this effectiveDate',
    },
  },
};

@Resources(EXCHANGE_RATES)
@Injectable()
export class ExchangeRatesService extends CrudService<ExchangeRateEntity, ExchangeRateDto, CreateExchangeRateDto, UpdateExchangeRateDto> {
  /** The sortBy allow-list (API field -> entity property); the list's OpenAPI enum is read from it. */
  static readonly sort = {
    effectiveDate: 'effectiveDate',
    fromCurrency: 'fromCurrency',
    toCurrency: 'toCurrency',
    createdAt: 'createdAt',
  } as const;
  static readonly defaultSort = 'effectiveDate';

  constructor(
    uow: UnitOfWork,
    dataSource: DataSource,
    private readonly ratesRepository: ExchangeRatesRepository,
  ) {
    super(uow, dataSource, {
      entity: ExchangeRateEntity,
      table: 'exchange_rates',
      label: 'Exchange rate',
      entityType: 'exchange_rate',
      planScoped: false,
      externalId: false,
      search: ['fromCurrency', 'toCurrency'],
      toResponse: ExchangeRateDto.from,
      toPayload: ExchangeRateDto.payload,
    });
  }

  protected override async apply(entity: ExchangeRateEntity, input: UpdateExchangeRateDto): Promise<void> {
    applyPlan(entity, input, FIELDS);
    if (entity.fromCurrency === entity.toCurrency) throw DomainError.validation('toCurrency', 'toCurrency must differ from fromCurrency');
  }

  protected override filter(qb: SelectQueryBuilder<ExchangeRateEntity>, query: ListQueryDto & Record<string, unknown>): void {
    if (query.fromCurrency) qb.andWhere('r.fromCurrency = :from', { from: query.fromCurrency });
    if (query.toCurrency) qb.andWhere('r.toCurrency = :to', { to: query.toCurrency });
  }

  /** Every rate of the organization in force on `day` (default today, UTC: "the current rate"). */
  async converterOn(at: RowScope, day: string = todayUtc()): Promise<CurrencyConverter> {
    const { organizationId, em = this.dataSource.manager } = scopeParts(at);
    const rows = await this.ratesRepository.inForce({ organizationId, em }, day);
    const rates = new Map(
      rows.map((r) => [`${r.from_currency}:${r.to_currency}`, { rate: Number(r.rate), effectiveDate: r.effective_date }]),
    );
    return new CurrencyConverter(day, rates);
  }

  async convert(ctx: RequestContext, from: string, to: string, amount = 1, day = todayUtc()): Promise<ConversionDto> {
    const converter = await this.converterOn(ctx, day);
    const found = converter.rate(from, to);
    if (!found) throw DomainError.notFound(`Exchange rate from ${from} to ${to} in force on ${day}`);
    return {
      from,
      to,
      date: day,
      rate: found.rate,
      amount,
      converted: amount * found.rate,
      source: found.source,
      effectiveDate: found.effectiveDate,
    };
  }
}
