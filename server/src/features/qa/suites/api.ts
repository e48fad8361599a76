/** The api suite: the public JSON API answers in the shapes the contracts document, errors included. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CityDetailSchema,
  CompanyProfileSchema,
  CompanySchema,
  ContentDocumentSchema,
  ContentSummarySchema,
  DirectoryStatisticsSchema,
  IpResponseSchema,
  MajorCitySchema,
  SearchResultsSchema,
  StateDetailSchema,
  StateSummarySchema,
  ZipPlaceSchema,
} from '@moveratlas/contracts';
import { expect, type QaSession } from '../qa-session';

export async function apiSuite(session: QaSession): Promise<void> {
  const { check, getJson, sample } = session;
  const api: Array<[string, z.ZodType, number?]> = [
    ['/api/companies?limit=5', z.array(CompanySchema).min(1)],
    ['/api/companies/featured?limit=5', z.array(CompanySchema)],
    ['/api/states', z.array(StateSummarySchema).length(51)],
    ['/api/cities/major', z.array(MajorCitySchema)],
    ['/api/search?q=chicago', SearchResultsSchema],
    ['/api/statistics/national', DirectoryStatisticsSchema],
    ['/api/geo/places?q=Chicago', z.array(ZipPlaceSchema)],
    ['/api/content/blog', z.array(ContentSummarySchema).min(1)],
    ['/api/ip', IpResponseSchema],
    ['/api/companies?limit=0', ApiErrorSchema, 400],
    ['/api/search', ApiErrorSchema, 400],
    [`/api/no-such-endpoint-${randomUUID().slice(0, 8)}`, ApiErrorSchema, 404],
    ['/api/admin/jobs', ApiErrorSchema, 401],
  ];
  if (sample.company) api.push([`/api/companies/${sample.company.slug}`, CompanyProfileSchema]);
  if (sample.major) {
    api.push([`/api/states/${sample.major.stateSlug}`, StateDetailSchema]);
    api.push([
      `/api/states/${sample.major.stateSlug}/cities/${sample.major.citySlug}`,
      CityDetailSchema,
    ]);
  }
  if (sample.post) api.push([`/api/content/blog/${sample.post.slug}`, ContentDocumentSchema]);
  if (sample.zip) api.push([`/api/geo/zip/${sample.zip}`, ZipPlaceSchema]);
  for (const [path, schema, status = 200] of api) {
    await check('api', `GET ${path} answers ${status} as documented`, path, async () => {
      const { body, response } = await getJson(path, schema, status);
      if (path.startsWith('/api/companies?limit=5'))
        expect(
          /^\d+$/.test(response.headers.get('x-total-count') ?? ''),
          'X-Total-Count is missing',
        );
      return Array.isArray(body)
        ? `${body.length} item(s)`
        : status === 200
          ? 'matches its schema'
          : `{ error: “${(body as { error: string }).error}” }`;
    });
  }
}
