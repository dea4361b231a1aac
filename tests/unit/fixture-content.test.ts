import { describe, expect, it } from 'vitest';
import { SiteContentSchema } from '../../src/schemas/site-content.ts';
import { FIXTURE_COMPANY_NAMES, loadFixtureContent } from '../support/fixture-content.ts';

describe('loadFixtureContent', () => {
  it('should hold the minimal and the rich company at least', () => {
    expect(FIXTURE_COMPANY_NAMES).toEqual(expect.arrayContaining(['minimal', 'rich']));
  });

  it.each(FIXTURE_COMPANY_NAMES)('should read %s through the content reader', async (name) => {
    const content = await loadFixtureContent(name);
    expect(SiteContentSchema.parse(content)).toEqual(content);
  });

  it('should keep the minimal company to the fewest facts the reader accepts', async () => {
    const { company, product, callsToAction, agents, copy } = await loadFixtureContent('minimal');
    expect(copy).toHaveLength(1);
    expect(callsToAction).toHaveLength(1);
    expect(callsToAction[0]?.priority).toBe(2);
    expect([company.foundingDate, company.headquarters, company.contactUrl]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(company.locale).toBe('en');
    expect(product.features).toEqual([]);
    expect(product.category).toBeUndefined();
    expect(agents.guidance).toEqual([]);
  });

  it('should give the rich company non-ASCII names, many sections and many calls to action', async () => {
    const { company, callsToAction, copy, product } = await loadFixtureContent('rich');
    expect(company.name).toBe('Société Générale de Boulangerie');
    expect(company.alternateName).toBe('株式会社みなと');
    expect(copy.length).toBeGreaterThanOrEqual(8);
    expect(callsToAction.length).toBeGreaterThanOrEqual(10);
    expect(product.features.length).toBeGreaterThanOrEqual(8);
    expect(company.logo).not.toBe('logo.svg');
  });
});
