import { BRAND_LOGO_SVG, renderOpenGraphImage } from '../integrations/brand-images.ts';
import { site } from '../site/built-site.ts';

export const prerender = true;

/** GET /og-image.png: the Open Graph image (logo, name, tagline), drawn at build time. */
export const GET = async () => {
  const png = await renderOpenGraphImage(site.content.company, BRAND_LOGO_SVG);
  return new Response(png.slice().buffer, { headers: { 'Content-Type': 'image/png' } });
};
