import { BRAND_LOGO_SVG } from '../integrations/brand-images.ts';

export const prerender = true;

/** GET /favicon.svg: the company's logo from content/, checked by the build. */
export const GET = () =>
  new Response(BRAND_LOGO_SVG, { headers: { 'Content-Type': 'image/svg+xml' } });
