import { ApiProperty } from '@nestjs/swagger';

/** `{ data: <record> }` */
export interface DataEnvelope<T> {
  data: T;
}

export interface PageMeta {
  page: number;
  limit: number;
  total: number;
  hasNextPage: boolean;
}

/** `{ data: [...], meta: { page, limit, total, hasNextPage } }` */
export interface ListEnvelope<T> {
  data: T[];
  meta: PageMeta;
}

export class PageMetaDto implements PageMeta {
  @ApiProperty({ description: 'The page returned, from 1', example: 1 }) page: number;
  @ApiProperty({ description: 'Records per page', example: 20 }) limit: number;
  @ApiProperty({ description: 'Records matching the filters, over all pages', example: 57 }) total: number;
  @ApiProperty({ description: 'Whether a page follows this one', example: true }) hasNextPage: boolean;
}

export function one<T>(data: T): DataEnvelope<T> {
  return { data };
}

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

export function pageOf(query: { page?: number; limit?: number }): Page {
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  return { page, limit, offset: (page - 1) * limit };
}

export function list<T>(data: T[], total: number, page: Page): ListEnvelope<T> {
  return { data, meta: { page: page.page, limit: page.limit, total, hasNextPage: page.offset + data.length < total } };
}
