import type { SiteContent } from '../schemas/site-content.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { API_VERSION } from '../service/versions.ts';

/**
 * The schema.org graph every page embeds as JSON-LD: the company (Organization), this site
 * (WebSite) and its API (WebAPI), each with an @id so they refer to one another.
 * @see https://schema.org/Organization
 * @see https://schema.org/WebAPI
 */
export function buildStructuredData(content: SiteContent, urls: ServiceUrls) {
  const { company } = content;
  const organizationId = `${urls.origin}/#organization`;
  const organization = {
    '@type': 'Organization',
    '@id': organizationId,
    name: company.name,
    alternateName: company.alternateName,
    url: company.website,
    description: company.description,
    slogan: company.tagline,
    ...(company.foundingDate ? { foundingDate: company.foundingDate } : {}),
    ...(company.headquarters ? { location: { '@type': 'Place', name: company.headquarters } } : {}),
    ...(company.contactUrl
      ? { contactPoint: { '@type': 'ContactPoint', contactType: 'sales', url: company.contactUrl } }
      : {}),
  };
  const webSite = {
    '@type': 'WebSite',
    '@id': `${urls.origin}/#website`,
    name: `${company.alternateName} developer portal`,
    url: urls.home,
    description: content.pages.home.description,
    inLanguage: company.locale,
    publisher: { '@id': organizationId },
  };
  const webApi = {
    '@type': 'WebAPI',
    '@id': `${urls.origin}/#api`,
    name: `${company.alternateName} public marketing facts API`,
    description: `Read-only public marketing facts about ${company.name} over REST and MCP.`,
    url: urls.restBase,
    documentation: urls.docs,
    version: API_VERSION,
    provider: { '@id': organizationId },
    isAccessibleForFree: true,
    potentialAction: {
      '@type': 'ConsumeAction',
      target: [
        { '@type': 'EntryPoint', urlTemplate: urls.overview, contentType: 'application/json' },
        { '@type': 'EntryPoint', urlTemplate: urls.mcp, contentType: 'application/json' },
      ],
    },
  };
  return { '@context': 'https://schema.org', '@graph': [organization, webSite, webApi] };
}

/**
 * Serializes JSON for a `<script type="application/ld+json">` element: `<` is escaped so no
 * string in the content can close the element (HTML §4.12.1.3 restrictions for contents).
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
