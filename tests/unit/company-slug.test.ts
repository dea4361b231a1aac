import { describe, expect, it } from 'vitest';
import { buildAgentSkills } from '../../src/documents/agent-skills.ts';
import { buildCompanySlug } from '../../src/site-content/company-slug.ts';
import { SkillNameSchema } from '../../src/schemas/agent-skills-index.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { FIXTURE_COMPANY_NAMES, loadFixtureContent } from '../support/fixture-content.ts';

const company = (alternateName: string, name = alternateName, website = 'https://a.example') => ({
  alternateName,
  name,
  website,
});

describe('buildCompanySlug', () => {
  it('should fold the short name to lowercase ASCII with single hyphens', () => {
    expect(buildCompanySlug(company('Oxbow Metrics'))).toBe('oxbow-metrics');
    expect(buildCompanySlug(company('Société  Générale -- Boulangerie'))).toBe(
      'societe-generale-boulangerie',
    );
  });

  it('should write the Latin letters that have no accent to drop as the letters they stand for', () => {
    // Before, `ı`, `ł` and `ø` were dropped with the characters that are no letter: il-ca-gunes.
    expect(buildCompanySlug(company('Ilıca Güneş'))).toBe('ilica-gunes');
    expect(buildCompanySlug(company('Łódź Ørsted Straße Æther'))).toBe(
      'lodz-orsted-strasse-aether',
    );
    expect(buildCompanySlug(company('İZMİR ĐÀ NẴNG'))).toBe('izmir-da-nang');
  });

  it('should fall back to the full name, then to the website host, when a name has no ASCII letter', () => {
    expect(buildCompanySlug(company('株式会社みなと', 'Crème & Co'))).toBe('creme-co');
    expect(
      buildCompanySlug(company('株式会社みなと', 'みなと', 'https://www.minato-pan.example/ja')),
    ).toBe('minato-pan');
    expect(buildCompanySlug(company('みなと', 'みなと', 'http://[::1]:4321'))).toBe('1');
    expect(buildCompanySlug(company('みなと', 'みなと', 'http://[::]'))).toBe('site');
  });

  it('should keep a long name short enough for the longest skill name', () => {
    const prefix = buildCompanySlug(company('a'.repeat(39) + ' ' + 'b'.repeat(30)));
    expect(prefix).toBe('a'.repeat(39));
    expect(SkillNameSchema.safeParse(`${prefix}-anonymous-oauth`).success).toBe(true);
  });
});

describe('buildAgentSkills', () => {
  it.each(FIXTURE_COMPANY_NAMES)(
    'should name the skills of %s as the specification allows',
    async (name) => {
      const content = await loadFixtureContent(name);
      const skills = buildAgentSkills(content, buildServiceUrls('https://facts.example'), []);
      expect(skills.length).toBeGreaterThan(0);
      for (const skill of skills) {
        expect(SkillNameSchema.safeParse(skill.name).error).toBeUndefined();
        expect(skill.path).toBe(`/.well-known/agent-skills/${skill.name}/SKILL.md`);
      }
    },
  );
});
