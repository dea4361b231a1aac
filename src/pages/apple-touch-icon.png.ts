import { BRAND_LOGO_SVG, renderTouchIcon } from '../integrations/brand-images.ts';

export const prerender = true;

/** GET /apple-touch-icon.png: the logo centred in a 180x180 PNG, for what does not take an SVG icon. */
export const GET = () =>
  new Response(renderTouchIcon(BRAND_LOGO_SVG).slice().buffer, {
    headers: { 'Content-Type': 'image/png' },
  });
